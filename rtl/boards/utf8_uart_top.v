// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * The board demo: UTF-8 arrives on a UART, goes through the scalar decoder, and the
 * answer goes back on the same UART (docs/boards.md). Text mode (cfg_echo = 0): each
 * decoded unit comes back as one line, e.g. "U+00E9 OK\r\n" (utf8_line_fmt). Echo mode
 * (cfg_echo = 1): the units go through the encoder and come back as UTF-8, each error
 * unit as EF BF BD. A packet ends with CR or LF or after IDLE_CLKS idle cycles
 * (utf8_uart_packetizer). The UART cannot be held off and text mode sends about 11
 * bytes per byte received, so received bytes wait in a FIFO of 2**FIFO_ADDR_WIDTH bytes
 * in front of the decoder, whose backpressure fills it; a byte that finds it full, or
 * that has a framing error, is dropped and counted: drop_count, and in text mode a line
 * "DROPPED 0x<n>\r\n" after the answer to the packet in which bytes were lost. cfg_echo
 * and cfg_mode may change only while rst is high (cfg_mode is the decoder's and
 * encoder's rfc3629 / annex-r selection).
 */
module utf8_uart_top #
(
    // Clock frequency in Hz
    parameter CLK_HZ = 12000000,
    // UART bit rate in bit/s (8N1, both directions)
    parameter BAUD = 115200,
    // Idle cycles on the receive line that end a packet (default 100 ms)
    parameter IDLE_CLKS = CLK_HZ / 10,
    // log2 of the receive FIFO depth in bytes
    parameter FIFO_ADDR_WIDTH = 9,
    // Width of the saturating lost-byte counter
    parameter DROP_WIDTH = 16,
    // Width of the decoder's offsets and of its and the encoder's error counters
    parameter COUNT_WIDTH = 16
)
(
    input  wire                  clk,
    input  wire                  rst,

    /*
     * Configuration, static outside reset
     */
    input  wire                  cfg_echo,
    input  wire                  cfg_mode,

    /*
     * Serial line
     */
    input  wire                  uart_rxd,
    output wire                  uart_txd,

    /*
     * Status
     */
    output wire [DROP_WIDTH-1:0] drop_count,
    output wire                  stat_error
);

initial begin
    if (IDLE_CLKS < 11 * ((CLK_HZ + BAUD / 2) / BAUD)) begin
        $error("utf8_uart_top: IDLE_CLKS must exceed one character time");
        $finish;
    end
end

// Receive: UART -> packets -> FIFO.
wire [7:0] rx_tdata;
wire rx_tvalid;
wire rx_frame_err;

wire [7:0] pkt_tdata;
wire pkt_tvalid;
wire pkt_tlast;

wire [7:0] fifo_tdata;
wire fifo_tvalid;
wire fifo_tready;
wire fifo_tlast;
wire fifo_drop;

utf8_uart_rx #(
    .CLK_HZ(CLK_HZ),
    .BAUD(BAUD)
)
uart_rx_inst (
    .clk(clk),
    .rst(rst),
    .rxd(uart_rxd),
    .m_axis_tdata(rx_tdata),
    .m_axis_tvalid(rx_tvalid),
    .frame_err(rx_frame_err)
);

utf8_uart_packetizer #(
    .IDLE_CLKS(IDLE_CLKS)
)
packetizer_inst (
    .clk(clk),
    .rst(rst),
    .s_axis_tdata(rx_tdata),
    .s_axis_tvalid(rx_tvalid),
    .m_axis_tdata(pkt_tdata),
    .m_axis_tvalid(pkt_tvalid),
    .m_axis_tlast(pkt_tlast)
);

utf8_uart_fifo #(
    .ADDR_WIDTH(FIFO_ADDR_WIDTH)
)
fifo_inst (
    .clk(clk),
    .rst(rst),
    .s_axis_tdata(pkt_tdata),
    .s_axis_tvalid(pkt_tvalid),
    .s_axis_tlast(pkt_tlast),
    .m_axis_tdata(fifo_tdata),
    .m_axis_tvalid(fifo_tvalid),
    .m_axis_tready(fifo_tready),
    .m_axis_tlast(fifo_tlast),
    .drop(fifo_drop)
);

// Decode.
wire [31:0] dec_tdata;
wire [5:0] dec_tuser;
wire dec_tvalid;
wire dec_tready;
wire dec_tlast;
wire dec_stat_valid;
wire dec_stat_error;
wire [COUNT_WIDTH-1:0] dec_stat_err_offset;
wire [2:0] dec_stat_err_class;
wire [6*COUNT_WIDTH-1:0] dec_err_count;

utf8_decoder #(
    .OFFSET_WIDTH(COUNT_WIDTH),
    .COUNT_WIDTH(COUNT_WIDTH)
)
decoder_inst (
    .clk(clk),
    .rst(rst),
    .cfg_mode(cfg_mode),
    .s_axis_tdata(fifo_tdata),
    .s_axis_tvalid(fifo_tvalid),
    .s_axis_tready(fifo_tready),
    .s_axis_tlast(fifo_tlast),
    .m_axis_tdata(dec_tdata),
    .m_axis_tuser(dec_tuser),
    .m_axis_tvalid(dec_tvalid),
    .m_axis_tready(dec_tready),
    .m_axis_tlast(dec_tlast),
    .stat_valid(dec_stat_valid),
    .stat_error(dec_stat_error),
    .stat_err_offset(dec_stat_err_offset),
    .stat_err_class(dec_stat_err_class),
    .err_count(dec_err_count)
);

// Lost bytes: counted in total, and since the last report for text mode.
reg [DROP_WIDTH-1:0] drop_count_q, drop_count_d;
reg [DROP_WIDTH-1:0] pending_q, pending_d;
reg report_q, report_d;
reg stat_error_q, stat_error_d;

wire lost = fifo_drop || rx_frame_err;

assign drop_count = drop_count_q;
assign stat_error = stat_error_q;

// Text mode: units (and drop reports) -> lines.
wire fmt_s_tvalid = report_q || (!cfg_echo && dec_tvalid);
wire fmt_s_tready;
wire [31:0] fmt_s_tdata = report_q ? {{32-DROP_WIDTH{1'b0}}, pending_q} : dec_tdata;
wire [3:0] fmt_s_tuser = report_q ? 4'b1000 : {1'b0, dec_tuser[2:0]};
wire fmt_s_tlast = report_q || dec_tlast;

wire [7:0] fmt_tdata;
wire fmt_tvalid;
wire fmt_tready;
wire fmt_tlast;

utf8_line_fmt
line_fmt_inst (
    .clk(clk),
    .rst(rst),
    .s_axis_tdata(fmt_s_tdata),
    .s_axis_tuser(fmt_s_tuser),
    .s_axis_tvalid(fmt_s_tvalid),
    .s_axis_tready(fmt_s_tready),
    .s_axis_tlast(fmt_s_tlast),
    .m_axis_tdata(fmt_tdata),
    .m_axis_tvalid(fmt_tvalid),
    .m_axis_tready(fmt_tready),
    .m_axis_tlast(fmt_tlast)
);

// Echo mode: units -> encoder -> octets.
wire enc_s_tready;
wire [47:0] enc_tdata;
wire [5:0] enc_tkeep;
wire [2:0] enc_tuser;
wire enc_tvalid;
wire enc_tready;
wire enc_tlast;
wire [6*COUNT_WIDTH-1:0] enc_err_count;

utf8_encoder #(
    .COUNT_WIDTH(COUNT_WIDTH)
)
encoder_inst (
    .clk(clk),
    .rst(rst),
    .cfg_mode(cfg_mode),
    .s_axis_tdata(dec_tdata),
    .s_axis_tvalid(cfg_echo && dec_tvalid),
    .s_axis_tready(enc_s_tready),
    .s_axis_tlast(dec_tlast),
    .m_axis_tdata(enc_tdata),
    .m_axis_tkeep(enc_tkeep),
    .m_axis_tuser(enc_tuser),
    .m_axis_tvalid(enc_tvalid),
    .m_axis_tready(enc_tready),
    .m_axis_tlast(enc_tlast),
    .err_count(enc_err_count)
);

wire [7:0] ser_tdata;
wire ser_tvalid;
wire ser_tready;
wire ser_tlast;

utf8_octet_serializer
serializer_inst (
    .clk(clk),
    .rst(rst),
    .s_axis_tdata(enc_tdata),
    .s_axis_tkeep(enc_tkeep),
    .s_axis_tvalid(enc_tvalid),
    .s_axis_tready(enc_tready),
    .s_axis_tlast(enc_tlast),
    .m_axis_tdata(ser_tdata),
    .m_axis_tvalid(ser_tvalid),
    .m_axis_tready(ser_tready),
    .m_axis_tlast(ser_tlast)
);

// Diagnostics the demo does not show; Verilator's -Wall ignores "unused" names.
wire unused_outputs = &{1'b0, dec_stat_err_offset, dec_stat_err_class, dec_err_count,
                        enc_tuser, enc_err_count, fmt_tlast, ser_tlast, dec_tuser[5:3]};

assign dec_tready = cfg_echo ? enc_s_tready : (fmt_s_tready && !report_q);

// Transmit.
wire tx_tready;

assign fmt_tready = !cfg_echo && tx_tready;
assign ser_tready = cfg_echo && tx_tready;

utf8_uart_tx #(
    .CLK_HZ(CLK_HZ),
    .BAUD(BAUD)
)
uart_tx_inst (
    .clk(clk),
    .rst(rst),
    .s_axis_tdata(cfg_echo ? ser_tdata : fmt_tdata),
    .s_axis_tvalid(cfg_echo ? ser_tvalid : fmt_tvalid),
    .s_axis_tready(tx_tready),
    .txd(uart_txd)
);

always @* begin
    drop_count_d = drop_count_q;
    if (lost && drop_count_q != {DROP_WIDTH{1'b1}}) begin
        drop_count_d = drop_count_q + 1'b1;
    end

    pending_d = pending_q;
    report_d = report_q;
    if (report_q && fmt_s_tready) begin
        pending_d = {DROP_WIDTH{1'b0}};
        report_d = 1'b0;
    end else if (!cfg_echo && dec_tvalid && dec_tready && dec_tlast) begin
        // A report follows the answer to a packet during which bytes were lost.
        report_d = (pending_q != {DROP_WIDTH{1'b0}}) || lost;
    end
    if (lost && pending_d != {DROP_WIDTH{1'b1}}) begin
        pending_d = pending_d + 1'b1;
    end

    stat_error_d = stat_error_q;
    if (dec_stat_valid) begin
        stat_error_d = dec_stat_error;
    end
end

always @(posedge clk) begin
    drop_count_q <= drop_count_d;
    pending_q <= pending_d;
    report_q <= report_d;
    stat_error_q <= stat_error_d;

    if (rst) begin
        drop_count_q <= {DROP_WIDTH{1'b0}};
        pending_q <= {DROP_WIDTH{1'b0}};
        report_q <= 1'b0;
        stat_error_q <= 1'b0;
    end
end

endmodule

`default_nettype wire
