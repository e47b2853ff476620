# Gate level (sim/gate.cmake): each block's own test program, built once more
# with the netlist of each Yosys flow in place of the RTL, so the netlist meets
# the same bench, cycle model and scoreboards. Per block and flow, a short
# stress matrix (traffic matrix with random packets, resets mid-packet):
# label quick for the generic netlist, label gate for the FPGA families' (their
# cell models simulate slower) and for the rest of each block's tests.
if(NOT UTF8CORE_GATE_FLOWS)
  return()
endif()

# Cycles per case of the scalar blocks' stress matrix at gate level.
set(UTF8CORE_GATE_STRESS_CYCLES 200000 CACHE STRING
    "Cycles of each stress matrix case of the scalar blocks' gate-level tests")

foreach(flow IN LISTS UTF8CORE_GATE_FLOWS)
  if(flow STREQUAL "gate")
    set(label quick)
  else()
    set(label gate)
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
    add_executable(${t} ${CMAKE_CURRENT_LIST_DIR}/${block}_test.cpp)
    target_link_libraries(${t} PRIVATE ${block}_${flow}_gate ${narrow} GTest::gtest_main)
    target_compile_definitions(${t} PRIVATE UTF8CORE_KUHN_TEST="${UTF8CORE_KUHN_TEST}"
                                            UTF8CORE_STRESS_CYCLES=${UTF8CORE_GATE_STRESS_CYCLES})
    target_compile_options(${t} PRIVATE -Wall)
    gtest_discover_tests(${t} TEST_PREFIX "${block}_${flow}." TEST_FILTER "${stress}"
      PROPERTIES LABELS ${label} TIMEOUT 1800 DISCOVERY_TIMEOUT 60)
    gtest_discover_tests(${t} TEST_PREFIX "${block}_${flow}." TEST_FILTER "${rest}"
      PROPERTIES LABELS gate TIMEOUT 3600 DISCOVERY_TIMEOUT 60)
  endforeach()

  set(wide_stress "Lanes/*.TrafficMatrixRandomPackets/*:Lanes/*.ResetMidPacket/*")
  set(wide_rest "*:-Lanes/*.TrafficMatrixRandomPackets/*:Lanes/*.ResetMidPacket/*:*Long*:*Build*")
  if(label STREQUAL "quick")
    utf8core_wide_test(utf8_validator NETLIST ${flow} LANES 8 QUICK "${wide_stress}" GATE "${wide_rest}")
    utf8core_wide_test(utf8_wide_decoder NETLIST ${flow} LANES 8 QUICK "${wide_stress}" GATE "${wide_rest}"
                       LIBS utf8_decoder_run)
  else()
    utf8core_wide_test(utf8_validator NETLIST ${flow} LANES 8 GATE "*:-*Long*:*Build*")
    utf8core_wide_test(utf8_wide_decoder NETLIST ${flow} LANES 8 GATE "*:-*Long*:*Build*"
                       LIBS utf8_decoder_run)
  endif()
endforeach()
