# String validator (rtl/stream/utf8_string_validator.v): its runner on the wide
# bench (utf8_string_validator_run.h), and the block verilated at every lane
# count (utf8_string_validator_rtl_l<N>, linked by an executable's lane table).
add_library(utf8_string_validator_run STATIC ${CMAKE_CURRENT_LIST_DIR}/utf8_string_validator_run.cpp)
target_link_libraries(utf8_string_validator_run PUBLIC utf8_sim_bench)
target_compile_options(utf8_string_validator_run PRIVATE -Wall -Wextra)
utf8core_wide_rtl(utf8_string_validator)
