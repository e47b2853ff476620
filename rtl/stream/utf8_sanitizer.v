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
 * Bytes, not code points: the units come from the wide blocks' front end
 * (utf8_lane_front) at the lanes where they end, and each is turned back into
 * bytes there, before anything is packed (a well-formed unit's code point
 * encoded in its own length gives its input bytes again, an error unit gives
 * EF BF BD). A unit's bytes fit in three byte slots per lane: a unit of one
 * to three bytes (or an error unit) takes the three slots of its end lane, a
 * unit of four to six takes those of the lane before too, which is its own,
 * or for a unit ending at lane 0, three slots before lane 0. So a beat has
 * 3*LANES+3 slots in order, and one compaction network over bytes
 * (utf8_lane_compact; each slot's shift from a log-depth prefix count of
 * the empty slots per lane) packs them. The wide decoder's compaction of
 * 38-bit code point elements, and the merge tree that turned packed units
 * back into bytes, are not needed.
 *
 * Nothing in the pipeline stalls: as in the wide decoder, an output FIFO of
 * beats of bytes and a credit on s_axis_tready (utf8_lane_fifo) take up the
 * output's backpressure. The FIFO's head feeds the repacking accumulator
 * (utf8_repack), which gives LANES bytes a clock: on well-formed input, where
 * a beat's bytes and the input beat's are the same on average, one beat
 * passes per clock; error units expand 1-5 bytes to 3, and only that slows the
 * input. A packet's bytes never share a beat with the next packet's.
 *
 * Latency: the front end's, one clock (slots), the prefix count and the
 * compaction (two levels a clock), the FIFO's output register, then the
 * repacker's two. stat_* and err_count are the lanes' status (utf8_lane_status),
 * as in the validator and the wide decoder.
 */
module utf8_sanitizer #(
    // bytes per input and output beat: 1, 2, 4, 8, 16, 32, 64 or 128
    parameter LANES = 8,
    // width of the first error offset, at least 16 (utf8_lane_status)
    parameter OFFSET_WIDTH = 32,
    // width of each saturating error counter, at least 16 (utf8_lane_status)
    parameter COUNT_WIDTH = 32,
    // output FIFO entries (beats of bytes), a power of two, at least 4; for one
    // beat per clock at least the credit's round trip (over 16 at LANES 64)
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

localparam AREAS = LANES + 1;             // area 0: before lane 0; area e+1: lane e
localparam SLOTS = 3 * AREAS;             // the most bytes a beat can give
localparam LOG_A = $clog2(AREAS);
localparam LOG_S = $clog2(SLOTS);
localparam SW = LOG_S;                    // bits of a slot's shift (below SLOTS)
localparam CW = $clog2(SLOTS + 1);        // a count of slots, up to SLOTS
localparam FW = 8 * SLOTS + CW + 1;       // FIFO entry: {last, count, bytes}
localparam [31:0] SLOTS_32 = SLOTS;
localparam [CW-1:0] SLOTS_C = SLOTS_32[CW-1:0];

// Levels per clock of the prefix count and the compaction. The cycle model
// (model/stream/utf8_sanitizer.cpp) has the same figures: they set the latency.
localparam SCAN_STEP = 2;
localparam PACK_STEP = 2;

// cut_mask(levels, step): bit i set, a register after level i (every
// step-th level and the last one)
`include "utf8_cut_mask.vh"

localparam SCAN_CUTS = cut_mask(LOG_A, SCAN_STEP);
localparam PACK_CUTS = cut_mask(LOG_S, PACK_STEP);

// Parameter checks. An illegal value instantiates a module that does not exist,
// named after the rule it breaks, where Verilator, Icarus and Yosys all stop
// elaborating. An initial block's $error would pass Verilator's lint and Icarus's
// compile, and stop only a simulation.
generate
    if (LANES < 1 || LANES > 128 || (LANES & (LANES - 1)) != 0) begin : g_check_lanes
        error_LANES_must_be_1_2_4_8_16_32_64_or_128 stop ();
    end
    if (OFFSET_WIDTH < 16) begin : g_check_offset_width
        error_OFFSET_WIDTH_must_be_at_least_16 stop ();
    end
    if (COUNT_WIDTH < 16) begin : g_check_count_width
        error_COUNT_WIDTH_must_be_at_least_16 stop ();
    end
    if (DEPTH < 4 || (DEPTH & (DEPTH - 1)) != 0) begin : g_check_depth
        error_DEPTH_must_be_a_power_of_two_at_least_4 stop ();
    end
endgenerate

// encode(cp, n): a code point's UTF-8 in n bytes, bytes past n zero
`include "utf8_encode.vh"

wire s_ready_d;  // s_axis_tready's next value outside reset, which the front end registers copies of

// ---------------------------------------------------------------------------
// Lanes

wire                    dec_valid;
wire                    dec_last;
wire [OFFSET_WIDTH-1:0] dec_base;
wire [LANES-1:0]        dec_end;
wire [3*LANES-1:0]      dec_len;
wire [3*LANES-1:0]      dec_cls;
wire [32*LANES-1:0]     dec_cp;
wire [LANES-1:0]        dec_start;
wire [LANES-1:0]        dec_str_end;

utf8_lane_front #(
    .LANES(LANES),
    .OFFSET_WIDTH(OFFSET_WIDTH)
) front_inst (
    .clk(clk),
    .rst(rst),
    .cfg_mode(cfg_mode),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tkeep(s_axis_tkeep),
    .s_axis_tvalid(s_axis_tvalid),
    .s_ready_next(s_ready_d),
    .s_axis_tlast(s_axis_tlast),
    .s_start({LANES{1'b0}}),   // one packet, no strings (utf8_string_validator)
    .dec_valid(dec_valid),
    .dec_last(dec_last),
    .dec_base(dec_base),
    .dec_end(dec_end),
    .dec_len(dec_len),
    .dec_cls(dec_cls),
    .dec_cp(dec_cp),
    .dec_start(dec_start),
    .dec_str_end(dec_str_end)
);
// The packet is the only string: its marks are the packet's ends.
wire unused_str = &{1'b0, dec_start, dec_str_end, 1'b0};

// ---------------------------------------------------------------------------
// Slot stage: each unit's bytes in the slots of its end lane (and of the lane
// before, for four to six bytes), with each lane's count of empty slots.
// dec_end is all zeros when its beat is not valid, so no lane has a byte then.

reg [47:0]        lane_bytes [0:LANES-1];
reg [LANES-1:0]   lane_big;      // a well-formed unit of four to six bytes ends here
reg [3*LANES-1:0] lane_n;        // the unit's byte count (0: no unit ends here)
reg [8*SLOTS-1:0] slot_bytes_d;
reg [SLOTS-1:0]   slot_full_d;   // the slot holds a byte
reg [2*AREAS-1:0] area_empty_d;  // empty slots per area, 0-3
integer k, i;
always @* begin
    for (k = 0; k < LANES; k = k + 1) begin
        if (!dec_end[k]) begin
            lane_n[3*k +: 3] = 3'd0;
        end else if (dec_cls[3*k +: 3] == CLS_OK) begin
            lane_n[3*k +: 3] = dec_len[3*k +: 3];
        end else begin
            lane_n[3*k +: 3] = 3'd3;   // U+FFFD
        end
        lane_big[k] = dec_end[k] && dec_cls[3*k +: 3] == CLS_OK && dec_len[3*k + 2];
        lane_bytes[k] = encode(dec_cls[3*k +: 3] == CLS_OK ? dec_cp[32*k +: 31] : 31'h0000FFFD,
                               lane_n[3*k +: 3]);
    end
    // Area 0: the first three bytes of a long unit ending at lane 0.
    slot_bytes_d[0 +: 24] = lane_big[0] ? lane_bytes[0][23:0] : 24'd0;
    slot_full_d[0 +: 3]   = {3{lane_big[0]}};
    for (k = 0; k < LANES; k = k + 1) begin
        // Area k+1: the last bytes of a long unit ending here, or the bytes of
        // a short unit ending here, or the first three of a long unit ending
        // at the next lane (then none ends here, and this lane's bytes are 0).
        if (lane_big[k]) begin
            slot_bytes_d[24*(k+1) +: 24] = lane_bytes[k][47:24];
        end else if (k + 1 < LANES && lane_big[(k + 1) % LANES]) begin
            slot_bytes_d[24*(k+1) +: 24] = lane_bytes[(k + 1) % LANES][23:0];
        end else begin
            slot_bytes_d[24*(k+1) +: 24] = lane_bytes[k][23:0];
        end
        for (i = 0; i < 3; i = i + 1) begin
            if (lane_big[k]) begin
                slot_full_d[3*(k+1) + i] = {29'd0, lane_n[3*k +: 3]} > 3 + i;
            end else if (k + 1 < LANES && lane_big[(k + 1) % LANES]) begin
                slot_full_d[3*(k+1) + i] = 1'b1;
            end else begin
                slot_full_d[3*(k+1) + i] = {29'd0, lane_n[3*k +: 3]} > i;
            end
        end
    end
    for (k = 0; k < AREAS; k = k + 1) begin
        area_empty_d[2*k +: 2] = 2'd3 - {1'b0, slot_full_d[3*k]} - {1'b0, slot_full_d[3*k + 1]}
                                      - {1'b0, slot_full_d[3*k + 2]};
    end
end

// Beside each beat: {goes into the FIFO, last, dropped (no unit)}, decoded
// here so that the FIFO's controls come straight from flops.
wire       dec_any = |dec_end;
wire [2:0] dec_tag = {dec_any, dec_last, dec_valid && !dec_any};

reg [8*SLOTS-1:0] slot_bytes_q;
reg [SLOTS-1:0]   slot_full_q;
reg [2*AREAS-1:0] slot_empty_q;
reg [2:0]         slot_tag_q;

always @(posedge clk) begin
    slot_bytes_q <= slot_bytes_d;
    slot_full_q  <= slot_full_d;
    slot_empty_q <= area_empty_d;
    slot_tag_q   <= dec_tag;
    if (rst) begin
        slot_tag_q <= 3'b000;
    end
end

// ---------------------------------------------------------------------------
// Shift stage: each area's shift (empty slots below it), by a log-depth
// prefix count over the areas, registered after the levels in SCAN_CUTS

genvar g, l;
generate
    for (l = 0; l < LOG_A; l = l + 1) begin : g_scan
        // Inclusive prefix count of empty slots over 2^(l+1) areas, from level
        // l; the beat's bytes, full flags and tag keep step with it.
        wire [CW*AREAS-1:0] c_in;
        wire [CW*AREAS-1:0] c_sum;
        wire [8*SLOTS-1:0]  b_in;
        wire [SLOTS-1:0]    f_in;
        wire [2:0]          t_in;
        wire [CW*AREAS-1:0] c_out;
        wire [8*SLOTS-1:0]  b_out;
        wire [SLOTS-1:0]    f_out;
        wire [2:0]          t_out;
        if (l == 0) begin : g_first
            for (g = 0; g < AREAS; g = g + 1) begin : g_area
                assign c_in[g*CW +: CW] = {{(CW-2){1'b0}}, slot_empty_q[2*g +: 2]};
            end
            assign b_in = slot_bytes_q;
            assign f_in = slot_full_q;
            assign t_in = slot_tag_q;
        end else begin : g_next
            assign c_in = g_scan[l-1].c_out;
            assign b_in = g_scan[l-1].b_out;
            assign f_in = g_scan[l-1].f_out;
            assign t_in = g_scan[l-1].t_out;
        end
        for (g = 0; g < AREAS; g = g + 1) begin : g_area
            if (g >= (1 << l)) begin : g_add
                assign c_sum[g*CW +: CW] = c_in[g*CW +: CW] + c_in[(g - (1 << l))*CW +: CW];
            end else begin : g_copy
                assign c_sum[g*CW +: CW] = c_in[g*CW +: CW];
            end
        end
        if (((SCAN_CUTS >> l) & 1) != 0) begin : g_reg
            reg [CW*AREAS-1:0] c_q;
            reg [8*SLOTS-1:0]  b_q;
            reg [SLOTS-1:0]    f_q;
            reg [2:0]          t_q;
            always @(posedge clk) begin
                c_q <= c_sum;
                b_q <= b_in;
                f_q <= f_in;
                t_q <= t_in;
                if (rst) begin
                    t_q <= 3'b000;
                end
            end
            assign c_out = c_q;
            assign b_out = b_q;
            assign f_out = f_q;
            assign t_out = t_q;
        end else begin : g_comb
            assign c_out = c_sum;
            assign b_out = b_in;
            assign f_out = f_in;
            assign t_out = t_in;
        end
    end
endgenerate

// A slot's shift: the inclusive count of the area below its own (at most
// 3*LANES, below SLOTS); the beat's byte count: the slots less all the empty.
wire [CW*AREAS-1:0] incl = g_scan[LOG_A-1].c_out;
wire [SW*SLOTS-1:0] shift_by;
wire [CW-1:0]       shift_count = SLOTS_C - incl[(AREAS-1)*CW +: CW];
generate
    for (g = 0; g < SLOTS; g = g + 1) begin : g_shift
        if (g < 3) begin : g_first
            assign shift_by[g*SW +: SW] = {SW{1'b0}};
        end else begin : g_rest
            assign shift_by[g*SW +: SW] = incl[(g/3 - 1)*CW +: SW];
        end
    end
endgenerate

// ---------------------------------------------------------------------------
// Pack stage: compaction of the slots, registered after the levels in
// PACK_CUTS (always after the last one, so that the FIFO is written from
// registers); the tag carries the beat's byte count

wire [8*SLOTS-1:0] pack_bytes;
wire [SLOTS-1:0]   pack_full;
wire [CW+2:0]      pack_tag;

utf8_lane_compact #(
    .LANES(SLOTS),
    .WIDTH(8),
    .SHIFT_WIDTH(SW),
    .REGISTER_AFTER(PACK_CUTS),
    .TAG_WIDTH(CW + 3)
) compact_inst (
    .clk(clk),
    .rst(rst),
    .in_elem(g_scan[LOG_A-1].b_out),
    .in_valid(g_scan[LOG_A-1].f_out),
    .in_shift(shift_by),
    .in_tag({shift_count, g_scan[LOG_A-1].t_out}),
    .out_elem(pack_bytes),
    .out_valid(pack_full),
    .out_tag(pack_tag)
);

// The packed slots are full from slot 0 up to the count, which the FIFO keeps.
wire unused_pack_full = &{1'b0, pack_full, 1'b0};

// ---------------------------------------------------------------------------
// Output FIFO and credit (utf8_lane_fifo): beats with bytes are written, the
// others retired; its head feeds the repacking accumulator.

wire [FW-1:0] head;
wire          head_valid;
wire          head_ready;

utf8_lane_fifo #(
    .WIDTH(FW),
    .DEPTH(DEPTH)
) fifo_inst (
    .clk(clk),
    .rst(rst),
    .s_valid(s_axis_tvalid),
    .s_ready(s_axis_tready),
    .s_ready_next(s_ready_d),
    .wr(pack_tag[2]),
    .drop(pack_tag[0]),
    .wr_data({pack_tag[1], pack_tag[3 +: CW], pack_bytes}),
    .m_data(head),
    .m_valid(head_valid),
    .m_ready(head_ready)
);

utf8_repack #(
    .ITEM(8),
    .IN(SLOTS),
    .OUT(LANES)
) repack_inst (
    .clk(clk),
    .rst(rst),
    .s_data(head[0 +: 8*SLOTS]),
    .s_count(head[8*SLOTS +: CW]),
    .s_valid(head_valid),
    .s_ready(head_ready),
    .s_last(head[FW-1]),
    .m_data(m_axis_tdata),
    .m_keep(m_axis_tkeep),
    .m_valid(m_axis_tvalid),
    .m_ready(m_axis_tready),
    .m_last(m_axis_tlast)
);

// ---------------------------------------------------------------------------
// Status: first error unit of each packet, per-class counters

utf8_lane_status #(
    .LANES(LANES),
    .OFFSET_WIDTH(OFFSET_WIDTH),
    .COUNT_WIDTH(COUNT_WIDTH)
) status_inst (
    .clk(clk),
    .rst(rst),
    .in_valid(dec_valid),
    .in_last(dec_last),
    .in_base(dec_base),
    .in_end(dec_end),
    .in_len(dec_len),
    .in_cls(dec_cls),
    .stat_valid(stat_valid),
    .stat_error(stat_error),
    .stat_err_offset(stat_err_offset),
    .stat_err_class(stat_err_class),
    .err_count(err_count)
);

endmodule

`resetall
`default_nettype wire
