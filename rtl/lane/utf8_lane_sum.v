// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Sum of N unsigned values of IN_WIDTH bits as a balanced tree of adders
 * (log2(N) levels, each only as wide as its partial sums need) rather than the
 * chain a loop would describe. The wide blocks count units per class with it.
 * Purely combinational.
 */
module utf8_lane_sum #(
    // values to add: a power of two, 1..128
    parameter N = 8,
    // bits of each value, at least 1
    parameter IN_WIDTH = 1
) (
    input  wire [N*IN_WIDTH-1:0]                in_values,
    output wire [IN_WIDTH+$clog2(N)-1:0]        sum
);

localparam LEVELS = (N > 1) ? $clog2(N) : 0;

// Parameter checks. An illegal value instantiates a module that does not exist,
// named after the rule it breaks, where Verilator, Icarus and Yosys all stop
// elaborating. An initial block's $error would pass Verilator's lint and Icarus's
// compile, and stop only a simulation.
generate
    if (N < 1 || N > 128 || (N & (N - 1)) != 0) begin : g_check_n
        error_N_must_be_1_2_4_8_16_32_64_or_128 stop ();
    end
    if (IN_WIDTH < 1) begin : g_check_in_width
        error_IN_WIDTH_must_be_at_least_1 stop ();
    end
endgenerate

genvar l, i;
generate
    if (IN_WIDTH == 1 && N == 4) begin : g_pop4
        // Four bits: each sum bit is one LUT of the four, where an adder tree
        // maps to two carry chains with routing between them.
        wire [3:0] x = in_values;
        assign sum = {&x,
                      (x[0] & x[1]) ^ (x[2] & x[3]) ^ ((x[0] ^ x[1]) & (x[2] ^ x[3])),
                      ^x};
    end else if (IN_WIDTH == 1 && N == 2) begin : g_pop2
        assign sum = {&in_values, ^in_values};
    end else begin : g_adders
        for (l = 0; l < LEVELS; l = l + 1) begin : g_level
            // Level l adds pairs of (IN_WIDTH+l)-bit sums into N >> (l+1) sums one bit wider.
            localparam N_OUT = N >> (l + 1);
            localparam W_IN = IN_WIDTH + l;
            wire [W_IN*2*N_OUT-1:0]   s_in;
            wire [(W_IN+1)*N_OUT-1:0] s_out;
            if (l == 0) begin : g_first
                assign s_in = in_values;
            end else begin : g_next
                assign s_in = g_level[l-1].s_out;
            end
            for (i = 0; i < N_OUT; i = i + 1) begin : g_add
                assign s_out[(W_IN+1)*i +: W_IN+1] = {1'b0, s_in[W_IN*(2*i) +: W_IN]}
                                                   + {1'b0, s_in[W_IN*(2*i+1) +: W_IN]};
            end
        end
        if (LEVELS == 0) begin : g_one
            assign sum = in_values;
        end else begin : g_tree
            assign sum = g_level[LEVELS-1].s_out;
        end
    end
endgenerate

endmodule

`resetall
`default_nettype wire
