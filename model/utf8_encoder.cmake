# Cycle model of the encoder (rtl/utf8_encoder.v).
target_sources(utf8_model PRIVATE ${CMAKE_CURRENT_LIST_DIR}/utf8_encoder.cpp)
