// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * One saturating error counter of a scalar block's err_count (one per class:
 * six in utf8_decoder, two in utf8_encoder). An event counts one clock after
 * it is offered: inc is registered here, so that the counter starts at flops,
 * and count is the count itself, from flops. It starts at zero (reset and
 * power-up) and stops at all ones.
 *
 * The counter is a bottom segment of at most four bits and segments of at most
 * seven above it (WIDTH 32: 4, 7, 7, 7, 7). A segment steps on an event when
 * the counter is not saturated and every lower segment is all ones, a condition
 * kept per segment in a registered flag (ok). The step is added to the segment
 * rather than used as an enable: a flop with an enable takes its reset only
 * while enabled, so rst would join every enable's logic, and its route to
 * those LUTs is long; this way rst reaches only the flops' reset input, and
 * the step (one LUT of two flops) starts a carry chain of at most seven bits.
 * The flags follow the count: on a step they are worked out from the compare
 * of the bottom segment, at most four bits wide so that it is one LUT, and
 * from flags that say which segments above it are all ones (ones). Once
 * saturated, the bottom segment is all ones, never one short, so no flag
 * changes any more. Flags and counts are and-or terms with no enable, for the
 * same reason.
 */
module utf8_err_counter #(
    // bits of the count, at least 1
    parameter WIDTH = 32
) (
    input  wire             clk,
    input  wire             rst,

    // an error of this counter's class, counted one clock later
    input  wire             inc,
    output wire [WIDTH-1:0] count
);

// Parameter checks: an illegal value instantiates a module that does not exist,
// named after the rule it breaks, where Verilator, Icarus and Yosys all stop.
generate
    if (WIDTH < 1) begin : g_check_width
        error_WIDTH_must_be_at_least_1 stop ();
    end
endgenerate

localparam CNT_W0 = WIDTH < 4 ? WIDTH : 4;   // the bottom segment
localparam CNT_UP_W = 7;                     // the segments above it, at most
localparam CNT_SEGS = 1 + (WIDTH - CNT_W0 + CNT_UP_W - 1) / CNT_UP_W;
localparam [CNT_W0-1:0] ALMOST0 = {CNT_W0{1'b1}} - 1'b1;
localparam [CNT_W0-1:0] ONE0 = 1;

reg             inc_q = 1'b0;
reg [WIDTH-1:0] count_q = {WIDTH{1'b0}};
reg             sat_q = 1'b0;
wire            upper_ones;  // every segment above the bottom one is all ones
// the bottom segment is one step short of all ones
wire            almost0 = count_q[CNT_W0-1:0] == ALMOST0;
wire            step0 = inc_q && !sat_q;

always @(posedge clk) begin
    inc_q <= inc;
    count_q[CNT_W0-1:0] <= count_q[CNT_W0-1:0] + ({CNT_W0{step0}} & ONE0);
    sat_q <= sat_q || (inc_q && almost0 && upper_ones);
    if (rst) begin
        inc_q <= 1'b0;
        count_q[CNT_W0-1:0] <= {CNT_W0{1'b0}};
        sat_q <= 1'b0;
    end
end

genvar seg;
generate
    if (CNT_SEGS == 1) begin : g_bottom
        assign upper_ones = 1'b1;
    end else begin : g_upper
        // ok_q[s]: segment s steps on an event; ones_q[s]: it is all ones
        // (ones_all: with the bottom segment counted as all ones)
        reg [CNT_SEGS-1:1] ok_q = {(CNT_SEGS-1){1'b0}};
        reg [CNT_SEGS-1:1] ones_q = {(CNT_SEGS-1){1'b0}};
        wire [CNT_SEGS-1:0] ones_all = {ones_q, 1'b1};
        assign upper_ones = &ones_q;
        for (seg = 1; seg < CNT_SEGS; seg = seg + 1) begin : g_seg
            localparam LO = CNT_W0 + CNT_UP_W*(seg-1);
            localparam W = (WIDTH - LO) < CNT_UP_W ? (WIDTH - LO) : CNT_UP_W;
            localparam [W-1:0] ALMOST = {W{1'b1}} - 1'b1;
            localparam [W-1:0] ONE = 1;
            localparam [CNT_SEGS-1:0] BELOW = ~({CNT_SEGS{1'b1}} << seg);
            wire step = inc_q && ok_q[seg];
            // on a step: segments 1 to seg-1 are all ones, and not every one
            // from seg up
            wire ones_below = &(ones_all | ~BELOW);
            wire ones_from = &(ones_all | BELOW);
            always @(posedge clk) begin
                count_q[LO +: W] <= count_q[LO +: W] + ({W{step}} & ONE);
                ok_q[seg] <= (inc_q && almost0 && ones_below && !ones_from) ||
                             (!inc_q && ok_q[seg]);
                ones_q[seg] <= (step && count_q[LO +: W] == ALMOST) || (!step && ones_q[seg]);
                if (rst) begin
                    count_q[LO +: W] <= {W{1'b0}};
                    ok_q[seg] <= 1'b0;
                    ones_q[seg] <= 1'b0;
                end
            end
`ifdef VERILATOR
            always @(posedge clk) begin
                if (!rst) begin
                    assert (ones_q[seg] == &count_q[LO +: W]);
                    assert (ok_q[seg] == (!sat_q && &count_q[LO-1:0]));
                end
            end
`endif
        end
    end
endgenerate

assign count = count_q;

// ---------------------------------------------------------------------------
// Assertions (simulation only; Verilator with --assert)
`ifdef VERILATOR
always @(posedge clk) begin
    if (!rst) begin
        assert (sat_q == &count_q);
    end
end
`endif

endmodule

`resetall
`default_nettype wire
