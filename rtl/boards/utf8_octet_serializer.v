// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Turns the encoder's beats (1..6 octets in lanes 0..5, tkeep contiguous from lane 0)
 * into one octet per beat, lane 0 first, for the UART of the board demo's echo mode.
 * m_axis_tlast is set on the last octet of a beat that had tlast. The next input beat
 * is taken the cycle after the last octet of the current one has been accepted.
 */
module utf8_octet_serializer
(
    input  wire        clk,
    input  wire        rst,

    /*
     * Octet groups
     */
    input  wire [47:0] s_axis_tdata,
    input  wire [5:0]  s_axis_tkeep,
    input  wire        s_axis_tvalid,
    output wire        s_axis_tready,
    input  wire        s_axis_tlast,

    /*
     * Octets
     */
    output wire [7:0]  m_axis_tdata,
    output wire        m_axis_tvalid,
    input  wire        m_axis_tready,
    output wire        m_axis_tlast
);

reg busy_q, busy_d;
reg [47:0] data_q, data_d;
reg [5:0] keep_q, keep_d;   // lanes still to send, shifted down with the data
reg last_q, last_d;

reg [7:0] out_data_q, out_data_d;
reg out_valid_q, out_valid_d;
reg out_last_q, out_last_d;

assign s_axis_tready = !busy_q;
assign m_axis_tdata = out_data_q;
assign m_axis_tvalid = out_valid_q;
assign m_axis_tlast = out_last_q;

always @* begin
    busy_d = busy_q;
    data_d = data_q;
    keep_d = keep_q;
    last_d = last_q;
    out_data_d = out_data_q;
    out_valid_d = out_valid_q && !m_axis_tready;
    out_last_d = out_last_q;

    if (!busy_q) begin
        if (s_axis_tvalid) begin
            busy_d = 1'b1;
            data_d = s_axis_tdata;
            // An empty beat is not allowed on this port; send lane 0 rather than hang.
            keep_d = s_axis_tkeep | 6'd1;
            last_d = s_axis_tlast;
        end
    end else if (!out_valid_q || m_axis_tready) begin
        out_valid_d = 1'b1;
        out_data_d = data_q[7:0];
        out_last_d = last_q && !keep_q[1];
        data_d = {8'd0, data_q[47:8]};
        keep_d = {1'b0, keep_q[5:1]};
        busy_d = keep_q[1];
    end
end

always @(posedge clk) begin
    busy_q <= busy_d;
    data_q <= data_d;
    keep_q <= keep_d;
    last_q <= last_d;
    out_data_q <= out_data_d;
    out_valid_q <= out_valid_d;
    out_last_q <= out_last_d;

    if (rst) begin
        busy_q <= 1'b0;
        out_valid_q <= 1'b0;
    end
end

endmodule

`default_nettype wire
