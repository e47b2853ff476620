# The kernel's validity bitmap (tests/kernel/utf8_kernel_bitmap_test.cpp, label quick):
# rtl/kernel/utf8_kernel_bitmap.v verilated at W 8 and 64 beside its cycle model
# (model/kernel/utf8_kernel_bitmap.h), every output compared every clock, each job's
# bitmap bytes and counts checked against the strings it was made from.
include(${CMAKE_CURRENT_LIST_DIR}/kernel_block_test.cmake)
utf8core_kernel_block_test(utf8_kernel_bitmap)
