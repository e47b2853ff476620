// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Repacking ring: the port contract of utf8_repack (beats of 0..IN items
 * packed from item 0 in, beats of OUT items out, full except a packet's
 * last, a packet's items never sharing a beat with the next packet's) built
 * so that no decision needs a wide shift after a count that changes every
 * clock. The wide decoder's narrow build (OUT_UNITS below LANES) uses it.
 *
 * The items go into a ring of ROWS rows of OUT items; an output beat is one
 * row. A beat is written at the write position {row, column}: its items are
 * shifted up by the column (a shift by a register), then each ring row takes
 * the shifted beat's row that falls on it (a choice among K, decided from
 * the row register a clock before). A packet's last beat rounds the position
 * up to the next row, so every packet starts a row of its own. A row is read
 * once it is complete: every item written, or the packet's last. The input
 * waits while the rows it could write are not all read (from registers: the
 * rows between the read and write rows, and the rows this beat needs).
 *
 * Latency: one clock to the input slice (a register slice that also holds
 * what the count decodes to; s_ready is its flop), one to the input
 * register, one to the shift stage, one to the ring, one to the output
 * register once the row is complete. A beat of u items takes u/OUT clocks
 * of output on average, at least one clock of input.
 *
 * A packet may end with an empty beat (count 0, s_last): when the packet's
 * items filled whole rows, its output ends with an empty row (m_keep all
 * zero, m_last); otherwise the row holding its last items carries m_last.
 */
module utf8_repack_ring #(
    // bits per item
    parameter ITEM = 38,
    // items per input beat, at most
    parameter IN = 16,
    // items per output beat
    parameter OUT = 4
) (
    input  wire                    clk,
    input  wire                    rst,

    // Input: s_count items from item 0 of s_data
    input  wire [ITEM*IN-1:0]      s_data,
    input  wire [$clog2(IN+1)-1:0] s_count,
    input  wire                    s_valid,
    output wire                    s_ready,
    input  wire                    s_last,

    // Output: items from item 0, m_keep contiguous from item 0
    output wire [ITEM*OUT-1:0]     m_data,
    output wire [OUT-1:0]          m_keep,
    output wire                    m_valid,
    input  wire                    m_ready,
    output wire                    m_last
);

// Rows a beat can touch: its IN items behind up to OUT - 1 already in the row.
localparam K = (IN + 2 * OUT - 2) / OUT;
// Rows: a power of two (the row pointers wrap by themselves) with room for a
// beat's K rows and three more, so that the rows between a take and their
// read (the shift stage, the ring, the output register) do not hold back
// the next beat (ClocksWithinOutUnitsBound in the wide decoder's tests).
localparam RB = $clog2(K + 3);
localparam ROWS = 1 << RB;
localparam V = K * OUT;                        // items of a shifted beat
localparam IW = $clog2(IN + 1);
localparam CB = (OUT > 1) ? $clog2(OUT) : 1;   // the column

generate
    if (ITEM < 1 || IN < 1 || OUT < 1) begin : g_check
        error_ITEM_IN_and_OUT_must_be_at_least_1 stop ();
    end
endgenerate

// Input register: one beat, its items' mask (item i below the count), and
// what the count comes to in rows (below).
reg               in_valid_q;
reg [ITEM*IN-1:0] in_data_q;
reg               in_last_q;

// Write position: the row (a pointer with a wrap bit) and the column.
reg [RB:0]        wrow_q;
reg [CB-1:0]      wcol_q;
// Rows complete (the reader's limit) and the row to read next.
reg [RB:0]        drow_q;
reg [RB:0]        rrow_q;

// Every value below is a table of the input's count (one-hot, s_hit; the
// count's own values are worked out at the input and carried by the input
// slice, those of the count and the column after it), the column and
// s_last, written as an AND-OR of constants worked out here, so
// that synthesis makes it LUTs. Written with + and <, the sums and
// compares became carry chains (CCU2C) whose routes in and out (2 ns
// each) were the longest paths at LANES 16, OUT_UNITS 4 (103.8 MHz).
wire [IN:0] s_hit;   // s_count == n
wire [IN-1:0] s_gt;  // s_count > n
wire [(RB+1)*(IN+1)-1:0] lim_e, lim1_e;
genvar n, cc, rr;
generate
    for (n = 0; n <= IN; n = n + 1) begin : g_hit
        localparam [IW-1:0] N_AT = n;
        // the room rule's limit for n items (below), and that plus one
        localparam [31:0] LIM = ROWS - n / OUT - ((n % OUT == 0) ? 1 : 2);
        localparam [31:0] LIM1 = LIM + 1;
        assign s_hit[n] = s_count == N_AT;
        assign lim_e[(RB+1)*n +: RB+1]  = {(RB+1){s_hit[n]}} & LIM[RB:0];
        assign lim1_e[(RB+1)*n +: RB+1] = {(RB+1){s_hit[n]}} & LIM1[RB:0];
    end
    for (n = 0; n < IN; n = n + 1) begin : g_gt
        assign s_gt[n] = |s_hit[IN:n+1];
    end
endgenerate

// The room rule's limit: ROWS less the most rows a beat of the count may
// need at any column (count = q * OUT + r: q + 1 when r is 0, else q + 2),
// and that plus one (the limit when a row leaves in the same clock).
reg [RB:0] in_lim_q, in_lim1_q;
reg [RB:0] s_lim, s_lim1;
integer ln;
always @* begin
    s_lim  = {(RB+1){1'b0}};
    s_lim1 = {(RB+1){1'b0}};
    for (ln = 0; ln <= IN; ln = ln + 1) begin
        s_lim  = s_lim  | lim_e[(RB+1)*ln +: RB+1];
        s_lim1 = s_lim1 | lim1_e[(RB+1)*ln +: RB+1];
    end
end

// Where the input register's beat lands, also worked out as it loads: the
// column it starts at does not change between its load and its take (only
// a take moves the column, and the beat in the register is the next to
// go). That column is the one after this clock's take when the register's
// beat goes now, else the present one; both are worked out (t = 1, 0
// below) and the take chooses, so that the take is the last gate in front
// of these registers.
// For a column c and the count (c + count = {full, rem} in rows):
// - adv: rows the write row moves on at the take (full; the rows it writes
//   when it is a packet's last: a partial last row included, and an empty
//   last beat with nothing in its row still ends a row);
// - lrow: a last beat's rows, less one (its last row from the write row);
// - col: the column after it (0 after a packet's last);
// - smask: its items' places in the shifted beat (c up to c + count).
reg [RB:0]   in_adv_q;
reg [RB-1:0] in_lrow_q;
reg [CB-1:0] in_col_q;
reg [V-1:0]  in_smask_q;
// The count's whole rows q (count = q * OUT + r) and r, one-hot; then q,
// q - 1, q + 1 and q + 2, tables of q alone. A beat's rows are one of
// these, chosen by the carry of the column plus r: each value is a choice
// of a few flags, not a table of the column and the count together (that
// table, synthesised whole, was seven LUT levels: 134.3 MHz). When OUT is
// a power of two, q and r are the count's bits, and their one-hots decode
// them directly (from the count's one-hot, ABC kept five LUT levels in
// front of the rows register: 136.4 MHz).
localparam NQ = IN / OUT + 1;   // values of q
localparam POW2 = OUT > 1 && (OUT & (OUT - 1)) == 0 && IN >= OUT;
wire [NQ-1:0]  q_hot;
wire [OUT-1:0] s_r_hot;
wire [(RB+1)*NQ-1:0] q_e, q1_e, q2_e;
wire [RB*NQ-1:0]     qm1_e;
genvar qq;
generate
    for (qq = 0; qq < NQ; qq = qq + 1) begin : g_q
        localparam [31:0] Q = qq;
        localparam [31:0] Q1 = Q + 1;
        localparam [31:0] Q2 = Q + 2;
        localparam [31:0] QM1 = Q + ROWS - 1;   // q - 1 modulo ROWS
        if (POW2) begin : g_bits
            assign q_hot[qq] = s_count[IW-1:CB] == Q[IW-1-CB:0];
        end else begin : g_table
            assign q_hot[qq] = |s_hit[(OUT * qq + OUT - 1 < IN ? OUT * qq + OUT - 1 : IN):OUT * qq];
        end
        assign q_e[(RB+1)*qq +: RB+1]  = {(RB+1){q_hot[qq]}} & Q[RB:0];
        assign q1_e[(RB+1)*qq +: RB+1] = {(RB+1){q_hot[qq]}} & Q1[RB:0];
        assign q2_e[(RB+1)*qq +: RB+1] = {(RB+1){q_hot[qq]}} & Q2[RB:0];
        assign qm1_e[RB*qq +: RB]      = {RB{q_hot[qq]}} & QM1[RB-1:0];
    end
    for (rr = 0; rr < OUT; rr = rr + 1) begin : g_rh
        localparam [31:0] R = rr;
        if (POW2) begin : g_bits
            assign s_r_hot[rr] = s_count[CB-1:0] == R[CB-1:0];
        end else begin : g_table
            wire [IN:0] at_r;
            for (n = 0; n <= IN; n = n + 1) begin : g_n
                assign at_r[n] = (n % OUT == rr) && s_hit[n];
            end
            assign s_r_hot[rr] = |at_r;
        end
    end
endgenerate
reg [RB:0]    s_q0, s_q1, s_q2;
reg [RB-1:0]  s_qm1;
integer qn;
always @* begin
    s_q0  = {(RB+1){1'b0}};
    s_q1  = {(RB+1){1'b0}};
    s_q2  = {(RB+1){1'b0}};
    s_qm1 = {RB{1'b0}};
    for (qn = 0; qn < NQ; qn = qn + 1) begin
        s_q0  = s_q0  | q_e[(RB+1)*qn +: RB+1];
        s_q1  = s_q1  | q1_e[(RB+1)*qn +: RB+1];
        s_q2  = s_q2  | q2_e[(RB+1)*qn +: RB+1];
        s_qm1 = s_qm1 | qm1_e[RB*qn +: RB];
    end
end

// Input slice (utf8_axis_skid): the beat, its last flag and what its count
// decodes to (above), so that the room rule and the beat's candidates below
// start at flops. From the count itself, through those tables into the room
// rule's compares and the room flag, was the longest path at LANES 16,
// OUT_UNITS 4 (seed 2: the wide decoder's slice, then five levels). FREE_LOAD:
// the slice's data flops are enabled by its own flops and the ring's ready,
// not by s_valid (the ring reads data only with a valid beat). s_ready is
// the slice's, a flop.
localparam DW = 1 + IN + OUT + 5 * (RB + 1) + RB;   // the decoded count
localparam SW = ITEM * IN + 1 + DW;
wire [SW-1:0] f_beat;
wire          f_valid, f_ready;
utf8_axis_skid #(
    .WIDTH(SW),
    .FREE_LOAD(1)
) slice_inst (
    .clk(clk),
    .rst(rst),
    .s_axis_tdata({s_data, s_last, s_hit[0], s_gt, s_r_hot, s_q0, s_q1, s_q2, s_qm1, s_lim, s_lim1}),
    .s_axis_tvalid(s_valid),
    .s_axis_tready(s_ready),
    .m_axis_tdata(f_beat),
    .m_axis_tvalid(f_valid),
    .m_axis_tready(f_ready)
);
wire [ITEM*IN-1:0] f_data;
wire               f_last, f_hit0;
wire [IN-1:0]      f_gt;
wire [OUT-1:0]     f_r_hot;
wire [RB:0]        f_q0, f_q1, f_q2;
wire [RB-1:0]      f_qm1;
wire [RB:0]        f_lim, f_lim1;
assign {f_data, f_last, f_hit0, f_gt, f_r_hot, f_q0, f_q1, f_q2, f_qm1, f_lim, f_lim1} = f_beat;

genvar t, v;
generate
    for (t = 0; t < 2; t = t + 1) begin : g_at
        wire [CB-1:0]  c = (t == 1) ? in_col_q : wcol_q;
        wire [OUT-1:0] c_hot;
        // c + r: its carry out of the row, whether its rest is not 0, the rest
        wire [OUT*OUT-1:0]    cy_e, nz_e;
        wire [CB*OUT*OUT-1:0] rem_e;
        for (cc = 0; cc < OUT; cc = cc + 1) begin : g_c
            localparam [CB-1:0] C_AT = cc;
            assign c_hot[cc] = c == C_AT;
            for (rr = 0; rr < OUT; rr = rr + 1) begin : g_r
                localparam [31:0] REM = (cc + rr) % OUT;
                localparam E = OUT * cc + rr;
                wire hit = c_hot[cc] && f_r_hot[rr];
                assign cy_e[E]           = hit && cc + rr >= OUT;
                assign nz_e[E]           = hit && REM != 0;
                assign rem_e[CB*E +: CB] = {CB{hit}} & REM[CB-1:0];
            end
        end
        wire          carry = |cy_e;
        // a last beat's partial row, or an empty last beat with nothing in
        // its row, ends a row
        wire          part  = |nz_e || (c_hot[0] && f_hit0);
        reg  [CB-1:0] rem;
        integer e;
        always @* begin
            rem = {CB{1'b0}};
            for (e = 0; e < OUT * OUT; e = e + 1) rem = rem | rem_e[CB*e +: CB];
        end
        wire [RB:0]   adv  = (f_last && carry && part) ? f_q2
                           : (carry || (f_last && part)) ? f_q1 : f_q0;
        wire [RB-1:0] lrow = (carry && part) ? f_q1[RB-1:0]
                           : (carry || part) ? f_q0[RB-1:0] : f_qm1;
        wire [CB-1:0] col  = f_last ? {CB{1'b0}} : rem;
        // the count's mask (f_gt) shifted up by the column
        wire [V-1:0] smask;
        for (v = 0; v < V; v = v + 1) begin : g_v
            wire [OUT-1:0] term;
            for (cc = 0; cc < OUT; cc = cc + 1) begin : g_c
                if (cc <= v && v - cc < IN) begin : g_in
                    assign term[cc] = c_hot[cc] && f_gt[v - cc];
                end else begin : g_out
                    assign term[cc] = 1'b0;
                end
            end
            assign smask[v] = |term;
        end
    end
endgenerate

// Room: the rows written and not read (occ_q = wrow_q - rrow_q, kept as a
// register of its own) leave room for the most the beat may need. The
// comparison is made a clock ahead, on the next occupancy and limit (below),
// so that the take, which enables the whole beat's loads in front (the wide
// decoder's register slice), is one gate after two flops.
reg  [RB:0]   occ_q;
reg           room_q;   // occ_q <= in_lim_q
wire          take = in_valid_q && room_q;
assign f_ready = !in_valid_q || take;
// The output register takes the read row when it is complete and the
// register is empty or its beat leaves (the row then leaves the ring).
// "Complete" (rrow_q != drow_q) is a register worked out a clock ahead, and
// it and the output register's valid are kept as one copy per item and one
// for the row's last flag and the pointers (utf8_lane_copy, so synthesis
// neither merges them nor puts rst in a LUT before them): each copy's pop is
// one LUT of two flops and m_ready, and enables only its own item's output
// flops, read-row copy and valid flags. One pop from the pointers' compare
// to every item was the longest path (LANES 16, OUT 4: 7.8 ns, 6.3 of it
// routing).
localparam NC = OUT + 1;
wire [NC-1:0] avail_c;   // the read row is complete
wire [NC-1:0] ov_c;      // the output register holds a beat
wire [NC-1:0] pop_c;
wire          pop = pop_c[OUT];
wire [RB:0]   drow_next = drow_q + sh_done_q;
// whether the read row is complete next clock, with and without a pop
// now: worked out from registers, each copy's pop choosing last (the pop,
// from m_ready, into the pointers' sum and compare was the longest path:
// 109.8 MHz at seed 2)
wire          avail_n0  = drow_next != rrow_q;
wire          avail_n1  = drow_next != rrow_q + 1'b1;
genvar cp;
generate
    for (cp = 0; cp < NC; cp = cp + 1) begin : g_pop
        assign pop_c[cp] = avail_c[cp] && (!ov_c[cp] || m_ready);
        utf8_lane_copy avail_inst (
            .clk(clk),
            .rst(rst),
            .d(pop_c[cp] ? avail_n1 : avail_n0),
            .q(avail_c[cp])
        );
        utf8_lane_copy ov_inst (
            .clk(clk),
            .rst(rst),
            .d(pop_c[cp] || (ov_c[cp] && !m_ready)),
            .q(ov_c[cp])
        );
    end
endgenerate

// x + y and x <= y, bit by bit in logic
function [RB:0] add_bits;
    input [RB:0] x, y;
    integer ab;
    reg cy;
    begin
        cy = 1'b0;
        for (ab = 0; ab <= RB; ab = ab + 1) begin
            add_bits[ab] = x[ab] ^ y[ab] ^ cy;
            cy = (x[ab] & y[ab]) | (cy & (x[ab] ^ y[ab]));
        end
    end
endfunction
function le_bits;
    input [RB:0] x, y;
    integer lb;
    reg gt;
    begin
        gt = 1'b0;
        for (lb = 0; lb <= RB; lb = lb + 1) begin
            gt = (x[lb] & ~y[lb]) | (~(x[lb] ^ y[lb]) & gt);
        end
        le_bits = ~gt;
    end
endfunction

// The room rule for the next clock, from copies of the input register's
// valid and room flags that drive nothing else (the flags themselves reach
// every load enable of the beat in front): the next occupancy is occ_q, plus
// the beat's rows if it goes, less a row if the output register takes one;
// the limit is the next beat's (the slice's) when the register loads, else
// the held one. Each case is compared on its own and the take and the pop
// choose last.
wire          room_l, inv_l;   // copies of room_q and in_valid_q
wire          take_l   = inv_l && room_l;
// All in RB + 1 bits: occ_q is at most ROWS and a beat's rows at most K,
// below ROWS, so no sum or limit here reaches 2 * ROWS (in 32 bits, the
// compares became 32-bit carry chains: 12.4 ns).
// The sum and the compares are written as logic (add_bits, le_bits) for
// the same reason as the tables above.
wire [RB:0]   oadv     = add_bits(occ_q, in_adv_q);
wire          room_t   = pop ? le_bits(oadv, f_lim1)  : le_bits(oadv, f_lim);
wire          room_h   = pop ? le_bits(occ_q, in_lim1_q) : le_bits(occ_q, in_lim_q);
wire          room_i   = pop ? le_bits(occ_q, f_lim1) : le_bits(occ_q, f_lim);
wire          room_next = take_l ? room_t : inv_l ? room_h : room_i;
wire [RB:0]   occ_next = occ_q + (take ? in_adv_q : {(RB+1){1'b0}}) - {{RB{1'b0}}, pop};
utf8_lane_copy #(.RESET_VALUE(1'b1)) room_l_inst (
    .clk(clk),
    .rst(rst),
    .d(room_next),
    .q(room_l)
);
utf8_lane_copy inv_l_inst (
    .clk(clk),
    .rst(rst),
    .d(f_valid || (inv_l && !take_l)),
    .q(inv_l)
);

// Shift stage: the beat's items shifted up by the column; per ring item
// which of the beat's K rows it takes (one-hot, none when no take or when
// that row's item is not one of the beat's) and whether it is written; per
// ring row whether it is the packet's last row. The choice and the write
// enable are per item, registered here, so that each drives only its own
// item's flops: one flag per ring row through the mask to every item's
// enable was the longest path at LANES 16, OUT_UNITS 4 (4.6 ns of route).
reg [ITEM*V-1:0]    sh_data_q;
reg [K*OUT*ROWS-1:0] sh_sel_q;   // item j of row r takes the beat's row k: [K*(OUT*r + j) + k]
reg [OUT*ROWS-1:0]  sh_wen_q;    // item j of row r is written: [OUT*r + j]
reg [ROWS-1:0]      sh_last_q;
reg [RB:0]        sh_done_q;     // rows the beat completes

// Copies of the input register's valid and room flags, a pair per ring
// row, for the shift stage's choices and write enables (and the write
// column's copies below): each take copy reaches one row's flops. The one
// take to every row's choice was the longest path at LANES 16, OUT_UNITS 4
// (7.2 ns, 5.7 of it routing). Each copy follows the same events as
// in_valid_q and room_q, from its own pair.
wire [ROWS-1:0] inv_r, room_r;
wire [ROWS-1:0] take_r = inv_r & room_r;
genvar b, r, k, j;
generate
    for (r = 0; r < ROWS; r = r + 1) begin : g_tcopy
        utf8_lane_copy inv_inst (
            .clk(clk),
            .rst(rst),
            .d(f_valid || (inv_r[r] && !take_r[r])),
            .q(inv_r[r])
        );
        utf8_lane_copy #(.RESET_VALUE(1'b1)) room_inst (
            .clk(clk),
            .rst(rst),
            .d(room_next),
            .q(room_r[r])
        );
    end
endgenerate

// The write column, a copy per item of the shifted beat for the data
// shift's muxes (one column register to some 600 muxes was the longest
// path at LANES 16, OUT_UNITS 4, seed 3: 4.5 ns of route). Each copy loads
// the input register's column at a take (a take copy of its own row).
wire [CB*V-1:0] wcol_v;
genvar cb;
generate
    for (v = 0; v < V; v = v + 1) begin : g_wcol
        for (cb = 0; cb < CB; cb = cb + 1) begin : g_bit
            utf8_lane_copy col_inst (
                .clk(clk),
                .rst(rst),
                .d(take_r[v % ROWS] ? in_col_q[cb] : wcol_v[CB*v + cb]),
                .q(wcol_v[CB*v + cb])
            );
        end
    end
endgenerate

wire [ITEM*V-1:0] in_data_v = {{(ITEM*(V-IN)){1'b0}}, in_data_q};
wire [ITEM*V-1:0] shifted;
generate
    // one 2:1 level of whole items per bit of the column (item v's mux
    // selected by its own copy of the column)
    for (b = 0; b <= CB; b = b + 1) begin : g_shift
        wire [ITEM*V-1:0] d;
        if (b == 0) begin : g_in
            assign d = in_data_v;
        end else if ((1 << (b - 1)) >= V) begin : g_none
            assign d = g_shift[b-1].d;
        end else begin : g_level
            localparam SH = 1 << (b - 1);
            wire [ITEM*V-1:0] up = {g_shift[b-1].d[ITEM*V-1-ITEM*SH:0], {(ITEM*SH){1'b0}}};
            for (v = 0; v < V; v = v + 1) begin : g_v
                assign d[ITEM*v +: ITEM] = wcol_v[CB*v + b - 1] ? up[ITEM*v +: ITEM]
                                                               : g_shift[b-1].d[ITEM*v +: ITEM];
            end
        end
    end
    assign shifted = g_shift[CB].d;
endgenerate

wire [RB-1:0] last_row = wrow_q[RB-1:0] + in_lrow_q;

// The write row, one-hot (kept beside wrow_q, which the room rule and the
// last row's sum read), so that a ring item's choice is one LUT of its
// row's take copy, a bit of this and a bit of the beat's mask.
localparam [ROWS-1:0] ROW0 = 1;
reg  [ROWS-1:0] whot_q;
wire [RB:0]     wrow_sum = add_bits(wrow_q, in_adv_q);

// Ring row r takes the beat's row k (one of them at most: K < ROWS)
wire [K*ROWS-1:0] row_hot;
generate
    for (r = 0; r < ROWS; r = r + 1) begin : g_hot
        for (k = 0; k < K; k = k + 1) begin : g_k
            // (the write row is r - k: a bit of the one-hot, no sum)
            localparam W_AT = (r + ROWS - k) % ROWS;
            assign row_hot[K*r + k] = take_r[r] && whot_q[W_AT];
        end
    end
endgenerate

integer hr, hk, hj;
always @(posedge clk) begin
    sh_data_q <= shifted;
    for (hr = 0; hr < ROWS; hr = hr + 1) begin
        for (hj = 0; hj < OUT; hj = hj + 1) begin
            sh_wen_q[OUT*hr + hj] <= 1'b0;
            for (hk = 0; hk < K; hk = hk + 1) begin
                sh_sel_q[K*(OUT*hr + hj) + hk] <= row_hot[K*hr + hk] && in_smask_q[OUT*hk + hj];
                if (row_hot[K*hr + hk] && in_smask_q[OUT*hk + hj]) begin
                    sh_wen_q[OUT*hr + hj] <= 1'b1;
                end
            end
        end
        sh_last_q[hr] <= take_r[hr] && in_last_q && last_row == hr[RB-1:0];
    end
    sh_done_q <= take ? in_adv_q : {(RB+1){1'b0}};
    if (rst) begin
        sh_sel_q  <= {(K*OUT*ROWS){1'b0}};
        sh_wen_q  <= {(OUT*ROWS){1'b0}};
        sh_last_q <= {ROWS{1'b0}};
        sh_done_q <= {(RB+1){1'b0}};
    end
end

// The read row, one-hot: item j's copy at [ROWS*j +: ROWS], the last
// flag's at OUT (described at the output register below).
(* keep *) reg [ROWS*(OUT+1)-1:0] rsel_q;

// Ring: ROWS rows of OUT items (row r at [ITEM*OUT*r +: ITEM*OUT]), a valid
// flag per item and a last flag per row.
localparam RW = ITEM * OUT;
reg [RW*ROWS-1:0]  ring_q;
reg [OUT*ROWS-1:0] vld_q;
reg [ROWS-1:0]     rlast_q;

// Each ring item's write: the item of the beat's row it takes, if that
// item is one of the beat's (an AND-OR over the K rows: one of them chosen).
wire [OUT*ROWS-1:0]  wen = sh_wen_q;
wire [RW*ROWS-1:0]   wdata;
generate
    for (r = 0; r < ROWS; r = r + 1) begin : g_row
        for (j = 0; j < OUT; j = j + 1) begin : g_item
            wire [ITEM*K-1:0] cand;
            for (k = 0; k < K; k = k + 1) begin : g_cand
                assign cand[ITEM*k +: ITEM] = {ITEM{sh_sel_q[K*(OUT*r + j) + k]}} & sh_data_q[ITEM*(OUT*k + j) +: ITEM];
            end
            reg [ITEM-1:0] cand_or;
            integer c;
            always @* begin
                cand_or = {ITEM{1'b0}};
                for (c = 0; c < K; c = c + 1) cand_or = cand_or | cand[ITEM*c +: ITEM];
            end
            assign wdata[RW*r + ITEM*j +: ITEM] = cand_or;
        end
    end
endgenerate

integer wr, wi;
always @(posedge clk) begin
    for (wr = 0; wr < ROWS; wr = wr + 1) begin
        // a row read is emptied (each item by its own pop and read-row
        // copy); it is not written in the same clock (the room rule keeps
        // the rows a beat writes clear of unread ones)
        if (pop_c[OUT] && rsel_q[ROWS*OUT + wr]) begin
            rlast_q[wr] <= 1'b0;
        end
        for (wi = 0; wi < OUT; wi = wi + 1) begin
            if (pop_c[wi] && rsel_q[ROWS*wi + wr]) begin
                vld_q[OUT*wr + wi] <= 1'b0;
            end
        end
        for (wi = 0; wi < OUT; wi = wi + 1) begin
            if (wen[OUT*wr + wi]) begin
                ring_q[RW*wr + ITEM*wi +: ITEM] <= wdata[RW*wr + ITEM*wi +: ITEM];
                vld_q[OUT*wr + wi]              <= 1'b1;
            end
        end
        if (sh_last_q[wr]) begin
            rlast_q[wr] <= 1'b1;
        end
    end
    if (rst) begin
        vld_q   <= {(OUT*ROWS){1'b0}};
        rlast_q <= {ROWS{1'b0}};
    end
end

integer hw;
always @(posedge clk) begin
    if (f_ready) begin
        in_data_q  <= f_data;
        in_lim_q   <= f_lim;
        in_lim1_q  <= f_lim1;
        in_last_q  <= f_last;
        in_adv_q   <= take ? g_at[1].adv : g_at[0].adv;
        in_lrow_q  <= take ? g_at[1].lrow : g_at[0].lrow;
        in_col_q   <= take ? g_at[1].col : g_at[0].col;
        in_smask_q <= take ? g_at[1].smask : g_at[0].smask;
    end
    in_valid_q <= f_valid || (in_valid_q && !take);
    if (take) begin
        wrow_q <= wrow_sum;
        wcol_q <= in_col_q;
        for (hw = 0; hw < ROWS; hw = hw + 1) begin
            whot_q[hw] <= wrow_sum[RB-1:0] == hw[RB-1:0];
        end
    end
    drow_q <= drow_next;
    if (pop) begin
        rrow_q <= rrow_q + 1'b1;
    end
    occ_q  <= occ_next;
    room_q <= room_next;
    if (rst) begin
        in_valid_q <= 1'b0;
        wrow_q     <= {(RB+1){1'b0}};
        wcol_q     <= {CB{1'b0}};
        whot_q     <= ROW0;
        drow_q     <= {(RB+1){1'b0}};
        rrow_q     <= {(RB+1){1'b0}};
        occ_q      <= {(RB+1){1'b0}};
        room_q     <= 1'b1;   // 0 rows in use: within any limit
    end
end


// The read row's items, flags and last flag, into the output register (so
// that the read row's fan-out ends at flops beside the mux, not at whatever
// takes m_axis). The row is chosen by a one-hot copy of the read row per
// item (and one for the row's last flag), each a register that rotates as
// the read row moves on: from the read row's binary bits, their decode
// fanned out to every item's mux, 3 ns of route each way (LANES 16, OUT 4).
// An AND-OR over the rows, written out (an indexed part-select by RW * row
// made Yosys multiply, in a DSP, and shift the whole ring).
// (rsel_q is declared above the ring, whose valid and last flags' clears
// read the same copies.)
integer rc;
always @(posedge clk) begin
    for (rc = 0; rc <= OUT; rc = rc + 1) begin
        if (pop_c[rc]) begin
            rsel_q[ROWS*rc +: ROWS] <= {rsel_q[ROWS*rc +: ROWS-1], rsel_q[ROWS*rc + ROWS-1]};
        end
        if (rst) begin
            rsel_q[ROWS*rc +: ROWS] <= ROW0;
        end
    end
end

reg [RW-1:0]  rd_data;
reg [OUT-1:0] rd_keep;
reg           rd_last;
integer rd, rj;
always @* begin
    rd_data = {RW{1'b0}};
    rd_keep = {OUT{1'b0}};
    rd_last = 1'b0;
    for (rd = 0; rd < ROWS; rd = rd + 1) begin
        for (rj = 0; rj < OUT; rj = rj + 1) begin
            rd_data[ITEM*rj +: ITEM] = rd_data[ITEM*rj +: ITEM]
                                     | ({ITEM{rsel_q[ROWS*rj + rd]}} & ring_q[RW*rd + ITEM*rj +: ITEM]);
            rd_keep[rj] = rd_keep[rj] | (rsel_q[ROWS*rj + rd] & vld_q[OUT*rd + rj]);
        end
        rd_last = rd_last | (rsel_q[ROWS*OUT + rd] & rlast_q[rd]);
    end
end

reg [RW-1:0]  o_data_q;
reg [OUT-1:0] o_keep_q;
reg           o_last_q;
integer oj;
always @(posedge clk) begin
    for (oj = 0; oj < OUT; oj = oj + 1) begin
        if (pop_c[oj]) begin
            o_data_q[ITEM*oj +: ITEM] <= rd_data[ITEM*oj +: ITEM];
            o_keep_q[oj]              <= rd_keep[oj];
        end
    end
    if (pop_c[OUT]) begin
        o_last_q <= rd_last;
    end
end

assign m_valid = ov_c[OUT];
assign m_data  = o_data_q;
assign m_keep  = o_keep_q;
assign m_last  = o_last_q;

endmodule

`resetall
`default_nettype wire
