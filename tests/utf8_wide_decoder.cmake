# Wide decoder tests: RTL against its cycle model every cycle, its units against
# the functional model, and against the scalar decoder's RTL when that is built
# (tests/utf8_wide_decoder_test.cpp).
add_executable(utf8_wide_decoder_test ${CMAKE_CURRENT_LIST_DIR}/utf8_wide_decoder_test.cpp)
target_link_libraries(utf8_wide_decoder_test PRIVATE utf8_wide_decoder_run GTest::gtest_main)
target_compile_options(utf8_wide_decoder_test PRIVATE -Wall -Wextra -Wno-unused-parameter)
target_compile_definitions(utf8_wide_decoder_test PRIVATE
  UTF8CORE_KUHN_TEST="${UTF8CORE_KUHN_TEST}")
if(TARGET utf8_decoder_run)
  target_link_libraries(utf8_wide_decoder_test PRIVATE utf8_decoder_run)
  target_compile_definitions(utf8_wide_decoder_test PRIVATE UTF8CORE_HAVE_SCALAR_DECODER_RUN=1)
endif()
# Sweeps named Long* take minutes: label long; everything else is quick.
gtest_discover_tests(utf8_wide_decoder_test
  TEST_PREFIX "utf8_wide_decoder."
  TEST_FILTER "-*Long*"
  PROPERTIES LABELS quick
  DISCOVERY_TIMEOUT 60
)
gtest_discover_tests(utf8_wide_decoder_test
  TEST_PREFIX "utf8_wide_decoder."
  TEST_FILTER "*Long*"
  PROPERTIES LABELS long TIMEOUT 3600
  DISCOVERY_TIMEOUT 60
)
