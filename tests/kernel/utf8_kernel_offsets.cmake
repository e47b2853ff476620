# The kernel's offsets stage for VALIDATE_STRINGS (tests/kernel/utf8_kernel_offsets_test.cpp,
# label quick): rtl/kernel/utf8_kernel_offsets.v verilated at W 8 and 64 beside its
# cycle model (model/kernel/utf8_kernel_offsets.h), every output compared every clock,
# each column's packet, marks and groups checked against its offsets.
include(${CMAKE_CURRENT_LIST_DIR}/kernel_block_test.cmake)
utf8core_kernel_block_test(utf8_kernel_offsets)
