# Board demo simulation (rtl/boards/, docs/boards.md): the Verilated line formatter, and the Verilated utf8_uart_top
# between two UART models.
set(UTF8CORE_BOARDS_RTL_DIR ${CMAKE_SOURCE_DIR}/rtl/boards)
# Simulated clock: 16 cycles per bit keeps a 20 kB end-to-end run to seconds while
# the receiver still samples each bit near its middle. The idle timeout that ends a
# packet is 5 character times.
set(UTF8CORE_BOARD_SIM_BAUD 115200)
set(UTF8CORE_BOARD_SIM_CLKS_PER_BIT 16)
math(EXPR UTF8CORE_BOARD_SIM_CLK_HZ "${UTF8CORE_BOARD_SIM_BAUD} * ${UTF8CORE_BOARD_SIM_CLKS_PER_BIT}")
math(EXPR UTF8CORE_BOARD_SIM_IDLE_CLKS "50 * ${UTF8CORE_BOARD_SIM_CLKS_PER_BIT}")
set(UTF8CORE_BOARD_SIM_FIFO_ADDR_WIDTH 9)


add_library(boards_line_fmt_rtl STATIC)
utf8core_verilate(boards_line_fmt_rtl
  SOURCES ${UTF8CORE_BOARDS_RTL_DIR}/utf8_line_fmt.v
  PREFIX Vutf8_line_fmt
  TOP_MODULE utf8_line_fmt
  TRACE_FST
  VERILATOR_ARGS -Wall --assert ${UTF8CORE_RTL_Y})
target_include_directories(boards_line_fmt_rtl PUBLIC ${UTF8CORE_SIM_DIRS})

add_library(boards_uart_top_sim STATIC ${CMAKE_CURRENT_LIST_DIR}/uart_top_sim.cpp)
target_include_directories(boards_uart_top_sim PUBLIC ${UTF8CORE_SIM_DIRS})
target_link_libraries(boards_uart_top_sim PUBLIC utf8_model)
target_compile_definitions(boards_uart_top_sim PUBLIC
  UTF8CORE_BOARD_CLKS_PER_BIT=${UTF8CORE_BOARD_SIM_CLKS_PER_BIT}
  UTF8CORE_BOARD_IDLE_CLKS=${UTF8CORE_BOARD_SIM_IDLE_CLKS}
  UTF8CORE_BOARD_FIFO_ADDR_WIDTH=${UTF8CORE_BOARD_SIM_FIFO_ADDR_WIDTH})
# -Wno-fatal: the decoder's and encoder's own lint is their tests' job
# (rtl_lint.*); the board modules are linted strictly by boards_lint.* tests.
utf8core_verilate(boards_uart_top_sim
  SOURCES ${UTF8CORE_BOARDS_RTL_DIR}/utf8_uart_top.v
  PREFIX Vutf8_uart_top
  TOP_MODULE utf8_uart_top
  TRACE_FST
  VERILATOR_ARGS -Wall -Wno-fatal --assert
    -y ${UTF8CORE_BOARDS_RTL_DIR} ${UTF8CORE_RTL_Y}
    -GCLK_HZ=${UTF8CORE_BOARD_SIM_CLK_HZ} -GBAUD=${UTF8CORE_BOARD_SIM_BAUD}
    -GIDLE_CLKS=${UTF8CORE_BOARD_SIM_IDLE_CLKS}
    -GFIFO_ADDR_WIDTH=${UTF8CORE_BOARD_SIM_FIFO_ADDR_WIDTH})
