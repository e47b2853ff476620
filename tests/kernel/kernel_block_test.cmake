# utf8core_kernel_block_test(<block>): the test of one of the kernel's
# streaming blocks on its own (label quick): tests/kernel/<block>_test.cpp as
# the program <block>_test, with rtl/kernel/<block>.v verilated at W 8 and 64
# (PREFIX V<block>_w<W>) beside its cycle model in utf8_model. Used by
# utf8_kernel_tail.cmake and utf8_kernel_units.cmake.
include_guard(GLOBAL)

function(utf8core_kernel_block_test block)
  set(t ${block}_test)
  add_executable(${t} ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/${block}_test.cpp)
  target_include_directories(${t} PRIVATE ${UTF8CORE_SIM_DIRS})
  target_link_libraries(${t} PRIVATE utf8_model GTest::gtest_main)
  target_compile_options(${t} PRIVATE -Wall)
  foreach(w 8 64)
    utf8core_verilate(${t}
      SOURCES ${UTF8CORE_KERNEL_LINT_WAIVERS} ${CMAKE_SOURCE_DIR}/rtl/kernel/${block}.v
      PREFIX V${block}_w${w}
      TOP_MODULE ${block}
      TRACE_FST
      VERILATOR_ARGS -Wall --assert -GW=${w} ${UTF8CORE_RTL_Y})
  endforeach()
  gtest_discover_tests(${t} TEST_PREFIX "${block}."
    PROPERTIES LABELS quick DISCOVERY_TIMEOUT 60)
endfunction()
