# Gate level (docs/spec.md §6): the netlist Yosys synthesizes from a block,
# verilated and run through the block's own bench against its own cycle model.
# A netlist stands in for the RTL behind the same adapter (DecoderRtlOf,
# EncoderRtlOf, WideRtlOf), so the tests that run it are the RTL's tests,
# built once more against the netlist (tests/common/gate.cmake).
#
# Netlists are made at build time, one per block and flow:
#   gate   generic `synth -flatten`, gates of Yosys's own cell library
#   ice40  `synth_ice40`, simulated with Yosys's iCE40 cell models (cells_sim.v)
#   ecp5   `synth_ecp5`, simulated with Yosys's ECP5 cell models (cells_sim.v)
# Because the netlist does not exist when CMake runs, Verilator cannot be run
# through verilate() (it verilates at configure time to learn its file list):
# the model is verilated and compiled by Verilator's own makefile into an
# archive, by custom commands.
#
# Libraries:
#   utf8_gate_verilated            Verilator's runtime, for programs without RTL
#   <block>_<flow>_gate            scalar blocks: the runner (sim/<block>_run.h)
#                                  with kDecoderDefault/kEncoderDefault made
#                                  from the netlist, in place of <block>_run
#   <block>_<flow>_l<N>            wide blocks: the factory for a lane table
#                                  (utf8core_wide_lanes(... NETLIST <flow>))
# Each is built only when a program links it (tests/common/gate.cmake decides which
# are part of the default build).
if(NOT YOSYS_EXECUTABLE)
  message(STATUS "gate level: no yosys; no netlist is built or tested")
  return()
endif()

# Where Yosys keeps its cell models: yosys-config says, when it is installed
# (package yosys-dev); otherwise share/yosys beside the binary's prefix.
find_program(YOSYS_CONFIG_EXECUTABLE yosys-config)
if(YOSYS_CONFIG_EXECUTABLE)
  execute_process(COMMAND ${YOSYS_CONFIG_EXECUTABLE} --datdir
                  OUTPUT_VARIABLE UTF8CORE_YOSYS_DATDIR OUTPUT_STRIP_TRAILING_WHITESPACE)
else()
  get_filename_component(_yosys_bin "${YOSYS_EXECUTABLE}" REALPATH)
  get_filename_component(_yosys_prefix "${_yosys_bin}" DIRECTORY)
  get_filename_component(UTF8CORE_YOSYS_DATDIR "${_yosys_prefix}/../share/yosys" ABSOLUTE)
endif()

# The flows whose netlists Verilator can simulate: a family is left out when its
# cell models are missing.
set(UTF8CORE_GATE_FLOWS gate)
foreach(family ice40 ecp5)
  if(EXISTS "${UTF8CORE_YOSYS_DATDIR}/${family}/cells_sim.v")
    list(APPEND UTF8CORE_GATE_FLOWS ${family})
  else()
    message(STATUS "gate level: no ${UTF8CORE_YOSYS_DATDIR}/${family}/cells_sim.v; no ${family} netlists")
  endif()
endforeach()
set(UTF8CORE_GATE_FLOWS ${UTF8CORE_GATE_FLOWS} PARENT_SCOPE)

find_package(ZLIB REQUIRED)
find_program(MAKE_EXECUTABLE NAMES make gmake REQUIRED)
find_program(CCACHE_EXECUTABLE ccache)

# Verilator's runtime with the options the netlists are verilated with (FST
# waves), for programs that link no verilate()d RTL.
add_library(utf8_gate_verilated STATIC
  ${VERILATOR_ROOT}/include/verilated.cpp
  ${VERILATOR_ROOT}/include/verilated_fst_c.cpp
  ${VERILATOR_ROOT}/include/verilated_threads.cpp)
target_include_directories(utf8_gate_verilated PUBLIC
  ${VERILATOR_ROOT}/include ${VERILATOR_ROOT}/include/vltstd)
target_compile_definitions(utf8_gate_verilated PUBLIC
  VM_COVERAGE=0 VM_SC=0 VM_TRACE=1 VM_TRACE_VCD=0 VM_TRACE_FST=1)
target_link_libraries(utf8_gate_verilated PUBLIC ZLIB::ZLIB Threads::Threads)

# utf8core_gate_netlist(<block> <flow> <prefix> <archive_var> [LANES <N>]):
# synthesizes rtl/<block>.v (LANES fixed by chparam) with <flow>, verilates the
# netlist as class <prefix> and compiles it into an archive, whose path goes to
# <archive_var>; the model's headers are in the archive's folder. A wide
# block's model is compiled without optimization: its eval functions are so
# large that g++ -Os takes minutes on one of them, -O0 seconds, and its tests
# run short packets.
function(utf8core_gate_netlist block flow prefix archive_var)
  cmake_parse_arguments(arg "" "LANES" "" ${ARGN})
  set(dir ${CMAKE_BINARY_DIR}/gate/${prefix})
  set(netlist ${dir}/${prefix}.v)
  set(chparam "")
  if(arg_LANES)
    set(chparam "-chparam LANES ${arg_LANES}")
  endif()
  if(flow STREQUAL "gate")
    set(synth "synth -top ${block} -flatten")
    set(cells "")
  elseif(flow STREQUAL "ice40")
    set(synth "synth_ice40 -top ${block}")
    # Verilator does not take the models' default port values (a SystemVerilog
    # feature); the netlist connects every port, so they are not needed.
    set(cells -DNO_ICE40_DEFAULT_ASSIGNMENTS ${UTF8CORE_YOSYS_DATDIR}/ice40/cells_sim.v)
  elseif(flow STREQUAL "ecp5")
    set(synth "synth_ecp5 -top ${block}")
    set(cells -I${UTF8CORE_YOSYS_DATDIR}/ecp5 ${UTF8CORE_YOSYS_DATDIR}/ecp5/cells_sim.v)
  else()
    message(FATAL_ERROR "utf8core_gate_netlist: unknown flow ${flow}")
  endif()
  # The sources the block pulls in (rtl/ by name, and the shared .vh).
  set(rtl_sources "")
  foreach(dir IN LISTS UTF8CORE_RTL_DIRS)
    file(GLOB more CONFIGURE_DEPENDS ${dir}/utf8_*.v ${dir}/*.vh)
    list(APPEND rtl_sources ${more})
  endforeach()
  utf8core_rtl_file(${block} rtl)
  add_custom_command(OUTPUT ${netlist}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
    COMMAND ${YOSYS_EXECUTABLE} -q -l ${dir}/yosys.log -p
            "verilog_defaults -add -I${UTF8CORE_RTL_INCLUDE_DIR}; read_verilog ${rtl}; hierarchy -check -top ${block}${UTF8CORE_RTL_LIBDIRS} ${chparam}; ${synth}; write_verilog -noattr ${netlist}"
    DEPENDS ${rtl_sources}
    COMMENT "Yosys ${flow}: ${block}${arg_LANES} -> ${prefix}.v"
    VERBATIM)
  # Lint warnings say nothing about a netlist (Yosys's names, unused carry
  # outputs, the iCE40 models' timescale, the ECP5 models' initial blocks);
  # only errors stop the build. Bits of one bit-blasted vector feeding each
  # other look like a combinational loop (UNOPTFLAT): Verilator still
  # evaluates it right, a little slower.
  set(mdir ${dir}/obj)
  set(archive ${mdir}/${prefix}__ALL.a)
  set(make_vars "")
  if(CCACHE_EXECUTABLE)
    list(APPEND make_vars OBJCACHE=${CCACHE_EXECUTABLE})
  endif()
  if(arg_LANES)
    list(APPEND make_vars OPT_FAST=-O0)
  endif()
  add_custom_command(OUTPUT ${archive} ${mdir}/${prefix}.h
    COMMAND ${VERILATOR_BIN} --cc --trace-fst -Wno-fatal -Wno-lint -Wno-style
            -Wno-UNOPTFLAT -Wno-TIMESCALEMOD -Wno-INITIALDLY
            --prefix ${prefix} --Mdir ${mdir} --top-module ${block} ${netlist} ${cells}
    COMMAND ${MAKE_EXECUTABLE} -s -C ${mdir} -f ${prefix}.mk ${make_vars} ${prefix}__ALL.a
    DEPENDS ${netlist}
    COMMENT "Verilator: ${prefix}"
    VERBATIM)
  add_custom_target(${prefix}_model DEPENDS ${archive})
  set(${archive_var} ${archive} PARENT_SCOPE)
endfunction()

# utf8core_gate_library(<target> <prefix> <archive> <source>...): a library of
# <source>s that include the netlist model's header, linked with its archive.
function(utf8core_gate_library target prefix archive)
  add_library(${target} STATIC EXCLUDE_FROM_ALL ${ARGN})
  add_dependencies(${target} ${prefix}_model)
  target_include_directories(${target} PRIVATE ${UTF8CORE_SIM_DIRS}
                                               ${CMAKE_BINARY_DIR}/gate/${prefix}/obj)
  target_link_libraries(${target} PUBLIC ${archive} utf8_gate_verilated)
endfunction()

foreach(flow IN LISTS UTF8CORE_GATE_FLOWS)
  # Scalar blocks: the variant "as shipped" made from the netlist.
  foreach(block utf8_decoder utf8_encoder)
    set(prefix V${block}_${flow})
    utf8core_gate_netlist(${block} ${flow} ${prefix} archive)
    set(PREFIX ${prefix})
    set(FLOW ${flow})
    configure_file(${CMAKE_CURRENT_LIST_DIR}/../stream/${block}_netlist.cpp.in
                   ${CMAKE_CURRENT_BINARY_DIR}/${block}_${flow}_gate.cpp @ONLY)
    utf8core_gate_library(${block}_${flow}_gate ${prefix} ${archive}
                          ${CMAKE_CURRENT_LIST_DIR}/../stream/${block}_run.cpp
                          ${CMAKE_CURRENT_BINARY_DIR}/${block}_${flow}_gate.cpp)
    target_include_directories(${block}_${flow}_gate PUBLIC ${UTF8CORE_SIM_DIRS})
    target_link_libraries(${block}_${flow}_gate PUBLIC utf8_sim_bench utf8_model)
  endforeach()
  # Wide blocks at LANES 8: the factory of a lane table entry.
  foreach(block utf8_validator utf8_wide_decoder utf8_sanitizer)
    set(lanes 8)
    set(BLOCK ${block}_${flow})
    set(LANES ${lanes})
    set(TAG l${lanes})
    utf8core_gate_netlist(${block} ${flow} V${BLOCK}_l${lanes} archive LANES ${lanes})
    configure_file(${CMAKE_CURRENT_LIST_DIR}/../lane/wide_rtl_of.cpp.in
                   ${CMAKE_CURRENT_BINARY_DIR}/${BLOCK}_l${lanes}.cpp @ONLY)
    utf8core_gate_library(${BLOCK}_l${lanes} V${BLOCK}_l${lanes} ${archive}
                          ${CMAKE_CURRENT_BINARY_DIR}/${BLOCK}_l${lanes}.cpp)
    target_link_libraries(${BLOCK}_l${lanes} PUBLIC utf8_model)
  endforeach()
endforeach()
