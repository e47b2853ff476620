// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

/*
 * encode(cp, n): the UTF-8 of a code point in n bytes, the one definition of
 * the byte layout that the blocks turning units back into bytes share
 * (utf8_sanitizer's slots, utf8_unit_utf8's merge tree). Included inside a
 * module body, as utf8_class_codes.vh is: Verilog-2005 has no package, so a
 * function shared by two modules is one text included in each, and each
 * module gets its own copy of it; hence no include guard. Tools find it in
 * rtl/common, as they find utf8_class_codes.vh.
 */

// UTF-8 of cp in n bytes (1-6), first byte lowest. n is the unit's own
// length, so a well-formed unit's code point gives its input bytes again;
// n 0 gives nothing. Bytes past n are zero, so that callers can OR the
// bytes of several units together (the sanitizer's neighbouring slots, the
// merge tree's segments) without a mask.
function [47:0] encode;
    input [30:0] cp;   // annex-r's largest value has 31 bits
    input [2:0]  n;
    begin
        case (n)
            3'd0:    encode = 48'd0;
            3'd1:    encode = {40'd0, 1'b0, cp[6:0]};
            3'd2:    encode = {32'd0, 2'b10, cp[5:0], 3'b110, cp[10:6]};
            3'd3:    encode = {24'd0, 2'b10, cp[5:0], 2'b10, cp[11:6], 4'b1110, cp[15:12]};
            3'd4:    encode = {16'd0, 2'b10, cp[5:0], 2'b10, cp[11:6], 2'b10, cp[17:12],
                               5'b11110, cp[20:18]};
            3'd5:    encode = {8'd0, 2'b10, cp[5:0], 2'b10, cp[11:6], 2'b10, cp[17:12],
                               2'b10, cp[23:18], 6'b111110, cp[25:24]};
            default: encode = {2'b10, cp[5:0], 2'b10, cp[11:6], 2'b10, cp[17:12],
                               2'b10, cp[23:18], 2'b10, cp[29:24], 7'b1111110, cp[30]};
        endcase
    end
endfunction
