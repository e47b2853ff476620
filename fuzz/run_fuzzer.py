#!/usr/bin/env python3
"""Runs one libFuzzer harness for a while and reports what it reached.

The corpus starts from the harness's seeds (make_seeds) and, when it is
present, Markus Kuhn's UTF-8 stress test, framed as the harness reads its input
(framing.h); it is not shipped, so it is added here at run time only. New inputs
go to WORK/corpus; a crash or mismatch leaves its reproducer in WORK/ (libFuzzer
prints the path) and fails the run. The last line gives the run's figures:
runs, exec/s, and libFuzzer's final cov: and ft:.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

KUHN_FRAMES = {
    "decode": [b"\x00", b"\x01"],  # rfc3629 / annex-r, no chunk lengths
    "roundtrip": [b"\x00", b"\x01"],
    "cli": [b"decode\x00--to\x00text\x00-\x00\x00", b"validate\x00--mode\x00annex-r\x00-\x00\x00"],
}


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--fuzzer", required=True)
    p.add_argument("--harness", required=True, choices=sorted(KUHN_FRAMES))
    p.add_argument("--seeds", required=True, help="the harness's seed folder")
    p.add_argument("--work", required=True, help="folder for the corpus and any reproducer")
    p.add_argument("--seconds", type=int, required=True)
    p.add_argument("--kuhn", default="", help="Kuhn's UTF-8-test.txt, used when it exists")
    p.add_argument("--fresh", action="store_true", help="start the corpus again from the seeds")
    p.add_argument("--seed", type=int, default=0, help="libFuzzer's -seed (0: random)")
    a = p.parse_args()

    corpus = os.path.join(a.work, "corpus")
    extra = os.path.join(a.work, "kuhn")
    if a.fresh:
        shutil.rmtree(corpus, ignore_errors=True)
    shutil.rmtree(extra, ignore_errors=True)
    os.makedirs(corpus, exist_ok=True)
    os.makedirs(extra, exist_ok=True)
    dirs = [corpus, a.seeds]
    if a.kuhn and os.path.isfile(a.kuhn):
        with open(a.kuhn, "rb") as f:
            text = f.read()
        for i, frame in enumerate(KUHN_FRAMES[a.harness]):
            with open(os.path.join(extra, "kuhn_%d" % i), "wb") as f:
                f.write(frame + text)
        dirs.append(extra)
        print("run_fuzzer: Kuhn's stress test added to the seeds")
    else:
        print("run_fuzzer: no Kuhn stress test at '%s'; seeds from the tests only" % a.kuhn)

    cmd = [a.fuzzer, "-max_total_time=%d" % a.seconds, "-print_final_stats=1",
           "-seed=%d" % a.seed, "-timeout=20", "-rss_limit_mb=2048",
           "-artifact_prefix=" + os.path.join(a.work, "")] + dirs
    print("run_fuzzer: " + " ".join(cmd), flush=True)
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          errors="replace")
    out = proc.stdout
    # Everything but libFuzzer's progress lines (NEW, REDUCE, pulse...).
    for line in out.splitlines():
        if not re.match(r"#\d+\s+(NEW|REDUCE|pulse|RELOAD)", line):
            print(line)
    cov = re.findall(r"#(\d+)\s+\w+\s+cov: (\d+) ft: (\d+)", out)
    eps = re.search(r"stat::average_exec_per_sec:\s+(\d+)", out)
    runs = re.search(r"stat::number_of_executed_units:\s+(\d+)", out)
    if cov:
        print("run_fuzzer: %s: %s runs in %d s, %s exec/s, final cov: %s ft: %s" % (
            a.harness, runs.group(1) if runs else cov[-1][0], a.seconds,
            eps.group(1) if eps else "?", cov[-1][1], cov[-1][2]))
    if proc.returncode != 0:
        print("run_fuzzer: %s failed (exit %d): the reproducer is in %s" % (
            a.harness, proc.returncode, a.work))
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
