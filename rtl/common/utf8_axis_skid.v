// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Register slice for a stream: every output from a flop, s_axis_tready
 * included, and one beat a clock while the output is ready. It cuts a ready
 * path that would otherwise run from a stage's take decision back through
 * the stages in front of it in the same clock (in the kernel: from the UTF-8
 * and UTF-32 back ends through the unit stage into the decoder's FIFO).
 *
 * Two entries: the output register and the skid register. s_axis_tready is
 * high while the skid register is empty; a beat taken while the output
 * register holds a beat that is not taken waits there, and leaves first.
 * Beats leave in order, none lost or repeated. Reset empties both.
 *
 * FREE_LOAD 1: the data registers load whenever they could take a beat,
 * valid or not (the output register whenever it is empty or its beat
 * leaves, the skid register whenever it is empty), so that their enables
 * are flops of the slice and the consumer's ready, never s_axis_tvalid: on a
 * wide beat that enable is a net to hundreds of flops (the wide decoder's
 * narrow build). m_axis_tdata then holds no particular value while
 * m_axis_tvalid is low; with 0 (the default) it keeps the last beat.
 */
module utf8_axis_skid #(
    // bits of a beat (data and whatever travels with it)
    parameter WIDTH = 8,
    // load the data registers whether or not a beat is taken (see above)
    parameter FREE_LOAD = 0
) (
    input  wire             clk,
    input  wire             rst,

    input  wire [WIDTH-1:0] s_axis_tdata,
    input  wire             s_axis_tvalid,
    output wire             s_axis_tready,

    output wire [WIDTH-1:0] m_axis_tdata,
    output wire             m_axis_tvalid,
    input  wire             m_axis_tready
);

generate
    if (WIDTH < 1) begin : g_check_width
        error_WIDTH_must_be_at_least_1 stop ();
    end
endgenerate

reg             out_valid_q;
reg [WIDTH-1:0] out_data_q;
reg             skid_valid_q;
reg [WIDTH-1:0] skid_data_q;

wire take = s_axis_tvalid && !skid_valid_q;
// the output register may load: it is empty or its beat leaves now
wire load = !out_valid_q || m_axis_tready;

always @(posedge clk) begin
    if (load) begin
        if (skid_valid_q) begin
            out_valid_q  <= 1'b1;
            out_data_q   <= skid_data_q;
            skid_valid_q <= 1'b0;
        end else begin
            out_valid_q <= take;
            if (take) out_data_q <= s_axis_tdata;
        end
    end else if (take) begin
        skid_valid_q <= 1'b1;
        skid_data_q  <= s_axis_tdata;
    end

    if (FREE_LOAD != 0) begin
        if (load) begin
            out_data_q <= skid_valid_q ? skid_data_q : s_axis_tdata;
        end
        if (!skid_valid_q) begin
            skid_data_q <= s_axis_tdata;
        end
    end

    if (rst) begin
        out_valid_q  <= 1'b0;
        skid_valid_q <= 1'b0;
    end
end

assign s_axis_tready = !skid_valid_q;
assign m_axis_tdata = out_data_q;
assign m_axis_tvalid = out_valid_q;

endmodule

`resetall
`default_nettype wire
