// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`default_nettype none

/*
 * AXI4 write-channel rules of one master port, the write half of
 * formal/utf8_faxi_rd.v's manner (ZipCPU's faxi_master): what the memory may
 * do is ASSUMED, what the master must do is ASSERTED. From the AXI4 protocol
 * (ARM IHI 0022, A3.2 to A3.4, A5):
 *  - the AW channel's own rules, shared with the read side (utf8_faxi_addr):
 *    no AWVALID the clock after reset; an AW held with its payload until
 *    taken; INCR, full-width beats, aligned, at most MAX_BURST beats, inside
 *    one 4 KiB page;
 *  - no WVALID the clock after reset, and a W beat offered and not taken stays
 *    offered unchanged; no BVALID in reset or the clock after it, and a B held
 *    until taken (assumed of the memory);
 *  - W beats go to the bursts in AW order, WLAST exactly on each burst's last
 *    beat; a W beat is offered only for a burst whose AW is taken or on offer;
 *  - the memory answers a burst only once its AW and its last W beat are taken.
 * The AWs taken whose W beats are not all taken are kept in a queue of
 * F_MAX_AHEAD lengths, which must not overflow (asserted).
 */
module utf8_faxi_wr #(
    parameter ADDR_W = 16,
    parameter DATA_W = 64,
    parameter MAX_BURST = 4,
    parameter F_MAX_AHEAD = 4,
    parameter CNT_W = 4
) (
    input  wire                 clk,
    input  wire                rst,
    input  wire [ADDR_W-1:0]   awaddr,
    input  wire [7:0]          awlen,
    input  wire [2:0]          awsize,
    input  wire [1:0]          awburst,
    input  wire                awvalid,
    input  wire                awready,
    input  wire [DATA_W-1:0]   wdata,
    input  wire [DATA_W/8-1:0] wstrb,
    input  wire                wlast,
    input  wire                wvalid,
    input  wire                wready,
    input  wire [1:0]          bresp,
    input  wire                bvalid,
    input  wire                bready
);

reg f_past_valid = 1'b0;
always @(posedge clk) f_past_valid <= 1'b1;

wire aw_take = awvalid && awready;
wire w_take = wvalid && wready;
wire b_take = bvalid && bready;

// AWs taken whose W beats are not all taken, oldest first; the beats of the
// oldest burst taken so far; bursts whose AW and last W are both taken and
// whose B has not been.
reg [7:0]       f_len [0:F_MAX_AHEAD-1];
reg [CNT_W-1:0] f_ahead;
reg [7:0]       f_wgot;
reg [CNT_W-1:0] f_unanswered;
// the AW on offer has all its W beats taken already (W ahead of AW)
reg             f_early;

// the burst the next W beat belongs to: the oldest queued, or the AW on offer
wire       f_have_burst = (f_ahead != 0) || (awvalid && !f_early);
wire [7:0] f_cur_len = (f_ahead != 0) ? f_len[0] : awlen;
wire       f_w_is_last = (f_wgot == f_cur_len);
wire       f_burst_done = w_take && f_w_is_last;
wire       f_done_unqueued = f_burst_done && (f_ahead == 0);
// the burst a last W ends leaves the queue if it was queued; an AW whose W
// beats are all taken (before it or with it) never enters it
wire       f_pop = f_burst_done && (f_ahead != 0);
wire       f_push = aw_take && !f_early && !f_done_unqueued;
// a burst is complete once its AW and its last W are both taken
wire       f_complete = (f_burst_done && (f_ahead != 0 || aw_take)) || (f_early && aw_take);

integer i;
initial begin
    f_ahead = {CNT_W{1'b0}};
    f_wgot = 8'd0;
    f_unanswered = {CNT_W{1'b0}};
    f_early = 1'b0;
    for (i = 0; i < F_MAX_AHEAD; i = i + 1) f_len[i] = 8'd0;
end

always @(posedge clk) begin
    if (rst) begin
        f_ahead <= {CNT_W{1'b0}};
        f_wgot <= 8'd0;
        f_unanswered <= {CNT_W{1'b0}};
        f_early <= 1'b0;
    end else begin
        if (w_take) begin
            f_wgot <= f_w_is_last ? 8'd0 : f_wgot + 8'd1;
        end
        if (f_pop) begin
            for (i = 0; i + 1 < F_MAX_AHEAD; i = i + 1) f_len[i] <= f_len[i + 1];
            if (f_push) f_len[f_ahead - 1] <= awlen;
        end else if (f_push) begin
            f_len[f_ahead] <= awlen;
        end
        f_ahead <= f_ahead + f_push - f_pop;
        f_unanswered <= f_unanswered + (f_complete ? 1'b1 : 1'b0) - (b_take ? 1'b1 : 1'b0);
        f_early <= f_early ? !aw_take : (f_done_unqueued && !aw_take);
    end
end

// The memory
always @(*) begin
    if (!f_past_valid || rst) begin
        assume (!bvalid);
    end
    if (bvalid) begin
        assume (f_unanswered != 0);
    end
end

always @(posedge clk) begin
    if (f_past_valid && $past(rst)) begin
        assume (!bvalid);
        assert (!wvalid);
    end
    if (f_past_valid && !$past(rst) && !rst) begin
        if ($past(bvalid) && !$past(bready)) begin
            assume (bvalid);
            assume ($stable(bresp));
        end
        if ($past(wvalid) && !$past(wready)) begin
            assert (wvalid);
            assert ($stable(wdata));
            assert ($stable(wstrb));
            assert ($stable(wlast));
        end
    end
end

// The address channel's own rules (4 KiB included).
utf8_faxi_addr #(
    .ADDR_W(ADDR_W),
    .DATA_W(DATA_W),
    .MAX_BURST(MAX_BURST)
) aw_rules (
    .clk(clk),
    .rst(rst),
    .addr(awaddr),
    .len(awlen),
    .size(awsize),
    .burst(awburst),
    .valid(awvalid),
    .ready(awready)
);

always @(*) begin
    if (f_past_valid && !rst) begin
        if (wvalid) begin
            assert (f_have_burst);
            assert (wlast == f_w_is_last);
        end
        assert (f_ahead <= F_MAX_AHEAD);
        if (f_ahead == F_MAX_AHEAD) begin
            assert (!awvalid);   // the queue would overflow
        end
    end
end

endmodule

`default_nettype wire
