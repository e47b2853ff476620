// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * UART transmitter, 8N1. Takes one byte per AXI4-Stream beat and shifts it out LSB
 * first between a start bit and one stop bit. s_axis_tready is high only while the
 * line is idle, so a byte takes 10 bit times and the sender is held off meanwhile:
 * this is where the board demo's backpressure comes from.
 */
module utf8_uart_tx #
(
    // Clock frequency in Hz
    parameter CLK_HZ = 12000000,
    // Bit rate in bit/s
    parameter BAUD = 115200,
    // Clock cycles per bit, rounded to the nearest integer
    parameter CLKS_PER_BIT = (CLK_HZ + BAUD / 2) / BAUD,
    // Width of the bit-time counter
    parameter CNT_WIDTH = $clog2(CLKS_PER_BIT + 1)
)
(
    input  wire       clk,
    input  wire       rst,

    /*
     * Bytes to send
     */
    input  wire [7:0] s_axis_tdata,
    input  wire       s_axis_tvalid,
    output wire       s_axis_tready,

    /*
     * Serial output (idle high)
     */
    output wire       txd
);

initial begin
    if (CLKS_PER_BIT < 2) begin
        $error("utf8_uart_tx: CLK_HZ/BAUD must be at least 2");
        $finish;
    end
end

localparam integer FULL_BIT_I = CLKS_PER_BIT - 1;
localparam [CNT_WIDTH-1:0] FULL_BIT = FULL_BIT_I[CNT_WIDTH-1:0];

// shift_q holds the frame still to send, start bit first; the line idles at its LSB = 1.
reg [9:0] shift_q, shift_d;
reg [3:0] bits_q, bits_d;  // bits left to send; 0 = idle
reg [CNT_WIDTH-1:0] cnt_q, cnt_d;
reg ready_q, ready_d;

assign s_axis_tready = ready_q;
assign txd = shift_q[0];

always @* begin
    shift_d = shift_q;
    bits_d = bits_q;
    cnt_d = cnt_q;
    ready_d = ready_q;

    if (bits_q == 4'd0) begin
        if (s_axis_tvalid && ready_q) begin
            shift_d = {1'b1, s_axis_tdata, 1'b0};
            bits_d = 4'd10;
            cnt_d = FULL_BIT;
            ready_d = 1'b0;
        end
    end else if (cnt_q != 0) begin
        cnt_d = cnt_q - 1'b1;
    end else begin
        shift_d = {1'b1, shift_q[9:1]};
        bits_d = bits_q - 1'b1;
        cnt_d = FULL_BIT;
        // Ready as the stop bit ends; the stop bit is one cycle longer than the others
        // because the next byte is taken in the idle cycle that follows.
        ready_d = (bits_q == 4'd1);
    end
end

always @(posedge clk) begin
    shift_q <= shift_d;
    bits_q <= bits_d;
    cnt_q <= cnt_d;
    ready_q <= ready_d;

    if (rst) begin
        shift_q <= 10'h3ff;
        bits_q <= 4'd0;
        ready_q <= 1'b1;
    end
end

endmodule

`default_nettype wire
