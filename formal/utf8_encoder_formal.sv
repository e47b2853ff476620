// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`default_nettype none

/*
 * Formal harness of the encoder (rtl/utf8_encoder.v), COUNT_WIDTH 4. Proven by
 * k-induction (formal/utf8_encoder.sby, task prove):
 *  - AXI4-Stream rules: assumed on s_axis, asserted on m_axis (utf8_faxis),
 *    with tkeep 1..6 lanes contiguous from lane 0;
 *  - conservation: the harness keeps every accepted code point in a shadow
 *    FIFO, in order; the beats inside the block are exactly the pipeline's
 *    valid stages (skid buffer, three stages, the output register), so none is
 *    lost, duplicated or reordered, and tlast goes with its beat;
 *  - the table: every stage holds what its shadow entry says (the raw code
 *    point, then the flags the RTL derives from it, then the length and class,
 *    then the octets), and every beat at m_axis is Table 4 of its code point in
 *    its packet's mode, or EF BF BD with the class SURROGATE or TOO_LARGE: for
 *    every one of the 2^32 inputs, since the code point is a free variable;
 *  - s_axis_tready is high whenever m_axis_tready has been high F_RUN clocks.
 * Task cover: both error classes, the skid buffer in use, a 6-octet beat, a
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
wire        f_dut_skid_valid, f_dut_p1_valid, f_dut_p2_valid, f_dut_p3_valid;
wire [31:0] f_dut_skid_cp, f_dut_p1_cp;
wire        f_dut_skid_last, f_dut_skid_mode, f_dut_p1_last, f_dut_p1_mode;
wire [30:0] f_dut_p2_cp, f_dut_p3_cp;
wire        f_dut_p2_nz_a, f_dut_p2_nz_b, f_dut_p2_nz_c, f_dut_p2_nz_d, f_dut_p2_nz_e;
wire        f_dut_p2_top, f_dut_p2_sur_lo, f_dut_p2_big_lo, f_dut_p2_last, f_dut_p2_mode;
wire [5:0]  f_dut_p3_len;
wire        f_dut_p3_err, f_dut_p3_sur, f_dut_p3_big, f_dut_p3_last;
wire [2:0]  f_dut_p3_class;
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

// Position of each stage's beat in the shadow FIFO: older stages are nearer
// the output, the skid buffer holds the newest.
wire [2:0] i_m    = sh_rd;
wire [2:0] i_p3   = i_m + m_axis_tvalid;
wire [2:0] i_p2   = i_p3 + f_dut_p3_valid;
wire [2:0] i_p1   = i_p2 + f_dut_p2_valid;
wire [2:0] i_skid = i_p1 + f_dut_p1_valid;
wire [33:0] e_m = sh[i_m], e_p3 = sh[i_p3], e_p2 = sh[i_p2], e_p1 = sh[i_p1], e_skid = sh[i_skid];

wire [50:0] r_m  = enc_ref(e_m[31:0]);
wire [2:0]  c_m  = cls_ref(e_m[31:0], e_m[33]);
wire [50:0] r_p3 = enc_ref(e_p3[31:0]);
wire [2:0]  c_p3 = cls_ref(e_p3[31:0], e_p3[33]);
wire [31:0] v_p2 = e_p2[31:0];

always @(*) begin
    if (!rst && f_past_valid) begin
        // every beat inside is one the shadow FIFO holds, in order
        assert (sh_cnt == m_axis_tvalid + f_dut_p3_valid + f_dut_p2_valid
                          + f_dut_p1_valid + f_dut_skid_valid);
        assert (sh_wr == sh_rd + sh_cnt[2:0]);
        assert (sh_cnt <= 4'd5);
        // ready only with the skid buffer free
        assert (!(s_axis_tready && f_dut_skid_valid));
        // the packet's mode is the one its first beat saw
        assert (f_dut_pkt_open == s_open);
        assert (!s_open || f_dut_pkt_mode == f_pkt_mode);
        if (f_dut_skid_valid) begin
            assert (f_dut_skid_cp == e_skid[31:0]);
            assert (f_dut_skid_last == e_skid[32]);
            assert (f_dut_skid_mode == e_skid[33]);
        end
        if (f_dut_p1_valid) begin
            assert (f_dut_p1_cp == e_p1[31:0]);
            assert (f_dut_p1_last == e_p1[32]);
            assert (f_dut_p1_mode == e_p1[33]);
        end
        if (f_dut_p2_valid) begin
            assert (f_dut_p2_cp == v_p2[30:0]);
            assert (f_dut_p2_nz_a == |v_p2[10:7]);
            assert (f_dut_p2_nz_b == |v_p2[15:11]);
            assert (f_dut_p2_nz_c == |v_p2[20:16]);
            assert (f_dut_p2_nz_d == |v_p2[25:21]);
            assert (f_dut_p2_nz_e == |v_p2[30:26]);
            assert (f_dut_p2_top == v_p2[31]);
            assert (f_dut_p2_sur_lo == (v_p2[15:11] == 5'b11011));
            assert (f_dut_p2_big_lo == (v_p2[20] && |v_p2[19:16]));
            assert (f_dut_p2_last == e_p2[32]);
            assert (f_dut_p2_mode == e_p2[33]);
        end
        if (f_dut_p3_valid) begin
            assert (f_dut_p3_cp == e_p3[30:0]);
            assert (f_dut_p3_class == c_p3);
            assert (f_dut_p3_err == (c_p3 != CLS_OK));
            assert (f_dut_p3_sur == (c_p3 == CLS_SURROGATE));
            assert (f_dut_p3_big == (c_p3 == CLS_TOO_LARGE));
            assert (c_p3 != CLS_OK || f_dut_p3_len == (6'd1 << (r_p3[50:48] - 1)));
            assert (f_dut_p3_last == e_p3[32]);
        end
        // the output: Table 4, or EF BF BD and the class
        if (m_axis_tvalid) begin
            assert (m_axis_tuser == c_m);
            assert (m_axis_tlast == e_m[32]);
            if (c_m == CLS_OK) begin
                assert (m_axis_tdata == r_m[47:0]);
                assert (m_axis_tkeep == ~(6'b111111 << r_m[50:48]));
            end else begin
                assert (m_axis_tdata == 48'h0000_00BD_BFEF);
                assert (m_axis_tkeep == 6'b000111);
            end
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
