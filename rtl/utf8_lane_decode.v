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
 * second-byte range (../shared/SPEC.md §2, §3); everything else starts a unit.
 * A unit ends where the next byte starts one, or at the packet's last byte.
 * Purely combinational, no serial chain between lanes: bytes before the
 * packet must be given as 00 so that nothing is absorbed across a packet start.
 */
module utf8_lane_decode (
    // win[8*k +: 8]: k = 0..4 the bytes 5..1 before this lane, 5 this lane's
    // byte, 6 the byte after it (ignored when last)
    input  wire [55:0] win,
    input  wire        keep,   // this lane holds a byte of the packet
    input  wire        last,   // this lane holds the packet's last byte
    input  wire        mode,   // 0 rfc3629, 1 annex-r

    output wire        unit_end,  // a unit ends here (only when keep)
    output wire [2:0]  unit_len,  // its length in bytes, 1..6
    output wire [2:0]  unit_cls,  // its class (utf8core::ErrorClass)
    output wire [31:0] unit_cp    // its code point, U+FFFD for an error unit
);

localparam [2:0] CLS_OK          = 3'd0;
localparam [2:0] CLS_TOO_SHORT   = 3'd1;
localparam [2:0] CLS_TOO_LONG    = 3'd2;
localparam [2:0] CLS_OVERLONG    = 3'd3;
localparam [2:0] CLS_SURROGATE   = 3'd4;
localparam [2:0] CLS_TOO_LARGE   = 3'd5;
localparam [2:0] CLS_HEADER_BITS = 3'd6;

function is_cont;
    input [1:0] top;  // the byte's two high bits
    begin
        is_cont = top == 2'b10;
    end
endfunction

// Continuation bytes a lead byte asks for; 0 for anything that is not a lead.
function [2:0] lead_need;
    input [7:0] b;
    input       annex;
    begin
        if (b >= 8'hC2 && b <= 8'hDF) lead_need = 3'd1;
        else if (b >= 8'hE0 && b <= 8'hEF) lead_need = 3'd2;
        else if (b >= 8'hF0 && b <= 8'hF4) lead_need = 3'd3;
        else if (b >= 8'hF5 && b <= 8'hF7) lead_need = annex ? 3'd3 : 3'd0;
        else if (b >= 8'hF8 && b <= 8'hFB) lead_need = annex ? 3'd4 : 3'd0;
        else if (b >= 8'hFC && b <= 8'hFD) lead_need = annex ? 3'd5 : 3'd0;
        else lead_need = 3'd0;
    end
endfunction

// The second byte s is in the range the lead l allows.
function sec_ok;
    input [7:0] l;
    input [7:0] s;
    input       annex;
    begin
        if (!is_cont(s[7:6])) sec_ok = 1'b0;
        else if (l == 8'hE0) sec_ok = s >= 8'hA0;
        else if (l == 8'hED) sec_ok = s <= 8'h9F;
        else if (l == 8'hF0) sec_ok = s >= 8'h90;
        else if (l == 8'hF4 && !annex) sec_ok = s <= 8'h8F;
        else if (l == 8'hF8 && annex) sec_ok = s >= 8'h88;
        else if (l == 8'hFC && annex) sec_ok = s >= 8'h84;
        else sec_ok = 1'b1;
    end
endfunction

// Class of a unit made of a lead whose second byte is a continuation out of
// range: each restricted lead is restricted on one side only.
function [2:0] bad_sec_cls;
    input [7:0] l;
    begin
        if (l == 8'hED) bad_sec_cls = CLS_SURROGATE;
        else if (l == 8'hF4) bad_sec_cls = CLS_TOO_LARGE;
        else bad_sec_cls = CLS_OVERLONG;
    end
endfunction

// Class of a byte that cannot open a sequence (lead_need == 0).
function [2:0] single_cls;
    input [7:0] b;
    input       annex;
    begin
        if (b < 8'h80) single_cls = CLS_OK;
        else if (b < 8'hC0) single_cls = CLS_TOO_LONG;
        else if (b < 8'hC2) single_cls = CLS_OVERLONG;
        else if (b >= 8'hF5 && b <= 8'hF7 && !annex) single_cls = CLS_TOO_LARGE;
        else single_cls = CLS_HEADER_BITS;
    end
endfunction

// Absorption of the byte x[5] (x[8*k +: 8], k = 0..4 the five bytes before it):
// the distance d (1..5) back to the lead whose unit takes it, 0 when it starts
// a unit of its own.
function [2:0] absorb_dist;
    input [47:0] x;
    input        annex;
    integer d;
    reg run;  // every byte strictly between the candidate lead and x[5] is a continuation
    begin
        absorb_dist = 3'd0;
        run = is_cont(x[46 +: 2]);
        for (d = 1; d <= 5; d = d + 1) begin
            if (run && !is_cont(x[8*(5-d)+6 +: 2])
                    && {29'd0, lead_need(x[8*(5-d) +: 8], annex)} >= d
                    && sec_ok(x[8*(5-d) +: 8], x[8*(6-d) +: 8], annex)) begin
                absorb_dist = d[2:0];
            end
            run = run && is_cont(x[8*(5-d)+6 +: 2]);
        end
    end
endfunction

wire [7:0] b_cur  = win[40 +: 8];
wire [1:0] next_top = win[54 +: 2];  // high bits of the byte after this lane

wire [2:0] back      = absorb_dist(win[47:0], mode);
wire [2:0] back_next = absorb_dist(win[55:8], mode);

assign unit_end = keep && (last || back_next == 3'd0);

// The lead of the unit ending here and the bytes after it.
wire [7:0] lead_b = win[8*(5-back) +: 8];
wire [2:0] lead_n = lead_need(lead_b, mode);

reg [2:0] cls;
always @* begin
    if (back != 3'd0) begin
        cls = lead_n == back ? CLS_OK : CLS_TOO_SHORT;
    end else if (lead_n == 3'd0) begin
        cls = single_cls(b_cur, mode);
    end else if (last || !is_cont(next_top)) begin
        cls = CLS_TOO_SHORT;
    end else begin
        cls = bad_sec_cls(b_cur);
    end
end

// Annex R Table 5: the lead keeps 7 - len payload bits (len >= 2), each
// continuation its low six.
reg [31:0] value;
integer k;
always @* begin
    value = {24'd0, lead_b & (8'h7F >> (back + 3'd1))};
    for (k = 1; k <= 5; k = k + 1) begin
        if (k <= {29'd0, back}) value = {value[25:0], win[8*(5-{29'd0, back}+k) +: 6]};
    end
    if (back == 3'd0) value = {25'd0, b_cur[6:0]};
end

assign unit_len = back + 3'd1;
assign unit_cls = cls;
assign unit_cp  = cls == CLS_OK ? value : 32'h0000FFFD;

endmodule

`resetall
`default_nettype wire
