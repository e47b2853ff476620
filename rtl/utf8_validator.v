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
 * taken, so the pipeline itself never stalls.
 */
module utf8_validator #(
    // bytes per beat: 1, 2, 4, 8, 16, 32 or 64
    parameter LANES = 8,
    // width of the first error offset
    parameter OFFSET_WIDTH = 32,
    // width of each saturating error counter
    parameter COUNT_WIDTH = 32,
    // verdicts that may be outstanding (accepted tlast, verdict not yet taken);
    // at least the pipeline depth for back-to-back 1-byte packets at full rate
    parameter QUEUE = 16
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

localparam QCNT_W = $clog2(QUEUE + 1);
localparam VERDICT_W = OFFSET_WIDTH + 4;

initial begin
    if (LANES != 1 && LANES != 2 && LANES != 4 && LANES != 8 && LANES != 16
            && LANES != 32 && LANES != 64) begin
        $error("Error: LANES must be 1, 2, 4, 8, 16, 32 or 64 (instance %m)");
        $finish;
    end
    if (QUEUE < 2) begin
        $error("Error: QUEUE must be at least 2 (instance %m)");
        $finish;
    end
end

reg s_ready_q;
wire s_fire = s_axis_tvalid && s_ready_q;

wire                    f_valid;
wire                    f_last;
wire [OFFSET_WIDTH-1:0] f_base;
wire [LANES-1:0]        f_end;
wire [3*LANES-1:0]      f_len;
wire [3*LANES-1:0]      f_cls;
wire [32*LANES-1:0]     f_cp;

utf8_lane_front #(
    .LANES(LANES),
    .OFFSET_WIDTH(OFFSET_WIDTH)
) front_inst (
    .clk(clk),
    .rst(rst),
    .ce(1'b1),
    .cfg_mode(cfg_mode),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tkeep(s_axis_tkeep),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(s_ready_q),
    .s_axis_tlast(s_axis_tlast),
    .o_valid(f_valid),
    .o_last(f_last),
    .o_base(f_base),
    .o_end(f_end),
    .o_len(f_len),
    .o_cls(f_cls),
    .o_cp(f_cp)
);

// Code points are not needed here; synthesis drops their logic.
wire unused_cp = &{1'b0, f_cp, 1'b0};

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
    .ce(1'b1),
    .in_valid(f_valid),
    .in_last(f_last),
    .in_base(f_base),
    .in_end(f_end),
    .in_len(f_len),
    .in_cls(f_cls),
    .stat_valid(verdict),
    .stat_error(pkt_err),
    .stat_err_offset(pkt_off),
    .stat_err_class(pkt_cls),
    .err_count(err_count)
);

// ---------------------------------------------------------------------------
// Verdict queue (shift register: the head is the output register; occupancy
// as a thermometer so that no count is decoded on the way) and the credit that
// keeps it from overflowing

reg [VERDICT_W-1:0] q_mem [0:QUEUE-1];
reg [QUEUE-1:0]     q_full_q;       // thermometer: entry i holds a verdict
reg [QCNT_W-1:0]    outstanding_q;

wire m_fire = q_full_q[0] && m_axis_tready;
wire [QUEUE-1:0] q_after_pop = m_fire ? {1'b0, q_full_q[QUEUE-1:1]} : q_full_q;
wire [QCNT_W-1:0] outstanding_d = outstanding_q
    + {{(QCNT_W-1){1'b0}}, s_fire && s_axis_tlast}
    - {{(QCNT_W-1){1'b0}}, m_fire};

integer i;
always @(posedge clk) begin
    for (i = 0; i < QUEUE; i = i + 1) begin
        if (m_fire && i + 1 < QUEUE) begin
            q_mem[i] <= q_mem[i + 1];
        end
        // The new verdict goes to the first entry left empty after the pop.
        if (verdict && !q_after_pop[i] && (i == 0 || q_after_pop[i == 0 ? 0 : i - 1])) begin
            q_mem[i] <= {pkt_off, pkt_cls, pkt_err};
        end
    end
    q_full_q <= verdict ? {q_after_pop[QUEUE-2:0], 1'b1} : q_after_pop;
    outstanding_q <= outstanding_d;
    s_ready_q <= outstanding_d < QUEUE;
    if (rst) begin
        q_full_q      <= {QUEUE{1'b0}};
        outstanding_q <= {QCNT_W{1'b0}};
        s_ready_q     <= 1'b1;
    end
end

assign s_axis_tready   = s_ready_q;
assign m_axis_tdata    = q_mem[0][4 +: OFFSET_WIDTH];
assign m_axis_tuser    = q_mem[0][3:0];
assign m_axis_tvalid   = q_full_q[0];
assign m_axis_tlast    = 1'b1;
assign stat_valid      = verdict;
assign stat_error      = pkt_err;
assign stat_err_offset = pkt_off;
assign stat_err_class  = pkt_cls;

endmodule

`resetall
`default_nettype wire
