// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Receive FIFO of the board demo: 2**ADDR_WIDTH bytes with their tlast, in block RAM
 * where the FPGA has it. The input cannot be held off (it comes from a UART), so a byte
 * that arrives while the FIFO is full is dropped and reported by a one-cycle pulse on
 * drop; it is never lost silently. If the dropped byte carried tlast, the packet end
 * moves onto the newest byte still in the FIFO (rewritten in place), so a packet is
 * always closed and the decoder never waits for an end that will not come. The output
 * is registered (the RAM read takes one cycle): m_axis_tvalid does not depend on
 * m_axis_tready combinationally.
 */
module utf8_uart_fifo #
(
    // log2 of the depth in bytes (at least 1)
    parameter ADDR_WIDTH = 9
)
(
    input  wire       clk,
    input  wire       rst,

    /*
     * Bytes in, one-cycle pulses (no tready)
     */
    input  wire [7:0] s_axis_tdata,
    input  wire       s_axis_tvalid,
    input  wire       s_axis_tlast,

    /*
     * Bytes out
     */
    output wire [7:0] m_axis_tdata,
    output wire       m_axis_tvalid,
    input  wire       m_axis_tready,
    output wire       m_axis_tlast,

    /*
     * Status
     */
    output wire       drop
);

initial begin
    if (ADDR_WIDTH < 1) begin
        $error("utf8_uart_fifo: ADDR_WIDTH must be at least 1");
        $finish;
    end
end

reg [8:0] mem [0:(1 << ADDR_WIDTH)-1];

// One extra pointer bit tells full from empty.
reg [ADDR_WIDTH:0] wr_ptr_q, wr_ptr_d;
reg [ADDR_WIDTH:0] rd_ptr_q, rd_ptr_d;
reg [7:0] tail_q, tail_d;  // the newest byte written, to rewrite it with tlast
reg [8:0] out_q;
reg out_valid_q, out_valid_d;
reg drop_q, drop_d;

reg wr_en;
reg [ADDR_WIDTH-1:0] wr_addr;
reg [8:0] wr_data;
reg rd_en;

assign m_axis_tdata = out_q[7:0];
assign m_axis_tlast = out_q[8];
assign m_axis_tvalid = out_valid_q;
assign drop = drop_q;

wire empty = (wr_ptr_q == rd_ptr_q);
wire full = (wr_ptr_q == {~rd_ptr_q[ADDR_WIDTH], rd_ptr_q[ADDR_WIDTH-1:0]});

always @* begin
    wr_ptr_d = wr_ptr_q;
    rd_ptr_d = rd_ptr_q;
    tail_d = tail_q;
    out_valid_d = out_valid_q;
    drop_d = 1'b0;

    wr_en = 1'b0;
    wr_addr = wr_ptr_q[ADDR_WIDTH-1:0];
    wr_data = {s_axis_tlast, s_axis_tdata};
    rd_en = 1'b0;

    if (s_axis_tvalid) begin
        if (!full) begin
            wr_en = 1'b1;
            wr_ptr_d = wr_ptr_q + 1'b1;
            tail_d = s_axis_tdata;
        end else begin
            drop_d = 1'b1;
            if (s_axis_tlast) begin
                // Full: every entry is unread, the newest one included.
                wr_en = 1'b1;
                wr_addr = wr_ptr_q[ADDR_WIDTH-1:0] - 1'b1;
                wr_data = {1'b1, tail_q};
            end
        end
    end

    if (m_axis_tready || !out_valid_q) begin
        out_valid_d = !empty;
        if (!empty) begin
            rd_en = 1'b1;
            rd_ptr_d = rd_ptr_q + 1'b1;
        end
    end
end

always @(posedge clk) begin
    if (wr_en) begin
        mem[wr_addr] <= wr_data;
    end
    if (rd_en) begin
        out_q <= mem[rd_ptr_q[ADDR_WIDTH-1:0]];
    end

    wr_ptr_q <= wr_ptr_d;
    rd_ptr_q <= rd_ptr_d;
    tail_q <= tail_d;
    out_valid_q <= out_valid_d;
    drop_q <= drop_d;

    if (rst) begin
        wr_ptr_q <= {ADDR_WIDTH+1{1'b0}};
        rd_ptr_q <= {ADDR_WIDTH+1{1'b0}};
        out_valid_q <= 1'b0;
        drop_q <= 1'b0;
    end
end

endmodule

`default_nettype wire
