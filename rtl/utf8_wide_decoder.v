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
 * where it ends; a stage computes every unit's shift (how many lanes below it
 * hold no unit, a log-depth prefix count) and the next one packs the units with
 * utf8_lane_compact into the output register. Beats without a unit are not
 * sent. Backpressure freezes the whole pipeline (its clock enable is "output
 * register free or taken"); a one-beat skid buffer in front keeps
 * s_axis_tready registered. Status and per-class counters come from
 * utf8_lane_status, as in the validator.
 */
module utf8_wide_decoder #(
    // bytes per beat and unit lanes per output beat: 1, 2, 4, 8, 16, 32 or 64
    parameter LANES = 8,
    // width of the first error offset
    parameter OFFSET_WIDTH = 32,
    // width of each saturating error counter
    parameter COUNT_WIDTH = 32
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
    output wire [32*LANES-1:0]       m_axis_tdata,
    output wire [LANES-1:0]          m_axis_tkeep,
    output wire [6*LANES-1:0]        m_axis_tuser,
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

localparam SW = (LANES > 1) ? $clog2(LANES) : 1;   // bits of a unit's shift
localparam LOG = (LANES > 1) ? $clog2(LANES) : 0;
localparam EW = 38;                                   // element: {cp[31:0], len[2:0], cls[2:0]}

initial begin
    if (LANES != 1 && LANES != 2 && LANES != 4 && LANES != 8 && LANES != 16
            && LANES != 32 && LANES != 64) begin
        $error("Error: LANES must be 1, 2, 4, 8, 16, 32 or 64 (instance %m)");
        $finish;
    end
end

// ---------------------------------------------------------------------------
// Output register and the pipeline's clock enable

reg                   out_valid_q;
reg [32*LANES-1:0]    out_data_q;
reg [LANES-1:0]       out_keep_q;
reg [6*LANES-1:0]     out_user_q;
reg                   out_last_q;

wire adv = !out_valid_q || m_axis_tready;

// ---------------------------------------------------------------------------
// Input skid buffer: holds the one beat taken while the pipeline was frozen

reg                   s_ready_q;
reg                   sk_valid_q;
reg [8*LANES-1:0]     sk_data_q;
reg [LANES-1:0]       sk_keep_q;
reg                   sk_last_q;
reg                   sk_mode_q;

wire s_fire = s_axis_tvalid && s_ready_q;
wire sk_valid_d = sk_valid_q ? !adv : (s_fire && !adv);

always @(posedge clk) begin
    if (!sk_valid_q) begin
        sk_data_q <= s_axis_tdata;
        sk_keep_q <= s_axis_tkeep;
        sk_last_q <= s_axis_tlast;
        sk_mode_q <= cfg_mode;
    end
    sk_valid_q <= sk_valid_d;
    s_ready_q  <= !sk_valid_d;
    if (rst) begin
        sk_valid_q <= 1'b0;
        s_ready_q  <= 1'b1;
    end
end

wire               in_valid = sk_valid_q || s_fire;
wire [8*LANES-1:0] in_data  = sk_valid_q ? sk_data_q : s_axis_tdata;
wire [LANES-1:0]   in_keep  = sk_valid_q ? sk_keep_q : s_axis_tkeep;
wire               in_last  = sk_valid_q ? sk_last_q : s_axis_tlast;
wire               in_mode  = sk_valid_q ? sk_mode_q : cfg_mode;

// ---------------------------------------------------------------------------
// Lanes

wire                    f_valid;
wire                    f_last;
wire [OFFSET_WIDTH-1:0] f_base;
wire [LANES-1:0]        f_end;
wire [3*LANES-1:0]      f_len;
wire [3*LANES-1:0]      f_cls;
wire [32*LANES-1:0]     f_cp;

utf8_lane_front #(
    .LANES(LANES),
    .OFFSET_WIDTH(OFFSET_WIDTH)
) front_inst (
    .clk(clk),
    .rst(rst),
    .ce(adv),
    .cfg_mode(in_mode),
    .s_axis_tdata(in_data),
    .s_axis_tkeep(in_keep),
    .s_axis_tvalid(in_valid),
    .s_axis_tready(1'b1),
    .s_axis_tlast(in_last),
    .o_valid(f_valid),
    .o_last(f_last),
    .o_base(f_base),
    .o_end(f_end),
    .o_len(f_len),
    .o_cls(f_cls),
    .o_cp(f_cp)
);

wire [LANES-1:0] f_unit = f_end & {LANES{f_valid}};

// ---------------------------------------------------------------------------
// Shift stage: each unit's shift (lanes without a unit below it), by a
// log-depth prefix count

genvar g, l;
generate
    for (l = 0; l < LOG; l = l + 1) begin : g_scan
        // Inclusive prefix count of empty lanes over 2^(l+1) lanes, from level l.
        wire [(SW+1)*LANES-1:0] c_in;
        wire [(SW+1)*LANES-1:0] c_out;
        if (l == 0) begin : g_first
            for (g = 0; g < LANES; g = g + 1) begin : g_lane
                assign c_in[g*(SW+1) +: SW+1] = {{SW{1'b0}}, !f_unit[g]};
            end
        end else begin : g_next
            assign c_in = g_scan[l-1].c_out;
        end
        for (g = 0; g < LANES; g = g + 1) begin : g_lane
            if (g >= (1 << l)) begin : g_add
                assign c_out[g*(SW+1) +: SW+1] = c_in[g*(SW+1) +: SW+1] + c_in[(g - (1 << l))*(SW+1) +: SW+1];
            end else begin : g_copy
                assign c_out[g*(SW+1) +: SW+1] = c_in[g*(SW+1) +: SW+1];
            end
        end
    end
endgenerate

// A unit's shift: the inclusive count of the lane below it (at most LANES-1).
wire [SW*LANES-1:0] shift;
generate
    if (LOG == 0) begin : g_one
        assign shift = {SW{1'b0}};
    end else begin : g_many
        wire [(SW+1)*LANES-1:0] incl = g_scan[LOG-1].c_out;
        assign shift[0 +: SW] = {SW{1'b0}};
        for (g = 1; g < LANES; g = g + 1) begin : g_lane
            assign shift[g*SW +: SW] = incl[(g-1)*(SW+1) +: SW];
        end
        // Counts below the top lane stay under LANES, so their top bit is spare;
        // the top lane's own count is nobody's shift.
        wire unused_incl = &{1'b0, incl, 1'b0};
    end
endgenerate

reg [EW*LANES-1:0] elem;
integer k;
always @* begin
    for (k = 0; k < LANES; k = k + 1) begin
        // An error unit's code point is U+FFFD (SPEC §3); the lanes give the raw payload.
        elem[k*EW +: EW] = !f_unit[k] ? {EW{1'b0}} :
            {f_cls[3*k +: 3] == 3'd0 ? f_cp[32*k +: 32] : 32'h0000FFFD, f_len[3*k +: 3], f_cls[3*k +: 3]};
    end
end

reg                    s1_valid_q;
reg                    s1_last_q;
reg [LANES-1:0]        s1_unit_q;
reg [SW*LANES-1:0]     s1_shift_q;
reg [EW*LANES-1:0]     s1_elem_q;

always @(posedge clk) begin
    if (adv) begin
        s1_valid_q <= f_valid;
        s1_last_q  <= f_last;
        s1_unit_q  <= f_unit;
        s1_shift_q <= shift;
        s1_elem_q  <= elem;
    end
    if (rst) begin
        s1_valid_q <= 1'b0;
    end
end

// ---------------------------------------------------------------------------
// Pack stage: compaction into the output register

wire [EW*LANES-1:0] packed_elem;
wire [LANES-1:0]    packed_valid;

utf8_lane_compact #(
    .LANES(LANES),
    .WIDTH(EW),
    .SHIFT_WIDTH(SW)
) compact_inst (
    .in_elem(s1_elem_q),
    .in_valid(s1_unit_q),
    .in_shift(s1_shift_q),
    .out_elem(packed_elem),
    .out_valid(packed_valid)
);

reg [32*LANES-1:0] packed_data;
reg [6*LANES-1:0]  packed_user;
always @* begin
    for (k = 0; k < LANES; k = k + 1) begin
        packed_data[32*k +: 32] = packed_elem[k*EW + 6 +: 32];
        packed_user[6*k +: 6]   = packed_elem[k*EW +: 6];
    end
end

always @(posedge clk) begin
    if (adv) begin
        out_valid_q <= s1_valid_q && |s1_unit_q;
        out_data_q  <= packed_data;
        out_keep_q  <= packed_valid;
        out_user_q  <= packed_user;
        out_last_q  <= s1_last_q;
    end
    if (rst) begin
        out_valid_q <= 1'b0;
    end
end

// ---------------------------------------------------------------------------
// Status: first error unit of each packet, per-class counters (frozen with
// the rest of the pipeline)

utf8_lane_status #(
    .LANES(LANES),
    .OFFSET_WIDTH(OFFSET_WIDTH),
    .COUNT_WIDTH(COUNT_WIDTH)
) status_inst (
    .clk(clk),
    .rst(rst),
    .ce(adv),
    .in_valid(f_valid),
    .in_last(f_last),
    .in_base(f_base),
    .in_end(f_end),
    .in_len(f_len),
    .in_cls(f_cls),
    .stat_valid(stat_valid),
    .stat_error(stat_error),
    .stat_err_offset(stat_err_offset),
    .stat_err_class(stat_err_class),
    .err_count(err_count)
);

assign s_axis_tready   = s_ready_q;
assign m_axis_tdata    = out_data_q;
assign m_axis_tkeep    = out_keep_q;
assign m_axis_tuser    = out_user_q;
assign m_axis_tvalid   = out_valid_q;
assign m_axis_tlast    = out_last_q;

endmodule

`resetall
`default_nettype wire
