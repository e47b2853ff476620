// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * FPGA board top of the UART demo (utf8_uart_top): the same file for every board, its
 * port names are the ones the files in constraints/ assign to pins. A board has no
 * reset button we can count on, so a power-on reset holds the design for 16 cycles
 * after configuration (the FPGA loads the flip-flops' initial values). The mode is a
 * parameter per bitstream: ECHO = 0 answers each unit as a text line, ECHO = 1 echoes
 * the input as repaired UTF-8. Two LEDs: led_err lights while the last packet had an
 * ill-formed unit, led_drop once a received byte was lost; LED_ACTIVE_LOW inverts both
 * for boards whose LEDs sit between the pin and the supply.
 */
module utf8_board_top #
(
    // Clock frequency in Hz of the board's oscillator
    parameter CLK_HZ = 12000000,
    // UART bit rate in bit/s
    parameter BAUD = 115200,
    // 0: text mode, 1: echo mode
    parameter ECHO = 0,
    // 0: rfc3629, 1: annex-r
    parameter ANNEX_R = 0,
    // log2 of the receive FIFO depth in bytes
    parameter FIFO_ADDR_WIDTH = 9,
    // 1 when the board's LEDs light with a low output
    parameter LED_ACTIVE_LOW = 0
)
(
    input  wire clk,

    /*
     * Serial line to the USB-UART bridge
     */
    input  wire uart_rxd,
    output wire uart_txd,

    /*
     * LEDs
     */
    output wire led_err,
    output wire led_drop
);

reg [4:0] por_q = 5'd0;

always @(posedge clk) begin
    if (!por_q[4]) begin
        por_q <= por_q + 1'b1;
    end
end

wire [15:0] drop_count;
wire stat_error;

utf8_uart_top #(
    .CLK_HZ(CLK_HZ),
    .BAUD(BAUD),
    .IDLE_CLKS(CLK_HZ / 10),
    .FIFO_ADDR_WIDTH(FIFO_ADDR_WIDTH),
    .DROP_WIDTH(16),
    .COUNT_WIDTH(16)
)
uart_top_inst (
    .clk(clk),
    .rst(!por_q[4]),
    .cfg_echo(ECHO != 0),
    .cfg_mode(ANNEX_R != 0),
    .uart_rxd(uart_rxd),
    .uart_txd(uart_txd),
    .drop_count(drop_count),
    .stat_error(stat_error)
);

assign led_err = stat_error ^ (LED_ACTIVE_LOW != 0);
assign led_drop = (drop_count != 16'd0) ^ (LED_ACTIVE_LOW != 0);

endmodule

`default_nettype wire
