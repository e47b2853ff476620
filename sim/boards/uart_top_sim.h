// End-to-end simulation of the board demo: the Verilated utf8_uart_top between two
// bit-level UART models (uart_model.h), as a host on the other end of the USB-UART
// bridge would see it. The clock is a small multiple of the baud rate so that a
// simulation of many kilobytes stays fast; the design only knows clocks per bit.
#ifndef UTF8CORE_SIM_BOARDS_UART_TOP_SIM_H_
#define UTF8CORE_SIM_BOARDS_UART_TOP_SIM_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "uart_model.h"
#include "utf8_model.h"

class VerilatedContext;
class Vutf8_uart_top;

namespace utf8core {
namespace sim {

// The parameters utf8_uart_top is verilated with (sim/boards/boards.cmake passes the same
// numbers to Verilator and to this code).
struct BoardSimParams {
  static constexpr int kClksPerBit = UTF8CORE_BOARD_CLKS_PER_BIT;
  static constexpr uint64_t kIdleClks = UTF8CORE_BOARD_IDLE_CLKS;
  static constexpr int kFifoDepth = 1 << UTF8CORE_BOARD_FIFO_ADDR_WIDTH;
};

class UartTopSim {
 public:
  // sender_speed > 1 makes the host send faster than the board's baud rate (e.g.
  // 1.02 = 2 % fast). trace_name: FST wave name when UTF8CORE_TRACE is set.
  UartTopSim(bool echo, Mode mode, double sender_speed = 1.0, const std::string& trace_name = "");
  ~UartTopSim();

  // Sends the bytes back to back and returns once they are all on the line.
  void Send(const std::vector<uint8_t>& bytes);
  // Holds rst high for a few cycles (the serial lines keep running).
  void Reset();
  // Runs until the board has said everything it will say: its transmit line has
  // been idle for longer than the packet idle timeout plus a few characters.
  // Returns false if it is still talking after max_cycles.
  bool Settle(uint64_t max_cycles = 200000000);

  const std::vector<uint8_t>& received() const { return rx_.bytes(); }
  uint64_t framing_errors() const { return rx_.framing_errors(); }
  uint64_t drop_count() const;
  bool stat_error() const;
  uint64_t cycles() const { return cycles_; }

 private:
  void Cycle();

  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Vutf8_uart_top> top_;
  struct Wave;
  std::unique_ptr<Wave> wave_;
  UartSender tx_;
  UartReceiver rx_;
  uint64_t cycles_ = 0;
  uint64_t last_send_cycle_ = 0;
};

}  // namespace sim
}  // namespace utf8core

#endif  // UTF8CORE_SIM_BOARDS_UART_TOP_SIM_H_
