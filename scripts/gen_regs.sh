#!/usr/bin/env bash
# Generates the kernel's C header (host/utf8_kernel_regs.h, peakrdl-cheader) and
# its register document (docs/kernel_regs.md, peakrdl-markdown) from the one
# description of the map, rtl/kernel/utf8_kernel.rdl, with the PeakRDL packages pinned
# in scripts/requirements.txt.
#
#   scripts/gen_regs.sh              rewrite the committed files
#   scripts/gen_regs.sh --check DIR  generate into DIR and compare with the
#                                    committed files: exit 1 on any difference
#                                    (the test kernel_regs_generated)
#
# PeakRDL comes from the virtual environment $UTF8CORE_VENV (build/venv when
# unset; scripts/bootstrap.sh makes it). Without it, --check exits 77, which
# CTest reports as skipped, and a rewrite fails.
set -euo pipefail
cd "$(dirname "$0")/.."

check_dir=
if [ "$#" -eq 2 ] && [ "$1" = --check ]; then
  check_dir=$2
elif [ "$#" -ne 0 ]; then
  echo "usage: $0 [--check DIR]" >&2
  exit 2
fi

venv=${UTF8CORE_VENV:-build/venv}
peakrdl=$venv/bin/peakrdl
if [ ! -x "$peakrdl" ]; then
  echo "gen_regs: no PeakRDL at $peakrdl: run scripts/bootstrap.sh (or set UTF8CORE_VENV)" >&2
  if [ -n "$check_dir" ]; then
    echo "gen_regs: skipped: the generated register files were not checked" >&2
    exit 77
  fi
  exit 2
fi

# The input is named relative to the repository: the document quotes the name.
rdl=rtl/kernel/utf8_kernel.rdl
header=host/utf8_kernel_regs.h
doc=docs/kernel_regs.md
out=${check_dir:-.}
mkdir -p "$out/host" "$out/docs"

# C99 (no static_assert, which needs C11); the macros are named after the
# register's place in the map, UTF8_KERNEL__<REG>__<FIELD>_{bm,bp,bw,reset}.
"$peakrdl" c-header "$rdl" -o "$out/$header" --std gnu99 --type-style hier
"$peakrdl" markdown "$rdl" -o "$out/$doc"

if [ -z "$check_dir" ]; then
  echo "gen_regs: wrote $header and $doc"
  exit 0
fi
status=0
for f in "$header" "$doc"; do
  if ! diff -u "$f" "$out/$f"; then
    echo "gen_regs: $f differs from what $rdl gives; run scripts/gen_regs.sh and commit the result" >&2
    status=1
  fi
done
[ "$status" -ne 0 ] || echo "gen_regs: $header and $doc match $rdl"
exit "$status"
