# Memory-mapped kernel tests (tests/kernel/utf8_kernel_test.cpp): the simulated card
# at every UTF8CORE_KERNEL_WIDTHS, driven through the host library and held to
# the functional model; the AXI4 memory model checks the kernel's protocol.
add_executable(utf8_kernel_test ${CMAKE_CURRENT_LIST_DIR}/utf8_kernel_test.cpp)
target_link_libraries(utf8_kernel_test PRIVATE utf8core_host wide_test_util GTest::gtest_main)
utf8core_kernel_builds(utf8_kernel_test)
target_compile_options(utf8_kernel_test PRIVATE -Wall -Wextra)
gtest_discover_tests(utf8_kernel_test PROPERTIES LABELS quick DISCOVERY_TIMEOUT 60)
