# The kernel's unit stage (tests/kernel/utf8_kernel_units_test.cpp, label quick):
# rtl/kernel/utf8_kernel_units.v verilated at W 8 and 64 beside its cycle model
# (model/kernel/utf8_kernel_units.h), every output compared every clock, each job's
# units and counts checked against Decode's units of its packet.
include(${CMAKE_CURRENT_LIST_DIR}/kernel_block_test.cmake)
utf8core_kernel_block_test(utf8_kernel_units)
