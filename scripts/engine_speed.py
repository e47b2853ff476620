#!/usr/bin/env python3
"""Simulation speed of the CLI's engines: MB of input per CPU second (a benchmark, not a test).

Runs `utf8core decode --to T --engine rtl --lanes L FILE` on inputs made by
throughput.py's generator (multilingual text, random bytes; fixed seed), each
REPEAT times, and reports the fastest run's wall time as MB/s (10^6 bytes):
on a machine shared with other work the fastest run is the least disturbed
one. Every run's output must equal the model engine's; a difference is
reported and makes the exit status 1.

--to picks the block at lanes > 1: ucs4le (the default) the wide decoder, utf8
the wide sanitizer; at lanes 1 both run the scalar decoder.

    scripts/engine_speed.py                           # lanes 1, 8, 64; 1 MiB; --to ucs4le
    scripts/engine_speed.py --exe other/utf8core --size 262144 --repeat 5
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

from throughput import REPO, make_inputs


def timed_run(cmd):
    """Runs cmd; returns (stdout, exit status, wall seconds)."""
    start = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return p.stdout, p.returncode, time.perf_counter() - start


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--exe", default=os.path.join(REPO, "build", "utf8core"))
    ap.add_argument("--lanes", nargs="+", type=int, default=[1, 8, 64])
    ap.add_argument("--size", type=int, default=1 << 20)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--to", default="ucs4le", choices=["ucs4le", "utf8", "text"])
    args = ap.parse_args(argv)

    failed = False
    print("| input | --to | lanes | wall s per run (best of %d) | MB/s |" % args.repeat)
    print("|---|---|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for name, data in make_inputs(args.size, args.seed).items():
            path = os.path.join(tmp, name)
            with open(path, "wb") as f:
                f.write(data)
            want, want_rc, _ = timed_run([args.exe, "decode", "--to", args.to, path])
            for lanes in args.lanes:
                times = []
                for _ in range(args.repeat):
                    out, rc, wall = timed_run(
                        [args.exe, "decode", "--to", args.to, "--engine", "rtl", "--lanes", str(lanes), path])
                    if out != want or rc != want_rc:
                        print(f"{name} lanes {lanes}: output differs from the model", file=sys.stderr)
                        failed = True
                    times.append(wall)
                t = min(times)
                print(f"| {name} | {args.to} | {lanes} | {t:.3f} | {len(data) / t / 1e6:.2f} |")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
