// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Compaction network of the wide decoder and the sanitizer: moves the valid elements of a beat
 * down into the low lanes, keeping their order. Each valid element comes with
 * its shift, the number of invalid lanes below it; level j moves an element
 * down by 2^j when bit j of its shift is set. Taking the bits from the least
 * significant one up, two elements never meet in a lane, so each level is one
 * 2:1 choice per lane: log2(LANES) levels, LANES*log2(LANES) multiplexers.
 * Level j is followed by a register when bit j of REGISTER_AFTER is set (the
 * upper levels move elements far across the beat, so a deep network does not
 * fit in one clock); the tag travels beside the beat through the same
 * registers, and only the tag is reset (it carries the owner's valid bits).
 * With REGISTER_AFTER 0 it is purely combinational and clk, rst are unused.
 * Lanes left empty read as zero: they are cleared once, at the output (after
 * the last register), since a clear at every level would add a LUT level to
 * each (the element bits would wait on the lane's own valid and shift too).
 */
module utf8_lane_compact #(
    // lanes, at least 1: the wide decoder's LANES, or the sanitizer's byte
    // slots (3*LANES+3, not a power of two)
    parameter LANES = 8,
    // bits per element, at least 1
    parameter WIDTH = 38,
    // bits of a shift: at least log2(LANES), and at least 1
    parameter SHIFT_WIDTH = (LANES > 1) ? $clog2(LANES) : 1,
    // bit j set: a register after level j (bits at or above log2(LANES) are ignored)
    parameter REGISTER_AFTER = 0,
    // bits of the side band that keeps step with the beat, at least 1
    parameter TAG_WIDTH = 1
) (
    input  wire                         clk,
    input  wire                         rst,

    input  wire [WIDTH*LANES-1:0]       in_elem,
    input  wire [LANES-1:0]             in_valid,
    input  wire [SHIFT_WIDTH*LANES-1:0] in_shift,   // valid lanes below each element
    input  wire [TAG_WIDTH-1:0]         in_tag,
    output wire [WIDTH*LANES-1:0]       out_elem,
    output wire [LANES-1:0]             out_valid,
    output wire [TAG_WIDTH-1:0]         out_tag
);

localparam LEVELS = (LANES > 1) ? $clog2(LANES) : 0;

// Parameter checks. An illegal value instantiates a module that does not exist,
// named after the rule it breaks, where Verilator, Icarus and Yosys all stop
// elaborating. An initial block's $error would pass Verilator's lint and Icarus's
// compile, and stop only a simulation.
generate
    if (LANES < 1) begin : g_check_lanes
        error_LANES_must_be_at_least_1 stop ();
    end
    if (WIDTH < 1) begin : g_check_width
        error_WIDTH_must_be_at_least_1 stop ();
    end
    if (SHIFT_WIDTH < 1 || SHIFT_WIDTH < LEVELS) begin : g_check_shift_width
        error_SHIFT_WIDTH_must_be_at_least_log2_LANES_and_1 stop ();
    end
    if (TAG_WIDTH < 1) begin : g_check_tag_width
        error_TAG_WIDTH_must_be_at_least_1 stop ();
    end
endgenerate

genvar j, p;
generate
    for (j = 0; j < LEVELS; j = j + 1) begin : g_level
        // This level's input (the previous level's output) and output.
        wire [WIDTH*LANES-1:0]       e_in;
        wire [LANES-1:0]             v_in;
        wire [SHIFT_WIDTH*LANES-1:0] s_in;
        wire [TAG_WIDTH-1:0]         t_in;
        wire [WIDTH*LANES-1:0]       e_mux;
        wire [LANES-1:0]             v_mux;
        wire [SHIFT_WIDTH*LANES-1:0] s_mux;
        wire [WIDTH*LANES-1:0]       e_out;
        wire [LANES-1:0]             v_out;
        wire [SHIFT_WIDTH*LANES-1:0] s_out;
        wire [TAG_WIDTH-1:0]         t_out;
        if (j == 0) begin : g_first
            assign e_in = in_elem;
            assign v_in = in_valid;
            assign s_in = in_shift;
            assign t_in = in_tag;
        end else begin : g_next
            assign e_in = g_level[j-1].e_out;
            assign v_in = g_level[j-1].v_out;
            assign s_in = g_level[j-1].s_out;
            assign t_in = g_level[j-1].t_out;
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
            assign v_mux[p] = from_above || stay;
            assign s_mux[p*SHIFT_WIDTH +: SHIFT_WIDTH] = from_above ? above_s : here_s;
            assign e_mux[p*WIDTH +: WIDTH] = from_above ? above_e : e_in[p*WIDTH +: WIDTH];
        end
        if (((REGISTER_AFTER >> j) & 1) != 0) begin : g_reg
            reg [WIDTH*LANES-1:0]       e_q;
            reg [LANES-1:0]             v_q;
            reg [SHIFT_WIDTH*LANES-1:0] s_q;
            reg [TAG_WIDTH-1:0]         t_q;
            always @(posedge clk) begin
                e_q <= e_mux;
                v_q <= v_mux;
                s_q <= s_mux;
                t_q <= t_in;
                if (rst) begin
                    t_q <= {TAG_WIDTH{1'b0}};
                end
            end
            assign e_out = e_q;
            assign v_out = v_q;
            assign s_out = s_q;
            assign t_out = t_q;
        end else begin : g_comb
            assign e_out = e_mux;
            assign v_out = v_mux;
            assign s_out = s_mux;
            assign t_out = t_in;
        end
    end
    if (LEVELS == 0) begin : g_wire
        for (p = 0; p < LANES; p = p + 1) begin : g_clear
            assign out_elem[p*WIDTH +: WIDTH] = in_elem[p*WIDTH +: WIDTH] & {WIDTH{in_valid[p]}};
        end
        assign out_valid = in_valid;
        assign out_tag   = in_tag;
        // One lane never moves.
        wire unused_shift = &{1'b0, in_shift, clk, rst, 1'b0};
    end else begin : g_out
        for (p = 0; p < LANES; p = p + 1) begin : g_clear
            assign out_elem[p*WIDTH +: WIDTH] =
                g_level[LEVELS-1].e_out[p*WIDTH +: WIDTH] & {WIDTH{g_level[LEVELS-1].v_out[p]}};
        end
        assign out_valid = g_level[LEVELS-1].v_out;
        assign out_tag   = g_level[LEVELS-1].t_out;
        // The shifts are spent once the last level has moved everything; the
        // clock and reset are unused when no level is registered.
        wire unused_shift = &{1'b0, g_level[LEVELS-1].s_out, clk, rst, 1'b0};
    end
endgenerate

endmodule

`resetall
`default_nettype wire
