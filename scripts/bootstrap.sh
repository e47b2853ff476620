#!/usr/bin/env bash
# Installs the Debian 12 packages utf8core needs to build and test, when they are
# missing. Idempotent: with everything present it changes nothing and needs
# neither root nor network. When it cannot install (no root and no sudo, or apt
# fails) it prints the apt-get line to run and exits non-zero.
set -euo pipefail

# The one list of Debian packages the project needs; add new dependencies here.
PACKAGES=(
  cmake ninja-build g++ pkg-config python3   # build
  verilator libsystemc-dev                   # RTL simulation
  libgtest-dev libbenchmark-dev libicu-dev   # tests, benchmarks, reference codec
  yosys nextpnr-ice40 fpga-icestorm iverilog # synthesis, place and route, lint
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

mapfile -t missing < <(missing_packages)
if [ "${#missing[@]}" -eq 0 ]; then
  echo "bootstrap: all ${#PACKAGES[@]} packages are installed"
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
