// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * utf8core_pkg: the functional model's decode, validate and encode for
 * SystemVerilog scoreboards (UVM or plain), imported through DPI-C from the thin
 * C layer utf8core_dpi.{h,cpp} over model/functional/utf8_model.h. Compile this package
 * with utf8core_dpi.cpp and link the model library (utf8core::model).
 *
 * Two levels:
 *  - the imports, streaming as a monitor sees a stream: a decoder chandle takes
 *    a packet's bytes one by one (utf8core_decoder_push), is told where the
 *    packet ends (utf8core_decoder_end_packet), and gives the units in order
 *    (utf8core_decoder_pop) and the packet's verdict (utf8core_validate_last);
 *    utf8core_encode encodes one code point;
 *  - decode, validate and encode of a whole packet held in a queue, built on
 *    the imports.
 * Modes and classes are the RTL's codes (cfg_mode; tuser[2:0] of the decoder,
 * rtl/common/utf8_class_codes.vh).
 */
package utf8core_pkg;

    // Constants a user may not name all of: unused ones are no fault.
    /* verilator lint_off UNUSEDPARAM */

    // cfg_mode
    localparam int MODE_RFC3629 = 0;
    localparam int MODE_ANNEX_R = 1;

    // Error classes, the decoder's tuser[2:0]
    localparam byte unsigned CLASS_OK          = 8'd0;
    localparam byte unsigned CLASS_TOO_SHORT   = 8'd1;
    localparam byte unsigned CLASS_TOO_LONG    = 8'd2;
    localparam byte unsigned CLASS_OVERLONG    = 8'd3;
    localparam byte unsigned CLASS_SURROGATE   = 8'd4;
    localparam byte unsigned CLASS_TOO_LARGE   = 8'd5;
    localparam byte unsigned CLASS_HEADER_BITS = 8'd6;
    localparam int NUM_CLASSES = 7;

    /* verilator lint_on UNUSEDPARAM */

    // One decoded unit: a well-formed sequence, or one maximal subpart (an
    // error, code point U+FFFD); offset from the start of its packet.
    typedef struct packed {
        logic [31:0] code_point;
        logic [63:0] offset;
        logic [7:0]  length;  // 1..6 bytes
        logic [7:0]  cls;
    } unit_t;

    import "DPI-C" function chandle utf8core_decoder_new(input int mode);
    import "DPI-C" function void utf8core_decoder_free(input chandle decoder);
    import "DPI-C" function void utf8core_decoder_push(input chandle decoder,
                                                       input byte unsigned data);
    import "DPI-C" function void utf8core_decoder_end_packet(input chandle decoder);
    import "DPI-C" function int utf8core_decoder_pop(input chandle decoder,
                                                     output int unsigned code_point,
                                                     output longint unsigned offset,
                                                     output byte unsigned length,
                                                     output byte unsigned cls);
    import "DPI-C" function int utf8core_validate_last(input chandle decoder,
                                                       output longint unsigned first_error_offset,
                                                       output byte unsigned first_error_class);
    import "DPI-C" function int utf8core_encode(input int unsigned code_point, input int mode,
                                                output longint unsigned bytes,
                                                output byte unsigned cls);

    function automatic string class_name(input byte unsigned cls);
        case (cls)
            CLASS_OK:          return "OK";
            CLASS_TOO_SHORT:   return "TOO_SHORT";
            CLASS_TOO_LONG:    return "TOO_LONG";
            CLASS_OVERLONG:    return "OVERLONG";
            CLASS_SURROGATE:   return "SURROGATE";
            CLASS_TOO_LARGE:   return "TOO_LARGE";
            CLASS_HEADER_BITS: return "HEADER_BITS";
            default:           return "?";
        endcase
    endfunction

    // The next ready unit of a decoder into u; 0 when none is ready.
    function automatic bit pop_unit(input chandle decoder, output unit_t u);
        int unsigned cp;
        longint unsigned off;
        byte unsigned len, cls;
        u = '0;
        if (utf8core_decoder_pop(decoder, cp, off, len, cls) == 0) return 1'b0;
        u.code_point = cp;
        u.offset = off;
        u.length = len;
        u.cls = cls;
        return 1'b1;
    endfunction

    // The units of one packet (model Decode()).
    function automatic void decode(input int mode, input byte unsigned data[$],
                                   output unit_t units[$]);
        chandle d;
        unit_t u;
        // Declarations apart from assignments: Verilator 5.006 runs a
        // declaration's initializer once, not on every call or pass.
        d = utf8core_decoder_new(mode);
        units = {};
        foreach (data[i]) utf8core_decoder_push(d, data[i]);
        utf8core_decoder_end_packet(d);
        while (pop_unit(d, u)) units.push_back(u);
        utf8core_decoder_free(d);
    endfunction

    // One packet's verdict (model Validate()): 1 valid; 0 invalid, with the
    // offset and class of the first error unit.
    function automatic bit validate(input int mode, input byte unsigned data[$],
                                    output longint unsigned first_error_offset,
                                    output byte unsigned first_error_class);
        chandle d;
        int verdict;
        d = utf8core_decoder_new(mode);
        foreach (data[i]) utf8core_decoder_push(d, data[i]);
        utf8core_decoder_end_packet(d);
        verdict = utf8core_validate_last(d, first_error_offset, first_error_class);
        utf8core_decoder_free(d);
        return verdict == 1;
    endfunction

    // UTF-8 of code points (model Encode()); surrogates and values beyond the
    // mode become EF BF BD. Returns the number of code points so replaced.
    function automatic int encode(input int mode, input int unsigned code_points[$],
                                  output byte unsigned data[$]);
        int rejected, n;
        longint unsigned bytes;
        byte unsigned cls;
        rejected = 0;
        data = {};
        foreach (code_points[i]) begin
            n = utf8core_encode(code_points[i], mode, bytes, cls);
            for (int k = 0; k < n; k++) data.push_back(bytes[8*k +: 8]);
            if (cls != CLASS_OK) rejected++;
        end
        return rejected;
    endfunction

endpackage
