// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Units back to UTF-8: takes beats of up to LANES decoded units (the wide
 * decoder's m_axis) and gives their bytes, LANES a beat: a well-formed unit's
 * code point encoded in its own length gives its input bytes again, an error
 * unit's U+FFFD gives EF BF BD. This is the back half of utf8_sanitizer, and
 * the kernel's SANITIZE path behind its capacity cut.
 *
 * A log-depth merge tree joins the bytes of a beat's units (at most
 * 3*LANES+3 of them: only the first unit can reach back into the previous
 * input beat, by up to five bytes, so the rest average at most three) into
 * utf8_repack, which gives LANES bytes a clock. A beat with no unit and tlast
 * (the kernel's end of a job with nothing left to write) ends the output
 * packet with an empty beat.
 *
 * Latency: two clocks (repack's input register and accumulator); a beat leaves
 * once LANES bytes or the packet's end are in.
 */
module utf8_unit_utf8 #(
    // units per input beat and bytes per output beat: 1, 2, 4, 8, 16, 32, 64 or 128
    parameter LANES = 8
) (
    input  wire                 clk,
    input  wire                 rst,

    // Units, as utf8_wide_decoder's m_axis: code points, keep, tuser {len, class}
    input  wire [32*LANES-1:0]  s_axis_tdata,
    input  wire [LANES-1:0]     s_axis_tkeep,
    input  wire [6*LANES-1:0]   s_axis_tuser,
    input  wire                 s_axis_tvalid,
    output wire                 s_axis_tready,
    input  wire                 s_axis_tlast,

    // UTF-8 bytes; tkeep contiguous from lane 0
    output wire [8*LANES-1:0]   m_axis_tdata,
    output wire [LANES-1:0]     m_axis_tkeep,
    output wire                 m_axis_tvalid,
    input  wire                 m_axis_tready,
    output wire                 m_axis_tlast
);

`include "utf8_class_codes.vh"

localparam LOG = (LANES > 1) ? $clog2(LANES) : 0;
// Bytes one beat of units can give
localparam XB = 3 * LANES + 3;
localparam NW = $clog2(XB + 1);   // a byte count up to XB

// Bytes that a group of units of a beat can give: six each (annex-r's
// longest sequence), but never more than the beat's bound.
function integer seg_bytes;
    input integer units;
    begin
        seg_bytes = (6 * units < XB) ? 6 * units : XB;
    end
endfunction

generate
    if (LANES < 1 || LANES > 128 || (LANES & (LANES - 1)) != 0) begin : g_check_lanes
        error_LANES_must_be_1_2_4_8_16_32_64_or_128 stop ();
    end
endgenerate

// encode(cp, n): a code point's UTF-8 in n bytes, bytes past n zero
`include "utf8_encode.vh"

genvar l, g;
generate
    // Level l: LANES >> l segments, each the bytes of 2^l units and their count.
    for (l = 0; l <= LOG; l = l + 1) begin : g_lvl
        localparam SB = seg_bytes(1 << l);
        localparam N  = LANES >> l;
        wire [8*SB*N-1:0] seg;
        wire [NW*N-1:0]   cnt;
        if (l == 0) begin : g_units
            for (g = 0; g < LANES; g = g + 1) begin : g_unit
                wire [2:0] cls = s_axis_tuser[6*g +: 3];
                wire [2:0] len = s_axis_tuser[6*g + 3 +: 3];
                // An error unit's code point is U+FFFD, three bytes as any other.
                wire [2:0] n = !s_axis_tkeep[g] ? 3'd0 : (cls == CLS_OK ? len : 3'd3);
                assign seg[48*g +: 48] = encode(s_axis_tdata[32*g +: 31], n);
                wire unused_cp_top = &{1'b0, s_axis_tdata[32*g + 31], 1'b0};
                assign cnt[NW*g +: NW] = {{(NW-3){1'b0}}, n};
            end
        end else begin : g_merge
            localparam PB = seg_bytes(1 << (l - 1));
            for (g = 0; g < N; g = g + 1) begin : g_pair
                wire [8*SB-1:0] lo = {{(8*(SB-PB)){1'b0}}, g_lvl[l-1].seg[8*PB*(2*g) +: 8*PB]};
                wire [8*SB-1:0] hi = {{(8*(SB-PB)){1'b0}}, g_lvl[l-1].seg[8*PB*(2*g+1) +: 8*PB]};
                wire [NW-1:0]   n_lo = g_lvl[l-1].cnt[NW*(2*g) +: NW];
                wire [NW-1:0]   n_hi = g_lvl[l-1].cnt[NW*(2*g+1) +: NW];
                // The low half holds at most PB bytes: the shift needs no more bits.
                localparam PW = $clog2(PB + 1);
                wire [PW-1:0]   at = n_lo[PW-1:0];
                assign seg[8*SB*g +: 8*SB] = lo | (hi << {at, 3'b000});
                assign cnt[NW*g +: NW] = n_lo + n_hi;
            end
        end
    end
endgenerate

wire [8*XB-1:0] beat_bytes = g_lvl[LOG].seg;
wire [NW-1:0]   beat_count = g_lvl[LOG].cnt;

utf8_repack #(
    .ITEM(8),
    .IN(XB),
    .OUT(LANES)
) repack_inst (
    .clk(clk),
    .rst(rst),
    .s_data(beat_bytes),
    .s_count(beat_count),
    .s_valid(s_axis_tvalid),
    .s_ready(s_axis_tready),
    .s_last(s_axis_tlast),
    .m_data(m_axis_tdata),
    .m_keep(m_axis_tkeep),
    .m_valid(m_axis_tvalid),
    .m_ready(m_axis_tready),
    .m_last(m_axis_tlast)
);

endmodule

`resetall
`default_nettype wire
