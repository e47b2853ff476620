# The kernel's AXI4 side (label quick): the memory model's own tests, and the
# read and write engines verilated beside it (sim/kernel/kernel_axi.cmake).
add_executable(axi_mem_test ${CMAKE_CURRENT_LIST_DIR}/axi_mem_test.cpp)
target_link_libraries(axi_mem_test PRIVATE utf8_axi_mem utf8_sim_bench GTest::gtest_main)
target_compile_options(axi_mem_test PRIVATE -Wall -Wextra)
gtest_discover_tests(axi_mem_test TEST_PREFIX "axi_mem." PROPERTIES LABELS quick DISCOVERY_TIMEOUT 60)

# The read engine at 8 and 64 bytes a beat beside the memory model.
add_executable(utf8_kernel_rd_test ${CMAKE_CURRENT_LIST_DIR}/utf8_kernel_rd_test.cpp)
target_link_libraries(utf8_kernel_rd_test PRIVATE utf8_kernel_rd_bench GTest::gtest_main)
target_compile_options(utf8_kernel_rd_test PRIVATE -Wall -Wextra)
gtest_discover_tests(utf8_kernel_rd_test TEST_PREFIX "utf8_kernel_rd." PROPERTIES LABELS quick DISCOVERY_TIMEOUT 60)

# The write engine at 8 and 64 bytes a beat beside the memory model.
add_executable(utf8_kernel_wr_test ${CMAKE_CURRENT_LIST_DIR}/utf8_kernel_wr_test.cpp)
target_link_libraries(utf8_kernel_wr_test PRIVATE utf8_kernel_wr_bench GTest::gtest_main)
target_compile_options(utf8_kernel_wr_test PRIVATE -Wall -Wextra)
gtest_discover_tests(utf8_kernel_wr_test TEST_PREFIX "utf8_kernel_wr." PROPERTIES LABELS quick DISCOVERY_TIMEOUT 60)
