# Verilated encoder and its runner (sim/utf8_encoder_run.h). Two builds: the
# default COUNT_WIDTH, and COUNT_WIDTH=4 so that a test can drive the error
# counters into saturation in a few dozen code points.
add_library(utf8_encoder_run STATIC ${CMAKE_CURRENT_LIST_DIR}/utf8_encoder_run.cpp)
target_include_directories(utf8_encoder_run PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(utf8_encoder_run PUBLIC utf8_model)
# -Wall only: verilate() adds Verilator's own sources to this target.
target_compile_options(utf8_encoder_run PRIVATE -Wall)
verilate(utf8_encoder_run
  SOURCES ${CMAKE_SOURCE_DIR}/rtl/utf8_encoder.v
  PREFIX Vutf8_encoder
  TOP_MODULE utf8_encoder
  TRACE_FST
  VERILATOR_ARGS -Wall --assert)
verilate(utf8_encoder_run
  SOURCES ${CMAKE_SOURCE_DIR}/rtl/utf8_encoder.v
  PREFIX Vutf8_encoder_cw4
  TOP_MODULE utf8_encoder
  TRACE_FST
  VERILATOR_ARGS -Wall --assert -GCOUNT_WIDTH=4)
