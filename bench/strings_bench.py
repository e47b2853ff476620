#!/usr/bin/env python3
"""A string column of realistic lengths, validated string by string: Apache
Arrow's own check as the software anchor, utf8core's model, the string
validator RTL (rtl/stream/utf8_string_validator.v) and the kernel's
VALIDATE_STRINGS (rtl/kernel/utf8_kernel.v, OP 3) in clocks.

The column (fixed seed, so every run measures the same bytes): COUNT strings
cut from multilingual text (English prose, accented Latin, Greek, Cyrillic,
CJK, emoji) at character boundaries, every one well-formed; lengths drawn
from a mix of 5 % empty, 85 % of 1..20 bytes, 9.9 % of 21..60 and 0.1 % of
1..4 KiB, about 15 bytes on average.

Figures:
- pyarrow's StringArray.validate(full=True) on the column (the check every
  Arrow ingest runs), in GB/s of string data and strings per second, best of
  --repeat runs;
- the Python module's validate_strings (the functional model), the same way;
- `utf8core validate-strings --engine rtl --lanes N --stats` on the same
  buffers: the clocks the RTL takes (held to its cycle model every clock),
  so bytes of string data and strings per clock, and at 200 MHz;
- `utf8core validate-strings --engine kernel --stats` (unless --no-kernel):
  the kernel at DATA_WIDTH 512 on the simulated card, a memory of 64 clocks'
  read latency, the whole column as one job, from AP_START to AP_DONE: bytes
  it reads per clock (data plus the COUNT + 1 offsets, SPEC §9's measure),
  data bytes and strings per clock.

A benchmark, not a test: its figures go to docs/strings_bench.md. Run from
the source tree after the build:

    PYTHONPATH=build/python build/venv/bin/python bench/strings_bench.py
"""

import argparse
import array
import json
import os
import platform
import random
import subprocess
import tempfile
import time

import pyarrow as pa

import utf8core

WORDS = ("the of and to in is that for it as was with be by on not this are or from at "
         "which have an they you were all there would their we been has when who will "
         "more no if out so said what up about into than them can only other new some "
         "time these two may then do first any now such like over even most made after "
         "also many before must through back years where much way well down should "
         "because each just those people column string value table").split()
SCRIPTS = ["àáâãäåæçèéêëìíîïñòóôõöøùúûüýÿß", "αβγδεζηθικλμνξοπρστυφχψω",
           "абвгдеёжзийклмнопрстуфхцчшщъыьэюя", "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年",
           "😀😃😄😁😆😅😂🤣🙂🙃😉😊"]


def text(rng, n):
    """About n bytes of well-formed multilingual text."""
    parts, size = [], 0
    while size < n:
        k = rng.random()
        if k < 0.6:
            w = rng.choice(WORDS)
        else:
            letters = SCRIPTS[rng.randrange(len(SCRIPTS))]
            w = "".join(rng.choice(letters) for _ in range(rng.randrange(2, 9)))
        b = (w + " ").encode()
        parts.append(b)
        size += len(b)
    return b"".join(parts)


def length(rng):
    k = rng.random()
    if k < 0.05:
        return 0
    if k < 0.90:
        return rng.randrange(1, 21)
    if k < 0.999:
        return rng.randrange(21, 61)
    return rng.randrange(1024, 4097)


def column(count, seed):
    """The data and int32 offsets of COUNT well-formed strings."""
    rng = random.Random(seed)
    lengths = [length(rng) for _ in range(count)]
    # room for the ends moved forward to character boundaries, so that no
    # string at the end is cut short by the text running out
    data = text(rng, sum(lengths) * 5 // 4 + 64)
    offsets = array.array("i", [0])
    at = 0
    for n in lengths:
        end = min(at + n, len(data))
        # forward to a character boundary: no string ends inside a sequence
        while end < len(data) and (data[end] & 0xC0) == 0x80:
            end += 1
        offsets.append(end)
        at = end
    return data[:at], offsets


def best(fn, repeat):
    t = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        t.append(time.perf_counter() - start)
    return min(t)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=10_000_000, help="strings (default 10 million)")
    ap.add_argument("--seed", type=int, default=28)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--lanes", type=int, nargs="*", default=[64], help="string validator lane counts")
    ap.add_argument("--no-kernel", action="store_true", help="leave the kernel out")
    ap.add_argument("--bin", default="build/utf8core", help="the utf8core program")
    ap.add_argument("--json", help="also write the figures here")
    args = ap.parse_args()

    data, offsets = column(args.count, args.seed)
    n = args.count
    nbytes = len(data)
    arr = pa.Array.from_buffers(pa.string(), n, [None, pa.py_buffer(offsets.tobytes()), pa.py_buffer(data)])
    res = {"strings": n, "bytes": nbytes, "mean_length": nbytes / n,
           "empty": sum(1 for i in range(n) if offsets[i + 1] == offsets[i]),
           "machine": f"{platform.machine()}, {os.cpu_count()} cores", "pyarrow": pa.__version__}
    t = best(lambda: arr.validate(full=True), args.repeat)
    res["pyarrow_validate_full"] = {"seconds": t, "GB_per_s": nbytes / t / 1e9, "Mstrings_per_s": n / t / 1e6}
    t = best(lambda: utf8core.validate_strings(data, offsets), args.repeat)
    res["model_validate_strings"] = {"seconds": t, "GB_per_s": nbytes / t / 1e9, "Mstrings_per_s": n / t / 1e6}
    with tempfile.TemporaryDirectory() as d:
        dpath, opath = os.path.join(d, "data"), os.path.join(d, "offsets")
        with open(dpath, "wb") as f:
            f.write(data)
        with open(opath, "wb") as f:
            f.write(offsets.tobytes())
        for lanes in args.lanes:
            r = subprocess.run([args.bin, "validate-strings", "--engine", "rtl", "--lanes", str(lanes),
                                "--stats", "--offsets", opath, dpath], capture_output=True, text=True, check=False)
            if r.returncode != 0:
                raise SystemExit(f"utf8core exited {r.returncode}: {r.stderr.strip()}")
            stats = json.loads(r.stderr)
            cycles = stats["cycles"]
            res[f"rtl_l{lanes}"] = {"cycles": cycles, "bytes_per_clock": nbytes / cycles,
                                    "strings_per_clock": n / cycles,
                                    "GB_per_s_at_200MHz": nbytes / cycles * 0.2}
        if not args.no_kernel:
            r = subprocess.run([args.bin, "validate-strings", "--engine", "kernel", "--stats", "--offsets",
                                opath, dpath], capture_output=True, text=True, check=False)
            if r.returncode != 0:
                raise SystemExit(f"utf8core exited {r.returncode}: {r.stderr.strip()}")
            stats = json.loads(r.stderr)
            cycles = stats["cycles"]
            read = nbytes + len(offsets.tobytes())
            res["kernel"] = {"data_width": stats["data_width"], "cycles": cycles,
                             "bytes_read": read, "bytes_read_per_clock": read / cycles,
                             "of_bus": read / cycles / (stats["data_width"] / 8),
                             "data_bytes_per_clock": nbytes / cycles, "strings_per_clock": n / cycles}
    print(json.dumps(res, indent=2))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(res, f, indent=2)


if __name__ == "__main__":
    main()
