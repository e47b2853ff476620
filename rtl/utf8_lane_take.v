// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * First half of a wide lane's decision (the second is utf8_lane_decode): does
 * this lane's byte belong to the unit of a lead d = 1..5 positions back, and
 * does the byte after it belong to any earlier lead's unit. A continuation byte
 * is absorbed into the unit of the nearest preceding non-continuation byte j
 * when it is at most need(j) bytes after j and the byte after j is in j's
 * second-byte range (../shared/SPEC.md §2, §3). At most one d can hold: the lead
 * is the nearest non-continuation byte. Purely combinational, no chain between
 * lanes; the per-byte facts come from utf8_lane_byte.
 *
 * Window positions q = 0..6: 0..4 the five bytes before this lane, 5 this
 * lane's byte, 6 the byte after it.
 */
module utf8_lane_take (
    input  wire [6:0]  cont,       // per position: a continuation byte
    input  wire [29:0] need_ge,    // per position 0..5: utf8_lane_byte need_ge at [5*q +: 5]
    input  wire [5:0]  sec_ok,     // per position 0..5: the next position is in its second-byte range
    output reg  [4:0]  take,       // take[d-1]: this byte is in the unit of the lead d back
    output reg         take_next   // the byte after this lane is in an earlier lead's unit
);

reg     run;
reg     run_next;
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

// need_ge bits that no distance asks for
wire unused_ok = &{1'b0, need_ge[29:26], need_ge[24:23], need_ge[19:18], need_ge[14:13],
                   need_ge[9:8], need_ge[4:1], 1'b0};

endmodule

`resetall
`default_nettype wire
