// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`default_nettype none

/*
 * AXI4 read-channel rules of one master port, in the manner of ZipCPU's
 * faxi_master (read half): what the memory may do is ASSUMED, what the master
 * must do is ASSERTED. Written from the AXI4 protocol (ARM IHI 0022, A3.2,
 * A3.3, A3.4.1 "a burst must not cross a 4KB address boundary", A5):
 *  - the AR channel's own rules, shared with the write side (utf8_faxi_addr):
 *    no ARVALID the clock after reset; an AR held with its payload until
 *    taken; INCR, full-width beats, aligned, at most MAX_BURST beats, inside
 *    one 4 KiB page;
 *  - no RVALID in reset or the clock after it, and an R beat offered and not
 *    taken stays offered unchanged (assumed of the memory);
 *  - never more than F_MAX_OUT bursts in flight;
 *  - the memory answers only bursts asked for, in order (one ID), with RLAST
 *    on each burst's last beat and only there.
 * The bursts in flight are kept in a small queue of their lengths; f_out is
 * their number and f_due the beats they still owe, for a harness's invariants
 * (a k-induction proof needs the master's own counts tied to them). The
 * queue's own consistency is asserted: with no burst in flight none of its
 * beats has come, and the oldest has not had more beats than it asked for.
 */
module utf8_faxi_rd #(
    parameter ADDR_W = 16,
    parameter DATA_W = 64,
    parameter MAX_BURST = 4,
    parameter F_MAX_OUT = 2,
    parameter OUT_W = 2       // bits of f_out: F_MAX_OUT + 1 values
) (
    input  wire              clk,
    input  wire              rst,
    input  wire [ADDR_W-1:0] araddr,
    input  wire [7:0]        arlen,
    input  wire [2:0]        arsize,
    input  wire [1:0]        arburst,
    input  wire              arvalid,
    input  wire              arready,
    input  wire [DATA_W-1:0] rdata,
    input  wire [1:0]        rresp,
    input  wire              rlast,
    input  wire              rvalid,
    input  wire              rready,
    output reg  [OUT_W-1:0]  f_out,
    output reg  [15:0]       f_due
);

reg f_past_valid = 1'b0;
always @(posedge clk) f_past_valid <= 1'b1;

wire ar_take = arvalid && arready;
wire r_take = rvalid && rready;

// The bursts in flight, oldest first: their lengths (ARLEN), and the beats of
// the oldest already received.
reg [7:0] f_len [0:F_MAX_OUT-1];
reg [7:0] f_got;
wire      f_head_last = (f_got == f_len[0]);

integer i;
initial begin
    f_out = {OUT_W{1'b0}};
    f_got = 8'd0;
    for (i = 0; i < F_MAX_OUT; i = i + 1) f_len[i] = 8'd0;
end

always @(posedge clk) begin
    if (rst) begin
        f_out <= {OUT_W{1'b0}};
        f_got <= 8'd0;
    end else begin
        if (r_take) begin
            f_got <= f_head_last ? 8'd0 : f_got + 8'd1;
        end
        if (r_take && f_head_last) begin
            // the oldest burst is done: the queue moves up
            for (i = 0; i + 1 < F_MAX_OUT; i = i + 1) f_len[i] <= f_len[i + 1];
            if (ar_take) f_len[f_out - 1] <= arlen;
            f_out <= f_out + ar_take - 1'b1;
        end else begin
            if (ar_take) f_len[f_out] <= arlen;
            f_out <= f_out + ar_take;
        end
    end
end

integer j;
always @(*) begin
    f_due = 16'd0;
    for (j = 0; j < F_MAX_OUT; j = j + 1) begin
        if (j < f_out) f_due = f_due + {8'd0, f_len[j]} + 16'd1;
    end
    f_due = f_due - {8'd0, f_got};
end

// The memory: nothing before the first clock, in reset or the clock after;
// beats only for bursts asked for, RLAST exactly on each burst's last beat.
always @(*) begin
    if (!f_past_valid || rst) begin
        assume (!rvalid);
    end
    if (rvalid) begin
        assume (f_out != 0);
        assume (rlast == f_head_last);
    end
end

always @(posedge clk) begin
    if (f_past_valid && $past(rst)) begin
        assume (!rvalid);
    end
    if (f_past_valid && !$past(rst) && !rst) begin
        if ($past(rvalid) && !$past(rready)) begin
            assume (rvalid);
            assume ($stable(rdata));
            assume ($stable(rresp));
            assume ($stable(rlast));
        end
    end
end

// The address channel's own rules (4 KiB included).
utf8_faxi_addr #(
    .ADDR_W(ADDR_W),
    .DATA_W(DATA_W),
    .MAX_BURST(MAX_BURST)
) ar_rules (
    .clk(clk),
    .rst(rst),
    .addr(araddr),
    .len(arlen),
    .size(arsize),
    .burst(arburst),
    .valid(arvalid),
    .ready(arready)
);

always @(*) begin
    if (f_past_valid && !rst) begin
        assert (f_out <= F_MAX_OUT);
        if (f_out == 0) begin
            assert (f_got == 8'd0);
        end else begin
            assert (f_got <= f_len[0]);
        end
    end
end

endmodule

`default_nettype wire
