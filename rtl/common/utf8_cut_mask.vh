// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

/*
 * cut_mask(levels, step): where the wide blocks register their log-depth
 * networks (the prefix counts and utf8_lane_compact's levels), the one
 * definition of the rule that utf8_wide_decoder and utf8_sanitizer both
 * pipeline by, and that their cycle models' latencies assume. An
 * elaboration-time function: it makes localparams, no logic.
 *
 * Included inside a module body, as utf8_class_codes.vh is: Verilog-2005 has
 * no package, so each module that uses it includes the text and gets its own
 * copy; hence no include guard. Tools find it in rtl/common.
 */

// Bit i set: a register after level i (every step-th level and the last one).
function integer cut_mask;
    input integer levels;
    input integer step;
    integer i;
    begin
        cut_mask = 0;
        for (i = 0; i < levels; i = i + 1) begin
            if (i % step == step - 1 || i == levels - 1) begin
                cut_mask = cut_mask | (1 << i);
            end
        end
    end
endfunction
