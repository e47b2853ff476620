// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`default_nettype none

/*
 * Formal harness of units back to UTF-8 (rtl/lane/utf8_unit_utf8.v, the kernel's
 * SANITIZE path behind its capacity cut) at LANES 1 or 2 (from the sby task).
 *
 * The properties are stated at the block's boundary:
 *  - AXI4-Stream rules: assumed on the unit stream (s_axis, tkeep contiguous
 *    and non-zero), asserted on m_axis (tkeep contiguous and non-zero, only a
 *    packet's last beat partial, a stalled beat unchanged);
 *  - a shadow byte queue: every unit taken pushes its
 *    bytes as this harness re-encodes them (a well-formed unit's code point
 *    in its own length, an error unit's EF BF BD), each byte marked when it
 *    ends a packet; every output beat must be the queue's head, byte for
 *    byte, with tlast exactly on the packet's last byte and no byte past it
 *    (so one tlast per packet, in order, no beat mixing two packets, and each
 *    packet's byte count what its units re-encode to);
 *  - the invariants that carry this through induction: the accumulator never
 *    holds more than its 4*LANES+3 bytes, the expansion register never more
 *    than 3*LANES+3 and at least one, the queue is exactly the accumulator's
 *    bytes followed by the expansion register's, byte for byte and mark for
 *    mark, and the packets taken less those out are the packet ends the
 *    two registers hold.
 * The unit contract is ASSUMED of the unit stream: a well-formed unit 1..6
 * bytes, its code point fitting that length; an error unit's code point
 * U+FFFD; a beat's units re-encoding to at most 3*LANES+3 bytes. The wide
 * decoder's own proofs and tests establish it of the stream it gives.
 */
module utf8_unit_utf8_formal #(
    parameter LANES = 1
) (
    input wire               clk,
    input wire               rst,
    input wire [32*LANES-1:0] f_u_data,
    input wire [LANES-1:0]    f_u_keep,
    input wire [6*LANES-1:0]  f_u_user,
    input wire                f_u_valid,
    input wire                f_u_last,
    input wire                m_axis_tready
);

`include "utf8_class_codes.vh"

// the block's byte bounds (rtl/lane/utf8_unit_utf8.v, rtl/lane/utf8_repack.v)
localparam XB = 3 * LANES + 3;
localparam AB = LANES + XB;
localparam NW = $clog2(AB + 1);
// the shadow queue's room: the most the two registers hold
localparam Q = AB + XB;

wire                     f_u_ready;
wire [8*LANES-1:0]       m_axis_tdata;
wire [LANES-1:0]         m_axis_tkeep;
wire                     m_axis_tvalid;
wire                     m_axis_tlast;

utf8_unit_utf8 #(
    .LANES(LANES)
) dut (
    .clk(clk),
    .rst(rst),
    .s_axis_tdata(f_u_data),
    .s_axis_tkeep(f_u_keep),
    .s_axis_tuser(f_u_user),
    .s_axis_tvalid(f_u_valid),
    .s_axis_tready(f_u_ready),
    .s_axis_tlast(f_u_last),
    .m_axis_tdata(m_axis_tdata),
    .m_axis_tkeep(m_axis_tkeep),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready),
    .m_axis_tlast(m_axis_tlast)
);

// Internal state, driven by the sby script's connect -nounset -set: the
// expansion register (utf8_repack's input register) and the accumulator
wire                f_exp_valid, f_exp_last;
wire [8*XB-1:0]     f_exp_data;
wire [NW-1:0]       f_exp_count;
wire [8*AB-1:0]     f_acc_data;
wire [NW-1:0]       f_acc_count;
wire                f_acc_end;

reg f_past_valid = 1'b0;
always @(posedge clk) f_past_valid <= 1'b1;
always @(*) if (!f_past_valid) assume(rst);

wire [7:0] m_beats, m_packets, u_beats, u_packets;
wire       m_open, u_open;

utf8_faxis #(.DATA_W(8*LANES), .KEEP_W(LANES), .USER_W(1), .F_INPUT(0), .F_KEEP(1), .F_FULL(1)) f_m (
    .clk(clk), .rst(rst), .tdata(m_axis_tdata), .tkeep(m_axis_tkeep), .tuser(1'b0),
    .tvalid(m_axis_tvalid), .tready(m_axis_tready), .tlast(m_axis_tlast),
    .f_beats(m_beats), .f_packets(m_packets), .f_open(m_open)
);

// the unit stream: assumed
utf8_faxis #(.DATA_W(32*LANES), .KEEP_W(LANES), .USER_W(6*LANES), .F_INPUT(1), .F_KEEP(1)) f_u (
    .clk(clk), .rst(rst), .tdata(f_u_data), .tkeep(f_u_keep), .tuser(f_u_user),
    .tvalid(f_u_valid), .tready(f_u_ready), .tlast(f_u_last),
    .f_beats(u_beats), .f_packets(u_packets), .f_open(u_open)
);

wire m_take = m_axis_tvalid && m_axis_tready;
wire u_take = f_u_valid && f_u_ready;

// ---------------------------------------------------------------------------
// Re-encoding, written from SPEC §2's table (a lead byte of n-1 ones then a
// zero above the code point's top bits, continuation bytes 10xxxxxx), not from
// the RTL's concatenations

// bytes unit g of the beat re-encodes to
function [2:0] unit_n;
    input       keep;
    input [5:0] user;
    begin
        if (!keep) unit_n = 3'd0;
        else if (user[2:0] == CLS_OK) unit_n = user[5:3];
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
        u_off[li+1] = u_off[li] + unit_n(f_u_keep[li], f_u_user[6*li +: 6]);
end
wire [7:0] u_bytes = u_off[LANES];

// The unit contract
reg f_contract;
integer ci;
always @(*) begin
    f_contract = u_bytes <= XB;
    for (ci = 0; ci < LANES; ci = ci + 1)
        if (f_u_keep[ci] && f_u_user[6*ci +: 3] == CLS_OK
            && (f_u_user[6*ci+3 +: 3] == 3'd0 || f_u_user[6*ci+3 +: 3] == 3'd7))
            f_contract = 1'b0;
    // an error unit's code point is U+FFFD; a well-formed one's fits its
    // length (7 bits in one byte, 5n+1 in n)
    for (ci = 0; ci < LANES; ci = ci + 1)
        if (f_u_keep[ci] && (f_u_user[6*ci +: 3] != CLS_OK ? f_u_data[32*ci +: 32] != 32'h0000FFFD
                             : (f_u_data[32*ci +: 32] >> (f_u_user[6*ci+3 +: 3] == 3'd1 ? 7 : 5 * f_u_user[6*ci+3 +: 3] + 1)) != 0))
            f_contract = 1'b0;
end
always @(*) begin
    if (f_past_valid && !rst && f_u_valid) begin
        assume (f_contract);
    end
end

// ---------------------------------------------------------------------------
// The shadow byte queue: {from an error unit, ends a packet, byte}, head at 0

`include "utf8_fshadow_queue.vh"

// the beat's bytes, first at 0
integer j, g, b;
reg [7:0] ub [0:6*LANES-1];   // byte b of unit g at 6*g+b
always @(*)
    for (g = 0; g < LANES; g = g + 1)
        for (b = 0; b < 6; b = b + 1)
            ub[6*g+b] = fref_unit_byte(f_u_data[32*g +: 32], f_u_user[6*g+3 +: 3], f_u_user[6*g +: 3], b);
reg [9:0] pv [0:XB-1];
always @(*) begin
    for (j = 0; j < XB; j = j + 1) begin
        pv[j] = 10'd0;
        for (g = 0; g < LANES; g = g + 1)
            for (b = 0; b < 6; b = b + 1)
                if (b < unit_n(f_u_keep[g], f_u_user[6*g +: 6]) && u_off[g] + b == j)
                    pv[j] = {f_u_user[6*g +: 3] != CLS_OK, f_u_last && j + 1 == u_bytes, ub[6*g+b]};
    end
end

reg [9:0] sq_next;
always @(posedge clk) begin
    for (j = 0; j < Q; j = j + 1) begin
        sq_next = (j + pop_n < Q) ? sq[j + pop_n] : 10'd0;
        if (u_take && j >= push_at && j < push_at + u_bytes && j - push_at < XB)
            sq_next = pv[j - push_at];
        sq[j] <= sq_next;
    end
    sq_n <= push_at + (u_take ? u_bytes : 8'd0);
    if (rst) sq_n <= 8'd0;
end

// what the registers hold, as the queue must
wire [7:0] acc_n = f_acc_count;
wire [7:0] exp_n = f_exp_valid ? f_exp_count : 8'd0;
reg f_acc_ok, f_exp_ok, f_out_ok;
integer ai;
always @(*) begin
    f_acc_ok = 1'b1;
    for (ai = 0; ai < AB; ai = ai + 1)
        if (ai < acc_n && (sq[ai][7:0] != f_acc_data[8*ai +: 8]
                           || sq[ai][8] != (f_acc_end && ai + 1 == acc_n)))
            f_acc_ok = 1'b0;
    f_exp_ok = 1'b1;
    for (ai = 0; ai < XB; ai = ai + 1)
        if (ai < exp_n && (sq[acc_n + ai][7:0] != f_exp_data[8*ai +: 8]
                           || sq[acc_n + ai][8] != (f_exp_last && ai + 1 == exp_n)))
            f_exp_ok = 1'b0;
    // an output beat is the queue's head, tlast exactly on a packet's end
    f_out_ok = 1'b1;
    for (ai = 0; ai < LANES; ai = ai + 1)
        if (m_axis_tkeep[ai] && (sq[ai][7:0] != m_axis_tdata[8*ai +: 8]
                                 || sq[ai][8] != (m_axis_tlast && ai + 1 == kept(m_axis_tkeep))))
            f_out_ok = 1'b0;
end

always @(*) begin
    if (!rst && f_past_valid) begin
        if (m_axis_tvalid) begin
            assert (f_out_ok);
            assert (kept(m_axis_tkeep) <= sq_n);
        end
        // never more than the registers' bytes; the expansion register never
        // empty while valid (a beat has at least one unit)
        assert (f_acc_count <= AB);
        assert (!f_exp_valid || (f_exp_count >= 1 && f_exp_count <= XB));
        assert (!f_acc_end || f_acc_count >= 1);
        // the queue is the accumulator's bytes then the expansion register's
        assert (sq_n == acc_n + exp_n);
        assert (f_acc_ok);
        assert (f_exp_ok);
        // packets taken not yet out are the ends held inside
        assert (u_packets - m_packets == f_acc_end + (f_exp_valid && f_exp_last));
    end
end

endmodule

`default_nettype wire
