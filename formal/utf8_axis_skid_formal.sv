// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`default_nettype none

/*
 * Formal harness of the register slice (rtl/common/utf8_axis_skid.v) on its
 * own, with FREE_LOAD from the sby task (inside the narrow wide decoder its
 * skid register fills only when the ring stalls as a beat arrives, deeper
 * than that harness's bound reaches). The input follows the AXI4-Stream
 * rules (utf8_faxis, assumed) and each beat's data is its number since reset
 * (the input's beat count), any m_ready. Asserted (bounded, from reset):
 *  - the output follows the same rules (utf8_faxis, asserted): offered until
 *    taken, data unchanged while it waits;
 *  - every beat out is the next one in: its data is the output's own beat
 *    count, so none is lost, repeated or passed over;
 *  - at most two beats inside.
 */
module utf8_axis_skid_formal #(
    parameter FREE_LOAD = 0
) (
    input wire       clk,
    input wire       rst,
    input wire       s_valid,
    input wire       m_ready
);

localparam W = 4;

wire [W-1:0] s_data;
wire         s_ready;
wire [W-1:0] m_data;
wire         m_valid;

utf8_axis_skid #(.WIDTH(W), .FREE_LOAD(FREE_LOAD)) dut (
    .clk(clk), .rst(rst),
    .s_axis_tdata(s_data), .s_axis_tvalid(s_valid), .s_axis_tready(s_ready),
    .m_axis_tdata(m_data), .m_axis_tvalid(m_valid), .m_axis_tready(m_ready)
);

reg f_past_valid = 1'b0;
always @(posedge clk) f_past_valid <= 1'b1;
always @(*) if (!f_past_valid) assume(rst);

wire [W-1:0] f_in_beats, f_out_beats;
wire [W-1:0] f_in_packets, f_out_packets;
wire         f_in_open, f_out_open;

utf8_faxis #(.DATA_W(W), .F_INPUT(1), .CNT_W(W)) f_in (
    .clk(clk), .rst(rst), .tdata(s_data), .tkeep(1'b1), .tuser(1'b0),
    .tvalid(s_valid), .tready(s_ready), .tlast(1'b1),
    .f_beats(f_in_beats), .f_packets(f_in_packets), .f_open(f_in_open)
);
utf8_faxis #(.DATA_W(W), .F_INPUT(0), .CNT_W(W)) f_out (
    .clk(clk), .rst(rst), .tdata(m_data), .tkeep(1'b1), .tuser(1'b0),
    .tvalid(m_valid), .tready(m_ready), .tlast(1'b1),
    .f_beats(f_out_beats), .f_packets(f_out_packets), .f_open(f_out_open)
);

// a beat's data is its number: the input's count of beats taken before it
assign s_data = f_in_beats;

always @(*) begin
    if (f_past_valid && !rst) begin
        if (m_valid) assert(m_data == f_out_beats);
        assert(f_in_beats - f_out_beats <= 2);
    end
end

wire unused = &{1'b0, f_in_packets, f_out_packets, f_in_open, f_out_open, 1'b0};

endmodule

`default_nettype wire
