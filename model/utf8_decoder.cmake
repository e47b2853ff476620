# Cycle model of the scalar decoder (rtl/utf8_decoder.v), part of the model library.
target_sources(utf8_model PRIVATE ${CMAKE_CURRENT_LIST_DIR}/utf8_decoder.cpp)
