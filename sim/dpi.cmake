# The SystemVerilog bench of the scalar decoder whose scoreboard calls the model
# through DPI-C (utf8core_pkg, ../dpi/): the bench, the package and the RTL
# verilated together, clocked by a small C++ main (registered in tests/dpi.cmake).
add_executable(utf8_decoder_dpi dpi/utf8_decoder_dpi_main.cpp)
target_link_libraries(utf8_decoder_dpi PRIVATE utf8core_dpi)
utf8core_verilate(utf8_decoder_dpi
  SOURCES ${CMAKE_SOURCE_DIR}/dpi/utf8core_pkg.sv
          ${CMAKE_CURRENT_SOURCE_DIR}/dpi/utf8_decoder_dpi_tb.sv
          ${CMAKE_SOURCE_DIR}/rtl/stream/utf8_decoder.v
  PREFIX Vutf8_decoder_dpi_tb
  TOP_MODULE utf8_decoder_dpi_tb
  VERILATOR_ARGS -Wall --assert ${UTF8CORE_RTL_Y})
