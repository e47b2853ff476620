// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Wide UTF-8 decoder: takes LANES bytes per clock on any input and gives up to
 * LANES decoded units per clock, packed into the low output lanes in order;
 * the concatenation of all units is exactly the scalar decoder's output (the
 * functional model's Decode() of each packet, ../shared/SPEC.md §3). The lanes
 * decide in parallel (utf8_lane_front) and each unit is emitted at the lane
 * where it ends; the shift stage computes every unit's shift (how many lanes
 * below it hold no unit, a log-depth prefix count) and the pack stage moves
 * the units down with utf8_lane_compact; both are cut into clocks of at most
 * STEP levels. Beats without a unit are dropped there, the others go into an
 * output FIFO whose head is the output register.
 *
 * Nothing in the pipeline ever stalls: a clock enable from m_axis_tready would
 * reach every flop of it. Instead a credit keeps the FIFO from overflowing:
 * s_axis_tready (registered) is withdrawn while DEPTH beats are accepted and
 * not yet retired (popped, or dropped for want of units). DEPTH covers the
 * pipeline's depth, so an output that is always ready takes one beat per
 * clock. Status and per-class counters come from utf8_lane_status, as in the
 * validator.
 *
 * OUT_UNITS sizes the output to the bus behind it: with OUT_UNITS below LANES
 * the FIFO's head goes into a repacking ring (utf8_repack_ring) that gives
 * beats of OUT_UNITS units, full but for a packet's last, so a beat of u units
 * costs u / OUT_UNITS clocks of output and at least one clock of input. The
 * FIFO's credit then throttles the input to what the output takes.
 */
module utf8_wide_decoder #(
    // bytes per beat (and unit lanes per output beat, unless OUT_UNITS says
    // fewer): 1, 2, 4, 8, 16, 32, 64 or 128
    parameter LANES = 8,
    // width of the first error offset, at least 16 (utf8_lane_status)
    parameter OFFSET_WIDTH = 32,
    // width of each saturating error counter, at least 16 (utf8_lane_status)
    parameter COUNT_WIDTH = 32,
    // output FIFO entries, a power of two, at least 4 (the credit steps down by
    // two): the beats that may be accepted and not yet retired; for one beat
    // per clock at least the credit's round trip, which 16 covers at every
    // LANES (see PACK_STEP)
    parameter DEPTH = 16,
    // units per output beat, 1..LANES; LANES gives a beat out per beat in
    parameter OUT_UNITS = LANES
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

    // Unit output: lane k is a code point with tuser {len[2:0], class[2:0]}
    output wire [32*OUT_UNITS-1:0]   m_axis_tdata,
    output wire [OUT_UNITS-1:0]      m_axis_tkeep,
    output wire [6*OUT_UNITS-1:0]    m_axis_tuser,
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

localparam SW = (LANES > 1) ? $clog2(LANES) : 1;   // bits of a unit's shift
localparam LOG = (LANES > 1) ? $clog2(LANES) : 0;
localparam EW = 38;                                   // element: {cp[31:0], len[2:0], cls[2:0]}
localparam NARROW = OUT_UNITS < LANES;                // the output goes through utf8_repack_ring
localparam CW = $clog2(LANES + 1);                    // a beat's unit count
// FIFO entry: {last, keep, data, user}, or with NARROW {last, count, elements}
localparam FW = NARROW ? EW*LANES + CW + 1 : 39*LANES + 1;

// Levels per clock of the shift and pack stages. The cycle model
// (model/stream/utf8_wide_decoder.cpp) has the same figures: they set the latency.
localparam SCAN_STEP = 2;
// A compaction level's selects fan out to all element bits, and a second
// level's selects wait on the first's, so up to LANES 32 one level is all a
// clock takes. At LANES 64 and 128 two levels a clock: the registers of a
// level a clock were a quarter of the flops there, more than nextpnr placed
// in 30 minutes, and with three or four clocks less latency 16 FIFO entries
// cover the credit's round trip (32 before).
localparam PACK_STEP = (LANES >= 64) ? 2 : 1;

// cut_mask(levels, step): bit i set, a register after level i (every
// step-th level and the last one)
`include "utf8_cut_mask.vh"

localparam SCAN_CUTS = cut_mask(LOG, SCAN_STEP);
localparam PACK_CUTS = cut_mask(LOG, PACK_STEP);

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
    if (OUT_UNITS < 1 || OUT_UNITS > LANES) begin : g_check_out_units
        error_OUT_UNITS_must_be_1_to_LANES stop ();
    end
endgenerate

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
wire [8*LANES-1:0]      dec_data;
wire [LANES-1:0]        dec_keep;
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
    .dec_data(dec_data),
    .dec_keep(dec_keep),
    .dec_start(dec_start),
    .dec_str_end(dec_str_end)
);
// The packet is the only string: its marks are the packet's ends.
wire unused_str = &{1'b0, dec_start, dec_str_end, 1'b0};
// The beat's bytes are the sanitizer's; synthesis drops these registers.
wire unused_bytes = &{1'b0, dec_data, dec_keep, 1'b0};

// The front end's dec_end is all zeros when its beat is not valid, so the unit
// flags need no term of dec_valid (one LUT level less before the prefix count).
wire [LANES-1:0] dec_unit = dec_end;

reg [EW*LANES-1:0] elem;
integer k;
always @* begin
    for (k = 0; k < LANES; k = k + 1) begin
        // An error unit's code point is U+FFFD (SPEC §3); the lanes give the raw payload.
        // Lanes without a unit are not cleared here: the compaction clears the
        // lanes it leaves empty, and a clear here would put dec_valid on every bit.
        elem[k*EW +: EW] =
            {dec_cls[3*k +: 3] == CLS_OK ? dec_cp[32*k +: 32] : 32'h0000FFFD, dec_len[3*k +: 3], dec_cls[3*k +: 3]};
    end
end

// Beside each beat: {goes into the FIFO, last, dropped (no unit)}, decoded
// here so that the FIFO's controls come straight from flops.
wire       dec_any = |dec_unit;
wire [2:0] dec_tag = {dec_any, dec_last, dec_valid && !dec_any};

// ---------------------------------------------------------------------------
// Shift stage: each unit's shift (lanes without a unit below it), by a
// log-depth prefix count, registered after the levels in SCAN_CUTS

genvar g, l;
generate
    for (l = 0; l < LOG; l = l + 1) begin : g_scan
        // Inclusive prefix count of empty lanes over 2^(l+1) lanes, from level l;
        // the beat's elements, unit flags and tag keep step with it.
        wire [(SW+1)*LANES-1:0] c_in;
        wire [(SW+1)*LANES-1:0] c_sum;
        wire [EW*LANES-1:0]     e_in;
        wire [LANES-1:0]        u_in;
        wire [2:0]              t_in;
        wire [(SW+1)*LANES-1:0] c_out;
        wire [EW*LANES-1:0]     e_out;
        wire [LANES-1:0]        u_out;
        wire [2:0]              t_out;
        if (l == 0) begin : g_first
            for (g = 0; g < LANES; g = g + 1) begin : g_lane
                assign c_in[g*(SW+1) +: SW+1] = {{SW{1'b0}}, !dec_unit[g]};
            end
            assign e_in = elem;
            assign u_in = dec_unit;
            assign t_in = dec_tag;
        end else begin : g_next
            assign c_in = g_scan[l-1].c_out;
            assign e_in = g_scan[l-1].e_out;
            assign u_in = g_scan[l-1].u_out;
            assign t_in = g_scan[l-1].t_out;
        end
        for (g = 0; g < LANES; g = g + 1) begin : g_lane
            if (g >= (1 << l)) begin : g_add
                assign c_sum[g*(SW+1) +: SW+1] = c_in[g*(SW+1) +: SW+1] + c_in[(g - (1 << l))*(SW+1) +: SW+1];
            end else begin : g_copy
                assign c_sum[g*(SW+1) +: SW+1] = c_in[g*(SW+1) +: SW+1];
            end
        end
        if (((SCAN_CUTS >> l) & 1) != 0) begin : g_reg
            reg [(SW+1)*LANES-1:0] c_q;
            reg [EW*LANES-1:0]     e_q;
            reg [LANES-1:0]        u_q;
            reg [2:0]              t_q;
            always @(posedge clk) begin
                c_q <= c_sum;
                e_q <= e_in;
                u_q <= u_in;
                t_q <= t_in;
                if (rst) begin
                    t_q <= 3'b000;
                end
            end
            assign c_out = c_q;
            assign e_out = e_q;
            assign u_out = u_q;
            assign t_out = t_q;
        end else begin : g_comb
            assign c_out = c_sum;
            assign e_out = e_in;
            assign u_out = u_in;
            assign t_out = t_in;
        end
    end
endgenerate

// A unit's shift: the inclusive count of the lane below it (at most LANES-1).
wire [SW*LANES-1:0] shift_by;
wire [EW*LANES-1:0] shift_elem;
wire [LANES-1:0]    shift_unit;
wire [2:0]          shift_tag;
wire [CW-1:0]       shift_count;   // units in the beat
localparam [31:0] LANES_32 = LANES;
localparam [CW-1:0] LANES_CW = LANES_32[CW-1:0];
generate
    if (LOG == 0) begin : g_one
        assign shift_by    = {SW{1'b0}};
        assign shift_elem  = elem;
        assign shift_unit  = dec_unit;
        assign shift_tag   = dec_tag;
        assign shift_count = dec_unit;
    end else begin : g_many
        wire [(SW+1)*LANES-1:0] incl = g_scan[LOG-1].c_out;
        assign shift_by[0 +: SW] = {SW{1'b0}};
        for (g = 1; g < LANES; g = g + 1) begin : g_lane
            assign shift_by[g*SW +: SW] = incl[(g-1)*(SW+1) +: SW];
        end
        assign shift_elem = g_scan[LOG-1].e_out;
        assign shift_unit = g_scan[LOG-1].u_out;
        assign shift_tag  = g_scan[LOG-1].t_out;
        // The top lane's count is the beat's empty lanes: the rest are its
        // units (what utf8_repack_ring takes with NARROW; otherwise unused).
        assign shift_count = LANES_CW - incl[(LANES-1)*(SW+1) +: SW+1];
        // Counts below the top lane stay under LANES, so their top bit is spare.
        wire unused_incl = &{1'b0, incl, 1'b0};
    end
endgenerate

// ---------------------------------------------------------------------------
// Pack stage: compaction, registered after the levels in PACK_CUTS (always
// after the last one, so that the FIFO is written from registers)

// The tag: {goes in, last, dropped}, and with NARROW the unit count below them.
localparam TW = NARROW ? 3 + CW : 3;

wire [EW*LANES-1:0] pack_elem;
wire [LANES-1:0]    pack_keep;
wire [TW-1:0]       pack_tag_all;
wire [TW-1:0]       shift_tag_all;
generate
    if (NARROW) begin : g_tag_count
        assign shift_tag_all = {shift_count, shift_tag};
    end else begin : g_tag
        assign shift_tag_all = shift_tag;
        wire unused_count = &{1'b0, shift_count, 1'b0};
    end
endgenerate
wire [2:0] pack_tag = pack_tag_all[2:0];

utf8_lane_compact #(
    .LANES(LANES),
    .WIDTH(EW),
    .SHIFT_WIDTH(SW),
    .REGISTER_AFTER(PACK_CUTS),
    .TAG_WIDTH(TW)
) compact_inst (
    .clk(clk),
    .rst(rst),
    .in_elem(shift_elem),
    .in_valid(shift_unit),
    .in_shift(shift_by),
    .in_tag(shift_tag_all),
    .out_elem(pack_elem),
    .out_valid(pack_keep),
    .out_tag(pack_tag_all)
);

reg [32*LANES-1:0] pack_data;
reg [6*LANES-1:0]  pack_user;
always @* begin
    for (k = 0; k < LANES; k = k + 1) begin
        pack_data[32*k +: 32] = pack_elem[k*EW + 6 +: 32];
        pack_user[6*k +: 6]   = pack_elem[k*EW +: 6];
    end
end

wire pack_last = pack_tag[1];

// ---------------------------------------------------------------------------
// Output FIFO and credit (utf8_lane_fifo): beats with units are written, the
// others retired; the FIFO's head is the output register.

wire [FW-1:0] out_q;
wire [FW-1:0] fifo_in;
wire          head_valid, head_ready;
generate
    if (NARROW) begin : g_entry_count
        // the keep is the count's: utf8_repack_ring takes the count
        assign fifo_in = {pack_last, pack_tag_all[TW-1:3], pack_elem};
        wire unused_keep = &{1'b0, pack_keep, pack_data, pack_user, 1'b0};
    end else begin : g_entry_keep
        assign fifo_in = {pack_last, pack_keep, pack_data, pack_user};
    end
endgenerate

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
    .wr_data(fifo_in),
    .m_data(out_q),
    .m_valid(head_valid),
    .m_ready(head_ready)
);

// ---------------------------------------------------------------------------
// Output: the FIFO's head, or with NARROW the repacking ring's beats of
// OUT_UNITS units

generate
    if (NARROW) begin : g_narrow
        // The ring's input slice (inside utf8_repack_ring) stands between
        // the FIFO's head and the ring's take, so that the FIFO's read (and
        // its credit, and the front end's ready) starts at a flop rather
        // than after the ring's take: that chain was the longest path at
        // LANES 16, OUT_UNITS 4.
        wire [EW*OUT_UNITS-1:0] rp_data;
        utf8_repack_ring #(
            .ITEM(EW),
            .IN(LANES),
            .OUT(OUT_UNITS)
        ) ring_inst (
            .clk(clk),
            .rst(rst),
            .s_data(out_q[0 +: EW*LANES]),
            .s_count(out_q[EW*LANES +: CW]),
            .s_valid(head_valid),
            .s_ready(head_ready),
            .s_last(out_q[FW-1]),
            .m_data(rp_data),
            .m_keep(m_axis_tkeep),
            .m_valid(m_axis_tvalid),
            .m_ready(m_axis_tready),
            .m_last(m_axis_tlast)
        );
        for (g = 0; g < OUT_UNITS; g = g + 1) begin : g_unit
            assign m_axis_tdata[32*g +: 32] = rp_data[g*EW + 6 +: 32];
            assign m_axis_tuser[6*g +: 6]   = rp_data[g*EW +: 6];
        end
    end else begin : g_full
        assign head_ready    = m_axis_tready;
        assign m_axis_tvalid = head_valid;
        assign m_axis_tlast  = out_q[FW-1];
        assign m_axis_tkeep  = out_q[38*LANES +: LANES];
        assign m_axis_tdata  = out_q[6*LANES +: 32*LANES];
        assign m_axis_tuser  = out_q[0 +: 6*LANES];
    end
endgenerate

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
