// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`default_nettype none

/*
 * Formal harness of the wide validator (rtl/stream/utf8_validator.v) at small
 * parameters: LANES (1, 2 or 4, from the sby task), QUEUE 4, OFFSET_WIDTH and
 * COUNT_WIDTH 16 (the least the block takes).
 * Properties:
 *  - AXI4-Stream rules: assumed on s_axis (tkeep contiguous from lane 0, only
 *    a last beat partial), asserted on m_axis (and tlast always 1);
 *  - the verdict buffer and the credit: both thermometers keep their shape,
 *    the buffer's pointers agree with its fill, it never overflows (a verdict
 *    never arrives with the buffer full and not being read) and is never read
 *    empty; the credit counts exactly the packets accepted (a clock late) less
 *    the verdicts taken, and never overflows or underflows;
 *  - one verdict per packet: the pipeline never stalls, so a packet's verdict
 *    pulse comes exactly F_LAT clocks after its last beat is accepted, and the
 *    verdicts stored are exactly the packets whose pulse has come and whose
 *    verdict is not yet taken;
 *  - s_axis_tready (docs/interface.md): high in a clock exactly when, two
 *    clocks earlier, fewer than QUEUE-3 packets had been accepted more than a
 *    clock before with their verdicts not yet taken.
 * F_RATE (task rate_lN, QUEUE 32, the default): with m_axis_tready always
 * high, s_axis_tready never drops (SPEC §5: LANES bytes every clock on any
 * input, 1-byte packets back to back included).
 * Covers (F_COVER): the buffer as full as the credit lets it (QUEUE-2 and the
 * output register; a full buffer is unreachable by design), a verdict of each
 * error class, back-to-back 1-byte packets, a reset in the middle of a packet
 * followed by a verdict.
 */
module utf8_validator_formal #(
    parameter LANES = 1,
    // verdicts outstanding: 4 for the invariants, the default 32 for F_RATE
    parameter QUEUE = 4
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
// clocks from a packet's last beat accepted to its verdict pulse
localparam F_LAT = 14;

wire                    s_axis_tready;
wire [OFFSET_WIDTH-1:0] m_axis_tdata;
wire [3:0]              m_axis_tuser;
wire                    m_axis_tvalid;
wire                    m_axis_tlast;
wire                    stat_valid;
wire                    stat_error;
wire [OFFSET_WIDTH-1:0] stat_err_offset;
wire [2:0]              stat_err_class;
wire [6*COUNT_WIDTH-1:0] err_count;

utf8_validator #(
    .LANES(LANES),
    .OFFSET_WIDTH(OFFSET_WIDTH),
    .COUNT_WIDTH(COUNT_WIDTH),
    .QUEUE(QUEUE)
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
wire [QUEUE-1:0] f_dut_owed, f_dut_fill;
wire             f_dut_owe, f_dut_q_load;
wire [1:0]       f_dut_wr, f_dut_rd;

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

utf8_faxis #(.DATA_W(OFFSET_WIDTH), .KEEP_W(1), .USER_W(4), .F_INPUT(0)) f_m (
    .clk(clk), .rst(rst), .tdata(m_axis_tdata), .tkeep(1'b1), .tuser(m_axis_tuser),
    .tvalid(m_axis_tvalid), .tready(m_axis_tready), .tlast(m_axis_tlast),
    .f_beats(m_beats), .f_packets(m_packets), .f_open(m_open)
);

wire s_take = s_axis_tvalid && s_axis_tready;
wire m_take = m_axis_tvalid && m_axis_tready;

function [7:0] ones;
    input [QUEUE-1:0] v;
    integer i;
    begin
        ones = 8'd0;
        for (i = 0; i < QUEUE; i = i + 1) ones = ones + v[i];
    end
endfunction

function thermo;
    input [QUEUE-1:0] v;
    begin
        thermo = (({1'b0, v} + 1'b1) & {1'b0, v}) == {(QUEUE+1){1'b0}};
    end
endfunction

// Last beats accepted in each of the last F_LAT clocks (bit 0: last clock),
// cleared by reset as the pipeline's valid flags are
reg [F_LAT-1:0] f_lasts = {F_LAT{1'b0}};
always @(posedge clk) begin
    f_lasts <= {f_lasts[F_LAT-2:0], s_take && s_axis_tlast};
    if (rst) f_lasts <= {F_LAT{1'b0}};
end
// packets accepted whose verdict pulse has not come yet
reg [7:0] f_flight;
integer i;
always @(*) begin
    f_flight = 8'd0;
    for (i = 0; i < F_LAT - 1; i = i + 1) f_flight = f_flight + f_lasts[i];
end

wire [7:0] owed = ones(f_dut_owed);
wire [7:0] fill = ones(f_dut_fill);
// the packets the credit counts: accepted more than a clock ago, not taken
wire [7:0] f_owed = s_packets - f_lasts[0] - m_beats;

always @(*) begin
    if (!rst && f_past_valid) begin
        assert (m_axis_tlast);
        assert (thermo(f_dut_owed));
        assert (thermo(f_dut_fill));
        // the pointers agree with the fill
        assert (f_dut_wr - f_dut_rd == fill[1:0]);
        // a verdict pulse exactly F_LAT clocks after its packet's last beat
        assert (stat_valid == f_lasts[F_LAT-1]);
        // credit: exactly the packets counted, within its range
        assert (f_dut_owe == f_lasts[0]);
        assert (owed == f_owed);
        assert (owed + f_dut_owe <= QUEUE);
        // verdicts stored are the packets past their pulse, not yet taken
        assert (fill + m_axis_tvalid + f_flight + f_lasts[F_LAT-1] == owed + f_dut_owe);
        // never written full, never read empty, never taken beyond the credit
        assert (!(stat_valid && f_dut_fill[QUEUE-1] && !f_dut_q_load));
        assert (!(f_dut_q_load && !f_dut_fill[0]));
        assert (!(m_take && !f_dut_owed[0]));
    end
end

// docs/interface.md: ready exactly when, two clocks earlier, fewer than
// QUEUE-3 packets had been accepted more than a clock before and not yet taken
reg f_past2 = 1'b0;
always @(posedge clk) f_past2 <= f_past_valid;
always @(posedge clk) begin
    if (f_past2 && !$past(rst, 2) && !$past(rst) && !rst) begin
        assert (s_axis_tready == ($past(f_owed, 2) < QUEUE - 3));
    end
end

`ifdef F_RATE
// SPEC §5 at the default QUEUE: with the output always ready the validator
// takes a beat every clock on any input, 1-byte packets back to back included
// (the credit never reaches QUEUE-3, since verdicts leave a fixed 14 clocks
// after their packet's last beat).
always @(*) if (f_past_valid) assume (m_axis_tready);
always @(*) begin
    if (f_past_valid) begin
        // with the output always ready the buffer holds at most one verdict
        assert (fill <= 1);
        assert (s_axis_tready);
    end
end
`endif

`ifdef F_COVER
reg f_rst_mid = 1'b0;
always @(posedge clk) if (rst && s_open) f_rst_mid <= 1'b1;
always @(posedge clk) begin
    if (!rst) begin
        // the buffer as full as the credit lets it get (QUEUE-2 entries and the
        // output register), with s_axis_tready withdrawn
        cover (f_dut_fill[QUEUE-3] && m_axis_tvalid && !s_axis_tready);
        cover (m_take && m_axis_tuser[3:1] == CLS_TOO_SHORT);
        cover (m_take && m_axis_tuser[3:1] == CLS_TOO_LONG);
        cover (m_take && m_axis_tuser[3:1] == CLS_OVERLONG);
        cover (m_take && m_axis_tuser[3:1] == CLS_SURROGATE);
        cover (m_take && m_axis_tuser[3:1] == CLS_TOO_LARGE);
        cover (m_take && m_axis_tuser[3:1] == CLS_HEADER_BITS);
        cover (s_take && s_axis_tlast && !s_open && s_axis_tkeep == 1
               && $past(s_take && s_axis_tlast && !s_open && s_axis_tkeep == 1));
        cover (f_rst_mid && m_take);
    end
end
`endif

endmodule

`default_nettype wire
