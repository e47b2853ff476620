# Tests of the utf8core command line (cli/). Included from tests/CMakeLists.txt.
# cli_test and cli_reference_test run the built binary as a child process, so
# its path is compiled in; the reference test also runs CPython's codec.
add_executable(cli_test
  cli/cli_test.cpp
  cli/cli_lib_test.cpp
  cli/cli_reference_test.cpp
  cli/cli_rtl_test.cpp
  cli/cli_kernel_test.cpp
  cli/cli_strings_test.cpp
)
target_include_directories(cli_test PRIVATE
  ${CMAKE_CURRENT_SOURCE_DIR}/cli
  ${UTF8CORE_SIM_DIRS}
)
target_link_libraries(cli_test PRIVATE utf8core_cli GTest::gtest_main)
utf8core_cli_full(cli_test)
target_compile_options(cli_test PRIVATE -Wall -Wextra)
target_compile_definitions(cli_test PRIVATE
  UTF8CORE_BIN="$<TARGET_FILE:utf8core>"
  UTF8CORE_PYTHON="${Python3_EXECUTABLE}"
)
if(EXISTS "${UTF8CORE_KUHN_TEST}")
  target_compile_definitions(cli_test PRIVATE UTF8CORE_KUHN_TEST="${UTF8CORE_KUHN_TEST}")
else()
  message(STATUS "cli_test: no Kuhn stress test at UTF8CORE_KUHN_TEST; its test will skip")
endif()
# The tests run the program (which runs utf8core-full for lanes and the
# kernel), so both must be built first.
add_dependencies(cli_test utf8core utf8core-full)
gtest_discover_tests(cli_test PROPERTIES LABELS quick)
