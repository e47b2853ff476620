# The wide blocks, verilated once per lane count, and the lane table each
# executable that runs them links (sim/lane/wide_rtl.h).
#
# UTF8CORE_WIDE_LANES:      the lane counts verilated and tested by the quick suite.
# UTF8CORE_WIDE_LANES_LONG: those verilated and tested under label long only
#                           (target wide-long builds their test programs).
#                           The quick list keeps the ends and every pipeline
#                           shape: 1 (no compaction), 4 (the smallest tree of
#                           two levels), 8 (the CLI's narrow point) and 64 (two
#                           compaction levels a clock, the CLI's and the
#                           kernel's width). 2 is the formal harnesses' size
#                           (the quick proofs of the validator and the wide
#                           decoder run there); 16 and 32 run 8's
#                           one-level-a-clock shape with more levels; the
#                           128-lane models take more compile time than all
#                           the others together.
# UTF8CORE_CLI_LANES:       those linked into utf8core-full (--lanes N).
set(UTF8CORE_WIDE_LANES 1 4 8 64 CACHE STRING "Lane counts of the wide RTL blocks to verilate and test (quick)")
set(UTF8CORE_WIDE_LANES_LONG 2 16 32 128 CACHE STRING "Lane counts of the wide RTL blocks verilated and tested under label long only")
set(UTF8CORE_CLI_LANES 8 64 CACHE STRING "Lane counts of the wide RTL blocks in the utf8core program")
# The wide decoder's narrow builds, LANES:OUT_UNITS (its output sized to the
# bus behind it): quick at 8:2, long at 4:1, 16:4, 32:8 and 64:16 (the 512-bit
# bus; its model is the largest to compile, and the default run stays near 25
# minutes without it). One build per lane count (the tests look OUT_UNITS up by it).
set(UTF8CORE_DECODER_NARROW 8:2 CACHE STRING "The wide decoder's narrow builds (LANES:OUT_UNITS) verilated and tested (quick)")
set(UTF8CORE_DECODER_NARROW_LONG 4:1 16:4 32:8 64:16 CACHE STRING "The wide decoder's narrow builds verilated and tested under label long only")

# utf8core_wide_rtl(<block>): library <block>_rtl_l<N> for every N in
# UTF8CORE_WIDE_LANES and UTF8CORE_WIDE_LANES_LONG: rtl/<block>.v verilated
# with LANES=N and its factory (generated from wide_rtl_of.cpp.in). Built only
# when something built links it.
#
# With NARROW <L:U>..., also library <block>_rtl_l<L>_u<U>: verilated with
# LANES=L and OUT_UNITS=U (the wide decoder's narrow builds).
function(utf8core_wide_rtl block)
  cmake_parse_arguments(arg "" "" "NARROW" ${ARGN})
  utf8core_rtl_file(${block} rtl)
  # (a build tree configured before the long list existed may hold 128 in both)
  set(all ${UTF8CORE_WIDE_LANES} ${UTF8CORE_WIDE_LANES_LONG})
  list(REMOVE_DUPLICATES all)
  foreach(lanes IN LISTS all arg_NARROW)
    set(units "")
    if(lanes MATCHES "^([0-9]+):([0-9]+)$")
      set(lanes ${CMAKE_MATCH_1})
      set(units ${CMAKE_MATCH_2})
      set(TAG l${lanes}_u${units})
    else()
      set(TAG l${lanes})
    endif()
    set(t ${block}_rtl_${TAG})
    set(BLOCK ${block})
    set(LANES ${lanes})
    configure_file(${CMAKE_CURRENT_FUNCTION_LIST_DIR}/wide_rtl_of.cpp.in
                   ${CMAKE_CURRENT_BINARY_DIR}/${t}.cpp @ONLY)
    add_library(${t} STATIC EXCLUDE_FROM_ALL ${CMAKE_CURRENT_BINARY_DIR}/${t}.cpp)
    target_include_directories(${t} PRIVATE ${UTF8CORE_SIM_DIRS})
    target_link_libraries(${t} PUBLIC utf8_model)
    # the program's lane counts run users' text: compiled for speed
    set(speed "")
    if(lanes IN_LIST UTF8CORE_CLI_LANES)
      set(speed SPEED)
    endif()
    set(params -GLANES=${lanes})
    if(units)
      set(speed "")
      list(APPEND params -GOUT_UNITS=${units})
    endif()
    utf8core_verilate(${t} ${speed}
      SOURCES ${rtl}
      PREFIX V${block}_${TAG}
      TOP_MODULE ${block}
      TRACE_FST
      VERILATOR_ARGS -Wall --assert ${params} ${UTF8CORE_RTL_Y})
  endforeach()
endfunction()

# utf8core_wide_lanes(<target> BLOCKS <block>... LANES <N>... [NETLIST <flow>]):
# links those blocks at those lane counts into the executable <target> and
# generates its lane table, the only list of what it can run. With NETLIST,
# the entries are the netlists of that flow (sim/common/gate.cmake) under the blocks'
# own names, so the program's tests run the netlists unchanged. A LANES entry
# L:U is the narrow build (OUT_UNITS U) of utf8core_wide_rtl(... NARROW L:U).
function(utf8core_wide_lanes target)
  cmake_parse_arguments(arg "" "NETLIST" "BLOCKS;LANES" ${ARGN})
  set(decls "")
  set(entries "")
  foreach(block IN LISTS arg_BLOCKS)
    foreach(lanes IN LISTS arg_LANES)
      if(lanes MATCHES "^([0-9]+):([0-9]+)$")
        set(lanes ${CMAKE_MATCH_1})
        set(units ${CMAKE_MATCH_2})
        set(tag l${lanes}_u${units})
      else()
        set(units ${lanes})
        set(tag l${lanes})
      endif()
      if(arg_NETLIST)
        set(make Make_${block}_${arg_NETLIST}_${tag})
        set(lib ${block}_${arg_NETLIST}_${tag})
      else()
        set(make Make_${block}_${tag})
        set(lib ${block}_rtl_${tag})
      endif()
      string(APPEND decls "std::unique_ptr<WideRtl> ${make}(const std::string& trace_path);\n")
      string(APPEND entries "      {\"${block}\", ${lanes}, ${units}, &${make}},\n")
      target_link_libraries(${target} PRIVATE ${lib})
    endforeach()
  endforeach()
  set(out ${CMAKE_BINARY_DIR}/wide_lanes/${target}_wide_lanes.cpp)
  file(CONFIGURE OUTPUT ${out} CONTENT "// Generated by utf8core_wide_lanes() (sim/lane/wide_blocks.cmake): the wide
// blocks and lane counts linked into ${target}.
#include \"wide_rtl.h\"

namespace utf8core {
namespace sim {

${decls}
const std::vector<WideRtlEntry>& WideRtlTable() {
  static const std::vector<WideRtlEntry> table = {
${entries}  };
  return table;
}

}  // namespace sim
}  // namespace utf8core
")
  target_sources(${target} PRIVATE ${out})
endfunction()
