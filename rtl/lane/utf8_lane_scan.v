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
 * Kogge-Stone in steps of four: each step combines a lane with the three
 * lanes 1, 2 and 3 spans back (a span four times the step before's), at most
 * seven inputs, two LUT4 levels; a register after each step. LEVELS steps,
 * ceil(log4(LANES)) and at least one: the latency in clocks.
 */
module utf8_lane_scan #(
    // lanes per beat: 1, 2, 4, 8, 16, 32, 64 or 128
    parameter LANES = 8,
    // derived, not to be set: the steps, and so the clocks from in to out
    parameter LEVELS = (LANES <= 4) ? 1 : (LANES <= 16) ? 2 : (LANES <= 64) ? 3 : 4
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

// Step s reads level s and writes level s + 1; level 0 is the input.
wire [LANES-1:0] lvl_g [0:LEVELS];
wire [LANES-1:0] lvl_p [0:LEVELS];
assign lvl_g[0] = in_g;
assign lvl_p[0] = in_p;

genvar s, k;
generate
    for (s = 0; s < LEVELS; s = s + 1) begin : g_step
        localparam SPAN = 1 << (2 * s);
        reg [LANES-1:0] g_q;
        reg [LANES-1:0] p_q;
        for (k = 0; k < LANES; k = k + 1) begin : g_lane
            // Lanes before lane 0 are the identity: no flag, pass.
            wire g0 = lvl_g[s][k];
            wire p0 = lvl_p[s][k];
            wire g1 = (k >= SPAN)     ? lvl_g[s][(k >= SPAN)     ? k - SPAN     : 0] : 1'b0;
            wire p1 = (k >= SPAN)     ? lvl_p[s][(k >= SPAN)     ? k - SPAN     : 0] : 1'b1;
            wire g2 = (k >= 2 * SPAN) ? lvl_g[s][(k >= 2 * SPAN) ? k - 2 * SPAN : 0] : 1'b0;
            wire p2 = (k >= 2 * SPAN) ? lvl_p[s][(k >= 2 * SPAN) ? k - 2 * SPAN : 0] : 1'b1;
            wire g3 = (k >= 3 * SPAN) ? lvl_g[s][(k >= 3 * SPAN) ? k - 3 * SPAN : 0] : 1'b0;
            wire p3 = (k >= 3 * SPAN) ? lvl_p[s][(k >= 3 * SPAN) ? k - 3 * SPAN : 0] : 1'b1;
            always @(posedge clk) begin
                g_q[k] <= g0 || (p0 && g1) || (p0 && p1 && g2) || (p0 && p1 && p2 && g3);
                p_q[k] <= p0 && p1 && p2 && p3;
            end
        end
        assign lvl_g[s + 1] = g_q;
        assign lvl_p[s + 1] = p_q;
    end
endgenerate

assign out_g = lvl_g[LEVELS];
assign out_p = lvl_p[LEVELS];

endmodule

`resetall
`default_nettype wire
