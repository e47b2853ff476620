#!/usr/bin/env python3
"""Builds one RTL block with Icarus and runs its cocotb bench (cocotb's Python
runner): the scalar decoder, the wide decoder at a given LANES, or the
memory-mapped kernel at a given DATA_WIDTH.

Usage: run_bench.py {decoder|wide_decoder|kernel} --build-dir DIR
                    [--lanes N] [--data-width BITS]

The decoders' benches need the utf8core module (CTest puts the build tree's
module on PYTHONPATH); the kernel's needs nothing of the project's but its
RTL and its register header. UTF8CORE_SEED replays a run. Exits non-zero when
a test fails, and with 77 (CTest's SKIP_RETURN_CODE) when this Python has no
cocotb or Icarus is not on PATH."""

import argparse
import os
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
# The core's RTL folders (as in the top-level CMakeLists.txt's UTF8CORE_RTL_DIRS):
# a module is found by name in any of them, the `include files in common/.
RTL_DIRS = [ROOT / "rtl" / d for d in ("common", "stream", "lane", "kernel")]
SKIP = 77


def missing_tools():
    """Why the bench cannot run here, or None."""
    try:
        import cocotb  # noqa: F401  (only whether it is there)
        import cocotbext.axi  # noqa: F401
    except ImportError as exc:
        return (f"{sys.executable} has no {exc.name} (scripts/bootstrap.sh installs "
                f"scripts/requirements.txt into the build tree's venv)")
    for tool in ("iverilog", "vvp"):
        if shutil.which(tool) is None:
            return f"{tool} is not on PATH (Debian package iverilog)"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("block", choices=["decoder", "wide_decoder", "kernel"])
    parser.add_argument("--build-dir", required=True, type=Path)
    parser.add_argument("--lanes", type=int, default=4)
    parser.add_argument("--data-width", type=int, default=64)
    args = parser.parse_args()

    why = missing_tools()
    if why:
        print(f"skipped: {why}")
        return SKIP
    from cocotb.runner import get_results, get_runner

    toplevel = f"utf8_{args.block}"
    sources = [d / f"{toplevel}.v" for d in RTL_DIRS if (d / f"{toplevel}.v").exists()]
    test_module = f"test_{toplevel}"
    parameters = {}
    build_name = toplevel
    if args.block == "wide_decoder":
        parameters = {"LANES": args.lanes}
        build_name += f"_l{args.lanes}"
    elif args.block == "kernel":
        # the kernel under a shell that adds the AXI4 IDs cocotbext-axi wants
        toplevel = "utf8_kernel_tb"
        sources = [HERE / "utf8_kernel_tb.v"]
        parameters = {"DATA_WIDTH": args.data_width}
        build_name += f"_w{args.data_width}"
    build_dir = args.build_dir / build_name
    # The benches import their helpers from here and from tests/py.
    sys.path[:0] = [str(HERE), str(ROOT / "tests" / "py")]
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [str(HERE), str(ROOT / "tests" / "py")] +
        ([os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else []))

    runner = get_runner("icarus")
    runner.build(
        verilog_sources=sources,
        includes=[ROOT / "rtl" / "common"],
        hdl_toplevel=toplevel,
        parameters=parameters,
        # submodules found by name, as tests/common/rtl_checks.cmake does
        build_args=[arg for d in RTL_DIRS for arg in ("-y", str(d))],
        build_dir=build_dir,
        always=True,
    )
    # The kernel leaves the bytes of unstrobed write lanes undefined (AXI4
    # allows it); its bench checks that the strobed ones are defined.
    extra_env = {"COCOTB_RESOLVE_X": "ZEROS"} if args.block == "kernel" else {}
    results = runner.test(hdl_toplevel=toplevel, test_module=test_module,
                          test_dir=build_dir, build_dir=build_dir, extra_env=extra_env)
    # outside pytest the runner leaves the verdict to its caller
    tests, failed = get_results(results)
    print(f"{tests - failed} passed, {failed} failed")
    return 1 if failed or not tests else 0


if __name__ == "__main__":
    sys.exit(main())
