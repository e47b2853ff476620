# Cycle model of the wide decoder (rtl/utf8_wide_decoder.v); it builds on the
# wide front end's model in utf8_validator.cpp.
target_sources(utf8_model PRIVATE ${CMAKE_CURRENT_LIST_DIR}/utf8_wide_decoder.cpp)
