# The kernel's AXI4 side: the AXI4 slave memory model (axi_mem.{h,cpp}, plain
# C++17, no Verilator), and the AXI4 engines verilated beside it in their
# benches (<engine>_bench.{h,cpp}) with their cycle models (model/<engine>.h),
# used by their tests and bench/.
add_library(utf8_axi_mem STATIC ${CMAKE_CURRENT_LIST_DIR}/axi_mem.cpp)
target_include_directories(utf8_axi_mem PUBLIC ${UTF8CORE_SIM_DIRS})
target_compile_options(utf8_axi_mem PRIVATE -Wall -Wextra)

# Lint waivers (lint/*.vlt, each with its reason) go to every verilation of
# the kernel's blocks, as to their lint test (tests/common/rtl_checks.cmake).
file(GLOB UTF8CORE_KERNEL_LINT_WAIVERS CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/lint/*.vlt")

# utf8core_kernel_engine(<block> <widths>...): library <block>_bench, the
# engine's bench (sim/<block>_bench.{h,cpp}) with the engine verilated at each
# width in bytes a beat (PREFIX V<block>_w<W>), linked with the cycle models.
function(utf8core_kernel_engine block)
  add_library(${block}_bench STATIC ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/${block}_bench.cpp)
  target_include_directories(${block}_bench PUBLIC ${UTF8CORE_SIM_DIRS})
  target_link_libraries(${block}_bench PUBLIC utf8_axi_mem utf8_model)
  target_compile_options(${block}_bench PRIVATE -Wall)
  utf8core_rtl_file(${block} rtl)
  foreach(w IN LISTS ARGN)
    math(EXPR dw "${w} * 8")
    utf8core_verilate(${block}_bench
      SOURCES ${UTF8CORE_KERNEL_LINT_WAIVERS} ${rtl}
      PREFIX V${block}_w${w}
      TOP_MODULE ${block}
      TRACE_FST
      VERILATOR_ARGS -Wall --assert -GDATA_WIDTH=${dw} ${UTF8CORE_RTL_Y})
  endforeach()
endfunction()

# utf8core_kernel_engine_at(<block> <name> <W> <PARAMETER=value>...): one more
# build of the engine in <block>_bench, at W bytes a beat and other parameters
# than the defaults (PREFIX V<block>_<name>), where the cycle model is held to
# the RTL at corners the defaults do not reach.
function(utf8core_kernel_engine_at block name w)
  math(EXPR dw "${w} * 8")
  list(TRANSFORM ARGN PREPEND "-G" OUTPUT_VARIABLE overrides)
  utf8core_rtl_file(${block} rtl)
  utf8core_verilate(${block}_bench
    SOURCES ${UTF8CORE_KERNEL_LINT_WAIVERS} ${rtl}
    PREFIX V${block}_${name}
    TOP_MODULE ${block}
    TRACE_FST
    VERILATOR_ARGS -Wall --assert -GDATA_WIDTH=${dw} ${overrides} ${UTF8CORE_RTL_Y})
endfunction()

utf8core_kernel_engine(utf8_kernel_rd 8 64)
utf8core_kernel_engine(utf8_kernel_wr 8 64)
# Corners: short bursts and small buffers with 20 address bits (the read
# engine's bursts one beat, its buffer two; the write engine's bursts two, its
# buffer four); bursts of 256 beats, the longest, in W = 8's 512-beat pages.
# The benches list the same parameters (KernelRdBuilds(), KernelWrBuilds()).
utf8core_kernel_engine_at(utf8_kernel_rd w32_small 32 ADDR_WIDTH=20 MAX_BURST=1 OUTSTANDING=2)
utf8core_kernel_engine_at(utf8_kernel_rd w8_long 8 MAX_BURST=256 OUTSTANDING=2)
utf8core_kernel_engine_at(utf8_kernel_wr w16_small 16 ADDR_WIDTH=20 MAX_BURST=2 FIFO_DEPTH=4)
utf8core_kernel_engine_at(utf8_kernel_wr w8_long 8 MAX_BURST=256 FIFO_DEPTH=512)
