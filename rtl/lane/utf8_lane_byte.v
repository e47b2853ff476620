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
 * ../shared/SPEC.md §2. The facts read the bytes' utf8_lane_code codes,
 * registered as the bytes were accepted, not the bytes: each is then one LUT
 * and its muxes, where need_ge on a whole byte and the mode takes two such
 * levels, and sec_ok on two whole bytes four.
 */
module utf8_lane_byte (
    input  wire [3:0] kind,       // utf8_lane_code of the byte
    input  wire [2:0] lead_rng,
    input  wire [2:0] next_rng,   // utf8_lane_code's cont_rng of the byte after it
    input  wire       mode,       // 0 rfc3629, 1 annex-r

    output wire       cont,       // 80..BF
    output wire [4:0] need_ge,    // need_ge[n-1]: as a lead it asks for >= n continuation bytes
    output wire       sec_ok,     // the next byte is a continuation in this one's second-byte range
    output wire [2:0] single_cls, // class of a unit of the byte alone when it asks for nothing
    output wire [2:0] bad_cls     // class of its unit when the next byte is a continuation out of range
);

`include "utf8_class_codes.vh"

// utf8_lane_code's kinds
wire k_cont  = kind == 4'd1;
wire k_c0c1  = kind == 4'd2;
wire k_lead2 = kind == 4'd3;   // C2..DF
wire k_lead3 = kind == 4'd4;   // E0..EF
wire k_lead4 = kind == 4'd5;   // F0..F4
wire k_f5f7  = kind == 4'd6;
wire k_lead5 = kind == 4'd7;   // F8..FB
wire k_lead6 = kind == 4'd8;   // FC..FD

wire lead4 = k_lead4 || (mode && k_f5f7);   // annex-r: F0..F7
wire lead5 = mode && k_lead5;
wire lead6 = mode && k_lead6;

assign cont    = k_cont;
assign need_ge = {lead6,
                  lead5 || lead6,
                  lead4 || lead5 || lead6,
                  k_lead3 || lead4 || lead5 || lead6,
                  k_lead2 || k_lead3 || lead4 || lead5 || lead6};

// Second-byte ranges narrower than 80..BF, in utf8_lane_code's numbering.
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
// of that flop, and a reset driven by logic can keep the window stage's flops
// out of the slices of the LUTs that feed them (long routes).
wire t_large  = k_f5f7 && !mode;
wire t_header = kind >= 4'd3 && !t_large;   // C2..FF but F5..F7 in rfc3629
assign single_cls = ({3{k_cont}}   & CLS_TOO_LONG)
                  | ({3{k_c0c1}}   & CLS_OVERLONG)
                  | ({3{t_large}}  & CLS_TOO_LARGE)
                  | ({3{t_header}} & CLS_HEADER_BITS);   // an ASCII byte: none, OK (0)

wire is_ed = lead_rng == 3'd2;
wire is_f4 = lead_rng == 3'd4;
assign bad_cls = ({3{is_ed}}            & CLS_SURROGATE)
               | ({3{is_f4}}            & CLS_TOO_LARGE)
               | ({3{!is_ed && !is_f4}} & CLS_OVERLONG);

endmodule

`resetall
`default_nettype wire
