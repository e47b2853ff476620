# Cycle models of the wide front end and the wide validator (rtl/utf8_validator.v).
target_sources(utf8_model PRIVATE ${CMAKE_CURRENT_LIST_DIR}/utf8_validator.cpp)
