# The kernel's AXI4 side: the AXI4 slave memory model (axi_mem.{h,cpp}, plain
# C++17, no Verilator), used by the benches of the read and write engines and,
# later, of the whole kernel.
add_library(utf8_axi_mem STATIC axi_mem.cpp)
target_include_directories(utf8_axi_mem PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
target_compile_options(utf8_axi_mem PRIVATE -Wall -Wextra)
