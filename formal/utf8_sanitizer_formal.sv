// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`default_nettype none

/*
 * Formal harness of the wide sanitizer (rtl/utf8_sanitizer.v) at small
 * parameters: LANES (1 or 2, from the sby task), DEPTH 4, OFFSET_WIDTH and
 * COUNT_WIDTH 16 (the least the block takes).
 *
 * The properties are stated at the sanitizer's own boundary and at the unit
 * stream between its wide decoder and its expansion stage (unit_*):
 *  - AXI4-Stream rules: assumed on s_axis (tkeep contiguous from lane 0, only
 *    a last beat partial), asserted on m_axis (tkeep contiguous and non-zero,
 *    only a packet's last beat partial, a stalled beat unchanged);
 *  - a shadow byte queue: every unit taken from the wide decoder pushes its
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
 *    mark, and the packets taken from the wide decoder less those out are
 *    the packet ends the two registers hold.
 * Without F_REAL (prove_lN, k-induction; bmc_abs_l1) the wide decoder is replaced
 * by formal/utf8_fwide_units.v, whose unit stream is free but for what the
 * wide decoder's own proofs and this file's bounded tasks establish of it,
 * ASSUMED here: the AXI4-Stream rules with tkeep contiguous and non-zero, and
 * the unit contract (a well-formed unit 1..6 bytes, its code point fitting
 * that length; an error unit's code point U+FFFD; a beat's units re-encode to
 * at most 3*LANES+3 bytes). With F_REAL (bmc_lN, cover_l2) the real wide
 * decoder runs, the same rules and contract are ASSERTED on its output, and
 * packets are counted at s_axis too.
 * F_COVER: an error unit's EF BF BD out, the accumulator holding more than a
 * beat with the output stalled and s_axis_tready low, back-to-back 1-byte
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
// the sanitizer's byte bounds (rtl/utf8_sanitizer.v)
localparam XB = 3 * LANES + 3;
localparam AB = LANES + XB;
localparam NW = $clog2(AB + 1);
// the shadow queue's room: the most the two registers hold
localparam Q = AB + XB;

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

// Internal state, driven by the sby script's connect -nounset -set: the unit
// stream, the expansion register and the accumulator
wire [32*LANES-1:0] f_u_data;
wire [LANES-1:0]    f_u_keep;
wire [6*LANES-1:0]  f_u_user;
wire                f_u_valid, f_u_ready, f_u_last;
wire                f_exp_valid, f_exp_last;
wire [8*XB-1:0]     f_exp_data;
wire [NW-1:0]       f_exp_count;
wire [8*AB-1:0]     f_acc_data;
wire [NW-1:0]       f_acc_count;
wire                f_acc_end;

reg f_past_valid = 1'b0;
always @(posedge clk) f_past_valid <= 1'b1;
always @(*) if (!f_past_valid) assume(rst);

wire [7:0] s_beats, s_packets, m_beats, m_packets, u_beats, u_packets;
wire       s_open, m_open, u_open;

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

// the unit stream: assumed of the abstract decoder, asserted of the real one
`ifdef F_REAL
localparam F_UNITS_IN = 0;
`else
localparam F_UNITS_IN = 1;
`endif
utf8_faxis #(.DATA_W(32*LANES), .KEEP_W(LANES), .USER_W(6*LANES), .F_INPUT(F_UNITS_IN), .F_KEEP(1)) f_u (
    .clk(clk), .rst(rst), .tdata(f_u_data), .tkeep(f_u_keep), .tuser(f_u_user),
    .tvalid(f_u_valid), .tready(f_u_ready), .tlast(f_u_last),
    .f_beats(u_beats), .f_packets(u_packets), .f_open(u_open)
);

wire s_take = s_axis_tvalid && s_axis_tready;
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

// byte i (0 first) of a unit
function [7:0] unit_byte;
    input [31:0] cp;
    input [5:0]  user;
    input [2:0]  i;
    reg   [2:0]  n;
    reg   [31:0] v;
    begin
        n = user[5:3];
        if (user[2:0] != CLS_OK) begin
            unit_byte = (i == 3'd0) ? 8'hEF : (i == 3'd1) ? 8'hBF : 8'hBD;
        end else if (n == 3'd1) begin
            unit_byte = {1'b0, cp[6:0]};
        end else begin
            v = cp >> (6 * (n - 1 - i));
            if (i == 3'd0)
                unit_byte = (8'hFF << (8 - n)) | (v[7:0] & (8'hFF >> (n + 1)));
            else
                unit_byte = {2'b10, v[5:0]};
        end
    end
endfunction

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
`ifdef F_REAL
        assert (f_contract);
`else
        assume (f_contract);
`endif
    end
end

// ---------------------------------------------------------------------------
// The shadow byte queue: {from an error unit, ends a packet, byte}, head at 0

reg [9:0] sq [0:Q-1];
reg [7:0] sq_n = 8'd0;

function [7:0] kept;
    input [LANES-1:0] k;
    integer i;
    begin
        kept = 8'd0;
        for (i = 0; i < LANES; i = i + 1) kept = kept + k[i];
    end
endfunction

wire [7:0] pop_n = m_take ? kept(m_axis_tkeep) : 8'd0;
wire [7:0] push_at = sq_n - pop_n;

// the beat's bytes, first at 0
integer j, g, b;
reg [7:0] ub [0:6*LANES-1];   // byte b of unit g at 6*g+b
always @(*)
    for (g = 0; g < LANES; g = g + 1)
        for (b = 0; b < 6; b = b + 1)
            ub[6*g+b] = unit_byte(f_u_data[32*g +: 32], f_u_user[6*g +: 6], b);
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
        // packets from the wide decoder not yet out are the ends held inside
        assert (u_packets - m_packets == f_acc_end + (f_exp_valid && f_exp_last));
`ifdef F_REAL
        // packets in s_axis before the unit stream before m_axis
        assert (u_packets <= s_packets);
        assert (m_packets <= u_packets);
`endif
    end
end

`ifdef F_COVER
reg f_rst_mid = 1'b0;
always @(posedge clk) if (rst && s_open) f_rst_mid <= 1'b1;
always @(posedge clk) begin
    if (!rst) begin
        // an error unit taken, and its EF BF BD leaving (its first and last
        // bytes at m_axis)
        cover (u_take && f_u_keep[0] && f_u_user[2:0] != CLS_OK);
        cover (m_take && sq[0][9] && m_axis_tdata[7:0] == 8'hEF);
        cover (m_take && m_axis_tkeep[LANES-1] && sq[LANES-1][9] && m_axis_tdata[8*LANES-1 -: 8] == 8'hBD);
        // the accumulator holding more than a beat, the output stalled, the
        // expansion register not taken and the input withdrawn
        cover (f_acc_count > LANES && !m_axis_tready && !f_u_ready && !s_axis_tready);
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
