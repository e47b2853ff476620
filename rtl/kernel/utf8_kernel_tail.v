// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * The kernel's tail holder: passes one job's byte stream to the wide decoder
 * as one packet, except that for a PARTIAL job (SPEC §9) an incomplete
 * sequence at the very end is kept back, to be put in front of the next
 * job's bytes, instead of being decoded as TOO_SHORT.
 *
 * The bytes kept are the last ones from the last non-continuation byte on,
 * when that byte is a lead that needs more continuation bytes than follow it
 * and the one right after it (if any) is in its lead's second-byte range: a
 * proper prefix of a well-formed sequence, which is what the decoder would
 * end as a TOO_SHORT unit at the packet's end. A lead byte always starts a
 * unit, so cutting there leaves the units before it as they are. At most 3
 * bytes (rfc3629) or 5 (annex-r) are kept.
 *
 * One beat is held back so that the tail, which may straddle the last two
 * beats, can be cut from both; beats pass one a clock until the last beat,
 * after which the block spends three clocks finding the tail before it sends
 * the held beat and what is left of the last one. `done` pulses once per
 * packet when all of it has left (or none of it: `sent` low, when every byte
 * was kept), with the kept bytes in held_data (byte i at [8i +: 8]).
 */
module utf8_kernel_tail #(
    // bytes per beat: 8, 16, 32 or 64
    parameter W = 64
) (
    input  wire            clk,
    input  wire            rst,

    // The job's flags, steady while it runs
    input  wire            cfg_mode,     // 0 rfc3629, 1 annex-r
    input  wire            cfg_partial,  // keep an incomplete sequence at the end

    input  wire [8*W-1:0]  s_axis_tdata,
    input  wire [W-1:0]    s_axis_tkeep,
    input  wire            s_axis_tvalid,
    output wire            s_axis_tready,
    input  wire            s_axis_tlast,

    output wire [8*W-1:0]  m_axis_tdata,
    output wire [W-1:0]    m_axis_tkeep,
    output wire            m_axis_tvalid,
    input  wire            m_axis_tready,
    output wire            m_axis_tlast,

    output reg             done,
    output reg             sent,
    output reg  [39:0]     held_data,
    output reg  [2:0]      held_count
);

localparam CW = $clog2(W + 1);   // a byte count up to W

generate
    if (W < 8 || W > 64 || (W & (W - 1)) != 0) begin : g_check_w
        error_W_must_be_8_16_32_or_64 stop ();
    end
endgenerate

localparam [2:0]
    ST_RUN    = 3'd0,
    ST_GATHER = 3'd1,   // the last beat is in: take the last five bytes
    ST_FIND   = 3'd2,   // find the tail in them
    ST_HOLD   = 3'd3,   // send the held beat (cut if the tail reaches into it)
    ST_LAST   = 3'd4,   // send what the tail leaves of the last beat
    ST_DONE   = 3'd5;

reg [2:0]      state_q;
reg [8*W-1:0]  hold_data_q;   // the beat before the one coming in
reg            hold_valid_q;
reg            sent_q;        // a beat of this packet has left
reg [8*W-1:0]  last_data_q;
reg [CW-1:0]   last_count_q;  // bytes in the last beat, 1..W
reg [39:0]     tail_q;        // the five bytes before the end, the last at [39:32]
reg [2:0]      avail_q;       // how many of them exist, 1..5
reg [2:0]      cut_q;         // bytes kept back, 0..5, from ST_FIND on
reg [4:0]      stop_q;        // ST_GATHER's marks: not a continuation
reg [4:0]      fit_q;         // ... and would be kept back (PARTIAL only)
wire [2:0]     cut_d = tail_cut(stop_q, fit_q);
wire [CW-1:0]  cut_d_n = {{(CW-3){1'b0}}, cut_d};

// Bytes in a beat whose keep is contiguous from lane 0
function [CW-1:0] keep_count;
    input [W-1:0] keep;
    integer k;
    begin
        keep_count = {CW{1'b0}};
        for (k = 0; k < W; k = k + 1)
            if (keep[k]) keep_count = k[CW-1:0] + 1'b1;
    end
endfunction

// A mask of the low n lanes
function [W-1:0] low_lanes;
    input [CW-1:0] n;
    begin
        low_lanes = ~({W{1'b1}} << n);
    end
endfunction

// Continuation bytes a lead needs, 0 when the byte cannot start a
// multi-byte sequence in the mode (ASCII, continuation, C0, C1, F5..FF
// in rfc3629, FE FF): the lead table of SPEC §2. Written as bit patterns, not
// range compares: Yosys makes a compare with a constant into a carry chain,
// and two of them in a row were the kernel's longest path (tail_q to fit_q,
// 8.8 ns at DATA_WIDTH 64).
function [2:0] lead_need;
    input [7:0] b;
    input       annex;
    begin
        if (b[7:5] == 3'b110 && b[4:1] != 4'b0000)               lead_need = 3'd1;  // C2..DF
        else if (b[7:4] == 4'b1110)                              lead_need = 3'd2;  // E0..EF
        else if (b[7:3] == 5'b11110 && (!b[2] || b[1:0] == 2'b00)) lead_need = 3'd3;  // F0..F4
        else if (b[7:3] == 5'b11110)                             lead_need = annex ? 3'd3 : 3'd0;  // F5..F7
        else if (b[7:2] == 6'b111110)                            lead_need = annex ? 3'd4 : 3'd0;  // F8..FB
        else if (b[7:1] == 7'b1111110)                           lead_need = annex ? 3'd5 : 3'd0;  // FC, FD
        else                                                     lead_need = 3'd0;
    end
endfunction

// Whether b may follow lead as its second byte (bit patterns, as above; no
// range needs b's two low bits)
function second_ok;
    input [7:0] lead;
    /* verilator lint_off UNUSEDSIGNAL */
    input [7:0] b;
    /* verilator lint_on UNUSEDSIGNAL */
    input       annex;
    reg cont;
    begin
        cont = b[7:6] == 2'b10;
        case (lead)
            8'hE0:   second_ok = cont && b[5];                      // A0..BF
            8'hED:   second_ok = cont && !b[5];                     // 80..9F
            8'hF0:   second_ok = cont && b[5:4] != 2'b00;           // 90..BF
            8'hF4:   second_ok = cont && (annex || b[5:4] == 2'b00); // 80..BF, 80..8F
            8'hF8:   second_ok = cont && b[5:3] != 3'b000;          // 88..BF
            8'hFC:   second_ok = cont && b[5:2] != 4'b0000;         // 84..BF
            default: second_ok = cont;                              // 80..BF
        endcase
    end
endfunction

// The tail is found over two clocks. ST_GATHER marks, for each of the last
// five bytes, whether it is a byte that is not a continuation (stop_q) and
// whether keeping back the bytes from it on would keep a proper prefix of a
// well-formed sequence (fit_q); ST_FIND takes the first mark from the end.
// In one clock the byte compares and the search after them were the
// kernel's longest path at W = 64 (about 9.3 ns on ECP5). t holds the last
// five bytes (the last at [39:32]), of which the last n exist; bit k-1 is
// the k-th byte from the end.
function [4:0] tail_stops;
    input [39:0] t;
    input [2:0]  n;
    integer k;
    begin
        for (k = 1; k <= 5; k = k + 1)
            tail_stops[k-1] = k <= n && t[8*(5-k)+6 +: 2] != 2'b10;
    end
endfunction

function [4:0] tail_fits;
    input [39:0] t;
    input        annex;
    integer k;
    reg [7:0] lead;
    reg [2:0] need;
    begin
        for (k = 1; k <= 5; k = k + 1) begin
            lead = t[8*(5-k) +: 8];
            need = lead_need(lead, annex);
            // the byte after the lead, when there is one (k > 1); the index
            // stays in range for k = 1 too, where it is not used
            tail_fits[k-1] = need != 3'd0 && k - 1 < need
                && (k == 1 || second_ok(lead, t[8*((6-k) % 5) +: 8], annex));
        end
    end
endfunction

// Bytes to keep back: the last byte that is not a continuation decides.
function [2:0] tail_cut;
    input [4:0] stops;
    input [4:0] fits;
    integer k;
    reg found;
    begin
        tail_cut = 3'd0;
        found = 1'b0;
        for (k = 1; k <= 5; k = k + 1) begin
            if (!found && stops[k-1]) begin
                found = 1'b1;
                if (fits[k-1]) tail_cut = k[2:0];
            end
        end
    end
endfunction

// The five bytes before the end: the held beat's top four, then the last
// beat's bytes, cut at its count.
wire [8*(W+4)-1:0] window = {s_axis_tdata, hold_data_q[8*W-1 -: 32]};
wire [CW-1:0]      in_count = keep_count(s_axis_tkeep);

// The five bytes ending at the highest kept lane, picked by that lane's flag
// rather than by in_count: a count and a 64-way multiplexer after it were the
// kernel's longest path at W = 64. A lane is the highest kept when no lane
// above it is kept (a log-depth suffix OR); with no lane kept nothing is
// picked and the bytes are zeros, as the cycle model has them.
localparam LW = $clog2(W);
genvar gl;
generate
    for (gl = 0; gl < LW; gl = gl + 1) begin : g_above
        wire [W-1:0] a_in, a_out;
        if (gl == 0) begin : g_first
            assign a_in = s_axis_tkeep >> 1;
        end else begin : g_next
            assign a_in = g_above[gl-1].a_out;
        end
        assign a_out = a_in | (a_in >> (1 << gl));
    end
endgenerate
wire [W-1:0] keep_top = s_axis_tkeep & ~g_above[LW-1].a_out;   // one lane at most
reg  [39:0]  in_tail;
integer kt;
always @* begin
    in_tail = 40'd0;
    for (kt = 0; kt < W; kt = kt + 1)
        in_tail = in_tail | (keep_top[kt] ? window[8*kt +: 40] : 40'd0);
end

localparam [31:0] W_32 = W;
localparam [CW-1:0] W_N = W_32[CW-1:0];
wire [CW-1:0] cut_n = {{(CW-3){1'b0}}, cut_q};

reg [CW-1:0] out_count;   // bytes of the beat being sent
always @* begin
    if (state_q == ST_HOLD)
        out_count = (cut_n > last_count_q) ? W_N - (cut_n - last_count_q) : W_N;
    else
        out_count = last_count_q - cut_n;
end

wire run_pass = state_q == ST_RUN && hold_valid_q && s_axis_tvalid && !s_axis_tlast;

assign m_axis_tvalid = run_pass || state_q == ST_HOLD || state_q == ST_LAST;
assign m_axis_tdata  = state_q == ST_LAST ? last_data_q : hold_data_q;
assign m_axis_tkeep  = run_pass ? {W{1'b1}} : low_lanes(out_count);
assign m_axis_tlast  = state_q == ST_LAST || (state_q == ST_HOLD && cut_n >= last_count_q);
assign s_axis_tready = state_q == ST_RUN && (!hold_valid_q || s_axis_tlast || m_axis_tready);

wire take = s_axis_tvalid && s_axis_tready;

always @(posedge clk) begin
    done <= 1'b0;
    case (state_q)
        ST_RUN: if (take) begin
            if (s_axis_tlast) begin
                last_data_q  <= s_axis_tdata;
                last_count_q <= in_count;
                // the five bytes ending at byte in_count-1 of this beat
                tail_q  <= in_tail;
                avail_q <= (hold_valid_q || in_count >= 5) ? 3'd5 : in_count[2:0];
                state_q <= ST_GATHER;
            end else begin
                hold_data_q  <= s_axis_tdata;
                hold_valid_q <= 1'b1;
                if (hold_valid_q) sent_q <= 1'b1;
            end
        end
        ST_GATHER: begin
            stop_q  <= tail_stops(tail_q, avail_q);
            fit_q   <= cfg_partial ? tail_fits(tail_q, cfg_mode) : 5'd0;
            state_q <= ST_FIND;
        end
        ST_FIND: begin
            cut_q      <= cut_d;
            held_count <= cut_d;
            held_data  <= tail_q >> (8 * (5 - cut_d));
            if (hold_valid_q)
                state_q <= ST_HOLD;
            else if (cut_d_n < last_count_q)
                state_q <= ST_LAST;
            else
                state_q <= ST_DONE;
        end
        ST_HOLD: if (m_axis_tready) begin
            sent_q  <= 1'b1;
            state_q <= (cut_n < last_count_q) ? ST_LAST : ST_DONE;
        end
        ST_LAST: if (m_axis_tready) begin
            sent_q  <= 1'b1;
            state_q <= ST_DONE;
        end
        default: begin   // ST_DONE
            done         <= 1'b1;
            sent         <= sent_q;
            hold_valid_q <= 1'b0;
            sent_q       <= 1'b0;
            state_q      <= ST_RUN;
        end
    endcase

    if (rst) begin
        state_q      <= ST_RUN;
        hold_valid_q <= 1'b0;
        sent_q       <= 1'b0;
        done         <= 1'b0;
        sent         <= 1'b0;
        held_count   <= 3'd0;
    end
end

endmodule

`resetall
`default_nettype wire
