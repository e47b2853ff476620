# The stream register slice (tests/common/utf8_axis_skid_test.cpp, label quick):
# rtl/common/utf8_axis_skid.v verilated at WIDTH 32 beside its cycle model
# (model/common/utf8_axis_skid.h), every output compared every clock, the beats'
# order and count checked under gaps, backpressure and resets.
add_executable(utf8_axis_skid_test ${CMAKE_CURRENT_LIST_DIR}/utf8_axis_skid_test.cpp)
target_include_directories(utf8_axis_skid_test PRIVATE ${UTF8CORE_SIM_DIRS})
target_link_libraries(utf8_axis_skid_test PRIVATE utf8_model GTest::gtest_main)
target_compile_options(utf8_axis_skid_test PRIVATE -Wall)
utf8core_verilate(utf8_axis_skid_test
  SOURCES ${CMAKE_SOURCE_DIR}/rtl/common/utf8_axis_skid.v
  PREFIX Vutf8_axis_skid_w32
  TOP_MODULE utf8_axis_skid
  TRACE_FST
  VERILATOR_ARGS -Wall --assert -GWIDTH=32)
gtest_discover_tests(utf8_axis_skid_test TEST_PREFIX "utf8_axis_skid."
  PROPERTIES LABELS quick DISCOVERY_TIMEOUT 60)
