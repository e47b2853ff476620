// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * The codes of a byte from which the wide blocks' per-byte facts
 * (utf8_lane_byte) are worked out (../shared/SPEC.md §2): what kind of byte
 * it is, which second-byte range it asks for as a lead, and where it falls as
 * a continuation byte. utf8_lane_front computes them as a byte is accepted and
 * registers them beside it, so that each fact is a function of a few code
 * bits and the mode rather than of one or two whole bytes, a LUT level or more
 * deeper. No code depends on the mode, which a packet's first beat may not
 * have registered yet. The code of 00 is all zeros.
 */
module utf8_lane_code (
    input  wire [7:0] b,

    // kind: 0 00..7F, 1 80..BF, 2 C0..C1, 3 C2..DF, 4 E0..EF, 5 F0..F4,
    // 6 F5..F7, 7 F8..FB, 8 FC..FD, 9 FE..FF
    output wire [3:0] kind,
    // as a lead: 0 any continuation, 1 E0 (A0..BF), 2 ED (80..9F), 3 F0 (90..BF),
    // 4 F4 (80..8F in rfc3629), 5 F8 (88..BF in annex-r), 6 FC (84..BF in annex-r)
    output wire [2:0] lead_rng,
    // as a continuation: 0 none, 1 80..83, 2 84..87, 3 88..8F, 4 90..9F, 5 A0..BF
    output wire [2:0] cont_rng
);

// ORs of one-hot terms, not case statements: a case's constant arms in front
// of the pending register's enabled flops become synchronous resets there,
// one more LUT after the accept enable.
wire k_cont  = b[7:6] == 2'b10;
wire k_c0c1  = b[7:1] == 7'b1100000;
wire k_lead2 = b[7:5] == 3'b110 && !k_c0c1;
wire k_lead3 = b[7:4] == 4'b1110;
wire f0_f7   = b[7:3] == 5'b11110;
wire k_f5f7  = f0_f7 && b[2] && b[1:0] != 2'b00;
wire k_lead4 = f0_f7 && !k_f5f7;
wire k_lead5 = b[7:2] == 6'b111110;
wire k_lead6 = b[7:1] == 7'b1111110;
wire k_fefe  = b[7:1] == 7'b1111111;
assign kind = {k_lead6 || k_fefe,
               k_lead3 || k_lead4 || k_f5f7 || k_lead5,
               k_c0c1 || k_lead2 || k_f5f7 || k_lead5,
               k_cont || k_lead2 || k_lead4 || k_lead5 || k_fefe};

wire is_e0 = b == 8'hE0;
wire is_ed = b == 8'hED;
wire is_f0 = b == 8'hF0;
wire is_f4 = b == 8'hF4;
wire is_f8 = b == 8'hF8;
wire is_fc = b == 8'hFC;
assign lead_rng = {is_f4 || is_f8 || is_fc, is_ed || is_f0 || is_fc, is_e0 || is_f0 || is_f8};

wire r1 = k_cont && b[5:2] == 4'b0000;   // 80..83
wire r2 = k_cont && b[5:2] == 4'b0001;   // 84..87
wire r3 = k_cont && b[5:3] == 3'b001;    // 88..8F
wire r4 = k_cont && b[5:4] == 2'b01;     // 90..9F
wire r5 = k_cont && b[5];                // A0..BF
assign cont_rng = {r4 || r5, r2 || r3, r1 || r3 || r5};

endmodule

`resetall
`default_nettype wire
