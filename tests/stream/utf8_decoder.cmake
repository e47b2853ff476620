# Scalar decoder: RTL against cycle model and functional model (label quick), the
# SystemC testbench (label quick), and the `coverage` target (not built by default).
add_executable(utf8_decoder_test ${CMAKE_CURRENT_LIST_DIR}/utf8_decoder_test.cpp)
target_link_libraries(utf8_decoder_test PRIVATE utf8_decoder_run utf8_decoder_narrow_rtl GTest::gtest_main)
target_compile_definitions(utf8_decoder_test PRIVATE UTF8CORE_KUHN_TEST="${UTF8CORE_KUHN_TEST}")
target_compile_options(utf8_decoder_test PRIVATE -Wall)
gtest_discover_tests(utf8_decoder_test PROPERTIES LABELS quick DISCOVERY_TIMEOUT 60)

# Without its argument the SystemC bench decodes only the built-in sample: a clone
# with nothing beside it still builds and passes, with less covered.
if(EXISTS "${UTF8CORE_KUHN_TEST}")
  add_test(NAME sc_utf8_decoder COMMAND sc_utf8_decoder "${UTF8CORE_KUHN_TEST}")
else()
  add_test(NAME sc_utf8_decoder COMMAND sc_utf8_decoder)
  message(STATUS "sc_utf8_decoder: no Kuhn stress test at ${UTF8CORE_KUHN_TEST}; "
                 "it decodes the built-in sample only (set -DUTF8CORE_KUHN_TEST=<file>)")
endif()
set_tests_properties(sc_utf8_decoder PROPERTIES LABELS quick)

# Coverage: the same test program against the RTL verilated with --coverage (line,
# toggle and user points), run on the stress matrix and the directed tests; the
# counters of every bench are merged and summarized per kind by verilator_coverage
# by a small script written to the build folder. `ninja coverage`; results in
# <build>/coverage/ (merged.dat, annotated/).
find_program(VERILATOR_COVERAGE_EXECUTABLE verilator_coverage)
if(VERILATOR_COVERAGE_EXECUTABLE)
  add_executable(utf8_decoder_cov_test EXCLUDE_FROM_ALL
    ${CMAKE_CURRENT_LIST_DIR}/utf8_decoder_test.cpp
    ${CMAKE_SOURCE_DIR}/sim/stream/utf8_decoder_run.cpp
    ${CMAKE_SOURCE_DIR}/sim/stream/utf8_decoder_rtl.cpp
    ${CMAKE_SOURCE_DIR}/sim/stream/utf8_decoder_narrow.cpp)
  target_include_directories(utf8_decoder_cov_test PRIVATE ${UTF8CORE_SIM_DIRS})
  target_link_libraries(utf8_decoder_cov_test PRIVATE utf8_sim_bench GTest::gtest_main)
  target_compile_definitions(utf8_decoder_cov_test PRIVATE
    UTF8CORE_KUHN_TEST="${UTF8CORE_KUHN_TEST}")
  utf8core_verilate(utf8_decoder_cov_test COVERAGE
    SOURCES ${CMAKE_SOURCE_DIR}/rtl/stream/utf8_decoder.v
    PREFIX Vutf8_decoder
    TOP_MODULE utf8_decoder
    TRACE_FST
    VERILATOR_ARGS -Wall --assert ${UTF8CORE_RTL_Y})
  utf8core_verilate(utf8_decoder_cov_test COVERAGE
    SOURCES ${CMAKE_SOURCE_DIR}/rtl/stream/utf8_decoder.v
    PREFIX Vutf8_decoder_narrow
    TOP_MODULE utf8_decoder
    TRACE_FST
    VERILATOR_ARGS -Wall --assert -GOFFSET_WIDTH=4 -GCOUNT_WIDTH=3 ${UTF8CORE_RTL_Y})
  set(cov_dir ${CMAKE_BINARY_DIR}/coverage)
  # Merges the benches' files and counts covered points per kind (the page
  # key of each point: v_line, v_branch, v_toggle, v_user).
  file(WRITE ${CMAKE_BINARY_DIR}/utf8_decoder_coverage.py [=[
import glob, re, subprocess, sys
tool, dat_dir, merged = sys.argv[1:4]
files = sorted(glob.glob(dat_dir + "/*.dat"))
if not files:
    sys.exit("coverage: no .dat files in " + dat_dir)
subprocess.run([tool, "--write", merged] + files, check=True)
kinds = {}
for line in open(merged, encoding="latin-1"):
    m = re.match(r"C '(.*)' (\d+)$", line.rstrip("\n"))
    if not m:
        continue
    fields = dict(kv.split("\x02", 1) for kv in m.group(1).split("\x01") if "\x02" in kv)
    kind = fields.get("page", "?").split("/")[0]
    tot, hit = kinds.get(kind, (0, 0))
    kinds[kind] = (tot + 1, hit + (int(m.group(2)) > 0))
print("utf8_decoder coverage from %d bench runs:" % len(files))
for kind, (tot, hit) in sorted(kinds.items()):
    print("  %-10s %5d / %5d points  %5.1f%%" % (kind, hit, tot, 100.0 * hit / tot))
]=])
  add_custom_target(coverage
    COMMAND ${CMAKE_COMMAND} -E rm -rf ${cov_dir}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${cov_dir}/dat
    COMMAND ${CMAKE_COMMAND} -E env UTF8CORE_COVERAGE_DIR=${cov_dir}/dat
            $<TARGET_FILE:utf8_decoder_cov_test>
            --gtest_filter=Matrix/DecoderStress.*:DecoderDirected.*:DecoderRunner.*
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_BINARY_DIR}/utf8_decoder_coverage.py
            ${VERILATOR_COVERAGE_EXECUTABLE} ${cov_dir}/dat ${cov_dir}/merged.dat
    COMMAND ${VERILATOR_COVERAGE_EXECUTABLE} --annotate ${cov_dir}/annotated
            --annotate-min 1 ${cov_dir}/merged.dat
    DEPENDS utf8_decoder_cov_test
    USES_TERMINAL
    COMMENT "Decoder RTL coverage (line, toggle, user) from the decoder tests")
endif()
