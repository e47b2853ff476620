# Digilent Arty A7-35T, Xilinx XC7A35TICSG324-1L: pins of rtl/boards/utf8_board_top.v.
# Clock: 100 MHz oscillator on E3 (create_clock below: the core clock constraint).
# UART: FTDI FT2232HQ USB-UART, 8N1 at the board top's BAUD (115200):
#   uart_rxd A9 (FPGA receives, board net uart_txd_in), uart_txd D10 (FPGA transmits, uart_rxd_out).
# LEDs (active high): led_err = LD4 on H5, led_drop = LD5 on J5.
# Pins checked against Digilent/digilent-xdc Arty-A7-35-Master.xdc (Rev. D/E):
# CLK100MHZ E3, uart_txd_in A9, uart_rxd_out D10, led[0] H5, led[1] J5.
set_property -dict { PACKAGE_PIN E3  IOSTANDARD LVCMOS33 } [get_ports { clk }]
create_clock -add -name sys_clk_pin -period 10.00 -waveform {0 5} [get_ports { clk }]

set_property -dict { PACKAGE_PIN A9  IOSTANDARD LVCMOS33 } [get_ports { uart_rxd }]
set_property -dict { PACKAGE_PIN D10 IOSTANDARD LVCMOS33 } [get_ports { uart_txd }]

set_property -dict { PACKAGE_PIN H5  IOSTANDARD LVCMOS33 } [get_ports { led_err }]
set_property -dict { PACKAGE_PIN J5  IOSTANDARD LVCMOS33 } [get_ports { led_drop }]

# The UART pins are asynchronous to the clock (the receiver synchronises uart_rxd);
# the LEDs are for people.
set_false_path -from [get_ports { uart_rxd }]
set_false_path -to [get_ports { uart_txd led_err led_drop }]
