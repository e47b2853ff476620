// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Wide UTF-8 sanitizer: takes LANES bytes per clock and gives well-formed
 * UTF-8, LANES bytes per output beat packed from lane 0: each well-formed
 * sequence's bytes unchanged, each error unit (a maximal subpart, SPEC §3)
 * as EF BF BD. The output of each packet is exactly the functional model's
 * UnitsToUtf8(Decode(packet)), `utf8core decode --to utf8`; its last beat
 * carries tlast and may be partial.
 *
 * The units come from utf8_wide_decoder (front end, packing, output FIFO,
 * credit and status), whose output is this block's only backpressure. Each
 * unit is turned back into bytes: a well-formed unit's code point encoded in
 * its own length gives its input bytes again, an error unit's U+FFFD gives
 * EF BF BD. A log-depth merge tree joins the units' bytes of a beat (at most
 * 3*LANES+3 of them: only the first unit can reach back into the previous
 * beat, by up to five bytes) into the expansion register; the repacking
 * accumulator appends them behind what it holds and gives LANES bytes a
 * clock. It takes a beat whenever it holds at most LANES bytes after this
 * clock's output, so on well-formed input, where a beat's bytes and the
 * input beat's are the same on average, one beat passes per clock; error
 * units expand 1-5 bytes to 3, and only that slows the input (the wide
 * decoder's credit withdraws s_axis_tready). A packet's bytes never share a
 * beat with the next packet's: the accumulator takes the next packet's first
 * beat in the clock its last output beat leaves.
 *
 * Latency: the wide decoder's, plus one clock (expansion register) to the
 * accumulator, whose beat leaves once LANES bytes or the packet's end are in.
 * stat_* and err_count are the wide decoder's.
 */
module utf8_sanitizer #(
    // bytes per input and output beat: 1, 2, 4, 8, 16, 32, 64 or 128
    parameter LANES = 8,
    // width of the first error offset, at least 16 (utf8_lane_status)
    parameter OFFSET_WIDTH = 32,
    // width of each saturating error counter, at least 16 (utf8_lane_status)
    parameter COUNT_WIDTH = 32,
    // the wide decoder's output FIFO entries, a power of two, at least 4; for
    // one beat per clock at least the credit's round trip (utf8_wide_decoder)
    parameter DEPTH = (LANES >= 64) ? 32 : 16
) (
    input  wire                      clk,
    input  wire                      rst,

    // Configuration: 0 rfc3629, 1 annex-r; sampled with a packet's first beat
    input  wire                      cfg_mode,

    // Byte input
    input  wire [8*LANES-1:0]        s_axis_tdata,
    input  wire [LANES-1:0]          s_axis_tkeep,
    input  wire                      s_axis_tvalid,
    output wire                      s_axis_tready,
    input  wire                      s_axis_tlast,

    // Well-formed UTF-8 output; tkeep contiguous from lane 0
    output wire [8*LANES-1:0]        m_axis_tdata,
    output wire [LANES-1:0]          m_axis_tkeep,
    output wire                      m_axis_tvalid,
    input  wire                      m_axis_tready,
    output wire                      m_axis_tlast,

    // Status
    output wire                      stat_valid,
    output wire                      stat_error,
    output wire [OFFSET_WIDTH-1:0]   stat_err_offset,
    output wire [2:0]                stat_err_class,
    output wire [6*COUNT_WIDTH-1:0]  err_count
);

// Parameter checks. An illegal value instantiates a module that does not exist,
// named after the rule it breaks, where Verilator, Icarus and Yosys all stop
// elaborating. An initial block's $error would pass Verilator's lint and Icarus's
// compile, and stop only a simulation. OFFSET_WIDTH, COUNT_WIDTH and DEPTH are
// checked by the wide decoder, under the same names.
generate
    if (LANES < 1 || LANES > 128 || (LANES & (LANES - 1)) != 0) begin : g_check_lanes
        error_LANES_must_be_1_2_4_8_16_32_64_or_128 stop ();
    end
endgenerate

// ---------------------------------------------------------------------------
// Units

wire [32*LANES-1:0] unit_data;
wire [LANES-1:0]    unit_keep;
wire [6*LANES-1:0]  unit_user;
wire                unit_valid;
wire                unit_ready;
wire                unit_last;

utf8_wide_decoder #(
    .LANES(LANES),
    .OFFSET_WIDTH(OFFSET_WIDTH),
    .COUNT_WIDTH(COUNT_WIDTH),
    .DEPTH(DEPTH)
) decoder_inst (
    .clk(clk),
    .rst(rst),
    .cfg_mode(cfg_mode),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tkeep(s_axis_tkeep),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(s_axis_tready),
    .s_axis_tlast(s_axis_tlast),
    .m_axis_tdata(unit_data),
    .m_axis_tkeep(unit_keep),
    .m_axis_tuser(unit_user),
    .m_axis_tvalid(unit_valid),
    .m_axis_tready(unit_ready),
    .m_axis_tlast(unit_last),
    .stat_valid(stat_valid),
    .stat_error(stat_error),
    .stat_err_offset(stat_err_offset),
    .stat_err_class(stat_err_class),
    .err_count(err_count)
);

// ---------------------------------------------------------------------------
// Bytes: each unit back to its UTF-8, repacked LANES bytes a beat

utf8_unit_utf8 #(
    .LANES(LANES)
) expand_inst (
    .clk(clk),
    .rst(rst),
    .s_axis_tdata(unit_data),
    .s_axis_tkeep(unit_keep),
    .s_axis_tuser(unit_user),
    .s_axis_tvalid(unit_valid),
    .s_axis_tready(unit_ready),
    .s_axis_tlast(unit_last),
    .m_axis_tdata(m_axis_tdata),
    .m_axis_tkeep(m_axis_tkeep),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready),
    .m_axis_tlast(m_axis_tlast)
);

endmodule

`resetall
`default_nettype wire
