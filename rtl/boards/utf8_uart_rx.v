// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * UART receiver, 8N1. The line is synchronised through two flip-flops, a start bit is
 * accepted when it is still low half a bit after the falling edge, and every data bit
 * and the stop bit are sampled in the middle of their bit time. A byte whose stop bit
 * is low is a framing error: it is not delivered, only signalled on frame_err for one
 * cycle (a UART cannot be held off, so the output has no tready: m_axis_tvalid pulses
 * for one cycle per byte and whoever listens must take it then).
 */
module utf8_uart_rx #
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
     * Serial input (idle high)
     */
    input  wire       rxd,

    /*
     * Received bytes, one-cycle pulses
     */
    output wire [7:0] m_axis_tdata,
    output wire       m_axis_tvalid,

    /*
     * Status
     */
    output wire       frame_err
);

initial begin
    if (CLKS_PER_BIT < 4) begin
        $error("utf8_uart_rx: CLK_HZ/BAUD must be at least 4");
        $finish;
    end
end

localparam [1:0]
    STATE_IDLE  = 2'd0,
    STATE_START = 2'd1,
    STATE_DATA  = 2'd2,
    STATE_STOP  = 2'd3;

localparam integer HALF_BIT_I = CLKS_PER_BIT / 2 - 1;
localparam integer FULL_BIT_I = CLKS_PER_BIT - 1;
localparam [CNT_WIDTH-1:0] HALF_BIT = HALF_BIT_I[CNT_WIDTH-1:0];
localparam [CNT_WIDTH-1:0] FULL_BIT = FULL_BIT_I[CNT_WIDTH-1:0];

// The synchroniser resets to idle (high) so that reset does not look like a start bit.
reg [1:0] sync_q, sync_d;

reg [1:0] state_q, state_d;
reg [CNT_WIDTH-1:0] cnt_q, cnt_d;
reg [2:0] bit_q, bit_d;
reg [7:0] shift_q, shift_d;
reg valid_q, valid_d;
reg frame_err_q, frame_err_d;

assign m_axis_tdata = shift_q;
assign m_axis_tvalid = valid_q;
assign frame_err = frame_err_q;

wire rxd_s = sync_q[1];

always @* begin
    sync_d = {sync_q[0], rxd};
    state_d = state_q;
    cnt_d = cnt_q;
    bit_d = bit_q;
    shift_d = shift_q;
    valid_d = 1'b0;
    frame_err_d = 1'b0;

    case (state_q)
        STATE_IDLE: begin
            cnt_d = HALF_BIT;
            if (!rxd_s) begin
                state_d = STATE_START;
            end
        end
        STATE_START: begin
            if (cnt_q != 0) begin
                cnt_d = cnt_q - 1'b1;
            end else if (rxd_s) begin
                // A glitch, not a start bit.
                state_d = STATE_IDLE;
            end else begin
                cnt_d = FULL_BIT;
                bit_d = 3'd0;
                state_d = STATE_DATA;
            end
        end
        STATE_DATA: begin
            if (cnt_q != 0) begin
                cnt_d = cnt_q - 1'b1;
            end else begin
                cnt_d = FULL_BIT;
                shift_d = {rxd_s, shift_q[7:1]};
                bit_d = bit_q + 1'b1;
                if (bit_q == 3'd7) begin
                    state_d = STATE_STOP;
                end
            end
        end
        default: begin
            if (cnt_q != 0) begin
                cnt_d = cnt_q - 1'b1;
            end else begin
                // Back to idle in the middle of the stop bit, so the next start bit's
                // falling edge is never missed even with a slightly fast sender.
                state_d = STATE_IDLE;
                valid_d = rxd_s;
                frame_err_d = !rxd_s;
            end
        end
    endcase
end

always @(posedge clk) begin
    sync_q <= sync_d;
    state_q <= state_d;
    cnt_q <= cnt_d;
    bit_q <= bit_d;
    shift_q <= shift_d;
    valid_q <= valid_d;
    frame_err_q <= frame_err_d;

    if (rst) begin
        sync_q <= 2'b11;
        state_q <= STATE_IDLE;
        valid_q <= 1'b0;
        frame_err_q <= 1'b0;
    end
end

endmodule

`default_nettype wire
