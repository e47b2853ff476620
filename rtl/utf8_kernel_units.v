// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * The kernel's unit stage: sits between the wide decoder and the write path,
 * counts what a job's units come to and cuts the stream at the destination's
 * capacity (SPEC §9).
 *
 * Each unit's output size is known here and nowhere later: its own length for
 * SANITIZE (3 for an error unit, whose U+FFFD is EF BF BD), 4 for
 * DECODE_UTF32, 0 for VALIDATE. A beat whose units all fit in what is left of
 * CAP passes whole; otherwise the units up to the first that does not fit
 * pass, the beat gets tlast (it may keep no unit: an empty end beat), OUT_FULL
 * is set and everything after is dropped. Only units that pass are counted:
 * input bytes (their lengths), output bytes, units, UTF-16 code units, error
 * units per class, and the first error unit's class and offset within the
 * job's packet.
 *
 * The stream's end is the decoder's last beat, or `finish` (the job sent the
 * decoder no packet), or `halt` (a bus error): those two send an empty end
 * beat. `ended` rises once the end beat has been handed on; the stage then
 * drops whatever still comes until the kernel resets it.
 *
 * Latency: two clocks (input register, output register).
 */
module utf8_kernel_units #(
    // units per beat: 8, 16, 32 or 64
    parameter W = 64
) (
    input  wire               clk,
    input  wire               rst,

    // A job: op and capacity taken in the clock of start
    input  wire               start,
    input  wire [1:0]         op,
    input  wire [63:0]        cap,
    input  wire               finish,   // no packet comes: end now
    input  wire               halt,     // end now and drop the rest

    // Units from utf8_wide_decoder
    input  wire [32*W-1:0]    s_axis_tdata,
    input  wire [W-1:0]       s_axis_tkeep,
    input  wire [6*W-1:0]     s_axis_tuser,
    input  wire               s_axis_tvalid,
    output wire               s_axis_tready,
    input  wire               s_axis_tlast,

    // Units to the write path; the end beat may keep none
    output reg  [32*W-1:0]    m_axis_tdata,
    output reg  [W-1:0]       m_axis_tkeep,
    output reg  [6*W-1:0]     m_axis_tuser,
    output reg                m_axis_tvalid,
    input  wire               m_axis_tready,
    output reg                m_axis_tlast,

    // The job's figures so far; final once `ended`
    output wire               ended,
    output reg                out_full,
    output reg  [63:0]        in_bytes,
    output reg  [63:0]        out_bytes,
    output reg  [63:0]        units,
    output reg  [63:0]        utf16_units,
    output reg  [6*32-1:0]    class_count,
    output reg                err_found,
    output reg  [2:0]         err_class,
    output reg  [63:0]        err_pos
);

`include "utf8_class_codes.vh"

localparam [1:0] OP_SANITIZE = 2'd1, OP_DECODE = 2'd2;
localparam SW = $clog2(6 * W + 1);   // a beat's byte sum
localparam CW = $clog2(W + 1);       // a beat's unit count

generate
    if (W < 8 || W > 64 || (W & (W - 1)) != 0) begin : g_check_w
        error_W_must_be_8_16_32_or_64 stop ();
    end
endgenerate

reg            in_valid_q;
reg [32*W-1:0] in_data_q;
reg [W-1:0]    in_keep_q;
reg [6*W-1:0]  in_user_q;
reg            in_last_q;
reg [1:0]      op_q;
reg [63:0]     room_q;        // CAP less the output bytes passed
reg            end_q;         // the end beat has been made
reg            finish_q;      // finish came: an empty end beat is due
reg            halt_q;        // halt came: the beat held is dropped, an empty end beat is due

// What is left of CAP, clamped to what a beat can use, so the per-lane
// comparisons are narrow.
wire [SW:0] room_n = (room_q > {{(64-SW){1'b0}}, {SW{1'b1}}}) ? {1'b0, {SW{1'b1}}} : {1'b0, room_q[SW-1:0]};

// Per lane: the unit's size out, and whether it fits with the ones before it
reg [SW-1:0]   size_sum;
reg [W-1:0]    fits;
reg [W-1:0]    is_err, is_big;
reg [SW-1:0]   len_sum, out_sum, err_before;
reg [CW-1:0]   unit_sum, big_sum;
reg [CW-1:0]   cls_sum [1:6];
reg [W-1:0]    pass_keep;
reg            err_seen;
reg [2:0]      first_cls;
integer g, c;
always @* begin
    size_sum   = {SW{1'b0}};
    len_sum    = {SW{1'b0}};
    out_sum    = {SW{1'b0}};
    err_before = {SW{1'b0}};
    unit_sum   = {CW{1'b0}};
    big_sum    = {CW{1'b0}};
    for (c = 1; c <= 6; c = c + 1) cls_sum[c] = {CW{1'b0}};
    err_seen   = 1'b0;
    first_cls  = 3'd0;
    for (g = 0; g < W; g = g + 1) begin
        // the sizes grow lane by lane, so the lanes that fit are a prefix
        case (op_q)
            OP_SANITIZE: size_sum = size_sum + {{(SW-3){1'b0}},
                             (in_user_q[6*g +: 3] == CLS_OK) ? in_user_q[6*g + 3 +: 3] : 3'd3};
            OP_DECODE:   size_sum = size_sum + {{(SW-3){1'b0}}, 3'd4};
            default:     size_sum = size_sum;
        endcase
        fits[g]      = {1'b0, size_sum} <= room_n;
        pass_keep[g] = in_keep_q[g] && fits[g];
        is_err[g]    = in_user_q[6*g +: 3] != CLS_OK;
        is_big[g]    = !is_err[g] && in_data_q[32*g +: 32] > 32'h0000FFFF;
        if (pass_keep[g]) begin
            if (is_err[g] && !err_seen) begin
                err_seen   = 1'b1;
                first_cls  = in_user_q[6*g +: 3];
                err_before = len_sum;
            end
            len_sum  = len_sum + {{(SW-3){1'b0}}, in_user_q[6*g + 3 +: 3]};
            out_sum  = size_sum;
            unit_sum = unit_sum + 1'b1;
            if (is_big[g]) big_sum = big_sum + 1'b1;
            for (c = 1; c <= 6; c = c + 1)
                if (in_user_q[6*g +: 3] == c[2:0]) cls_sum[c] = cls_sum[c] + 1'b1;
        end
    end
end

wire cut = |(in_keep_q & ~fits);

// The output register is free for a beat this clock
wire out_free = !m_axis_tvalid || m_axis_tready;
wire drop     = end_q || halt_q;
wire move     = in_valid_q && out_free && !drop;
wire make_end = (finish_q || halt_q) && out_free && !end_q;

assign s_axis_tready = !in_valid_q || move || drop;
assign ended = end_q && !m_axis_tvalid;

// Saturating add of a beat's count to a 32-bit class counter
function [31:0] sat_add;
    input [31:0] a;
    input [CW-1:0] b;
    reg [32:0] s;
    begin
        s = {1'b0, a} + {{(33-CW){1'b0}}, b};
        sat_add = s[32] ? 32'hFFFFFFFF : s[31:0];
    end
endfunction

always @(posedge clk) begin
    if (s_axis_tready) begin
        in_data_q <= s_axis_tdata;
        in_keep_q <= s_axis_tkeep;
        in_user_q <= s_axis_tuser;
        in_last_q <= s_axis_tlast;
    end
    in_valid_q <= s_axis_tready ? (s_axis_tvalid && !drop) : 1'b1;

    if (m_axis_tvalid && m_axis_tready) m_axis_tvalid <= 1'b0;

    if (move) begin
        m_axis_tdata  <= in_data_q;
        m_axis_tkeep  <= pass_keep;
        m_axis_tuser  <= in_user_q;
        m_axis_tvalid <= 1'b1;
        m_axis_tlast  <= in_last_q || cut;
        if (in_last_q || cut) end_q <= 1'b1;
        if (cut) out_full <= 1'b1;
        room_q      <= room_q - {{(64-SW){1'b0}}, out_sum};
        in_bytes    <= in_bytes + {{(64-SW){1'b0}}, len_sum};
        out_bytes   <= out_bytes + {{(64-SW){1'b0}}, out_sum};
        units       <= units + {{(64-CW){1'b0}}, unit_sum};
        utf16_units <= utf16_units + {{(64-CW){1'b0}}, unit_sum} + {{(64-CW){1'b0}}, big_sum};
        for (c = 1; c <= 6; c = c + 1)
            class_count[32*(c-1) +: 32] <= sat_add(class_count[32*(c-1) +: 32], cls_sum[c]);
        if (err_seen && !err_found) begin
            err_found <= 1'b1;
            err_class <= first_cls;
            err_pos   <= in_bytes + {{(64-SW){1'b0}}, err_before};
        end
    end else if (make_end) begin
        m_axis_tkeep  <= {W{1'b0}};
        m_axis_tvalid <= 1'b1;
        m_axis_tlast  <= 1'b1;
        end_q         <= 1'b1;
    end

    if (start) begin
        op_q        <= op;
        room_q      <= cap;
        end_q       <= 1'b0;
        finish_q    <= 1'b0;
        halt_q      <= 1'b0;
        out_full    <= 1'b0;
        in_bytes    <= 64'd0;
        out_bytes   <= 64'd0;
        units       <= 64'd0;
        utf16_units <= 64'd0;
        class_count <= {(6*32){1'b0}};
        err_found   <= 1'b0;
        err_class   <= 3'd0;
        err_pos     <= 64'd0;
    end
    // after start's clearing: the kernel may finish a job in its first clock
    if (finish) finish_q <= 1'b1;
    if (halt) halt_q <= 1'b1;

    if (rst) begin
        in_valid_q    <= 1'b0;
        m_axis_tvalid <= 1'b0;
        end_q         <= 1'b1;
        finish_q      <= 1'b0;
        halt_q        <= 1'b0;
        out_full      <= 1'b0;
    end
end

endmodule

`resetall
`default_nettype wire
