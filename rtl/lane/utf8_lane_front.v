// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Front end shared by the wide validator and the wide decoder: takes LANES
 * bytes per beat and gives, three clocks after a beat can be decided, one unit
 * flag per lane (a unit ends there) with its length, class and payload. An
 * accepted beat first lands in the input register, which has no enable and no
 * logic in front of it, so that nothing in the block hangs on s_axis_tvalid's
 * route but the input register's valid flops. From there it is held in a pending register until the
 * next beat of its packet brings the one byte of look-ahead its top lane needs,
 * or at once when it has tlast; so one beat retires per clock while beats come
 * every clock. The five bytes before each beat are carried over from the
 * previous one (00 at a packet start). Stages: each byte's codes
 * (utf8_lane_code) as it moves into the pending register, the per-byte facts
 * from them (utf8_lane_byte) as a beat moves into the window stage, where each
 * byte belongs (utf8_lane_take) into the take stage, the units
 * (utf8_lane_decode) into the decided stage; each step is a few LUTs deep. A
 * register's name starts with its stage: in_ (input register), pend_
 * (pending), win_ (window), take_, dec_ (decided, also the outputs). The
 * front never stalls: the owner's s_axis_tready only throttles what comes in,
 * and every accepted beat reaches the output; the owners buffer what their
 * outputs cannot take yet.
 */
module utf8_lane_front #(
    // bytes per beat: 1, 2, 4, 8, 16, 32, 64 or 128
    parameter LANES = 8,
    // width of the byte offsets within a packet: at least log2(LANES) + 4, so
    // that the beat count's low half has two bits
    parameter OFFSET_WIDTH = 32,
    // 1: dec_end, dec_start and dec_str_end are all zeros when !dec_valid (a
    // valid term per lane and a reset). 0: they are left as they fall when
    // !dec_valid, for an owner that reads them only with dec_valid (the
    // validator, whose status clears a beat that is not valid itself): at
    // LANES 128 rst's route to these flops across the beat was the longest
    // path.
    parameter IDLE_CLEAR = 1,
    // 0: s_ready_next is the owner's ready register's next value, and each
    // ready copy loads it. 1: it is that value a clock earlier; the front
    // registers it into a few middle copies and each ready copy loads one of
    // them, so no route from the owner's credit reaches every copy across the
    // beat in one clock (the validator's longest path at LANES 128). The
    // owner then keeps its own ready two flops behind s_ready_next too.
    parameter READY_AHEAD = 0
) (
    input  wire                      clk,
    input  wire                      rst,

    input  wire                      cfg_mode,

    // Input beats; a beat is taken when s_axis_tvalid and the owner's
    // registered s_axis_tready are high. The front is given that register's
    // next value outside reset and keeps copies of it (rdy_q), which reset
    // sets, as it sets the owner's register.
    input  wire [8*LANES-1:0]        s_axis_tdata,
    input  wire [LANES-1:0]          s_axis_tkeep,
    input  wire                      s_axis_tvalid,
    input  wire                      s_ready_next,
    input  wire                      s_axis_tlast,
    // String starts (utf8_string_validator; the other owners tie it to zero):
    // a string starts at this lane's byte. No unit crosses into it: its byte
    // cannot continue a unit of the bytes before it, so the string before it
    // ends there as a packet would. A packet's first byte starts one anyway.
    input  wire [LANES-1:0]          s_start,

    // Decided beats, one per clock at most; with IDLE_CLEAR dec_end,
    // dec_start and dec_str_end are all zeros when !dec_valid
    output wire                      dec_valid,
    output wire                      dec_last,   // the packet's last beat
    output wire [OFFSET_WIDTH-1:0]   dec_base,   // packet offset of lane 0
    output wire [LANES-1:0]          dec_end,    // a unit ends at this lane
    output wire [3*LANES-1:0]        dec_len,
    output wire [3*LANES-1:0]        dec_cls,
    output wire [32*LANES-1:0]       dec_cp,     // payload; U+FFFD is the owner's to substitute
    output wire [8*LANES-1:0]        dec_data,   // the beat's bytes (utf8_sanitizer)
    output wire [LANES-1:0]          dec_keep,   // the lane holds a byte
    output wire [LANES-1:0]          dec_start,  // a string starts at this lane (the packet's first byte too)
    output wire [LANES-1:0]          dec_str_end // a string ends at this lane (the packet's last byte too)
);

`include "utf8_class_codes.vh"

localparam HIST = 5;
// a byte's utf8_lane_code codes, and above them whether it continues a unit:
// a continuation byte (80..BF) that starts no string
localparam CODE_W = 11;
localparam EXT = HIST + LANES + 1;
// Beat offsets are multiples of LANES (only a packet's last beat is partial), so
// the input side counts beats: two halves, the high one stepped by a flag
// registered a clock ahead, keep the carry chain half as long.
localparam LOG_L = $clog2(LANES);
localparam BC_W = OFFSET_WIDTH - LOG_L;
localparam LO_W = BC_W / 2;
localparam HI_W = BC_W - LO_W;

// Parameter checks. An illegal value instantiates a module that does not exist,
// named after the rule it breaks, where Verilator, Icarus and Yosys all stop
// elaborating. An initial block's $error would pass Verilator's lint and Icarus's
// compile, and stop only a simulation.
generate
    if (LANES < 1 || LANES > 128 || (LANES & (LANES - 1)) != 0) begin : g_check_lanes
        error_LANES_must_be_1_2_4_8_16_32_64_or_128 stop ();
    end
    if (LO_W < 2) begin : g_check_offset_width
        error_OFFSET_WIDTH_must_be_at_least_log2_LANES_plus_4 stop ();
    end
    if (IDLE_CLEAR != 0 && IDLE_CLEAR != 1) begin : g_check_idle_clear
        error_IDLE_CLEAR_must_be_0_or_1 stop ();
    end
    if (READY_AHEAD != 0 && READY_AHEAD != 1) begin : g_check_ready_ahead
        error_READY_AHEAD_must_be_0_or_1 stop ();
    end
endgenerate

// Input register: the accepted beat, and cfg_mode with it. Data flops load on
// every clock and the beat is marked by in_valid_q alone, so that the pending
// register's enables and codes start at flops of this block, not at
// s_axis_tvalid and the raw input, whose route from wherever they come from
// would count in the same clock. in_valid_q has one copy per eight lanes,
// which enables those lanes' pending flops, one for the history and base, one
// for the control; keep stops synthesis from merging them back into one flop
// with a fanout of 9*LANES+. Each copy has its own copy of the owner's ready
// register (rdy_q, kept apart from the owner's and each other), so
// that each accept is a LUT beside its valid flop: from one ready flop through
// one LUT to all the copies, spread over the beat, was two long routes (the
// longest path at LANES 128 on ECP5). The ready copies are utf8_lane_copy
// instances, so that rst goes to their flops' reset input rather than through
// a LUT shared by them all.
localparam FIRE_GROUPS = (LANES + 7) / 8;
localparam GROUP_LANES = (LANES < 8) ? LANES : 8;
localparam FIRE_HIST = FIRE_GROUPS;
localparam FIRE_CTRL = FIRE_GROUPS + 1;
wire [FIRE_CTRL:0]  rdy_q;
reg  [FIRE_CTRL:0]  in_valid_q;
reg  [8*LANES-1:0]  in_data_q;
reg  [5*LANES-1:0]  in_nib_q;    // each byte's high nibble classed (utf8_lane_code's nib)
wire [5*LANES-1:0]  in_nib_d;
reg  [LANES-1:0]    in_keep_q;
reg                 in_last_q;
reg                 in_mode_q;
reg  [LANES-1:0]    in_start_q;
wire [FIRE_CTRL:0]  fire = in_valid_q;   // the input register's beat moves on
wire                in_fire = fire[FIRE_CTRL];

// With READY_AHEAD, the middle copies: one per four ready copies.
localparam RDY_MID = (FIRE_CTRL + 4) / 4;
wire [FIRE_CTRL:0] rdy_d;

genvar r;
generate
    if (READY_AHEAD) begin : g_rdy_mid
        wire [RDY_MID-1:0] mid_q;
        for (r = 0; r < RDY_MID; r = r + 1) begin : g_mid
            utf8_lane_copy #(.RESET_VALUE(1'b1)) mid_inst (
                .clk(clk),
                .rst(rst),
                .d(s_ready_next),
                .q(mid_q[r])
            );
        end
        for (r = 0; r <= FIRE_CTRL; r = r + 1) begin : g_d
            assign rdy_d[r] = mid_q[r / 4];
        end
    end else begin : g_rdy_direct
        assign rdy_d = {(FIRE_CTRL+1){s_ready_next}};
    end
    for (r = 0; r <= FIRE_CTRL; r = r + 1) begin : g_in_valid
        utf8_lane_copy #(.RESET_VALUE(1'b1)) rdy_inst (
            .clk(clk),
            .rst(rst),
            .d(rdy_d[r]),
            .q(rdy_q[r])
        );
        (* keep *)
        always @(posedge clk) begin
            in_valid_q[r] <= s_axis_tvalid && rdy_q[r];
            if (rst) begin
                in_valid_q[r] <= 1'b0;
            end
        end
    end
endgenerate

always @(posedge clk) begin
    in_data_q <= s_axis_tdata;
    in_nib_q <= in_nib_d;
    in_keep_q <= s_axis_tkeep;
    in_last_q <= s_axis_tlast;
    in_mode_q <= cfg_mode;
    in_start_q <= s_start;
end

// Codes of the input register's bytes (utf8_lane_code); lane 0's is also the
// pending beat's look-ahead byte's
wire [CODE_W*LANES-1:0] in_code;

generate
    for (r = 0; r < LANES; r = r + 1) begin : g_code
        utf8_lane_code code_inst (
            .hi(s_axis_tdata[8*r+4 +: 4]),
            .nib_d(in_nib_d[5*r +: 5]),
            .b(in_data_q[8*r +: 8]),
            .nib(in_nib_q[5*r +: 5]),
            .kind(in_code[CODE_W*r + 6 +: 4]),
            .lead_rng(in_code[CODE_W*r + 3 +: 3]),
            .cont_rng(in_code[CODE_W*r +: 3])
        );
        // Whether the byte continues a unit: the string mask is folded in
        // here, a clock ahead, so that the take flags read one bit per
        // position as before (their LUTs have no input to spare).
        assign in_code[CODE_W*r + 10] = in_data_q[8*r+7 -: 2] == 2'b10 && !in_start_q[r];
    end
endgenerate

// Input side packet state
reg                    in_pkt_q;   // the input register's next beat continues a packet
reg [LO_W-1:0]         bc_lo_q;    // beats of the packet so far: the next beat's
reg [HI_W-1:0]         bc_hi_q;    // offset is LANES times {bc_hi_q, bc_lo_q}
reg                    bc_lo_max_q;  // bc_lo_q is all ones: the next step carries

// Copies of !in_pkt_q, as flops of their own, for the pending history's and
// base's hold (0) and the beat count's (1). An ECP5 flop resets on a high LSR
// only: for !in_pkt_q Yosys 0.23 put an inverter LUT in front of each flop's
// LSR, 104 of them at LANES 64, and nextpnr packs flops into a slice (and a
// carry chain's flops beside their carry cells) only when they share one LSR
// net, so each of those flops sat on its own, the beat count's too. Each copy
// loads in_last_q as in_pkt_q loads its inverse (keep: synthesis would merge
// them with mode_idle_q below).
(* keep *) reg [1:0] hold_idle_q;

always @(posedge clk) begin
    if (in_fire) begin
        hold_idle_q <= {2{in_last_q}};
    end
    if (rst) begin
        hold_idle_q <= 2'b11;
    end
end

// String starts as the pending register takes them: a packet's first byte
// starts one whether marked or not.
localparam [LANES-1:0] LANE0 = 1;
wire [LANES-1:0] in_start_first = in_start_q | (LANE0 & {LANES{!in_pkt_q}});

// Pending beat (waits for its look-ahead byte)
reg                    pend_valid_q;
reg [8*LANES-1:0]      pend_data_q;
reg [LANES-1:0]        pend_keep_q;
reg                    pend_last_q;
// pend_last_q's copy per eight lanes, loaded beside those lanes' pending
// flops, for their last flags (win_lane_last_q below): pend_last_q alone
// reaching every lane would be pulled away from the move logic it feeds.
// (Each copy is loaded by its own group's fire copy, so synthesis keeps them.)
reg [FIRE_GROUPS-1:0]  pend_last_g_q;
reg [8*HIST-1:0]       pend_hist_q;   // the five bytes before it (00 at a packet start)
// Each byte's codes {continues a unit, utf8_lane_code's kind, lead_rng,
// cont_rng}, computed as it moves in and kept beside it (those of 00 are zero)
reg [CODE_W*LANES-1:0] pend_code_q;
reg [CODE_W*HIST-1:0]  pend_hist_code_q;
reg [LANES-1:0]        pend_start_q;   // string starts; lane 0 of a packet's first beat set
// The packet's mode, one copy per two byte positions so that each drives only
// a few LUTs next to it rather than a long route to many; keep stops
// synthesis from merging the copies back into one.
localparam MODE_COPIES = (EXT - 1 + 1) / 2;
reg [MODE_COPIES-1:0]  pend_mode_q;
reg [OFFSET_WIDTH-1:0] pend_base_q;

generate
    for (r = 0; r < FIRE_GROUPS; r = r + 1) begin : g_pend
        always @(posedge clk) begin
            if (fire[r]) begin
                pend_last_g_q[r] <= in_last_q;
                pend_data_q[8*GROUP_LANES*r +: 8*GROUP_LANES] <= in_data_q[8*GROUP_LANES*r +: 8*GROUP_LANES];
                pend_keep_q[GROUP_LANES*r +: GROUP_LANES]     <= in_keep_q[GROUP_LANES*r +: GROUP_LANES];
                pend_code_q[CODE_W*GROUP_LANES*r +: CODE_W*GROUP_LANES] <= in_code[CODE_W*GROUP_LANES*r +: CODE_W*GROUP_LANES];
                pend_start_q[GROUP_LANES*r +: GROUP_LANES]    <= in_start_first[GROUP_LANES*r +: GROUP_LANES];
            end
        end
    end
endgenerate

wire [OFFSET_WIDTH-1:0] in_off;
generate
    if (LOG_L == 0) begin : g_off_one
        assign in_off = {bc_hi_q, bc_lo_q};
    end else begin : g_off_many
        assign in_off = {bc_hi_q, bc_lo_q, {LOG_L{1'b0}}};
    end
endgenerate

// Window stage: the beat being decided, with its window
reg                    win_valid_q;
reg [8*LANES-1:0]      win_data_q;
reg [LANES-1:0]        win_keep_q;
reg [LANES-1:0]        win_start_q;
reg                    win_ahead_start_q;   // the look-ahead byte starts a string
// The packet's last beat (the lanes' own last flags are win_lane_last_q below)
reg                    win_last_q;
reg [OFFSET_WIDTH-1:0] win_base_q;
reg [8*HIST-1:0]       win_hist_q;

// Decided stage, the outputs
reg                    dec_valid_q;
reg                    dec_last_q;
reg [OFFSET_WIDTH-1:0] dec_base_q;
reg [LANES-1:0]        dec_end_q;
reg [3*LANES-1:0]      dec_len_q;
reg [3*LANES-1:0]      dec_cls_q;
reg [32*LANES-1:0]     dec_cp_q;
reg [8*LANES-1:0]      dec_data_q;
reg [LANES-1:0]        dec_keep_q;
reg [LANES-1:0]        dec_start_q;
reg [LANES-1:0]        dec_str_end_q;

wire pend_move = pend_valid_q && (pend_last_q || in_fire);

// Copies of !in_pkt_q (between packets), one per eight mode copies, as their
// enables: one flop reaching all of them, spread over the beat, is a long
// route at LANES 128. Each loads in_last_q itself, so that no LUT (the
// inversion) sits in front of the route to them.
localparam MODE_GROUPS = (MODE_COPIES + 7) / 8;
reg [MODE_GROUPS-1:0] mode_idle_q;

generate
    for (r = 0; r < MODE_GROUPS; r = r + 1) begin : g_mode_idle
        // Loaded as the lanes beside its mode copies are, by their group's
        // copy of the input register's valid (all copies are equal): in_fire,
        // the control's copy, had a 4.9 ns route out to one of them at
        // LANES 128.
        localparam FG = (2 * r < FIRE_GROUPS) ? 2 * r : FIRE_GROUPS - 1;
        (* keep *)
        always @(posedge clk) begin
            if (fire[FG]) begin
                mode_idle_q[r] <= in_last_q;
            end
            if (rst) begin
                mode_idle_q[r] <= 1'b1;
            end
        end
    end
    for (r = 0; r < MODE_COPIES; r = r + 1) begin : g_mode
        // Between packets the copies follow the input register's mode on
        // every clock, so they hold cfg_mode as it was when the first beat
        // was accepted; the enable is one flop, not the move's logic, which
        // would have to reach all the spread-out copies in the same clock.
        (* keep *)
        always @(posedge clk) begin
            if (mode_idle_q[r / 8]) begin
                pend_mode_q[r] <= in_mode_q;
            end
        end
    end
endgenerate

// A beat that continues a packet is taken only as its predecessor leaves the
// pending register, so its history is that beat's last five bytes, known then;
// choosing it there keeps the choice off the byte facts' path below.
wire [8*HIST-1:0]         hist_in = pend_hist_q;
wire [8*(HIST+LANES)-1:0] cat_in  = {pend_data_q, hist_in};
wire [8*HIST-1:0]         tail_in = cat_in[8*LANES +: 8*HIST];
// Only the last five bytes of the concatenation are carried over.
wire unused_cat = &{1'b0, cat_in[8*LANES-1:0], 1'b0};
wire [CODE_W*(HIST+LANES)-1:0] code_cat  = {pend_code_q, pend_hist_code_q};
wire [CODE_W*HIST-1:0]         code_tail = code_cat[CODE_W*LANES +: CODE_W*HIST];
wire unused_code_cat = &{1'b0, code_cat[CODE_W*LANES-1:0], 1'b0};

// Per-byte facts of the window the pending beat will have, computed as it
// moves into the window stage from the bytes' codes: five bytes back, the
// beat, the look-ahead byte (the next beat's lane 0, present whenever the beat
// has no tlast), of which only where it falls as a continuation is asked for.
wire [CODE_W*EXT-1:0] code_in = {in_code[CODE_W-1:0], pend_code_q, pend_hist_code_q};
// Nor where the first history byte falls as a continuation byte.
wire unused_code_in = &{1'b0, code_in[CODE_W*(EXT-1) + 3 +: 7], code_in[2:0], 1'b0};

wire [EXT-1:0]     pos_cont;
wire [EXT-2:0]     pos_kind_cont;
wire [5*EXT-6:0]   pos_need_ge;   // positions 0..EXT-2
wire [EXT-2:0]     pos_sec_ok;
wire [3*EXT-4:0]   pos_single_cls;
wire [3*EXT-4:0]   pos_bad_cls;

genvar q;
generate
    for (q = 0; q < EXT - 1; q = q + 1) begin : g_byte
        utf8_lane_byte byte_inst (
            .kind(code_in[CODE_W*q + 6 +: 4]),
            .lead_rng(code_in[CODE_W*q + 3 +: 3]),
            .next_rng(code_in[CODE_W*(q+1) +: 3]),
            .mode(pend_mode_q[q / 2]),
            .cont(pos_kind_cont[q]),
            .need_ge(pos_need_ge[5*q +: 5]),
            .sec_ok(pos_sec_ok[q]),
            .single_cls(pos_single_cls[3*q +: 3]),
            .bad_cls(pos_bad_cls[3*q +: 3])
        );
    end
endgenerate
// Whether each position continues a unit: a continuation byte that starts no
// string (the look-ahead byte's too, the next beat's lane 0).
generate
    for (q = 0; q < EXT; q = q + 1) begin : g_cont
        assign pos_cont[q] = code_in[CODE_W*q + 10];
    end
endgenerate
// (utf8_lane_byte's own continuation flag does not know the string starts)
wire unused_kind_cont = &{1'b0, pos_kind_cont, 1'b0};

// Continuation pairs: position q and q+1 are both continuation bytes. With
// them each take flag is one LUT of at most five inputs; from the single
// flags it would be seven, three LUT levels through terms shared between lanes.
wire [EXT-2:0] pos_cont2 = pos_cont[EXT-1:1] & pos_cont[EXT-2:0];

// Window stage copies of the facts; the history positions' own classes are
// never asked for, so only the beat's are kept.
reg [EXT-1:0]      win_cont_q;
reg [EXT-2:0]      win_cont2_q;
reg [5*EXT-6:0]    win_need_ge_q;
reg [EXT-2:0]      win_sec_ok_q;
reg [3*LANES-1:0]  win_single_cls_q;
reg [3*LANES-1:0]  win_bad_cls_q;
wire unused_pos = &{1'b0, pos_single_cls[3*HIST-1:0], pos_bad_cls[3*HIST-1:0], 1'b0};

always @(posedge clk) begin
    win_last_q <= pend_last_q;
end

// Each lane holds the packet's last byte: the beat's last flag and no byte in
// the next lane, registered here from the pending beat's flags (the window
// stage loads both every clock, so it equals them a clock later) rather than
// worked out in the take stage, where that LUT sat in front of the take
// stage's class and end flags, a third LUT level (the longest path at LANES 64).
reg [LANES-1:0] win_lane_last_q;
generate
    for (r = 0; r < LANES; r = r + 1) begin : g_win_lane_last
        if (r == LANES - 1) begin : g_top
            always @(posedge clk) begin
                win_lane_last_q[r] <= pend_last_g_q[r / GROUP_LANES];
            end
        end else begin : g_mid
            always @(posedge clk) begin
                win_lane_last_q[r] <= pend_last_g_q[r / GROUP_LANES] && !pend_keep_q[r+1];
            end
        end
    end
endgenerate

always @(posedge clk) begin
    // Between packets the history and base are held at zero, whether or not a
    // beat comes: a pending beat then is a last one, which moves on in this
    // very clock, taking their old value. So the clear needs only a copy of
    // !in_pkt_q, a flop, rather than the accept logic in front of it.
    if (hold_idle_q[0]) begin
        pend_hist_q      <= {8*HIST{1'b0}};
        pend_hist_code_q <= {CODE_W*HIST{1'b0}};
        pend_base_q      <= {OFFSET_WIDTH{1'b0}};
    end else if (fire[FIRE_HIST]) begin
        pend_hist_q      <= tail_in;
        pend_hist_code_q <= code_tail;
        pend_base_q      <= in_off;
    end
    if (in_fire) begin
        pend_last_q <= in_last_q;
    end
    // Between packets the beat count is held at one, the count after a first
    // beat, so that the hold depends on a copy of !in_pkt_q alone: set to one
    // on the first beat's move, it would be a synchronous reset behind the
    // move's logic.
    if (hold_idle_q[1]) begin
        bc_lo_q     <= {{(LO_W-1){1'b0}}, 1'b1};
        bc_hi_q     <= {HI_W{1'b0}};
        bc_lo_max_q <= LO_W == 1;
    end else if (in_fire) begin
        bc_lo_q     <= bc_lo_q + 1'b1;
        bc_hi_q     <= bc_hi_q + {{(HI_W-1){1'b0}}, bc_lo_max_q};
        bc_lo_max_q <= &bc_lo_q[LO_W-1:1] && !bc_lo_q[0];
    end
    // Loaded on every clock, the beat marked by win_valid_q alone: an enable of
    // pend_move would fan out from the input register's valid to all these flops.
    win_data_q <= pend_data_q;
    win_keep_q <= pend_keep_q;
    win_start_q <= pend_start_q;
    win_ahead_start_q <= in_start_q[0];
    win_base_q <= pend_base_q;
    win_hist_q <= hist_in;
    win_cont_q       <= pos_cont;
    win_cont2_q      <= pos_cont2;
    win_need_ge_q    <= pos_need_ge;
    win_sec_ok_q     <= pos_sec_ok;
    win_single_cls_q <= pos_single_cls[3*HIST +: 3*LANES];
    win_bad_cls_q    <= pos_bad_cls[3*HIST +: 3*LANES];

    if (in_fire) begin
        pend_valid_q <= 1'b1;
        in_pkt_q     <= !in_last_q;
    end else if (pend_move) begin
        pend_valid_q <= 1'b0;
    end
    win_valid_q <= pend_move;

    if (rst) begin
        pend_valid_q <= 1'b0;
        in_pkt_q  <= 1'b0;
        win_valid_q <= 1'b0;
    end
end

// Lane k sees window positions k .. k+6: five bytes back, its own, one ahead.
wire [8*(EXT-1)-1:0] ext = {win_data_q, win_hist_q};

// Take stage: where each lane's byte and the byte after it belong, and the
// class each lane's byte would have as a unit of its own.
// A copy per eight lanes, each clearing those lanes' unit flags in the decide
// stage: one flop reaching every lane was the longest path at LANES 128.
reg [FIRE_GROUPS-1:0]  take_valid_q;
reg                    take_last_q;
reg [OFFSET_WIDTH-1:0] take_base_q;
reg [8*(EXT-1)-1:0]    take_ext_q;
reg [LANES-1:0]        take_keep_q;
reg [LANES-1:0]        take_lane_last_q;  // the lane holds the packet's last byte
reg [LANES-1:0]        take_start_q;      // a string starts at the lane
reg [LANES-1:0]        take_str_end_q;    // a string ends at the lane
reg [5*LANES+4:0]      take_flags_q;      // lanes 0..LANES: the last is the look-ahead byte's
reg [4*LANES-1:0]      take_lead_more_q;
reg [3*LANES-1:0]      take_lone_cls_q;

wire [5*LANES+4:0] lane_take;
wire [3*LANES+2:0] lane_lone_cls;
wire [4*LANES-1:0] lane_lead_more;
wire [LANES-1:0]   lane_last_w;

genvar k;
generate
    // One more than LANES: the look-ahead byte's answer is whether the top
    // lane's unit goes on into the next beat (its lone class is not used).
    for (k = 0; k <= LANES; k = k + 1) begin : g_take
        wire [2:0] single_cls;
        wire [2:0] bad_cls;
        wire       lane_last;
        wire       need_any;
        wire       cont_next;
        if (k < LANES) begin : g_lane
            assign single_cls = win_single_cls_q[3*k +: 3];
            assign bad_cls    = win_bad_cls_q[3*k +: 3];
            assign lane_last  = lane_last_w[k];
            assign need_any   = win_need_ge_q[5*(k+5)];
            assign cont_next  = win_cont_q[k + 6];
        end else begin : g_ahead
            assign single_cls = CLS_OK;
            assign bad_cls    = CLS_OK;
            assign lane_last  = 1'b1;
            assign need_any   = 1'b0;
            assign cont_next  = 1'b0;
        end
        utf8_lane_take take_inst (
            .cont(win_cont_q[k +: 6]),
            .cont2(win_cont2_q[k +: 5]),
            .need_ge(win_need_ge_q[5*k +: 25]),
            .sec_ok(win_sec_ok_q[k +: 5]),
            .need_any(need_any),
            .single_cls(single_cls),
            .bad_cls(bad_cls),
            .cont_next(cont_next),
            .last(lane_last),
            .take(lane_take[5*k +: 5]),
            .lone_cls(lane_lone_cls[3*k +: 3])
        );
    end
    for (k = 0; k < LANES; k = k + 1) begin : g_facts
        // The lead d back (position 5-d of the window) asks for more than d.
        assign lane_lead_more[4*k +: 4] = {win_need_ge_q[5*(k+1) + 4], win_need_ge_q[5*(k+2) + 3],
                                           win_need_ge_q[5*(k+3) + 2], win_need_ge_q[5*(k+4) + 1]};
        // A flag per lane, registered, rather than the beat's last flag fanning
        // out to every lane in the decide stage.
        assign lane_last_w[k] = win_lane_last_q[k];
    end
endgenerate
wire unused_ahead = &{1'b0, lane_lone_cls[3*LANES +: 3], 1'b0};

// A string ends at a lane whose next byte starts one, or at the packet's last byte.
wire [LANES:0] win_start_ext = {win_ahead_start_q, win_start_q};
wire unused_start0 = &{1'b0, win_start_ext[0], 1'b0};

generate
    for (r = 0; r < FIRE_GROUPS; r = r + 1) begin : g_take_valid
        (* keep *)
        always @(posedge clk) begin
            take_valid_q[r] <= win_valid_q;
            if (rst) begin
                take_valid_q[r] <= 1'b0;
            end
        end
    end
endgenerate

always @(posedge clk) begin
    take_last_q      <= win_last_q;
    take_base_q      <= win_base_q;
    take_ext_q       <= ext;
    take_keep_q      <= win_keep_q;
    take_lane_last_q <= lane_last_w;
    take_start_q     <= win_start_q & win_keep_q;
    take_str_end_q   <= win_keep_q & (lane_last_w | win_start_ext[LANES:1]);
    take_flags_q     <= lane_take;
    take_lead_more_q <= lane_lead_more;
    take_lone_cls_q  <= lane_lone_cls[3*LANES-1:0];
end

// Decide stage: units ending at each lane.
wire [LANES-1:0]    take_valid_lanes;
wire [LANES-1:0]    lane_end;
wire [3*LANES-1:0]  lane_len;
wire [3*LANES-1:0]  lane_cls;
wire [32*LANES-1:0] lane_cp;

generate
    for (k = 0; k < LANES; k = k + 1) begin : g_lane
        assign take_valid_lanes[k] = take_valid_q[k / 8];
        utf8_lane_decode lane_inst (
            .win(take_ext_q[8*k +: 48]),
            .take(take_flags_q[5*k +: 5]),
            .take_next(|take_flags_q[5*(k+1) +: 5]),
            .lead_more(take_lead_more_q[4*k +: 4]),
            .lone_cls(take_lone_cls_q[3*k +: 3]),
            .keep(take_keep_q[k]),
            .last(take_lane_last_q[k]),
            .unit_end(lane_end[k]),
            .unit_len(lane_len[3*k +: 3]),
            .unit_cls(lane_cls[3*k +: 3]),
            .unit_value(lane_cp[32*k +: 32])
        );
    end
endgenerate

always @(posedge clk) begin
    dec_valid_q <= take_valid_q[0];
    dec_last_q  <= take_last_q;
    dec_base_q  <= take_base_q;
    dec_len_q   <= lane_len;
    dec_cls_q   <= lane_cls;
    dec_cp_q    <= lane_cp;
    // each lane's own byte sits after the five history bytes of the window
    dec_data_q  <= take_ext_q[8*HIST +: 8*LANES];
    dec_keep_q  <= take_keep_q;
    if (rst) begin
        dec_valid_q <= 1'b0;
    end
end

generate
    if (IDLE_CLEAR) begin : g_idle_clear
        always @(posedge clk) begin
            dec_end_q     <= lane_end & take_valid_lanes;
            dec_start_q   <= take_start_q & take_valid_lanes;
            dec_str_end_q <= take_str_end_q & take_valid_lanes;
            if (rst) begin
                dec_end_q     <= {LANES{1'b0}};
                dec_start_q   <= {LANES{1'b0}};
                dec_str_end_q <= {LANES{1'b0}};
            end
        end
    end else begin : g_idle_free
        always @(posedge clk) begin
            dec_end_q     <= lane_end;
            dec_start_q   <= take_start_q;
            dec_str_end_q <= take_str_end_q;
        end
        wire unused_take_valid = &{1'b0, take_valid_lanes, 1'b0};
    end
endgenerate

assign dec_valid = dec_valid_q;
assign dec_last  = dec_last_q;
assign dec_base  = dec_base_q;
assign dec_end   = dec_end_q;
assign dec_len   = dec_len_q;
assign dec_cls   = dec_cls_q;
assign dec_cp    = dec_cp_q;
assign dec_data  = dec_data_q;
assign dec_keep  = dec_keep_q;
assign dec_start   = dec_start_q;
assign dec_str_end = dec_str_end_q;

endmodule

`resetall
`default_nettype wire
