// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`default_nettype none

/*
 * Formal harness of the wide sanitizer (rtl/stream/utf8_sanitizer.v) at small
 * parameters: LANES (1 or 2, from the sby task), DEPTH 4, OFFSET_WIDTH and
 * COUNT_WIDTH 16 (the least the block takes). Bounded from reset.
 *
 * The properties are stated at the sanitizer's own boundary and at its front
 * end's decided beats (dec_*: the units of a beat at the lanes where they
 * end), which the validator's and wide decoder's tasks check against the
 * SPEC §2/§3 reference:
 *  - AXI4-Stream rules: assumed on s_axis (tkeep contiguous from lane 0, only
 *    a last beat partial), asserted on m_axis (tkeep contiguous and non-zero,
 *    only a packet's last beat partial, a stalled beat unchanged);
 *  - the unit contract of the decided lanes, asserted: a well-formed unit
 *    1..6 bytes, its code point fitting that length; a beat's units
 *    re-encoding to at most 3*LANES+3 bytes (the sanitizer's slots);
 *  - a shadow byte queue: every decided beat pushes its units' bytes as this
 *    harness re-encodes them (a well-formed unit's code point in its own
 *    length, an error unit's EF BF BD), in lane order, the last byte of a
 *    packet marked; every output beat must be the queue's head, byte for
 *    byte, with tlast exactly on the packet's last byte and no byte past it
 *    (so the roles, the FIFO, the steps' compaction and rotation, the ring
 *    and its reader lose, add, reorder or mix no byte and no packet);
 *  - the ring's pointers in order: read <= committed as the reader sees it
 *    <= committed <= written, all within the ring's size of the read pointer;
 *  - packets counted: decided packets ≤ packets in, packets out ≤ decided.
 * F_COVER: an error unit's EF and BD out, the ring holding more than a
 * word with the output stalled and s_axis_tready low, back-to-back 1-byte
 * packets, reset mid-packet then a packet out.
 */
module utf8_sanitizer_formal #(
    parameter LANES = 1,
    parameter DEPTH = 4
) (
    input wire               clk,
    input wire               rst,
    input wire [8*LANES-1:0] s_axis_tdata,
    input wire [LANES-1:0]   s_axis_tkeep,
    input wire               s_axis_tvalid,
    input wire               s_axis_tlast,
    input wire               m_axis_tready,
    input wire               cfg_mode
);

`include "utf8_class_codes.vh"

localparam OFFSET_WIDTH = 16;
localparam COUNT_WIDTH = 16;
// a beat's units re-encode to at most XB bytes
localparam XB = 3 * LANES + 3;
// the sanitizer's ring (rtl/stream/utf8_sanitizer.v: ROWS 8 of WIN bytes below LANES 8) and
// its pointers' width
localparam RING = 8 * ((LANES >= 4) ? 2 * LANES : 4);
localparam PW = $clog2(RING) + 1;
// the shadow queue's room: DEPTH beats between the decided stage and the
// FIFO's head (the credit), a beat in steps on the way to the ring, the ring,
// the output register
localparam Q = DEPTH * XB + XB + RING + LANES;

wire                     s_axis_tready;
wire [8*LANES-1:0]       m_axis_tdata;
wire [LANES-1:0]         m_axis_tkeep;
wire                     m_axis_tvalid;
wire                     m_axis_tlast;
wire                     stat_valid;
wire                     stat_error;
wire [OFFSET_WIDTH-1:0]  stat_err_offset;
wire [2:0]               stat_err_class;
wire [6*COUNT_WIDTH-1:0] err_count;

utf8_sanitizer #(
    .LANES(LANES),
    .OFFSET_WIDTH(OFFSET_WIDTH),
    .COUNT_WIDTH(COUNT_WIDTH),
    .DEPTH(DEPTH)
) dut (
    .clk(clk),
    .rst(rst),
    .cfg_mode(cfg_mode),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tkeep(s_axis_tkeep),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(s_axis_tready),
    .s_axis_tlast(s_axis_tlast),
    .m_axis_tdata(m_axis_tdata),
    .m_axis_tkeep(m_axis_tkeep),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready),
    .m_axis_tlast(m_axis_tlast),
    .stat_valid(stat_valid),
    .stat_error(stat_error),
    .stat_err_offset(stat_err_offset),
    .stat_err_class(stat_err_class),
    .err_count(err_count)
);

// Internal state, driven by the sby script's connect -nounset -set: the
// front end's decided beat and the ring's pointers
wire                f_d_valid, f_d_last;
wire [LANES-1:0]    f_d_end;
wire [3*LANES-1:0]  f_d_len;
wire [3*LANES-1:0]  f_d_cls;
wire [32*LANES-1:0] f_d_cp;
wire [PW-1:0]       f_w, f_c, f_ring_c, f_rp;

reg f_past_valid = 1'b0;
always @(posedge clk) f_past_valid <= 1'b1;
always @(*) if (!f_past_valid) assume(rst);

wire [7:0] s_beats, s_packets, m_beats, m_packets;
wire       s_open, m_open;

utf8_faxis #(.DATA_W(8*LANES), .KEEP_W(LANES), .USER_W(1), .F_INPUT(1), .F_KEEP(1), .F_FULL(1)) f_s (
    .clk(clk), .rst(rst), .tdata(s_axis_tdata), .tkeep(s_axis_tkeep), .tuser(1'b0),
    .tvalid(s_axis_tvalid), .tready(s_axis_tready), .tlast(s_axis_tlast),
    .f_beats(s_beats), .f_packets(s_packets), .f_open(s_open)
);

utf8_faxis #(.DATA_W(8*LANES), .KEEP_W(LANES), .USER_W(1), .F_INPUT(0), .F_KEEP(1), .F_FULL(1)) f_m (
    .clk(clk), .rst(rst), .tdata(m_axis_tdata), .tkeep(m_axis_tkeep), .tuser(1'b0),
    .tvalid(m_axis_tvalid), .tready(m_axis_tready), .tlast(m_axis_tlast),
    .f_beats(m_beats), .f_packets(m_packets), .f_open(m_open)
);

wire m_take = m_axis_tvalid && m_axis_tready;

reg [7:0] d_packets = 8'd0;
always @(posedge clk) begin
    if (f_d_valid && f_d_last) d_packets <= d_packets + 1'b1;
    if (rst) d_packets <= 8'd0;
end

// ---------------------------------------------------------------------------
// Re-encoding, written from SPEC §2's table (a lead byte of n-1 ones then a
// zero above the code point's top bits, continuation bytes 10xxxxxx), not from
// the RTL's concatenations

// bytes the unit ending at a lane re-encodes to
function [2:0] unit_n;
    input       ends;
    input [2:0] len;
    input [2:0] cls;
    begin
        if (!ends) unit_n = 3'd0;
        else if (cls == CLS_OK) unit_n = len;
        else unit_n = 3'd3;
    end
endfunction

// byte i (0 first) of a unit: fref_unit_byte
`include "utf8_fref_encode.vh"

// offsets of the units' bytes in the beat
reg [7:0] u_off [0:LANES];
integer li;
always @(*) begin
    u_off[0] = 8'd0;
    for (li = 0; li < LANES; li = li + 1)
        u_off[li+1] = u_off[li] + unit_n(f_d_end[li], f_d_len[3*li +: 3], f_d_cls[3*li +: 3]);
end
wire [7:0] u_bytes = u_off[LANES];

// The unit contract of the decided lanes
reg f_contract;
integer ci;
always @(*) begin
    f_contract = u_bytes <= XB;
    for (ci = 0; ci < LANES; ci = ci + 1)
        if (f_d_end[ci] && f_d_cls[3*ci +: 3] == CLS_OK
            && (f_d_len[3*ci +: 3] == 3'd0 || f_d_len[3*ci +: 3] == 3'd7
                || (f_d_cp[32*ci +: 32] >> (f_d_len[3*ci +: 3] == 3'd1 ? 7 : 5 * f_d_len[3*ci +: 3] + 1)) != 0))
            f_contract = 1'b0;
end

// ---------------------------------------------------------------------------
// The shadow byte queue: {from an error unit, ends a packet, byte}, head at 0

`include "utf8_fshadow_queue.vh"
wire [7:0] push_n = f_d_valid ? u_bytes : 8'd0;

// the beat's bytes, first at 0
integer j, g, b;
reg [9:0] pv [0:XB-1];
always @(*) begin
    for (j = 0; j < XB; j = j + 1) begin
        pv[j] = 10'd0;
        for (g = 0; g < LANES; g = g + 1)
            for (b = 0; b < 6; b = b + 1)
                if (b < unit_n(f_d_end[g], f_d_len[3*g +: 3], f_d_cls[3*g +: 3]) && u_off[g] + b == j)
                    pv[j] = {f_d_cls[3*g +: 3] != CLS_OK, f_d_last && j + 1 == u_bytes,
                             fref_unit_byte(f_d_cp[32*g +: 32], f_d_len[3*g +: 3], f_d_cls[3*g +: 3], b)};
    end
end

reg [9:0] sq_next;
always @(posedge clk) begin
    for (j = 0; j < Q; j = j + 1) begin
        sq_next = (j + pop_n < Q) ? sq[j + pop_n] : 10'd0;
        if (j >= push_at && j < push_at + push_n && j - push_at < XB)
            sq_next = pv[j - push_at];
        sq[j] <= sq_next;
    end
    sq_n <= push_at + push_n;
    if (rst) sq_n <= 8'd0;
end

reg f_out_ok;
integer ai;
always @(*) begin
    // an output beat is the queue's head, tlast exactly on a packet's end
    f_out_ok = 1'b1;
    for (ai = 0; ai < LANES; ai = ai + 1)
        if (m_axis_tkeep[ai] && (sq[ai][7:0] != m_axis_tdata[8*ai +: 8]
                                 || sq[ai][8] != (m_axis_tlast && ai + 1 == kept(m_axis_tkeep))))
            f_out_ok = 1'b0;
end

always @(*) begin
    if (!rst && f_past_valid) begin
        if (f_d_valid) assert (f_contract);
        if (m_axis_tvalid) begin
            assert (f_out_ok);
            assert (kept(m_axis_tkeep) <= sq_n);
        end
        assert (sq_n <= Q);
        assert (f_ring_c - f_rp <= f_c - f_rp);
        assert (f_c - f_rp <= f_w - f_rp);
        assert (f_w - f_rp <= RING);
        // packets in s_axis before the decided beats before m_axis
        assert (d_packets <= s_packets);
        assert (m_packets <= d_packets);
    end
end

`ifdef F_COVER
reg f_rst_mid = 1'b0;
always @(posedge clk) if (rst && s_open) f_rst_mid <= 1'b1;
always @(posedge clk) begin
    if (!rst) begin
        // an error unit's EF BD leaving (its first and last bytes at m_axis)
        cover (m_take && sq[0][9] && m_axis_tdata[7:0] == 8'hEF);
        cover (m_take && m_axis_tkeep[LANES-1] && sq[LANES-1][9] && m_axis_tdata[8*LANES-1 -: 8] == 8'hBD);
        // the ring holding more than a word, the output stalled and the
        // input withdrawn
        cover (f_ring_c - f_rp > LANES && !m_axis_tready && !s_axis_tready);
        // back-to-back 1-byte packets
        cover (m_take && m_axis_tlast && m_axis_tkeep == 1 && !m_open
               && $past(m_take && m_axis_tlast && m_axis_tkeep == 1 && !m_open));
        // reset mid-packet, then a packet out
        cover (f_rst_mid && m_take && m_axis_tlast);
    end
end
`endif

endmodule

`default_nettype wire
