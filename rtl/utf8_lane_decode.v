// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * One byte lane of the wide UTF-8 blocks: decides, from the five bytes before
 * its own byte and the one after it, whether a decoding unit ends at this lane,
 * and if so the unit's length, error class and code point. A continuation byte
 * is absorbed into the unit of the nearest preceding non-continuation byte j
 * when it is at most need(j) bytes after j and the byte after j is in j's
 * second-byte range (../shared/SPEC.md §2, §3); every other byte starts a unit.
 * A unit ends where the next byte starts one, or at the packet's last byte.
 * Purely combinational and without a chain between lanes: the per-byte facts
 * come from utf8_lane_byte, and bytes before the packet must read as 00 so
 * that nothing is absorbed across a packet start.
 *
 * Window positions q = 0..6: 0..4 the five bytes before this lane, 5 this
 * lane's byte, 6 the byte after it (ignored when last).
 */
module utf8_lane_decode (
    input  wire [47:0] win,        // bytes of positions 0..5, position q at [8*q +: 8]
    input  wire [6:0]  cont,       // per position: a continuation byte
    input  wire [29:0] need_ge,    // per position 0..5: utf8_lane_byte need_ge at [5*q +: 5]
    input  wire [5:0]  sec_ok,     // per position 0..5: the next position is in its second-byte range
    input  wire [2:0]  single_cls, // of position 5
    input  wire [2:0]  bad_cls,    // of position 5
    input  wire        keep,       // this lane holds a byte of the packet
    input  wire        last,       // this lane holds the packet's last byte

    output wire        unit_end,   // a unit ends here (only when keep)
    output wire [2:0]  unit_len,   // its length in bytes, 1..6
    output wire [2:0]  unit_cls,   // its class (utf8core::ErrorClass)
    output wire [31:0] unit_cp     // its code point, U+FFFD for an error unit
);

localparam [2:0] CLS_OK        = 3'd0;
localparam [2:0] CLS_TOO_SHORT = 3'd1;

// take[d-1]: this lane's byte belongs to the unit of the lead d positions back
// (at most one d can hold: the lead is the nearest non-continuation byte).
// take_next: the same for the byte after this lane, for any d.
reg [4:0] take;
reg       take_next;
reg       run;
reg       run_next;
integer d;
always @* begin
    take = 5'd0;
    take_next = 1'b0;
    run = cont[5];
    run_next = cont[6];
    for (d = 1; d <= 5; d = d + 1) begin
        take[d-1] = run && !cont[5-d] && need_ge[5*(5-d) + d - 1] && sec_ok[5-d];
        take_next = take_next || (run_next && !cont[6-d] && need_ge[5*(6-d) + d - 1] && sec_ok[6-d]);
        run = run && cont[5-d];
        run_next = run_next && cont[6-d];
    end
end

wire absorbed = |take;

// The unit is complete when its lead asks for exactly d continuation bytes.
wire complete = (take[0] && !need_ge[5*4 + 1]) || (take[1] && !need_ge[5*3 + 2])
             || (take[2] && !need_ge[5*2 + 3]) || (take[3] && !need_ge[5*1 + 4])
             || take[4];

assign unit_end = keep && (last || !take_next);

assign unit_len = {take[2] || take[3] || take[4],
                   take[0] || take[1] || take[4],
                   !(take[0] || take[2] || take[4])};

assign unit_cls = absorbed ? (complete ? CLS_OK : CLS_TOO_SHORT) :
                  !need_ge[5*5] ? single_cls :
                  (last || !cont[6]) ? CLS_TOO_SHORT : bad_cls;

// Annex R Table 5: the lead of a len-byte sequence keeps 7 - len payload bits,
// each continuation its low six.
wire [31:0] value =
      ({32{!absorbed}} & {25'd0, win[46:40]})
    | ({32{take[0]}} & {21'd0, win[36:32], win[45:40]})
    | ({32{take[1]}} & {16'd0, win[27:24], win[37:32], win[45:40]})
    | ({32{take[2]}} & {11'd0, win[18:16], win[29:24], win[37:32], win[45:40]})
    | ({32{take[3]}} & {6'd0, win[9:8], win[21:16], win[29:24], win[37:32], win[45:40]})
    | ({32{take[4]}} & {1'd0, win[0], win[13:8], win[21:16], win[29:24], win[37:32], win[45:40]});

assign unit_cp = unit_cls == CLS_OK ? value : 32'h0000FFFD;

// Not every fact of every position matters to this lane.
wire unused_ok = &{1'b0, win[47], win[39:38], win[31:30], win[23:22], win[15:14],
                   win[7:1], need_ge[29:26], need_ge[24:23], need_ge[19:18],
                   need_ge[14:13], need_ge[9:8], need_ge[4:1], 1'b0};

endmodule

`resetall
`default_nettype wire
