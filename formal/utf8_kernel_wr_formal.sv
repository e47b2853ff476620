// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`default_nettype none

/*
 * Formal harness of the kernel's AXI4 write master (rtl/kernel/utf8_kernel_wr.v)
 * at DATA_WIDTH 64, with small ADDR_WIDTH, MAX_BURST and FIFO_DEPTH so that a
 * bound of a few dozen clocks reaches bursts cut at a 4 KiB boundary. Commands
 * (address, abort), the byte stream (AXI4-Stream rules, utf8_faxis; beats full
 * but the last, whose tkeep is contiguous from lane 0 and may be empty), the
 * memory's answers (utf8_faxi_wr's rules, any response code) are free on
 * every clock.
 *   bmc    utf8_faxi_wr's rules on the master, from reset
 *   cover  utf8_faxi_addr's: a burst cut short by a 4 KiB boundary and the
 *          next burst starting on the page after it
 */
module utf8_kernel_wr_formal (
    input  wire        clk,
    input  wire        rst,
    input  wire        cmd_valid,
    input  wire [15:0] cmd_addr,
    input  wire        cmd_abort,
    input  wire [63:0] s_axis_tdata,
    input  wire [7:0]  s_axis_tkeep,
    input  wire        s_axis_tvalid,
    input  wire        s_axis_tlast,
    input  wire        m_axi_awready,
    input  wire        m_axi_wready,
    input  wire [1:0]  m_axi_bresp,
    input  wire        m_axi_bvalid
);

wire        s_axis_tready;
wire [15:0] m_axi_awaddr;
wire [7:0]  m_axi_awlen;
wire [2:0]  m_axi_awsize;
wire [1:0]  m_axi_awburst;
wire        m_axi_awvalid;
wire [63:0] m_axi_wdata;
wire [7:0]  m_axi_wstrb;
wire        m_axi_wlast;
wire        m_axi_wvalid;
wire        m_axi_bready;

utf8_kernel_wr #(
    .DATA_WIDTH(64),
    .ADDR_WIDTH(16),
    .MAX_BURST(4),
    .FIFO_DEPTH(8)
) dut (
    .clk(clk),
    .rst(rst),
    .cmd_valid(cmd_valid),
    .cmd_ready(),
    .cmd_addr(cmd_addr),
    .cmd_abort(cmd_abort),
    .busy(),
    .error(),
    .bytes(),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tkeep(s_axis_tkeep),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(s_axis_tready),
    .s_axis_tlast(s_axis_tlast),
    .m_axi_awaddr(m_axi_awaddr),
    .m_axi_awlen(m_axi_awlen),
    .m_axi_awsize(m_axi_awsize),
    .m_axi_awburst(m_axi_awburst),
    .m_axi_awcache(),
    .m_axi_awprot(),
    .m_axi_awvalid(m_axi_awvalid),
    .m_axi_awready(m_axi_awready),
    .m_axi_wdata(m_axi_wdata),
    .m_axi_wstrb(m_axi_wstrb),
    .m_axi_wlast(m_axi_wlast),
    .m_axi_wvalid(m_axi_wvalid),
    .m_axi_wready(m_axi_wready),
    .m_axi_bresp(m_axi_bresp),
    .m_axi_bvalid(m_axi_bvalid),
    .m_axi_bready(m_axi_bready)
);

// the byte stream: AXI4-Stream rules assumed
wire [7:0] f_s_beats, f_s_packets;
wire       f_s_open;
utf8_faxis #(
    .DATA_W(64),
    .KEEP_W(8),
    .USER_W(1),
    .F_INPUT(1),
    .F_KEEP(0),
    .F_FULL(1)
) s_rules (
    .clk(clk),
    .rst(rst),
    .tdata(s_axis_tdata),
    .tkeep(s_axis_tkeep),
    .tuser(1'b0),
    .tvalid(s_axis_tvalid),
    .tready(s_axis_tready),
    .tlast(s_axis_tlast),
    .f_beats(f_s_beats),
    .f_packets(f_s_packets),
    .f_open(f_s_open)
);
// the last beat's tkeep contiguous from lane 0, possibly empty
wire [8:0] f_keep_plus = {1'b0, s_axis_tkeep} + 9'd1;
always @(*) begin
    if (s_axis_tvalid) begin
        assume (({1'b0, s_axis_tkeep} & f_keep_plus) == 9'd0);
    end
end

utf8_faxi_wr #(
    .ADDR_W(16),
    .DATA_W(64),
    .MAX_BURST(4),
    .F_MAX_AHEAD(4),
    .CNT_W(4)
) faxi (
    .clk(clk),
    .rst(rst),
    .awaddr(m_axi_awaddr),
    .awlen(m_axi_awlen),
    .awsize(m_axi_awsize),
    .awburst(m_axi_awburst),
    .awvalid(m_axi_awvalid),
    .awready(m_axi_awready),
    .wdata(m_axi_wdata),
    .wstrb(m_axi_wstrb),
    .wlast(m_axi_wlast),
    .wvalid(m_axi_wvalid),
    .wready(m_axi_wready),
    .bresp(m_axi_bresp),
    .bvalid(m_axi_bvalid),
    .bready(m_axi_bready)
);

reg f_past_valid = 1'b0;
always @(posedge clk) f_past_valid <= 1'b1;

// the first clock is a reset
always @(*) begin
    if (!f_past_valid) begin
        assume (rst);
    end
end

endmodule

`default_nettype wire
