# The repacking accumulator (tests/lane/utf8_repack_test.cpp, label quick):
# rtl/lane/utf8_repack.v verilated at the parameter sets the design uses (the
# kernel's UTF-32 path at W 8 and 64: ITEM 32, IN W, OUT W/4; the sanitizer's
# defaults: ITEM 8, IN 27, OUT 8) beside its cycle model (model/lane/utf8_repack.h),
# every output compared every clock, each packet's items checked.
add_executable(utf8_repack_test ${CMAKE_CURRENT_LIST_DIR}/utf8_repack_test.cpp)
target_include_directories(utf8_repack_test PRIVATE ${UTF8CORE_SIM_DIRS})
target_link_libraries(utf8_repack_test PRIVATE utf8_model GTest::gtest_main)
target_compile_options(utf8_repack_test PRIVATE -Wall)
foreach(set "32;8;2" "32;64;16" "8;27;8")
  list(GET set 0 item)
  list(GET set 1 in)
  list(GET set 2 out)
  utf8core_verilate(utf8_repack_test
    SOURCES ${CMAKE_SOURCE_DIR}/rtl/lane/utf8_repack.v
    PREFIX Vutf8_repack_i${item}_in${in}_out${out}
    TOP_MODULE utf8_repack
    TRACE_FST
    VERILATOR_ARGS -Wall --assert -GITEM=${item} -GIN=${in} -GOUT=${out})
endforeach()
gtest_discover_tests(utf8_repack_test TEST_PREFIX "utf8_repack."
  PROPERTIES LABELS quick DISCOVERY_TIMEOUT 60)
