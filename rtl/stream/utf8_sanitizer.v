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
 * Built for the common case. Real text is almost always well-formed, and then
 * the output bytes are the input bytes; only error units change the count
 * (1..5 bytes become 3). So each input byte gets a role from the units the
 * front end (utf8_lane_front) decides: 1 (the byte goes out as it is), 3 (the
 * last byte of an error unit: EF BF BD) or 0 (an earlier byte of an error
 * unit, or no byte). Bytes are written into a ring at a write pointer, and
 * read out in whole LANES-byte words at a read pointer that stays a multiple
 * of LANES (each packet starts at a word boundary), so the read needs no
 * shift; the only shift is the write's rotation by the pointer.
 *
 * A beat with no error unit is written in one step, its LANES bytes rotated
 * by the pointer. A beat with one is written in STEPS = 2 steps of LANES/2
 * lanes, each expanded to at most 3*LANES/2 bytes by a compaction over three
 * byte slots per lane (utf8_lane_compact), so the ring's write window is
 * 2*LANES bytes: well-formed input passes at LANES bytes a clock, any other
 * at LANES/2 or what the output's LANES bytes a clock allow.
 *
 * Units that cross a beat: the bytes after a beat's last unit end are written
 * as they are but not committed (the read pointer stops at the commit
 * pointer); if the unit they belong to turns out to be an error unit (the
 * next beat's first unit, "retract"), the next write starts back at the
 * commit pointer, over them. So no byte is needed twice.
 *
 * Beside the ring, an entry per ring word says whether a packet ends in it
 * and at which lane, which gives tlast and tkeep; a packet's end commits its
 * last word whole.
 *
 * Stages: the front end; the units (where error units end and how far back
 * they reach) and the roles (a clock each); each step's byte counts (adder
 * trees of SUM_STEP levels a clock: one clock up to LANES 8, two at 16 and 32,
 * three at 64 and 128) and the beat's (one clock); the beat FIFO and
 * credit (utf8_lane_fifo, on s_axis_tready); the step register (the FIFO
 * head's next step); the control, which gives the step its place when the
 * ring had room a clock before; the step's prefix count of empty slots (two
 * levels a clock up to LANES 16, one from 32), compaction and rotation (two
 * levels a clock up to LANES 8, one from 16); the ring write; the words' end
 * entries (split, encode: two clocks; the commit is shown to the reader
 * after the split); the read register; the output register. The cycle model
 * (model/stream/utf8_sanitizer.cpp) has the same stages. stat_* and
 * err_count are the lanes' status (utf8_lane_status), as in the validator
 * and the wide decoder.
 */
module utf8_sanitizer #(
    // bytes per input and output beat: 1, 2, 4, 8, 16, 32, 64 or 128
    parameter LANES = 8,
    // width of the first error offset, at least 16 (utf8_lane_status)
    parameter OFFSET_WIDTH = 32,
    // width of each saturating error counter, at least 16 (utf8_lane_status)
    parameter COUNT_WIDTH = 32,
    // beat FIFO entries, a power of two, at least 4; for one beat per clock
    // at least the credit's round trip (over 16 at LANES 64)
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

localparam Q      = (LANES >= 2) ? LANES / 2 : 1;  // lanes of a step of a beat with an error
localparam STEPS  = LANES / Q;                     // steps of such a beat: 2 (1 at LANES 1)
localparam SLOTS  = 3 * Q;                         // byte slots of such a step
localparam WIN    = (LANES >= 4) ? 2 * LANES : 4;  // a step's bytes at most: a power of two, >= SLOTS
localparam ROWS   = (LANES >= 4) ? 16 : 8;         // the ring's rows of WIN bytes
localparam RING   = ROWS * WIN;
localparam LOG_Q  = $clog2(Q);
localparam LOG_L  = $clog2(LANES);
localparam LOW    = (LANES > 1) ? LOG_L : 1;         // a byte's place in a word, at least 1 bit
localparam LOG_S  = $clog2(SLOTS);
localparam LOG_W  = $clog2(WIN);
localparam LOG_R  = $clog2(RING);
localparam PW     = LOG_R + 1;                     // a ring position and a wrap bit
localparam NW     = $clog2(WIN + 1);               // a step's byte count
localparam SUMW   = 2 + LOG_Q;                     // a step's byte count from utf8_lane_sum
localparam AW     = NW;                            // a step's addend, its bytes + LANES - 1: < 4*LANES fits
localparam SW     = (LOG_S > 0) ? LOG_S : 1;       // a slot's shift
localparam EW     = $clog2(SLOTS + 1);             // a count of empty slots, up to SLOTS
localparam [31:0] LANES_32 = LANES;
localparam [PW-1:0] LANES_P = LANES_32[PW-1:0];
// The control's room rule, from registers a clock old: a step goes when the
// written bytes were fewer than ROOM_ROWS rows ahead of the reader a clock
// before. Since then the write pointer moved by at most a step and a packet
// end's rounding (WIN + LANES - 1), and this step writes at most WIN, so with
// three rows to spare no byte the reader has not read is overwritten. The
// reader keeps its pointer plus ROOM_ROWS rows beside it (lim_r), and since
// the write pointer is never more than a ring (half the pointers' range)
// ahead of the reader, the rule is the sign of the write pointer minus that:
// one subtraction whose top bit is the register's input.
localparam ROOM_ROWS = ROWS - 3;
localparam [31:0] ROOM_32 = ROOM_ROWS * WIN;
localparam [PW-1:0] ROOM_B = ROOM_32[PW-1:0];   // in bytes

// Levels per clock of the prefix count, the compaction and the rotation. The
// cycle model has the same figures: they set the latency. Each rotation level's
// select is one base bit that goes to all WIN x 9 of the level's muxes; from
// LANES 16 that net's route alone was 2.3 ns on ECP5, so there a level takes a
// clock (one LUT behind the select), which costs a clock per two levels.
// From LANES 32 the prefix count's two adder levels in one clock (carry chains
// in series) were the longest path (133.8 MHz), so there it takes a level a
// clock too. From LANES 16 the compaction's second level in a clock (its
// selects wait on the first level's shifts: three LUTs and three routes of
// about 1.2 ns) was the longest path once the reader's tkeep was a lookup, so
// there it takes a level a clock as well.
localparam SCAN_STEP = (LANES >= 32) ? 1 : 2;
localparam PACK_STEP = (LANES >= 16) ? 1 : 2;
localparam ROT_STEP  = (LANES >= 16) ? 1 : 2;

// cut_mask(levels, step): bit i set, a register after level i (every
// step-th level and the last one)
`include "utf8_cut_mask.vh"

// The steps' byte counts, adder levels a clock; the last level's register
// is the count register (sm_*), the others are inside the adder tree.
localparam SUM_STEP  = 2;

// bit_count(v): the set bits of v (how many registers a cut mask makes)
function integer bit_count;
    input integer v;
    integer b;
    begin
        bit_count = 0;
        for (b = 0; b < 31; b = b + 1) begin
            if (((v >> b) & 1) != 0) begin
                bit_count = bit_count + 1;
            end
        end
    end
endfunction

localparam SCAN_CUTS = cut_mask(LOG_Q, SCAN_STEP);
localparam SUM_CUTS  = cut_mask(LOG_Q, SUM_STEP);
localparam SUM_IN    = (LOG_Q > 0) ? SUM_CUTS & ~(1 << (LOG_Q - 1)) : 0;
localparam SUM_D     = bit_count(SUM_IN);   // clocks inside the tree
localparam PACK_CUTS = cut_mask(LOG_S, PACK_STEP);
localparam ROT_CUTS  = cut_mask(LOG_W, ROT_STEP);

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
// The packet is the only string: its marks are the packet's ends. The bytes
// go out as they came in, so code points are not needed; synthesis drops them.
wire unused_front = &{1'b0, dec_start, dec_str_end, dec_cp, 1'b0};

// ---------------------------------------------------------------------------
// Unit stage: the decided units as the roles need them, registered: where an
// error unit ends, and how far back each one reaches (reach bit d-1 of lane
// e: an error unit ends at e and holds the byte d lanes below it).

reg                 un_valid_q;
reg                 un_last_q;
wire [LANES-1:0]    upto_end;    // from dec_end, below
reg  [LANES-1:0]    un_end_q;
reg  [LANES-1:0]    un_upto_q;   // a unit ends at this lane or above it, in its step
reg  [LANES-1:0]    un_err_q;
reg  [5*LANES-1:0]  un_reach_q;
reg  [LANES-1:0]    un_keep_q;
reg  [8*LANES-1:0]  un_data_q;
integer k, e, d;
always @(posedge clk) begin
    un_valid_q <= dec_valid;
    un_last_q  <= dec_last;
    un_end_q   <= dec_end;
    un_upto_q  <= upto_end;
    un_keep_q  <= dec_keep;
    un_data_q  <= dec_data;
    for (e = 0; e < LANES; e = e + 1) begin
        un_err_q[e] <= dec_end[e] && dec_cls[3*e +: 3] != CLS_OK;
        for (d = 1; d <= 5; d = d + 1) begin
            un_reach_q[5*e + d - 1] <= dec_end[e] && dec_cls[3*e +: 3] != CLS_OK
                                       && {29'd0, dec_len[3*e +: 3]} > d;
        end
    end
    if (rst) begin
        un_valid_q <= 1'b0;
    end
end

// Role stage: each lane's role (0, 1 or 3 bytes out), the same masked to the
// lanes up to the last unit end of its step (the committed part), whether the
// beat's first unit is an error unit begun in an earlier beat (retract), and
// whether any unit ends in each step.

reg  [2*LANES-1:0] role_d;
reg                retract_d;
always @* begin
    for (k = 0; k < LANES; k = k + 1) begin
        if (!un_keep_q[k]) begin
            role_d[2*k +: 2] = 2'd0;
        end else if (un_err_q[k]) begin
            role_d[2*k +: 2] = 2'd3;
        end else begin
            role_d[2*k +: 2] = 2'd1;
        end
        // an error unit ending up to five lanes above holds this byte
        for (e = k + 1; e < LANES && e <= k + 5; e = e + 1) begin
            if (un_reach_q[5*e + (e - k) - 1]) begin
                role_d[2*k +: 2] = 2'd0;
            end
        end
    end
    retract_d = 1'b0;
    for (e = 0; e < LANES && e < 5; e = e + 1) begin
        if (un_reach_q[5*e + e]) begin
            retract_d = 1'b1;
        end
    end
end

// upto_end: a suffix OR of the unit ends within each step, log2(Q) levels,
// from the front end's flops and registered in the unit stage (un_upto_q), so
// that the role stage's committed roles are one AND after the roles.
genvar g, l, p;
generate
    for (g = 0; g < STEPS; g = g + 1) begin : g_upto
        for (l = 0; l <= LOG_Q; l = l + 1) begin : g_lvl
            wire [Q-1:0] o;
            if (l == 0) begin : g_first
                assign o = dec_end[g*Q +: Q];
            end else begin : g_next
                for (p = 0; p < Q; p = p + 1) begin : g_lane
                    if (p + (1 << (l - 1)) < Q) begin : g_or
                        assign o[p] = g_lvl[l-1].o[p] | g_lvl[l-1].o[p + (1 << (l - 1))];
                    end else begin : g_keep
                        assign o[p] = g_lvl[l-1].o[p];
                    end
                end
            end
        end
        assign upto_end[g*Q +: Q] = g_lvl[LOG_Q].o;
    end
endgenerate

// The whole beat's byte count beside the steps' (used only for a beat
// without an error unit, whose roles are 1 on its bytes: the count of its
// tkeep), from the unit stage, so that the entry below needs no chained
// adders and the count no roles. tkeep is contiguous from lane 0
// (docs/interface.md), so the count is where its run of ones ends: each bit
// an OR of the lanes where it can end, a few LUT levels, where a popcount's
// adder tree was the longest path at LANES 16 on ECP5.
wire [LANES:0] keep_ext = {1'b0, un_keep_q};
reg  [LOG_L:0] beat_n_d;
integer v;
always @* begin
    beat_n_d = {(LOG_L + 1){1'b0}};
    for (v = 1; v <= LANES; v = v + 1) begin
        if (keep_ext[v - 1] && !keep_ext[v]) begin
            beat_n_d = beat_n_d | v[LOG_L:0];
        end
    end
end

reg  [LOG_L:0]     rl_bn_q;
reg                rl_valid_q;
reg                rl_last_q;
reg                rl_retract_q;
reg                rl_slow_q;
reg  [STEPS-1:0]   rl_any_q;
reg  [2*LANES-1:0] rl_role_q;
reg  [2*LANES-1:0] rl_krole_q;
reg  [8*LANES-1:0] rl_data_q;
integer s, kk;
always @(posedge clk) begin
    rl_valid_q   <= un_valid_q;
    rl_last_q    <= un_last_q;
    rl_retract_q <= retract_d;
    rl_slow_q    <= |un_err_q;
    for (s = 0; s < STEPS; s = s + 1) begin
        rl_any_q[s] <= |un_end_q[s*Q +: Q];
    end
    rl_role_q    <= role_d;
    rl_bn_q      <= beat_n_d;
    for (kk = 0; kk < LANES; kk = kk + 1) begin
        // an AND, not a choice of zero: synthesis would make that a
        // synchronous reset, whose route to the flops' reset input was the
        // longest path at LANES 16 on ECP5
        rl_krole_q[2*kk +: 2] <= role_d[2*kk +: 2] & {2{un_upto_q[kk]}};
    end
    rl_data_q    <= un_data_q;
    if (rst) begin
        rl_valid_q <= 1'b0;
    end
end

// ---------------------------------------------------------------------------
// Count stages: each step's bytes (n) and committed bytes (k), adder trees
// over its lanes' roles, registered after every SUM_STEP levels (at LANES 16
// and up a tree takes more than one clock: three levels of small adders were
// the longest path at LANES 16 on ECP5); the rest of the beat waits beside
// them in a delay line; then the beat's as one step (nf, kf: the first step's,
// and the second's behind it).

wire [STEPS*SUMW-1:0] step_n_d;
wire [STEPS*SUMW-1:0] step_k_d;
generate
    for (g = 0; g < STEPS; g = g + 1) begin : g_sum
        for (l = 0; l <= LOG_Q; l = l + 1) begin : g_lvl
            // after level l: Q >> l sums of 2 + l bits each, for n and for k
            wire [(2+l)*(Q>>l)-1:0] n_v;
            wire [(2+l)*(Q>>l)-1:0] k_v;
            if (l == 0) begin : g_roles
                assign n_v = rl_role_q[2*Q*g +: 2*Q];
                assign k_v = rl_krole_q[2*Q*g +: 2*Q];
            end else begin : g_add
                wire [(2+l)*(Q>>l)-1:0] n_s;
                wire [(2+l)*(Q>>l)-1:0] k_s;
                for (p = 0; p < (Q >> l); p = p + 1) begin : g_pair
                    assign n_s[(2+l)*p +: 2+l] = {1'b0, g_lvl[l-1].n_v[(1+l)*(2*p) +: 1+l]}
                                               + {1'b0, g_lvl[l-1].n_v[(1+l)*(2*p+1) +: 1+l]};
                    assign k_s[(2+l)*p +: 2+l] = {1'b0, g_lvl[l-1].k_v[(1+l)*(2*p) +: 1+l]}
                                               + {1'b0, g_lvl[l-1].k_v[(1+l)*(2*p+1) +: 1+l]};
                end
                if (((SUM_IN >> (l - 1)) & 1) != 0) begin : g_reg
                    reg [(2+l)*(Q>>l)-1:0] n_q;
                    reg [(2+l)*(Q>>l)-1:0] k_q;
                    always @(posedge clk) begin
                        n_q <= n_s;
                        k_q <= k_s;
                    end
                    assign n_v = n_q;
                    assign k_v = k_q;
                end else begin : g_wire
                    assign n_v = n_s;
                    assign k_v = k_s;
                end
            end
        end
        assign step_n_d[SUMW*g +: SUMW] = g_lvl[LOG_Q].n_v;
        assign step_k_d[SUMW*g +: SUMW] = g_lvl[LOG_Q].k_v;
    end
endgenerate

// The rest of the beat, delayed as the trees are: {valid, last, retract,
// slow, any, byte count, roles, bytes}.
localparam RLW = 1 + 1 + 1 + 1 + STEPS + (LOG_L + 1) + 2 * LANES + 8 * LANES;
wire [RLW-1:0] rl_line = {rl_valid_q, rl_last_q, rl_retract_q, rl_slow_q, rl_any_q, rl_bn_q,
                          rl_role_q, rl_data_q};
wire [RLW-1:0] rd_line;
utf8_lane_delay #(
    .WIDTH(RLW),
    .STAGES(SUM_D)
) rl_delay_inst (
    .clk(clk),
    .rst(rst),
    .in_data(rl_line),
    .out_data(rd_line)
);
localparam RD_DATA = 0;
localparam RD_ROLE = RD_DATA + 8 * LANES;
localparam RD_BN   = RD_ROLE + 2 * LANES;
localparam RD_ANY  = RD_BN + LOG_L + 1;
localparam RD_SLOW = RD_ANY + STEPS;

reg                   sm_valid_q;
reg  [NW-1:0]         sm_bn_q;
// A beat without an error unit: its bytes fill the first sm_bn_q of the
// step's LANES slots. The mask is decoded here, from the delay line's flops
// (each bit a function of LOG_L + 1 of them, one LUT level at LANES 16), and
// goes through the beat FIFO beside the beat: decoded from the FIFO's head,
// the head's count went through LANES compares (carry chains) to the step
// register, LANES 16's longest path on ECP5 (3.1 ns of route from the FIFO's
// output register, then a carry chain).
reg  [LANES-1:0]      sm_fill_q;
reg  [LANES-1:0]      rd_fill;
integer f;
always @* begin
    for (f = 0; f < LANES; f = f + 1) begin
        rd_fill[f] = f < rd_line[RD_BN +: LOG_L + 1];
    end
end
reg                   sm_last_q;
reg                   sm_retract_q;
reg                   sm_slow_q;
reg  [STEPS-1:0]      sm_any_q;
reg  [STEPS*SUMW-1:0] sm_n_q;
reg  [STEPS*SUMW-1:0] sm_k_q;
reg  [2*LANES-1:0]    sm_role_q;
reg  [8*LANES-1:0]    sm_data_q;
always @(posedge clk) begin
    sm_valid_q   <= rd_line[RLW-1];
    sm_last_q    <= rd_line[RLW-2];
    sm_retract_q <= rd_line[RLW-3];
    sm_slow_q    <= rd_line[RD_SLOW];
    sm_any_q     <= rd_line[RD_ANY +: STEPS];
    sm_n_q       <= step_n_d;
    sm_bn_q      <= {{(NW-LOG_L-1){1'b0}}, rd_line[RD_BN +: LOG_L + 1]};
    sm_fill_q    <= rd_fill;
    sm_k_q       <= step_k_d;
    sm_role_q    <= rd_line[RD_ROLE +: 2 * LANES];
    sm_data_q    <= rd_line[RD_DATA +: 8 * LANES];
    if (rst) begin
        sm_valid_q <= 1'b0;
    end
end

// Each step's addends for the control, worked out here so that the control
// only chooses among them: what it adds to its base (its byte count n, plus
// LANES - 1 when it ends the packet, to round up to a word boundary), what it
// adds to the commit pointer (its committed bytes k, or the same at the
// end), whether it moves the commit pointer (a unit ends in it, unless it is
// of the packet's last beat and not its end: that beat commits nothing
// before its last step, which commits it all and writes the end's entry,
// so the reader never takes the last word without it), and
// whether it ends the packet (the step that writes the last byte: the last
// beat's second half, or its first when the second has no byte). Per half,
// for a beat with an error unit, and for the whole beat, for one without.
localparam [31:0] UP_32 = LANES - 1;
localparam [AW-1:0] UP  = UP_32[AW-1:0];

wire [STEPS-1:0]    step_end;
wire [STEPS*AW-1:0] step_a;
wire [STEPS*AW-1:0] step_ka;
wire [STEPS-1:0]    step_com;
generate
    if (STEPS == 2) begin : g_end_two
        wire n1_zero = sm_n_q[SUMW +: SUMW] == {SUMW{1'b0}};
        assign step_end = {sm_last_q && !n1_zero, sm_last_q && n1_zero};
    end else begin : g_end_one
        assign step_end = sm_last_q;
    end
    for (g = 0; g < STEPS; g = g + 1) begin : g_add
        wire [AW-1:0] s_n = {{(AW-SUMW){1'b0}}, sm_n_q[SUMW*g +: SUMW]};
        wire [AW-1:0] s_k = {{(AW-SUMW){1'b0}}, sm_k_q[SUMW*g +: SUMW]};
        wire [AW-1:0] s_up = s_n + UP;   // beside the end flag, chosen after
        wire [AW-1:0] s_a  = step_end[g] ? s_up : s_n;
        assign step_a[AW*g +: AW]  = s_a;
        assign step_ka[AW*g +: AW] = step_end[g] ? s_up : s_k;
        assign step_com[g] = step_end[g] || (sm_any_q[g] && !sm_last_q);
    end
endgenerate

wire [AW-1:0] beat_n  = sm_bn_q;
wire [AW-1:0] beat_up = beat_n + UP;
wire [AW-1:0] beat_a  = sm_last_q ? beat_up : beat_n;
wire [AW-1:0] beat_k;
generate
    if (STEPS == 2) begin : g_beat_two
        wire [AW-1:0] n0 = {{(AW-SUMW){1'b0}}, sm_n_q[0 +: SUMW]};
        wire [AW-1:0] k0 = {{(AW-SUMW){1'b0}}, sm_k_q[0 +: SUMW]};
        wire [AW-1:0] k1 = {{(AW-SUMW){1'b0}}, sm_k_q[SUMW +: SUMW]};
        assign beat_k = sm_any_q[1] ? n0 + k1 : k0;
    end else begin : g_beat_one
        assign beat_k = {{(AW-SUMW){1'b0}}, sm_k_q};
    end
endgenerate
wire [AW-1:0] beat_ka  = sm_last_q ? beat_a : beat_k;
wire          beat_com = sm_last_q || |sm_any_q;

// FIFO entry: {last, retract, slow, the steps' flags and addends, the
// beat's, its byte count, roles, bytes}
localparam F_DATA = 0;
localparam F_ROLE = F_DATA + 8 * LANES;
localparam F_FILL = F_ROLE + 2 * LANES;
localparam F_BA   = F_FILL + LANES;
localparam F_BKA  = F_BA + AW;
localparam F_BCOM = F_BKA + AW;
localparam F_A    = F_BCOM + 1;
localparam F_KA   = F_A + STEPS * AW;
localparam F_COM  = F_KA + STEPS * AW;
localparam F_END  = F_COM + STEPS;
localparam F_SLOW = F_END + STEPS;
localparam F_RET  = F_SLOW + 1;
localparam F_LAST = F_RET + 1;
localparam FW     = F_LAST + 1;

reg                   cb_valid_q;
reg  [FW-1:0]         cb_entry_q;
always @(posedge clk) begin
    cb_valid_q <= sm_valid_q;
    cb_entry_q <= {sm_last_q, sm_retract_q, sm_slow_q, step_end, step_com, step_ka, step_a,
                   beat_com, beat_ka, beat_a, sm_fill_q, sm_role_q, sm_data_q};
    if (rst) begin
        cb_valid_q <= 1'b0;
    end
end

// ---------------------------------------------------------------------------
// Beat FIFO and credit (utf8_lane_fifo): every beat is written; the control
// takes the head when its last step goes.

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
    .wr(cb_valid_q),
    .drop(1'b0),
    .wr_data(cb_entry_q),
    .m_data(head),
    .m_valid(head_valid),
    .m_ready(head_ready)
);

// ---------------------------------------------------------------------------
// Steps: the FIFO head's next step (the whole beat, or one half of a beat
// with an error unit), its addends and flags chosen into a register of its
// own so that the control's sums start at flops; with them whether it
// retracts (the first step of a beat whose first unit is an error unit begun
// before it).

wire                  h_last    = head[F_LAST];
wire                  h_retract = head[F_RET];
wire                  h_slow    = head[F_SLOW];
wire [STEPS-1:0]      h_end     = head[F_END +: STEPS];
wire [STEPS-1:0]      h_com     = head[F_COM +: STEPS];
wire [STEPS*AW-1:0]   h_ka      = head[F_KA +: STEPS*AW];
wire [STEPS*AW-1:0]   h_a       = head[F_A +: STEPS*AW];
wire                  h_bcom    = head[F_BCOM];
wire [AW-1:0]         h_bka     = head[F_BKA +: AW];
wire [AW-1:0]         h_ba      = head[F_BA +: AW];
// A beat without an error unit: the slots its bytes fill (sm_fill_q above).
wire [LANES-1:0]      h_fill    = head[F_FILL +: LANES];
wire [2*LANES-1:0]    h_role    = head[F_ROLE +: 2*LANES];
wire [8*LANES-1:0]    h_data    = head[F_DATA +: 8*LANES];

reg           phase_q;     // the head's second step is next
wire          second   = STEPS == 2 && phase_q;
wire          g_final  = !h_slow || phase_q || STEPS == 1;
wire [AW-1:0] g_a      = !h_slow ? h_ba   : h_a[AW*second +: AW];
wire [AW-1:0] g_ka     = !h_slow ? h_bka  : h_ka[AW*second +: AW];
wire          g_com    = !h_slow ? h_bcom : h_com[second];
wire          g_end    = !h_slow ? h_last : h_end[second];

reg               sp_valid_q;
reg               sp_fast_q;
reg               sp_end_q;      // the packet's last step
reg               sp_retract_q;
reg  [LANES-1:0]  sp_fill_q;     // its fill mask (below)
reg  [PW-1:0]     sp_add_q;      // what the step adds to its base
reg  [PW-1:0]     sp_kadd_q;     // what it adds to the commit pointer
reg               sp_commit_q;   // it moves the commit pointer
reg  [8*LANES-1:0] sp_data_q;
reg  [2*Q-1:0]    sp_role_q;

// The step register's valid flag and the room rule go to several hundred
// enables: the step's fields and the control (go, sp_load), its bytes
// (sp_load_d) and the FIFO's read (head_ready) each take their own copies,
// each flop kept in a block of its own so that synthesis does not merge them.
wire          room_q;
wire          room_d_q;
wire          room_f_q;
reg           sp_valid_d_q;
reg           sp_valid_f_q;
wire          go        = sp_valid_q && room_q;
wire          sp_load   = !sp_valid_q || room_q;
wire          sp_load_d = !sp_valid_d_q || room_d_q;

assign head_ready = (!sp_valid_f_q || room_f_q) && g_final;

// A step of a beat with an error has its lanes at the bottom; the top half's
// bytes are then not used, and are left as they are.
wire [8*LANES-1:0] g_data;
generate
    if (STEPS == 2) begin : g_data_two
        assign g_data = {h_data[8*Q +: 8*Q], second ? h_data[8*Q +: 8*Q] : h_data[0 +: 8*Q]};
    end else begin : g_data_one
        assign g_data = h_data;
    end
endgenerate

(* keep *)
always @(posedge clk) begin
    if (sp_load_d) begin
        sp_valid_d_q <= head_valid;
    end
    if (rst) begin
        sp_valid_d_q <= 1'b0;
    end
end

(* keep *)
always @(posedge clk) begin
    if (!sp_valid_f_q || room_f_q) begin
        sp_valid_f_q <= head_valid;
    end
    if (rst) begin
        sp_valid_f_q <= 1'b0;
    end
end

always @(posedge clk) begin
    if (sp_load_d) begin
        sp_data_q    <= g_data;
        sp_role_q    <= h_role[2*Q*second +: 2*Q];
    end
end

(* keep *)
always @(posedge clk) begin
    if (sp_load) begin
        sp_valid_q   <= head_valid;
        sp_fast_q    <= !h_slow;
        sp_end_q     <= g_end;
        sp_retract_q <= h_retract && !phase_q;
        sp_fill_q    <= h_fill;
        sp_add_q     <= {{(PW-AW){1'b0}}, g_a};
        sp_kadd_q    <= {{(PW-AW){1'b0}}, g_ka};
        sp_commit_q  <= g_com;
        if (head_valid) begin
            phase_q <= !g_final;
        end
    end
    if (rst) begin
        sp_valid_q <= 1'b0;
        phase_q    <= 1'b0;
    end
end

// ---------------------------------------------------------------------------
// Control: the step gets its place in the ring when the ring has room for it.
// w_q: where the next step's bytes go; c_q: the end of the bytes committed
// (those of units that have ended). A step that retracts starts at c_q, over
// the uncommitted bytes of the error unit it ends. A packet's end commits
// everything and moves both to the next word boundary. What each step adds
// is chosen when the step is registered (n, or n + LANES - 1 to round up at
// the packet's end; k or the same), so that a step's place is one adder
// from each pointer, a choice between them and, at a packet's end, a clear
// of the low bits: one carry chain between registers.

reg  [PW-1:0] w_q;
reg  [PW-1:0] c_q;
reg  [PW-1:0] lim_r;       // the reader's pointer + ROOM_ROWS rows (below)
wire [PW-1:0] w_room = w_q - lim_r;
wire unused_room_low = &{1'b0, w_room[PW-2:0], 1'b0};

// Both pointers' sums side by side, the base chosen after: the adders start
// at the registers, and one LUT after them feeds each pointer's register.
wire [PW-1:0] base  = sp_retract_q ? c_q : w_q;
wire [PW-1:0] w_sum = sp_retract_q ? c_q + sp_add_q : w_q + sp_add_q;
wire [PW-1:0] k_sum = sp_retract_q ? c_q + sp_kadd_q : w_q + sp_kadd_q;

// The sums go straight into the pointers: the commit pointer's choice is its
// clock enable, and a packet end's rounding clears the low bits through the
// registers' synchronous reset, so no LUT stands between adder and register.
// A packet's last beat commits nothing before its last step, which commits
// it all and writes its end's entry: the reader must not take the last word
// without it.
always @(posedge clk) begin
    if (go) begin
        w_q <= w_sum;
    end
    if (go && sp_commit_q) begin
        c_q <= k_sum;
    end
    if (go && sp_end_q && LANES > 1) begin
        w_q[LOW-1:0] <= {LOW{1'b0}};
        c_q[LOW-1:0] <= {LOW{1'b0}};
    end
    if (rst) begin
        w_q    <= {PW{1'b0}};
        c_q    <= {PW{1'b0}};
    end
end

// The room rule's three copies (control, bytes, FIFO read), each a
// utf8_lane_copy: kept apart, with rst on the flop's own reset input, so the
// subtraction's top bit goes straight into them (a kept flop's reset was a
// LUT after the subtraction, shared by the three).
wire [2:0] room_c;
generate
    for (g = 0; g < 3; g = g + 1) begin : g_room
        utf8_lane_copy #(.RESET_VALUE(1'b1)) room_inst (
            .clk(clk),
            .rst(rst),
            .d(w_room[PW-1]),
            .q(room_c[g])
        );
    end
endgenerate
assign room_q   = room_c[0];
assign room_d_q = room_c[1];
assign room_f_q = room_c[2];

// The step, registered: its bytes (a whole beat, or the lanes of one half),
// roles, place, the commit pointer after it (c_q in the clock after the
// step's, so it joins the tag there), the packet's end, and for a
// beat without an error its full lanes as a mask (the lanes below its count,
// worked out here beside the control so that the slots further on need no
// comparison).
localparam T_VALID = 0;
localparam T_FAST  = 1;
localparam T_END   = 2;
localparam T_BASE  = 3;
localparam T_FILL  = T_BASE + PW;
localparam T_WRAP  = T_FILL + LANES;
localparam T_C     = T_WRAP + WIN;
localparam TW      = T_C + PW;

// Each lane's empty slots (3 - role; none for a beat without an error unit),
// worked out here so that the prefix count's adders start at flops.
reg  [2*Q-1:0] st_empty;
integer m;
always @* begin
    for (m = 0; m < Q; m = m + 1) begin
        st_empty[2*m +: 2] = sp_fast_q ? 2'd0 : 2'd3 - sp_role_q[2*m +: 2];
    end
end

reg  [8*LANES-1:0] st_data_q;
reg  [2*Q-1:0]     st_role_q;
reg  [2*Q-1:0]     st_empty_q;
reg  [T_WRAP-1:0]  st_tag_q;

// The columns the rotation by base brings round the window's top, whose
// bytes go one row down: those below base's column, a mask of ones below it.
// Worked out from the step register's base and carried in the tag, so that
// the rotation's levels are plain muxes (a flag carried through them made its
// top bit the rotation's longest path at LANES 8 and 16 on ECP5) and the
// ring's write takes the flag from a flop. A shift, not WIN compares, which
// synthesis would make carry chains.
wire [WIN-1:0]     st_wrap = ~({WIN{1'b1}} << st_tag_q[T_BASE +: LOG_W]);
wire [TW-1:0]      st_tag = {c_q, st_wrap, st_tag_q};
always @(posedge clk) begin
    st_data_q  <= sp_data_q;
    st_role_q  <= sp_role_q;
    st_empty_q <= st_empty;
    st_tag_q  <= {sp_fill_q, base, sp_end_q, sp_fast_q, go};
    if (rst) begin
        st_tag_q[T_VALID] <= 1'b0;
    end
end

// ---------------------------------------------------------------------------
// Slots: a step of a beat with an error has three per lane, filled from the
// first (the byte, or EF BF BD); a beat without one has its bytes in the
// first LANES slots, and its fill mask marks the full ones. They are formed
// here, from the step register, and travel through the prefix count's
// registers, so that the compaction after it starts at flops.
wire          st_fast = st_tag_q[T_FAST];
wire [LANES-1:0] st_fill_m = st_tag_q[T_FILL +: LANES];
reg  [8*SLOTS-1:0]  slot_byte;
reg  [SLOTS-1:0]    slot_full;
integer i;
always @* begin
    for (i = 0; i < SLOTS; i = i + 1) begin
        if (st_fast) begin
            slot_byte[8*i +: 8] = (i < LANES) ? st_data_q[8*(i % LANES) +: 8] : 8'h00;
            slot_full[i]        = (i < LANES) ? st_fill_m[i % LANES] : 1'b0;
        end else begin
            case (i % 3)
                0: slot_byte[8*i +: 8] = (st_role_q[2*(i/3) +: 2] == 2'd3) ? 8'hEF : st_data_q[8*(i/3) +: 8];
                1: slot_byte[8*i +: 8] = 8'hBF;
                default: slot_byte[8*i +: 8] = 8'hBD;
            endcase
            slot_full[i] = {30'd0, st_role_q[2*(i/3) +: 2]} > i % 3;
        end
    end
end

// Prefix count of empty slots (3 - role) over the step's lanes, registered
// after the levels in SCAN_CUTS; the slots and tag keep step with it. A beat
// without an error counts none: its bytes do not move.

generate
    for (l = 0; l < LOG_Q; l = l + 1) begin : g_scan
        wire [EW*Q-1:0]    c_in;
        wire [EW*Q-1:0]    c_sum;
        wire [8*SLOTS-1:0] b_in;
        wire [SLOTS-1:0]   f_in;
        wire [TW-1:0]      t_in;
        wire [EW*Q-1:0]    c_out;
        wire [8*SLOTS-1:0] b_out;
        wire [SLOTS-1:0]   f_out;
        wire [TW-1:0]      t_out;
        if (l == 0) begin : g_first
            for (g = 0; g < Q; g = g + 1) begin : g_lane
                assign c_in[g*EW +: EW] = {{(EW-2){1'b0}}, st_empty_q[2*g +: 2]};
            end
            assign b_in = slot_byte;
            assign f_in = slot_full;
            assign t_in = st_tag;
        end else begin : g_next
            assign c_in = g_scan[l-1].c_out;
            assign b_in = g_scan[l-1].b_out;
            assign f_in = g_scan[l-1].f_out;
            assign t_in = g_scan[l-1].t_out;
        end
        for (g = 0; g < Q; g = g + 1) begin : g_lane
            if (g >= (1 << l)) begin : g_add
                assign c_sum[g*EW +: EW] = c_in[g*EW +: EW] + c_in[(g - (1 << l))*EW +: EW];
            end else begin : g_copy
                assign c_sum[g*EW +: EW] = c_in[g*EW +: EW];
            end
        end
        if (((SCAN_CUTS >> l) & 1) != 0) begin : g_reg
            reg [EW*Q-1:0]    e_q;
            reg [8*SLOTS-1:0] b_q;
            reg [SLOTS-1:0]   f_q;
            reg [TW-1:0]      t_q;
            always @(posedge clk) begin
                e_q <= c_sum;
                b_q <= b_in;
                f_q <= f_in;
                t_q <= t_in;
                if (rst) begin
                    t_q[T_VALID] <= 1'b0;
                end
            end
            assign c_out = e_q;
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

wire [EW*Q-1:0]    sc_incl;
wire [8*SLOTS-1:0] sc_byte;
wire [SLOTS-1:0]   sc_full;
wire [TW-1:0]      sc_tag;
generate
    if (LOG_Q > 0) begin : g_scanned
        assign sc_incl = g_scan[LOG_Q-1].c_out;
        assign sc_byte = g_scan[LOG_Q-1].b_out;
        assign sc_full = g_scan[LOG_Q-1].f_out;
        assign sc_tag  = g_scan[LOG_Q-1].t_out;
    end else begin : g_single
        assign sc_incl = {{(EW-2){1'b0}}, st_empty_q};
        assign sc_byte = slot_byte;
        assign sc_full = slot_full;
        assign sc_tag  = st_tag;
    end
endgenerate

// Each full slot shifted down by the empty slots of the lanes below.
reg  [SW*SLOTS-1:0] slot_shift;
// The top lane's count is the step's empty slots, which nothing needs.
wire unused_incl = &{1'b0, sc_incl, 1'b0};
always @* begin
    for (i = 0; i < SLOTS; i = i + 1) begin
        if (i < 3) begin
            slot_shift[SW*i +: SW] = {SW{1'b0}};
        end else begin
            slot_shift[SW*i +: SW] = sc_incl[EW*(i/3 - 1) +: SW];
        end
    end
end

wire [8*SLOTS-1:0] pk_bytes;
wire [SLOTS-1:0]   pk_full;
wire [TW-1:0]      pk_tag;

utf8_lane_compact #(
    .LANES(SLOTS),
    .WIDTH(8),
    .SHIFT_WIDTH(SW),
    .REGISTER_AFTER(PACK_CUTS),
    .TAG_WIDTH(TW)
) compact_inst (
    .clk(clk),
    .rst(rst),
    .in_elem(sc_byte),
    .in_valid(sc_full),
    .in_shift(slot_shift),
    .in_tag(sc_tag),
    .out_elem(pk_bytes),
    .out_valid(pk_full),
    .out_tag(pk_tag)
);
// ---------------------------------------------------------------------------
// Rotation: byte j of the step to column (base + j) mod WIN, by the bits of
// base from the lowest, registered after the levels in ROT_CUTS. Beside each
// byte goes whether it is one of the step's (the compaction's full flags: the
// column's write enable); which columns came round past the top (their bytes
// go into the next row) is in the tag (T_WRAP), so that the ring write needs
// no arithmetic.

localparam EL = 9;   // {full, byte}

generate
    for (l = 0; l < LOG_W; l = l + 1) begin : g_rot
        wire [EL*WIN-1:0] d_in;
        wire [TW-1:0]     t_in;
        wire [EL*WIN-1:0] d_rot;
        wire [EL*WIN-1:0] d_out;
        wire [TW-1:0]     t_out;
        if (l == 0) begin : g_first
            for (g = 0; g < WIN; g = g + 1) begin : g_col
                if (g < SLOTS) begin : g_slot
                    assign d_in[EL*g +: EL] = {pk_full[g], pk_bytes[8*g +: 8]};
                end else begin : g_pad
                    assign d_in[EL*g +: EL] = {EL{1'b0}};
                end
            end
            assign t_in = pk_tag;
        end else begin : g_next
            assign d_in = g_rot[l-1].d_out;
            assign t_in = g_rot[l-1].t_out;
        end
        for (g = 0; g < WIN; g = g + 1) begin : g_col
            localparam FROM = (g + WIN - (1 << l)) % WIN;
            assign d_rot[EL*g +: EL] = t_in[T_BASE + l] ? d_in[EL*FROM +: EL] : d_in[EL*g +: EL];
        end
        if (((ROT_CUTS >> l) & 1) != 0) begin : g_reg
            reg [EL*WIN-1:0] d_q;
            reg [TW-1:0]     t_q;
            always @(posedge clk) begin
                d_q <= d_rot;
                t_q <= t_in;
                if (rst) begin
                    t_q[T_VALID] <= 1'b0;
                end
            end
            assign d_out = d_q;
            assign t_out = t_q;
        end else begin : g_comb
            assign d_out = d_rot;
            assign t_out = t_in;
        end
    end
endgenerate

wire [EL*WIN-1:0] wr_elem = g_rot[LOG_W-1].d_out;
wire [TW-1:0]     wr_tag  = g_rot[LOG_W-1].t_out;
wire              wr_valid = wr_tag[T_VALID];
wire [PW-1:0]     wr_base  = wr_tag[T_BASE +: PW];
wire [PW-1:0]     wr_c     = wr_tag[T_C +: PW];
wire              wr_end   = wr_tag[T_END];
wire unused_wr_tag = &{1'b0, wr_tag[T_FAST], wr_tag[T_FILL +: LANES], 1'b0};

// ---------------------------------------------------------------------------
// Ring: a memory of ROWS bytes per column; a step writes its n bytes from
// column base mod WIN up, wrapping into the next row. ring_c_q is the commit
// pointer the reader sees.

wire [LOG_R-LOG_W-1:0] wr_row0 = wr_base[LOG_R-1:LOG_W];
wire unused_wr = &{1'b0, wr_base[PW-1], 1'b0};

reg  [PW-1:0]     ring_c_q;
wire [8*WIN-1:0]  col_byte;              // each column's byte in the reader's row

// The reader's row, in copies: it addresses every column's memory (WIN x 8
// bits of LUT RAM; 149 cells at LANES 16 when each byte had a ninth bit, its
// packet-end mark), and from one register that net's
// route was the longest path at LANES 16 on ECP5 (3.2 ns). One copy per eight
// columns, each bit a utf8_lane_copy (synthesis merges identical registers,
// and keeps these apart), loaded from the next word's pointer as the reader's
// pointer is (below). One more copy, the last, addresses the words' end
// memories (below): shared with eight columns it was LANES 8's longest path.
// Up to LANES 8 the columns' copies are plain registers instead, which
// synthesis merges into one: iCE40 has no LUT RAM, and its block RAM reads
// synchronously, so Yosys can put the ring there only by moving the read
// address's register into the memory, which it cannot do through a kept
// utf8_lane_copy (the ring became 2,304 flops and LANES 8 no longer fitted
// HX8K). At LANES 8 the columns are 16, two copies' worth.
localparam RB   = LOG_R - LOG_W;   // a row's bits
localparam RD_C = (WIN + 7) / 8;   // copies of the row for the columns
wire               rd_load;        // the reader takes a word (below)
wire [PW-1:0]      rp1_q;          // the next word's pointer (below)
wire [RB*(RD_C+1)-1:0] rd_row_c;
generate
    for (g = 0; g < RB * (RD_C + 1); g = g + 1) begin : g_row_copy
        if (LANES >= 16 || g >= RB * RD_C) begin : g_kept
            utf8_lane_copy row_inst (
                .clk(clk),
                .rst(rst),
                .d(rd_load ? rp1_q[LOG_W + g % RB] : rd_row_c[g]),
                .q(rd_row_c[g])
            );
        end else begin : g_plain
            reg q;
            always @(posedge clk) begin
                if (rd_load) q <= rp1_q[LOG_W + g % RB];
                if (rst) q <= 1'b0;
            end
            assign rd_row_c[g] = q;
        end
    end
endgenerate

// A step's run of full columns ends at one column, the one whose next column
// round the ring is not full (a step has fewer bytes than columns).
wire [WIN-1:0] wr_run_end;
generate
    for (g = 0; g < WIN; g = g + 1) begin : g_ring
        wire [EL-1:0]          el   = wr_elem[EL*g +: EL];
        wire                   next = wr_elem[EL*((g + 1) % WIN) + 8];
        wire                   we   = wr_valid && el[8];
        wire [LOG_R-LOG_W-1:0] row  = wr_row0 + {{(LOG_R-LOG_W-1){1'b0}}, wr_tag[T_WRAP + g]};
        reg  [7:0] mem [0:ROWS-1];
        always @(posedge clk) begin
            if (we) begin
                mem[row] <= el[7:0];
            end
        end
        assign col_byte[8*g +: 8] = mem[rd_row_c[RB*(g/8) +: RB]];
        assign wr_run_end[g] = el[8] && !next;
    end
endgenerate

// ---------------------------------------------------------------------------
// Word ends: beside the ring, a memory per word of a row (WIN/LANES of them,
// ROWS entries each) that says whether a packet ends in the word and at which
// lane. The reader reads it as it reads the word's bytes, and tkeep and tlast
// come from it (through 84c5c85 a ninth bit per byte marked a packet's last
// byte, and tkeep was a prefix OR over the word's marks: the reader's longest
// path from LANES 16 on ECP5). A step writes the entry of each word it
// completes (its top column full, or the packet's end in it). A word the reader takes is
// committed, so it was completed, and its last completion is the entry (a
// retracted step's is written again by the step that rewrites the word).
// A word's full columns in a step are in one row, or, when the step starts
// near the top of its base's word and wraps round the window back into it, in
// two (the row and the next: a step has at most 1.5 x LANES bytes), so each
// word has two memories, for even and odd rows, and each gets at most one
// write a clock. The entries are worked out in two stages (in one, the
// lane's encoding behind the run's end and the parity was five LUT levels, and
// LANES 8 fell under 200 MHz): the split stage sorts each column's run end
// into the memory of its row's parity, the encode stage makes each memory's
// entry; the entries are written a clock later, two after the bytes. The
// reader is shown the commit pointer as the encode stage is loaded, a clock
// before that write: it takes a word no sooner than two clocks after its
// commit pointer moves (the committed-word flags ge1_q/ge2_q are registers),
// so the entry is in place when the word is read.
localparam WW     = WIN / LANES;                  // words in a row
localparam RH     = RB - 1;                       // an entry's address: the row / 2

// Split stage: per word and memory p, the columns where a packet's run of
// full columns ends in a row of parity p, whether the word's top column is
// full in that row, and the memory's address.
reg  [2*WIN-1:0]    ws_end_q;     // [p*WIN + column]
reg  [2*WW-1:0]     ws_fill_q;    // [2*word + p]
reg  [2*RH-1:0]     ws_addr_q;    // [RH*p]
reg                 ws_valid_q;
reg  [PW-1:0]       ws_c_q;
// Encode stage: each memory's entry
reg  [2*WW-1:0]     en_we_q;      // the word is completed in an even (0) / odd (1) row
reg  [2*WW-1:0]     en_end_q;     // a packet ends in it
reg  [2*LOW*WW-1:0] en_lane_q;    // at this lane
reg  [2*RH*WW-1:0]  en_addr_q;    // the row / 2
reg                 en_valid_q;   // the step, two clocks on
wire [WW-1:0]       word_end;     // in the reader's row: a packet ends in the word
wire [LOW*WW-1:0]   word_lane;    // at this lane
wire                rd_odd = rd_row_c[RB*RD_C];   // the reader's row is odd

generate
    for (l = 0; l < 2; l = l + 1) begin : g_split
        // memory p takes the columns of the row with parity p: the step's row
        // (wrap 0) when p is its parity, else the next (wrap 1)
        localparam P = l;
        wire o1 = wr_row0[0] ^ (P != 0);
        for (g = 0; g < WIN; g = g + 1) begin : g_col
            always @(posedge clk) begin
                ws_end_q[WIN*P + g] <= wr_end && wr_run_end[g] && (wr_tag[T_WRAP + g] == o1);
            end
        end
        for (g = 0; g < WW; g = g + 1) begin : g_top
            always @(posedge clk) begin
                ws_fill_q[2*g + P] <= wr_elem[EL*(LANES*g + LANES - 1) + 8]
                                      && (wr_tag[T_WRAP + LANES*g + LANES - 1] == o1);
            end
        end
        always @(posedge clk) begin
            ws_addr_q[RH*P +: RH] <= wr_row0[RB-1:1] + {{(RH-1){1'b0}}, wr_row0[0] && P == 0};
        end
    end
    for (g = 0; g < WW; g = g + 1) begin : g_word
        wire [2*(LOW+1)-1:0] em_rd;
        for (l = 0; l < 2; l = l + 1) begin : g_mem
            localparam P = l;
            wire [LANES-1:0] re = ws_end_q[WIN*P + LANES*g +: LANES];
            reg  [LOW-1:0]   lane;
            integer b;
            integer c;
            always @* begin
                lane = {LOW{1'b0}};
                for (c = 0; c < LANES; c = c + 1) begin
                    for (b = 0; b < LOG_L; b = b + 1) begin
                        if (((c >> b) & 1) != 0) begin
                            lane[b] = lane[b] || re[c];
                        end
                    end
                end
            end
            always @(posedge clk) begin
                en_we_q[2*g + P]  <= ws_valid_q && (ws_fill_q[2*g + P] || |re);
                en_end_q[2*g + P] <= |re;
                en_lane_q[LOW*(2*g + P) +: LOW] <= lane;
                en_addr_q[RH*(2*g + P) +: RH]   <= ws_addr_q[RH*P +: RH];
            end
            reg  [LOW:0] emem [0:ROWS/2-1];
            // en_we_q holds the step's valid flag already; en_valid_q (reset)
            // keeps a step caught in the encode stage by a reset from writing.
            always @(posedge clk) begin
                if (en_valid_q && en_we_q[2*g + P]) begin
                    emem[en_addr_q[RH*(2*g + P) +: RH]] <= {en_end_q[2*g + P], en_lane_q[LOW*(2*g + P) +: LOW]};
                end
            end
            assign em_rd[(LOW+1)*P +: LOW+1] = emem[rd_row_c[RB*RD_C + 1 +: RH]];
        end
        assign {word_end[g], word_lane[LOW*g +: LOW]} = em_rd[(LOW+1)*rd_odd +: LOW+1];
    end
endgenerate

always @(posedge clk) begin
    ws_valid_q <= wr_valid;
    ws_c_q     <= wr_c;
    en_valid_q <= ws_valid_q;
    if (rst) begin
        ws_valid_q <= 1'b0;
        en_valid_q <= 1'b0;
    end
end

// ---------------------------------------------------------------------------
// Reader: the word at rp_q is read into the read register once it is
// committed, and moves on into the output register. A packet's end commits
// its last word whole (the commit pointer moves to the word boundary), and
// the word's end entry, read with its bytes, gives tlast and tkeep as the
// word moves on (so the ring's read goes straight into a register); the
// bytes after the end in that word are not the packet's and may be stale.

reg  [PW-1:0]      rp_r;
reg                rb_valid_q;   // the read register
reg  [8*LANES-1:0] rb_data_q;
reg                m_valid_q;
reg  [8*LANES-1:0] m_data_q;
reg  [LANES-1:0]   m_keep_q;
reg                m_last_q;

// Whether a committed word waits, from registers a clock old, so that the
// pointers' difference is not in front of the load: the commit pointer only
// moves on, so a word committed then is committed now; if the reader took a
// word since, the next one is the second. The read pointer is a word's and
// the commit pointer at most a ring ahead, so "at least one word committed"
// is "the commit pointer's word is not the reader's", and "two" is "nor the
// next one": comparisons for equality, with no subtraction in front.
reg  [PW-1:0]        rp1_r;    // rp_r + LANES
assign rp1_q = rp1_r;
wire [PW-LOG_L-1:0]  c_word   = ring_c_q[PW-1:LOG_L];
wire [PW-LOG_L-1:0]  rp_word  = rp_r[PW-1:LOG_L];
wire [PW-LOG_L-1:0]  rp1_word = rp1_r[PW-1:LOG_L];
wire unused_c_low = &{1'b0, ring_c_q, rp_r, rp1_r, 1'b0};   // the byte within the word
reg            ge1_q;      // a word committed beyond the read pointer
reg            ge2_q;      // two
reg            loaded_q;   // the reader took a word in the last clock
wire           rd_avail = loaded_q ? ge2_q : ge1_q;
wire           rb_move  = rb_valid_q && (!m_valid_q || m_axis_tready);
assign         rd_load  = rd_avail && (!rb_valid_q || rb_move);

// The word is one of the row's WIN/LANES groups of LANES columns. Which one
// selects 8 x LANES muxes, so it too is in copies, one per eight lanes, loaded
// as the row's are.
localparam GB   = LOG_W - LOG_L;     // a group's bits
localparam RD_G = (LANES + 7) / 8;   // copies of the group for the lanes
wire [GB*(RD_G+1)-1:0] rd_group_c;    // and one, the last, for the word's end entry
wire [8*LANES-1:0] rd_bytes;
wire               rd_end;
wire [LOW-1:0]     rd_lane;
generate
    for (g = 0; g < GB * (RD_G + 1); g = g + 1) begin : g_group_copy
        utf8_lane_copy group_inst (
            .clk(clk),
            .rst(rst),
            .d(rd_load ? rp1_q[LOG_L + g % GB] : rd_group_c[g]),
            .q(rd_group_c[g])
        );
    end
    for (g = 0; g < LANES; g = g + 1) begin : g_rd_lane
        wire [GB-1:0] grp = rd_group_c[GB*(g/8) +: GB];
        assign rd_bytes[8*g +: 8] = col_byte[8*(LANES*grp + g) +: 8];
    end
    // the word's end entry: the group is the word's place in the row
    assign rd_end  = word_end[rd_group_c[GB*RD_G +: GB]];
    assign rd_lane = word_lane[LOW*rd_group_c[GB*RD_G +: GB] +: LOW];
endgenerate
wire unused_rp1 = &{1'b0, rp1_q[PW-1], rp1_q[LOW-1:0], 1'b0};   // the wrap bit and the byte

// tkeep: the lanes up to the packet's end in the word; tlast: an end in it
reg              rb_end_q;
reg  [LOW-1:0]   rb_lane_q;
reg  [LANES-1:0] rb_keep;
integer r;
always @* begin
    for (r = 0; r < LANES; r = r + 1) begin
        rb_keep[r] = !rb_end_q || r <= rb_lane_q;
    end
end

always @(posedge clk) begin
    if (rd_load) begin
        rb_data_q <= rd_bytes;
        rb_end_q  <= rd_end;
        rb_lane_q <= rd_lane;
        rp_r      <= rp1_r;
        rp1_r     <= rp1_r + LANES_P;
        lim_r     <= lim_r + LANES_P;
    end
    rb_valid_q <= rd_load || (rb_valid_q && !rb_move);
    if (rb_move) begin
        m_data_q <= rb_data_q;
        m_keep_q <= rb_keep;
        m_last_q <= rb_end_q;
    end
    m_valid_q <= rb_move || (m_valid_q && !m_axis_tready);
    ge1_q     <= c_word != rp_word;
    ge2_q     <= c_word != rp_word && c_word != rp1_word;
    loaded_q  <= rd_load;

    if (ws_valid_q) begin
        ring_c_q <= ws_c_q;
    end

    if (rst) begin
        rp_r       <= {PW{1'b0}};
        rp1_r      <= LANES_P;
        lim_r      <= ROOM_B;
        rb_valid_q <= 1'b0;
        m_valid_q  <= 1'b0;
        ge1_q      <= 1'b0;
        ge2_q      <= 1'b0;
        loaded_q   <= 1'b0;
        ring_c_q   <= {PW{1'b0}};
    end
end

assign m_axis_tdata  = m_data_q;
assign m_axis_tkeep  = m_keep_q;
assign m_axis_tvalid = m_valid_q;
assign m_axis_tlast  = m_last_q;

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
