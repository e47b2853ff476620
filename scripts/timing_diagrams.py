#!/usr/bin/env python3
"""The timing diagrams of docs/interface.md, made from the cycle models.

Runs each scenario of the trace program (build/sim/utf8_wavedrom_trace, which
ticks a block's cycle model clock by clock), turns its signals into WaveDrom
JSON (docs/wavedrom/<scenario>.json) and renders that to SVG with the pinned
`wavedrom` package (docs/wavedrom/<scenario>.svg). Each diagram's caption gives
its cycle numbers (beats in, last unit out, s_axis_tready low, reset), read from
the same run.

Usage:
  timing_diagrams.py TRACE_PROGRAM [--out DIR]    write the diagrams (default docs/wavedrom)
  timing_diagrams.py TRACE_PROGRAM --check DIR    regenerate and compare with DIR; exit 1
                                           naming every diagram that differs
"""

import argparse
import difflib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import wavedrom

ROOT = Path(__file__).resolve().parent.parent
BLOCK_NAMES = {
    "decoder": "utf8_decoder",
    "encoder": "utf8_encoder",
    "validator": "utf8_validator",
    "wide_decoder": "utf8_wide_decoder",
}
CLASSES = ("OK", "TOO_SHORT", "TOO_LONG", "OVERLONG", "SURROGATE", "TOO_LARGE",
           "HEADER_BITS")


def bit_wave(values):
    wave = ""
    for i, v in enumerate(values):
        wave += "." if i and v == values[i - 1] else str(int(v))
    return wave


def bus_wave(labels, starts):
    """labels[i] is None where the bus is not valid; starts[i] marks a new beat."""
    wave, data = "", []
    for i, label in enumerate(labels):
        if label is None:
            wave += "." if i and labels[i - 1] is None else "x"
        elif i and not starts[i] and labels[i - 1] == label:
            wave += "."
        else:
            wave += "="
            data.append(label)
    return {"wave": wave, "data": data}


def hexes(values, width=2):
    return " ".join(f"{v:0{width}X}" for v in values)


def column(rows, name):
    return [row[name] for row in rows]


def beat_starts(valid, ready):
    """A bus shows a new beat where valid rises or the previous beat moved."""
    return [i == 0 or not valid[i - 1] or bool(ready[i - 1]) for i in range(len(valid))]


def spans(flags):
    """Runs of True as 'a–b' (or 'a')."""
    out, start = [], None
    for i, f in enumerate(list(flags) + [False]):
        if f and start is None:
            start = i
        elif not f and start is not None:
            out.append(f"{start}" if i - 1 == start else f"{start}–{i - 1}")
            start = None
    return out


def caption(trace):
    """Cycle numbers read off the run: per packet, the clocks its beats were taken
    at s_axis and the clock its last output beat was taken at m_axis; a reset
    loses every packet whose last output beat had not been taken."""
    rows = trace["cycles"]
    packets = []  # [first beat, last beat, fate]
    pending = []  # indices of packets whose output has not finished
    receiving = None
    for i, r in enumerate(rows):
        if r["rst"]:
            for k in pending + ([receiving] if receiving is not None else []):
                packets[k][2] = "lost to reset"
            pending, receiving = [], None
            continue
        if r["m_axis_tvalid"] and r["m_axis_tready"] and r["m_axis_tlast"] and pending:
            packets[pending.pop(0)][2] = f"last out at {i}"
        if r["s_axis_tvalid"] and r["s_axis_tready"]:
            if receiving is None:
                packets.append([i, i, "not out yet"])
                receiving = len(packets) - 1
            packets[receiving][1] = i
            if r["s_axis_tlast"]:
                pending.append(receiving)
                receiving = None
    parts = [f"packet {k + 1} in at {a}" + (f"–{b}" if b > a else "") + f", {fate}"
             for k, (a, b, fate) in enumerate(packets)]
    if len(parts) > 6:
        parts = parts[:3] + ["…"] + parts[-2:]
    low = spans([not r["s_axis_tready"] and not r["rst"] for r in rows])
    if low:
        parts.append("s_axis_tready low at " + ", ".join(low))
    parts.append("rst at " + ", ".join(spans([bool(r["rst"]) for r in rows])))
    return "; ".join(parts)


def diagram(trace):
    rows = trace["cycles"]
    block = trace["block"]
    lanes = trace["lanes"]
    n = len(rows)
    wide = block in ("validator", "wide_decoder")
    s_valid, s_ready = column(rows, "s_axis_tvalid"), column(rows, "s_axis_tready")
    m_valid, m_ready = column(rows, "m_axis_tvalid"), column(rows, "m_axis_tready")
    s_starts, m_starts = beat_starts(s_valid, s_ready), beat_starts(m_valid, m_ready)

    def s_bus(name, fmt):
        labels = [fmt(r[name]) if r["s_axis_tvalid"] else None for r in rows]
        return bus_wave(labels, s_starts)

    def m_bus(name, fmt):
        labels = [fmt(r[name]) if r["m_axis_tvalid"] else None for r in rows]
        return bus_wave(labels, m_starts)

    s_group = ["s_axis",
               {"name": "tvalid", "wave": bit_wave(s_valid)},
               {"name": "tready", "wave": bit_wave(s_ready)},
               {"name": "tdata", **s_bus("s_axis_tdata",
                                         (lambda v: f"U+{v[0]:04X}") if block == "encoder" else hexes)}]
    if wide:
        s_group.append({"name": "tkeep", **s_bus("s_axis_tdata",
                                                 lambda v: f"{(1 << len(v)) - 1:X}")})
    s_group.append({"name": "tlast", "wave": bit_wave(column(rows, "s_axis_tlast"))})

    m_group = ["m_axis",
               {"name": "tvalid", "wave": bit_wave(m_valid)},
               {"name": "tready", "wave": bit_wave(m_ready)}]
    if block == "decoder":
        m_group += [{"name": "tdata", **m_bus("m_axis_tdata", lambda v: f"U+{v:04X}")},
                    {"name": "tuser", **m_bus("m_axis_tuser",
                                              lambda v: f"{v >> 3} {CLASSES[v & 7]}")}]
    elif block == "encoder":
        m_group += [{"name": "tdata", **m_bus("m_axis_tdata", hexes)},
                    {"name": "tkeep", **m_bus("m_axis_tkeep", lambda v: f"{v:02X}")},
                    {"name": "tuser", **m_bus("m_axis_tuser", lambda v: CLASSES[v])}]
    elif block == "validator":
        m_group += [{"name": "tdata", **m_bus("m_axis_tdata", str)},
                    {"name": "tuser", **m_bus("m_axis_tuser",
                                              lambda v: f"{v & 1} {CLASSES[v >> 1]}")}]
    else:
        m_group += [{"name": "tdata", **m_bus("m_axis_tdata", lambda v: hexes(v, 1))},
                    {"name": "tkeep", **m_bus("m_axis_tkeep", lambda v: f"{v:X}")},
                    {"name": "tuser", **m_bus("m_axis_tuser", lambda v: hexes(v))}]
    m_group.append({"name": "tlast", "wave": bit_wave(column(rows, "m_axis_tlast"))})

    signal = [{"name": "clk", "wave": "p" + "." * (n - 1)},
              {"name": "rst", "wave": bit_wave(column(rows, "rst"))},
              {}, s_group, {}, m_group]
    if "stat_valid" in rows[0]:
        # the stat_* values belong to the clock of their stat_valid pulse
        stat_starts = [i == 0 or bool(rows[i]["stat_valid"]) for i in range(n)]
        stat = ["stat", {"name": "valid", "wave": bit_wave(column(rows, "stat_valid"))}]
        for name, fmt in (("stat_error", str), ("stat_err_offset", str),
                          ("stat_err_class", lambda v: CLASSES[v])):
            labels = [fmt(r[name]) for r in rows]
            stat.append({"name": name[5:], **bus_wave(labels, stat_starts)})
        signal += [{}, stat]

    title = BLOCK_NAMES[block] + (f" (LANES {lanes})" if wide else "") + ": " + \
        trace["scenario"].rsplit("_", 1)[1]
    return {
        "signal": signal,
        "head": {"text": title, "tick": 0},
        "foot": {"text": caption(trace)},
        "config": {"hscale": 3 if block == "wide_decoder" else 2},
    }


def scenarios(trace_program):
    out = subprocess.run([trace_program], check=True, capture_output=True, text=True).stdout
    return out.split()


def generate(trace_program, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name in scenarios(trace_program):
        trace = json.loads(subprocess.run([trace_program, name], check=True,
                                          capture_output=True, text=True).stdout)
        source = json.dumps(diagram(trace), indent=1) + "\n"
        (out_dir / f"{name}.json").write_text(source)
        wavedrom.render(source).saveas(str(out_dir / f"{name}.svg"))
        written.append(name)
    return written


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trace_program")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "wavedrom")
    parser.add_argument("--check", type=Path, metavar="DIR")
    args = parser.parse_args()
    if not args.check:
        for name in generate(args.trace_program, args.out):
            print(f"wrote {args.out / name}.json and .svg")
        return 0
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        names = generate(args.trace_program, Path(tmp))
        for name in names:
            for ext in ("json", "svg"):
                fresh = (Path(tmp) / f"{name}.{ext}").read_text()
                kept = args.check / f"{name}.{ext}"
                if not kept.exists():
                    bad.append(f"{kept} missing")
                elif kept.read_text() != fresh:
                    bad.append(f"{kept} differs from the cycle model's run")
                    if ext == "json":
                        sys.stdout.writelines(difflib.unified_diff(
                            kept.read_text().splitlines(True), fresh.splitlines(True),
                            str(kept), "regenerated", n=1))
        extra = sorted(p.stem for p in args.check.glob("*.json") if p.stem not in names)
        bad += [f"{args.check / e}.json has no scenario" for e in extra]
    for line in bad:
        print(line)
    print(f"{len(names) * 2 - len(bad)} passed, {len(bad)} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
