// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

/*
 * Error class codes of every block's tuser, stat_err_class and err_count slices:
 * utf8core::ErrorClass of model/functional/utf8_model.h and the table in docs/interface.md.
 * Included inside a module body, once per module that names a class, so it has no
 * include guard: each module needs its own copy of the localparams. Tools find it
 * through the RTL folder on their search path (verilator -y rtl, iverilog -I rtl,
 * yosys beside the including file or verilog_defaults -add -I rtl).
 */

// A module names only the classes it needs; the rest are unused there. The waiver
// is here, not in a lint/*.vlt file, because the Verilator builds under sim/ read
// this file but no waiver file.
/* verilator lint_off UNUSEDPARAM */
localparam [2:0]
    CLS_OK          = 3'd0,
    CLS_TOO_SHORT   = 3'd1,
    CLS_TOO_LONG    = 3'd2,
    CLS_OVERLONG    = 3'd3,
    CLS_SURROGATE   = 3'd4,
    CLS_TOO_LARGE   = 3'd5,
    CLS_HEADER_BITS = 3'd6;
/* verilator lint_on UNUSEDPARAM */
