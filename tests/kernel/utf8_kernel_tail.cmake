# The kernel's tail holder (tests/kernel/utf8_kernel_tail_test.cpp, label quick):
# rtl/kernel/utf8_kernel_tail.v verilated at W 8 and 64 beside its cycle model
# (model/kernel/utf8_kernel_tail.h), every output compared every clock, each packet's
# bytes out and held checked against the functional model's Decode.
include(${CMAKE_CURRENT_LIST_DIR}/kernel_block_test.cmake)
utf8core_kernel_block_test(utf8_kernel_tail)
