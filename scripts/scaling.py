#!/usr/bin/env python3
"""Size, Fmax and throughput of the wide blocks against LANES, out of context.

For each block (utf8_validator, utf8_wide_decoder, utf8_sanitizer), lane count and target
(iCE40 HX8K, ECP5 85k) this runs scripts/fpga_flow.py's flow (block synthesis,
out-of-context wrapper, nextpnr place and route; the ECP5 back end is
scripts/fpga_flow_ecp5.py) in a child process with a time limit, and writes
docs/scaling.json and docs/scaling.md: LUTs of the block alone, placed cells,
Fmax, and throughput LANES x Fmax. A point that does not fit the device or runs
past its time limit is recorded as such, never left out. Results are written
after every point, so an interrupted run still leaves what it measured.

    scripts/scaling.py                                   # everything (slow)
    scripts/scaling.py --lanes 1 8 64 --targets ecp5-85k --timeout 1800
    scripts/scaling.py --lanes 8 --targets hx8k --seeds 1 2 3   # median of three placements

With several --seeds a point runs once per seed and reports the median Fmax
(every seed's figure is kept in the JSON); a point counts as ok when at least
one seed finished. --placer and --router choose nextpnr's algorithms (recorded
with each point); the largest ECP5 points use the electrostatic placer, which
finished global placement of the 64-lane wide decoder where the default (HeAP)
had done five of its iterations (docs/design_notes.md).
"""

import argparse
import json
import math
import os
import shlex
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
FLOW = os.path.join(HERE, "fpga_flow_ecp5.py")  # fpga_flow's CLI with the ECP5 target added
sys.path.insert(0, HERE)
import fpga_flow  # noqa: E402
import fpga_flow_ecp5  # noqa: E402,F401  (adds ecp5-85k to fpga_flow.TARGETS)

DEFAULT_FREQ = {"hx8k": 150.0, "ecp5-85k": 200.0}
TARGET_NAME = {"hx8k": "iCE40 HX8K (CT256)", "ecp5-85k": "ECP5 LFE5U-85F (CABGA381)"}
GOAL = {("hx8k", 8): 150.0, ("ecp5-85k", 64): 200.0,  # Fmax goals of the design brief
        ("ecp5-85k", 128): 200.0}


def rel(path):
    return os.path.relpath(path, REPO)


def run_point(block, lanes, target, freq, seed, timeout, work_root, placer="", router=""):
    work = os.path.join(work_root, f"{block}-l{lanes}-{target}-s{seed}")
    cmd = [sys.executable, FLOW, block, "--target", target, "--freq", str(freq),
           "--seed", str(seed), "-P", f"LANES={lanes}", "--work", work, "--json"]
    cmd += (["--placer", placer] if placer else []) + (["--router", router] if router else [])
    point = {"block": block, "lanes": lanes, "target": target, "freq_constraint_mhz": freq,
             "seed": seed, "placer": placer, "router": router,
             "rtl_commit": fpga_flow.rtl_commit()}
    t0 = time.time()
    # The flow in a session of its own. Its tools run in sessions of their own
    # (fpga_flow.run_tool), so at the time limit the flow gets SIGTERM, on
    # which it stops the tool running; only then is the whole group killed.
    # (A SIGKILL alone left nextpnr running on for the rest of its run.)
    child = subprocess.Popen(cmd, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, start_new_session=True)
    try:
        out, err = child.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGTERM)
        try:
            child.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(child.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        child.communicate()
        point.update(status="timeout", detail=f"no result within {timeout} s",
                     seconds=round(time.time() - t0, 1))
        point.update(synthesized(block, target, work))
        return point
    proc = subprocess.CompletedProcess(cmd, child.returncode, out, err)
    point["seconds"] = round(time.time() - t0, 1)
    if proc.returncode != 0:
        err = (proc.stderr or "") + (proc.stdout or "")
        log = os.path.join(work, "nextpnr.log")
        if os.path.exists(log):
            with open(log, errors="replace") as f:
                err += f.read()[-4000:]
        low = err.lower()
        if any(s in low for s in ("does not fit", "unable to place", "not enough",
                                   "more than available", "failed to place", "exceeds")):
            point.update(status="does not fit", detail=last_error_line(err))
        else:
            point.update(status="failed", detail=last_error_line(err))
        point.update(synthesized(block, target, work))
        return point
    r = json.loads(proc.stdout)
    point.update(status="ok", fmax_mhz=r["fmax_mhz"], core=r["core"], placed=r["placed"],
                 wrapper_ff=r["wrapper_ff"],
                 throughput_gbyte_s=round(lanes * r["fmax_mhz"] / 1000.0, 3),
                 critical_path=r.get("critical_path", [])[-3:])
    return point


def synthesized(block, target, work):
    """The block's own cells when its synthesis finished before the point failed
    or ran out of time (the flow writes <block>.json first), so that the report
    still says how big it is."""
    path = os.path.join(work, f"{block}.json")
    if not os.path.exists(path):
        return {}
    try:
        with open(path) as f:
            netlist = json.load(f)
        return {"core": fpga_flow.TARGETS[target].backend.count_cells(netlist, block)}
    except (OSError, ValueError, KeyError):
        return {}


def run_point_seeds(block, lanes, target, freq, seeds, timeout, work_root, placer="", router=""):
    """run_point once per seed; the median-Fmax run stands for the point."""
    runs = [run_point(block, lanes, target, freq, seed, timeout, work_root, placer, router)
            for seed in seeds]
    if len(runs) == 1:
        return runs[0]
    ok = sorted((r for r in runs if r["status"] == "ok"), key=lambda r: r["fmax_mhz"])
    if not ok:
        return runs[-1]
    point = dict(ok[(len(ok) - 1) // 2])  # the lower median when the count is even
    point["seeds"] = [{"seed": r["seed"], "status": r["status"], "fmax_mhz": r.get("fmax_mhz"),
                       "seconds": r.get("seconds")} for r in runs]
    point["seconds"] = round(sum(r.get("seconds", 0) or 0 for r in runs), 1)
    return point


def last_error_line(text):
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    for l in lines:
        if l.startswith("ERROR"):
            return l[:300]
    for l in reversed(lines):
        if "error" in l.lower():
            return l[:300]
    return lines[-1][:300] if lines else ""


def wall(seconds):
    return f"{seconds / 60:.0f} min" if seconds >= 90 else f"{seconds:.0f} s"


def pnr_name(point):
    """The placer and router of a point, when not nextpnr's defaults."""
    return "/".join(v for v in (point.get("placer"), point.get("router")) if v) or "default"


def write_outputs(points, command, out_json, out_md, started):
    doc = {"command": command, "started_utc": started, "points": points,
           "throughput_note": "LANES bytes per clock (one beat every clock on any input) x Fmax"}
    with open(out_json, "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")
    lines = [
        "# Wide blocks: size and speed against LANES",
        "",
        "Out-of-context place and route of `utf8_validator`, `utf8_wide_decoder` and"
        " `utf8_sanitizer`"
        " (scripts/fpga_flow.py's wrapper registers every port; ECP5 back end in"
        " scripts/fpga_flow_ecp5.py). *LUTs* are the block alone after synthesis"
        " (iCE40: SB_LUT4, plus SB_CARRY; ECP5: LUT4, plus CCU2C carries and"
        " PFUMX/L6MUX21 muxes); *placed* counts the wrapped design (iCE40 logic cells,"
        " ECP5 LUTs), the wrapper's own flops included. Throughput = LANES bytes per"
        " clock x Fmax: each block takes one beat every clock on well-formed input (the"
        " validator and the decoder on any input). Where a"
        " point lists several nextpnr seeds, Fmax is their median and the column *seeds*"
        " gives each with its wall time (synthesis, place and route); a single seed"
        " carries several percent of placement noise. *nextpnr* names the placer and"
        " router when they are not nextpnr's defaults (HeAP, router1). *RTL* is the"
        " commit a point was measured at.",
        "",
        "Made by:",
        "",
        "```",
        command,
        "```",
        "",
        f"Started {started}. Raw figures: docs/scaling.json.",
        "",
    ]
    for target in sorted({p["target"] for p in points}, key=lambda t: list(DEFAULT_FREQ).index(t)
                         if t in DEFAULT_FREQ else 99):
        lines += [f"## {TARGET_NAME.get(target, target)}", "",
                  "| block | LANES | LUTs | carry | FFs | placed | Fmax MHz | seeds: Fmax (wall) | GB/s | LUTs / (L·log2 2L) | nextpnr | RTL | status |",
                  "|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---|---|---|"]
        for p in sorted((p for p in points if p["target"] == target),
                        key=lambda p: (p["block"], p["lanes"])):
            if p["status"] == "ok":
                core, placed = p["core"], p["placed"]
                luts = core.get("lut4", 0)
                placed_n = placed.get("lc", placed.get("lut", 0))
                per = luts / (p["lanes"] * math.log2(2 * p["lanes"]))
                goal = GOAL.get((target, p["lanes"]))
                status = "ok" if goal is None else (
                    f"meets {goal:g} MHz goal" if p["fmax_mhz"] >= goal else f"below {goal:g} MHz goal")
                seeds = ", ".join(
                    (f"{q['seed']}: {q['fmax_mhz']:.1f}" if q.get("fmax_mhz") else f"{q['seed']}: {q['status']}")
                    + (f" ({wall(q['seconds'])})" if q.get("seconds") else "")
                    for q in p.get("seeds", [{"seed": p.get("seed"), "status": "ok",
                                              "fmax_mhz": p["fmax_mhz"],
                                              "seconds": p.get("seconds")}]))
                lines.append(f"| {p['block']} | {p['lanes']} | {luts} | {core.get('carry', 0)} | "
                             f"{core.get('ff', 0)} | {placed_n} | {p['fmax_mhz']:.1f} | {seeds} | "
                             f"{p['throughput_gbyte_s']:.2f} | {per:.1f} | {pnr_name(p)} | "
                             f"{p.get('rtl_commit', '')} | {status} |")
            else:
                core = p.get("core", {})
                size = (f"{core.get('lut4', 0)} | {core.get('carry', 0)} | {core.get('ff', 0)}"
                        if core else " | | ")
                lines.append(f"| {p['block']} | {p['lanes']} | {size} | | | | | | {pnr_name(p)} | "
                             f"{p.get('rtl_commit', '')} | {p['status']}: "
                             f"{p.get('detail', '').replace('|', '/')} |")
        lines.append("")
    with open(out_md, "w") as f:
        f.write("\n".join(lines))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--blocks", nargs="+", default=["utf8_validator", "utf8_wide_decoder"])
    ap.add_argument("--lanes", nargs="+", type=lambda v: v if v == "none" else int(v),
                    default=[1, 2, 4, 8, 16, 32, 64])
    ap.add_argument("--targets", nargs="+", default=["hx8k", "ecp5-85k"],
                    choices=sorted(DEFAULT_FREQ))
    ap.add_argument("--timeout", type=float, default=1800, help="seconds per point")
    ap.add_argument("--seeds", nargs="+", type=int, default=[1],
                    help="nextpnr seeds per point; the median Fmax is reported")
    ap.add_argument("--placer", default="", choices=["", "heap", "sa", "static"],
                    help="nextpnr placer (default: nextpnr's own, heap)")
    ap.add_argument("--router", default="", choices=["", "router1", "router2"],
                    help="nextpnr router (default: nextpnr's own, router1)")
    ap.add_argument("--work", default=os.path.join(REPO, "build-fpga", "scaling"))
    ap.add_argument("--out-json", default=os.path.join(REPO, "docs", "scaling.json"))
    ap.add_argument("--out-md", default=os.path.join(REPO, "docs", "scaling.md"))
    ap.add_argument("--require-ok", action="store_true",
                    help="exit 1 unless every seed of every point run here placed and routed"
                         " within --timeout (the CTest label pnr_long uses this)")
    ap.add_argument("--merge", action="store_true",
                    help="keep the points of an existing --out-json that this run does not redo")
    ap.add_argument("--import", dest="imports", nargs="+", default=[], metavar="JSON",
                    help="also take the points (and commands) of these earlier outputs, e.g. of"
                         " runs made in parallel; with --lanes none nothing is run")
    args = ap.parse_args(argv)
    if args.lanes == ["none"]:
        args.lanes = []

    command = "scripts/scaling.py " + " ".join(shlex.quote(a) for a in (argv or sys.argv[1:]))
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    points = []
    if args.merge and os.path.exists(args.out_json):
        with open(args.out_json) as f:
            old = json.load(f)
        points = old.get("points", [])
        command = old.get("command", "") + "\n" + command
    for path in args.imports:
        with open(path) as f:
            old = json.load(f)
        keys = {(q["block"], q["lanes"], q["target"]) for q in old.get("points", [])}
        points = [q for q in points if (q["block"], q["lanes"], q["target"]) not in keys]
        points += old.get("points", [])
        command = old.get("command", "") + "\n" + command
    if args.imports:
        write_outputs(points, command, args.out_json, args.out_md, started)
    os.makedirs(args.work, exist_ok=True)
    not_ok = []
    for target in args.targets:
        for block in args.blocks:
            for lanes in args.lanes:
                print(f"{block} LANES={lanes} on {target} ...", flush=True)
                # Recorded before it runs, so that a run cut short says what was left.
                points = [q for q in points if not (q["block"] == block and q["lanes"] == lanes
                                                    and q["target"] == target)]
                points.append({"block": block, "lanes": lanes, "target": target,
                               "status": "unfinished",
                               "detail": "started " + time.strftime("%H:%M UTC", time.gmtime())
                                         + ", the run was stopped before a result"})
                write_outputs(points, command, args.out_json, args.out_md, started)
                p = run_point_seeds(block, lanes, target, DEFAULT_FREQ[target], args.seeds,
                                    args.timeout, args.work, args.placer, args.router)
                points = [q for q in points if not (q["block"] == block and q["lanes"] == lanes
                                                    and q["target"] == target)]
                points.append(p)
                print(f"  {p['status']} {p.get('fmax_mhz', '')} MHz, {p.get('seconds')} s",
                      flush=True)
                write_outputs(points, command, args.out_json, args.out_md, started)
                seeds = p.get("seeds", [p])
                not_ok += [f"{block} LANES={lanes} on {target} seed {q.get('seed')}: {q['status']}"
                           for q in seeds if q["status"] != "ok"]
    if args.require_ok and not_ok:
        for line in not_ok:
            print(f"scaling: {line}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
