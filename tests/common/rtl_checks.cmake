# Lint and synthesis checks of every RTL block (rtl/*/utf8_*.v, one module per file,
# named after the file). A new block is checked by adding its file; nothing here
# needs editing. Per block, label quick:
#   rtl_lint.<m>     verilator --lint-only -Wall, with no waiver but those of
#                    lint/*.vlt (each with its reason)
#   rtl_iverilog.<m> Icarus accepts it as Verilog-2005
#   rtl_yosys.<m>    Yosys: no vendor primitive instantiated in the core (checked
#                    before any techmap), no latch after proc, synth_ice40 passes
#   rtl_regout.<m>   blocks only (modules with an s_axis_tvalid port; helper
#                    submodules may be combinational): Yosys finds no
#                    combinational path from any input port to any output port
#                    (docs/interface.md design rule): walking forward from the
#                    inputs through everything but flip-flops reaches no output
# Submodules are found by name in the rtl/ folders (verilator -y, iverilog -y,
# yosys hierarchy -libdir), so a block only pulls in what it instantiates;
# included files (rtl/common/*.vh) through verilator -y, iverilog -I and yosys -I.

# Blocks whose default parameters make minutes of synthesis (the kernel's 512-bit
# bus carries a 64-lane decoder) are checked at their smallest width instead;
# scripts/qor.py and scripts/scaling.py measure the large ones.
set(UTF8CORE_CHECK_PARAMS_utf8_kernel DATA_WIDTH 64)
set(UTF8CORE_CHECK_PARAMS_utf8_kernel_vitis C_M00_AXI_DATA_WIDTH 64)
set(UTF8CORE_CHECK_PARAMS_utf8_kernel_units W 8)
set(UTF8CORE_CHECK_PARAMS_utf8_kernel_tail W 8)
set(UTF8CORE_CHECK_PARAMS_utf8_kernel_offsets W 8)
set(UTF8CORE_CHECK_PARAMS_utf8_kernel_bitmap W 8)
set(UTF8CORE_CHECK_PARAMS_utf8_kernel_rd DATA_WIDTH 64)
set(UTF8CORE_CHECK_PARAMS_utf8_kernel_rd_mux DATA_WIDTH 64)
set(UTF8CORE_CHECK_PARAMS_utf8_kernel_wr DATA_WIDTH 64)
# Stages inside the kernel and the wide blocks, with stream ports but no outside user: they
# pass ready back combinationally within their owner, whose own ports are registered
# (utf8_lane_fifo hands its owner s_ready_next, the next value of the owner's tready flop).
# utf8_kernel_rd_mux routes arready and the R channel between the kernel's two read engines
# and its registered AXI port.
set(UTF8CORE_REGOUT_INSIDE utf8_kernel_tail utf8_kernel_units utf8_unit_utf8 utf8_lane_fifo
    utf8_kernel_offsets
    utf8_kernel_rd_mux)
# Tops whose every part is synthesized on its own (the kernel's sub-blocks, the
# wide decoder; the Vitis wrapper around the kernel): elaborated and checked for
# primitives and latches here, synthesized whole by scripts/qor.py.
set(UTF8CORE_NO_SYNTH utf8_kernel utf8_kernel_vitis)
file(GLOB UTF8CORE_LINT_WAIVERS CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/lint/*.vlt")
set(UTF8CORE_RTL_BLOCKS "")
foreach(dir IN LISTS UTF8CORE_RTL_DIRS)
  file(GLOB more CONFIGURE_DEPENDS "${dir}/utf8_*.v")
  list(APPEND UTF8CORE_RTL_BLOCKS ${more})
endforeach()
find_program(IVERILOG_EXECUTABLE iverilog)

foreach(rtl_file IN LISTS UTF8CORE_RTL_BLOCKS)
  get_filename_component(rtl_module "${rtl_file}" NAME_WE)
  set(lint_params "")
  set(iverilog_params "")
  set(yosys_params "")
  if(DEFINED UTF8CORE_CHECK_PARAMS_${rtl_module})
    set(p ${UTF8CORE_CHECK_PARAMS_${rtl_module}})
    list(GET p 0 p_name)
    list(GET p 1 p_value)
    set(lint_params "-G${p_name}=${p_value}")
    set(iverilog_params "-P${rtl_module}.${p_name}=${p_value}")
    set(yosys_params " -chparam ${p_name} ${p_value}")
  endif()

  add_test(NAME rtl_lint.${rtl_module}
    COMMAND verilator --lint-only -Wall -Wno-fatal --Werror-WIDTH
            ${UTF8CORE_RTL_Y} --top-module ${rtl_module} ${lint_params}
            ${UTF8CORE_LINT_WAIVERS} "${rtl_file}")
  # -Wno-fatal keeps every warning printed; any warning still fails the test.
  set_tests_properties(rtl_lint.${rtl_module} PROPERTIES
    LABELS quick FAIL_REGULAR_EXPRESSION "%Warning|%Error")

  if(IVERILOG_EXECUTABLE)
    add_test(NAME rtl_iverilog.${rtl_module}
      COMMAND ${IVERILOG_EXECUTABLE} -g2005 -Wall ${UTF8CORE_RTL_Y} -I "${UTF8CORE_RTL_INCLUDE_DIR}"
              -s ${rtl_module} ${iverilog_params} -o /dev/null "${rtl_file}")
    set_tests_properties(rtl_iverilog.${rtl_module} PROPERTIES LABELS quick)
  endif()

  if(YOSYS_EXECUTABLE)
    # Known iCE40 cells are read as blackboxes so that an instantiated SB_* survives
    # hierarchy and is caught by the first assertion.
    set(ys "verilog_defaults -add -I ${UTF8CORE_RTL_INCLUDE_DIR}; read_verilog -lib +/ice40/cells_sim.v")
    string(APPEND ys "; read_verilog \"${rtl_file}\"")
    string(APPEND ys "; hierarchy -check -top ${rtl_module} ${UTF8CORE_RTL_LIBDIRS}${yosys_params}")
    string(APPEND ys "; select -assert-none t:SB_*")
    string(APPEND ys "; proc")
    string(APPEND ys "; select -assert-none t:$dlatch t:$adlatch t:$dlatchsr t:$_DLATCH_* t:$_DLATCHSR_*")
    if(NOT rtl_module IN_LIST UTF8CORE_NO_SYNTH)
      string(APPEND ys "; synth_ice40 -top ${rtl_module}")
      string(APPEND ys "; select -assert-none t:$_DLATCH_* t:$_DLATCHSR_* t:$dlatch")
    endif()
    add_test(NAME rtl_yosys.${rtl_module} COMMAND ${YOSYS_EXECUTABLE} -q -p "${ys}")
    set_tests_properties(rtl_yosys.${rtl_module} PROPERTIES LABELS quick)

    file(READ "${rtl_file}" rtl_text)
    string(FIND "${rtl_text}" "s_axis_tvalid" has_axis)
    if(has_axis EQUAL -1 OR rtl_module IN_LIST UTF8CORE_REGOUT_INSIDE)
      continue()
    endif()
    set(ffs "$dff,$dffe,$sdff,$sdffe,$sdffce,$adff,$adffe,$dffsr,$dffsre,$aldff,$aldffe")
    set(ys "verilog_defaults -add -I ${UTF8CORE_RTL_INCLUDE_DIR}; read_verilog \"${rtl_file}\"")
    string(APPEND ys "; hierarchy -check -top ${rtl_module} ${UTF8CORE_RTL_LIBDIRS}${yosys_params}")
    # utf8_lane_copy (one flop, kept whole for synthesis by keep_hierarchy) is
    # flattened too: left a cell, the walk passed through it as if it were logic,
    # and a block whose output is such a copy (utf8_repack_ring's m_valid) failed.
    string(APPEND ys "; proc; setattr -mod -unset keep_hierarchy; flatten; memory; opt_clean")
    string(APPEND ys "; select -assert-none i:* %co*:-${ffs} o:* %i")
    add_test(NAME rtl_regout.${rtl_module} COMMAND ${YOSYS_EXECUTABLE} -q -p "${ys}")
    set_tests_properties(rtl_regout.${rtl_module} PROPERTIES LABELS quick)
  endif()
endforeach()

# utf8_bram_sdp's ECP5 branch (UTF8CORE_ECP5, as scripts/fpga_flow_ecp5.py defines it):
# synth_ecp5 leaves DP16KD blocks, 36 bits each, with the output register on at both
# ports and no fabric flop beside them (the read and output registers are the block's);
# DEPTH above 512 falls back to the inferred RAM, whose DP16KD have it off.
if(YOSYS_EXECUTABLE)
  foreach(cfg "64;128;2;OUTREG" "512;128;15;OUTREG" "64;1024;4;NOREG")
    list(GET cfg 0 w)
    list(GET cfg 1 d)
    list(GET cfg 2 n)
    list(GET cfg 3 mode)
    set(ys "verilog_defines -DUTF8CORE_ECP5; read_verilog -lib -specify +/ecp5/cells_sim.v +/ecp5/cells_bb.v")
    string(APPEND ys "; read_verilog \"${CMAKE_SOURCE_DIR}/rtl/common/utf8_bram_sdp.v\"")
    string(APPEND ys "; chparam -set WIDTH ${w} -set DEPTH ${d} utf8_bram_sdp")
    string(APPEND ys "; hierarchy -check -top utf8_bram_sdp; synth_ecp5 -top utf8_bram_sdp")
    string(APPEND ys "; select -assert-count ${n} t:DP16KD")
    string(APPEND ys "; select -assert-count ${n} t:DP16KD r:REGMODE_A=${mode} %i r:REGMODE_B=${mode} %i")
    if(mode STREQUAL "OUTREG")
      string(APPEND ys "; select -assert-none t:TRELLIS_FF")
    endif()
    add_test(NAME rtl_yosys_ecp5.utf8_bram_sdp.w${w}_d${d}
      COMMAND ${YOSYS_EXECUTABLE} -q -p "${ys}")
    set_tests_properties(rtl_yosys_ecp5.utf8_bram_sdp.w${w}_d${d} PROPERTIES LABELS quick)
  endforeach()
endif()
