// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * The kernel's offsets stage for VALIDATE_STRINGS (SPEC §9, OP 3): reads an
 * Arrow column's offsets (COUNT + 1 of them, int32 or int64, as the read
 * engine's byte stream of W bytes a beat), checks each as it comes (within
 * 0..LEN, never below the one before), and turns them into what the string
 * validator and the bitmap need:
 *
 *   - the column's data as one packet, bytes first_offset .. end of the data
 *     stream (which the kernel reads from SRC + first_offset once that is
 *     known), cut at the last offset, with a string-start mark on every byte
 *     an offset points at (m_axis_tuser). Empty strings need no mark of their
 *     own: their offset is the next string's start, or the column's end,
 *     which is past the packet's last byte;
 *   - per G = W/4 strings a group (m_grp_*): which of them are non-empty, so
 *     that the bitmap knows which strings get a verdict from the validator
 *     and which are well-formed by being empty.
 *
 * A bad offset ends the column before it: the strings whose both offsets are
 * good are the job's, `bad` rises, and no offset after it is taken (the
 * kernel stops the read engine). `data_done` says the data stream is no
 * longer needed (the packet's last beat is sent, or there is no packet), and
 * `ended` that the final group is sent too.
 *
 * Stages, one vector of up to G offsets a clock:
 *   A  unpack: an int32 beat is one vector; two int64 beats make one
 *   B  check, make each offset relative to the first (the packet's byte
 *      index), flag the non-empty strings and send a group
 *   C  marks: data beat b (bytes bW .. bW+W-1 of the packet) leaves when
 *      every offset up to T = (b+1)W has been seen: a vector whose last
 *      offset is past T gives its marks in beat b and stays; one ending at
 *      or before T gives them and leaves, remembering an offset at exactly
 *      T as lane 0 of the next beat. Until an offset past T or the last one
 *      is seen, beat b waits, since the column may end at T and beat b must
 *      then carry tlast.
 *
 * Reset between jobs (the kernel's front reset) makes it ready for the next.
 */
module utf8_kernel_offsets #(
    // bytes per beat: 8, 16, 32 or 64
    parameter W = 64
) (
    input  wire            clk,
    input  wire            rst,

    // The job's arguments, steady while it runs
    input  wire            cfg_o64,     // the offsets are int64 (else int32)
    input  wire [63:0]     cfg_len,     // LEN: the data buffer's length

    // Offsets: the read engine's stream of the COUNT + 1 offsets' bytes
    input  wire [8*W-1:0]  s_off_tdata,
    input  wire [W-1:0]    s_off_tkeep,
    input  wire            s_off_tvalid,
    output wire            s_off_tready,
    input  wire            s_off_tlast,

    // Data: the read engine's stream from SRC + first_offset
    input  wire [8*W-1:0]  s_dat_tdata,
    input  wire [W-1:0]    s_dat_tkeep,
    input  wire            s_dat_tvalid,
    output wire            s_dat_tready,
    input  wire            s_dat_tlast,

    // The column's strings as one packet, for the string validator
    output reg  [8*W-1:0]  m_axis_tdata,
    output reg  [W-1:0]    m_axis_tkeep,
    output reg  [W-1:0]    m_axis_tuser,
    output reg             m_axis_tvalid,
    input  wire            m_axis_tready,
    output reg             m_axis_tlast,

    // Groups for the bitmap: strings nG .. nG+count-1, full[i] = string nG+i
    // is non-empty; count is G but in the last group (0..G-1)
    output reg  [W/4-1:0]  m_grp_full,
    output reg  [$clog2(W/4+1)-1:0] m_grp_count,
    output reg             m_grp_last,
    output reg             m_grp_valid,
    input  wire            m_grp_ready,

    output reg             first_valid,    // first_offset is known (and good)
    output reg  [63:0]     first_offset,
    output reg             bad,            // an offset was out of range or decreasing
    output reg             data_done,      // no more data is needed
    output wire            ended,          // everything is sent
    output reg  [63:0]     in_bytes        // the packet's length, once data_done
);

localparam G = W / 4;
localparam LW = $clog2(W);
localparam CW = $clog2(G + 1);
localparam [31:0] G_32 = G;
localparam [CW-1:0] G_COUNT = G_32[CW-1:0];

generate
    if (W != 8 && W != 16 && W != 32 && W != 64) begin : g_check_w
        error_W_must_be_8_16_32_or_64 stop ();
    end
endgenerate

// The data stream's own keep and last add nothing: its beats up to the
// column's end are full, since the end is never past LEN.
wire unused_dat = &{1'b0, s_dat_tkeep, s_dat_tlast, 1'b0};

// ---------------------------------------------------------------------------
// Stage A: unpack. a_vm_q[j]: slot j holds an offset (a prefix of slots).

reg  [64*G-1:0] a_off_q;
reg  [G-1:0]    a_vm_q;
reg             a_last_q;
reg             a_valid_q;
reg             a_half_q;      // int64: the low half is filled, the high half next
reg             off_stop_q;    // no more offsets wanted: the last taken, or one bad

wire b_take;
assign s_off_tready = !off_stop_q && (!a_valid_q || b_take);
wire a_take = s_off_tvalid && s_off_tready;

integer i;
always @(posedge clk) begin
    if (b_take) begin
        a_valid_q <= 1'b0;
    end
    if (a_take) begin
        a_last_q <= s_off_tlast;
        if (!cfg_o64) begin
            for (i = 0; i < G; i = i + 1) begin
                a_off_q[64*i +: 64] <= {{32{s_off_tdata[32*i+31]}}, s_off_tdata[32*i +: 32]};
                a_vm_q[i] <= s_off_tkeep[4*i];
            end
            a_valid_q <= 1'b1;
        end else begin
            for (i = 0; i < G / 2; i = i + 1) begin
                if (a_half_q) begin
                    a_off_q[64*(G/2+i) +: 64] <= s_off_tdata[64*i +: 64];
                    a_vm_q[G/2+i] <= s_off_tkeep[8*i];
                end else begin
                    a_off_q[64*i +: 64] <= s_off_tdata[64*i +: 64];
                    a_vm_q[i] <= s_off_tkeep[8*i];
                    a_vm_q[G/2+i] <= 1'b0;
                end
            end
            a_valid_q <= a_half_q || s_off_tlast;
            a_half_q  <= !a_half_q && !s_off_tlast;
        end
    end
    if (rst) begin
        a_valid_q <= 1'b0;
        a_half_q  <= 1'b0;
        a_vm_q    <= {G{1'b0}};
    end
end

// ---------------------------------------------------------------------------
// Stage B: check, relative offsets, groups.

reg  [63:0]     prev_q;        // the last good offset
reg  [G-2:0]    hold_q;        // flags of the strings ending in the last vector, but its first
reg  [CW-1:0]   hold_n_q;
reg             fin_q;         // the last vector is in: the final group is due
reg             grp_done_q;    // the final group is sent

reg  [64*G-1:0] c_rel_q;       // stage C's vector
reg  [G-1:0]    c_vm_q;
reg  [63:0]     c_rel_last_q;  // the last good offset so far, relative
reg             c_last_q;
reg             c_valid_q;
wire            c_pop;

wire [63:0] o0 = first_valid ? first_offset : a_off_q[63:0];

reg  [G-1:0]    b_ok;          // slot j's offset and every one before it are good
reg  [G-1:0]    b_ne;          // the string ending at slot j is non-empty
reg  [64*G-1:0] b_rel;
reg  [63:0]     b_last_abs;    // the last good offset, this vector's or the one before
reg  [63:0]     b_prev;
reg             b_run;
// each slot's predecessor: the slot before, or for slot 0 the last vector's last offset
wire [64*G-1:0] a_pred = {a_off_q[64*G-65:0], prev_q};
integer j;
always @* begin
    b_last_abs = prev_q;
    b_run      = 1'b1;
    for (j = 0; j < G; j = j + 1) begin
        // slot 0's predecessor is the last vector's last offset (none for the first)
        b_prev  = a_pred[64*j +: 64];
        b_run   = b_run && a_vm_q[j] && a_off_q[64*j +: 64] <= cfg_len
               && (!(j == 0 && !first_valid) ? a_off_q[64*j +: 64] >= b_prev : 1'b1);
        b_ok[j] = b_run;
        b_ne[j] = a_off_q[64*j +: 64] != b_prev;
        b_rel[64*j +: 64] = a_off_q[64*j +: 64] - o0;
        if (b_run) begin
            b_last_abs = a_off_q[64*j +: 64];
        end
    end
end

wire b_bad  = b_ok != a_vm_q;
wire b_end  = a_last_q || b_bad;
// A vector that is not the first and whose first offset is good completes
// the group held from the one before.
wire b_grp  = first_valid && b_ok[0];
wire grp_free = !m_grp_valid || m_grp_ready;
assign b_take = a_valid_q && !fin_q && (!c_valid_q || c_pop) && grp_free;

reg [CW-1:0] b_hold_n;
always @* begin
    b_hold_n = {CW{1'b0}};
    for (j = 1; j < G; j = j + 1) begin
        if (b_ok[j]) begin
            b_hold_n = j[CW-1:0];
        end
    end
end

always @(posedge clk) begin
    if (m_grp_valid && m_grp_ready) begin
        m_grp_valid <= 1'b0;
    end
    if (c_pop) begin
        c_valid_q <= 1'b0;
    end
    if (b_take) begin
        c_rel_q      <= b_rel;
        c_vm_q       <= b_ok;
        c_last_q     <= b_end;
        c_valid_q    <= 1'b1;
        // relative to the first offset; 0 when there is none (the first is bad)
        c_rel_last_q <= (first_valid || b_ok[0]) ? b_last_abs - o0 : 64'd0;
        prev_q       <= b_last_abs;
        if (b_ok[0] && !first_valid) begin
            first_valid  <= 1'b1;
            first_offset <= a_off_q[63:0];
        end
        if (b_grp) begin
            m_grp_full  <= {b_ne[0], hold_q};
            m_grp_count <= G_COUNT;
            m_grp_last  <= 1'b0;
            m_grp_valid <= 1'b1;
        end
        if (b_ok[0]) begin
            hold_q   <= b_ne[G-1:1] & b_ok[G-1:1];
            hold_n_q <= b_hold_n;
        end
        if (b_end) begin
            fin_q    <= 1'b1;
            off_stop_q <= 1'b1;
        end
        if (b_bad) begin
            bad <= 1'b1;
        end
    end
    if (a_take && s_off_tlast) begin
        off_stop_q <= 1'b1;
    end
    if (fin_q && !grp_done_q && grp_free && !b_take) begin
        m_grp_full  <= {1'b0, hold_q};
        m_grp_count <= hold_n_q;
        m_grp_last  <= 1'b1;
        m_grp_valid <= 1'b1;
        grp_done_q  <= 1'b1;
    end
    if (rst) begin
        prev_q      <= 64'd0;
        hold_q      <= {(G-1){1'b0}};
        hold_n_q    <= {CW{1'b0}};
        fin_q       <= 1'b0;
        grp_done_q  <= 1'b0;
        off_stop_q  <= 1'b0;
        c_valid_q   <= 1'b0;
        c_last_q    <= 1'b0;
        m_grp_valid <= 1'b0;
        first_valid <= 1'b0;
        first_offset <= 64'd0;
        bad         <= 1'b0;
    end
end

// ---------------------------------------------------------------------------
// Stage C: marks, and the packet's beats.

reg  [63:LW]    beat_q;        // b: the packet's next beat
reg  [63:LW]    beat1_q;       // b + 1, a register so the compares do not wait on an adder
reg  [W-1:0]    acc_q;         // marks of beat b from vectors gone
reg             next0_q;       // an offset at exactly (b+1)W: lane 0 of beat b+1
reg             end_known_q;   // the last vector is gone: in_bytes is the packet's end

reg  [W-1:0]    c_marks;
reg             c_at_t;
always @* begin
    c_marks = {W{1'b0}};
    c_at_t  = 1'b0;
    for (j = 0; j < G; j = j + 1) begin
        if (c_vm_q[j] && c_rel_q[64*j+LW +: 64-LW] == beat_q) begin
            c_marks = c_marks | ({{(W-1){1'b0}}, 1'b1} << c_rel_q[64*j +: LW]);
        end
        if (c_vm_q[j] && c_rel_q[64*j+LW +: 64-LW] == beat1_q && c_rel_q[64*j +: LW] == {LW{1'b0}}) begin
            c_at_t = 1'b1;
        end
    end
end

// The vector's last offset is past T = (b+1)W: beat b is complete and not the last.
wire c_beyond = c_rel_last_q[63:LW] > beat1_q
             || (c_rel_last_q[63:LW] == beat1_q && c_rel_last_q[LW-1:0] != {LW{1'b0}});
assign c_pop = c_valid_q && !c_beyond;

wire out_free  = !m_axis_tvalid || m_axis_tready;
// beat b leaves: complete and not the last, or the last once the end is known
wire send_mid  = c_valid_q && c_beyond;
wire send_last = !c_valid_q && end_known_q && !data_done && in_bytes != 64'd0;
wire send      = (send_mid || send_last) && s_dat_tvalid && out_free;
assign s_dat_tready = send;

// the last beat's bytes: up to the end, all W when it falls on a beat's end
wire [LW-1:0] end_lane = in_bytes[LW-1:0];
reg  [W-1:0]  last_keep;
always @* begin
    for (j = 0; j < W; j = j + 1) begin
        last_keep[j] = end_lane == {LW{1'b0}} || j < end_lane;
    end
end

always @(posedge clk) begin
    if (m_axis_tvalid && m_axis_tready) begin
        m_axis_tvalid <= 1'b0;
    end
    if (c_pop) begin
        acc_q   <= acc_q | c_marks;
        next0_q <= next0_q || c_at_t;
        if (c_last_q) begin
            end_known_q <= 1'b1;
            in_bytes    <= c_rel_last_q;
            if (c_rel_last_q == 64'd0) begin
                data_done <= 1'b1;       // no byte: no packet
            end
        end
    end
    if (send) begin
        m_axis_tdata  <= s_dat_tdata;
        m_axis_tvalid <= 1'b1;
        m_axis_tlast  <= send_last;
        m_axis_tkeep  <= send_last ? last_keep : {W{1'b1}};
        m_axis_tuser  <= send_last ? (acc_q & last_keep) : (acc_q | c_marks);
        acc_q         <= {{(W-1){1'b0}}, next0_q};
        next0_q       <= 1'b0;
        beat_q        <= beat1_q;
        beat1_q       <= beat1_q + 1'b1;
        if (send_last) begin
            data_done <= 1'b1;
        end
    end
    if (rst) begin
        m_axis_tvalid <= 1'b0;
        beat_q        <= {(64-LW){1'b0}};
        beat1_q       <= {{(63-LW){1'b0}}, 1'b1};
        acc_q         <= {W{1'b0}};
        next0_q       <= 1'b0;
        end_known_q   <= 1'b0;
        data_done     <= 1'b0;
        in_bytes      <= 64'd0;
    end
end

assign ended = data_done && grp_done_q && !m_grp_valid && !m_axis_tvalid;

endmodule

`resetall
`default_nettype wire
