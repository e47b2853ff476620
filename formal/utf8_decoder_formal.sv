// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`default_nettype none

/*
 * Formal harness of the scalar decoder (rtl/stream/utf8_decoder.v). The sby tasks of
 * formal/utf8_decoder.sby pick the properties with defines:
 *  (always)  AXI4-Stream rules: assumed on s_axis, asserted on m_axis
 *            (utf8_faxis); the queue and output FIFO never overflow; the bytes
 *            inside the block add up to what came in less what went out;
 *            s_axis_tready is high whenever m_axis_tready has been high for
 *            F_RUN clocks (SPEC §5: a byte every clock on any input while the
 *            output is ready).
 *            The output FIFO hands on the unit register's units unchanged
 *            and in order (a shadow FIFO).
 *  F_TABLE   every unit the unit register emits (and so, by the FIFO
 *            property, every unit at m_axis) is what utf8_fref_decode (SPEC
 *            §2/§3) says of the bytes it covers, in the packet's mode, and
 *            carries tlast exactly when its last byte had it; each packet's
 *            unit lengths add up to its bytes (one tlast per packet, in order).
 *  F_COVER   covers: every error class, a full output FIFO, back-to-back
 *            1-byte packets, reset in the middle of a packet.
 * Internal signals are connected to the f_dut_* wires by the sby script
 * (connect -nounset -set after flatten): Yosys's own front end has no hierarchical
 * references.
 * Parameters: OFFSET_WIDTH 4, COUNT_WIDTH 3 (the datapath's widths do not
 * depend on them; the counters only wrap sooner).
 */
module utf8_decoder_formal (
    input wire       clk,
    input wire       rst,
    input wire [7:0] s_axis_tdata,
    input wire       s_axis_tvalid,
    input wire       s_axis_tlast,
    input wire       m_axis_tready,
    input wire       cfg_mode
);

`include "utf8_class_codes.vh"

localparam OFFSET_WIDTH = 4;
localparam COUNT_WIDTH = 3;
// clocks of m_axis_tready high after which s_axis_tready must be high
localparam F_RUN = 3;
// bytes the table check holds: more than can wait before the unit register
localparam H = 20;

wire        s_axis_tready;
wire [31:0] m_axis_tdata;
wire [5:0]  m_axis_tuser;
wire        m_axis_tvalid;
wire        m_axis_tlast;
wire        stat_valid;
wire        stat_error;
wire [OFFSET_WIDTH-1:0] stat_err_offset;
wire [2:0]  stat_err_class;
wire [6*COUNT_WIDTH-1:0] err_count;

utf8_decoder #(
    .OFFSET_WIDTH(OFFSET_WIDTH),
    .COUNT_WIDTH(COUNT_WIDTH)
) dut (
    .clk(clk),
    .rst(rst),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(s_axis_tready),
    .s_axis_tlast(s_axis_tlast),
    .m_axis_tdata(m_axis_tdata),
    .m_axis_tuser(m_axis_tuser),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready),
    .m_axis_tlast(m_axis_tlast),
    .cfg_mode(cfg_mode),
    .stat_valid(stat_valid),
    .stat_error(stat_error),
    .stat_err_offset(stat_err_offset),
    .stat_err_class(stat_err_class),
    .err_count(err_count)
);

// Internal state, driven by the sby script's connect -set
wire f_dut_ir_vld, f_dut_vld0, f_dut_vld1, f_dut_vld2;
wire f_dut_rem1, f_dut_open, f_dut_u_valid, f_dut_f1_vld, f_dut_f2_vld, f_dut_ready_int;
wire [2:0] f_dut_rem, f_dut_len;
wire [5:0] f_dut_u_user;
wire [38:0] f_dut_f1, f_dut_f2;
wire [31:0] f_dut_u_data;
wire f_dut_u_last;
wire [29:0] f_dut_ir;
wire [21:0] f_dut_ent0, f_dut_ent1, f_dut_ent2;
// copies of flops that enable groups of data flops (each group no more than 15
// flops, rtl/stream/utf8_decoder.v), and flags kept beside the values they describe
wire        f_dut_s_ready, f_dut_ent0_last, f_dut_u_last2, f_dut_f_last, f_dut_f_first;
wire        f_dut_dec_lead;
wire [1:0]  f_dut_val_last;
wire [2:0]  f_dut_out_vld;
// per offset segment: OFFSET_WIDTH 4 has two
wire [1:0]  f_dut_pos_clr, f_dut_stat_last, f_dut_perr_first, f_dut_start_lead;
wire [5:2]  f_dut_len_ge;

// A queue entry's flags agree with its need field (bits 11:9; zero at 15,
// one at 16), as the input register makes them.
function ent_ok;
    input [21:0] e;
    begin
        ent_ok = e[15] == (e[11:9] == 3'd0) && e[16] == (e[11:9] == 3'd1) && e[11:9] <= 3'd5;
    end
endfunction

reg f_past_valid = 1'b0;
always @(posedge clk) f_past_valid <= 1'b1;
// the clock after a reset
reg f_after_rst = 1'b1;
always @(posedge clk) f_after_rst <= rst;
always @(*) if (!f_past_valid) assume(rst);

// ---------------------------------------------------------------------------
// AXI4-Stream rules on both ports

wire [7:0] s_beats, s_packets, m_beats, m_packets;
wire       s_open, m_open;

utf8_faxis #(.DATA_W(8), .KEEP_W(1), .USER_W(1), .F_INPUT(1)) f_s (
    .clk(clk), .rst(rst), .tdata(s_axis_tdata), .tkeep(1'b1), .tuser(1'b0),
    .tvalid(s_axis_tvalid), .tready(s_axis_tready), .tlast(s_axis_tlast),
    .f_beats(s_beats), .f_packets(s_packets), .f_open(s_open)
);

utf8_faxis #(.DATA_W(32), .KEEP_W(1), .USER_W(6), .F_INPUT(0)) f_m (
    .clk(clk), .rst(rst), .tdata(m_axis_tdata), .tkeep(1'b1), .tuser(m_axis_tuser),
    .tvalid(m_axis_tvalid), .tready(m_axis_tready), .tlast(m_axis_tlast),
    .f_beats(m_beats), .f_packets(m_packets), .f_open(m_open)
);

// the packet's mode is sampled with its first byte, so the environment may
// change cfg_mode at any time
wire s_take = s_axis_tvalid && s_axis_tready;
wire m_take = m_axis_tvalid && m_axis_tready;
wire [2:0] m_len = m_axis_tuser[5:3];
wire [2:0] m_cls = m_axis_tuser[2:0];

// ---------------------------------------------------------------------------
// Bytes inside the block: in minus the unit lengths out

reg [7:0] f_in = 8'd0, f_out = 8'd0;
always @(posedge clk) begin
    if (s_take) f_in <= f_in + 1'b1;
    if (m_take) f_out <= f_out + m_len;
    if (rst) begin
        f_in <= 8'd0;
        f_out <= 8'd0;
    end
end
wire [7:0] f_inside = f_in - f_out;

// What the state says is inside: bytes waiting in the input register and the
// queue, the bytes of the open sequence, the lengths of units not yet taken.
wire [7:0] f_held = f_dut_ir_vld + f_dut_vld0 + f_dut_vld1 + f_dut_vld2
                  + (f_dut_open ? f_dut_len : 3'd0)
                  + (f_dut_u_valid ? f_dut_u_user[5:3] : 3'd0)
                  + (m_axis_tvalid ? m_len : 3'd0)
                  + (f_dut_f1_vld ? f_dut_f1[37:35] : 3'd0)
                  + (f_dut_f2_vld ? f_dut_f2[37:35] : 3'd0);

// a unit's length is 1..6
wire f_len_ok = (!f_dut_u_valid || (f_dut_u_user[5:3] != 0 && f_dut_u_user[5:3] <= 6))
             && (!m_axis_tvalid || (m_len != 0 && m_len <= 6))
             && (!f_dut_f1_vld || (f_dut_f1[37:35] != 0 && f_dut_f1[37:35] <= 6))
             && (!f_dut_f2_vld || (f_dut_f2[37:35] != 0 && f_dut_f2[37:35] <= 6));

always @(*) begin
    if (!rst && f_past_valid) begin
        // queue and FIFO fill from the bottom, without holes
        assert (f_dut_vld0 || !f_dut_vld1);
        assert (f_dut_vld1 || !f_dut_vld2);
        assert (m_axis_tvalid || !f_dut_f1_vld);
        assert (f_dut_f1_vld || !f_dut_f2_vld);
        // no byte overwritten in the input register: ready only with room
        assert (!(s_axis_tready && f_dut_ir_vld && f_dut_vld2));
        // the unit register always finds room in the output FIFO
        assert (!(f_dut_u_valid && m_axis_tvalid && f_dut_f1_vld && f_dut_f2_vld));
        assert (!(f_dut_ready_int && f_dut_u_valid && f_dut_f1_vld));
        assert (!(f_dut_ready_int && f_dut_f2_vld));
        // an open sequence has its next byte still to come
        assert (!f_dut_open || (f_dut_rem != 0 && f_dut_len != 0 && f_dut_len + f_dut_rem <= 6));
        assert (!f_dut_open || f_dut_rem1 == (f_dut_rem == 3'd1));
        assert (f_len_ok);
        assert (!f_dut_ir_vld || ent_ok(f_dut_ir[21:0]));
        assert (!f_dut_vld0 || ent_ok(f_dut_ent0));
        assert (!f_dut_vld1 || ent_ok(f_dut_ent1));
        assert (!f_dut_vld2 || ent_ok(f_dut_ent2));
        // conservation: nothing lost, duplicated or invented
        assert (f_inside == f_held);
        // copies with no reset follow their flop from the second clock after a
        // reset on
        if (!f_after_rst) begin
            assert (f_dut_out_vld == {3{m_axis_tvalid}});
            assert (f_dut_perr_first == {2{f_dut_f_first}});
        end
    end
end

// The other copies agree with what they copy in every clock, reset included
// (they and their originals are reset alike or not at all).
always @(*) begin
    if (f_past_valid) begin
        assert (f_dut_s_ready == !(f_dut_ir_vld && f_dut_vld2));
        assert (f_dut_ent0_last == f_dut_ent0[8]);
        assert (f_dut_val_last == {2{f_dut_ent0[8]}});
        assert (f_dut_u_last2 == f_dut_u_last);
        assert (f_dut_pos_clr[1] == f_dut_pos_clr[0]);
        assert (f_dut_stat_last[1] == f_dut_f_last);
        assert (f_dut_start_lead == {2{f_dut_dec_lead}});
        assert (f_dut_len_ge == {f_dut_len >= 3'd5, f_dut_len >= 3'd4, f_dut_len >= 3'd3,
                                 f_dut_len >= 3'd2});
    end
end

// SPEC §5: a byte every clock while the output is ready
reg [2:0] f_run = 3'd0;
always @(posedge clk) begin
    if (rst || !m_axis_tready) f_run <= 3'd0;
    else if (f_run != F_RUN) f_run <= f_run + 1'b1;
end
always @(*) if (!rst && f_run == F_RUN) assert (s_axis_tready);

// ---------------------------------------------------------------------------
// The output FIFO passes on the unit register's units unchanged and in order:
// a shadow FIFO of the units pushed, against the FIFO's entries

reg [38:0] fsh [0:3];
reg [2:0]  fsh_cnt = 3'd0;
wire [38:0] u_beat = {f_dut_u_last, f_dut_u_user, f_dut_u_data};
always @(posedge clk) begin
    // head at 0: a pop shifts down, a push lands behind the last entry
    if (m_take) begin
        fsh[0] <= fsh[1];
        fsh[1] <= fsh[2];
        fsh[2] <= fsh[3];
    end
    if (f_dut_u_valid) fsh[fsh_cnt[1:0] - m_take] <= u_beat;
    fsh_cnt <= fsh_cnt + f_dut_u_valid - m_take;
    if (rst) fsh_cnt <= 3'd0;
end
always @(*) begin
    if (!rst && f_past_valid) begin
        assert (fsh_cnt == m_axis_tvalid + f_dut_f1_vld + f_dut_f2_vld);
        if (m_axis_tvalid) assert ({m_axis_tlast, m_axis_tuser, m_axis_tdata} == fsh[0]);
        if (f_dut_f1_vld) assert (f_dut_f1 == fsh[1]);
        if (f_dut_f2_vld) assert (f_dut_f2 == fsh[2]);
    end
end

`ifdef F_TABLE
// ---------------------------------------------------------------------------
// Every unit the unit register emits against the reference (the FIFO after it
// is proven faithful above); per-packet conservation at the same point

// Mode of the packet each byte belongs to, as the environment chose it
reg f_pkt_mode = 1'b0;
always @(posedge clk) if (s_take && !s_open) f_pkt_mode <= cfg_mode;
wire f_byte_mode = s_open ? f_pkt_mode : cfg_mode;

wire [2:0] e_len = f_dut_u_user[5:3];
reg [7:0] f_ein = 8'd0;    // bytes in, as f_in, kept here for the window
reg [7:0] f_eout = 8'd0;   // unit lengths emitted by the unit register
reg [7:0] f_epkts = 8'd0;  // packets closed by the unit register
always @(posedge clk) begin
    if (s_take) f_ein <= f_ein + 1'b1;
    if (f_dut_u_valid) f_eout <= f_eout + e_len;
    if (f_dut_u_valid && f_dut_u_last) f_epkts <= f_epkts + 1'b1;
    if (rst) begin
        f_ein <= 8'd0;
        f_eout <= 8'd0;
        f_epkts <= 8'd0;
    end
end
wire [7:0] f_before = f_ein - f_eout;   // bytes not yet in a unit

// Those bytes, oldest (the first byte of the next unit) at 0: {mode, last, byte}
reg [9:0] win [0:H-1];
wire [7:0] f_after = f_before - (f_dut_u_valid ? e_len : 3'd0);
integer j;
always @(posedge clk) begin
    for (j = 0; j < H; j = j + 1) begin
        if (f_dut_u_valid) win[j] <= (j + e_len < H) ? win[j + e_len] : 10'd0;
        if (s_take && f_after == j) win[j] <= {f_byte_mode, s_axis_tlast, s_axis_tdata};
    end
end

// the unit's bytes and the one after it
reg [55:0] u_win;
reg [6:0]  u_known, u_ended;
integer k;
always @(*) begin
    u_win = 56'd0;
    u_known = 7'd0;
    u_ended = 7'd0;
    for (k = 0; k < 7; k = k + 1) begin
        u_win[8*k +: 8] = win[k][7:0];
        u_known[k] = f_before > k;
        if (k > 0) u_ended[k] = u_ended[k-1] || (u_known[k-1] && win[k-1][8]);
    end
end
wire [9:0] u_first = win[0];
wire [9:0] u_final = win[e_len - 1];

wire [2:0]  ref_len, ref_cls;
wire [31:0] ref_cp;
wire        ref_undecided;
utf8_fref_decode ref_inst (
    .win(u_win), .known(u_known), .ended(u_ended), .annex(u_first[9]),
    .len(ref_len), .cls(ref_cls), .cp(ref_cp), .undecided(ref_undecided)
);

// byte count at the end of each input packet, by packet number
reg [7:0] pkt_end [0:15];
always @(posedge clk) begin
    if (s_take && s_axis_tlast) pkt_end[s_packets[3:0]] <= f_ein + 1'b1;
end

always @(*) begin
    if (!rst && f_past_valid) begin
        assert (f_before < H - 7);
        if (f_dut_u_valid) begin
            assert (f_before >= e_len);
            assert (!ref_undecided);
            assert (e_len == ref_len);
            assert (f_dut_u_user[2:0] == ref_cls);
            assert (f_dut_u_data == ref_cp);
            assert (f_dut_u_last == u_final[8]);
            // per packet: the unit that carries tlast closes exactly the
            // bytes of its packet, and packets close in order
            if (f_dut_u_last) assert (f_eout + e_len == pkt_end[f_epkts[3:0]]);
        end
        // no packet closed before it came in
        assert ((s_packets - f_epkts) <= 8'd12);
    end
end
`endif

`ifdef F_COVER
// ---------------------------------------------------------------------------
// Covers
reg f_rst_mid = 1'b0;   // a reset came in the middle of a packet
reg f_one_q = 1'b0;     // the last packet out was a 1-byte packet
always @(posedge clk) begin
    if (rst && s_open) f_rst_mid <= 1'b1;
    if (m_take) f_one_q <= m_axis_tlast && m_len == 3'd1 && !m_open;
end
always @(posedge clk) begin
    if (!rst) begin
        cover (m_take && m_cls == CLS_TOO_SHORT);
        cover (m_take && m_cls == CLS_TOO_LONG);
        cover (m_take && m_cls == CLS_OVERLONG);
        cover (m_take && m_cls == CLS_SURROGATE);
        cover (m_take && m_cls == CLS_TOO_LARGE);
        cover (m_take && m_cls == CLS_HEADER_BITS);
        // the longest units in each mode (how deep the bounded table check
        // must go to see them)
        cover (m_take && m_len == 3'd4 && m_cls == CLS_OK);
        cover (m_take && m_len == 3'd5 && m_cls == CLS_OK);
        cover (m_take && m_len == 3'd6 && m_cls == CLS_OK);
        // the output FIFO full
        cover (m_axis_tvalid && f_dut_f1_vld && f_dut_f2_vld);
        // back-to-back 1-byte packets out, one per clock
        cover (f_one_q && m_take && m_axis_tlast && m_len == 3'd1 && !m_open && $past(m_take));
        // a reset mid-packet, then a whole packet through
        cover (f_rst_mid && m_take && m_axis_tlast);
    end
end
`endif

endmodule

`default_nettype wire
