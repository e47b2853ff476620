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
 * Latency: one clock to the input register, one to the shift stage, one to
 * the ring, one to the output register once the row is complete. A beat of u items
 * takes u/OUT clocks of output on average, at least one clock of input.
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
localparam [31:0] OUT_32 = OUT;
localparam [31:0] ROWS_32 = ROWS;

generate
    if (ITEM < 1 || IN < 1 || OUT < 1) begin : g_check
        error_ITEM_IN_and_OUT_must_be_at_least_1 stop ();
    end
endgenerate

// Input register: one beat, its items' mask (item i below the count), and
// what the count comes to in rows (below).
reg               in_valid_q;
reg [ITEM*IN-1:0] in_data_q;
reg [IN-1:0]      in_mask_q;
reg               in_last_q;

// Write position: the row (a pointer with a wrap bit) and the column.
reg [RB:0]        wrow_q;
reg [CB-1:0]      wcol_q;
// Rows complete (the reader's limit) and the row to read next.
reg [RB:0]        drow_q;
reg [RB:0]        rrow_q;

// The beat's count as whole rows and a rest (count = q * OUT + r), and the
// rows it may need at any column (q + 1 when r is 0, else q + 2) as the room
// rule's limit, ROWS less that: all worked out as the input register loads,
// so that no division or sum of the count stands in front of the take.
localparam QB = $clog2(IN / OUT + 1);
reg [QB-1:0] in_q_q;
reg [CB-1:0] in_r_q;
reg [RB:0]   in_lim_q;
reg          in_zero_q;   // the count is 0
wire [31:0] s_count_32 = {{(32-IW){1'b0}}, s_count};
wire [31:0] s_q_32     = s_count_32 / OUT_32;
wire [31:0] s_r_32     = s_count_32 % OUT_32;
wire [31:0] s_lim_32   = ROWS_32 - s_q_32 - ((s_r_32 == 32'd0) ? 32'd1 : 32'd2);
wire unused_s = &{1'b0, s_q_32, s_r_32, s_lim_32, 1'b0};   // their high bits

// At the take: the column plus the rest, whole rows and the column after.
// pos = column + count is then {in_q_q + carry, rem}.
wire [CB:0]   col_sum = {1'b0, wcol_q} + {1'b0, in_r_q};
wire          carry   = {{(31-CB){1'b0}}, col_sum} >= OUT_32;
wire [CB:0]   rem_w   = carry ? col_sum - OUT_32[CB:0] : col_sum;
wire [CB-1:0] rem     = rem_w[CB-1:0];
wire [RB:0]   full    = {{(RB+1-QB){1'b0}}, in_q_q} + {{RB{1'b0}}, carry};
// Rows it writes (a partial last row included); a packet's last beat ends
// its last row, and an empty one with nothing in its row still ends a row.
// Both are at most K, below ROWS.
wire [RB:0]   need = (rem != {CB{1'b0}}) ? full + 1'b1
                   : (in_last_q && in_zero_q && wcol_q == {CB{1'b0}}) ? {{RB{1'b0}}, 1'b1} : full;
wire [RB:0]   adv  = in_last_q ? need : full;
wire unused_rem = &{1'b0, rem_w, 1'b0};   // its top bit

// Room: the rows written and not read (occ_q = wrow_q - rrow_q, kept as a
// register of its own) leave room for the most the beat may need. The
// comparison is made a clock ahead, on the next count and limit, so that
// the take, which enables the whole beat's loads in front (the wide
// decoder's register slice), is one gate after two flops.
reg  [RB:0]   occ_q;
reg           room_q;   // occ_q <= in_lim_q
wire          take = in_valid_q && room_q;
assign s_ready = !in_valid_q || take;
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
genvar cp;
generate
    for (cp = 0; cp < NC; cp = cp + 1) begin : g_pop
        assign pop_c[cp] = avail_c[cp] && (!ov_c[cp] || m_ready);
        utf8_lane_copy avail_inst (
            .clk(clk),
            .rst(rst),
            .d(drow_next != rrow_q + {{RB{1'b0}}, pop_c[cp]}),
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
wire [RB:0]   occ_next = occ_q + (take ? adv : {(RB+1){1'b0}}) - {{RB{1'b0}}, pop};
wire [RB:0]   lim_next = s_ready ? s_lim_32[RB:0] : in_lim_q;

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

wire [ITEM*V-1:0] in_data_v = {{(ITEM*(V-IN)){1'b0}}, in_data_q};
wire [V-1:0]      in_mask_v = {{(V-IN){1'b0}}, in_mask_q};
wire [ITEM*V-1:0] shifted;
wire [V-1:0]      shifted_mask;
genvar b, r, k, j;
generate
    // one 2:1 level of whole items per bit of the column
    for (b = 0; b <= CB; b = b + 1) begin : g_shift
        wire [ITEM*V-1:0] d;
        wire [V-1:0]      m;
        if (b == 0) begin : g_in
            assign d = in_data_v;
            assign m = in_mask_v;
        end else if ((1 << (b - 1)) >= V) begin : g_none
            assign d = g_shift[b-1].d;
            assign m = g_shift[b-1].m;
        end else begin : g_level
            assign d = wcol_q[b-1] ? {g_shift[b-1].d[ITEM*V-1-ITEM*(1<<(b-1)):0], {(ITEM*(1<<(b-1))){1'b0}}}
                                   : g_shift[b-1].d;
            assign m = wcol_q[b-1] ? {g_shift[b-1].m[V-1-(1<<(b-1)):0], {(1<<(b-1)){1'b0}}}
                                   : g_shift[b-1].m;
        end
    end
    assign shifted = g_shift[CB].d;
    assign shifted_mask = (OUT > 1) ? g_shift[CB].m : in_mask_v;
endgenerate

wire [RB-1:0] last_row = wrow_q[RB-1:0] + need[RB-1:0] - 1'b1;

// Ring row r takes the beat's row k (one of them at most: K < ROWS)
wire [K*ROWS-1:0] row_hot;
generate
    for (r = 0; r < ROWS; r = r + 1) begin : g_hot
        for (k = 0; k < K; k = k + 1) begin : g_k
            localparam [RB-1:0] R_AT = r;
            localparam [RB-1:0] K_AT = k;
            assign row_hot[K*r + k] = take && (wrow_q[RB-1:0] + K_AT == R_AT);
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
                sh_sel_q[K*(OUT*hr + hj) + hk] <= row_hot[K*hr + hk] && shifted_mask[OUT*hk + hj];
                if (row_hot[K*hr + hk] && shifted_mask[OUT*hk + hj]) begin
                    sh_wen_q[OUT*hr + hj] <= 1'b1;
                end
            end
        end
        sh_last_q[hr] <= take && in_last_q && last_row == hr[RB-1:0];
    end
    sh_done_q <= take ? adv : {(RB+1){1'b0}};
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

always @(posedge clk) begin
    if (s_ready) begin
        in_data_q <= s_data;
        in_q_q    <= s_q_32[QB-1:0];
        in_r_q    <= s_r_32[CB-1:0];
        in_lim_q  <= s_lim_32[RB:0];
        in_zero_q <= s_count == {IW{1'b0}};
        in_last_q <= s_last;
    end
    in_valid_q <= s_valid || (in_valid_q && !take);
    if (take) begin
        wrow_q <= wrow_q + adv;
        wcol_q <= in_last_q ? {CB{1'b0}} : rem;
    end
    drow_q <= drow_next;
    if (pop) begin
        rrow_q <= rrow_q + 1'b1;
    end
    occ_q  <= occ_next;
    room_q <= occ_next <= lim_next;
    if (rst) begin
        in_valid_q <= 1'b0;
        wrow_q     <= {(RB+1){1'b0}};
        wcol_q     <= {CB{1'b0}};
        drow_q     <= {(RB+1){1'b0}};
        rrow_q     <= {(RB+1){1'b0}};
        occ_q      <= {(RB+1){1'b0}};
        room_q     <= 1'b1;   // 0 rows in use: within any limit
    end
end

// The input's mask, from its count as the register takes it.
genvar i;
generate
    for (i = 0; i < IN; i = i + 1) begin : g_mask
        localparam [31:0] I_32 = i;
        always @(posedge clk) begin
            if (s_ready) begin
                in_mask_q[i] <= {{(32-IW){1'b0}}, s_count} > I_32;
            end
        end
    end
endgenerate

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
localparam [ROWS-1:0] ROW0 = 1;
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
