// SPDX-License-Identifier: MIT
// Copyright (c) 2026 utf8core developers

`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * The smallest use of utf8core_pkg from outside the tree, the README's DPI-C
 * route: decode a string and validate it through the model's DPI-C calls, check
 * the units, encode them back. Prints "dpi_example: ok" and finishes, or stops
 * with $fatal.
 */
module dpi_example;

import utf8core_pkg::*;

initial begin
    // "A", "é", then ED A0 80 (a surrogate: one unit per byte), then "€"
    byte unsigned data[$];
    byte unsigned again[$];
    unit_t units[$];
    int unsigned cps[$];
    longint unsigned offset;
    byte unsigned cls;
    data = '{8'h41, 8'hC3, 8'hA9, 8'hED, 8'hA0, 8'h80, 8'hE2, 8'h82, 8'hAC};
    decode(MODE_RFC3629, data, units);
    foreach (units[i])
        $display("%0d %0d U+%04X %s", units[i].offset, units[i].length, units[i].code_point,
                 class_name(units[i].cls));
    if (units.size() != 6 || units[1].code_point != 32'hE9 || units[2].cls != CLASS_SURROGATE
        || units[3].cls != CLASS_TOO_LONG || units[5].code_point != 32'h20AC
        || units[5].offset != 6)
        $fatal(1, "dpi_example: unexpected units");
    if (validate(MODE_RFC3629, data, offset, cls) || offset != 3 || cls != CLASS_SURROGATE)
        $fatal(1, "dpi_example: unexpected verdict %0d %s", offset, class_name(cls));
    cps = '{32'h41, 32'hE9, 32'h20AC};
    if (encode(MODE_RFC3629, cps, again) != 0 || again.size() != 6 || again[5] != 8'hAC)
        $fatal(1, "dpi_example: unexpected encoding");
    $display("dpi_example: ok");
    $finish;
end

endmodule
