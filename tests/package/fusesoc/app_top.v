// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Example parent design for the README's FuseSoC route: the scalar decoder with
 * 16-bit offsets, its AXI4-Stream ports passed through, its status left out.
 */
module app_top
(
    input  wire        clk,
    input  wire        rst,
    input  wire [7:0]  s_axis_tdata,
    input  wire        s_axis_tvalid,
    output wire        s_axis_tready,
    input  wire        s_axis_tlast,
    output wire [31:0] m_axis_tdata,
    output wire [5:0]  m_axis_tuser,
    output wire        m_axis_tvalid,
    input  wire        m_axis_tready,
    output wire        m_axis_tlast,
    input  wire        cfg_mode
);

/* verilator lint_off PINCONNECTEMPTY */
// The status outputs are not needed here.
utf8_decoder #(
    .OFFSET_WIDTH(16),
    .COUNT_WIDTH(16)
)
decoder_inst (
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
    .stat_valid(),
    .stat_error(),
    .stat_err_offset(),
    .stat_err_class(),
    .err_count()
);
/* verilator lint_on PINCONNECTEMPTY */

endmodule
