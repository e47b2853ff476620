// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Per-byte facts of the wide blocks, computed once per byte position of a beat's
 * window and shared by the lanes that look at it (utf8_lane_decode): whether the
 * byte is a continuation, how many continuation bytes it asks for as a lead
 * (as thermometer flags), whether the byte after it is in its second-byte range,
 * and the error classes of a unit made of this byte alone. The lead table is
 * ../shared/SPEC.md §2; bit patterns instead of range compares keep this a few
 * LUTs deep. The second-byte check reads the two bytes' codes from
 * utf8_lane_code, registered as the bytes were accepted, not the bytes.
 */
module utf8_lane_byte (
    input  wire [7:0] b,          // the byte
    input  wire [2:0] lead_rng,   // utf8_lane_code of the byte
    input  wire [2:0] next_rng,   // utf8_lane_code's cont_rng of the byte after it
    input  wire       mode,       // 0 rfc3629, 1 annex-r

    output wire       cont,       // 80..BF
    output wire [4:0] need_ge,    // need_ge[n-1]: as a lead it asks for >= n continuation bytes
    output wire       sec_ok,     // the next byte is a continuation in b's second-byte range
    output wire [2:0] single_cls, // class of a unit of b alone when b asks for nothing
    output wire [2:0] bad_cls     // class of b's unit when the next byte is a continuation out of range
);

localparam [2:0] CLS_TOO_LONG    = 3'd2;
localparam [2:0] CLS_OVERLONG    = 3'd3;
localparam [2:0] CLS_SURROGATE   = 3'd4;
localparam [2:0] CLS_TOO_LARGE   = 3'd5;
localparam [2:0] CLS_HEADER_BITS = 3'd6;

wire is_c0c1  = b[7:1] == 7'b1100000;
wire lead2    = b[7:5] == 3'b110 && !is_c0c1;                 // C2..DF
wire lead3    = b[7:4] == 4'b1110;                            // E0..EF
wire f0_f7    = b[7:3] == 5'b11110;
wire f5_f7    = f0_f7 && b[2] && b[1:0] != 2'b00;
wire lead4    = f0_f7 && (mode || !f5_f7);                    // F0..F4, annex-r F0..F7
wire lead5    = mode && b[7:2] == 6'b111110;                  // annex-r F8..FB
wire lead6    = mode && b[7:1] == 7'b1111110;                 // annex-r FC..FD

assign cont    = b[7:6] == 2'b10;
assign need_ge = {lead6,
                  lead5 || lead6,
                  lead4 || lead5 || lead6,
                  lead3 || lead4 || lead5 || lead6,
                  lead2 || lead3 || lead4 || lead5 || lead6};

// Second-byte ranges narrower than 80..BF (utf8_lane_code's numbering). At
// 7 inputs this is one LUT and its muxes; on the two raw bytes (with nibble
// compares shared by the six cases) it was four levels, the longest path of
// the byte facts at LANES 64 on ECP5.
reg sec_in_range;
always @* begin
    case (lead_rng)
        3'd1:    sec_in_range = next_rng == 3'd5;                 // E0: A0..BF
        3'd2:    sec_in_range = next_rng <= 3'd4;                 // ED: 80..9F
        3'd3:    sec_in_range = next_rng >= 3'd4;                 // F0: 90..BF
        3'd4:    sec_in_range = mode || next_rng <= 3'd3;         // F4: 80..8F in rfc3629
        3'd5:    sec_in_range = !mode || next_rng >= 3'd3;        // F8: 88..BF in annex-r
        3'd6:    sec_in_range = !mode || next_rng >= 3'd2;        // FC: 84..BF in annex-r
        default: sec_in_range = 1'b1;
    endcase
end
assign sec_ok = next_rng != 3'd0 && sec_in_range;

// The classes as an OR of one-hot terms rather than ?: chains: synthesis
// turns a mux with a constant arm in front of a flop into a synchronous reset
// of that flop, and on ECP5 such logic-driven resets kept the window stage's
// flops out of their LUTs' slices (long routes, LANES 64).
wire t_large  = f5_f7 && !mode;
wire t_header = b[7] && !cont && !is_c0c1 && !t_large;
assign single_cls = ({3{cont}}     & CLS_TOO_LONG)
                  | ({3{is_c0c1}}  & CLS_OVERLONG)
                  | ({3{t_large}}  & CLS_TOO_LARGE)
                  | ({3{t_header}} & CLS_HEADER_BITS);   // an ASCII byte: none, OK (0)

wire is_ed = b == 8'hED;
wire is_f4 = b == 8'hF4;
assign bad_cls = ({3{is_ed}}            & CLS_SURROGATE)
               | ({3{is_f4}}            & CLS_TOO_LARGE)
               | ({3{!is_ed && !is_f4}} & CLS_OVERLONG);

endmodule

`resetall
`default_nettype wire
