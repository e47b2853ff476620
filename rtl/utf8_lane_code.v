// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * The two codes of a byte that the second-byte check of the wide blocks needs
 * (../shared/SPEC.md §2): which second-byte range it asks for as a lead, and
 * where it falls as a continuation byte. utf8_lane_front computes them as a
 * byte is accepted and registers them beside it, so that the check itself
 * (utf8_lane_byte's sec_ok) is a function of 3 + 3 bits and the mode, not of
 * two whole bytes: on the raw bytes it was the longest path at LANES 64 on
 * ECP5. Neither code depends on the mode, which a packet's first beat may
 * not have registered yet.
 */
module utf8_lane_code (
    input  wire [7:0] b,

    // as a lead: 0 any continuation, 1 E0 (A0..BF), 2 ED (80..9F), 3 F0 (90..BF),
    // 4 F4 (80..8F in rfc3629), 5 F8 (88..BF in annex-r), 6 FC (84..BF in annex-r)
    output wire [2:0] lead_rng,
    // as a continuation: 0 none, 1 80..83, 2 84..87, 3 88..8F, 4 90..9F, 5 A0..BF
    output wire [2:0] cont_rng
);

// Written as ORs of one-hot terms, not as a case: a case's constant arms in
// front of the pending register's enabled flops became synchronous resets
// there, one more LUT after the accept enable (LANES 64 on ECP5).
wire is_e0 = b == 8'hE0;
wire is_ed = b == 8'hED;
wire is_f0 = b == 8'hF0;
wire is_f4 = b == 8'hF4;
wire is_f8 = b == 8'hF8;
wire is_fc = b == 8'hFC;
assign lead_rng = {is_f4 || is_f8 || is_fc, is_ed || is_f0 || is_fc, is_e0 || is_f0 || is_f8};

wire cont = b[7:6] == 2'b10;
wire r1   = cont && b[5:2] == 4'b0000;   // 80..83
wire r2   = cont && b[5:2] == 4'b0001;   // 84..87
wire r3   = cont && b[5:3] == 3'b001;    // 88..8F
wire r4   = cont && b[5:4] == 2'b01;     // 90..9F
wire r5   = cont && b[5];                // A0..BF
assign cont_rng = {r4 || r5, r2 || r3, r1 || r3 || r5};

endmodule

`resetall
`default_nettype wire
