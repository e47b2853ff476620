// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Status of the wide blocks, from the decided beats of utf8_lane_front: the
 * packet's first error unit (offset where the unit starts, possibly in the
 * previous beat, and class), a one-cycle stat_valid pulse when the packet's
 * last beat has passed, and saturating per-class unit counters. Register
 * stages keep each step a few LUTs deep at any LANES: (L) per lane the error
 * flag, relative start and class flags; (R0..R4) five utf8_lane_reduce
 * steps, each taking groups to their first error and per-class sums
 * (64 -> 16 -> 8 -> 4 -> 2 -> 1; at fewer lanes the last steps pass one item
 * through, so the latency is the same at every LANES up to 64; LANES 128 takes
 * a sixth step, R5, and so one clock more); (C) accumulate over the packet
 * and count; (C2) the counters' high halves; (D1, D2) add the verdict's
 * beat base and relative start in two halves. Registers by stage: lane_* (L),
 * g_step[s].* (R0..R4 or R5, the last one read as beat_*), acc_* and the packet's
 * verdict pkt_* (C), off_* (D1), stat_* (D2).
 */
module utf8_lane_status #(
    // lanes per beat: 1, 2, 4, 8, 16, 32 or 64 (five reduction steps), or 128 (six)
    parameter LANES = 8,
    // width of the first error offset, at least 16: its low half takes the
    // 8-bit relative start in stage D1
    parameter OFFSET_WIDTH = 32,
    // width of each saturating error counter, at least 16 like OFFSET_WIDTH (its
    // low half adds a beat's count of one class: 8 bits at LANES 128)
    parameter COUNT_WIDTH = 32
) (
    input  wire                      clk,
    input  wire                      rst,

    // A decided beat (utf8_lane_front dec_*)
    input  wire                      in_valid,
    input  wire                      in_last,
    input  wire [OFFSET_WIDTH-1:0]   in_base,
    input  wire [LANES-1:0]          in_end,
    input  wire [3*LANES-1:0]        in_len,
    input  wire [3*LANES-1:0]        in_cls,

    output wire                      stat_valid,
    output wire                      stat_error,
    output wire [OFFSET_WIDTH-1:0]   stat_err_offset,
    output wire [2:0]                stat_err_class,
    output wire [6*COUNT_WIDTH-1:0]  err_count
);

`include "utf8_class_codes.vh"

// The reduction: a first step of groups of four (its counts are LUT
// popcounts), then steps of pairs (one carry chain each), 64 lanes in five.
// 128 lanes take one more pair step rather than wider groups, which would put
// two adders in one clock.
localparam STEPS = (LANES > 64) ? 6 : 5;

// Items left after steps 0..s (s = -1: before the first)
function integer items_after;
    input integer s;
    integer i, n, g;
    begin
        n = LANES;
        for (i = 0; i <= s; i = i + 1) begin
            g = (i == 0) ? 4 : 2;
            if (n < g) begin
                g = n;
            end
            n = n / g;
        end
        items_after = n;
    end
endfunction

// Bits of each count after steps 0..s
function integer width_after;
    input integer s;
    integer i, n, g, w;
    begin
        n = LANES;
        w = 1;
        for (i = 0; i <= s; i = i + 1) begin
            g = (i == 0) ? 4 : 2;
            if (n < g) begin
                g = n;
            end
            n = n / g;
            w = w + $clog2(g);
        end
        width_after = w;
    end
endfunction

localparam CNT_W = width_after(STEPS - 1);  // units of one class in a beat: $clog2(LANES + 1)

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
endgenerate

// A lane's unit flag needs no term of in_valid (which would fan out to every
// lane): the last step clears a beat that is not valid (the idle flag below),
// so in_end may be anything then (the validator's front leaves it as it falls).
wire [LANES-1:0] unit = in_end;

// ---------------------------------------------------------------------------
// Stage L: per lane, the error flag, the start of its unit relative to lane 0
// and its class as one flag per class

reg [LANES-1:0]   lane_err;
reg [8*LANES-1:0] lane_rel;
reg [6*LANES-1:0] hit;     // class c (1..6) of lane k at [(c-1)*LANES + k]
integer k, c;
reg [31:0] t;  // lane index arithmetic; only its low byte is a relative offset
always @* begin
    t = 32'd0;
    for (k = 0; k < LANES; k = k + 1) begin
        lane_err[k] = unit[k] && in_cls[3*k +: 3] != CLS_OK;
        t = k + 1 - {29'd0, in_len[3*k +: 3]};  // -5..LANES-1: 8 signed bits up to LANES 128
        lane_rel[8*k +: 8] = t[7:0];
    end
    for (c = 1; c <= 6; c = c + 1) begin
        for (k = 0; k < LANES; k = k + 1) begin
            hit[(c-1)*LANES + k] = unit[k] && in_cls[3*k +: 3] == c[2:0];
        end
    end
end

wire unused_t = &{1'b0, t[31:8], 1'b0};

reg                    lane_last_q;
reg                    lane_idle_q;   // no valid beat in this stage
reg [OFFSET_WIDTH-1:0] lane_base_q;
reg [LANES-1:0]        lane_err_q;
reg [8*LANES-1:0]      lane_rel_q;
reg [3*LANES-1:0]      lane_cls_q;
reg [6*LANES-1:0]      lane_hit_q;

always @(posedge clk) begin
    lane_last_q  <= in_last && in_valid;   // from here on, "last" means a valid last beat
    lane_idle_q  <= !in_valid;
    lane_base_q  <= in_base;
    lane_err_q   <= lane_err;
    lane_rel_q   <= lane_rel;
    lane_cls_q   <= in_cls;
    lane_hit_q   <= hit;
    // Only the one-bit flags are reset here and in the steps below. The error
    // flags and counts of a beat in flight at a reset are cleared at the last
    // step, the one stage C reads, by rst and then by the idle flags that rst
    // sets: with a reset on every stage's flags and counts, rst went to some
    // 2,400 flops at LANES 128, and its route to the front end's flops was
    // that block's longest path on ECP5 (seed 3).
    if (rst) begin
        lane_last_q  <= 1'b0;
        lane_idle_q  <= 1'b1;
    end
end

// ---------------------------------------------------------------------------
// Stages R0..R4 (R5 at LANES 128): the reduction steps, each with its register

genvar gs;
generate
    for (gs = 0; gs < STEPS; gs = gs + 1) begin : g_step
        localparam NI = items_after(gs - 1);
        localparam WI = width_after(gs - 1);
        localparam NO = items_after(gs);
        localparam WO = width_after(gs);
        localparam LAST = (gs == STEPS - 1);

        wire                    in_last_s;
        wire                    in_idle_s;
        wire [OFFSET_WIDTH-1:0] in_base_s;
        wire [NI-1:0]           in_err_s;
        wire [8*NI-1:0]         in_rel_s;
        wire [3*NI-1:0]         in_cls_s;
        wire [6*WI*NI-1:0]      in_cnt_s;
        if (gs == 0) begin : g_first
            assign in_last_s  = lane_last_q;
            assign in_idle_s  = lane_idle_q;
            assign in_base_s  = lane_base_q;
            assign in_err_s   = lane_err_q;
            assign in_rel_s   = lane_rel_q;
            assign in_cls_s   = lane_cls_q;
            assign in_cnt_s   = lane_hit_q;
        end else begin : g_next
            assign in_last_s  = g_step[gs-1].last_q;
            assign in_idle_s  = g_step[gs-1].idle_q;
            assign in_base_s  = g_step[gs-1].base_q;
            assign in_err_s   = g_step[gs-1].err_q;
            assign in_rel_s   = g_step[gs-1].rel_q;
            assign in_cls_s   = g_step[gs-1].cls_q;
            assign in_cnt_s   = g_step[gs-1].cnt_q;
        end

        wire [NO-1:0]      err;
        wire [8*NO-1:0]    rel;
        wire [3*NO-1:0]    cls;
        wire [6*WO*NO-1:0] cnt;

        utf8_lane_reduce #(
            .N(NI),
            .W(WI),
            .GROUP(gs == 0 ? 4 : 2)
        ) reduce_inst (
            .in_err(in_err_s),
            .in_rel(in_rel_s),
            .in_cls(in_cls_s),
            .in_cnt(in_cnt_s),
            .out_err(err),
            .out_rel(rel),
            .out_cls(cls),
            .out_cnt(cnt)
        );

        reg                    last_q;
        reg                    idle_q;
        reg [OFFSET_WIDTH-1:0] base_q;
        reg [NO-1:0]           err_q;
        reg [8*NO-1:0]         rel_q;
        reg [3*NO-1:0]         cls_q;
        reg [6*WO*NO-1:0]      cnt_q;

        always @(posedge clk) begin
            last_q  <= in_last_s;
            idle_q  <= in_idle_s;
            base_q  <= in_base_s;
            err_q   <= err;
            rel_q   <= rel;
            cls_q   <= cls;
            cnt_q   <= cnt;
            // The last step is what stage C reads: no error and zero counts
            // for a beat that is not valid, among them whatever was in
            // flight at a reset.
            if (LAST && (rst || in_idle_s)) begin
                err_q   <= {NO{1'b0}};
                cnt_q   <= {6*WO*NO{1'b0}};
            end
            if (rst) begin
                last_q  <= 1'b0;
                idle_q  <= 1'b1;
            end
        end
    end
endgenerate

// The last step's register, as stage C reads it. Its error flag and counts are
// zero, and its last flag low, for a beat that is not valid (the step's clear),
// so stage C needs no valid flag.
wire unused_idle = &{1'b0, g_step[STEPS-1].idle_q, 1'b0};
wire                    beat_last_q  = g_step[STEPS-1].last_q;
wire [OFFSET_WIDTH-1:0] beat_base_q  = g_step[STEPS-1].base_q;
wire                    beat_err_q   = g_step[STEPS-1].err_q;
wire [7:0]              beat_rel_q   = g_step[STEPS-1].rel_q;
wire [2:0]              beat_cls_q   = g_step[STEPS-1].cls_q;
wire [6*CNT_W-1:0]      beat_cnt_q   = g_step[STEPS-1].cnt_q;

// ---------------------------------------------------------------------------
// Stage C: over the packet

// The offset stays split as beat base and relative start until stage D adds
// them, so no 32-bit add shares a clock with the selection logic.
reg                     acc_err_q;
reg [OFFSET_WIDTH-1:0]  acc_base_q;
reg [7:0]               acc_rel_q;
reg [2:0]               acc_cls_q;
reg                     pkt_valid_q;
reg                     pkt_error_q;
reg [OFFSET_WIDTH-1:0]  pkt_base_q;
reg [7:0]               pkt_rel_q;
reg [2:0]               pkt_cls_q;

wire                    take_beat = beat_err_q && !acc_err_q;
wire                    verdict = beat_last_q;

// Saturating counters in two halves: stage C adds the beat's count to the low
// half and keeps its carry; a clock later stage C2 adds that carry to the high
// half (whose carry out marks saturation) while the low half is
// delayed to match, so err_count is consistent, one clock after the count.
// Neither add is longer than half a counter.
localparam CL = COUNT_WIDTH / 2;
localparam CH = COUNT_WIDTH - CL;

reg [6*CL-1:0] cnt_lo_q;
reg [5:0]      cnt_carry_q;   // pulse: the low half of counter c-1 wrapped
reg [6*CL-1:0] cnt_lo_d_q;
reg [6*CH-1:0] cnt_hi_q;
reg [5:0]      ovf_q;         // pulse: the high half of counter c-1 wrapped
reg [5:0]      sat_q;         // counter c-1 has passed all ones (a clock after ovf_q)

genvar gc;
generate
    for (gc = 0; gc < 6; gc = gc + 1) begin : g_count
        // A beat that is not valid counts zero (the last step's counts are
        // cleared for it), so the add needs no enable from a valid flag.
        wire [CL:0] lo_sum = {1'b0, cnt_lo_q[gc*CL +: CL]}
            + {{(CL+1-CNT_W){1'b0}}, beat_cnt_q[gc*CNT_W +: CNT_W]};
        wire [CH:0] hi_sum = {1'b0, cnt_hi_q[gc*CH +: CH]} + {{CH{1'b0}}, cnt_carry_q[gc]};
        always @(posedge clk) begin
            cnt_carry_q[gc]       <= lo_sum[CL];
            cnt_lo_q[gc*CL +: CL] <= lo_sum[CL-1:0];
            cnt_hi_q[gc*CH +: CH] <= hi_sum[CH-1:0];
            // The high half's carry out goes straight into a flop; the sticky
            // flag follows a clock later, and err_count ORs the two.
            ovf_q[gc] <= hi_sum[CH];
            if (ovf_q[gc]) begin
                sat_q[gc] <= 1'b1;
            end
            if (rst) begin
                cnt_carry_q[gc]       <= 1'b0;
                cnt_lo_q[gc*CL +: CL] <= {CL{1'b0}};
                cnt_hi_q[gc*CH +: CH] <= {CH{1'b0}};
                ovf_q[gc]             <= 1'b0;
                sat_q[gc]             <= 1'b0;
            end
        end
        assign err_count[gc*COUNT_WIDTH +: COUNT_WIDTH] = sat_q[gc] || ovf_q[gc] ? {COUNT_WIDTH{1'b1}} :
            {cnt_hi_q[gc*CH +: CH], cnt_lo_d_q[gc*CL +: CL]};
    end
endgenerate

always @(posedge clk) begin
    cnt_lo_d_q <= cnt_lo_q;
    pkt_valid_q <= verdict;
    // Not as "if (verdict) acc_err_q <= 0": synthesis makes a clear by a
    // signal a synchronous reset, which shares the flop's reset input with rst
    // through a LUT, and rst's long route in front of that LUT was among the
    // longest paths at LANES 128 on ECP5.
    acc_err_q <= (acc_err_q || beat_err_q) && !verdict;
    if (take_beat) begin
        acc_base_q <= beat_base_q;
        acc_rel_q  <= beat_rel_q;
        acc_cls_q  <= beat_cls_q;
    end
    if (verdict) begin
        pkt_error_q <= acc_err_q || beat_err_q;
        pkt_base_q  <= acc_err_q ? acc_base_q : (beat_err_q ? beat_base_q : {OFFSET_WIDTH{1'b0}});
        pkt_rel_q   <= acc_err_q ? acc_rel_q : (beat_err_q ? beat_rel_q : 8'd0);
        pkt_cls_q   <= acc_err_q ? acc_cls_q : (beat_err_q ? beat_cls_q : CLS_OK);
    end
    if (rst) begin
        acc_err_q   <= 1'b0;
        pkt_valid_q <= 1'b0;
        cnt_lo_d_q  <= {6*CL{1'b0}};
    end
end

// ---------------------------------------------------------------------------
// Stages D1, D2: the verdict's offset, base plus the signed relative start, in
// two halves. D1 adds the low half and keeps its carry and the sign; D2 adds
// to the high half the sign extended (-1 or 0) and the carry as the add's
// carry in, one two-operand add. So the low half's carry chain ends at a
// flop: turned into a step there, it went through a LUT after a route, and
// that was the longest path of the 128-lane validator on ECP5 (seed 1).

localparam OL = OFFSET_WIDTH / 2;
localparam OH = OFFSET_WIDTH - OL;

reg           off_valid_q;
reg           off_error_q;
reg [2:0]     off_cls_q;
reg [OL-1:0]  off_lo_q;
reg [OH-1:0]  off_hi_q;
reg           off_carry_q;  // the low half's carry out
reg           off_sign_q;   // the relative start is negative

reg                     stat_valid_q;
reg                     stat_error_q;
reg [OFFSET_WIDTH-1:0]  stat_off_q;
reg [2:0]               stat_cls_q;

wire [OL:0] off_lo_sum = {1'b0, pkt_base_q[OL-1:0]} + {1'b0, {(OL-8){pkt_rel_q[7]}}, pkt_rel_q};
// high half + sign extension + carry: a 1 below both operands turns the carry
// into the carry in of one adder
wire [OH:0] off_hi_sum = {off_hi_q, 1'b1} + {{OH{off_sign_q}}, off_carry_q};
wire unused_off = &{1'b0, off_hi_sum[0], 1'b0};   // the 1 below, not part of the sum

always @(posedge clk) begin
    off_valid_q <= pkt_valid_q;
    if (pkt_valid_q) begin
        off_error_q <= pkt_error_q;
        off_cls_q   <= pkt_cls_q;
        off_lo_q    <= off_lo_sum[OL-1:0];
        off_hi_q    <= pkt_base_q[OFFSET_WIDTH-1:OL];
        off_carry_q <= off_lo_sum[OL];
        off_sign_q  <= pkt_rel_q[7];
    end
    stat_valid_q <= off_valid_q;
    if (off_valid_q) begin
        stat_error_q <= off_error_q;
        stat_off_q   <= {off_hi_sum[OH:1], off_lo_q};
        stat_cls_q   <= off_cls_q;
    end
    if (rst) begin
        off_valid_q  <= 1'b0;
        stat_valid_q <= 1'b0;
        stat_error_q <= 1'b0;
        stat_off_q   <= {OFFSET_WIDTH{1'b0}};
        stat_cls_q   <= CLS_OK;
    end
end

assign stat_valid      = stat_valid_q;
assign stat_error      = stat_error_q;
assign stat_err_offset = stat_off_q;
assign stat_err_class  = stat_cls_q;

endmodule

`resetall
`default_nettype wire
