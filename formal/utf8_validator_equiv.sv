// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`default_nettype none

/*
 * The wide validator's verdicts against the scalar decoder's (bounded; task
 * equiv_l1 of formal/utf8_validator.sby): both take the same bytes, the
 * validator at LANES 1 (QUEUE 4, widths 16) under any input gaps and output
 * backpressure, the scalar decoder (OFFSET_WIDTH 16) with its output always
 * ready; every verdict beat the validator gives is the scalar decoder's
 * per-packet status (invalid flag, first error class and offset), in packet
 * order; and once the input has rested between packets, the six error counters
 * agree. The scalar decoder's units are held to SPEC §2/§3 by its own table
 * check; its status is checked here only as the validator's peer.
 */
module utf8_validator_equiv (
    input wire       clk,
    input wire       rst,
    input wire [7:0] s_axis_tdata,
    input wire       s_axis_tvalid,
    input wire       s_axis_tlast,
    input wire       m_axis_tready,
    input wire       cfg_mode
);

localparam W = 16;

wire         v_ready;
wire [W-1:0] v_off;
wire [3:0]   v_user;
wire         v_valid;
wire         v_last;
wire         v_stat_valid, v_stat_error;
wire [W-1:0] v_stat_off;
wire [2:0]   v_stat_cls;
wire [6*W-1:0] v_count;

utf8_validator #(
    .LANES(1),
    .OFFSET_WIDTH(W),
    .COUNT_WIDTH(W),
    .QUEUE(4)
) val (
    .clk(clk),
    .rst(rst),
    .cfg_mode(cfg_mode),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tkeep(1'b1),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(v_ready),
    .s_axis_tlast(s_axis_tlast),
    .m_axis_tdata(v_off),
    .m_axis_tuser(v_user),
    .m_axis_tvalid(v_valid),
    .m_axis_tready(m_axis_tready),
    .m_axis_tlast(v_last),
    .stat_valid(v_stat_valid),
    .stat_error(v_stat_error),
    .stat_err_offset(v_stat_off),
    .stat_err_class(v_stat_cls),
    .err_count(v_count)
);

wire v_take = s_axis_tvalid && v_ready;

wire         d_ready;
wire [31:0]  d_data;
wire [5:0]   d_user;
wire         d_valid, d_last;
wire         d_stat_valid, d_stat_error;
wire [W-1:0] d_stat_off;
wire [2:0]   d_stat_cls;
wire [17:0]  d_count;

// the scalar decoder gets each byte as the validator takes it
utf8_decoder #(
    .OFFSET_WIDTH(W),
    .COUNT_WIDTH(3)
) dec (
    .clk(clk),
    .rst(rst),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tvalid(v_take),
    .s_axis_tready(d_ready),
    .s_axis_tlast(s_axis_tlast),
    .m_axis_tdata(d_data),
    .m_axis_tuser(d_user),
    .m_axis_tvalid(d_valid),
    .m_axis_tready(1'b1),
    .m_axis_tlast(d_last),
    .cfg_mode(cfg_mode),
    .stat_valid(d_stat_valid),
    .stat_error(d_stat_error),
    .stat_err_offset(d_stat_off),
    .stat_err_class(d_stat_cls),
    .err_count(d_count)
);

reg f_past_valid = 1'b0;
always @(posedge clk) f_past_valid <= 1'b1;
always @(*) if (!f_past_valid) assume(rst);

wire [7:0] s_beats, s_packets, m_beats, m_packets;
wire       s_open, m_open;
utf8_faxis #(.DATA_W(8), .KEEP_W(1), .USER_W(1), .F_INPUT(1)) f_s (
    .clk(clk), .rst(rst), .tdata(s_axis_tdata), .tkeep(1'b1), .tuser(1'b0),
    .tvalid(s_axis_tvalid), .tready(v_ready), .tlast(s_axis_tlast),
    .f_beats(s_beats), .f_packets(s_packets), .f_open(s_open)
);

// The scalar decoder takes a byte every clock while its output is ready
// (proven by utf8_decoder.sby's prove task); assumed here so that it never
// holds the validator's input back.
always @(*) if (!rst && v_take) assume (d_ready);

// the scalar decoder's verdicts, oldest at 0: {offset, class, error}
reg [W+3:0] vq [0:7];
reg [3:0]   vq_cnt = 4'd0;
wire v_pop = v_valid && m_axis_tready;
integer i;
always @(posedge clk) begin
    if (v_pop) for (i = 0; i < 7; i = i + 1) vq[i] <= vq[i+1];
    if (d_stat_valid) vq[vq_cnt[2:0] - v_pop] <= {d_stat_off, d_stat_cls, d_stat_error};
    vq_cnt <= vq_cnt + d_stat_valid - v_pop;
    if (rst) vq_cnt <= 4'd0;
end

// Error counters: once the input has been between packets for QUIET clocks,
// both blocks have counted every unit they took, and each of the validator's
// six counters, saturated at the scalar decoder's 3 bits, is the decoder's.
// QUIET covers the validator's longer pipeline (front, five reduction steps,
// the count and its delayed low half); earlier, the two may differ only in
// timing, which is the tests' business (they compare every clock to the model).
localparam QUIET = 5'd12;
reg [4:0] f_quiet = 5'd0;   // clocks since the last byte taken, saturating
always @(posedge clk) begin
    if (rst || v_take) f_quiet <= 5'd0;
    else if (f_quiet != 5'd31) f_quiet <= f_quiet + 5'd1;
end

function [2:0] sat3(input [W-1:0] n);
    sat3 = (n > 7) ? 3'd7 : n[2:0];
endfunction

integer c;
always @(*) begin
    if (!rst && f_past_valid && !s_open && f_quiet >= QUIET) begin
        for (c = 0; c < 6; c = c + 1) begin
            assert (sat3(v_count[c*W +: W]) == d_count[c*3 +: 3]);
        end
    end
end

always @(*) begin
    if (!rst && f_past_valid) begin
        assert (vq_cnt < 4'd8);
        if (v_valid) begin
            // the scalar decoder's verdict comes first
            assert (vq_cnt != 4'd0);
            assert ({v_off, v_user} == vq[0]);
        end
    end
end

endmodule

`default_nettype wire
