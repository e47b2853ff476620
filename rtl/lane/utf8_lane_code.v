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
 *
 * Most codes tell bytes apart by all eight bits (F4 from F5, C1 from C2),
 * two LUT levels on ECP5's 4-input LUTs from the flops that hold the byte.
 * So the byte's high nibble is classed as the byte is registered (nib_d,
 * from hi, one LUT4 a flag in front of the register) and the codes read
 * those flags and the low nibble: each code bit is then a function of at
 * most six inputs, one LUT level.
 */
module utf8_lane_code (
    // The high nibble of the byte being registered, and its flags for the
    // register: 0 E, 1 F, 2 C or D, 3 one of 8..B, D, F, 4 C or F
    input  wire [3:0] hi,
    output wire [4:0] nib_d,

    // The registered byte and its flags (nib_d a clock before)
    input  wire [7:0] b,
    input  wire [4:0] nib,

    // kind: 0 00..7F, 1 80..BF, 2 C0..C1, 3 C2..DF, 4 E0..EF, 5 F0..F4,
    // 6 F5..F7, 7 F8..FB, 8 FC..FD, 9 FE..FF
    output wire [3:0] kind,
    // as a lead: 0 any continuation, 1 E0 (A0..BF), 2 ED (80..9F), 3 F0 (90..BF),
    // 4 F4 (80..8F in rfc3629), 5 F8 (88..BF in annex-r), 6 FC (84..BF in annex-r)
    output wire [2:0] lead_rng,
    // as a continuation: 0 none, 1 80..83, 2 84..87, 3 88..8F, 4 90..9F, 5 A0..BF
    output wire [2:0] cont_rng
);

// The flags are chosen so that kind[0] (set for 80..BF, C2..DF, F0..F4,
// F8..FB, FE..FF) reads two of them, {nib[4], nib[3]}: 01 set whatever the
// low nibble, 10 (C) and 11 (F) by the low nibble, 00 clear.
assign nib_d = {hi == 4'hC || hi == 4'hF,
                hi[3:2] == 2'b10 || hi == 4'hD || hi == 4'hF,
                hi[3:1] == 3'b110,
                hi == 4'hF,
                hi == 4'hE};

wire       n_e  = nib[0];
wire       n_f  = nib[1];
wire       n_cd = nib[2];
wire [1:0] k0   = nib[4:3];
wire [3:0] lo   = b[3:0];

// ORs of one-hot terms, not case statements: a case's constant arms in front
// of the pending register's enabled flops become synchronous resets there,
// one more LUT after the accept enable.
wire lo_fc_ff = lo[3:2] == 2'b11;
wire lo_f5_fb = lo >= 4'h5 && lo <= 4'hB;
wire lo_k0_f  = lo <= 4'h4 || lo[3:2] == 2'b10 || lo >= 4'hE;   // F0..F4, F8..FB, FE..FF
assign kind = {n_f && lo_fc_ff,
               n_e || (n_f && !lo_fc_ff),
               n_cd || (n_f && lo_f5_fb),
               k0 == 2'b01 || (k0 == 2'b10 && lo >= 4'h2) || (k0 == 2'b11 && lo_k0_f)};

wire is_e0 = n_e && lo == 4'h0;
wire is_ed = n_e && lo == 4'hD;
wire is_f0 = n_f && lo == 4'h0;
wire is_f4 = n_f && lo == 4'h4;
wire is_f8 = n_f && lo == 4'h8;
wire is_fc = n_f && lo == 4'hC;
assign lead_rng = {is_f4 || is_f8 || is_fc, is_ed || is_f0 || is_fc, is_e0 || is_f0 || is_f8};

wire k_cont = b[7:6] == 2'b10;
wire r1 = k_cont && b[5:2] == 4'b0000;   // 80..83
wire r2 = k_cont && b[5:2] == 4'b0001;   // 84..87
wire r3 = k_cont && b[5:3] == 3'b001;    // 88..8F
wire r4 = k_cont && b[5:4] == 2'b01;     // 90..9F
wire r5 = k_cont && b[5];                // A0..BF
assign cont_rng = {r4 || r5, r2 || r3, r1 || r3 || r5};

endmodule

`resetall
`default_nettype wire
