// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`default_nettype none

/*
 * Formal harness of the wide decoder (rtl/stream/utf8_wide_decoder.v) at small
 * parameters: LANES (1, 2 or 4, from the sby task), DEPTH 4, OFFSET_WIDTH and
 * COUNT_WIDTH 16 (the least the block takes).
 * Always (task prove, k-induction):
 *  - AXI4-Stream rules: assumed on s_axis (tkeep contiguous from lane 0, only
 *    a last beat partial), asserted on m_axis (tkeep contiguous, at least one
 *    unit lane);
 *  - the output FIFO: occupancy a thermometer, pointers that agree with it,
 *    never read empty, never holding DEPTH entries (the slot at the write
 *    pointer, written every clock, is always free);
 *  - the credit: a thermometer that counts exactly the beats accepted less
 *    those retired (popped, or dropped for having no unit), never below what
 *    the FIFO holds, and s_axis_tready high exactly while it is below DEPTH
 *    (docs/interface.md).
 *  - the FIFO hands on the pack stage's beats unchanged and in order (a
 *    shadow queue against the output register and the memory's entries).
 * F_TABLE (bounded), at the FIFO's write: the unit lengths add up to the
 * bytes in, per packet, with tlast on the unit that ends each packet; and
 * every unit equals what utf8_fref_decode (SPEC §2/§3, the scalar decoder's
 * contract) says of its bytes, in the packet's mode.
 * F_COVER: every error class out, a full credit with the FIFO in use,
 * back-to-back 1-byte packets, reset mid-packet then a packet out.
 */
module utf8_wide_decoder_formal #(
    parameter LANES = 1,
    // FIFO entries: 4 for the invariants, the default 16 for F_RATE
    parameter DEPTH = 4
) (
    input wire               clk,
    input wire               rst,
    input wire [8*LANES-1:0] s_axis_tdata,
    input wire [LANES-1:0]   s_axis_tkeep,
    input wire               s_axis_tvalid,
    input wire               s_axis_tlast,
    input wire               m_axis_tready,
    input wire               cfg_mode
);

`include "utf8_class_codes.vh"

localparam OFFSET_WIDTH = 16;
localparam COUNT_WIDTH = 16;
localparam AW = $clog2(DEPTH);
// The FIFO's memory entries are checked (mapped to flops and renamed by the
// sby script) at DEPTH 4 only; F_RATE runs without them, and so without the
// output's tkeep shape, which they carry through induction.
`ifdef F_RATE
localparam F_MEM = 0;
`else
localparam F_MEM = 1;
`endif
// bytes the harness can hold for the table check
localparam H = 24 + 8 * LANES;
// Clocks from the front end's decided beat to the FIFO's write: the shift
// stage's registers (every second level and the last) and the pack stage's (one
// per level), as the RTL's SCAN_STEP and PACK_STEP place them.
localparam LOG = (LANES > 1) ? $clog2(LANES) : 0;
localparam LP = (LOG + 1) / 2 + LOG;

wire                     s_axis_tready;
wire [32*LANES-1:0]      m_axis_tdata;
wire [LANES-1:0]         m_axis_tkeep;
wire [6*LANES-1:0]       m_axis_tuser;
wire                     m_axis_tvalid;
wire                     m_axis_tlast;
wire                     stat_valid;
wire                     stat_error;
wire [OFFSET_WIDTH-1:0]  stat_err_offset;
wire [2:0]               stat_err_class;
wire [6*COUNT_WIDTH-1:0] err_count;

utf8_wide_decoder #(
    .LANES(LANES),
    .OFFSET_WIDTH(OFFSET_WIDTH),
    .COUNT_WIDTH(COUNT_WIDTH),
    .DEPTH(DEPTH)
) dut (
    .clk(clk),
    .rst(rst),
    .cfg_mode(cfg_mode),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tkeep(s_axis_tkeep),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(s_axis_tready),
    .s_axis_tlast(s_axis_tlast),
    .m_axis_tdata(m_axis_tdata),
    .m_axis_tkeep(m_axis_tkeep),
    .m_axis_tuser(m_axis_tuser),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready),
    .m_axis_tlast(m_axis_tlast),
    .stat_valid(stat_valid),
    .stat_error(stat_error),
    .stat_err_offset(stat_err_offset),
    .stat_err_class(stat_err_class),
    .err_count(err_count)
);

// Internal state, driven by the sby script's connect -nounset -set
wire [DEPTH-1:0] f_dut_owed, f_dut_occ;
wire [AW-1:0]    f_dut_wr_ptr, f_dut_rd_ptr;
wire             f_dut_wr, f_dut_rd, f_dut_drop;
// the front end's stages: input register (one flop per copy), pending, window,
// take, decided
localparam FIRE_N = (LANES + 7) / 8 + 2;
wire [FIRE_N-1:0] f_dut_in_valid;
// the FIFO's entries {last, keep, data, user} (its memory mapped to flops)
localparam FW = 39*LANES + 1;
wire [FW-1:0]    f_dut_mem0, f_dut_mem1, f_dut_mem2, f_dut_mem3;
// the beat the pack stage writes into the FIFO, and the output register
wire             f_dut_pack_last;
wire [LANES-1:0] f_dut_pack_keep;
wire [32*LANES-1:0] f_dut_pack_data;
wire [6*LANES-1:0]  f_dut_pack_user;
wire [FW-1:0]    f_dut_out;
wire             f_dut_pend_valid, f_dut_win_valid, f_dut_take_valid, f_dut_dec_valid;

reg f_past_valid = 1'b0;
always @(posedge clk) f_past_valid <= 1'b1;
always @(*) if (!f_past_valid) assume(rst);

wire [7:0] s_beats, s_packets, m_beats, m_packets;
wire       s_open, m_open;

utf8_faxis #(.DATA_W(8*LANES), .KEEP_W(LANES), .USER_W(1), .F_INPUT(1), .F_KEEP(1), .F_FULL(1)) f_s (
    .clk(clk), .rst(rst), .tdata(s_axis_tdata), .tkeep(s_axis_tkeep), .tuser(1'b0),
    .tvalid(s_axis_tvalid), .tready(s_axis_tready), .tlast(s_axis_tlast),
    .f_beats(s_beats), .f_packets(s_packets), .f_open(s_open)
);

utf8_faxis #(.DATA_W(32*LANES), .KEEP_W(LANES), .USER_W(6*LANES), .F_INPUT(0), .F_KEEP(F_MEM)) f_m (
    .clk(clk), .rst(rst), .tdata(m_axis_tdata), .tkeep(m_axis_tkeep), .tuser(m_axis_tuser),
    .tvalid(m_axis_tvalid), .tready(m_axis_tready), .tlast(m_axis_tlast),
    .f_beats(m_beats), .f_packets(m_packets), .f_open(m_open)
);

wire s_take = s_axis_tvalid && s_axis_tready;
wire m_take = m_axis_tvalid && m_axis_tready;

function [7:0] ones;
    input [DEPTH-1:0] v;
    integer i;
    begin
        ones = 8'd0;
        for (i = 0; i < DEPTH; i = i + 1) ones = ones + v[i];
    end
endfunction

function thermo;
    input [DEPTH-1:0] v;
    begin
        thermo = (({1'b0, v} + 1'b1) & {1'b0, v}) == {(DEPTH+1){1'b0}};
    end
endfunction

// beats dropped inside for having no unit
reg [7:0] f_drops = 8'd0;
always @(posedge clk) begin
    if (f_dut_drop) f_drops <= f_drops + 1'b1;
    if (rst) f_drops <= 8'd0;
end

// Decided beats of the last LP clocks (bit 1: a clock ago): they are in the
// shift and pack stages, which never stall.
reg [LP:0] f_dec_hist = {(LP+1){1'b0}};
always @(*) f_dec_hist[0] = f_dut_dec_valid;
generate
    if (LP > 0) begin : g_hist
        always @(posedge clk) begin
            f_dec_hist[LP:1] <= f_dec_hist[LP-1:0];
            if (rst) f_dec_hist[LP:1] <= {LP{1'b0}};
        end
    end
endgenerate
reg [7:0] f_pipe;
integer pi;
always @(*) begin
    f_pipe = f_dut_in_valid[0] + f_dut_pend_valid + f_dut_win_valid + f_dut_take_valid;
    for (pi = 0; pi <= LP; pi = pi + 1) f_pipe = f_pipe + f_dec_hist[pi];
end

wire [7:0] owed = ones(f_dut_owed);
wire [7:0] occ = ones(f_dut_occ);

// an entry's unit lanes as m_axis must show them
function keep_ok;
    input [FW-1:0] e;
    reg [LANES-1:0] kk;
    begin
        kk = e[38*LANES +: LANES];
        keep_ok = kk[0] && (({1'b0, kk} + 1'b1) & {1'b0, kk}) == {(LANES+1){1'b0}};
    end
endfunction
wire [FW-1:0] f_mem [0:3];
assign f_mem[0] = f_dut_mem0;
assign f_mem[1] = f_dut_mem1;
assign f_mem[2] = f_dut_mem2;
assign f_mem[3] = f_dut_mem3;
reg f_mem_ok;
integer mi;
always @(*) begin
    f_mem_ok = 1'b1;
    for (mi = 0; mi < DEPTH; mi = mi + 1)
        if (F_MEM && f_dut_occ[mi] && !keep_ok(f_mem[(f_dut_rd_ptr + mi) % 4])) f_mem_ok = 1'b0;
end

always @(*) begin
    if (!rst && f_past_valid) begin
        // entries in the FIFO hold units
        assert (f_mem_ok);
        assert (thermo(f_dut_owed));
        assert (thermo(f_dut_occ));
        assert (f_dut_wr_ptr - f_dut_rd_ptr == occ[AW-1:0]);
        // the slot at the write pointer is always free
        assert (!f_dut_occ[DEPTH-1]);
        assert (!(f_dut_rd && !f_dut_occ[0]));
        // credit: the beats accepted and not retired
        assert (owed == s_beats - m_beats - f_drops);
        // every beat not retired is in one stage: the front end, the shift
        // and pack stages, the FIFO or the output register
        assert (f_dut_in_valid == {FIRE_N{f_dut_in_valid[0]}});
        assert ((f_dut_wr || f_dut_drop) == f_dec_hist[LP]);
        assert (owed == f_pipe + occ + m_axis_tvalid);
        assert (occ + m_axis_tvalid <= owed);
        assert (owed <= DEPTH);
        assert (s_axis_tready == (owed < DEPTH));
        // a beat is never written or dropped beyond the credit
        assert (!(f_dut_wr && f_dut_drop));
    end
end

`ifdef F_RATE
// ---------------------------------------------------------------------------
// SPEC §5 at the default DEPTH: with the output always ready the wide decoder
// takes a beat every clock on any input (the credit never reaches DEPTH).
always @(*) if (f_past_valid) assume (m_axis_tready);
always @(*) begin
    if (f_past_valid) begin
        // with the output always ready the FIFO holds at most one beat
        assert (occ <= 1);
        assert (s_axis_tready);
    end
end
`elsif F_TABLE
`else
// ---------------------------------------------------------------------------
// The FIFO hands on the pack stage's beats unchanged and in order: a shadow
// queue of the beats written and not yet taken, head at 0, against the output
// register and the occupied memory entries

wire [FW-1:0] pack_beat = {f_dut_pack_last, f_dut_pack_keep, f_dut_pack_data, f_dut_pack_user};
reg  [FW-1:0] wsh [0:DEPTH];
reg  [3:0]    wsh_cnt = 4'd0;
wire          m_pop = m_axis_tvalid && m_axis_tready;
integer wi;
always @(posedge clk) begin
    if (m_pop) for (wi = 0; wi < DEPTH; wi = wi + 1) wsh[wi] <= wsh[wi+1];
    if (f_dut_wr) wsh[wsh_cnt - m_pop] <= pack_beat;
    wsh_cnt <= wsh_cnt + f_dut_wr - m_pop;
    if (rst) wsh_cnt <= 4'd0;
end
reg f_fifo_ok;
always @(*) begin
    f_fifo_ok = 1'b1;
    for (wi = 0; wi < DEPTH; wi = wi + 1)
        if (f_dut_occ[wi] && f_mem[f_dut_rd_ptr + wi] != wsh[m_axis_tvalid + wi]) f_fifo_ok = 1'b0;
end
always @(*) begin
    if (!rst && f_past_valid) begin
        assert (wsh_cnt == occ + m_axis_tvalid);
        if (m_axis_tvalid) assert (f_dut_out == wsh[0]);
        assert (f_fifo_ok);
    end
end
`endif

`ifdef F_TABLE
// ---------------------------------------------------------------------------
// Bytes in against units out

function [7:0] kept;
    input [LANES-1:0] k;
    integer i;
    begin
        kept = 8'd0;
        for (i = 0; i < LANES; i = i + 1) kept = kept + k[i];
    end
endfunction

// Checked where the pack stage writes a beat into the FIFO (f_dut_wr), which
// the FIFO then hands on unchanged (proven above): two clocks earlier than at
// m_axis, so the same depth sees longer sequences.
// unit lengths of the beat written: lane i's unit starts u_off[i] bytes in
reg [7:0] u_off [0:LANES];
integer li;
always @(*) begin
    u_off[0] = 8'd0;
    for (li = 0; li < LANES; li = li + 1)
        u_off[li+1] = u_off[li] + (f_dut_pack_keep[li] ? f_dut_pack_user[6*li+3 +: 3] : 3'd0);
end
wire [7:0] m_bytes = u_off[LANES];
wire w_take = f_dut_wr;
reg [7:0] w_packets = 8'd0;   // packets closed at the FIFO's write
always @(posedge clk) begin
    if (w_take && f_dut_pack_last) w_packets <= w_packets + 1'b1;
    if (rst) w_packets <= 8'd0;
end

reg [7:0] f_in = 8'd0, f_out = 8'd0;
always @(posedge clk) begin
    if (s_take) f_in <= f_in + kept(s_axis_tkeep);
    if (w_take) f_out <= f_out + m_bytes;
    if (rst) begin
        f_in <= 8'd0;
        f_out <= 8'd0;
    end
end
wire [7:0] f_inside = f_in - f_out;

reg f_pkt_mode = 1'b0;
always @(posedge clk) if (s_take && !s_open) f_pkt_mode <= cfg_mode;
wire f_beat_mode = s_open ? f_pkt_mode : cfg_mode;

// the bytes inside, oldest at 0: {mode, last, byte}
reg [9:0] win [0:H-1];
wire [7:0] f_after = f_inside - (w_take ? m_bytes : 8'd0);
integer j, b;
always @(posedge clk) begin
    for (j = 0; j < H; j = j + 1) begin
        if (w_take) win[j] <= (j + m_bytes < H) ? win[j + m_bytes] : 10'd0;
        for (b = 0; b < LANES; b = b + 1) begin
            if (s_take && s_axis_tkeep[b] && f_after + b == j)
                win[j] <= {f_beat_mode,
                           s_axis_tlast && (b == LANES - 1 || !s_axis_tkeep[(b + 1) % LANES]),
                           s_axis_tdata[8*b +: 8]};
        end
    end
end

// byte count at the end of each input packet, by packet number
reg [7:0] pkt_end [0:15];
always @(posedge clk) begin
    if (s_take && s_axis_tlast) pkt_end[s_packets[3:0]] <= f_in + kept(s_axis_tkeep);
end

genvar g;
generate
    for (g = 0; g < LANES; g = g + 1) begin : g_ref
        reg [55:0] u_win;
        reg [6:0]  u_known, u_ended;
        integer k;
        always @(*) begin
            u_win = 56'd0;
            u_known = 7'd0;
            u_ended = 7'd0;
            for (k = 0; k < 7; k = k + 1) begin
                u_win[8*k +: 8] = win[u_off[g] + k][7:0];
                u_known[k] = f_inside > u_off[g] + k;
                if (k > 0) u_ended[k] = u_ended[k-1] || (u_known[k-1] && win[u_off[g] + k - 1][8]);
            end
        end
        wire [9:0]  u_first = win[u_off[g]];
        wire [2:0]  u_len = f_dut_pack_user[6*g+3 +: 3];
        wire [9:0]  u_final = win[u_off[g] + u_len - 1];
        wire [2:0]  ref_len, ref_cls;
        wire [31:0] ref_cp;
        wire        ref_undecided;
        utf8_fref_decode ref_inst (
            .win(u_win), .known(u_known), .ended(u_ended), .annex(u_first[9]),
            .len(ref_len), .cls(ref_cls), .cp(ref_cp), .undecided(ref_undecided)
        );
        always @(*) begin
            if (!rst && f_past_valid && w_take && f_dut_pack_keep[g]) begin
                assert (!ref_undecided);
                assert (u_len == ref_len);
                assert (f_dut_pack_user[6*g +: 3] == ref_cls);
                assert (f_dut_pack_data[32*g +: 32] == ref_cp);
                // a packet's last byte ends the beat's last unit
                assert (u_final[8] == (f_dut_pack_last && (g == LANES - 1 || !f_dut_pack_keep[(g + 1) % LANES])));
            end
        end
    end
endgenerate

always @(*) begin
    if (!rst && f_past_valid) begin
        assert (f_inside < H - 7 - 6 * LANES);
        if (w_take) begin
            assert (f_inside >= m_bytes);
            if (f_dut_pack_last) assert (f_out + m_bytes == pkt_end[w_packets[3:0]]);
        end
        assert ((s_packets - w_packets) <= 8'd12);
    end
end
`endif

`ifdef F_COVER
reg f_rst_mid = 1'b0;
always @(posedge clk) if (rst && s_open) f_rst_mid <= 1'b1;
always @(posedge clk) begin
    if (!rst) begin
        cover (m_take && m_axis_tuser[2:0] == CLS_TOO_SHORT);
        cover (m_take && m_axis_tuser[2:0] == CLS_TOO_LONG);
        cover (m_take && m_axis_tuser[2:0] == CLS_OVERLONG);
        cover (m_take && m_axis_tuser[2:0] == CLS_SURROGATE);
        cover (m_take && m_axis_tuser[2:0] == CLS_TOO_LARGE);
        cover (m_take && m_axis_tuser[2:0] == CLS_HEADER_BITS);
        // the longest units in each mode, in lane 0 (how deep the bounded
        // table check must go to see them)
        cover (m_take && m_axis_tuser[5:0] == {3'd4, CLS_OK});
        cover (m_take && m_axis_tuser[5:0] == {3'd5, CLS_OK});
        cover (m_take && m_axis_tuser[5:0] == {3'd6, CLS_OK});
        // the credit used up, with the FIFO as full as it gets
        cover (!s_axis_tready && f_dut_occ[DEPTH-2] && m_axis_tvalid);
        cover (m_take && m_axis_tlast && m_axis_tkeep == 1 && m_axis_tuser[5:3] == 3'd1 && !m_open
               && $past(m_take && m_axis_tlast && m_axis_tkeep == 1 && m_axis_tuser[5:3] == 3'd1 && !m_open));
        cover (f_rst_mid && m_take && m_axis_tlast);
    end
end
`endif

endmodule

`default_nettype wire
