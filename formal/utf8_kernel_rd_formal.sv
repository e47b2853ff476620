// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`default_nettype none

/*
 * Formal harness of the kernel's AXI4 read master (rtl/kernel/utf8_kernel_rd.v)
 * at DATA_WIDTH 64, with small ADDR_WIDTH, MAX_BURST and OUTSTANDING so that a
 * bound of a few dozen clocks reaches bursts cut at a 4 KiB boundary and the
 * buffer full. Commands (address, length, held bytes, abort), the memory's
 * answers (within utf8_faxi_rd's rules: in order, RLAST on each burst's last
 * beat, any response code) and m_axis_tready are free on every clock.
 *   bmc    utf8_faxi_rd's rules on the master, from reset
 *   prove  the same by k-induction, with invariants that tie the master's
 *          counts (bursts and beats owed, the AR on offer) to utf8_faxi_rd's
 *          and its next-burst registers to their definition
 *   cover  utf8_faxi_addr's: a burst cut short by a 4 KiB boundary and the
 *          next burst starting on the page after it
 */
module utf8_kernel_rd_formal (
    input  wire        clk,
    input  wire        rst,
    input  wire        cmd_valid,
    input  wire [15:0] cmd_addr,
    input  wire [63:0] cmd_len,
    input  wire [39:0] cmd_held_data,
    input  wire [2:0]  cmd_held_count,
    input  wire        cmd_abort,
    input  wire        m_axi_arready,
    input  wire [63:0] m_axi_rdata,
    input  wire [1:0]  m_axi_rresp,
    input  wire        m_axi_rlast,
    input  wire        m_axi_rvalid,
    input  wire        m_axis_tready
);

wire [15:0] m_axi_araddr;
wire [7:0]  m_axi_arlen;
wire [2:0]  m_axi_arsize;
wire [1:0]  m_axi_arburst;
wire        m_axi_arvalid;
wire        m_axi_rready;

utf8_kernel_rd #(
    .DATA_WIDTH(64),
    .ADDR_WIDTH(16),
    .MAX_BURST(4),
    .OUTSTANDING(2)
) dut (
    .clk(clk),
    .rst(rst),
    .cmd_valid(cmd_valid),
    .cmd_ready(),
    .cmd_addr(cmd_addr),
    .cmd_len(cmd_len),
    .cmd_held_data(cmd_held_data),
    .cmd_held_count(cmd_held_count),
    .cmd_abort(cmd_abort),
    .busy(),
    .error(),
    .m_axi_araddr(m_axi_araddr),
    .m_axi_arlen(m_axi_arlen),
    .m_axi_arsize(m_axi_arsize),
    .m_axi_arburst(m_axi_arburst),
    .m_axi_arcache(),
    .m_axi_arprot(),
    .m_axi_arvalid(m_axi_arvalid),
    .m_axi_arready(m_axi_arready),
    .m_axi_rdata(m_axi_rdata),
    .m_axi_rresp(m_axi_rresp),
    .m_axi_rlast(m_axi_rlast),
    .m_axi_rvalid(m_axi_rvalid),
    .m_axi_rready(m_axi_rready),
    .m_axis_tdata(),
    .m_axis_tkeep(),
    .m_axis_tvalid(),
    .m_axis_tready(m_axis_tready),
    .m_axis_tlast()
);

wire [1:0] f_out;
wire [15:0] f_due;

utf8_faxi_rd #(
    .ADDR_W(16),
    .DATA_W(64),
    .MAX_BURST(4),
    .F_MAX_OUT(2),
    .OUT_W(2)
) faxi (
    .clk(clk),
    .rst(rst),
    .araddr(m_axi_araddr),
    .arlen(m_axi_arlen),
    .arsize(m_axi_arsize),
    .arburst(m_axi_arburst),
    .arvalid(m_axi_arvalid),
    .arready(m_axi_arready),
    .rdata(m_axi_rdata),
    .rresp(m_axi_rresp),
    .rlast(m_axi_rlast),
    .rvalid(m_axi_rvalid),
    .rready(m_axi_rready),
    .f_out(f_out),
    .f_due(f_due)
);

reg f_past_valid = 1'b0;
always @(posedge clk) f_past_valid <= 1'b1;

// the first clock is a reset
always @(*) begin
    if (!f_past_valid) begin
        assume (rst);
    end
end

`include "utf8_kernel_rd_inv.vh"

endmodule

`default_nettype wire
