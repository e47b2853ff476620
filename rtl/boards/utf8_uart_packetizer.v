// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Cuts the byte stream of a UART into packets. A serial line has no tlast, so the
 * board demo defines one: a packet ends with a CR (0x0D) or LF (0x0A) byte, which
 * belongs to the packet, or with the last byte before the line has been idle for
 * IDLE_CLKS cycles. To be able to mark that last byte, every byte is held back until
 * the next byte arrives, an end-of-line byte is seen, or the idle time runs out. Input
 * and output are one-cycle pulses (a UART cannot wait); the output of a byte comes at
 * the earliest one cycle after its input.
 */
module utf8_uart_packetizer #
(
    // Cycles without a received byte that end a packet
    parameter IDLE_CLKS = 1200000,
    // Width of the idle counter
    parameter IDLE_WIDTH = $clog2(IDLE_CLKS + 1)
)
(
    input  wire       clk,
    input  wire       rst,

    /*
     * Received bytes, one-cycle pulses
     */
    input  wire [7:0] s_axis_tdata,
    input  wire       s_axis_tvalid,

    /*
     * Bytes with their packet end, one-cycle pulses
     */
    output wire [7:0] m_axis_tdata,
    output wire       m_axis_tvalid,
    output wire       m_axis_tlast
);

initial begin
    if (IDLE_CLKS < 1) begin
        $error("utf8_uart_packetizer: IDLE_CLKS must be at least 1");
        $finish;
    end
end

localparam integer IDLE_LAST_I = IDLE_CLKS - 1;
localparam [IDLE_WIDTH-1:0] IDLE_LAST = IDLE_LAST_I[IDLE_WIDTH-1:0];

reg [7:0] hold_q, hold_d;
reg hold_valid_q, hold_valid_d;
reg [IDLE_WIDTH-1:0] idle_q, idle_d;

reg [7:0] out_data_q, out_data_d;
reg out_valid_q, out_valid_d;
reg out_last_q, out_last_d;

assign m_axis_tdata = out_data_q;
assign m_axis_tvalid = out_valid_q;
assign m_axis_tlast = out_last_q;

wire hold_is_eol = (hold_q == 8'h0a) || (hold_q == 8'h0d);

always @* begin
    hold_d = hold_q;
    hold_valid_d = hold_valid_q;
    idle_d = idle_q;
    out_data_d = hold_q;
    out_valid_d = 1'b0;
    out_last_d = 1'b0;

    if (s_axis_tvalid) begin
        // The held byte is not the last one: another byte came before the line idled.
        out_valid_d = hold_valid_q;
        hold_d = s_axis_tdata;
        hold_valid_d = 1'b1;
        idle_d = {IDLE_WIDTH{1'b0}};
    end else if (hold_valid_q) begin
        if (hold_is_eol || idle_q == IDLE_LAST) begin
            out_valid_d = 1'b1;
            out_last_d = 1'b1;
            hold_valid_d = 1'b0;
        end else begin
            idle_d = idle_q + 1'b1;
        end
    end
end

always @(posedge clk) begin
    hold_q <= hold_d;
    hold_valid_q <= hold_valid_d;
    idle_q <= idle_d;
    out_data_q <= out_data_d;
    out_valid_q <= out_valid_d;
    out_last_q <= out_last_d;

    if (rst) begin
        hold_valid_q <= 1'b0;
        idle_q <= {IDLE_WIDTH{1'b0}};
        out_valid_q <= 1'b0;
    end
end

endmodule

`default_nettype wire
