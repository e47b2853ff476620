// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * The kernel's validity bitmap for VALIDATE_STRINGS (SPEC §9, OP 3): joins
 * the offsets stage's groups (per G = W/4 strings, which are non-empty) with
 * the string validator's verdicts (one per non-empty string, in order, in the
 * lanes where tkeep is set) into the Arrow bitmap, a byte stream of W bytes a
 * beat for the write engine, and counts the strings, the ill-formed ones and
 * the first of them. An empty string's bit is 1.
 *
 * Group n's G bits sit at bit (n mod 32)*G of beat n/32: 32 groups fill a
 * beat at every W, so a group is written into a fixed slot of the beat being
 * assembled, never shifted into place. A beat leaves when the group after its
 * last slot comes, since only that group says whether it was the job's last
 * (a job of 32G strings ends with a group of count 0); the job's last group
 * sends what it completes at once.
 *
 * Verdicts: a beat is packed into a ring of B = 4W bits, in order, by two
 * networks of shifts by powers of two (a lane moves down by the dropped
 * lanes below it, taken a bit at a time from the least significant one,
 * which never lets two lanes meet): one inside each eight lanes, then one
 * that moves each eight-lane chunk by the dropped lanes before it, less the
 * ring's write offset, so that the verdicts land at the write pointer
 * without a rotator of their own. Stages A (dropped lanes below each lane in
 * its chunk, and per chunk), B (the first network; the per-chunk prefix
 * sums), C (each chunk's shift), D and E (the second network, in two
 * halves), then the ring. The pipeline never stalls; a beat is taken only
 * when the ring has room for it (below).
 *
 * Groups: a queue of CAP groups; its head fires when the ring holds its
 * verdicts (a group needs as many as it has non-empty strings) and, for a
 * group that sends a beat, when no beat is outstanding. Stages P1 (the
 * ring's 2G bits from the read pointer's G-bit chunk on), P2 (those from the
 * read pointer, and each string's rank among the group's non-empty ones), P3
 * (the group's bits), then the beat being assembled and the output register;
 * P4 and P5 count.
 *
 * Every output is a register, as docs/interface.md asks of a block with an
 * s_axis_tvalid port (this block's inputs are s_grp_* and s_ver_*; that name
 * here puts it under the rtl_regout check too): the readies are flops of
 * their next value, which looks at this clock's take but at no other input.
 */
module utf8_kernel_bitmap #(
    // bytes per beat: 8, 16, 32 or 64
    parameter W = 64
) (
    input  wire                      clk,
    input  wire                      rst,

    // Groups: strings nG .. nG+count-1; full[i] = string nG+i is non-empty
    // (0 at and above count); count is G but in the job's last group
    input  wire [W/4-1:0]            s_grp_full,
    input  wire [$clog2(W/4+1)-1:0]  s_grp_count,
    input  wire                      s_grp_last,
    input  wire                      s_grp_valid,
    output wire                      s_grp_ready,

    // Verdicts: one per lane k where keep[k], in string order; ok[k] = 1 well-formed
    input  wire [W-1:0]              s_ver_keep,
    input  wire [W-1:0]              s_ver_ok,
    input  wire                      s_ver_valid,
    output wire                      s_ver_ready,

    // The bitmap, bit i of the job in byte i/8 (lane i/8 of beat i/(8W))
    output wire [8*W-1:0]            m_axis_tdata,
    output wire [W-1:0]              m_axis_tkeep,
    output wire                      m_axis_tvalid,
    input  wire                      m_axis_tready,
    output wire                      m_axis_tlast,

    // Results, valid from done until reset
    output reg                       done,
    output reg  [63:0]               strings,
    output reg  [63:0]               bad_strings,
    output reg                       first_bad_found,
    output reg  [63:0]               first_bad
);

localparam G   = W / 4;            // strings in a group
localparam LG  = $clog2(G);
localparam CW  = $clog2(G + 1);    // a count of strings in a group, 0..G
localparam GP  = (G < 4) ? 4 : G;  // G padded to whole fours
localparam LW  = $clog2(W);
localparam NC  = W / 8;            // eight-lane chunks of a verdict beat
localparam ZW  = LW + 1;           // a count of lanes, 0..W
localparam EW  = LW + 1;           // the second network's shift, 1..2W-8
localparam S2A = (EW + 1) / 2;     // its steps in stage D; the rest in E
localparam S2B = EW - S2A;
localparam B   = 4 * W;            // ring bits
localparam LB  = LW + 2;
localparam AW  = LB + 1;           // a count of ring bits, 0..B
// Groups queued. The offsets stage sends no more of the column's bytes to
// the validator while this queue is full, so it must hold the groups of every
// string between the offsets stage and the ring: some 20 clocks of the
// string validator and 6 of stages A..E, about 100 strings at 4 a clock
// (16-byte strings, W = 64), 7 groups. 16 leaves room for shorter strings
// and for the stages and buffers between the offsets stage and here.
// The queue holds the groups whose verdicts are still on their way through
// the string validator (some 30 clocks at W = 64): with one-byte strings the
// offsets stage sends up to four groups a data beat, and 16 entries held it
// to 7.3 strings a clock in the kernel; 64 cover that latency at the read
// channels' rate.
localparam CAP = 64;
localparam OW  = $clog2(CAP + 1);  // 0..CAP
localparam QE  = G + 2 * CW + 8;   // a queue entry

generate
    if (W != 8 && W != 16 && W != 32 && W != 64) begin : g_check_w
        error_W_must_be_8_16_32_or_64 stop ();
    end
endgenerate

localparam [31:0] W_32 = W;
localparam [31:0] B_32 = B;
localparam [ZW-1:0] W_Z = W_32[ZW-1:0];
localparam [EW-1:0] W_E = W_32[EW-1:0];
localparam [AW-1:0] W_A = W_32[AW-1:0];
localparam [31:0] G_32 = G;
localparam [LB-1:0] G_L = G_32[LB-1:0];
// A beat is taken only while the ring's bits in use (unread, or reserved
// for beats in the pipeline) are at most B - W. Beats in stages A and B
// reserve W each, since their verdicts are not yet counted; from C on, their
// count. With 2W reserved, B - W leaves W for verdicts waiting for their
// group and beats in C..E: at 16-byte strings (about 4 verdicts a beat at
// W = 64) that is several times what they hold, so the ring never holds the
// validator back. Deadlock cannot happen for any B - W of at least G: a
// verdict comes only after its group, so when the head group waits for
// verdicts, every verdict in the ring belongs to it, fewer than G, and the
// pipeline empties into the ring, after which a beat is taken again.
localparam [AW-1:0] ROOM = B_32[AW-1:0] - W_A;

// Dropped lanes among the low n (0..4) of four: one LUT a bit
function [2:0] zeros4;
    input [3:0] keep;
    input integer n;
    integer j;
    begin
        zeros4 = 3'd0;
        for (j = 0; j < n; j = j + 1)
            zeros4 = zeros4 + {2'b00, ~keep[j]};
    end
endfunction

// Dropped lanes before lane r (0..7) of an eight-lane chunk, and in all of
// it: two halves and one add, so a few LUTs deep straight after the input port
function [2:0] zeros_below;
    input [7:0] keep;
    input integer r;
    begin
        if (r <= 4)
            zeros_below = zeros4(keep[3:0], r);
        else
            zeros_below = zeros4(keep[3:0], 4) + zeros4(keep[7:4], r - 4);
    end
endfunction

function [3:0] zeros8;
    input [7:0] keep;
    begin
        zeros8 = {1'b0, zeros4(keep[3:0], 4)} + {1'b0, zeros4(keep[7:4], 4)};
    end
endfunction

// Set bits of a group's mask: a LUT a bit per four, then a sum of G/4
function [CW-1:0] pop_g;
    input [G-1:0] v;
    integer n;
    reg [GP-1:0] vp;
    reg [CW+2:0] acc;
    begin
        vp = {GP{1'b0}};
        vp[G-1:0] = v;
        acc = {(CW+3){1'b0}};
        for (n = 0; n < GP / 4; n = n + 1)
            acc = acc + {{CW{1'b0}}, zeros4(~vp[4*n +: 4], 4)};
        pop_g = acc[CW-1:0];
    end
endfunction

// ---------------------------------------------------------------------------
// Verdict input

reg  ver_ready_q;
reg  grp_ready_q;
wire ver_take = s_ver_valid && ver_ready_q;
wire grp_take = s_grp_valid && grp_ready_q;

// Stage A: the lanes, the dropped lanes below each in its chunk and per chunk
reg [W-1:0]    a_keep_q;
reg [W-1:0]    a_ok_q;
reg [3*W-1:0]  a_lz_q;
reg [4*NC-1:0] a_z_q;
reg            a_valid_q;

reg [3*W-1:0]  lz_d;
reg [4*NC-1:0] z_d;
integer ca, ra_;
always @* begin
    for (ca = 0; ca < NC; ca = ca + 1) begin
        for (ra_ = 0; ra_ < 8; ra_ = ra_ + 1)
            lz_d[3*(8*ca+ra_) +: 3] = zeros_below(s_ver_keep[8*ca +: 8], ra_);
        z_d[4*ca +: 4] = zeros8(s_ver_keep[8*ca +: 8]);
    end
end

// Stage B: the first network (lanes packed to the bottom of their chunk) and
// the dropped lanes before each chunk (Kogge-Stone, so log2(NC) adders deep)
reg [W-1:0]     n1_ok, n1_kp, n1_ok_n, n1_kp_n;
reg [3*W-1:0]   n1_sh, n1_sh_n;
reg [ZW*NC-1:0] ks;
reg [ZW-1:0]    ks_t;
reg [LW*NC-1:0] off_d;
integer sb, qb, cb, db;
always @* begin
    n1_ok = a_ok_q;
    n1_kp = a_keep_q;
    n1_sh = a_lz_q;
    for (sb = 0; sb < 3; sb = sb + 1) begin
        n1_ok_n = n1_ok;
        n1_sh_n = n1_sh;
        for (qb = 0; qb < W; qb = qb + 1) begin
            n1_kp_n[qb] = n1_kp[qb] & ~n1_sh[3*qb+sb];
            if (qb % 8 + (1 << sb) < 8) begin
                if (n1_kp[qb+(1<<sb)] && n1_sh[3*(qb+(1<<sb))+sb]) begin
                    n1_ok_n[qb] = n1_ok[qb+(1<<sb)];
                    n1_kp_n[qb] = 1'b1;
                    n1_sh_n[3*qb +: 3] = n1_sh[3*(qb+(1<<sb)) +: 3];
                end
            end
        end
        n1_ok = n1_ok_n;
        n1_kp = n1_kp_n;
        n1_sh = n1_sh_n;
    end
    for (cb = 0; cb < NC; cb = cb + 1) begin
        ks_t = {ZW{1'b0}};
        ks_t[3:0] = a_z_q[4*cb +: 4];
        ks[ZW*cb +: ZW] = ks_t;
    end
    for (db = 1; db < NC; db = db * 2)
        for (cb = NC - 1; cb >= db; cb = cb - 1)
            ks[ZW*cb +: ZW] = ks[ZW*cb +: ZW] + ks[ZW*(cb-db) +: ZW];
    off_d = {LW*NC{1'b0}};
    for (cb = 1; cb < NC; cb = cb + 1)
        off_d[LW*cb +: LW] = ks[ZW*(cb-1) +: LW];
end

reg [W-1:0]     b_ok_q;
reg [W-1:0]     b_kp_q;
reg [LW*NC-1:0] b_off_q;   // dropped lanes before each chunk
reg [ZW-1:0]    b_z_q;     // dropped lanes in the beat
reg             b_valid_q;

// Stage C: each chunk's shift, from lane W + 8c + r (where the second
// network starts verdict r of chunk c) to woff + its rank, woff being where the ring's write
// pointer will be within its W-bit chunk when the beat is written.
reg [LW-1:0]    woff_q;
reg [W-1:0]     c_ok_q;
reg [W-1:0]     c_kp_q;
reg [EW*NC-1:0] c_e_q;
reg [ZW-1:0]    c_m_q;
reg [LW-1:0]    c_woff_q;
reg             c_valid_q;

reg [EW*NC-1:0] e_d;
integer cc;
always @* begin
    for (cc = 0; cc < NC; cc = cc + 1)
        e_d[EW*cc +: EW] = {1'b0, b_off_q[LW*cc +: LW]} + W_E - {1'b0, woff_q};
end

// Stages D and E: the second network over 2W lanes, the beat starting in the top W
reg [2*W-1:0]     n2_ok, n2_kp, n2_ok_n, n2_kp_n;
reg [EW*2*W-1:0]  n2_e, n2_e_n;
reg [2*W-1:0]     d_ok_q;
reg [2*W-1:0]     d_kp_q;
reg [S2B*2*W-1:0] d_e_q;     // each lane's shift bits not yet taken
reg [W-1:0]       d_mask_q;  // lanes at or above woff
reg [ZW-1:0]      d_m_q;
reg               d_valid_q;

reg [2*W-1:0]     d_ok_d, d_kp_d;
reg [S2B*2*W-1:0] d_e_d;
integer sd, qd;
always @* begin
    n2_ok = {c_ok_q, {W{1'b0}}};
    n2_kp = {c_kp_q, {W{1'b0}}};
    n2_e = {(EW*2*W){1'b0}};
    for (qd = 0; qd < W; qd = qd + 1)
        n2_e[EW*(W+qd) +: EW] = c_e_q[EW*(qd/8) +: EW];
    for (sd = 0; sd < S2A; sd = sd + 1) begin
        n2_ok_n = n2_ok;
        n2_e_n = n2_e;
        for (qd = 0; qd < 2 * W; qd = qd + 1) begin
            n2_kp_n[qd] = n2_kp[qd] & ~n2_e[EW*qd+sd];
            if (qd + (1 << sd) < 2 * W) begin
                if (n2_kp[qd+(1<<sd)] && n2_e[EW*(qd+(1<<sd))+sd]) begin
                    n2_ok_n[qd] = n2_ok[qd+(1<<sd)];
                    n2_kp_n[qd] = 1'b1;
                    n2_e_n[EW*qd +: EW] = n2_e[EW*(qd+(1<<sd)) +: EW];
                end
            end
        end
        n2_ok = n2_ok_n;
        n2_kp = n2_kp_n;
        n2_e = n2_e_n;
    end
    d_ok_d = n2_ok;
    d_kp_d = n2_kp;
    for (qd = 0; qd < 2 * W; qd = qd + 1)
        d_e_d[S2B*qd +: S2B] = n2_e[EW*qd+S2A +: S2B];
end

reg [2*W-1:0]     n3_ok, n3_kp, n3_ok_n, n3_kp_n;
reg [S2B*2*W-1:0] n3_e, n3_e_n;
integer se, qe;
always @* begin
    n3_ok = d_ok_q;
    n3_kp = d_kp_q;
    n3_e = d_e_q;
    for (se = 0; se < S2B; se = se + 1) begin
        n3_ok_n = n3_ok;
        n3_e_n = n3_e;
        for (qe = 0; qe < 2 * W; qe = qe + 1) begin
            n3_kp_n[qe] = n3_kp[qe] & ~n3_e[S2B*qe+se];
            if (qe + (1 << (S2A + se)) < 2 * W) begin
                if (n3_kp[qe+(1<<(S2A+se))] && n3_e[S2B*(qe+(1<<(S2A+se)))+se]) begin
                    n3_ok_n[qe] = n3_ok[qe+(1<<(S2A+se))];
                    n3_kp_n[qe] = 1'b1;
                    n3_e_n[S2B*qe +: S2B] = n3_e[S2B*(qe+(1<<(S2A+se))) +: S2B];
                end
            end
        end
        n3_ok = n3_ok_n;
        n3_kp = n3_kp_n;
        n3_e = n3_e_n;
    end
end

// Stage E: the packed beat at lanes woff .. woff+m-1 of 2W
reg [2*W-1:0] e_win_q;
reg [W-1:0]   e_mask_q;
reg [ZW-1:0]  e_m_q;
reg           e_valid_q;

reg [W-1:0] mask_d;
integer qm;
always @* begin
    for (qm = 0; qm < W; qm = qm + 1)
        mask_d[qm] = qm[LW-1:0] >= c_woff_q;
end

// The ring. A beat's write covers the W bits from the write pointer, the
// lanes past its verdicts too (their contents do not matter): the room
// check keeps all W clear of unread bits, and a later beat overwrites them.
reg [B-1:0]  ring_q;
reg [LB-1:0] wr_ptr_q;
reg [LB-1:0] rd_ptr_q;
reg [LB-1:0] rd_next_q;  // rd_ptr_q + G: its chunk is the read's second, with no add
reg [AW-1:0] avail_q;   // verdicts in the ring, not yet taken by a group
reg [AW-1:0] cred_q;    // ring bits in use, as the room check counts them

wire [1:0] wc  = wr_ptr_q[LB-1:LW];
wire [1:0] wc1 = wc + 2'd1;

// ---------------------------------------------------------------------------
// Groups: a queue, its head at entry 0. Entry: {pfin, pold, slot, need,
// last, count, full}; slot is the group's place in its beat, pold says it
// sends the beat before (it fills slot 0 of a job's beat after the first),
// pfin that it sends its own (a last group with strings in its beat).

reg [QE*CAP-1:0] q_q;
reg [OW-1:0]     occ_q;
reg [4:0]        enq_slot_q;
reg              enq_started_q;
reg              closed_q;      // the job's last group is in

wire [CW-1:0] enq_need = pop_g(s_grp_full);
wire          enq_pold = enq_started_q && enq_slot_q == 5'd0;
wire          enq_pfin = s_grp_last && (enq_slot_q != 5'd0 || s_grp_count != {CW{1'b0}});
wire [QE-1:0] enq_entry = {enq_pfin, enq_pold, enq_slot_q, enq_need, s_grp_last,
                           s_grp_count, s_grp_full};

wire [G-1:0]  h_full  = q_q[0 +: G];
wire [CW-1:0] h_count = q_q[G +: CW];
wire          h_last  = q_q[G+CW];
wire [CW-1:0] h_need  = q_q[G+CW+1 +: CW];
wire [4:0]    h_slot  = q_q[G+2*CW+1 +: 5];
wire          h_pold  = q_q[G+2*CW+6];
wire          h_pfin  = q_q[G+2*CW+7];

reg  [1:0] beats_q;   // beats sent by groups fired, not yet taken at m_axis
wire [AW-1:0] h_need_a = {{(AW-CW){1'b0}}, h_need};
wire fire = occ_q != {OW{1'b0}} && avail_q >= h_need_a
            && (!(h_pold || h_pfin) || beats_q == 2'd0);

// The ring from the read pointer's G-bit chunk on (the ring is 16 such chunks)
wire [3:0]     ra   = rd_ptr_q[LB-1:LG];
wire [3:0]     ra1  = rd_next_q[LB-1:LG];
wire [2*G-1:0] win2 = {ring_q[G*ra1 +: G], ring_q[G*ra +: G]};

// P1
reg [2*G-1:0] p1_win_q;
reg [LG-1:0]  p1_b_q;
reg [G-1:0]   p1_full_q;
reg [CW-1:0]  p1_count_q;
reg           p1_last_q;
reg [CW-1:0]  p1_need_q;
reg [4:0]     p1_slot_q;
reg           p1_pold_q;
reg           p1_pfin_q;
reg           p1_valid_q;

// P2: the group's verdicts from bit 0, each string's rank, the final beat's keep
reg [G-1:0]    p2_sh_q;
reg [LG*G-1:0] p2_rank_q;
reg [G-1:0]    p2_full_q;
reg [CW-1:0]   p2_count_q;
reg            p2_last_q;
reg [4:0]      p2_slot_q;
reg            p2_pold_q;
reg            p2_pfin_q;
reg [W-1:0]    p2_keep_q;
reg            p2_valid_q;

reg [G-1:0]    sh_d;
reg [LG*G-1:0] rank_d;
reg [LG-1:0]   rank_t;
reg [5+LG:0]   nbits_d;    // strings in the final beat, 1..8W
reg [5+LG:0]   nbytes_d;
integer i2, j2;
always @* begin
    for (i2 = 0; i2 < G; i2 = i2 + 1) begin
        sh_d[i2] = p1_win_q[{1'b0, p1_b_q} + i2[LG:0]];
        rank_t = {LG{1'b0}};
        for (j2 = 0; j2 < i2; j2 = j2 + 1)
            rank_t = rank_t + {{(LG-1){1'b0}}, p1_full_q[j2]};
        rank_d[LG*i2 +: LG] = rank_t;
    end
    nbits_d = {1'b0, p1_slot_q, {LG{1'b0}}} + {{(6+LG-CW){1'b0}}, p1_count_q};
    nbytes_d = (nbits_d + {{(3+LG){1'b0}}, 3'd7}) >> 3;
end

// P3: the group's bits
reg [G-1:0]  p3_bits_q;
reg [G-1:0]  p3_zeros_q;   // the group's strings whose bit is 0
reg [CW-1:0] p3_count_q;
reg          p3_last_q;
reg [4:0]    p3_slot_q;
reg          p3_pold_q;
reg          p3_pfin_q;
reg [W-1:0]  p3_keep_q;
reg          p3_valid_q;

reg [G-1:0] bits_d;
reg [G-1:0] zeros_d;
integer i3;
always @* begin
    for (i3 = 0; i3 < G; i3 = i3 + 1) begin
        if (i3[CW-1:0] >= p2_count_q)
            bits_d[i3] = 1'b0;
        else if (!p2_full_q[i3])
            bits_d[i3] = 1'b1;
        else
            bits_d[i3] = p2_sh_q[p2_rank_q[LG*i3 +: LG]];
        zeros_d[i3] = !bits_d[i3] && i3[CW-1:0] < p2_count_q;
    end
end

// The beat being assembled (32 slots of G bits) and the output register
reg [8*W-1:0] bm_q;
reg           bm_done_q;   // bm_q is the job's complete last beat
reg [W-1:0]   bm_keep_q;
reg [8*W-1:0] out_q;
reg [W-1:0]   out_keep_q;
reg           out_last_q;
reg           out_valid_q;

wire m_take = out_valid_q && m_axis_tready;

// P4: the group's ill-formed strings
reg [CW-1:0] p4_nbad_q;
reg          p4_has_q;
reg [LG-1:0] p4_zidx_q;
reg [CW-1:0] p4_count_q;
reg          p4_last_q;
reg          p4_valid_q;

reg [LG-1:0] zidx_d;
integer i4;
always @* begin
    zidx_d = {LG{1'b0}};
    for (i4 = G - 1; i4 >= 0; i4 = i4 - 1)
        if (p3_zeros_q[i4]) zidx_d = i4[LG-1:0];
end

reg [63-LG:0] gidx_q;   // groups counted
reg           ended_q;  // the last group is counted
reg           finished_q;

wire done_set = ended_q && beats_q == 2'd0 && !finished_q;

// Next readies: a flop each, from registers and this clock's take.
wire [AW-1:0] cred_x = cred_q - (b_valid_q ? {{(AW-ZW){1'b0}}, b_z_q} : {AW{1'b0}})
                              - (p1_valid_q ? {{(AW-CW){1'b0}}, p1_need_q} : {AW{1'b0}});
wire [AW-1:0] cred_d = cred_x + (ver_take ? W_A : {AW{1'b0}});
// cred_d <= ROOM, with the take's W moved to the other side so that the add
// is off the ready's path (no wrap: cred_x is at most B)
wire          room_keep = cred_x <= ROOM;
wire          room_take = cred_x <= ROOM - W_A;
wire          closed_d = closed_q || (grp_take && s_grp_last);
localparam [OW-1:0] CAP_O = CAP;
wire          grp_room = grp_take ? occ_q < CAP_O - 1'b1 : occ_q < CAP_O;

assign s_ver_ready   = ver_ready_q;
assign s_grp_ready   = grp_ready_q;
assign m_axis_tdata  = out_q;
assign m_axis_tkeep  = out_keep_q;
assign m_axis_tvalid = out_valid_q;
assign m_axis_tlast  = out_last_q;

integer k;
wire [AW-1:0] avail_in = avail_q + (e_valid_q ? {{(AW-ZW){1'b0}}, e_m_q} : {AW{1'b0}});

always @(posedge clk) begin
    // Verdicts, stage by stage; data registers load every clock.
    a_valid_q <= ver_take;
    a_keep_q  <= s_ver_keep;
    a_ok_q    <= s_ver_ok;
    a_lz_q    <= lz_d;
    a_z_q     <= z_d;

    b_valid_q <= a_valid_q;
    b_ok_q    <= n1_ok;
    b_kp_q    <= n1_kp;
    b_off_q   <= off_d;
    b_z_q     <= ks[ZW*(NC-1) +: ZW];

    c_valid_q <= b_valid_q;
    c_ok_q    <= b_ok_q;
    c_kp_q    <= b_kp_q;
    c_e_q     <= e_d;
    c_m_q     <= W_Z - b_z_q;
    c_woff_q  <= woff_q;
    if (b_valid_q)
        woff_q <= woff_q - b_z_q[LW-1:0];

    d_valid_q <= c_valid_q;
    d_ok_q    <= d_ok_d;
    d_kp_q    <= d_kp_d;
    d_e_q     <= d_e_d;
    d_mask_q  <= mask_d;
    d_m_q     <= c_m_q;

    e_valid_q <= d_valid_q;
    e_win_q   <= n3_ok;
    e_mask_q  <= d_mask_q;
    e_m_q     <= d_m_q;

    if (e_valid_q) begin
        for (k = 0; k < B; k = k + 1) begin
            if (k[LB-1:LW] == wc && e_mask_q[k % W])
                ring_q[k] <= e_win_q[k % W];
            else if (k[LB-1:LW] == wc1 && !e_mask_q[k % W])
                ring_q[k] <= e_win_q[W + k % W];
        end
        wr_ptr_q <= wr_ptr_q + {{(LB-ZW){1'b0}}, e_m_q};
    end

    // Groups
    if (fire) begin
        for (k = 0; k < CAP - 1; k = k + 1)
            q_q[QE*k +: QE] <= q_q[QE*(k+1) +: QE];
    end
    for (k = 0; k < CAP; k = k + 1)
        if (grp_take && (fire ? occ_q == k[OW-1:0] + 1'b1 : occ_q == k[OW-1:0]))
            q_q[QE*k +: QE] <= enq_entry;
    occ_q <= occ_q + {{(OW-1){1'b0}}, grp_take} - {{(OW-1){1'b0}}, fire};
    if (grp_take) begin
        enq_slot_q    <= enq_slot_q + 5'd1;
        enq_started_q <= 1'b1;
    end
    closed_q <= closed_d;

    avail_q <= fire ? avail_in - h_need_a : avail_in;
    if (fire) begin
        rd_ptr_q  <= rd_ptr_q + {{(LB-CW){1'b0}}, h_need};
        rd_next_q <= rd_next_q + {{(LB-CW){1'b0}}, h_need};
    end
    cred_q <= cred_d;
    beats_q <= beats_q + (fire ? {1'b0, h_pold} + {1'b0, h_pfin} : 2'd0)
                       - {1'b0, m_take};

    p1_valid_q <= fire;
    p1_win_q   <= win2;
    p1_b_q     <= rd_ptr_q[LG-1:0];
    p1_full_q  <= h_full;
    p1_count_q <= h_count;
    p1_last_q  <= h_last;
    p1_need_q  <= h_need;
    p1_slot_q  <= h_slot;
    p1_pold_q  <= h_pold;
    p1_pfin_q  <= h_pfin;

    p2_valid_q <= p1_valid_q;
    p2_sh_q    <= sh_d;
    p2_rank_q  <= rank_d;
    p2_full_q  <= p1_full_q;
    p2_count_q <= p1_count_q;
    p2_last_q  <= p1_last_q;
    p2_slot_q  <= p1_slot_q;
    p2_pold_q  <= p1_pold_q;
    p2_pfin_q  <= p1_pfin_q;
    p2_keep_q  <= ~({W{1'b1}} << nbytes_d);

    p3_valid_q <= p2_valid_q;
    p3_bits_q  <= bits_d;
    p3_zeros_q <= zeros_d;
    p3_count_q <= p2_count_q;
    p3_last_q  <= p2_last_q;
    p3_slot_q  <= p2_slot_q;
    p3_pold_q  <= p2_pold_q;
    p3_pfin_q  <= p2_pfin_q;
    p3_keep_q  <= p2_keep_q;

    // The beat. A group that sends one fired only with no beat outstanding,
    // so the output register is free for it; the second beat of a last
    // group that sends two waits in bm_q.
    if (m_take)
        out_valid_q <= 1'b0;
    if (p3_valid_q) begin
        for (k = 0; k < 32; k = k + 1) begin
            if (p3_slot_q == k[4:0])
                bm_q[G*k +: G] <= p3_bits_q;
            else if (p3_slot_q == 5'd0)
                bm_q[G*k +: G] <= {G{1'b0}};
        end
        if (p3_pold_q) begin
            out_q       <= bm_q;
            out_keep_q  <= {W{1'b1}};
            out_last_q  <= p3_last_q && !p3_pfin_q;
            out_valid_q <= 1'b1;
        end
        if (p3_pfin_q) begin
            bm_done_q <= 1'b1;
            bm_keep_q <= p3_keep_q;
        end
    end
    if (bm_done_q && (!out_valid_q || m_axis_tready)) begin
        out_q       <= bm_q;
        out_keep_q  <= bm_keep_q;
        out_last_q  <= 1'b1;
        out_valid_q <= 1'b1;
        bm_done_q   <= 1'b0;
    end

    // Counts
    p4_valid_q <= p3_valid_q;
    p4_count_q <= p3_count_q;
    p4_last_q  <= p3_last_q;
    p4_nbad_q  <= pop_g(p3_zeros_q);
    p4_has_q   <= |p3_zeros_q;
    p4_zidx_q  <= zidx_d;

    if (p4_valid_q) begin
        strings     <= strings + {{(64-CW){1'b0}}, p4_count_q};
        bad_strings <= bad_strings + {{(64-CW){1'b0}}, p4_nbad_q};
        if (p4_has_q && !first_bad_found) begin
            first_bad_found <= 1'b1;
            // every group before the last has G strings
            first_bad       <= {gidx_q, p4_zidx_q};
        end
        gidx_q <= gidx_q + 1'b1;
        if (p4_last_q)
            ended_q <= 1'b1;
    end

    done <= done_set;
    if (done_set)
        finished_q <= 1'b1;

    ver_ready_q <= !(finished_q || done_set) && (ver_take ? room_take : room_keep);
    grp_ready_q <= !closed_d && grp_room;

    if (rst) begin
        a_valid_q       <= 1'b0;
        b_valid_q       <= 1'b0;
        c_valid_q       <= 1'b0;
        d_valid_q       <= 1'b0;
        e_valid_q       <= 1'b0;
        woff_q          <= {LW{1'b0}};
        wr_ptr_q        <= {LB{1'b0}};
        rd_ptr_q        <= {LB{1'b0}};
        rd_next_q       <= G_L;
        avail_q         <= {AW{1'b0}};
        cred_q          <= {AW{1'b0}};
        occ_q           <= {OW{1'b0}};
        enq_slot_q      <= 5'd0;
        enq_started_q   <= 1'b0;
        closed_q        <= 1'b0;
        beats_q         <= 2'd0;
        p1_valid_q      <= 1'b0;
        p2_valid_q      <= 1'b0;
        p3_valid_q      <= 1'b0;
        p4_valid_q      <= 1'b0;
        bm_done_q       <= 1'b0;
        out_valid_q     <= 1'b0;
        strings         <= 64'd0;
        bad_strings     <= 64'd0;
        first_bad_found <= 1'b0;
        first_bad       <= 64'd0;
        gidx_q          <= {(64-LG){1'b0}};
        ended_q         <= 1'b0;
        finished_q      <= 1'b0;
        done            <= 1'b0;
        ver_ready_q     <= 1'b0;
        grp_ready_q     <= 1'b0;
    end
end

endmodule

`resetall
`default_nettype wire
