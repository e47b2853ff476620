// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Second half of a wide lane's decision (the first is utf8_lane_take): from
 * where this lane's byte belongs and whether the next byte continues its unit,
 * whether a unit ends here, and its length, class and value. A unit ends where
 * the next byte starts one, or at the packet's last byte. The value is the
 * Annex R Table 5 payload of the bytes; the owner puts U+FFFD in its place for
 * an error unit. Purely combinational.
 *
 * Window positions q = 0..5: 0..4 the five bytes before this lane, 5 this
 * lane's byte.
 */
module utf8_lane_decode (
    input  wire [47:0] win,        // bytes of positions 0..5, position q at [8*q +: 8]
    input  wire [4:0]  take,       // utf8_lane_take: in the unit of the lead d = 1..5 back
    input  wire        take_next,  // the next byte continues a unit (the next lane is taken)
    input  wire [3:0]  lead_more,  // [d-1]: the lead d = 1..4 back asks for more than d continuations
    input  wire [2:0]  lone_cls,   // utf8_lane_take: the class of a unit this byte starts
    input  wire        keep,       // this lane holds a byte of the packet
    input  wire        last,       // this lane holds the packet's last byte

    output wire        unit_end,   // a unit ends here (only when keep)
    output wire [2:0]  unit_len,   // its length in bytes, 1..6
    output wire [2:0]  unit_cls,   // its class (utf8core::ErrorClass)
    output wire [31:0] unit_value  // its payload; meaningful when unit_cls is OK
);

`include "utf8_class_codes.vh"

wire absorbed = |take;

// The unit is complete when its lead asks for exactly d continuation bytes.
wire complete = (take[0] && !lead_more[0]) || (take[1] && !lead_more[1])
             || (take[2] && !lead_more[2]) || (take[3] && !lead_more[3])
             || take[4];

assign unit_end = keep && (last || !take_next);

assign unit_len = {take[2] || take[3] || take[4],
                   take[0] || take[1] || take[4],
                   !(take[0] || take[2] || take[4])};

// A complete unit is OK (0). An OR of one-hot terms, not a ?: chain, for the
// reason in utf8_lane_byte.
assign unit_cls = ({3{absorbed && !complete}} & CLS_TOO_SHORT)
                | ({3{!absorbed}}             & lone_cls);

// Annex R Table 5: the lead of a len-byte sequence keeps 7 - len payload bits,
// each continuation its low six.
assign unit_value =
      ({32{!absorbed}} & {25'd0, win[46:40]})
    | ({32{take[0]}} & {21'd0, win[36:32], win[45:40]})
    | ({32{take[1]}} & {16'd0, win[27:24], win[37:32], win[45:40]})
    | ({32{take[2]}} & {11'd0, win[18:16], win[29:24], win[37:32], win[45:40]})
    | ({32{take[3]}} & {6'd0, win[9:8], win[21:16], win[29:24], win[37:32], win[45:40]})
    | ({32{take[4]}} & {1'd0, win[0], win[13:8], win[21:16], win[29:24], win[37:32], win[45:40]});

// Only the payload bits of each position matter here.
wire unused_ok = &{1'b0, win[47], win[39:38], win[31:30], win[23:22], win[15:14],
                   win[7:1], 1'b0};

endmodule

`resetall
`default_nettype wire
