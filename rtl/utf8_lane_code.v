// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * The two codes of a byte that the second-byte check of the wide blocks needs
 * (../shared/SPEC.md §2): which second-byte range it asks for as a lead, and
 * where it falls as a continuation byte. utf8_lane_front computes them as a
 * byte is accepted and registers them beside it, so that the check itself
 * (utf8_lane_byte's sec_ok) is a function of 3 + 3 bits and the mode, not of
 * two whole bytes: on the raw bytes it was the longest path at LANES 64 on
 * ECP5. Neither code depends on the mode, which a packet's first beat may
 * not have registered yet.
 */
module utf8_lane_code (
    input  wire [7:0] b,

    // as a lead: 0 any continuation, 1 E0 (A0..BF), 2 ED (80..9F), 3 F0 (90..BF),
    // 4 F4 (80..8F in rfc3629), 5 F8 (88..BF in annex-r), 6 FC (84..BF in annex-r)
    output reg  [2:0] lead_rng,
    // as a continuation: 0 none, 1 80..83, 2 84..87, 3 88..8F, 4 90..9F, 5 A0..BF
    output reg  [2:0] cont_rng
);

always @* begin
    case (b)
        8'hE0:   lead_rng = 3'd1;
        8'hED:   lead_rng = 3'd2;
        8'hF0:   lead_rng = 3'd3;
        8'hF4:   lead_rng = 3'd4;
        8'hF8:   lead_rng = 3'd5;
        8'hFC:   lead_rng = 3'd6;
        default: lead_rng = 3'd0;
    endcase
    if (b[7:6] != 2'b10) begin
        cont_rng = 3'd0;
    end else if (b[5]) begin
        cont_rng = 3'd5;
    end else if (b[4]) begin
        cont_rng = 3'd4;
    end else if (b[3]) begin
        cont_rng = 3'd3;
    end else if (b[2]) begin
        cont_rng = 3'd2;
    end else begin
        cont_rng = 3'd1;
    end
end

endmodule

`resetall
`default_nettype wire
