# Gate level (sim/common/gate.cmake): each block's own test program, built once more
# with the netlist of a Yosys flow in place of the RTL, so the netlist meets
# the same bench, cycle model and scoreboards: <block>_<flow>_test.
#
# Generic netlists (flow "gate") of utf8_decoder, utf8_encoder and
# utf8_validator: built by default; the stress matrix (traffic matrix with
# random packets and resets mid-packet; the scalar blocks' cut to
# UTF8CORE_GATE_STRESS_CYCLES per case) and the reset tests are label quick,
# the rest of each program label gate.
# The generic netlists of utf8_wide_decoder and utf8_sanitizer, and the iCE40 and ECP5 netlists
# (flows "ice40", "ecp5", on Yosys's cell models) of every block: all of each
# program label gate, built by the target `gate` only, since each costs
# minutes to synthesize and compile (the wide decoder's generic one two, one
# after the other, which the default build would wait for); the test
# gate.programs_built fails while one is missing.
if(NOT UTF8CORE_GATE_FLOWS)
  return()
endif()

set(UTF8CORE_GATE_STRESS_CYCLES 200000 CACHE STRING
    "Cycles of each stress matrix case of the scalar blocks' gate-level tests")

set(gate_programs "")
foreach(flow IN LISTS UTF8CORE_GATE_FLOWS)
  set(exclude "")
  set(quick_label quick)
  if(NOT flow STREQUAL "gate")
    set(exclude EXCLUDE_FROM_ALL)
    set(quick_label gate)
  endif()

  foreach(block utf8_decoder utf8_encoder)
    if(block STREQUAL "utf8_decoder")
      set(narrow utf8_decoder_narrow_rtl)
      set(stress "Matrix/DecoderStress.*:DecoderDirected.ResetMidPacket*")
      # The narrow widths are RTL, not a netlist: left out.
      set(rest "*:-Matrix/DecoderStress.*:DecoderDirected.ResetMidPacket*:*Narrow*")
    else()
      set(narrow utf8_encoder_cw4_rtl)
      set(stress "Matrix/EncoderStress.RtlMatches*:EncoderReset.*")
      set(rest "*:-Matrix/EncoderStress.*:EncoderReset.*:EncoderCounters.SaturateAndClearOnReset:*Long*")
    endif()
    set(t ${block}_${flow}_test)
    add_executable(${t} ${exclude} ${CMAKE_CURRENT_LIST_DIR}/../stream/${block}_test.cpp)
    target_link_libraries(${t} PRIVATE ${block}_${flow}_gate ${narrow} GTest::gtest_main)
    target_compile_definitions(${t} PRIVATE UTF8CORE_KUHN_TEST="${UTF8CORE_KUHN_TEST}"
                                            UTF8CORE_STRESS_CYCLES=${UTF8CORE_GATE_STRESS_CYCLES})
    target_compile_options(${t} PRIVATE -Wall)
    gtest_discover_tests(${t} TEST_PREFIX "${block}_${flow}." TEST_FILTER "${stress}"
      PROPERTIES LABELS ${quick_label} TIMEOUT 1800 DISCOVERY_TIMEOUT 60)
    gtest_discover_tests(${t} TEST_PREFIX "${block}_${flow}." TEST_FILTER "${rest}"
      PROPERTIES LABELS gate TIMEOUT 3600 DISCOVERY_TIMEOUT 60)
    list(APPEND gate_programs ${t})
  endforeach()

  set(stress "Lanes/*.TrafficMatrixRandomPackets/*:Lanes/*.ResetMidPacket/*")
  set(rest "*:-Lanes/*.TrafficMatrixRandomPackets/*:Lanes/*.ResetMidPacket/*:*Long*:*Build*")
  set(on_demand GATE "*:-*Long*:*Build*" EXCLUDE_FROM_ALL)
  if(flow STREQUAL "gate")
    utf8core_wide_test(utf8_validator NETLIST ${flow} LANES 8 QUICK "${stress}" GATE "${rest}")
  else()
    utf8core_wide_test(utf8_validator NETLIST ${flow} LANES 8 ${on_demand})
  endif()
  utf8core_wide_test(utf8_wide_decoder NETLIST ${flow} LANES 8 ${on_demand} LIBS utf8_decoder_run)
  utf8core_wide_test(utf8_sanitizer NETLIST ${flow} LANES 8 ${on_demand})
  list(APPEND gate_programs utf8_validator_${flow}_test utf8_wide_decoder_${flow}_test
                            utf8_sanitizer_${flow}_test)
endforeach()

# Every gate-level program, the FPGA families' included.
add_custom_target(gate DEPENDS ${gate_programs})

# A program not built has no tests to list, so `ctest -L gate` would pass
# without it: this test fails instead, naming what is missing.
set(gate_files "")
foreach(t IN LISTS gate_programs)
  string(APPEND gate_files "$<TARGET_FILE:${t}>|")
endforeach()
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/gate_built.cmake [=[
set(missing "")
string(REPLACE "|" ";" FILES "${FILES}")
foreach(f IN LISTS FILES)
  if(NOT EXISTS "${f}")
    list(APPEND missing "${f}")
  endif()
endforeach()
if(missing)
  message(FATAL_ERROR "gate-level programs not built (cmake --build <build> --target gate): ${missing}")
endif()
]=])
add_test(NAME gate.programs_built
  COMMAND ${CMAKE_COMMAND} "-DFILES=${gate_files}" -P ${CMAKE_CURRENT_BINARY_DIR}/gate_built.cmake)
set_tests_properties(gate.programs_built PROPERTIES LABELS gate)
