# The repackers (tests/lane/utf8_repack_test.cpp, label quick): the accumulator,
# rtl/lane/utf8_repack.v, verilated at the parameter sets the design uses it at
# (the kernel's UTF-32 path at W 8 and 64: ITEM 32, IN W, OUT W/4; the
# sanitizer's defaults: ITEM 8, IN 27, OUT 8) beside its cycle model
# (model/lane/utf8_repack.h); the ring, rtl/lane/utf8_repack_ring.v, at the wide
# decoder's narrow builds (ITEM 38, IN LANES, OUT OUT_UNITS) and at OUT 3,
# beside model/lane/utf8_repack_ring.h; every output compared every clock, each
# packet's items checked.
add_executable(utf8_repack_test ${CMAKE_CURRENT_LIST_DIR}/utf8_repack_test.cpp)
target_include_directories(utf8_repack_test PRIVATE ${UTF8CORE_SIM_DIRS})
target_link_libraries(utf8_repack_test PRIVATE utf8_model GTest::gtest_main)
target_compile_options(utf8_repack_test PRIVATE -Wall)
# PREFIX names each build by its module and parameters.
foreach(set "utf8_repack;32;8;2" "utf8_repack;32;64;16" "utf8_repack;8;27;8"
            "utf8_repack_ring;38;2;1" "utf8_repack_ring;38;8;2" "utf8_repack_ring;38;16;4"
            "utf8_repack_ring;38;8;3")
  list(GET set 0 top)
  list(GET set 1 item)
  list(GET set 2 in)
  list(GET set 3 out)
  utf8core_verilate(utf8_repack_test
    SOURCES ${CMAKE_SOURCE_DIR}/rtl/lane/${top}.v
    PREFIX V${top}_i${item}_in${in}_out${out}
    TOP_MODULE ${top}
    INCLUDE_DIRS ${CMAKE_SOURCE_DIR}/rtl/lane ${CMAKE_SOURCE_DIR}/rtl/common
    TRACE_FST
    VERILATOR_ARGS -Wall --assert -GITEM=${item} -GIN=${in} -GOUT=${out})
endforeach()
gtest_discover_tests(utf8_repack_test TEST_PREFIX "utf8_repack."
  PROPERTIES LABELS quick DISCOVERY_TIMEOUT 60)
