// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * The kernel's unit stage: sits between the wide decoder and the write path,
 * counts what a job's units come to and cuts the stream at the destination's
 * capacity (SPEC §9).
 *
 * Each unit's output size is known here and nowhere later: its own length for
 * SANITIZE (3 for an error unit, whose U+FFFD is EF BF BD), 4 for
 * DECODE_UTF32, 0 for VALIDATE. A beat whose units all fit in what is left of
 * CAP passes whole; otherwise the units up to the first that does not fit
 * pass, the beat gets tlast (it may keep no unit: an empty end beat), OUT_FULL
 * is set and everything after is dropped. Only units that pass are counted:
 * input bytes (their lengths), output bytes, units, UTF-16 code units, error
 * units per class, and the first error unit's class and offset within the
 * job's packet. Lanes without keep count for nothing.
 *
 * No path runs through the lanes one after another. A lane register takes
 * each beat as it comes; a group register takes it from there with the sums
 * of each group of eight lanes, and the input register with its totals, the
 * sums of the groups: balanced adder trees from the beat alone (they do not
 * depend on the op or on CAP), over two clocks. The output stage then only
 * compares the beat's size with what is left of CAP and adds the totals. A
 * beat that does not fit is the job's one cut: it is held while a walk looks
 * at one lane per clock, recounts the totals of the lanes that fit and
 * rewrites the beat's keep, and then it passes like a beat that fits. The
 * walk costs up to W + 1 clocks, once per job.
 *
 * Built with CUT = 0 (a kernel without SANITIZE and DECODE_UTF32) the stage
 * only counts: every beat fits, and the ready no longer waits for the
 * comparison of the beat's size with CAP.
 *
 * The stream's end is the decoder's last beat, or `finish` (the job sent the
 * decoder no packet), or `halt` (a bus error): those two send an empty end
 * beat. `ended` rises once the end beat has been handed on; the stage then
 * drops whatever still comes until the kernel resets it.
 *
 * Latency: four clocks (lane, group, input and output registers)
 * for a beat that fits; a cut beat waits for its walk besides.
 */
module utf8_kernel_units #(
    // units per beat: 8, 16, 32 or 64
    parameter W = 64,
    // 1: ops whose units have a size out (SANITIZE, DECODE_UTF32) may come, and
    // the capacity cut is built; 0: only VALIDATE comes, whose units have no
    // size, so nothing is ever cut and the fit test (the stage's longest path
    // into the ready) is not built. The kernel sets it from OPS.
    parameter CUT = 1
) (
    input  wire               clk,
    input  wire               rst,

    // A job: op and capacity taken in the clock of start
    input  wire               start,
    input  wire [1:0]         op,
    input  wire [63:0]        cap,
    input  wire               finish,   // no packet comes: end now
    input  wire               halt,     // end now and drop the rest

    // Units from utf8_wide_decoder
    input  wire [32*W-1:0]    s_axis_tdata,
    input  wire [W-1:0]       s_axis_tkeep,
    input  wire [6*W-1:0]     s_axis_tuser,
    input  wire               s_axis_tvalid,
    output wire               s_axis_tready,
    input  wire               s_axis_tlast,

    // Units to the write path; the end beat may keep none
    output reg  [32*W-1:0]    m_axis_tdata,
    output reg  [W-1:0]       m_axis_tkeep,
    output reg  [6*W-1:0]     m_axis_tuser,
    output reg                m_axis_tvalid,
    input  wire               m_axis_tready,
    output reg                m_axis_tlast,

    // The job's figures so far; final once `ended`
    output wire               ended,
    output reg                out_full,
    output reg  [63:0]        in_bytes,
    output reg  [63:0]        out_bytes,
    output reg  [63:0]        units,
    output reg  [63:0]        utf16_units,
    output reg  [6*32-1:0]    class_count,
    output reg                err_found,
    output reg  [2:0]         err_class,
    output reg  [63:0]        err_pos
);

`include "utf8_class_codes.vh"

localparam [1:0] OP_SANITIZE = 2'd1, OP_DECODE = 2'd2;
localparam LW = $clog2(W);           // a lane's index
localparam SW = LW + 3;              // a beat's byte sum: W lanes of at most 7
localparam CW = LW + 1;              // a beat's unit count

generate
    if (W < 8 || W > 64 || (W & (W - 1)) != 0) begin : g_check_w
        error_W_must_be_8_16_32_or_64 stop ();
    end
    if (CUT != 0 && CUT != 1) begin : g_check_cut
        error_CUT_must_be_0_or_1 stop ();
    end
endgenerate

// ---------------------------------------------------------------------------
// Lane register: the beat as it comes, which lanes hold a unit above U+FFFF,
// and which have an error unit at or below them. The totals' trees start from
// here, not from the decoder's output queue: at W = 64 the lane flags and a
// tree after them were one 12 ns path.

reg            l_valid_q;
reg [32*W-1:0] l_data_q;
reg [W-1:0]    l_keep_q;
reg [6*W-1:0]  l_user_q;
reg            l_last_q;
reg [W-1:0]    l_big_q;        // kept lane with a unit above U+FFFF
reg [W-1:0]    l_err_pre_q;    // a kept lane at or below this one has an error unit
// Each lane's value for the trees, masked by its keep before the register: a
// tree level that also has to AND in the keeps takes more inputs than a LUT4
// has, and the keep → group sum path (8.2 ns at W = 64) was the kernel's
// longest after the tail's.
reg [3*W-1:0]  l_len_q;        // bytes of the unit, 0 if not kept
reg [3*W-1:0]  l_san_q;        // bytes it leaves as (U+FFFD: 3), 0 if not kept
reg [6*W-1:0]  l_cls_q;        // kept and of class c (1..6): lane g at [(c-1)*W + g]

wire [W-1:0] a_big, a_err;
wire [3*W-1:0] a_len, a_san;
wire [6*W-1:0] a_cls;
genvar gl, gc;
generate
    for (gl = 0; gl < W; gl = gl + 1) begin : g_flags
        wire [2:0] cls = s_axis_tuser[6*gl +: 3];
        wire [2:0] len = s_axis_tuser[6*gl + 3 +: 3];
        wire       keep = s_axis_tkeep[gl];
        assign a_big[gl] = keep && cls == CLS_OK && |s_axis_tdata[32*gl + 16 +: 16];
        assign a_err[gl] = keep && cls != CLS_OK;
        assign a_len[3*gl +: 3] = keep ? len : 3'd0;
        // an error unit leaves as U+FFFD, EF BF BD
        assign a_san[3*gl +: 3] = !keep ? 3'd0 : (cls == CLS_OK) ? len : 3'd3;
        for (gc = 1; gc <= 6; gc = gc + 1) begin : g_cls
            assign a_cls[(gc-1)*W + gl] = keep && cls == gc;
        end
    end
endgenerate
// Whether a lane or one below it has an error unit: a log-depth prefix OR,
// level l covering 2^(l+1) lanes per lane. It goes into the lane register
// too, so that the bytes-before-error tree starts from a flop.
generate
    for (gl = 0; gl < LW; gl = gl + 1) begin : g_pre
        wire [W-1:0] p_in, p_out;
        if (gl == 0) begin : g_first
            assign p_in = a_err;
        end else begin : g_next
            assign p_in = g_pre[gl-1].p_out;
        end
        assign p_out = p_in | (p_in << (1 << gl));
    end
endgenerate

// ---------------------------------------------------------------------------
// The lane register's totals, each a balanced tree over the lanes

wire [W-1:0] s_err_first;            // the first kept lane with an error unit
wire [3*W-1:0] s_len = l_len_q;
wire [3*W-1:0] s_san = l_san_q;
wire [6*W-1:0] s_cls = l_cls_q;     // class c (1..6), lane g at [(c-1)*W + g]
wire [3*W-1:0] s_len_before;
generate
    for (gl = 0; gl < W; gl = gl + 1) begin : g_lane
        // the prefix rises at the first error lane; below it every lane counts
        // towards the bytes before the error
        if (gl == 0) begin : g_first
            assign s_err_first[gl] = l_err_pre_q[gl];
        end else begin : g_next
            assign s_err_first[gl] = l_err_pre_q[gl] && !l_err_pre_q[gl-1];
        end
        // the input bytes before the first error unit
        assign s_len_before[3*gl +: 3] = l_err_pre_q[gl] ? 3'd0 : s_len[3*gl +: 3];
    end
endgenerate

// The trees run over two clocks: sums over groups of eight lanes go into the
// group register, and the input register takes the sum of the groups. One
// tree of six adder levels was the stage's longest path at W = 64.
localparam NG = W / 8;              // groups of eight lanes
localparam GW = 6;                  // a group's byte sum: 8 lanes of at most 7

wire [NG*GW-1:0] s_len_grp, s_san_grp, s_before_grp;
wire [NG*4-1:0]  s_unit_grp;
wire [NG*5-1:0]  s_u16_grp;
wire [NG*4-1:0]  s_big_grp;
wire [6*NG*4-1:0] s_cls_grp;        // class c, group k at [((c-1)*NG + k)*4]
reg  [NG*3-1:0]  s_err_cls_grp;     // the first error's class, in its group; 0 in others
integer g, c;
generate
    for (gl = 0; gl < NG; gl = gl + 1) begin : g_grp
        utf8_lane_sum #(.N(8), .IN_WIDTH(3)) len_tree (
            .in_values(s_len[24*gl +: 24]), .sum(s_len_grp[GW*gl +: GW]));
        utf8_lane_sum #(.N(8), .IN_WIDTH(3)) san_tree (
            .in_values(s_san[24*gl +: 24]), .sum(s_san_grp[GW*gl +: GW]));
        utf8_lane_sum #(.N(8), .IN_WIDTH(3)) before_tree (
            .in_values(s_len_before[24*gl +: 24]), .sum(s_before_grp[GW*gl +: GW]));
        utf8_lane_sum #(.N(8), .IN_WIDTH(1)) unit_tree (
            .in_values(l_keep_q[8*gl +: 8]), .sum(s_unit_grp[4*gl +: 4]));
        // UTF-16 units: one a kept lane, one more a unit above U+FFFF (a big
        // lane is a kept one), so the kept lanes' count plus the big lanes'
        // count: two popcounts and one add, where a tree of 2-bit lane values
        // was three adder levels
        utf8_lane_sum #(.N(8), .IN_WIDTH(1)) big_tree (
            .in_values(l_big_q[8*gl +: 8]), .sum(s_big_grp[4*gl +: 4]));
        assign s_u16_grp[5*gl +: 5] = {1'b0, s_unit_grp[4*gl +: 4]} + {1'b0, s_big_grp[4*gl +: 4]};
        for (gc = 1; gc <= 6; gc = gc + 1) begin : g_cls_tree
            utf8_lane_sum #(.N(8), .IN_WIDTH(1)) cls_tree (
                .in_values(s_cls[(gc-1)*W + 8*gl +: 8]),
                .sum(s_cls_grp[((gc-1)*NG + gl)*4 +: 4])
            );
        end
    end
endgenerate

// One lane at most is first, so an OR of the masked classes picks its class.
always @* begin
    s_err_cls_grp = {(NG*3){1'b0}};
    for (g = 0; g < W; g = g + 1)
        s_err_cls_grp[3*(g/8) +: 3] = s_err_cls_grp[3*(g/8) +: 3]
                                    | (s_err_first[g] ? l_user_q[6*g +: 3] : 3'd0);
end

// ---------------------------------------------------------------------------
// Group register: the beat and its groups' sums

reg            g_valid_q;
reg [32*W-1:0] g_data_q;
reg [W-1:0]    g_keep_q;
reg [6*W-1:0]  g_user_q;
reg            g_last_q;
reg [W-1:0]    g_big_q;
reg            g_err_q;        // a kept lane has an error unit
reg [NG*GW-1:0] g_len_q, g_san_q, g_before_q;
reg [NG*4-1:0]  g_unit_q;
reg [NG*5-1:0]  g_u16_q;
reg [6*NG*4-1:0] g_cls_q;
reg [NG*3-1:0]  g_err_cls_q;

wire [SW-1:0]   s_len_sum, s_san_sum, s_before_sum;
wire [CW-1:0]   s_unit_sum;
wire [CW:0]     s_u16_sum;
wire [6*CW-1:0] s_cls_sum;          // class c at [(c-1)*CW]
reg  [2:0]      s_err_cls;

utf8_lane_sum #(.N(NG), .IN_WIDTH(GW)) len_sum (.in_values(g_len_q), .sum(s_len_sum));
utf8_lane_sum #(.N(NG), .IN_WIDTH(GW)) san_sum (.in_values(g_san_q), .sum(s_san_sum));
utf8_lane_sum #(.N(NG), .IN_WIDTH(GW)) before_sum (.in_values(g_before_q), .sum(s_before_sum));
utf8_lane_sum #(.N(NG), .IN_WIDTH(4)) unit_sum (.in_values(g_unit_q), .sum(s_unit_sum));
utf8_lane_sum #(.N(NG), .IN_WIDTH(5)) u16_sum (.in_values(g_u16_q), .sum(s_u16_sum));
generate
    for (gc = 1; gc <= 6; gc = gc + 1) begin : g_cls_sum
        utf8_lane_sum #(.N(NG), .IN_WIDTH(4)) cls_sum (
            .in_values(g_cls_q[(gc-1)*NG*4 +: NG*4]),
            .sum(s_cls_sum[(gc-1)*CW +: CW])
        );
    end
endgenerate

always @* begin
    s_err_cls = 3'd0;
    for (g = 0; g < NG; g = g + 1)
        s_err_cls = s_err_cls | g_err_cls_q[3*g +: 3];
end

// ---------------------------------------------------------------------------
// Input register: the beat and its totals (the walk rewrites them for a cut)

reg            in_valid_q;
reg [32*W-1:0] in_data_q;
reg [W-1:0]    in_keep_q;
reg [6*W-1:0]  in_user_q;
reg            in_last_q;
reg [W-1:0]    in_big_q;
reg [SW-1:0]   in_len_q;       // input bytes
reg [SW-1:0]   in_san_q;       // output bytes for SANITIZE
reg [CW-1:0]   in_units_q;
reg [CW:0]     in_u16_q;
reg [6*CW-1:0] in_cls_q;       // error units per class, as s_cls_sum
reg            in_err_q;       // a kept lane has an error unit
reg [2:0]      in_err_cls_q;   // the first one's class
reg [SW-1:0]   in_before_q;    // and the input bytes before it
reg            in_cut_q;       // the walk has cut this beat: it ends the stream

// The job
reg [1:0]      op_q;
reg [63:0]     room_q;         // CAP less the output bytes passed
reg            room_big_q;     // room_q reaches past any beat's size
reg            end_q;          // the end beat has been made
reg            finish_q;       // finish came: an empty end beat is due
reg            halt_q;         // halt came: the beat held is dropped, an empty end beat is due
reg            walk_q;         // the beat held is being cut, lane by lane
reg [8*W-1:0]  walk_lanes_q;   // its lanes {big, keep, len, cls} from the one walked on up
reg [W-1:0]    walk_below_q;   // the lanes walked before this one
reg [SW-1:0]   walk_room_q;    // what is left of CAP after the lanes that passed
reg [2:0]      walk_size_q;    // the size out of the lane walked on

// The held beat's size out in this job's op, and whether it fits whole; and
// whether, after it moves, the room is past any beat's size: when the room's
// bits above SW were over 1, or were 1 and the beat's size borrows nothing
// from them (the flag does not wait for the 64-bit subtraction).
wire [SW-1:0] in_size;
wire          fits, room_big_d;
generate
    if (CUT) begin : g_cut
        assign in_size = (op_q == OP_SANITIZE) ? in_san_q :
                         (op_q == OP_DECODE)   ? {in_units_q, 2'b00} :
                         {SW{1'b0}};
        assign fits = room_big_q || room_q[SW-1:0] >= in_size;
        assign room_big_d = |room_q[63:SW+1] || (room_q[SW] && room_q[SW-1:0] >= in_size);
    end else begin : g_count_only
        // every unit's size is 0: the room never shrinks
        assign in_size = {SW{1'b0}};
        assign fits = 1'b1;
        assign room_big_d = room_big_q;
    end
endgenerate

// The output register is free for a beat this clock
wire out_free = !m_axis_tvalid || m_axis_tready;
wire drop     = end_q || halt_q;
wire move     = in_valid_q && out_free && !drop && !walk_q && fits;
wire cut_go   = in_valid_q && !drop && !walk_q && !fits;
wire make_end = (halt_q || (finish_q && !in_valid_q && !g_valid_q && !l_valid_q)) && out_free && !end_q;

// Each register takes the one before it when it is empty or hands its beat
// on: the input register the group register's beat, the group register the
// lane register's, the lane register the decoder's.
wire in_ready = !in_valid_q || move || drop;
wire g_ready  = !g_valid_q || in_ready;
assign s_axis_tready = !l_valid_q || g_ready;
assign ended = end_q && !m_axis_tvalid;

// ---------------------------------------------------------------------------
// The walk: the held beat's lanes shift down a copy one a clock, so the lane
// walked on is always lane 0 of it (no lane multiplexer); it passes if its
// size fits in what the lanes before it left of CAP.

wire [8*W-1:0] in_lanes;
generate
    for (gl = 0; gl < W; gl = gl + 1) begin : g_walk_lane
        assign in_lanes[8*gl +: 8] = {in_big_q[gl], in_keep_q[gl], in_user_q[6*gl +: 6]};
    end
endgenerate

// A lane's size out, worked out a clock before the walk reaches the lane
function [2:0] lane_size;
    input [1:0] lane_op;
    input [5:0] lane_user;
    begin
        case (lane_op)
            OP_SANITIZE: lane_size = (lane_user[2:0] == CLS_OK) ? lane_user[5:3] : 3'd3;
            OP_DECODE:   lane_size = 3'd4;
            default:     lane_size = 3'd0;
        endcase
    end
endfunction

wire [2:0] walk_cls  = walk_lanes_q[2:0];
wire [2:0] walk_len  = walk_lanes_q[5:3];
wire       walk_keep = walk_lanes_q[6];
wire       walk_big  = walk_lanes_q[7];
wire [2:0] walk_san  = (walk_cls == CLS_OK) ? walk_len : 3'd3;
wire       walk_fail = walk_keep && walk_room_q < {{(SW-3){1'b0}}, walk_size_q};
wire       walk_pass = walk_keep && !walk_fail;
wire       walk_done = walk_fail || walk_below_q[W-2];

// Saturating add of a beat's count to a 32-bit class counter
function [31:0] sat_add;
    input [31:0] a;
    input [CW-1:0] b;
    reg [32:0] s;
    begin
        s = {1'b0, a} + {{(33-CW){1'b0}}, b};
        sat_add = s[32] ? 32'hFFFFFFFF : s[31:0];
    end
endfunction

wire [63:0] room_d = room_q - {{(64-SW){1'b0}}, in_size};

always @(posedge clk) begin
    if (cut_go) begin
        walk_q      <= 1'b1;
        walk_lanes_q <= in_lanes;
        walk_size_q <= lane_size(op_q, in_lanes[5:0]);
        walk_below_q <= {W{1'b0}};
        walk_room_q <= room_q[SW-1:0];   // below the beat's size, so these bits are all of it
        in_len_q    <= {SW{1'b0}};
        in_san_q    <= {SW{1'b0}};
        in_units_q  <= {CW{1'b0}};
        in_u16_q    <= {(CW+1){1'b0}};
        in_cls_q    <= {(6*CW){1'b0}};
        in_err_q    <= 1'b0;
        in_err_cls_q <= 3'd0;
        in_before_q <= {SW{1'b0}};
    end
    if (walk_q) begin
        if (drop) begin
            walk_q <= 1'b0;
        end else begin
            walk_lanes_q <= walk_lanes_q >> 8;
            walk_size_q  <= lane_size(op_q, walk_lanes_q[13:8]);
            walk_below_q <= {walk_below_q[W-2:0], 1'b1};
            if (walk_pass) begin
                walk_room_q <= walk_room_q - {{(SW-3){1'b0}}, walk_size_q};
                in_len_q   <= in_len_q + {{(SW-3){1'b0}}, walk_len};
                in_san_q   <= in_san_q + {{(SW-3){1'b0}}, walk_san};
                in_units_q <= in_units_q + 1'b1;
                in_u16_q   <= in_u16_q + {{(CW-1){1'b0}}, walk_big, !walk_big};
                for (c = 1; c <= 6; c = c + 1)
                    if (walk_cls == c[2:0]) in_cls_q[(c-1)*CW +: CW] <= in_cls_q[(c-1)*CW +: CW] + 1'b1;
                if (walk_cls != CLS_OK && !in_err_q) begin
                    in_err_q     <= 1'b1;
                    in_err_cls_q <= walk_cls;
                    in_before_q  <= in_len_q;
                end
            end
            if (walk_done) begin
                walk_q    <= 1'b0;
                if (walk_fail) in_keep_q <= in_keep_q & walk_below_q;
                in_cut_q  <= 1'b1;
            end
        end
    end

    if (s_axis_tready) begin
        l_data_q <= s_axis_tdata;
        l_keep_q <= s_axis_tkeep;
        l_user_q <= s_axis_tuser;
        l_last_q <= s_axis_tlast;
        l_big_q  <= a_big;
        l_err_pre_q <= g_pre[LW-1].p_out;
        l_len_q  <= a_len;
        l_san_q  <= a_san;
        l_cls_q  <= a_cls;
    end
    l_valid_q <= s_axis_tready ? (s_axis_tvalid && !drop) : 1'b1;

    if (g_ready) begin
        g_data_q    <= l_data_q;
        g_keep_q    <= l_keep_q;
        g_user_q    <= l_user_q;
        g_last_q    <= l_last_q;
        g_big_q     <= l_big_q;
        g_err_q     <= l_err_pre_q[W-1];
        g_len_q     <= s_len_grp;
        g_san_q     <= s_san_grp;
        g_before_q  <= s_before_grp;
        g_unit_q    <= s_unit_grp;
        g_u16_q     <= s_u16_grp;
        g_cls_q     <= s_cls_grp;
        g_err_cls_q <= s_err_cls_grp;
    end
    g_valid_q <= g_ready ? (l_valid_q && !drop) : 1'b1;

    if (in_ready) begin
        in_data_q    <= g_data_q;
        in_keep_q    <= g_keep_q;
        in_user_q    <= g_user_q;
        in_last_q    <= g_last_q;
        in_big_q     <= g_big_q;
        in_len_q     <= s_len_sum;
        in_san_q     <= s_san_sum;
        in_units_q   <= s_unit_sum;
        in_u16_q     <= s_u16_sum;
        in_cls_q     <= s_cls_sum;
        in_err_q     <= g_err_q;
        in_err_cls_q <= s_err_cls;
        in_before_q  <= s_before_sum;
        in_cut_q     <= 1'b0;
    end
    in_valid_q <= in_ready ? (g_valid_q && !drop) : 1'b1;

    if (m_axis_tvalid && m_axis_tready) m_axis_tvalid <= 1'b0;

    if (move) begin
        m_axis_tdata  <= in_data_q;
        m_axis_tkeep  <= in_keep_q;
        m_axis_tuser  <= in_user_q;
        m_axis_tvalid <= 1'b1;
        m_axis_tlast  <= in_last_q || in_cut_q;
        if (in_last_q || in_cut_q) end_q <= 1'b1;
        if (in_cut_q) out_full <= 1'b1;
        room_q      <= room_d;
        room_big_q  <= room_big_d;
        in_bytes    <= in_bytes + {{(64-SW){1'b0}}, in_len_q};
        out_bytes   <= out_bytes + {{(64-SW){1'b0}}, in_size};
        units       <= units + {{(64-CW){1'b0}}, in_units_q};
        utf16_units <= utf16_units + {{(63-CW){1'b0}}, in_u16_q};
        for (c = 1; c <= 6; c = c + 1)
            class_count[32*(c-1) +: 32] <= sat_add(class_count[32*(c-1) +: 32], in_cls_q[(c-1)*CW +: CW]);
        if (in_err_q && !err_found) begin
            err_found <= 1'b1;
            err_class <= in_err_cls_q;
            err_pos   <= in_bytes + {{(64-SW){1'b0}}, in_before_q};
        end
    end else if (make_end) begin
        m_axis_tkeep  <= {W{1'b0}};
        m_axis_tvalid <= 1'b1;
        m_axis_tlast  <= 1'b1;
        end_q         <= 1'b1;
    end

    if (start) begin
        op_q        <= op;
        room_q      <= cap;
        room_big_q  <= |cap[63:SW];
        end_q       <= 1'b0;
        finish_q    <= 1'b0;
        halt_q      <= 1'b0;
        out_full    <= 1'b0;
        in_bytes    <= 64'd0;
        out_bytes   <= 64'd0;
        units       <= 64'd0;
        utf16_units <= 64'd0;
        class_count <= {(6*32){1'b0}};
        err_found   <= 1'b0;
        err_class   <= 3'd0;
        err_pos     <= 64'd0;
    end
    // after start's clearing: the kernel may finish a job in its first clock
    if (finish) finish_q <= 1'b1;
    if (halt) halt_q <= 1'b1;

    if (rst) begin
        l_valid_q     <= 1'b0;
        g_valid_q     <= 1'b0;
        in_valid_q    <= 1'b0;
        m_axis_tvalid <= 1'b0;
        end_q         <= 1'b1;
        finish_q      <= 1'b0;
        halt_q        <= 1'b0;
        walk_q        <= 1'b0;
        out_full      <= 1'b0;
    end
end

endmodule

`resetall
`default_nettype wire
