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
 * (utf8_lane_front); a reduction stage OR-reduces the error flags, priority-
 * encodes the first error unit (its start may lie in the previous beat) and
 * counts units per class; an accumulate stage keeps the first error of the
 * packet. Verdicts wait in a small queue; s_axis_tready (registered) is
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
    // verdicts that may be outstanding (accepted tlast, verdict not yet taken)
    parameter QUEUE = 8
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

localparam CNT_W = $clog2(LANES + 1);
localparam QCNT_W = $clog2(QUEUE + 1);
localparam VERDICT_W = OFFSET_WIDTH + 4;

initial begin
    if (LANES != 1 && LANES != 2 && LANES != 4 && LANES != 8 && LANES != 16
            && LANES != 32 && LANES != 64) begin
        $error("Error: LANES must be 1, 2, 4, 8, 16, 32 or 64 (instance %m)");
        $finish;
    end
    if (QUEUE < 1) begin
        $error("Error: QUEUE must be at least 1 (instance %m)");
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
// Reduce: error flags, first error unit, units per class

reg [LANES-1:0] err_lane;
reg [LANES-1:0] err_first;       // one-hot: the first lane where an error unit ends
reg [7:0]       first_rel;       // start of that unit relative to lane 0 (two's complement)
reg [2:0]       first_cls;
reg [6*CNT_W-1:0] cls_cnt;       // class c (1..6) at [(c-1)*CNT_W +: CNT_W]
integer k, c;

always @* begin
    for (k = 0; k < LANES; k = k + 1) begin
        err_lane[k] = f_end[k] && f_cls[3*k +: 3] != 3'd0;
    end
    err_first = err_lane & ~(err_lane - 1'b1);
    first_rel = 8'd0;
    first_cls = 3'd0;
    for (k = 0; k < LANES; k = k + 1) begin
        if (err_first[k]) begin
            first_rel = first_rel | (k[7:0] + 8'd1 - {5'd0, f_len[3*k +: 3]});
            first_cls = first_cls | f_cls[3*k +: 3];
        end
    end
    cls_cnt = {6*CNT_W{1'b0}};
    for (c = 1; c <= 6; c = c + 1) begin
        for (k = 0; k < LANES; k = k + 1) begin
            cls_cnt[(c-1)*CNT_W +: CNT_W] = cls_cnt[(c-1)*CNT_W +: CNT_W]
                + {{(CNT_W-1){1'b0}}, f_end[k] && f_cls[3*k +: 3] == c[2:0]};
        end
    end
end

reg                    r_valid_q;
reg                    r_last_q;
reg [OFFSET_WIDTH-1:0] r_base_q;
reg                    r_err_q;
reg [7:0]              r_rel_q;
reg [2:0]              r_cls_q;
reg [6*CNT_W-1:0]      r_cnt_q;

always @(posedge clk) begin
    r_valid_q <= f_valid;
    r_last_q  <= f_last;
    r_base_q  <= f_base;
    r_err_q   <= |err_lane;
    r_rel_q   <= first_rel;
    r_cls_q   <= first_cls;
    r_cnt_q   <= f_valid ? cls_cnt : {6*CNT_W{1'b0}};
    if (rst) begin
        r_valid_q <= 1'b0;
    end
end

// ---------------------------------------------------------------------------
// Accumulate: first error of the packet, counters, verdict

reg                    acc_err_q;
reg [OFFSET_WIDTH-1:0] acc_off_q;
reg [2:0]              acc_cls_q;

reg                    stat_valid_q;
reg                    stat_error_q;
reg [OFFSET_WIDTH-1:0] stat_off_q;
reg [2:0]              stat_cls_q;
reg [6*COUNT_WIDTH-1:0] count_q;

wire [OFFSET_WIDTH-1:0] beat_off = r_base_q + {{(OFFSET_WIDTH-8){r_rel_q[7]}}, r_rel_q};
wire                    take_beat = r_valid_q && r_err_q && !acc_err_q;
wire                    pkt_err = acc_err_q || (r_valid_q && r_err_q);
wire [OFFSET_WIDTH-1:0] pkt_off = acc_err_q ? acc_off_q : (take_beat ? beat_off : {OFFSET_WIDTH{1'b0}});
wire [2:0]              pkt_cls = acc_err_q ? acc_cls_q : (take_beat ? r_cls_q : 3'd0);
wire                    verdict = r_valid_q && r_last_q;

// Saturating counter updates
wire [6*COUNT_WIDTH-1:0] count_d;
genvar g;
generate
    for (g = 0; g < 6; g = g + 1) begin : g_count
        wire [COUNT_WIDTH:0] sum = {1'b0, count_q[g*COUNT_WIDTH +: COUNT_WIDTH]}
            + {{(COUNT_WIDTH+1-CNT_W){1'b0}}, r_cnt_q[g*CNT_W +: CNT_W]};
        assign count_d[g*COUNT_WIDTH +: COUNT_WIDTH] =
            sum[COUNT_WIDTH] ? {COUNT_WIDTH{1'b1}} : sum[COUNT_WIDTH-1:0];
    end
endgenerate

always @(posedge clk) begin
    if (take_beat) begin
        acc_err_q <= 1'b1;
        acc_off_q <= beat_off;
        acc_cls_q <= r_cls_q;
    end
    stat_valid_q <= verdict;
    if (verdict) begin
        acc_err_q    <= 1'b0;
        stat_error_q <= pkt_err;
        stat_off_q   <= pkt_off;
        stat_cls_q   <= pkt_cls;
    end
    if (r_valid_q) begin
        count_q <= count_d;
    end
    if (rst) begin
        acc_err_q    <= 1'b0;
        stat_valid_q <= 1'b0;
        stat_error_q <= 1'b0;
        stat_off_q   <= {OFFSET_WIDTH{1'b0}};
        stat_cls_q   <= 3'd0;
        count_q      <= {6*COUNT_WIDTH{1'b0}};
    end
end

// ---------------------------------------------------------------------------
// Verdict queue (shift register: the head is the output register) and the
// credit that keeps it from overflowing

reg [VERDICT_W-1:0] q_mem [0:QUEUE-1];
reg [QCNT_W-1:0]    q_count_q;
reg [QCNT_W-1:0]    outstanding_q;

wire m_fire = q_count_q != {QCNT_W{1'b0}} && m_axis_tready;
wire [QCNT_W-1:0] q_after_pop = q_count_q - {{(QCNT_W-1){1'b0}}, m_fire};
wire [QCNT_W-1:0] outstanding_d = outstanding_q
    + {{(QCNT_W-1){1'b0}}, s_fire && s_axis_tlast}
    - {{(QCNT_W-1){1'b0}}, m_fire};

integer i;
always @(posedge clk) begin
    for (i = 0; i < QUEUE; i = i + 1) begin
        if (m_fire && i + 1 < QUEUE) begin
            q_mem[i] <= q_mem[i + 1];
        end
        if (verdict && {{(32-QCNT_W){1'b0}}, q_after_pop} == i) begin
            q_mem[i] <= {pkt_off, pkt_cls, pkt_err};
        end
    end
    q_count_q <= q_after_pop + {{(QCNT_W-1){1'b0}}, verdict};
    outstanding_q <= outstanding_d;
    s_ready_q <= outstanding_d < QUEUE;
    if (rst) begin
        q_count_q     <= {QCNT_W{1'b0}};
        outstanding_q <= {QCNT_W{1'b0}};
        s_ready_q     <= 1'b1;
    end
end

assign s_axis_tready   = s_ready_q;
assign m_axis_tdata    = q_mem[0][4 +: OFFSET_WIDTH];
assign m_axis_tuser    = q_mem[0][3:0];
assign m_axis_tvalid   = q_count_q != {QCNT_W{1'b0}};
assign m_axis_tlast    = 1'b1;
assign stat_valid      = stat_valid_q;
assign stat_error      = stat_error_q;
assign stat_err_offset = stat_off_q;
assign stat_err_class  = stat_cls_q;
assign err_count       = count_q;

endmodule

`resetall
`default_nettype wire
