// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Turns each decoded unit into one line of ASCII text for the board demo's text mode:
 * "U+" and the code point in upper-case hex (at least 4 digits, more only when the
 * value needs them, as U+ notation does), a space, the class name of
 * utf8core::ClassName(), CR LF; e.g. "U+00E9 OK\r\n", "U+FFFD OVERLONG\r\n". A beat
 * with s_axis_tuser[3] set is a drop report instead: "DROPPED 0x" and the count in the
 * same hex form, CR LF. One character per beat out; m_axis_tlast is set on the LF of a
 * line whose input beat had tlast. A line takes one cycle per character and the next
 * beat is taken the cycle after its LF is accepted.
 */
module utf8_line_fmt
(
    input  wire        clk,
    input  wire        rst,

    /*
     * Units: code point, tuser[2:0] class, tuser[3] drop report (tdata = count)
     */
    input  wire [31:0] s_axis_tdata,
    input  wire [3:0]  s_axis_tuser,
    input  wire        s_axis_tvalid,
    output wire        s_axis_tready,
    input  wire        s_axis_tlast,

    /*
     * ASCII characters
     */
    output wire [7:0]  m_axis_tdata,
    output wire        m_axis_tvalid,
    input  wire        m_axis_tready,
    output wire        m_axis_tlast
);

`include "utf8_class_codes.vh"

localparam [2:0]
    PH_PREFIX = 3'd0,
    PH_DIGITS = 3'd1,
    PH_SPACE  = 3'd2,
    PH_NAME   = 3'd3,
    PH_CR     = 3'd4,
    PH_LF     = 3'd5;

// Strings are right-aligned in their vectors: character i of a string of length n is
// [8*(n-1-i) +: 8].
localparam [8*10-1:0] PREFIX_UNIT = "U+";
localparam [8*10-1:0] PREFIX_DROP = "DROPPED 0x";
localparam [8*11-1:0] NAME_OK = "OK";
localparam [8*11-1:0] NAME_TOO_SHORT = "TOO_SHORT";
localparam [8*11-1:0] NAME_TOO_LONG = "TOO_LONG";
localparam [8*11-1:0] NAME_OVERLONG = "OVERLONG";
localparam [8*11-1:0] NAME_SURROGATE = "SURROGATE";
localparam [8*11-1:0] NAME_TOO_LARGE = "TOO_LARGE";
localparam [8*11-1:0] NAME_HEADER_BITS = "HEADER_BITS";
localparam [8*11-1:0] NAME_UNKNOWN = "?";

reg busy_q, busy_d;
reg [2:0] phase_q, phase_d;
reg [3:0] idx_q, idx_d;      // character within the phase
reg [3:0] len_q, len_d;      // characters in the phase
reg [31:0] val_q, val_d;     // digits still to print, the next one in [31:28]
reg [3:0] ndig_q, ndig_d;
reg [2:0] cls_q, cls_d;
reg report_q, report_d;
reg last_q, last_d;

reg [7:0] out_data_q, out_data_d;
reg out_valid_q, out_valid_d;
reg out_last_q, out_last_d;

assign s_axis_tready = !busy_q;
assign m_axis_tdata = out_data_q;
assign m_axis_tvalid = out_valid_q;
assign m_axis_tlast = out_last_q;

reg [8*11-1:0] name;
reg [3:0] name_len;

always @* begin
    case (cls_q)
        CLS_OK: begin name = NAME_OK; name_len = 4'd2; end
        CLS_TOO_SHORT: begin name = NAME_TOO_SHORT; name_len = 4'd9; end
        CLS_TOO_LONG: begin name = NAME_TOO_LONG; name_len = 4'd8; end
        CLS_OVERLONG: begin name = NAME_OVERLONG; name_len = 4'd8; end
        CLS_SURROGATE: begin name = NAME_SURROGATE; name_len = 4'd9; end
        CLS_TOO_LARGE: begin name = NAME_TOO_LARGE; name_len = 4'd9; end
        CLS_HEADER_BITS: begin name = NAME_HEADER_BITS; name_len = 4'd11; end
        default: begin name = NAME_UNKNOWN; name_len = 4'd1; end
    endcase
end

function [7:0] hex_char(input [3:0] n);
    hex_char = (n < 4'd10) ? (8'h30 + {4'd0, n}) : (8'h37 + {4'd0, n});
endfunction

// Hex digits the value needs, at least 4.
function [3:0] digits(input [31:16] v);
    if (v[31:28] != 4'd0) digits = 4'd8;
    else if (v[27:24] != 4'd0) digits = 4'd7;
    else if (v[23:20] != 4'd0) digits = 4'd6;
    else if (v[19:16] != 4'd0) digits = 4'd5;
    else digits = 4'd4;
endfunction

reg [7:0] char;
reg [3:0] first;

always @* begin
    first = digits(s_axis_tdata[31:16]);
    busy_d = busy_q;
    phase_d = phase_q;
    idx_d = idx_q;
    len_d = len_q;
    val_d = val_q;
    ndig_d = ndig_q;
    cls_d = cls_q;
    report_d = report_q;
    last_d = last_q;
    out_data_d = out_data_q;
    out_valid_d = out_valid_q;
    out_last_d = out_last_q;

    case (phase_q)
        PH_PREFIX: char = report_q ? PREFIX_DROP[8*(len_q-1-idx_q) +: 8]
                                   : PREFIX_UNIT[8*(len_q-1-idx_q) +: 8];
        PH_DIGITS: char = hex_char(val_q[31:28]);
        PH_SPACE:  char = 8'h20;
        PH_NAME:   char = name[8*(len_q-1-idx_q) +: 8];
        PH_CR:     char = 8'h0d;
        default:   char = 8'h0a;
    endcase

    if (m_axis_tready) begin
        out_valid_d = 1'b0;
    end

    if (!busy_q) begin
        if (s_axis_tvalid) begin
            busy_d = 1'b1;
            ndig_d = first;
            // Left-align the first digit to print in [31:28].
            val_d = s_axis_tdata << {4'd8 - first, 2'b00};
            cls_d = s_axis_tuser[2:0];
            report_d = s_axis_tuser[3];
            last_d = s_axis_tlast;
            phase_d = PH_PREFIX;
            idx_d = 4'd0;
            len_d = s_axis_tuser[3] ? 4'd10 : 4'd2;
        end
    end else if (!out_valid_q || m_axis_tready) begin
        out_valid_d = 1'b1;
        out_data_d = char;
        out_last_d = last_q && (phase_q == PH_LF);
        idx_d = idx_q + 1'b1;
        if (phase_q == PH_DIGITS) begin
            val_d = val_q << 4;
        end
        if (idx_q == len_q - 1'b1) begin
            idx_d = 4'd0;
            case (phase_q)
                PH_PREFIX: begin phase_d = PH_DIGITS; len_d = ndig_q; end
                PH_DIGITS: begin phase_d = report_q ? PH_CR : PH_SPACE; len_d = 4'd1; end
                PH_SPACE:  begin phase_d = PH_NAME; len_d = name_len; end
                PH_NAME:   begin phase_d = PH_CR; len_d = 4'd1; end
                PH_CR:     begin phase_d = PH_LF; len_d = 4'd1; end
                default:   begin busy_d = 1'b0; end
            endcase
        end
    end
end

always @(posedge clk) begin
    busy_q <= busy_d;
    phase_q <= phase_d;
    idx_q <= idx_d;
    len_q <= len_d;
    val_q <= val_d;
    ndig_q <= ndig_d;
    cls_q <= cls_d;
    report_q <= report_d;
    last_q <= last_d;
    out_data_q <= out_data_d;
    out_valid_q <= out_valid_d;
    out_last_q <= out_last_d;

    if (rst) begin
        busy_q <= 1'b0;
        out_valid_q <= 1'b0;
    end
end

endmodule

`default_nettype wire
