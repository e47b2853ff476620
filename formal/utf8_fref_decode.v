// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`default_nettype none

/*
 * Reference for the formal harnesses: the unit that starts at a byte, written
 * straight from SPEC §2 (the table of leads and second-byte ranges) and §3
 * (maximal subparts and the error classes), sharing nothing with the RTL. It is
 * deliberately plain (compares of whole bytes against the table's bounds) so
 * that it reads like the table, where the RTL decodes bit fields.
 *
 * Inputs: win holds the bytes from the unit's first on (byte k at
 * win[8*k +: 8]); known[k] says byte k has been seen; ended[k] says the packet
 * ended before byte k (byte k is not part of it); annex is the packet's mode.
 * Outputs: the unit's length, class and code point (U+FFFD for an error), and
 * undecided when the answer depends on a byte not yet seen.
 */
module utf8_fref_decode (
    input  wire [55:0] win,
    input  wire [6:0]  known,
    input  wire [6:0]  ended,
    input  wire        annex,
    output reg  [2:0]  len,
    output reg  [2:0]  cls,
    output reg  [31:0] cp,
    output reg         undecided
);

`include "utf8_class_codes.vh"

reg [7:0] b0, b;
reg [2:0] n;      // continuation bytes the lead needs
reg [7:0] lo, hi; // range of the second byte
reg       lead;
reg       done;
reg [31:0] val;
integer i;

always @(*) begin
    b0 = win[7:0];
    n = 3'd0;
    lo = 8'h80;
    hi = 8'hBF;
    lead = 1'b0;
    len = 3'd1;
    cls = CLS_OK;
    cp = 32'h0000FFFD;
    undecided = 1'b0;
    done = 1'b0;
    val = 32'd0;
    b = 8'h00;
    // SPEC §2, one row of the table per branch
    if (b0 <= 8'h7F) begin
        cp = {24'd0, b0};
    end else if (b0 <= 8'hBF) begin
        cls = CLS_TOO_LONG;
    end else if (b0 == 8'hC0 || b0 == 8'hC1) begin
        cls = CLS_OVERLONG;
    end else if (b0 <= 8'hDF) begin
        lead = 1'b1; n = 3'd1;
    end else if (b0 == 8'hE0) begin
        lead = 1'b1; n = 3'd2; lo = 8'hA0;
    end else if (b0 == 8'hED) begin
        lead = 1'b1; n = 3'd2; hi = 8'h9F;
    end else if (b0 <= 8'hEF) begin
        lead = 1'b1; n = 3'd2;
    end else if (b0 == 8'hF0) begin
        lead = 1'b1; n = 3'd3; lo = 8'h90;
    end else if (b0 <= 8'hF3) begin
        lead = 1'b1; n = 3'd3;
    end else if (b0 == 8'hF4 && !annex) begin
        lead = 1'b1; n = 3'd3; hi = 8'h8F;
    end else if (b0 <= 8'hF7) begin
        if (annex) begin
            lead = 1'b1; n = 3'd3;
        end else begin
            cls = CLS_TOO_LARGE;
        end
    end else if (!annex) begin
        cls = CLS_HEADER_BITS;
    end else if (b0 == 8'hF8) begin
        lead = 1'b1; n = 3'd4; lo = 8'h88;
    end else if (b0 <= 8'hFB) begin
        lead = 1'b1; n = 3'd4;
    end else if (b0 == 8'hFC) begin
        lead = 1'b1; n = 3'd5; lo = 8'h84;
    end else if (b0 == 8'hFD) begin
        lead = 1'b1; n = 3'd5;
    end else begin
        cls = CLS_HEADER_BITS;
    end

    if (lead) begin
        // Table 5: the lead keeps its low 6-n bits
        val = {24'd0, b0} & (32'h7F >> (n + 1));
        for (i = 1; i <= 5; i = i + 1) begin
            if (!done && i <= n) begin
                b = win[8*i +: 8];
                if (ended[i]) begin
                    // the packet ended inside the sequence
                    cls = CLS_TOO_SHORT; len = i; done = 1'b1;
                end else if (!known[i]) begin
                    undecided = 1'b1; done = 1'b1;
                end else if (i == 1 && b >= 8'h80 && b <= 8'hBF && b < lo) begin
                    cls = CLS_OVERLONG; len = 3'd1; done = 1'b1;
                end else if (i == 1 && b >= 8'h80 && b <= 8'hBF && b > hi) begin
                    cls = (b0 == 8'hED) ? CLS_SURROGATE : CLS_TOO_LARGE;
                    len = 3'd1; done = 1'b1;
                end else if (b < 8'h80 || b > 8'hBF) begin
                    // not a continuation byte: it starts the next unit
                    cls = CLS_TOO_SHORT; len = i; done = 1'b1;
                end else begin
                    val = {val[25:0], b[5:0]};
                end
            end
        end
        if (!done) begin
            len = n + 3'd1;
            cls = CLS_OK;
            cp = val;
        end
    end
end

endmodule

`default_nettype wire
