# Wide validator tests: RTL against its cycle model every cycle, and the RTL's
# verdicts against the functional model (tests/utf8_validator_test.cpp).
add_executable(utf8_validator_test ${CMAKE_CURRENT_LIST_DIR}/utf8_validator_test.cpp)
target_link_libraries(utf8_validator_test PRIVATE utf8_validator_run GTest::gtest_main)
target_compile_options(utf8_validator_test PRIVATE -Wall -Wextra -Wno-unused-parameter)
target_compile_definitions(utf8_validator_test PRIVATE
  UTF8CORE_KUHN_TEST="${UTF8CORE_KUHN_TEST}")
# Sweeps named Long* take minutes: label long; everything else is quick.
gtest_discover_tests(utf8_validator_test
  TEST_PREFIX "utf8_validator."
  TEST_FILTER "-*Long*"
  PROPERTIES LABELS quick
  DISCOVERY_TIMEOUT 60
)
gtest_discover_tests(utf8_validator_test
  TEST_PREFIX "utf8_validator."
  TEST_FILTER "*Long*"
  PROPERTIES LABELS long TIMEOUT 3600
  DISCOVERY_TIMEOUT 60
)
