// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Wide UTF-8 validator: takes LANES bytes per clock on any input and gives one
 * verdict beat per packet (first error offset, its class) plus per-class error
 * counters, exactly as the functional model's Validate() / Summarize() of the
 * packet (../shared/SPEC.md §3). The lanes decide in parallel
 * (utf8_lane_front); utf8_lane_status OR-reduces the error flags, priority-
 * encodes the first error unit (its start may lie in the previous beat),
 * counts units per class and keeps the first error of the packet; its status
 * pulse is the verdict. Verdicts wait in a small queue; s_axis_tready (registered) is
 * withdrawn only while QUEUE packets are accepted and their verdicts not yet
 * taken, so the pipeline itself never stalls and nothing in it has a clock
 * enable driven by m_axis_tready.
 */
module utf8_validator #(
    // bytes per beat: 1, 2, 4, 8, 16, 32, 64 or 128
    parameter LANES = 8,
    // width of the first error offset, at least 16 (utf8_lane_status)
    parameter OFFSET_WIDTH = 32,
    // width of each saturating error counter, at least 16 (utf8_lane_status)
    parameter COUNT_WIDTH = 32,
    // verdicts that may be outstanding (accepted tlast, verdict not yet taken):
    // a power of two, at least 4 (the ready two clocks on reads owed_q[QUEUE-4]), and
    // more than the pipeline depth for back-to-back 1-byte packets at full rate
    parameter QUEUE = 32
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

    // Verdict output, one beat per packet
    output wire [OFFSET_WIDTH-1:0]   m_axis_tdata,
    output wire [3:0]                m_axis_tuser,
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

localparam VERDICT_W = OFFSET_WIDTH + 4;

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

reg s_ready_q;
reg s_ready_pre_q;  // its next value outside reset
reg s_ready_d;      // and the one after, which the front end registers middle copies of
wire s_fire = s_axis_tvalid && s_ready_q;

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

// The status clears a beat that is not valid itself (its idle flag), so the
// front's unit flags need neither a valid term nor a reset (IDLE_CLEAR 0).
utf8_lane_front #(
    .LANES(LANES),
    .OFFSET_WIDTH(OFFSET_WIDTH),
    .IDLE_CLEAR(0),
    .READY_AHEAD(1)
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
// The packet is the only string: its marks are the packet's ends.
wire unused_str = &{1'b0, dec_start, dec_str_end, 1'b0};

// Code points are not needed here; synthesis drops their logic.
wire unused_cp = &{1'b0, dec_cp, 1'b0};
// The beat's bytes are the sanitizer's; synthesis drops these registers.
wire unused_bytes = &{1'b0, dec_data, dec_keep, 1'b0};

// ---------------------------------------------------------------------------
// Status: first error unit of each packet, per-class counters

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
// Verdict queue: a circular buffer in front of the output register, which
// reloads when it is empty or taken; m_axis_tready then enables only that
// register and the read pointer. The entries are counted as a thermometer, so
// that "empty" is one of its flops and its next value a shift chosen by the
// clock's two events: no compare of the pointers on the way to the load, and
// no carry chain after m_axis_tready, as a binary count's add would be. The
// credit (verdicts owed: packets accepted, verdict not yet taken) keeps the
// buffer from overflowing. It is a thermometer too, so the next ready is one
// of its bits (below): no adder or compare, which on a binary count would be a
// carry chain, lies between m_axis_tready and s_axis_tready.

localparam PTR_W = $clog2(QUEUE);

reg [VERDICT_W-1:0] q_mem [0:QUEUE-1];
reg [PTR_W-1:0]     q_wr_q;
reg [PTR_W-1:0]     q_rd_q;
reg [QUEUE-1:0]     q_fill_q;   // thermometer: q_fill_q[i] = more than i entries
reg                 out_valid_q;
reg [VERDICT_W-1:0] out_q;
reg [QUEUE-1:0]     owed_q;     // thermometer: owed_q[i] = more than i verdicts owed,
                                // not counting owe_q's
reg                 owe_q;      // a packet's last beat was accepted a clock ago

wire m_fire = out_valid_q && m_axis_tready;
wire q_load = q_fill_q[0] && (!out_valid_q || m_axis_tready);
wire owe    = s_fire && s_axis_tlast;

always @(posedge clk) begin
    if (verdict) begin
        q_mem[q_wr_q] <= {pkt_off, pkt_cls, pkt_err};
        q_wr_q <= q_wr_q + 1'b1;
    end
    if (q_load) begin
        out_q  <= q_mem[q_rd_q];
        q_rd_q <= q_rd_q + 1'b1;
    end
    if (q_load) begin
        out_valid_q <= 1'b1;
    end else if (m_fire) begin
        out_valid_q <= 1'b0;
    end
    case ({verdict, q_load})
        2'b10:   q_fill_q <= {q_fill_q[QUEUE-2:0], 1'b1};
        2'b01:   q_fill_q <= {1'b0, q_fill_q[QUEUE-1:1]};
        default: q_fill_q <= q_fill_q;
    endcase
    s_ready_pre_q <= s_ready_d;
    s_ready_q     <= s_ready_pre_q;
    owe_q     <= owe;
    case ({owe_q, m_fire})
        2'b10:   owed_q <= {owed_q[QUEUE-2:0], 1'b1};
        2'b01:   owed_q <= {1'b0, owed_q[QUEUE-1:1]};
        default: owed_q <= owed_q;
    endcase
    if (rst) begin
        s_ready_pre_q <= 1'b1;
        s_ready_q     <= 1'b1;
        q_wr_q        <= {PTR_W{1'b0}};
        q_rd_q        <= {PTR_W{1'b0}};
        q_fill_q      <= {QUEUE{1'b0}};
        out_valid_q   <= 1'b0;
        owed_q        <= {QUEUE{1'b0}};
        owe_q         <= 1'b0;
    end
end

// The credit counts a packet a clock after its last beat is accepted (owe_q),
// so that s_axis_tvalid reaches only that flop, not the thermometer's QUEUE
// flops and their long route. Ready two clocks on: fewer than QUEUE-3
// verdicts counted now, whatever this clock's and the next clock's events;
// with owe_q's and those two clocks' at most three more are owed, so the
// buffer never overflows. The entries this costs are why QUEUE is well above
// the pipeline's depth. Read from a flop, the ready has no LUT in front of
// the copies but an inverter; a clock ahead, it goes through a few middle
// copies in the front end (READY_AHEAD) instead of reaching all of its ready
// copies, spread over the beat, in one clock: that route was the longest path
// at LANES 128 on ECP5 (4.2 ns).
always @* begin
    s_ready_d = !owed_q[QUEUE-4];
end

assign s_axis_tready   = s_ready_q;
assign m_axis_tdata    = out_q[4 +: OFFSET_WIDTH];
assign m_axis_tuser    = out_q[3:0];
assign m_axis_tvalid   = out_valid_q;
assign m_axis_tlast    = 1'b1;
assign stat_valid      = verdict;
assign stat_error      = pkt_err;
assign stat_err_offset = pkt_off;
assign stat_err_class  = pkt_cls;

endmodule

`resetall
`default_nettype wire
