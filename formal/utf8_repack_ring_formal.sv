// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`default_nettype none

/*
 * Formal harness of the repacking ring (rtl/lane/utf8_repack_ring.v) on its
 * own, at small parameters from the sby task, so that a bounded run reaches
 * every column and a full ring a few clocks from reset (inside the wide
 * decoder a unit reaches the ring a dozen clocks after its beat). Inputs are
 * free: beats of 1..IN items (the wide decoder never sends an empty one) with
 * or without s_last, any m_ready. Asserted (bounded, from reset):
 *  - the output beat: m_keep contiguous from item 0 and not zero, full
 *    unless m_last, and unchanged while it waits for m_ready;
 *  - the items come out unchanged and in order, m_last exactly on the item
 *    that ended a packet: a shadow queue of items {ends a packet, item}
 *    pushed at the input's handshake, each output beat offered its head;
 *  - the rows written and not read never pass the ring's size;
 *  - the copies of the input register's valid and room flags and of the
 *    write column equal them (a copy that parts from its flag shows at the
 *    output only once a beat waits for room behind an empty slice, a few
 *    clocks past these depths).
 */
module utf8_repack_ring_formal #(
    parameter ITEM = 4,
    parameter IN = 3,
    parameter OUT = 2
) (
    input wire                    clk,
    input wire                    rst,
    input wire [ITEM*IN-1:0]      s_data,
    input wire [$clog2(IN+1)-1:0] s_count,
    input wire                    s_valid,
    input wire                    s_last,
    input wire                    m_ready
);

localparam K = (IN + 2 * OUT - 2) / OUT;
localparam RB = $clog2(K + 3);
localparam ROWS = 1 << RB;
// items between the input and the output: the input slice's two entries,
// the input register, the shift stage and the ring
localparam Q = 3 * IN + K * OUT + ROWS * OUT + 2;

wire                s_ready;
wire [ITEM*OUT-1:0] m_data;
wire [OUT-1:0]      m_keep;
wire                m_valid;
wire                m_last;

utf8_repack_ring #(.ITEM(ITEM), .IN(IN), .OUT(OUT)) dut (
    .clk(clk), .rst(rst),
    .s_data(s_data), .s_count(s_count), .s_valid(s_valid), .s_ready(s_ready), .s_last(s_last),
    .m_data(m_data), .m_keep(m_keep), .m_valid(m_valid), .m_ready(m_ready), .m_last(m_last)
);

// Internal state, driven by the sby script's connect -nounset -set: the
// write and read rows
wire [RB:0] f_dut_wrow;
wire [RB:0] f_dut_rrow;
// and the input register's valid and room flags and the write column, each
// beside its copies (the shift stage's, one per ring row; the data shift's,
// one per item of a shifted beat), which must follow them every clock
localparam V = K * OUT;
localparam CB = (OUT > 1) ? $clog2(OUT) : 1;
wire            f_dut_inv;
wire [ROWS-1:0] f_dut_inv_r;
wire            f_dut_room;
wire [ROWS-1:0] f_dut_room_r;
wire [CB-1:0]   f_dut_wcol;
wire [CB*V-1:0] f_dut_wcol_v;

reg f_past_valid = 1'b0;
always @(posedge clk) f_past_valid <= 1'b1;
always @(*) if (!f_past_valid) assume(rst);
always @(*) assume(s_count >= 1 && s_count <= IN);

wire s_take = s_valid && s_ready;
wire m_take = m_valid && m_ready;

function [7:0] ones;
    input [OUT-1:0] k;
    integer i;
    begin
        ones = 8'd0;
        for (i = 0; i < OUT; i = i + 1) ones = ones + k[i];
    end
endfunction

// Shadow queue of items in and not yet out, head at 0: {ends a packet, item}
reg [ITEM:0] sq [0:Q-1];
reg [7:0]    sq_n = 8'd0;
wire [7:0]   out_n   = ones(m_keep);
wire [7:0]   pop_n   = m_take ? out_n : 8'd0;
wire [7:0]   push_at = sq_n - pop_n;
integer i, k;
always @(posedge clk) begin
    for (i = 0; i < Q; i = i + 1) begin
        sq[i] <= (i + pop_n < Q) ? sq[i + pop_n] : {(ITEM+1){1'b0}};
        for (k = 0; k < IN; k = k + 1) begin
            if (s_take && k < s_count && push_at + k == i)
                sq[i] <= {s_last && k == s_count - 1, s_data[k*ITEM +: ITEM]};
        end
    end
    sq_n <= push_at + (s_take ? {{(8-$clog2(IN+1)){1'b0}}, s_count} : 8'd0);
    if (rst) sq_n <= 8'd0;
end

// the output beat against the queue's head, and its shape
reg f_out_ok;
integer o;
always @(*) begin
    f_out_ok = 1'b1;
    for (o = 0; o < OUT; o = o + 1) begin
        if (m_keep[o] && sq[o] != {m_last && o == out_n - 1, m_data[ITEM*o +: ITEM]})
            f_out_ok = 1'b0;
        if (o > 0 && m_keep[o] && !m_keep[o-1])
            f_out_ok = 1'b0;
    end
end

// a beat offered and not taken stays as it is
reg                f_wait = 1'b0;
reg [ITEM*OUT-1:0] f_data;
reg [OUT-1:0]      f_keep;
reg                f_last;
always @(posedge clk) begin
    f_wait <= !rst && m_valid && !m_ready;
    f_data <= m_data;
    f_keep <= m_keep;
    f_last <= m_last;
end

wire [RB:0] f_occ = f_dut_wrow - f_dut_rrow;

always @(*) begin
    if (!rst && f_past_valid) begin
        assert (sq_n <= Q);
        assert (f_occ <= ROWS);
        assert (f_dut_inv_r == {ROWS{f_dut_inv}});
        assert (f_dut_room_r == {ROWS{f_dut_room}});
        assert (f_dut_wcol_v == {V{f_dut_wcol}});
        if (f_wait) assert (m_valid && m_data == f_data && m_keep == f_keep && m_last == f_last);
        if (m_valid) begin
            assert (m_keep != {OUT{1'b0}});
            assert (m_last || m_keep == {OUT{1'b1}});
            assert (out_n <= sq_n);
            assert (f_out_ok);
        end
    end
end

endmodule

`default_nettype wire
