// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`default_nettype none

/*
 * Formal harness of the wide decoder's narrow build (rtl/stream/utf8_wide_decoder.v
 * with OUT_UNITS below LANES: the FIFO's entries carry a unit count and its
 * head goes through a register slice into utf8_repack_ring). LANES and OUT_UNITS from the sby task,
 * DEPTH 4, OFFSET_WIDTH and COUNT_WIDTH 16. What comes before the FIFO's
 * write is the full build's, proven by utf8_wide_decoder.sby; this harness
 * checks what the narrow build adds (bounded, from reset):
 *  - AXI4-Stream rules: assumed on s_axis, asserted on m_axis (tkeep
 *    contiguous from lane 0 with at least one unit, every beat but a
 *    packet's last full);
 *  - the count written with each beat equals its unit lanes;
 *  - the units come out unchanged, in order, with tlast on the unit that
 *    ended a packet at the FIFO's write: a shadow queue of units {last,
 *    code point, length, class}, pushed at the FIFO's write and checked
 *    against every output beat offered, never offering a unit not written.
 */
module utf8_wide_decoder_narrow_formal #(
    parameter LANES = 2,
    parameter OUT_UNITS = 1,
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

localparam OFFSET_WIDTH = 16;
localparam COUNT_WIDTH = 16;
localparam EW = 38;                    // element {cp[31:0], len[2:0], cls[2:0]}
localparam CW = $clog2(LANES + 1);
localparam TW = 3 + CW;                // the pack stage's tag {count, goes in, last, dropped}
// units between the FIFO's write and the output: DEPTH entries, the register
// slice's two, and utf8_repack_ring's input register, shift stage and ring
// (ROWS rows)
localparam RK = (LANES + 2 * OUT_UNITS - 2) / OUT_UNITS;
localparam ROWS = 1 << $clog2(RK + 3);
localparam Q = DEPTH * LANES + 3 * LANES + RK * OUT_UNITS + ROWS * OUT_UNITS + 2;

wire                       s_axis_tready;
wire [32*OUT_UNITS-1:0]    m_axis_tdata;
wire [OUT_UNITS-1:0]       m_axis_tkeep;
wire [6*OUT_UNITS-1:0]     m_axis_tuser;
wire                       m_axis_tvalid;
wire                       m_axis_tlast;
wire                       stat_valid;
wire                       stat_error;
wire [OFFSET_WIDTH-1:0]    stat_err_offset;
wire [2:0]                 stat_err_class;
wire [6*COUNT_WIDTH-1:0]   err_count;

utf8_wide_decoder #(
    .LANES(LANES),
    .OFFSET_WIDTH(OFFSET_WIDTH),
    .COUNT_WIDTH(COUNT_WIDTH),
    .DEPTH(DEPTH),
    .OUT_UNITS(OUT_UNITS)
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

// Internal state, driven by the sby script's connect -nounset -set: the beat
// the pack stage writes into the FIFO
wire                f_dut_wr;
wire [LANES-1:0]    f_dut_pack_keep;
wire [EW*LANES-1:0] f_dut_pack_elem;
wire [TW-1:0]       f_dut_pack_tag;

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

utf8_faxis #(.DATA_W(32*OUT_UNITS), .KEEP_W(OUT_UNITS), .USER_W(6*OUT_UNITS), .F_INPUT(0), .F_KEEP(1),
             .F_FULL(1)) f_m (
    .clk(clk), .rst(rst), .tdata(m_axis_tdata), .tkeep(m_axis_tkeep), .tuser(m_axis_tuser),
    .tvalid(m_axis_tvalid), .tready(m_axis_tready), .tlast(m_axis_tlast),
    .f_beats(m_beats), .f_packets(m_packets), .f_open(m_open)
);

wire m_take = m_axis_tvalid && m_axis_tready;

// set bits of a lane mask (an output mask zero-extended: OUT_UNITS < LANES)
function [7:0] ones;
    input [LANES-1:0] k;
    integer i;
    begin
        ones = 8'd0;
        for (i = 0; i < LANES; i = i + 1) ones = ones + k[i];
    end
endfunction

wire [CW-1:0] w_count = f_dut_pack_tag[TW-1:3];
wire          w_last  = f_dut_pack_tag[1];

// Shadow queue of units written and not yet taken, head at 0: {last, element}
reg [EW:0] sq [0:Q-1];
reg [7:0]  sq_n = 8'd0;
wire [7:0] out_n  = ones({{(LANES-OUT_UNITS){1'b0}}, m_axis_tkeep});
wire [7:0] pop_n  = m_take ? out_n : 8'd0;
wire [7:0] push_at = sq_n - pop_n;
integer i, k;
always @(posedge clk) begin
    for (i = 0; i < Q; i = i + 1) begin
        sq[i] <= (i + pop_n < Q) ? sq[i + pop_n] : {(EW+1){1'b0}};
        for (k = 0; k < LANES; k = k + 1) begin
            if (f_dut_wr && k < w_count && push_at + k == i)
                sq[i] <= {w_last && k == w_count - 1, f_dut_pack_elem[k*EW +: EW]};
        end
    end
    sq_n <= push_at + (f_dut_wr ? w_count : {CW{1'b0}});
    if (rst) sq_n <= 8'd0;
end

// the output beat against the queue's head
reg f_out_ok;
integer o;
always @(*) begin
    f_out_ok = 1'b1;
    for (o = 0; o < OUT_UNITS; o = o + 1) begin
        if (m_axis_tkeep[o] && sq[o] != {m_axis_tlast && o == out_n - 1,
                                          m_axis_tdata[32*o +: 32], m_axis_tuser[6*o +: 6]})
            f_out_ok = 1'b0;
    end
end

always @(*) begin
    if (!rst && f_past_valid) begin
        // the count written is the beat's unit lanes
        if (f_dut_wr) assert (w_count == ones(f_dut_pack_keep));
        assert (sq_n <= Q);
        if (m_axis_tvalid) begin
            assert (out_n <= sq_n);
            assert (f_out_ok);
        end
    end
end

endmodule

`default_nettype wire
