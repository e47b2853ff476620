# The kernel's unit stage (tests/kernel/utf8_kernel_units_test.cpp, label quick):
# rtl/kernel/utf8_kernel_units.v verilated at W 8 and 64 beside its cycle model
# (model/kernel/utf8_kernel_units.h), every output compared every clock, each job's
# units and counts checked against Decode's units of its packet.
add_executable(utf8_kernel_units_test ${CMAKE_CURRENT_LIST_DIR}/utf8_kernel_units_test.cpp)
target_include_directories(utf8_kernel_units_test PRIVATE ${UTF8CORE_SIM_DIRS})
target_link_libraries(utf8_kernel_units_test PRIVATE utf8_model GTest::gtest_main)
target_compile_options(utf8_kernel_units_test PRIVATE -Wall)
foreach(w 8 64)
  utf8core_verilate(utf8_kernel_units_test
    SOURCES ${UTF8CORE_KERNEL_LINT_WAIVERS} ${CMAKE_SOURCE_DIR}/rtl/kernel/utf8_kernel_units.v
    PREFIX Vutf8_kernel_units_w${w}
    TOP_MODULE utf8_kernel_units
    TRACE_FST
    VERILATOR_ARGS -Wall --assert -GW=${w} ${UTF8CORE_RTL_Y})
endforeach()
gtest_discover_tests(utf8_kernel_units_test TEST_PREFIX "utf8_kernel_units."
  PROPERTIES LABELS quick DISCOVERY_TIMEOUT 60)
