# Encoder tests: RTL against its cycle model every cycle, and the RTL's octets
# against the functional model (tests/stream/utf8_encoder_test.cpp). Tests named Long*
# are the minutes-long sweeps: label long; the rest (seconds) label quick.
add_executable(utf8_encoder_test ${CMAKE_CURRENT_LIST_DIR}/utf8_encoder_test.cpp)
target_link_libraries(utf8_encoder_test PRIVATE utf8_encoder_run utf8_encoder_cw4_rtl GTest::gtest_main)
target_compile_options(utf8_encoder_test PRIVATE -Wall -Wextra)
# Defined even when the file is missing: its test then skips (tests/common/kuhn_file.h).
target_compile_definitions(utf8_encoder_test PRIVATE UTF8CORE_KUHN_TEST="${UTF8CORE_KUHN_TEST}")
gtest_discover_tests(utf8_encoder_test
  TEST_PREFIX "utf8_encoder."
  TEST_FILTER "-*.Long*:*/*.Long*"
  PROPERTIES LABELS quick
  DISCOVERY_TIMEOUT 60
)
gtest_discover_tests(utf8_encoder_test
  TEST_PREFIX "utf8_encoder."
  TEST_FILTER "*.Long*:*/*.Long*"
  PROPERTIES LABELS long TIMEOUT 1800
  DISCOVERY_TIMEOUT 60
)
