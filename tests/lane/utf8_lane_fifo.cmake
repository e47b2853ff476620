# The wide blocks' output FIFO and input credit (tests/lane/utf8_lane_fifo_test.cpp,
# label quick): rtl/lane/utf8_lane_fifo.v verilated at DEPTH 4 (the formal
# harnesses' depth) and 16 (the default below 64 lanes), WIDTH 32, beside its
# cycle model (model/lane/utf8_lane_fifo.h), every output compared every clock,
# the owner's pipeline played by the bench.
add_executable(utf8_lane_fifo_test ${CMAKE_CURRENT_LIST_DIR}/utf8_lane_fifo_test.cpp)
target_include_directories(utf8_lane_fifo_test PRIVATE ${UTF8CORE_SIM_DIRS})
target_link_libraries(utf8_lane_fifo_test PRIVATE utf8_model GTest::gtest_main)
target_compile_options(utf8_lane_fifo_test PRIVATE -Wall)
foreach(depth 4 16)
  utf8core_verilate(utf8_lane_fifo_test
    SOURCES ${CMAKE_SOURCE_DIR}/rtl/lane/utf8_lane_fifo.v
    PREFIX Vutf8_lane_fifo_d${depth}
    TOP_MODULE utf8_lane_fifo
    TRACE_FST
    VERILATOR_ARGS -Wall --assert -GWIDTH=32 -GDEPTH=${depth})
endforeach()
gtest_discover_tests(utf8_lane_fifo_test TEST_PREFIX "utf8_lane_fifo."
  PROPERTIES LABELS quick DISCOVERY_TIMEOUT 60)
