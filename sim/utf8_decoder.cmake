# Verilated scalar decoder (rtl/utf8_decoder.v) and its runner (sim/utf8_decoder_run.h):
# library utf8_decoder_run, used by the tests and the CLI's RTL engine. Also the
# SystemC build of the same RTL (PREFIX Vutf8_decoder_sc) and its sc_main
# testbench, sc_utf8_decoder (registered as a test in tests/utf8_decoder.cmake).
set(UTF8CORE_DECODER_RTL ${CMAKE_SOURCE_DIR}/rtl/utf8_decoder.v)

add_library(utf8_decoder_run STATIC ${CMAKE_CURRENT_LIST_DIR}/utf8_decoder_run.cpp)
target_include_directories(utf8_decoder_run PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(utf8_decoder_run PUBLIC utf8_model)
target_compile_options(utf8_decoder_run PRIVATE -Wall)
verilate(utf8_decoder_run
  SOURCES ${UTF8CORE_DECODER_RTL}
  PREFIX Vutf8_decoder
  TOP_MODULE utf8_decoder
  TRACE_FST
  VERILATOR_ARGS -Wall --assert)
# Narrow widths, so that offsets wrap and counters saturate in a short test
# (DecoderBench::Widths::kNarrow).
verilate(utf8_decoder_run
  SOURCES ${UTF8CORE_DECODER_RTL}
  PREFIX Vutf8_decoder_narrow
  TOP_MODULE utf8_decoder
  TRACE_FST
  VERILATOR_ARGS -Wall --assert -GOFFSET_WIDTH=4 -GCOUNT_WIDTH=3)

# SystemC: Debian's libsystemc-dev has no CMake package; point Verilator's
# finder at what pkg-config (top-level CMakeLists) found.
pkg_get_variable(UTF8CORE_SYSTEMC_INCLUDEDIR systemc includedir)
pkg_get_variable(UTF8CORE_SYSTEMC_LIBDIR systemc libdir)
set(SYSTEMC_INCLUDE ${UTF8CORE_SYSTEMC_INCLUDEDIR})
set(SYSTEMC_LIBDIR ${UTF8CORE_SYSTEMC_LIBDIR})
add_executable(sc_utf8_decoder ${CMAKE_CURRENT_LIST_DIR}/sc_utf8_decoder_main.cpp)
target_link_libraries(sc_utf8_decoder PRIVATE utf8_model utf8core_cli Threads::Threads)
verilate(sc_utf8_decoder SYSTEMC
  SOURCES ${UTF8CORE_DECODER_RTL}
  PREFIX Vutf8_decoder_sc
  TOP_MODULE utf8_decoder
  VERILATOR_ARGS -Wall --assert)
verilator_link_systemc(sc_utf8_decoder)
