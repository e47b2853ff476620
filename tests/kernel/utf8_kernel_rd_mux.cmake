# The kernel's read-channel multiplexer (tests/kernel/utf8_kernel_rd_mux_test.cpp,
# label quick): rtl/kernel/utf8_kernel_rd_mux.v verilated at DATA_WIDTH 64 and
# 512 (PREFIX Vutf8_kernel_rd_mux_w<W>, W bytes a beat), and at 64 with
# BURSTS 2 (the smallest owner queue, PREFIX Vutf8_kernel_rd_mux_b2), beside its
# cycle model (model/kernel/utf8_kernel_rd_mux.h), every output compared every
# clock, each engine's bursts and the memory's ARs checked by a scoreboard.
# Its parameter is DATA_WIDTH, not the streaming blocks' W, so it has its own
# function rather than kernel_block_test.cmake's.
function(utf8core_kernel_rd_mux_test)
  set(block utf8_kernel_rd_mux)
  set(t ${block}_test)
  add_executable(${t} ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/${block}_test.cpp)
  target_include_directories(${t} PRIVATE ${UTF8CORE_SIM_DIRS})
  target_link_libraries(${t} PRIVATE utf8_model GTest::gtest_main)
  target_compile_options(${t} PRIVATE -Wall)
  # name, then the Verilator parameter overrides
  foreach(build "w8;-GDATA_WIDTH=64" "w64;-GDATA_WIDTH=512" "b2;-GDATA_WIDTH=64;-GBURSTS=2")
    list(GET build 0 name)
    list(SUBLIST build 1 -1 params)
    utf8core_verilate(${t}
      SOURCES ${UTF8CORE_KERNEL_LINT_WAIVERS} ${CMAKE_SOURCE_DIR}/rtl/kernel/${block}.v
      PREFIX V${block}_${name}
      TOP_MODULE ${block}
      TRACE_FST
      VERILATOR_ARGS -Wall --assert ${params} ${UTF8CORE_RTL_Y})
  endforeach()
  gtest_discover_tests(${t} TEST_PREFIX "${block}."
    PROPERTIES LABELS quick DISCOVERY_TIMEOUT 60)
endfunction()
utf8core_kernel_rd_mux_test()
