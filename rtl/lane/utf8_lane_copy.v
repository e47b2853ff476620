// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * One copy of a one-bit register, for an owner that needs the same flop in
 * several places across a wide beat (utf8_lane_front's copies of the owner's
 * ready register, one per eight lanes). Synthesis merges identical flops
 * into one; a flop marked keep is not merged, but Yosys then leaves its
 * synchronous reset as logic in front of it (opt_dff does not touch kept
 * cells), and that LUT, shared by all the copies, joined rst's long route to
 * a second long route out to the copies: the longest path of the 128-lane
 * validator on ECP5 (docs/design_notes.md). As a module of its own that
 * synthesis keeps whole, each copy stays apart and its reset goes to the
 * flop's own reset input, so the copies are loaded from d directly.
 */
(* keep_hierarchy *)
module utf8_lane_copy #(
    // the value rst loads
    parameter [0:0] RESET_VALUE = 1'b0
) (
    input  wire clk,
    input  wire rst,
    input  wire d,
    output reg  q
);

always @(posedge clk) begin
    q <= d;
    if (rst) begin
        q <= RESET_VALUE;
    end
end

endmodule

`resetall
`default_nettype wire
