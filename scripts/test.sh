#!/usr/bin/env bash
# Builds everything and runs the quick test suite: the README's test command and
# what .ci/run calls. Extra arguments go to ctest (e.g. -R cli to run a subset).
# UTF8CORE_SHARED_DIR in the environment points the build at the shared folder
# (spec, standards, Kuhn's stress test) when it is not ../shared.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja ${UTF8CORE_SHARED_DIR:+"-DUTF8CORE_SHARED_DIR=$UTF8CORE_SHARED_DIR"}
cmake --build build
ctest --test-dir build -L quick --output-on-failure -j2 "$@"
