# Scalar decoder (rtl/stream/utf8_decoder.v): its bench and runner (utf8_decoder_run.h),
# the narrow-width parameter set for the tests, and the SystemC build of the
# same RTL with its sc_main testbench (registered in tests/stream/utf8_decoder.cmake).
set(UTF8CORE_DECODER_RTL ${CMAKE_SOURCE_DIR}/rtl/stream/utf8_decoder.v)

# kDecoderDefault: the RTL here; a gate-level program compiles the same runner
# with a netlist's instead (sim/common/gate.cmake).
add_library(utf8_decoder_run STATIC ${CMAKE_CURRENT_LIST_DIR}/utf8_decoder_run.cpp ${CMAKE_CURRENT_LIST_DIR}/utf8_decoder_rtl.cpp)
target_include_directories(utf8_decoder_run PUBLIC ${UTF8CORE_SIM_DIRS})
target_link_libraries(utf8_decoder_run PUBLIC utf8_sim_bench utf8_model)
target_compile_options(utf8_decoder_run PRIVATE -Wall)
utf8core_verilate(utf8_decoder_run SPEED
  SOURCES ${UTF8CORE_DECODER_RTL}
  PREFIX Vutf8_decoder
  TOP_MODULE utf8_decoder
  TRACE_FST
  VERILATOR_ARGS -Wall --assert ${UTF8CORE_RTL_Y})

# Tests only (sim::kDecoderNarrow): offsets wrap and counters saturate soon.
add_library(utf8_decoder_narrow_rtl STATIC ${CMAKE_CURRENT_LIST_DIR}/utf8_decoder_narrow.cpp)
target_link_libraries(utf8_decoder_narrow_rtl PUBLIC utf8_sim_bench)
utf8core_verilate(utf8_decoder_narrow_rtl
  SOURCES ${UTF8CORE_DECODER_RTL}
  PREFIX Vutf8_decoder_narrow
  TOP_MODULE utf8_decoder
  TRACE_FST
  VERILATOR_ARGS -Wall --assert -GOFFSET_WIDTH=4 -GCOUNT_WIDTH=3 ${UTF8CORE_RTL_Y})

# SystemC: Debian's libsystemc-dev has no CMake package; point Verilator's
# finder at what pkg-config (top-level CMakeLists) found.
pkg_get_variable(UTF8CORE_SYSTEMC_INCLUDEDIR systemc includedir)
pkg_get_variable(UTF8CORE_SYSTEMC_LIBDIR systemc libdir)
set(SYSTEMC_INCLUDE ${UTF8CORE_SYSTEMC_INCLUDEDIR})
set(SYSTEMC_LIBDIR ${UTF8CORE_SYSTEMC_LIBDIR})
add_executable(sc_utf8_decoder ${CMAKE_CURRENT_LIST_DIR}/sc_utf8_decoder_main.cpp)
target_link_libraries(sc_utf8_decoder PRIVATE utf8_model Threads::Threads)
utf8core_verilate(sc_utf8_decoder SYSTEMC
  SOURCES ${UTF8CORE_DECODER_RTL}
  PREFIX Vutf8_decoder_sc
  TOP_MODULE utf8_decoder
  VERILATOR_ARGS -Wall --assert ${UTF8CORE_RTL_Y})
verilator_link_systemc(sc_utf8_decoder)
