// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Segmented OR scan over the lanes of a beat, as a carry-lookahead adder
 * works out its carries: each lane brings a flag (g, "set here") and a pass
 * (p, "what came before me shows through"); out_g[k] says some lane j <= k
 * set its flag with every lane after j up to k passing, out_p[k] that every
 * lane 0..k passes, so the owner finishes lane k with the flag carried in
 * from the beats before as out_g[k] | out_p[k] & carry. The string validator
 * uses it twice: a string is ill-formed when an error unit ends in it (the
 * flag) and a string start stops what came before (the pass); and with every
 * pass set, as the first ill-formed string of a beat.
 *
 * Kogge-Stone: each level combines a lane with the lane one span back (the
 * span doubling from level to level), g' = g | p & g_back and p' = p &
 * p_back, one LUT4 each, and a register after every level. With two levels
 * (or a step of four) between registers, synthesis merges them into
 * functions of seven inputs, LUT4s and wide muxes three times the size of
 * the flops this costs (at LANES 64: 1,266 LUT4 and 924 muxes against 768
 * LUT4). LEVELS = log2(LANES) register stages, at least one: the latency in
 * clocks. With OR_ONLY (every pass set, a plain OR over the lanes at or below
 * each: the string validator's first ill-formed string), each register stage
 * takes a step of four instead, an OR of four, one LUT4: LEVELS =
 * ceil(log4(LANES)), at least one.
 */
module utf8_lane_scan #(
    // lanes per beat: 1, 2, 4, 8, 16, 32, 64 or 128
    parameter LANES = 8,
    // 1: in_p is all ones (a plain OR prefix), in steps of four
    parameter OR_ONLY = 0,
    // derived, not to be set: the register stages, and so the clocks from in to out
    parameter LEVELS = (OR_ONLY != 0) ? ((LANES <= 4) ? 1 : (LANES <= 16) ? 2 : (LANES <= 64) ? 3 : 4)
                               : ((LANES <= 2) ? 1 : $clog2(LANES))
) (
    input  wire             clk,
    input  wire [LANES-1:0] in_g,
    input  wire [LANES-1:0] in_p,
    output wire [LANES-1:0] out_g,
    output wire [LANES-1:0] out_p
);

// Parameter checks. An illegal value instantiates a module that does not exist,
// named after the rule it breaks, where Verilator, Icarus and Yosys all stop
// elaborating. An initial block's $error would pass Verilator's lint and Icarus's
// compile, and stop only a simulation.
generate
    if (LANES < 1 || LANES > 128 || (LANES & (LANES - 1)) != 0) begin : g_check_lanes
        error_LANES_must_be_1_2_4_8_16_32_64_or_128 stop ();
    end
endgenerate

localparam DEPTH = $clog2(LANES);   // combining levels

// Stage s takes the stage before's registers (stage 0 the inputs) through
// level s and registers the result.
wire [LANES-1:0] stg_g [0:LEVELS];
wire [LANES-1:0] stg_p [0:LEVELS];
assign stg_g[0] = in_g;
assign stg_p[0] = in_p;

genvar s, k;
generate
    for (s = 0; s < LEVELS; s = s + 1) begin : g_stage
        localparam SPAN = (OR_ONLY != 0) ? (1 << (2 * s)) : (1 << s);
        localparam HAS = (OR_ONLY != 0) ? (2 * s < DEPTH) : (s < DEPTH);
        wire [LANES-1:0] g_in = stg_g[s];
        wire [LANES-1:0] p_in = stg_p[s];
        wire unused_p_in = &{1'b0, p_in, 1'b0};   // (all ones with OR_ONLY)
        reg  [LANES-1:0] g_q;
        reg  [LANES-1:0] p_q;
        for (k = 0; k < LANES; k = k + 1) begin : g_lane
            // no lane that far back (or, at LANES 1, no level): as it is
            if (OR_ONLY != 0 && HAS) begin : g_or4
                // lanes k, k - SPAN, k - 2 SPAN, k - 3 SPAN, those that exist
                always @(posedge clk) begin
                    g_q[k] <= g_in[k] || (k >= SPAN && g_in[(k >= SPAN) ? k - SPAN : 0])
                                      || (k >= 2 * SPAN && g_in[(k >= 2 * SPAN) ? k - 2 * SPAN : 0])
                                      || (k >= 3 * SPAN && g_in[(k >= 3 * SPAN) ? k - 3 * SPAN : 0]);
                    p_q[k] <= 1'b1;
                end
            end else if (HAS && k >= SPAN) begin : g_combine
                always @(posedge clk) begin
                    g_q[k] <= g_in[k] || (p_in[k] && g_in[k - SPAN]);
                    p_q[k] <= p_in[k] && p_in[k - SPAN];
                end
            end else begin : g_pass
                always @(posedge clk) begin
                    g_q[k] <= g_in[k];
                    p_q[k] <= p_in[k];
                end
            end
        end
        assign stg_g[s + 1] = g_q;
        assign stg_p[s + 1] = p_q;
    end
endgenerate

assign out_g = stg_g[LEVELS];
assign out_p = stg_p[LEVELS];

endmodule

`resetall
`default_nettype wire
