// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * String validator: the wide validator for a column of strings (Arrow's
 * layout, ../shared/SPEC.md §1, §9 OP 3). LANES bytes a clock, a string-start
 * mark per lane (s_axis_tuser), so a beat may hold the ends and starts of many
 * strings; each string is validated alone, as the functional model's
 * Validate() of that string. One output beat per input beat: m_axis_tkeep
 * marks the lanes where a string ends, m_axis_tdata the same lanes when that
 * string is well-formed, so a beat carries up to LANES verdicts in order (a
 * beat where no string ends carries none, tkeep all zero). Empty strings hold
 * no byte and never reach the block: their verdict (well-formed) is the
 * owner's to insert. Per packet, stat_* give the first ill-formed string's
 * index and its first error (class, offset in the packet and in the string)
 * and the count of ill-formed strings.
 *
 * How: the shared front end (utf8_lane_front) takes the marks, and a
 * continuation byte at a string start continues no unit, so no unit crosses a
 * string boundary and every unit the front decides belongs to one string. A
 * string is ill-formed when an error unit ends in it: a segmented OR scan
 * (utf8_lane_scan; the string starts are its segment breaks) gives that at
 * every lane, with the open string's flag carried from beat to beat. A
 * second scan over the ill-formed strings' end lanes finds the beat's first
 * one; from it, popcounts and a priority encoder (each a few LUTs a clock)
 * give the first ill-formed string's index and where it started. The
 * first error itself is the packet's first error (utf8_lane_status), since
 * every string before that string is well-formed.
 *
 * Stages after the front's decided beat (t): S1 (t+1) the scan's inputs; the
 * scan, LV clocks; F (t+2+LV) each string's verdict, into the output queue;
 * the second scan, LV clocks; H (t+3+2LV) the lanes before the first
 * ill-formed string; P1..PN (t+4+2LV .. t+3+2LV+NP; NP = 3 at LANES 16 or
 * fewer, one more per doubling) their counts and the last start among them;
 * Q (t+4+LV+LV2+NP) the packet's sums; R1, R2 (t+5+LV+LV2+NP, one more)
 * stat_*, with utf8_lane_status's verdict delayed to meet them at R1.
 */
module utf8_string_validator #(
    // bytes per beat: 1, 2, 4, 8, 16, 32, 64 or 128
    parameter LANES = 8,
    // width of the offsets and string counts, at least 16 (utf8_lane_status)
    parameter OFFSET_WIDTH = 32,
    // width of each saturating error counter, at least 16 (utf8_lane_status)
    parameter COUNT_WIDTH = 32,
    // output beats that may be outstanding (input beat accepted, its output
    // beat not yet taken): a power of two, at least 4, and more than the
    // pipeline's depth for one beat a clock
    parameter QUEUE = 32
) (
    input  wire                      clk,
    input  wire                      rst,

    // Configuration: 0 rfc3629, 1 annex-r; sampled with a packet's first beat
    input  wire                      cfg_mode,

    // Byte input; tuser[k]: a string starts at lane k (a packet's first byte
    // starts one whether marked or not)
    input  wire [8*LANES-1:0]        s_axis_tdata,
    input  wire [LANES-1:0]          s_axis_tkeep,
    input  wire [LANES-1:0]          s_axis_tuser,
    input  wire                      s_axis_tvalid,
    output wire                      s_axis_tready,
    input  wire                      s_axis_tlast,

    // Verdicts, one beat per input beat: tkeep[k] a string ends at lane k,
    // tdata[k] (only where tkeep[k]) it is well-formed
    output wire [LANES-1:0]          m_axis_tdata,
    output wire [LANES-1:0]          m_axis_tkeep,
    output wire                      m_axis_tvalid,
    input  wire                      m_axis_tready,
    output wire                      m_axis_tlast,

    // Status, a pulse per packet
    output wire                      stat_valid,
    output wire                      stat_error,          // some string is ill-formed
    output wire [OFFSET_WIDTH-1:0]   stat_err_offset,     // the first error unit's offset in the packet
    output wire [2:0]                stat_err_class,
    output wire [OFFSET_WIDTH-1:0]   stat_err_str_offset, // and in its string
    output wire [OFFSET_WIDTH-1:0]   stat_first_bad,      // index of the first ill-formed string
    output wire [OFFSET_WIDTH-1:0]   stat_bad_strings,    // ill-formed strings in the packet
    output wire [6*COUNT_WIDTH-1:0]  err_count
);

localparam LV = (LANES <= 2) ? 1 : $clog2(LANES);  // utf8_lane_scan's LEVELS
// and of the second scan, a plain OR (OR_ONLY) in steps of four
localparam LV2 = (LANES <= 4) ? 1 : (LANES <= 16) ? 2 : (LANES <= 64) ? 3 : 4;
localparam STATUS_STEPS = (LANES > 64) ? 6 : 5;  // utf8_lane_status's reduction steps
// the count steps (P1..PN below): 3 at PL 16, one more per doubling
localparam NP_ = 1 + $clog2(((LANES < 16) ? 16 : LANES) / 4);
// utf8_lane_status's verdict comes 4 + STATUS_STEPS clocks after the decided
// beat; R reads it 4 + LV + LV2 + NP clocks after.
localparam STAT_DELAY = LV + LV2 + NP_ - STATUS_STEPS;
// Lanes padded to 16 for the counts: groups of four, then pairs of groups.
localparam PL = (LANES < 16) ? 16 : LANES;
localparam NG1 = PL / 4;
localparam CNT_W = $clog2(PL) + 1;
localparam IDX_W = $clog2(PL);
localparam FIRE_GROUPS = (LANES + 7) / 8;

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
    if (QUEUE < 4 || (QUEUE & (QUEUE - 1)) != 0) begin : g_check_queue
        error_QUEUE_must_be_a_power_of_two_at_least_4 stop ();
    end
endgenerate

wire s_ready_d;  // the FIFO's s_ready's next value outside reset, which the front end registers copies of

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
    .s_start(s_axis_tuser),
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

// Code points are not needed here; synthesis drops their logic.
wire unused_cp = &{1'b0, dec_cp, 1'b0};
// The beat's bytes are the sanitizer's; synthesis drops these registers.
wire unused_bytes = &{1'b0, dec_data, dec_keep, 1'b0};

// ---------------------------------------------------------------------------
// The packet's first error and the per-class counters, as in utf8_validator

wire                    verdict;
wire                    pkt_err;
wire [OFFSET_WIDTH-1:0] pkt_off;
wire [2:0]              pkt_cls;

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
    .stat_valid(verdict),
    .stat_error(pkt_err),
    .stat_err_offset(pkt_off),
    .stat_err_class(pkt_cls),
    .err_count(err_count)
);

// ---------------------------------------------------------------------------
// S1: per lane, an error unit ends here (the scan's flag) and no string starts
// here (its pass)

// The beat's base (lane 0's packet offset) is not carried: stage Q counts the
// packet's beats itself, which saves OFFSET_WIDTH flops a stage over a dozen
// stages, and their routes.
localparam SB_W = 2 + 2 * LANES;   // {valid, last, start, str_end}

reg  [LANES-1:0] s1_g_q;
reg  [LANES-1:0] s1_p_q;
reg  [SB_W-1:0]  s1_sb_q;
wire [LANES-1:0] dec_err_end;

genvar k, j;
generate
    for (k = 0; k < LANES; k = k + 1) begin : g_err_end
        assign dec_err_end[k] = dec_end[k] && dec_cls[3*k +: 3] != 3'd0;
    end
endgenerate

always @(posedge clk) begin
    s1_g_q  <= dec_err_end;
    s1_p_q  <= ~dec_start;
    s1_sb_q <= {dec_valid, dec_last, dec_start, dec_str_end};
    if (rst) begin
        s1_sb_q[SB_W-1] <= 1'b0;
    end
end

wire [LANES-1:0] scan_g;
wire [LANES-1:0] scan_p;

utf8_lane_scan #(
    .LANES(LANES)
) scan_bad_inst (
    .clk(clk),
    .in_g(s1_g_q),
    .in_p(s1_p_q),
    .out_g(scan_g),
    .out_p(scan_p)
);

// The side band, delayed LV clocks to meet the scan's result
wire [SB_W-1:0] sb;

utf8_lane_delay #(
    .WIDTH(SB_W),
    .STAGES(LV),
    .RAM_FROM(3)
) sb_delay_inst (
    .clk(clk),
    .rst(rst),
    .in_data(s1_sb_q),
    .out_data(sb)
);

wire                    sb_valid = sb[SB_W-1];
wire                    sb_last  = sb[SB_W-2];
wire [LANES-1:0]        sb_start = sb[LANES +: LANES];
wire [LANES-1:0]        sb_end   = sb[0 +: LANES];

// ---------------------------------------------------------------------------
// F: each lane's string is ill-formed: an error unit ended in it in this beat,
// or before it (carry: the open string's flag at the end of the last beat).
// A packet's first byte starts a string, which clears the carry, so it needs
// no clearing between packets. A copy of the carry per eight lanes, each
// keeping itself (they stay equal), so no one flop reaches every lane.

(* keep *) reg [FIRE_GROUPS-1:0] carry_q;
wire [LANES-1:0] lane_bad;

generate
    for (k = 0; k < LANES; k = k + 1) begin : g_bad
        assign lane_bad[k] = scan_g[k] || (scan_p[k] && carry_q[k / 8]);
    end
    for (k = 0; k < FIRE_GROUPS; k = k + 1) begin : g_carry
        always @(posedge clk) begin
            if (sb_valid) begin
                carry_q[k] <= scan_g[LANES-1] || (scan_p[LANES-1] && carry_q[k]);
            end
            if (rst) begin
                carry_q[k] <= 1'b0;
            end
        end
    end
endgenerate

reg                    f_valid_q;
reg                    f_last_q;
reg [LANES-1:0]        f_end_q;    // a string ends here
reg [LANES-1:0]        f_ok_q;     // and is well-formed
reg [LANES-1:0]        f_bad_q;    // or ill-formed
reg [LANES-1:0]        f_start_q;

// f_valid_q's copy for the output FIFO alone (keep: synthesis would merge
// it back): f_valid_q also feeds the second scan's side band, and placed
// beside that it was a 3 ns route from the FIFO's occupancy (the longest
// path at LANES 64)
(* keep *) reg f_wr_q;

always @(posedge clk) begin
    f_wr_q <= sb_valid;
    if (rst) begin
        f_wr_q <= 1'b0;
    end
end

always @(posedge clk) begin
    f_valid_q <= sb_valid;
    f_last_q  <= sb_last;
    f_end_q   <= sb_end;
    f_ok_q    <= sb_end & ~lane_bad;
    f_bad_q   <= sb_end & lane_bad;
    f_start_q <= sb_start;
    if (rst) begin
        f_valid_q <= 1'b0;
    end
end

// ---------------------------------------------------------------------------
// The second scan: an ill-formed string ended at or below each lane

wire [LANES-1:0] any_bad;
wire unused_any_p;

utf8_lane_scan #(
    .LANES(LANES),
    .OR_ONLY(1)
) scan_first_inst (
    .clk(clk),
    .in_g(f_bad_q),
    .in_p({LANES{1'b1}}),
    .out_g(any_bad),
    .out_p({unused_any_p_bits})
);
wire [LANES-1:0] unused_any_p_bits;
assign unused_any_p = &{1'b0, unused_any_p_bits, 1'b0};

localparam SB2_W = 2 + 3 * LANES;   // {valid, last, start, end, bad}
wire [SB2_W-1:0] sb2;

utf8_lane_delay #(
    .WIDTH(SB2_W),
    .STAGES(LV2),
    .RAM_FROM(3)
) sb2_delay_inst (
    .clk(clk),
    .rst(rst),
    .in_data({f_valid_q, f_last_q, f_start_q, f_end_q, f_bad_q}),
    .out_data(sb2)
);

// ---------------------------------------------------------------------------
// H: the well-formed strings ending before the packet's first ill-formed one,
// and the string starts at or below its end lane (the last of them is where
// it started), both only until that string's beat; lanes padded to PL with
// none. Whether an earlier beat of the packet held an ill-formed string is
// kept here (open_q), a copy per eight lanes, rather than at Q, so that the
// sums there are plain adds: a gate in front of a 32-bit carry chain was the
// longest path.

wire [LANES:0] any_bad_below = {any_bad, 1'b0};   // [k]: an ill-formed string ended below lane k
wire           sb2_valid = sb2[SB2_W-1];
wire           sb2_last  = sb2[SB2_W-2];
(* keep *) reg [FIRE_GROUPS-1:0] open_q;   // no ill-formed string yet in the packet
wire [LANES-1:0] lane_open;

generate
    for (k = 0; k < LANES; k = k + 1) begin : g_open_lane
        assign lane_open[k] = open_q[k / 8];
    end
    for (k = 0; k < FIRE_GROUPS; k = k + 1) begin : g_open
        always @(posedge clk) begin
            if (sb2_valid) begin
                open_q[k] <= sb2_last || (open_q[k] && !any_bad[LANES-1]);
            end
            if (rst) begin
                open_q[k] <= 1'b1;
            end
        end
    end
endgenerate

reg              h_valid_q;
reg              h_last_q;
reg              h_has_bad_q;
reg [PL-1:0]     h_ok_before_q;
reg [PL-1:0]     h_start_le_q;
reg [PL-1:0]     h_bad_q;

always @(posedge clk) begin
    h_valid_q     <= sb2_valid;
    h_last_q      <= sb2_last;
    h_has_bad_q   <= any_bad[LANES-1];
    h_ok_before_q <= {{(PL-LANES){1'b0}}, sb2[LANES +: LANES] & ~any_bad & lane_open};
    h_start_le_q  <= {{(PL-LANES){1'b0}}, sb2[2*LANES +: LANES] & ~any_bad_below[LANES-1:0] & lane_open};
    h_bad_q       <= {{(PL-LANES){1'b0}}, sb2[0 +: LANES]};
    if (rst) begin
        h_valid_q <= 1'b0;
    end
end
wire unused_below = &{1'b0, any_bad_below[LANES], 1'b0};

// ---------------------------------------------------------------------------
// P1..PN: counts of those well-formed ends and of the ill-formed ends, and the
// highest start lane among those marked. P1 takes groups of four lanes (each
// count bit one LUT of the four), then each step merges pairs: a two-operand
// add is one carry chain with no LUT in front of it, where four operands took
// two LUT levels before the chain (the longest path at LANES 64). NP steps in
// all: 3 at LANES 16 or fewer, one more for each doubling.

// P1: per group of four lanes: counts (3 bits), any start, its highest lane (2 bits)
function [2:0] pop4;
    input [3:0] v;
    begin
        pop4 = {2'b00, v[0]} + {2'b00, v[1]} + {2'b00, v[2]} + {2'b00, v[3]};
    end
endfunction

// the highest of lanes 1..3 marked, else 0 (lane 0, or none: the any flag says which)
function [1:0] top4;
    input [3:1] v;
    begin
        top4 = v[3] ? 2'd3 : v[2] ? 2'd2 : v[1] ? 2'd1 : 2'd0;
    end
endfunction

localparam PSB_W = 3;   // {valid, has_bad, valid and last}

integer i;

reg [PSB_W-1:0] p1_sb_q;
reg [3*NG1-1:0] p1_ok_q;
reg [3*NG1-1:0] p1_bad_q;
reg [NG1-1:0]   p1_any_q;
reg [2*NG1-1:0] p1_idx_q;

always @(posedge clk) begin
    p1_sb_q <= {h_valid_q, h_has_bad_q, h_valid_q && h_last_q};
    for (i = 0; i < NG1; i = i + 1) begin
        p1_ok_q[3*i +: 3]  <= pop4(h_ok_before_q[4*i +: 4]);
        p1_bad_q[3*i +: 3] <= pop4(h_bad_q[4*i +: 4]);
        p1_any_q[i]        <= |h_start_le_q[4*i +: 4];
        p1_idx_q[2*i +: 2] <= top4(h_start_le_q[4*i+1 +: 3]);
    end
    if (rst) begin
        p1_sb_q[PSB_W-1] <= 1'b0;
        p1_sb_q[0]       <= 1'b0;
    end
end

// Pair steps s = 1 .. NP-1: NG1 >> s items, counts 3 + s bits, lane index 2 + s bits.
localparam NP = 1 + $clog2(NG1);

wire [PSB_W-1:0] pn_sb;
wire             pn_vl_in;   // the last step's input: a packet's last beat
wire [CNT_W-1:0] pn_ok;
wire [CNT_W-1:0] pn_bad;
wire             pn_any;
wire [IDX_W-1:0] pn_idx;

genvar s;
generate
    for (s = 1; s < NP; s = s + 1) begin : g_pair
        localparam N_IN = NG1 >> (s - 1);
        localparam N_OUT = NG1 >> s;
        localparam CW_IN = 2 + s;       // count bits in
        localparam XW_IN = 1 + s;       // index bits in
        wire [PSB_W-1:0]       sb_in;
        wire [CW_IN*N_IN-1:0]  ok_in;
        wire [CW_IN*N_IN-1:0]  bad_in;
        wire [N_IN-1:0]        any_in;
        wire [XW_IN*N_IN-1:0]  idx_in;
        reg  [PSB_W-1:0]            st_sb_q;
        reg  [(CW_IN+1)*N_OUT-1:0]  st_ok_q;
        reg  [(CW_IN+1)*N_OUT-1:0]  st_bad_q;
        reg  [N_OUT-1:0]            st_any_q;
        reg  [(XW_IN+1)*N_OUT-1:0]  st_idx_q;
        if (s == 1) begin : g_from_p1
            assign sb_in = p1_sb_q;
            assign ok_in = p1_ok_q;
            assign bad_in = p1_bad_q;
            assign any_in = p1_any_q;
            assign idx_in = p1_idx_q;
        end else begin : g_from_pair
            assign sb_in = g_pair[s-1].st_sb_q;
            assign ok_in = g_pair[s-1].st_ok_q;
            assign bad_in = g_pair[s-1].st_bad_q;
            assign any_in = g_pair[s-1].st_any_q;
            assign idx_in = g_pair[s-1].st_idx_q;
        end
        for (j = 0; j < N_OUT; j = j + 1) begin : g_item
            wire [CW_IN-1:0] ok_lo  = ok_in[CW_IN*(2*j) +: CW_IN];
            wire [CW_IN-1:0] ok_hi  = ok_in[CW_IN*(2*j+1) +: CW_IN];
            wire [CW_IN-1:0] bad_lo = bad_in[CW_IN*(2*j) +: CW_IN];
            wire [CW_IN-1:0] bad_hi = bad_in[CW_IN*(2*j+1) +: CW_IN];
            always @(posedge clk) begin
                st_ok_q[(CW_IN+1)*j +: CW_IN+1]  <= {1'b0, ok_lo} + {1'b0, ok_hi};
                st_bad_q[(CW_IN+1)*j +: CW_IN+1] <= {1'b0, bad_lo} + {1'b0, bad_hi};
                st_any_q[j] <= any_in[2*j] || any_in[2*j+1];
                // the higher half's start wins
                st_idx_q[(XW_IN+1)*j +: XW_IN+1] <= any_in[2*j+1] ? {1'b1, idx_in[XW_IN*(2*j+1) +: XW_IN]}
                                                               : {1'b0, idx_in[XW_IN*(2*j) +: XW_IN]};
            end
        end
        always @(posedge clk) begin
            st_sb_q <= sb_in;
            if (rst) begin
                st_sb_q[PSB_W-1] <= 1'b0;
                st_sb_q[0]       <= 1'b0;
            end
        end
    end
    if (NP == 1) begin : g_no_pair
        error_the_count_pipeline_needs_a_pair_step stop ();
    end else begin : g_last
        assign pn_sb  = g_pair[NP-1].st_sb_q;
        assign pn_vl_in = g_pair[NP-1].sb_in[0];
        assign pn_ok  = g_pair[NP-1].st_ok_q;
        assign pn_bad = g_pair[NP-1].st_bad_q;
        assign pn_any = g_pair[NP-1].st_any_q;
        assign pn_idx = g_pair[NP-1].st_idx_q;
    end
endgenerate

wire                    p3_valid_q   = pn_sb[PSB_W-1];
wire                    p3_vl_q      = pn_sb[0];   // a packet's last beat, a flop of its own
wire                    p3_has_bad_q = pn_sb[1];
wire [CNT_W-1:0]        p3_ok_q      = pn_ok;
wire [CNT_W-1:0]        p3_bad_q     = pn_bad;
wire                    p3_any_q     = pn_any;
wire [IDX_W-1:0]        p3_idx_q     = pn_idx;

// ---------------------------------------------------------------------------
// Q: the packet's sums. Until its first ill-formed string: the well-formed
// strings before it and the start of the string being read; the ill-formed
// strings throughout.
//
// The two counts are running sums that are never cleared (modulo
// 2^OFFSET_WIDTH): a packet's count is the sum after its last beat less the
// sum before its first (the snapshots below), taken at R. So each adder's
// output has one load, its own flops, and nextpnr packs each flop beside its
// carry cell. Cleared at a packet's end, each sum had to be copied out of the
// adder into a second register too, and nextpnr packed that copy beside the
// carry cells and left the sum's own flops a route away both ways (1.7 ns in
// and 1.6 ns out, the longest path at LANES 64).

reg                    found_q;
reg [OFFSET_WIDTH-1:0] idx_acc_q;
reg [OFFSET_WIDTH-1:0] bad_acc_q;
reg [OFFSET_WIDTH-1:0] idx_snap_q;   // idx_acc_q as the packet started
reg [OFFSET_WIDTH-1:0] bad_snap_q;   // bad_acc_q as the packet started
reg [OFFSET_WIDTH-1:0] str_base_q;

reg                    q_valid_q;
reg                    q_nfound_q;   // no ill-formed string in the packet
reg [OFFSET_WIDTH-1:0] q_str_base_q;

// (the counts and the start are those before the first ill-formed string, zero after it: H)
wire [OFFSET_WIDTH-1:0] idx_next = idx_acc_q + {{(OFFSET_WIDTH-CNT_W){1'b0}}, p3_ok_q};
wire [OFFSET_WIDTH-1:0] bad_next = bad_acc_q + {{(OFFSET_WIDTH-CNT_W){1'b0}}, p3_bad_q};
// The beat's base: LANES times the packet's beats before it, a multiple of
// LANES, and the lane is below LANES, so an OR adds them.
reg  [OFFSET_WIDTH-1:0] q_base_q;
localparam LOG_L = $clog2(LANES);
// LANES at OFFSET_WIDTH bits (a shift, not a sized copy of the 32-bit
// parameter, which lint flags at widths other than 32)
wire [OFFSET_WIDTH-1:0] LANES_W = {{(OFFSET_WIDTH-1){1'b0}}, 1'b1} << LOG_L;
wire [OFFSET_WIDTH-1:0] start_off = q_base_q | {{(OFFSET_WIDTH-IDX_W){1'b0}}, p3_idx_q};
wire [OFFSET_WIDTH-1:0] base_next = p3_any_q ? start_off : str_base_q;
wire                    found_next = found_q || p3_has_bad_q;

always @(posedge clk) begin
    q_valid_q <= p3_vl_q;
    if (p3_valid_q) begin
        q_nfound_q   <= !found_next;
        q_str_base_q <= base_next;
    end
    if (rst) begin
        q_valid_q <= 1'b0;
    end
end

// The other sums start again after a packet's last beat: a reset of their
// flops, which takes priority over the enable, rather than a mux after the
// adders, which was on the longest path at LANES 64. The reset comes straight
// from a flop, a copy per sum (keep: a LUT or one flop in front of all their
// reset pins was the longest path then): a packet's last beat at Q, or the
// clock after rst, before any beat can reach Q again. The running sums and
// their snapshots are reset only then (sum_rst_q), to equal values.
(* keep *) reg [2:0] clr_q;
(* keep *) reg [3:0] sum_rst_q;
always @(posedge clk) begin
    clr_q     <= {3{pn_vl_in}};
    sum_rst_q <= {4{rst}};
    if (rst) begin
        clr_q <= 3'b111;
    end
end

always @(posedge clk) begin
    if (clr_q[0]) begin
        found_q <= 1'b0;
    end else if (p3_valid_q) begin
        found_q <= found_next;
    end
    if (clr_q[1]) begin
        str_base_q <= {OFFSET_WIDTH{1'b0}};
    end else if (p3_valid_q) begin
        str_base_q <= base_next;
    end
    if (clr_q[2]) begin
        q_base_q <= {OFFSET_WIDTH{1'b0}};
    end else if (p3_valid_q) begin
        q_base_q <= q_base_q + LANES_W;
    end
    if (sum_rst_q[0]) begin
        idx_acc_q <= {OFFSET_WIDTH{1'b0}};
    end else if (p3_valid_q) begin
        idx_acc_q <= idx_next;
    end
    if (sum_rst_q[1]) begin
        bad_acc_q <= {OFFSET_WIDTH{1'b0}};
    end else if (p3_valid_q) begin
        bad_acc_q <= bad_next;
    end
    // at the clock after a packet's last beat at Q the sums are its end and
    // the next packet's start (the next packet's first beat at Q, if there,
    // is added in this clock, after)
    if (sum_rst_q[2]) begin
        idx_snap_q <= {OFFSET_WIDTH{1'b0}};
    end else if (q_valid_q) begin
        idx_snap_q <= idx_acc_q;
    end
    if (sum_rst_q[3]) begin
        bad_snap_q <= {OFFSET_WIDTH{1'b0}};
    end else if (q_valid_q) begin
        bad_snap_q <= bad_acc_q;
    end
end

// ---------------------------------------------------------------------------
// R: stat_*, with utf8_lane_status's verdict delayed STAT_DELAY clocks to
// come with the sums of its packet

localparam ST_W = 1 + 1 + OFFSET_WIDTH + 3;
wire [ST_W-1:0] st_now = {verdict, pkt_err, pkt_off, pkt_cls};
wire [ST_W-1:0] st_met;

// Flops, not a RAM (RAM_FROM past STAGES): R1 takes this line's data every
// clock, under a valid flag or not, so stat_* show them between pulses, and
// through a reset only a chain of flops keeps them as the cycle model's line
// does. The other lines' data are read only under their valid flags.
utf8_lane_delay #(
    .WIDTH(ST_W),
    .STAGES(STAT_DELAY),
    .RAM_FROM(STAT_DELAY + 2)
) st_delay_inst (
    .clk(clk),
    .rst(rst),
    .in_data(st_now),
    .out_data(st_met)
);

wire unused_st_valid = &{1'b0, st_met[ST_W-1], 1'b0};   // equals q_valid_q

// Three differences in two clocks each, R1 the low half and its borrow, R2
// the high half: the in-string offset (the error's packet offset less its
// string's start), the first ill-formed string's index and the count of
// ill-formed strings (each running sum less its snapshot). In one clock, the
// OFFSET_WIDTH-bit subtraction between two far-apart sets of flops was the
// longest path at LANES 64. Everything else waits a clock at R1 beside them.
localparam LO_H = OFFSET_WIDTH / 2;
localparam HI_H = OFFSET_WIDTH - LO_H;

reg                    r_valid_q;
reg                    r_error_q;
reg [OFFSET_WIDTH-1:0] r_off_q;
reg [2:0]              r_cls_q;
reg                    r_nfound_q;
reg [LO_H:0]           r_lo_q;        // low half of each difference, borrow on top
reg [LO_H:0]           r_first_lo_q;
reg [LO_H:0]           r_bad_lo_q;
reg [HI_H-1:0]         r_hi_off_q;    // and the high halves of the operands
reg [HI_H-1:0]         r_hi_base_q;
reg [HI_H-1:0]         r_hi_idx_q;
reg [HI_H-1:0]         r_hi_idx_snap_q;
reg [HI_H-1:0]         r_hi_bad_q;
reg [HI_H-1:0]         r_hi_bad_snap_q;

wire [OFFSET_WIDTH-1:0] met_off = st_met[3 +: OFFSET_WIDTH];

always @(posedge clk) begin
    r_valid_q       <= q_valid_q;
    r_error_q       <= st_met[ST_W-2];
    r_off_q         <= met_off;
    r_cls_q         <= st_met[2:0];
    r_nfound_q      <= q_nfound_q;
    r_lo_q          <= {1'b0, met_off[LO_H-1:0]} - {1'b0, q_str_base_q[LO_H-1:0]};
    r_first_lo_q    <= {1'b0, idx_acc_q[LO_H-1:0]} - {1'b0, idx_snap_q[LO_H-1:0]};
    r_bad_lo_q      <= {1'b0, bad_acc_q[LO_H-1:0]} - {1'b0, bad_snap_q[LO_H-1:0]};
    r_hi_off_q      <= met_off[OFFSET_WIDTH-1:LO_H];
    r_hi_base_q     <= q_str_base_q[OFFSET_WIDTH-1:LO_H];
    r_hi_idx_q      <= idx_acc_q[OFFSET_WIDTH-1:LO_H];
    r_hi_idx_snap_q <= idx_snap_q[OFFSET_WIDTH-1:LO_H];
    r_hi_bad_q      <= bad_acc_q[OFFSET_WIDTH-1:LO_H];
    r_hi_bad_snap_q <= bad_snap_q[OFFSET_WIDTH-1:LO_H];
    if (rst) begin
        r_valid_q <= 1'b0;
    end
end

// each high half less its borrow as one two-operand subtraction, the borrow
// below the lowest bit ({a, 0} - {b, c} = 2(a - b - c) + c), so that no LUT
// sits in front of the carry chain
wire [HI_H:0] hi_diff    = {r_hi_off_q, 1'b0} - {r_hi_base_q, r_lo_q[LO_H]};
wire [HI_H:0] first_diff = {r_hi_idx_q, 1'b0} - {r_hi_idx_snap_q, r_first_lo_q[LO_H]};
wire [HI_H:0] bad_diff   = {r_hi_bad_q, 1'b0} - {r_hi_bad_snap_q, r_bad_lo_q[LO_H]};
wire unused_diff = &{1'b0, hi_diff[0], first_diff[0], bad_diff[0], 1'b0};

reg                    r2_valid_q;
reg                    r2_error_q;
reg [OFFSET_WIDTH-1:0] r2_off_q;
reg [2:0]              r2_cls_q;
reg [OFFSET_WIDTH-1:0] r2_str_off_q;
reg [OFFSET_WIDTH-1:0] r2_first_q;
reg [OFFSET_WIDTH-1:0] r2_bad_q;

always @(posedge clk) begin
    r2_valid_q   <= r_valid_q;
    r2_error_q   <= r_error_q;
    r2_off_q     <= r_off_q;
    r2_cls_q     <= r_cls_q;
    r2_str_off_q <= {hi_diff[HI_H:1], r_lo_q[LO_H-1:0]};
    r2_first_q   <= {first_diff[HI_H:1], r_first_lo_q[LO_H-1:0]};
    r2_bad_q     <= {bad_diff[HI_H:1], r_bad_lo_q[LO_H-1:0]};
    // zero when no string is ill-formed: a reset from a flop, active high,
    // so that its 64 flops share one reset net (an inverted one puts a LUT in
    // front of each flop's reset, and nextpnr then packs none of them together)
    if (r_nfound_q) begin
        r2_str_off_q <= {OFFSET_WIDTH{1'b0}};
        r2_first_q   <= {OFFSET_WIDTH{1'b0}};
    end
    if (rst) begin
        r2_valid_q <= 1'b0;
    end
end

// ---------------------------------------------------------------------------
// Output FIFO and input credit: the wide blocks' (utf8_lane_fifo). Stage F
// writes every beat, one output beat per input beat, and retires none
// without an entry.

localparam OUT_W = 2 * LANES + 1;
wire [OUT_W-1:0] out_data;
wire             s_ready_q;

utf8_lane_fifo #(
    .WIDTH(OUT_W),
    .DEPTH(QUEUE)
) fifo_inst (
    .clk(clk),
    .rst(rst),
    .s_valid(s_axis_tvalid),
    .s_ready(s_ready_q),
    .s_ready_next(s_ready_d),
    .wr(f_wr_q),
    .drop(1'b0),
    .wr_data({f_last_q, f_ok_q, f_end_q}),
    .m_data(out_data),
    .m_valid(m_axis_tvalid),
    .m_ready(m_axis_tready)
);

assign s_axis_tready       = s_ready_q;
assign m_axis_tlast        = out_data[OUT_W-1];
assign m_axis_tdata        = out_data[LANES +: LANES];
assign m_axis_tkeep        = out_data[0 +: LANES];
assign stat_valid          = r2_valid_q;
assign stat_error          = r2_error_q;
assign stat_err_offset     = r2_off_q;
assign stat_err_class      = r2_cls_q;
assign stat_err_str_offset = r2_str_off_q;
assign stat_first_bad      = r2_first_q;
assign stat_bad_strings    = r2_bad_q;

endmodule

`resetall
`default_nettype wire
