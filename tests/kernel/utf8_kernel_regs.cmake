# The kernel's register map: its register block against the header generated
# from the map, and the generated files against the map. Label quick.
#   utf8_kernel_regs_test (KernelRegs.*, KernelRegsStress.*, KernelRegsNarrow.*,
#       KernelRegsModel.*, SpecMap.*): rtl/kernel/utf8_kernel_regs.v verilated at its
#       defaults and at a narrow parameter set, driven through AXI4-Lite by a
#       bench that plays the kernel core, using only the offsets and masks of
#       host/utf8_kernel_regs.h, with its cycle model (model/kernel/utf8_kernel_regs.h)
#       beside it compared every clock; SpecMap compares that header with the
#       specification's table.
#   kernel_regs_generated: scripts/gen_regs.sh regenerates host/utf8_kernel_regs.h
#       and docs/kernel_regs.md from rtl/kernel/utf8_kernel.rdl into the build tree and
#       fails on any difference from the committed files; skipped (exit 77) when
#       the venv has no PeakRDL.
# Target `regs` (not built by default) rewrites the committed files.
set(UTF8CORE_KERNEL_REGS_RTL ${CMAKE_SOURCE_DIR}/rtl/kernel/utf8_kernel_regs.v)
# The second parameter set: CAPS must follow it, SRC and DST keep 40 bits.
set(kregs_narrow_data_width 64)
set(kregs_narrow_ops 5)
set(kregs_narrow_addr_width 40)

add_executable(utf8_kernel_regs_test ${CMAKE_CURRENT_LIST_DIR}/utf8_kernel_regs_test.cpp)
# The generated map (host/) and the block's cycle model (model/) share a file
# name: the test includes both by their folder.
target_include_directories(utf8_kernel_regs_test PRIVATE
  ${UTF8CORE_SIM_DIRS} ${CMAKE_SOURCE_DIR})
target_link_libraries(utf8_kernel_regs_test PRIVATE utf8_model GTest::gtest_main)
target_compile_options(utf8_kernel_regs_test PRIVATE -Wall)
target_compile_definitions(utf8_kernel_regs_test PRIVATE
  UTF8CORE_KREGS_NARROW_DATA_WIDTH=${kregs_narrow_data_width}
  UTF8CORE_KREGS_NARROW_OPS=${kregs_narrow_ops}
  UTF8CORE_KREGS_NARROW_ADDR_WIDTH=${kregs_narrow_addr_width})
utf8core_verilate(utf8_kernel_regs_test
  SOURCES ${UTF8CORE_KERNEL_REGS_RTL}
  PREFIX Vutf8_kernel_regs
  TOP_MODULE utf8_kernel_regs
  TRACE_FST
  VERILATOR_ARGS -Wall --assert ${UTF8CORE_RTL_Y})
utf8core_verilate(utf8_kernel_regs_test
  SOURCES ${UTF8CORE_KERNEL_REGS_RTL}
  PREFIX Vutf8_kernel_regs_narrow
  TOP_MODULE utf8_kernel_regs
  TRACE_FST
  VERILATOR_ARGS -Wall --assert ${UTF8CORE_RTL_Y}
    -GDATA_WIDTH=${kregs_narrow_data_width} -GOPS=8'd${kregs_narrow_ops}
    -GADDR_WIDTH=${kregs_narrow_addr_width})
gtest_discover_tests(utf8_kernel_regs_test PROPERTIES LABELS quick DISCOVERY_TIMEOUT 60)

add_test(NAME kernel_regs_generated
  COMMAND ${CMAKE_SOURCE_DIR}/scripts/gen_regs.sh --check
          ${CMAKE_CURRENT_BINARY_DIR}/kernel_regs_generated)
set_tests_properties(kernel_regs_generated PROPERTIES LABELS quick SKIP_RETURN_CODE 77
  ENVIRONMENT "UTF8CORE_VENV=${UTF8CORE_VENV}")
add_custom_target(regs
  COMMAND ${CMAKE_COMMAND} -E env UTF8CORE_VENV=${UTF8CORE_VENV}
          ${CMAKE_SOURCE_DIR}/scripts/gen_regs.sh
  USES_TERMINAL
  COMMENT "Generating host/utf8_kernel_regs.h and docs/kernel_regs.md from rtl/kernel/utf8_kernel.rdl")
