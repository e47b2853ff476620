// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * First half of a wide lane's decision (the second is utf8_lane_decode): does
 * this lane's byte belong to the unit of a lead d = 1..5 positions back. A
 * continuation byte is absorbed into the unit of the nearest preceding
 * non-continuation byte j when it is at most need(j) bytes after j and the
 * byte after j is in j's second-byte range (../shared/SPEC.md §2, §3). At most
 * one d can hold: the lead is the nearest non-continuation byte. Each flag is
 * an AND of at most five facts, one LUT: a lead asks for continuation bytes,
 * so it is not one itself, and the run of continuation bytes is read in pairs
 * (cont2) worked out a clock earlier. Whether the byte after the
 * lane continues a unit is the next lane's answer to the same question, so it
 * is not asked here: synthesis would share it anyway, through long routes
 * between lanes within one clock. It also gives the class the byte
 * would have as a unit of its own (lone_cls), which utf8_lane_decode uses
 * when the byte is not absorbed: that needs only this lane's facts, so it is
 * worked out here, a clock ahead of the decision. Purely combinational; the
 * per-byte facts come from utf8_lane_byte.
 *
 * Window positions q = 0..5: 0..4 the five bytes before this lane, 5 this
 * lane's byte.
 */
module utf8_lane_take (
    input  wire [5:0]  cont,       // per position: a continuation byte
    input  wire [4:0]  cont2,      // per position 0..4: it and the next are continuation bytes
    input  wire [24:0] need_ge,    // per position 0..4: utf8_lane_byte need_ge at [5*q +: 5]
    input  wire [4:0]  sec_ok,     // per position 0..4: the next position is in its second-byte range
    input  wire        need_any,   // this lane's byte is a lead (asks for continuations)
    input  wire [2:0]  single_cls, // its class alone when it asks for nothing
    input  wire [2:0]  bad_cls,    // its class as a lead when the next byte is a bad second byte
    input  wire        cont_next,  // the next byte is a continuation
    input  wire        last,       // this lane holds the packet's last byte
    output reg  [4:0]  take,       // take[d-1]: this byte is in the unit of the lead d back
    output wire [2:0]  lone_cls    // its unit's class if it starts one
);

`include "utf8_class_codes.vh"

// A lead whose next byte is no continuation (or is past the packet) makes a
// unit of one byte, too short; one followed by a continuation out of its
// second-byte range fails with bad_cls (utf8_lane_byte).
// (An OR of one-hot terms, not a ?: chain, for the reason in utf8_lane_byte.)
wire stop = last || !cont_next;
assign lone_cls = ({3{!need_any}}          & single_cls)
                | ({3{need_any && stop}}   & CLS_TOO_SHORT)
                | ({3{need_any && !stop}}  & bad_cls);

// The byte d back is a lead asking for at least d continuation bytes (so it
// is none itself), the byte after it is in its second-byte range, and the d
// bytes from there to this one are continuation bytes.
wire [4:0] run;   // run[d-1]: positions 5-d+1 .. 5 are continuation bytes
assign run[0] = cont[5];
assign run[1] = cont2[4];
assign run[2] = cont2[4] && cont[3];
assign run[3] = cont2[4] && cont2[2];
assign run[4] = cont2[4] && cont2[2] && cont[1];

integer d;
always @* begin
    for (d = 1; d <= 5; d = d + 1) begin
        take[d-1] = run[d-1] && need_ge[5*(5-d) + d - 1] && sec_ok[5-d];
    end
end

// need_ge bits that no distance asks for
wire unused_ok = &{1'b0, need_ge[24:21], need_ge[19:18], need_ge[14:13], need_ge[9:8],
                   need_ge[4:1], cont[4], cont[2], cont[0], cont2[3], cont2[1:0], 1'b0};

endmodule

`resetall
`default_nettype wire
