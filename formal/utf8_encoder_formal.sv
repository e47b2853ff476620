// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`default_nettype none

/*
 * Formal harness of the encoder (rtl/stream/utf8_encoder.v), COUNT_WIDTH 4. Proven by
 * k-induction (formal/utf8_encoder.sby, task prove):
 *  - AXI4-Stream rules: assumed on s_axis, asserted on m_axis (utf8_faxis),
 *    with tkeep 1..6 lanes contiguous from lane 0;
 *  - conservation: the harness keeps every accepted code point in a shadow
 *    FIFO, in order; the beats inside the block are exactly the pipeline's
 *    valid stages (three stages, then the output buffer: its skid entry and
 *    its head, the output register), so none is lost, duplicated or
 *    reordered, and tlast goes with its beat;
 *  - the table: every stage holds what its shadow entry says (the flags the
 *    RTL derives from the code point, then the length and class, then the
 *    output beat), and every beat in the buffer and at m_axis is Table 4 of its
 *    code point in its packet's mode, or EF BF BD with the class SURROGATE or
 *    TOO_LARGE: for every one of the 2^32 inputs, since the code point is a
 *    free variable;
 *  - the copies of the control flops that enable the data flops equal their
 *    flop, except in the clock after a reset, when no beat is inside;
 *  - s_axis_tready is high whenever m_axis_tready has been high F_RUN clocks.
 * Task cover: both error classes, the skid entry in use, a 6-octet beat, a
 * reset in the middle of a packet followed by a whole packet.
 * The reference (enc_ref, cls_ref) is written from SPEC §4 and Annex R Table 4
 * by value ranges, sharing no code with the RTL's bit-group flags.
 */
module utf8_encoder_formal (
    input wire        clk,
    input wire        rst,
    input wire [31:0] s_axis_tdata,
    input wire        s_axis_tvalid,
    input wire        s_axis_tlast,
    input wire        m_axis_tready,
    input wire        cfg_mode
);

`include "utf8_class_codes.vh"

localparam COUNT_WIDTH = 4;
localparam F_RUN = 2;

wire        s_axis_tready;
wire [47:0] m_axis_tdata;
wire [5:0]  m_axis_tkeep;
wire        m_axis_tvalid;
wire        m_axis_tlast;
wire [2:0]  m_axis_tuser;
wire [6*COUNT_WIDTH-1:0] err_count;

utf8_encoder #(
    .COUNT_WIDTH(COUNT_WIDTH)
) dut (
    .clk(clk),
    .rst(rst),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(s_axis_tready),
    .s_axis_tlast(s_axis_tlast),
    .m_axis_tdata(m_axis_tdata),
    .m_axis_tkeep(m_axis_tkeep),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready),
    .m_axis_tlast(m_axis_tlast),
    .m_axis_tuser(m_axis_tuser),
    .cfg_mode(cfg_mode),
    .err_count(err_count)
);

// Internal state, driven by the sby script's connect -set
wire        f_dut_adv, f_dut_p1_valid, f_dut_p2_valid, f_dut_p3_valid, f_dut_skid_valid;
wire [40:0] f_dut_p1;
wire [41:0] f_dut_p2;
wire [57:0] f_dut_p3, f_dut_skid;
wire [12:0] f_dut_adv_cp;
wire [4:0]  f_dut_m_valid_cp, f_dut_skid_valid_cp;
wire        f_dut_pkt_open, f_dut_pkt_mode;

reg f_past_valid = 1'b0;
always @(posedge clk) f_past_valid <= 1'b1;
always @(*) if (!f_past_valid) assume(rst);

// ---------------------------------------------------------------------------
// AXI4-Stream rules

wire [7:0] s_beats, s_packets, m_beats, m_packets;
wire       s_open, m_open;

utf8_faxis #(.DATA_W(32), .KEEP_W(1), .USER_W(1), .F_INPUT(1)) f_s (
    .clk(clk), .rst(rst), .tdata(s_axis_tdata), .tkeep(1'b1), .tuser(1'b0),
    .tvalid(s_axis_tvalid), .tready(s_axis_tready), .tlast(s_axis_tlast),
    .f_beats(s_beats), .f_packets(s_packets), .f_open(s_open)
);

utf8_faxis #(.DATA_W(48), .KEEP_W(6), .USER_W(3), .F_INPUT(0), .F_KEEP(1)) f_m (
    .clk(clk), .rst(rst), .tdata(m_axis_tdata), .tkeep(m_axis_tkeep), .tuser(m_axis_tuser),
    .tvalid(m_axis_tvalid), .tready(m_axis_tready), .tlast(m_axis_tlast),
    .f_beats(m_beats), .f_packets(m_packets), .f_open(m_open)
);

wire s_take = s_axis_tvalid && s_axis_tready;
wire m_take = m_axis_tvalid && m_axis_tready;

// ---------------------------------------------------------------------------
// Reference: SPEC §4, Annex R Table 4

// octets of a value (lanes beyond the sequence zero) and its length
function [50:0] enc_ref;   // {len[2:0], octets[47:0]}
    input [31:0] v;
    begin
        if (v < 32'h80)
            enc_ref = {3'd1, 40'd0, v[7:0]};
        else if (v < 32'h800)
            enc_ref = {3'd2, 32'd0, 2'b10, v[5:0], 3'b110, v[10:6]};
        else if (v < 32'h10000)
            enc_ref = {3'd3, 24'd0, 2'b10, v[5:0], 2'b10, v[11:6], 4'b1110, v[15:12]};
        else if (v < 32'h200000)
            enc_ref = {3'd4, 16'd0, 2'b10, v[5:0], 2'b10, v[11:6], 2'b10, v[17:12],
                       5'b11110, v[20:18]};
        else if (v < 32'h4000000)
            enc_ref = {3'd5, 8'd0, 2'b10, v[5:0], 2'b10, v[11:6], 2'b10, v[17:12],
                       2'b10, v[23:18], 6'b111110, v[25:24]};
        else
            enc_ref = {3'd6, 2'b10, v[5:0], 2'b10, v[11:6], 2'b10, v[17:12],
                       2'b10, v[23:18], 2'b10, v[29:24], 7'b1111110, v[30]};
    end
endfunction

function [2:0] cls_ref;
    input [31:0] v;
    input        annex;
    begin
        if (v >= 32'hD800 && v <= 32'hDFFF)
            cls_ref = CLS_SURROGATE;
        else if (annex ? v > 32'h7FFFFFFF : v > 32'h10FFFF)
            cls_ref = CLS_TOO_LARGE;
        else
            cls_ref = CLS_OK;
    end
endfunction

// ---------------------------------------------------------------------------
// Shadow FIFO of the accepted beats: {mode, last, code point}, oldest at rd

reg f_pkt_mode = 1'b0;
always @(posedge clk) if (s_take && !s_open) f_pkt_mode <= cfg_mode;
wire f_beat_mode = s_open ? f_pkt_mode : cfg_mode;

reg [33:0] sh [0:7];
reg [2:0]  sh_wr = 3'd0, sh_rd = 3'd0;
reg [3:0]  sh_cnt = 4'd0;
always @(posedge clk) begin
    if (s_take) begin
        sh[sh_wr] <= {f_beat_mode, s_axis_tlast, s_axis_tdata};
        sh_wr <= sh_wr + 1'b1;
    end
    if (m_take) sh_rd <= sh_rd + 1'b1;
    sh_cnt <= sh_cnt + s_take - m_take;
    if (rst) begin
        sh_wr <= 3'd0;
        sh_rd <= 3'd0;
        sh_cnt <= 4'd0;
    end
end

// Position of each beat in the shadow FIFO: the head is the oldest, then the
// skid entry, then stages 3, 2, 1.
wire [2:0] i_m    = sh_rd;
wire [2:0] i_skid = i_m + m_axis_tvalid;
wire [2:0] i_p3   = i_skid + f_dut_skid_valid;
wire [2:0] i_p2   = i_p3 + f_dut_p3_valid;
wire [2:0] i_p1   = i_p2 + f_dut_p2_valid;
wire [33:0] e_m = sh[i_m], e_skid = sh[i_skid], e_p3 = sh[i_p3], e_p2 = sh[i_p2], e_p1 = sh[i_p1];

// An output beat, {tlast, tuser, tkeep, tdata}, as Table 4 says it
function [57:0] beat_ref;
    input [33:0] e;  // {mode, last, code point}
    reg [50:0] r;
    reg [2:0]  c;
    begin
        r = enc_ref(e[31:0]);
        c = cls_ref(e[31:0], e[33]);
        if (c == CLS_OK)
            beat_ref = {e[32], c, ~(6'b111111 << r[50:48]), r[47:0]};
        else
            beat_ref = {e[32], c, 6'b000111, 48'h0000_00BD_BFEF};
    end
endfunction

wire [31:0] v_p1 = e_p1[31:0];
wire [50:0] r_p2 = enc_ref(e_p2[31:0]);
wire [2:0]  c_p2 = cls_ref(e_p2[31:0], e_p2[33]);

// the clock after a reset
reg f_after_rst = 1'b1;
always @(posedge clk) f_after_rst <= rst;

always @(*) begin
    if (!rst && f_past_valid) begin
        // every beat inside is one the shadow FIFO holds, in order
        assert (sh_cnt == m_axis_tvalid + f_dut_skid_valid + f_dut_p3_valid + f_dut_p2_valid
                          + f_dut_p1_valid);
        assert (sh_wr == sh_rd + sh_cnt[2:0]);
        assert (sh_cnt <= 4'd5);
        // the skid entry holds a beat only behind a full head, and then the
        // stages stop (s_axis_tready is the stages' enable)
        assert (!f_dut_skid_valid || (m_axis_tvalid && !f_dut_adv));
        assert (s_axis_tready == f_dut_adv);
        // the copies follow their flops, except in the clock after a reset,
        // when nothing is inside
        if (f_after_rst) begin
            assert (sh_cnt == 4'd0 && !f_dut_adv);
        end else begin
            assert (f_dut_adv_cp == {13{f_dut_adv}});
            assert (f_dut_m_valid_cp == {5{m_axis_tvalid}});
            assert (f_dut_skid_valid_cp == {5{f_dut_skid_valid}});
        end
        // the packet's mode is the one its first beat saw
        assert (f_dut_pkt_open == s_open);
        assert (!s_open || f_dut_pkt_mode == f_pkt_mode);
        if (f_dut_p1_valid) begin
            assert (f_dut_p1[30:0] == v_p1[30:0]);
            assert (f_dut_p1[31] == |v_p1[10:7]);
            assert (f_dut_p1[32] == |v_p1[15:11]);
            assert (f_dut_p1[33] == |v_p1[20:16]);
            assert (f_dut_p1[34] == |v_p1[25:21]);
            assert (f_dut_p1[35] == |v_p1[30:26]);
            assert (f_dut_p1[36] == v_p1[31]);
            assert (f_dut_p1[37] == (v_p1[15:11] == 5'b11011));
            assert (f_dut_p1[38] == (v_p1[20] && |v_p1[19:16]));
            assert (f_dut_p1[39] == e_p1[33]);
            assert (f_dut_p1[40] == e_p1[32]);
        end
        if (f_dut_p2_valid) begin
            assert (f_dut_p2[30:0] == e_p2[30:0]);
            assert (c_p2 != CLS_OK || f_dut_p2[36:31] == (6'd1 << (r_p2[50:48] - 1)));
            assert (f_dut_p2[37] == (c_p2 != CLS_OK));
            assert (f_dut_p2[40:38] == c_p2);
            assert (f_dut_p2[41] == e_p2[32]);
        end
        if (f_dut_p3_valid) assert (f_dut_p3 == beat_ref(e_p3));
        if (f_dut_skid_valid) assert (f_dut_skid == beat_ref(e_skid));
        // the output: Table 4, or EF BF BD and the class
        if (m_axis_tvalid) begin
            assert ({m_axis_tlast, m_axis_tuser, m_axis_tkeep, m_axis_tdata} == beat_ref(e_m));
        end
    end
end

// SPEC §5: a code point every clock while the output is ready
reg [1:0] f_run = 2'd0;
always @(posedge clk) begin
    if (rst || !m_axis_tready) f_run <= 2'd0;
    else if (f_run != F_RUN) f_run <= f_run + 1'b1;
end
always @(*) if (!rst && f_run == F_RUN) assert (s_axis_tready);

`ifdef F_COVER
reg f_rst_mid = 1'b0;
always @(posedge clk) if (rst && s_open) f_rst_mid <= 1'b1;
always @(posedge clk) begin
    if (!rst) begin
        cover (m_take && m_axis_tuser == CLS_SURROGATE);
        cover (m_take && m_axis_tuser == CLS_TOO_LARGE && e_m[33]);
        cover (m_take && m_axis_tkeep == 6'b111111);
        cover (f_dut_skid_valid);
        cover (f_rst_mid && m_take && m_axis_tlast);
    end
end
`endif

endmodule

`default_nettype wire
