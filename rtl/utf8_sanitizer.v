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
    // bytes per input and output beat: 1, 2, 4, 8, 16, 32 or 64
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

`include "utf8_class_codes.vh"

localparam LOG = (LANES > 1) ? $clog2(LANES) : 0;
// Bytes one beat of units can give, and what the accumulator holds at most:
// up to LANES left after an output beat, and a beat's bytes behind them.
localparam XB = 3 * LANES + 3;
localparam AB = LANES + XB;
localparam NW = $clog2(AB + 1);   // a byte count up to AB
localparam [31:0] LANES_32 = LANES;
localparam [NW-1:0] LANES_N = LANES_32[NW-1:0];

// Bytes that a group of units of a beat can give: six each (annex-r's
// longest sequence), but never more than the beat's bound.
function integer seg_bytes;
    input integer units;
    begin
        seg_bytes = (6 * units < XB) ? 6 * units : XB;
    end
endfunction

// Parameter checks. An illegal value instantiates a module that does not exist,
// named after the rule it breaks, where Verilator, Icarus and Yosys all stop
// elaborating. An initial block's $error would pass Verilator's lint and Icarus's
// compile, and stop only a simulation. OFFSET_WIDTH, COUNT_WIDTH and DEPTH are
// checked by the wide decoder, under the same names.
generate
    if (LANES < 1 || LANES > 64 || (LANES & (LANES - 1)) != 0) begin : g_check_lanes
        error_LANES_must_be_1_2_4_8_16_32_or_64 stop ();
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
// Expansion: each unit's bytes (a well-formed unit's code point in its own
// length, an error's U+FFFD in three), then the merge tree

// UTF-8 of cp in n bytes (1-6), first byte lowest; bytes past n are zero, so
// the merge tree can OR segments together.
function [47:0] encode;
    input [30:0] cp;   // annex-r's largest value has 31 bits
    input [2:0]  n;
    begin
        case (n)
            3'd0:    encode = 48'd0;
            3'd1:    encode = {40'd0, 1'b0, cp[6:0]};
            3'd2:    encode = {32'd0, 2'b10, cp[5:0], 3'b110, cp[10:6]};
            3'd3:    encode = {24'd0, 2'b10, cp[5:0], 2'b10, cp[11:6], 4'b1110, cp[15:12]};
            3'd4:    encode = {16'd0, 2'b10, cp[5:0], 2'b10, cp[11:6], 2'b10, cp[17:12],
                               5'b11110, cp[20:18]};
            3'd5:    encode = {8'd0, 2'b10, cp[5:0], 2'b10, cp[11:6], 2'b10, cp[17:12],
                               2'b10, cp[23:18], 6'b111110, cp[25:24]};
            default: encode = {2'b10, cp[5:0], 2'b10, cp[11:6], 2'b10, cp[17:12],
                               2'b10, cp[23:18], 2'b10, cp[29:24], 7'b1111110, cp[30]};
        endcase
    end
endfunction

genvar l, g;
generate
    // Level l: LANES >> l segments, each the bytes of 2^l units and their count.
    for (l = 0; l <= LOG; l = l + 1) begin : g_lvl
        localparam SB = seg_bytes(1 << l);
        localparam N  = LANES >> l;
        wire [8*SB*N-1:0] seg;
        wire [NW*N-1:0]   cnt;
        if (l == 0) begin : g_units
            for (g = 0; g < LANES; g = g + 1) begin : g_unit
                wire [2:0] cls = unit_user[6*g +: 3];
                wire [2:0] len = unit_user[6*g + 3 +: 3];
                // An error unit's code point is U+FFFD, three bytes as any other.
                wire [2:0] n = !unit_keep[g] ? 3'd0 : (cls == CLS_OK ? len : 3'd3);
                assign seg[48*g +: 48] = encode(unit_data[32*g +: 31], n);
                wire unused_cp_top = &{1'b0, unit_data[32*g + 31], 1'b0};
                assign cnt[NW*g +: NW] = {{(NW-3){1'b0}}, n};
            end
        end else begin : g_merge
            localparam PB = seg_bytes(1 << (l - 1));
            for (g = 0; g < N; g = g + 1) begin : g_pair
                wire [8*SB-1:0] lo = {{(8*(SB-PB)){1'b0}}, g_lvl[l-1].seg[8*PB*(2*g) +: 8*PB]};
                wire [8*SB-1:0] hi = {{(8*(SB-PB)){1'b0}}, g_lvl[l-1].seg[8*PB*(2*g+1) +: 8*PB]};
                wire [NW-1:0]   n_lo = g_lvl[l-1].cnt[NW*(2*g) +: NW];
                wire [NW-1:0]   n_hi = g_lvl[l-1].cnt[NW*(2*g+1) +: NW];
                // The low half holds at most PB bytes: the shift needs no more bits.
                localparam PW = $clog2(PB + 1);
                wire [PW-1:0]   at = n_lo[PW-1:0];
                assign seg[8*SB*g +: 8*SB] = lo | (hi << {at, 3'b000});
                assign cnt[NW*g +: NW] = n_lo + n_hi;
            end
        end
    end
endgenerate

wire [8*XB-1:0] beat_bytes = g_lvl[LOG].seg;
wire [NW-1:0]   beat_count = g_lvl[LOG].cnt;

// Expansion register: one beat's bytes, taken as the accumulator takes the last.
reg              exp_valid_q;
reg [8*XB-1:0]   exp_data_q;
reg [NW-1:0]     exp_count_q;
reg              exp_last_q;

// ---------------------------------------------------------------------------
// Accumulator: acc_count_q bytes from lane 0 up; an output beat is its low
// LANES bytes when it holds that many, or all it holds at the packet's end.

reg [8*AB-1:0] acc_data_q;
reg [NW-1:0]   acc_count_q;
reg            acc_end_q;     // it holds the end of its packet

wire full_beat  = acc_count_q >= LANES_N;
wire out_valid  = full_beat || (acc_end_q && acc_count_q != {NW{1'b0}});
wire out_last   = acc_end_q && acc_count_q <= LANES_N;
wire pop        = out_valid && m_axis_tready;

// After this clock's output beat
wire [NW-1:0]   rest_count = !pop ? acc_count_q : (full_beat ? acc_count_q - LANES_N : {NW{1'b0}});
wire            rest_end   = acc_end_q && !(pop && out_last);
wire [8*AB-1:0] rest_data  = pop ? (acc_data_q >> (8 * LANES)) : acc_data_q;

wire take = exp_valid_q && !rest_end && rest_count <= LANES_N;
assign unit_ready = !exp_valid_q || take;

// Bytes below rest_count stay; the rest come from the expansion register.
// Only a take uses them, when at most LANES bytes stay: LOG+1 bits of shift.
wire [LOG:0]    put_at    = rest_count[LOG:0];
wire [8*AB-1:0] rest_mask = ~({(8*AB){1'b1}} << {put_at, 3'b000});
wire [8*AB-1:0] appended  = {{(8*LANES){1'b0}}, exp_data_q} << {put_at, 3'b000};

always @(posedge clk) begin
    if (unit_ready) begin
        exp_data_q  <= beat_bytes;
        exp_count_q <= beat_count;
        exp_last_q  <= unit_last;
    end
    exp_valid_q <= unit_valid || (exp_valid_q && !take);

    acc_data_q <= take ? ((rest_data & rest_mask) | (appended & ~rest_mask)) : rest_data;
    if (take) begin
        acc_count_q <= rest_count + exp_count_q;
        acc_end_q   <= exp_last_q;
    end else begin
        acc_count_q <= rest_count;
        acc_end_q   <= rest_end;
    end

    if (rst) begin
        exp_valid_q <= 1'b0;
        acc_count_q <= {NW{1'b0}};
        acc_end_q   <= 1'b0;
    end
end

// A beat's keep: every lane below the bytes held, all lanes when that is LANES or more.
wire [LANES-1:0] out_keep;
generate
    for (g = 0; g < LANES; g = g + 1) begin : g_keep
        localparam [NW-1:0] LANE = g;
        assign out_keep[g] = acc_count_q > LANE;
    end
endgenerate

assign m_axis_tdata  = acc_data_q[8*LANES-1:0];
assign m_axis_tkeep  = out_keep;
assign m_axis_tvalid = out_valid;
assign m_axis_tlast  = out_last;

endmodule

`resetall
`default_nettype wire
