#!/usr/bin/env bash
# Builds everything and runs the quick test suite: the README's test command and
# what .ci/run calls. Extra arguments go to ctest (e.g. -R cli to run a subset).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja
cmake --build build
ctest --test-dir build -L quick --output-on-failure -j2 "$@"
