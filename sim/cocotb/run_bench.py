#!/usr/bin/env python3
"""Builds one RTL block with Icarus and runs its cocotb bench (cocotb's Python
runner): the scalar decoder or the wide decoder at a given LANES.

Usage: run_bench.py {decoder|wide_decoder} --build-dir DIR [--lanes N]

The utf8core module must be importable (CTest puts the build tree's module on
PYTHONPATH). UTF8CORE_SEED replays a run. Exits non-zero when a test fails."""

import argparse
import os
import sys
from pathlib import Path

from cocotb.runner import get_results, get_runner

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
RTL = ROOT / "rtl"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("block", choices=["decoder", "wide_decoder"])
    parser.add_argument("--build-dir", required=True, type=Path)
    parser.add_argument("--lanes", type=int, default=4)
    args = parser.parse_args()

    toplevel = f"utf8_{args.block}"
    parameters = {"LANES": args.lanes} if args.block == "wide_decoder" else {}
    build_dir = args.build_dir / (toplevel + (f"_l{args.lanes}" if parameters else ""))
    # The benches import their helpers from here and from tests/py.
    sys.path[:0] = [str(HERE), str(ROOT / "tests" / "py")]
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [str(HERE), str(ROOT / "tests" / "py")] +
        ([os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else []))

    runner = get_runner("icarus")
    runner.build(
        verilog_sources=[RTL / f"{toplevel}.v"],
        includes=[RTL],
        hdl_toplevel=toplevel,
        parameters=parameters,
        # submodules found by name, as tests/rtl_checks.cmake does
        build_args=["-y", str(RTL)],
        build_dir=build_dir,
        always=True,
    )
    results = runner.test(hdl_toplevel=toplevel, test_module=f"test_{toplevel}",
                          test_dir=build_dir, build_dir=build_dir)
    # outside pytest the runner leaves the verdict to its caller
    tests, failed = get_results(results)
    print(f"{tests - failed} passed, {failed} failed")
    return 1 if failed or not tests else 0


if __name__ == "__main__":
    sys.exit(main())
