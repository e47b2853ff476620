# Wide sanitizer (rtl/stream/utf8_sanitizer.v): its runner on the wide bench
# (utf8_sanitizer_run.h), and the block verilated at every lane count
# (utf8_sanitizer_rtl_l<N>, linked by an executable's lane table).
add_library(utf8_sanitizer_run STATIC ${CMAKE_CURRENT_LIST_DIR}/utf8_sanitizer_run.cpp)
target_link_libraries(utf8_sanitizer_run PUBLIC utf8_sim_bench)
target_compile_options(utf8_sanitizer_run PRIVATE -Wall -Wextra)
utf8core_wide_rtl(utf8_sanitizer)
