// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * utf8_kernel under the port names of an AMD Vitis RTL kernel: ap_clk,
 * ap_rst_n (active low), the register slave s_axi_control, the memory master
 * m00_axi and interrupt. rtl/kernel/vitis/kernel.xml describes its arguments (OP,
 * FLAGS, SRC, LEN, DST, CAP at the offsets of SPEC §9) for packaging as an
 * .xo; Vivado's packaging is not run by this project.
 *
 * The reset is registered once so that the kernel's synchronous reset comes
 * from a flop, as Vitis shells expect of a kernel's reset input.
 */
module utf8_kernel_vitis #(
    parameter C_S_AXI_CONTROL_ADDR_WIDTH = 12,
    parameter C_S_AXI_CONTROL_DATA_WIDTH = 32,
    parameter C_M00_AXI_ADDR_WIDTH = 64,
    parameter C_M00_AXI_DATA_WIDTH = 512,
    // operations built in (utf8_kernel's OPS): 1 VALIDATE, 2 SANITIZE, 4 DECODE_UTF32
    parameter OPS = 7
) (
    input  wire                                 ap_clk,
    input  wire                                 ap_rst_n,

    input  wire [C_S_AXI_CONTROL_ADDR_WIDTH-1:0] s_axi_control_awaddr,
    input  wire                                 s_axi_control_awvalid,
    output wire                                 s_axi_control_awready,
    input  wire [C_S_AXI_CONTROL_DATA_WIDTH-1:0] s_axi_control_wdata,
    input  wire [C_S_AXI_CONTROL_DATA_WIDTH/8-1:0] s_axi_control_wstrb,
    input  wire                                 s_axi_control_wvalid,
    output wire                                 s_axi_control_wready,
    output wire [1:0]                           s_axi_control_bresp,
    output wire                                 s_axi_control_bvalid,
    input  wire                                 s_axi_control_bready,
    input  wire [C_S_AXI_CONTROL_ADDR_WIDTH-1:0] s_axi_control_araddr,
    input  wire                                 s_axi_control_arvalid,
    output wire                                 s_axi_control_arready,
    output wire [C_S_AXI_CONTROL_DATA_WIDTH-1:0] s_axi_control_rdata,
    output wire [1:0]                           s_axi_control_rresp,
    output wire                                 s_axi_control_rvalid,
    input  wire                                 s_axi_control_rready,

    output wire [C_M00_AXI_ADDR_WIDTH-1:0]      m00_axi_awaddr,
    output wire [7:0]                           m00_axi_awlen,
    output wire [2:0]                           m00_axi_awsize,
    output wire [1:0]                           m00_axi_awburst,
    output wire [3:0]                           m00_axi_awcache,
    output wire [2:0]                           m00_axi_awprot,
    output wire                                 m00_axi_awvalid,
    input  wire                                 m00_axi_awready,
    output wire [C_M00_AXI_DATA_WIDTH-1:0]      m00_axi_wdata,
    output wire [C_M00_AXI_DATA_WIDTH/8-1:0]    m00_axi_wstrb,
    output wire                                 m00_axi_wlast,
    output wire                                 m00_axi_wvalid,
    input  wire                                 m00_axi_wready,
    input  wire [1:0]                           m00_axi_bresp,
    input  wire                                 m00_axi_bvalid,
    output wire                                 m00_axi_bready,
    output wire [C_M00_AXI_ADDR_WIDTH-1:0]      m00_axi_araddr,
    output wire [7:0]                           m00_axi_arlen,
    output wire [2:0]                           m00_axi_arsize,
    output wire [1:0]                           m00_axi_arburst,
    output wire [3:0]                           m00_axi_arcache,
    output wire [2:0]                           m00_axi_arprot,
    output wire                                 m00_axi_arvalid,
    input  wire                                 m00_axi_arready,
    input  wire [C_M00_AXI_DATA_WIDTH-1:0]      m00_axi_rdata,
    input  wire [1:0]                           m00_axi_rresp,
    input  wire                                 m00_axi_rlast,
    input  wire                                 m00_axi_rvalid,
    output wire                                 m00_axi_rready,

    output wire                                 interrupt
);

generate
    if (C_S_AXI_CONTROL_ADDR_WIDTH != 12 || C_S_AXI_CONTROL_DATA_WIDTH != 32) begin : g_check_control
        error_s_axi_control_must_be_12_bit_address_32_bit_data stop ();
    end
endgenerate

reg rst_q = 1'b1;
always @(posedge ap_clk) rst_q <= !ap_rst_n;

utf8_kernel #(
    .DATA_WIDTH(C_M00_AXI_DATA_WIDTH),
    .ADDR_WIDTH(C_M00_AXI_ADDR_WIDTH),
    .OPS(OPS)
) kernel_inst (
    .clk(ap_clk),
    .rst(rst_q),
    .s_axil_awaddr(s_axi_control_awaddr),
    .s_axil_awprot(3'b000),
    .s_axil_awvalid(s_axi_control_awvalid),
    .s_axil_awready(s_axi_control_awready),
    .s_axil_wdata(s_axi_control_wdata),
    .s_axil_wstrb(s_axi_control_wstrb),
    .s_axil_wvalid(s_axi_control_wvalid),
    .s_axil_wready(s_axi_control_wready),
    .s_axil_bresp(s_axi_control_bresp),
    .s_axil_bvalid(s_axi_control_bvalid),
    .s_axil_bready(s_axi_control_bready),
    .s_axil_araddr(s_axi_control_araddr),
    .s_axil_arprot(3'b000),
    .s_axil_arvalid(s_axi_control_arvalid),
    .s_axil_arready(s_axi_control_arready),
    .s_axil_rdata(s_axi_control_rdata),
    .s_axil_rresp(s_axi_control_rresp),
    .s_axil_rvalid(s_axi_control_rvalid),
    .s_axil_rready(s_axi_control_rready),
    .m_axi_awaddr(m00_axi_awaddr),
    .m_axi_awlen(m00_axi_awlen),
    .m_axi_awsize(m00_axi_awsize),
    .m_axi_awburst(m00_axi_awburst),
    .m_axi_awcache(m00_axi_awcache),
    .m_axi_awprot(m00_axi_awprot),
    .m_axi_awvalid(m00_axi_awvalid),
    .m_axi_awready(m00_axi_awready),
    .m_axi_wdata(m00_axi_wdata),
    .m_axi_wstrb(m00_axi_wstrb),
    .m_axi_wlast(m00_axi_wlast),
    .m_axi_wvalid(m00_axi_wvalid),
    .m_axi_wready(m00_axi_wready),
    .m_axi_bresp(m00_axi_bresp),
    .m_axi_bvalid(m00_axi_bvalid),
    .m_axi_bready(m00_axi_bready),
    .m_axi_araddr(m00_axi_araddr),
    .m_axi_arlen(m00_axi_arlen),
    .m_axi_arsize(m00_axi_arsize),
    .m_axi_arburst(m00_axi_arburst),
    .m_axi_arcache(m00_axi_arcache),
    .m_axi_arprot(m00_axi_arprot),
    .m_axi_arvalid(m00_axi_arvalid),
    .m_axi_arready(m00_axi_arready),
    .m_axi_rdata(m00_axi_rdata),
    .m_axi_rresp(m00_axi_rresp),
    .m_axi_rlast(m00_axi_rlast),
    .m_axi_rvalid(m00_axi_rvalid),
    .m_axi_rready(m00_axi_rready),
    .irq(interrupt)
);

endmodule

`resetall
`default_nettype wire
