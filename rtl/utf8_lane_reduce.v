// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * One step of the wide blocks' status reduction: N items (lanes, or groups of
 * lanes from the step before) become N/G, G = min(GROUP, N). Each item carries
 * an error flag, the start of its first error unit relative to the beat's lane
 * 0, that unit's class and a count per class; a group keeps the lowest item's
 * error (items are in stream order) and the sum of the counts. Small groups
 * keep each step a few LUTs deep (four 1-bit counts are a LUT popcount, two
 * wider ones one carry chain), so utf8_lane_status puts a register after every
 * step. Purely combinational.
 */
module utf8_lane_reduce #(
    // items in: a power of two, 1..64
    parameter N = 4,
    // bits of each count in
    parameter W = 1,
    // items per group at most: a power of two
    parameter GROUP = 4,
    // derived, not to be set: items per group, bits of each count out
    parameter G = (N >= GROUP) ? GROUP : N,
    parameter WO = W + $clog2(G)
) (
    input  wire [N-1:0]          in_err,
    input  wire [8*N-1:0]        in_rel,
    input  wire [3*N-1:0]        in_cls,
    input  wire [6*W*N-1:0]      in_cnt,    // class c (1..6), item i at [((c-1)*N + i)*W +: W]
    output reg  [N/G-1:0]        out_err,
    output reg  [8*(N/G)-1:0]    out_rel,
    output reg  [3*(N/G)-1:0]    out_cls,
    output wire [6*WO*(N/G)-1:0] out_cnt    // class c, group g at [((c-1)*(N/G) + g)*WO +: WO]
);

localparam NO = N / G;

integer g, k;
always @* begin
    out_err = {NO{1'b0}};
    out_rel = {8*NO{1'b0}};
    out_cls = {3*NO{1'b0}};
    for (g = 0; g < NO; g = g + 1) begin
        // Highest item first, so that the lowest one with an error is the one that stays.
        for (k = G - 1; k >= 0; k = k - 1) begin
            if (in_err[g*G + k]) begin
                out_err[g] = 1'b1;
                out_rel[8*g +: 8] = in_rel[8*(g*G + k) +: 8];
                out_cls[3*g +: 3] = in_cls[3*(g*G + k) +: 3];
            end
        end
    end
end

genvar c, i;
generate
    for (c = 0; c < 6; c = c + 1) begin : g_class
        for (i = 0; i < NO; i = i + 1) begin : g_group
            utf8_lane_sum #(
                .N(G),
                .IN_WIDTH(W)
            ) sum_inst (
                .in_values(in_cnt[(c*N + i*G)*W +: G*W]),
                .sum(out_cnt[(c*NO + i)*WO +: WO])
            );
        end
    end
endgenerate

endmodule

`resetall
`default_nettype wire
