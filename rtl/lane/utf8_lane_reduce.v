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
    // items in: a power of two, 1..128
    parameter N = 4,
    // bits of each count in, at least 1
    parameter W = 1,
    // items per group at most: a power of two, so that groups divide N
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

// Parameter checks. An illegal value instantiates a module that does not exist,
// named after the rule it breaks, where Verilator, Icarus and Yosys all stop
// elaborating. An initial block's $error would pass Verilator's lint and Icarus's
// compile, and stop only a simulation.
generate
    if (N < 1 || N > 128 || (N & (N - 1)) != 0) begin : g_check_n
        error_N_must_be_1_2_4_8_16_32_64_or_128 stop ();
    end
    if (W < 1) begin : g_check_w
        error_W_must_be_at_least_1 stop ();
    end
    if (GROUP < 1 || (GROUP & (GROUP - 1)) != 0) begin : g_check_group
        error_GROUP_must_be_a_power_of_two stop ();
    end
    if (G != ((N >= GROUP) ? GROUP : N) || WO != W + $clog2(G)) begin : g_check_derived
        error_G_and_WO_are_derived_not_to_be_set stop ();
    end
endgenerate

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
