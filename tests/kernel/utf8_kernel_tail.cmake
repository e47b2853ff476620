# The kernel's tail holder (tests/kernel/utf8_kernel_tail_test.cpp, label quick):
# rtl/kernel/utf8_kernel_tail.v verilated at W 8 and 64 beside its cycle model
# (model/kernel/utf8_kernel_tail.h), every output compared every clock, each packet's
# bytes out and held checked against the functional model's Decode.
add_executable(utf8_kernel_tail_test ${CMAKE_CURRENT_LIST_DIR}/utf8_kernel_tail_test.cpp)
target_include_directories(utf8_kernel_tail_test PRIVATE ${UTF8CORE_SIM_DIRS})
target_link_libraries(utf8_kernel_tail_test PRIVATE utf8_model GTest::gtest_main)
target_compile_options(utf8_kernel_tail_test PRIVATE -Wall)
foreach(w 8 64)
  utf8core_verilate(utf8_kernel_tail_test
    SOURCES ${UTF8CORE_KERNEL_LINT_WAIVERS} ${CMAKE_SOURCE_DIR}/rtl/kernel/utf8_kernel_tail.v
    PREFIX Vutf8_kernel_tail_w${w}
    TOP_MODULE utf8_kernel_tail
    TRACE_FST
    VERILATOR_ARGS -Wall --assert -GW=${w} ${UTF8CORE_RTL_Y})
endforeach()
gtest_discover_tests(utf8_kernel_tail_test TEST_PREFIX "utf8_kernel_tail."
  PROPERTIES LABELS quick DISCOVERY_TIMEOUT 60)
