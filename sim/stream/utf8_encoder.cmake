# Encoder (rtl/stream/utf8_encoder.v): its bench and runner (utf8_encoder_run.h), and
# COUNT_WIDTH=4 for the tests, so that they can drive the error counters into
# saturation in a few dozen code points.
# kEncoderDefault: the RTL here; a gate-level program compiles the same runner
# with a netlist's instead (sim/common/gate.cmake).
add_library(utf8_encoder_run STATIC ${CMAKE_CURRENT_LIST_DIR}/utf8_encoder_run.cpp ${CMAKE_CURRENT_LIST_DIR}/utf8_encoder_rtl.cpp)
target_include_directories(utf8_encoder_run PUBLIC ${UTF8CORE_SIM_DIRS})
target_link_libraries(utf8_encoder_run PUBLIC utf8_sim_bench utf8_model)
# -Wall only: verilate() adds Verilator's own sources to this target.
target_compile_options(utf8_encoder_run PRIVATE -Wall)
utf8core_verilate(utf8_encoder_run SPEED
  SOURCES ${CMAKE_SOURCE_DIR}/rtl/stream/utf8_encoder.v
  PREFIX Vutf8_encoder
  TOP_MODULE utf8_encoder
  TRACE_FST
  VERILATOR_ARGS -Wall --assert ${UTF8CORE_RTL_Y})

# Tests only (sim::kEncoderCount4).
add_library(utf8_encoder_cw4_rtl STATIC ${CMAKE_CURRENT_LIST_DIR}/utf8_encoder_cw4.cpp)
target_link_libraries(utf8_encoder_cw4_rtl PUBLIC utf8_sim_bench)
utf8core_verilate(utf8_encoder_cw4_rtl
  SOURCES ${CMAKE_SOURCE_DIR}/rtl/stream/utf8_encoder.v
  PREFIX Vutf8_encoder_cw4
  TOP_MODULE utf8_encoder
  TRACE_FST
  VERILATOR_ARGS -Wall --assert -GCOUNT_WIDTH=4 ${UTF8CORE_RTL_Y})
