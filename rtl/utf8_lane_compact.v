// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Compaction network of the wide decoder: moves the valid elements of a beat
 * down into the low lanes, keeping their order. Each valid element comes with
 * its shift, the number of invalid lanes below it; level j moves an element
 * down by 2^j when bit j of its shift is set. Taking the bits from the least
 * significant one up, two elements never meet in a lane, so each level is one
 * 2:1 choice per lane: log2(LANES) levels, LANES*log2(LANES) multiplexers.
 * Purely combinational; lanes left empty read as zero.
 */
module utf8_lane_compact #(
    // lanes: 1, 2, 4, 8, 16, 32 or 64
    parameter LANES = 8,
    // bits per element
    parameter WIDTH = 38,
    // bits of a shift (at least 1)
    parameter SHIFT_WIDTH = (LANES > 1) ? $clog2(LANES) : 1
) (
    input  wire [WIDTH*LANES-1:0]       in_elem,
    input  wire [LANES-1:0]             in_valid,
    input  wire [SHIFT_WIDTH*LANES-1:0] in_shift,   // valid lanes below each element
    output wire [WIDTH*LANES-1:0]       out_elem,
    output wire [LANES-1:0]             out_valid
);

localparam LEVELS = (LANES > 1) ? $clog2(LANES) : 0;

genvar j, p;
generate
    for (j = 0; j < LEVELS; j = j + 1) begin : g_level
        // This level's input (the previous level's output) and output.
        wire [WIDTH*LANES-1:0]       e_in;
        wire [LANES-1:0]             v_in;
        wire [SHIFT_WIDTH*LANES-1:0] s_in;
        wire [WIDTH*LANES-1:0]       e_out;
        wire [LANES-1:0]             v_out;
        wire [SHIFT_WIDTH*LANES-1:0] s_out;
        if (j == 0) begin : g_first
            assign e_in = in_elem;
            assign v_in = in_valid;
            assign s_in = in_shift;
        end else begin : g_next
            assign e_in = g_level[j-1].e_out;
            assign v_in = g_level[j-1].v_out;
            assign s_in = g_level[j-1].s_out;
        end
        for (p = 0; p < LANES; p = p + 1) begin : g_lane
            wire [SHIFT_WIDTH-1:0] here_s = s_in[p*SHIFT_WIDTH +: SHIFT_WIDTH];
            wire stay = v_in[p] && !here_s[j];
            wire from_above;
            wire [SHIFT_WIDTH-1:0] above_s;
            wire [WIDTH-1:0] above_e;
            if (p + (1 << j) < LANES) begin : g_above
                assign above_s = s_in[(p + (1 << j))*SHIFT_WIDTH +: SHIFT_WIDTH];
                assign above_e = e_in[(p + (1 << j))*WIDTH +: WIDTH];
                assign from_above = v_in[p + (1 << j)] && above_s[j];
            end else begin : g_none
                assign above_s = {SHIFT_WIDTH{1'b0}};
                assign above_e = {WIDTH{1'b0}};
                assign from_above = 1'b0;
            end
            assign v_out[p] = from_above || stay;
            assign s_out[p*SHIFT_WIDTH +: SHIFT_WIDTH] = from_above ? above_s : here_s;
            assign e_out[p*WIDTH +: WIDTH] =
                from_above ? above_e : (stay ? e_in[p*WIDTH +: WIDTH] : {WIDTH{1'b0}});
        end
    end
    if (LEVELS == 0) begin : g_wire
        assign out_elem  = in_elem;
        assign out_valid = in_valid;
        // One lane never moves.
        wire unused_shift = &{1'b0, in_shift, 1'b0};
    end else begin : g_out
        assign out_elem  = g_level[LEVELS-1].e_out;
        assign out_valid = g_level[LEVELS-1].v_out;
        // The shifts are spent once the last level has moved everything.
        wire unused_shift = &{1'b0, g_level[LEVELS-1].s_out, 1'b0};
    end
endgenerate

endmodule

`resetall
`default_nettype wire
