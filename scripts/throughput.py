#!/usr/bin/env python3
"""Bytes per clock of the RTL engines, from the CLI's --stats, on 1 MiB of text and of random bytes.

For each input (generated multilingual text, random bytes; both made here from a
fixed seed), each mode, each command (decode --to utf8: the wide sanitizer;
decode --to ucs4le: the wide decoder; validate) and each lane count it runs
`utf8core CMD --engine rtl --lanes L --stats` and the same with
`--engine model`, checks that standard output and the exit status are identical,
and prints a Markdown table of cycles and bytes per clock. A difference is
reported and makes the exit status 1.

    scripts/throughput.py                       # lanes 1, 8, 64; build/utf8core
    scripts/throughput.py --lanes 64 --size 65536
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)

SENTENCES = [
    "The quick brown fox jumps over the lazy dog. ",
    "Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich. ",
    "Voix ambiguë d'un cœur qui, au zéphyr, préfère les jattes de kiwis. ",
    "Τάχιστη αλώπηξ βαφής ψημένη γη, δρασκελίζει υπέρ νωθρού κυνός. ",
    "Съешь же ещё этих мягких французских булок, да выпей чаю. ",
    "いろはにほへと ちりぬるを わかよたれそ つねならむ ",
    "我能吞下玻璃而不伤身体。 ",
    "😀 🚀 🎉 𝄞 ",
]


# At LANES above 1: the wide sanitizer, the wide decoder, the wide validator.
COMMANDS = ("decode --to utf8", "decode --to ucs4le", "validate")


def make_inputs(size, seed):
    rng = random.Random(seed)
    text = bytearray()
    while len(text) < size:
        text += rng.choice(SENTENCES).encode("utf-8")
    del text[size:]
    noise = bytes(rng.getrandbits(8) for _ in range(size))
    return {"text": bytes(text), "random": noise}


def run(exe, args, path):
    p = subprocess.run([exe, *args, path], capture_output=True)
    stats = None
    for line in p.stderr.decode(errors="replace").splitlines():
        if line.startswith("{"):
            stats = json.loads(line)
    return p.returncode, p.stdout, stats, p.stderr.decode(errors="replace")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--exe", default=os.path.join(REPO, "build", "utf8core"))
    ap.add_argument("--lanes", nargs="+", type=int, default=[1, 8, 64])
    ap.add_argument("--size", type=int, default=1 << 20, help="bytes per input")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)

    rows = []
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for name, data in make_inputs(args.size, args.seed).items():
            path = os.path.join(tmp, name)
            with open(path, "wb") as f:
                f.write(data)
            for mode in ("rfc3629", "annex-r"):
                for cmd in COMMANDS:
                    ref = run(args.exe, [*cmd.split(), "--mode", mode, "--engine", "model"], path)
                    for lanes in args.lanes:
                        got = run(args.exe, [*cmd.split(), "--mode", mode, "--engine", "rtl", "--lanes",
                                             str(lanes), "--stats"], path)
                        same = got[0] == ref[0] and got[1] == ref[1]
                        if not same or got[2] is None:
                            failed = True
                            print(f"DIFFERENT: {cmd} {mode} lanes {lanes} on {name}: exit "
                                  f"{got[0]} vs {ref[0]}; {got[3].strip()[:300]}", file=sys.stderr)
                            continue
                        rows.append((cmd, lanes, mode, name, got[2]["cycles"],
                                     got[2]["bytes_per_cycle"]))
    print(f"| command | lanes | mode | input ({args.size} bytes) | cycles | bytes per clock |")
    print("|---|---:|---|---|---:|---:|")
    for cmd, lanes, mode, name, cycles, bpc in sorted(rows, key=lambda r: (r[0], r[1], r[2], r[3])):
        print(f"| {cmd} | {lanes} | {mode} | {name} | {cycles:,} | {bpc:.4f} |")
    print(f"\n{len(rows)} runs identical to --engine model" + ("; some differed" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
