# Wide decoder (rtl/stream/utf8_wide_decoder.v): its runner on the wide bench
# (utf8_wide_decoder_run.h), and the block verilated at every lane count and
# at the narrow builds' LANES:OUT_UNITS
# (utf8_wide_decoder_rtl_l<N>, linked by an executable's lane table).
add_library(utf8_wide_decoder_run STATIC ${CMAKE_CURRENT_LIST_DIR}/utf8_wide_decoder_run.cpp)
target_link_libraries(utf8_wide_decoder_run PUBLIC utf8_sim_bench)
target_compile_options(utf8_wide_decoder_run PRIVATE -Wall -Wextra)
utf8core_wide_rtl(utf8_wide_decoder NARROW ${UTF8CORE_DECODER_NARROW} ${UTF8CORE_DECODER_NARROW_LONG})
