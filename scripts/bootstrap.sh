#!/usr/bin/env bash
# Installs what utf8core needs to build and test, when it is missing: the Debian
# 12 packages below, then the PyPI packages pinned in scripts/requirements.txt
# into a virtual environment inside the build tree (build/venv, or
# $UTF8CORE_BUILD_DIR/venv), never into the system Python. Idempotent: with
# everything present it changes nothing and needs neither root nor network.
# When it cannot install (no root and no sudo, apt or pip fails) it says what to
# run and exits non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."

# The one list of Debian packages the project needs; add new dependencies here.
PACKAGES=(
  cmake ninja-build g++ pkg-config python3   # build
  ccache                                     # compiler cache (see CMakeLists.txt)
  verilator libsystemc-dev                   # RTL simulation
  libgtest-dev libbenchmark-dev libicu-dev   # tests, benchmarks, reference codec
  yosys nextpnr-ice40 fpga-icestorm iverilog # synthesis, place and route, lint
  python3-venv                               # the build tree's virtual environment
  python3-dev pybind11-dev                   # the Python module (python/)
  clang libclang-rt-14-dev                   # libFuzzer harnesses (fuzz/)
)

installed() {
  # stderr is captured, not sent to /dev/null: a "no packages found" message
  # simply fails the comparison.
  [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>&1)" = installed ]
}

missing_packages() {
  local p
  for p in "${PACKAGES[@]}"; do
    installed "$p" || printf '%s\n' "$p"
  done
}

if [ -z "$(command -v dpkg-query)" ]; then
  echo "bootstrap: dpkg-query not found: this script expects Debian 12; install the equivalents of:" >&2
  echo "  apt-get install -y ${PACKAGES[*]}" >&2
  exit 1
fi

# The PyPI packages of scripts/requirements.txt in BUILD/venv. A stamp holds the
# requirements file it was made from, so a changed pin reinstalls and an
# unchanged one costs nothing.
python_env() {
  local build=${UTF8CORE_BUILD_DIR:-build}
  local venv=$build/venv req=scripts/requirements.txt
  [ -f "$req" ] || return 0
  if [ -x "$venv/bin/python" ] && cmp -s "$req" "$venv/requirements.stamp"; then
    echo "bootstrap: $venv is up to date with $req"
    return 0
  fi
  mkdir -p "$build"
  echo "bootstrap: installing the PyPI packages of $req into $venv"
  if ! python3 -m venv "$venv" ||
     ! "$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$req"; then
    echo "bootstrap: could not make $venv; run: python3 -m venv $venv && $venv/bin/python -m pip install -r $req" >&2
    exit 1
  fi
  cp "$req" "$venv/requirements.stamp"
}

mapfile -t missing < <(missing_packages)
if [ "${#missing[@]}" -eq 0 ]; then
  echo "bootstrap: all ${#PACKAGES[@]} packages are installed"
  python_env
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
else
  SUDO=(sudo)
fi

give_up() {  # $1: why; $2...: the packages still missing
  local why=$1
  shift
  echo "bootstrap: $why. Install the missing packages with:" >&2
  echo "  ${SUDO[*]}${SUDO[*]:+ }apt-get install -y $*" >&2
  exit 1
}

if [ "${#SUDO[@]}" -gt 0 ] && [ -z "$(command -v sudo)" ]; then
  give_up "not root and no sudo" "${missing[@]}"
fi

echo "bootstrap: installing ${missing[*]}"
APT=("${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get)
"${APT[@]}" update -q || give_up "apt-get update failed" "${missing[@]}"
"${APT[@]}" install -y -q --no-install-recommends "${missing[@]}" ||
  give_up "apt-get install failed" "${missing[@]}"

mapfile -t still < <(missing_packages)
if [ "${#still[@]}" -ne 0 ]; then
  give_up "still missing after apt-get" "${still[@]}"
fi
echo "bootstrap: all ${#PACKAGES[@]} packages are installed"
python_env
