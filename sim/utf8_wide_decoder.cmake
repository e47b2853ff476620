# Verilated wide decoder, one model per lane count (PREFIX Vutf8_wide_decoder_l<N>),
# and its runner (sim/utf8_wide_decoder_run.h). Lane counts: UTF8CORE_WIDE_LANES
# (sim/utf8_validator.cmake).
set(UTF8CORE_WIDE_LANES 1 2 4 8 16 32 64 CACHE STRING "Lane counts of the wide RTL blocks to verilate")

add_library(utf8_wide_decoder_run STATIC ${CMAKE_CURRENT_LIST_DIR}/utf8_wide_decoder_run.cpp)
target_include_directories(utf8_wide_decoder_run PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(utf8_wide_decoder_run PUBLIC utf8_validator_run utf8_model)
foreach(lanes IN LISTS UTF8CORE_WIDE_LANES)
  verilate(utf8_wide_decoder_run
    SOURCES ${CMAKE_SOURCE_DIR}/rtl/utf8_wide_decoder.v
    PREFIX Vutf8_wide_decoder_l${lanes}
    TOP_MODULE utf8_wide_decoder
    TRACE_FST
    INCLUDE_DIRS ${CMAKE_SOURCE_DIR}/rtl
    VERILATOR_ARGS -Wall --assert -GLANES=${lanes} -y ${CMAKE_SOURCE_DIR}/rtl)
  target_compile_definitions(utf8_wide_decoder_run PRIVATE UTF8CORE_HAVE_WIDE_DECODER_L${lanes}=1)
endforeach()
