// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

/*
 * burst_cap(index): how long the AXI4 burst starting at a beat may be, the one
 * definition of the rule that the kernel's read and write engines
 * (utf8_kernel_rd, utf8_kernel_wr) both cut their bursts by: up to MAX_BURST
 * beats and never across a 4 KiB boundary, which AXI4 forbids.
 *
 * Included inside a module body, after the module has declared
 *   MAX_BURST  the longest burst in beats (a parameter, a power of two to 256)
 *   KEEP       bytes per beat, LOGW = $clog2(KEEP)
 *   CW         the width of its beat counts, at least 10 (a page's 512 beats
 *              at KEEP 8 fit)
 * Verilog-2005 has no package, and a function cannot take widths as
 * parameters: each engine includes this text, which takes its widths from the
 * engine's own localparams (CW differs between the two), and gets its own
 * copy; hence no include guard. Tools find it in rtl/common, as they find
 * utf8_class_codes.vh.
 */

localparam PB = 12 - LOGW;   // bits of a beat's index within its 4 KiB page
localparam [31:0] MAXB_32 = MAX_BURST;
localparam [31:0] PAGE_32 = 4096 / KEEP;
localparam [CW-1:0] MAXB_C = MAXB_32[CW-1:0];
localparam [CW-1:0] PAGE_C = PAGE_32[CW-1:0];

// Beats from a beat's index within its page (address bits 11 down to LOGW) to
// MAX_BURST or the page's end, whichever is first. MAX_BURST = 2^MB: the page's
// end is the nearer when the index's bits from MB up are all ones (the last
// MAX_BURST beats of the page), and then it is 2^MB less the index's low MB
// bits away: a test of the high bits and a MB-bit negation side by side, not
// a subtraction from the page's beats followed by a compare.
localparam MB = $clog2(MAX_BURST);
function [CW-1:0] burst_cap;
    input [PB-1:0] index;
    reg [CW-1:0] left;
    begin
        if (MB >= PB) begin
            // MAX_BURST reaches past the page: always the page's end
            left = PAGE_C - {{(CW - PB){1'b0}}, index};
            burst_cap = left;
        end else if ((index >> MB) == ({PB{1'b1}} >> MB)) begin
            left = MAXB_C - ({{(CW - PB){1'b0}}, index} & (MAXB_C - 1'b1));
            burst_cap = left;
        end else begin
            burst_cap = MAXB_C;
        end
    end
endfunction
