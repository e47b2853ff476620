// Bit-level models of the host side of a serial line (8N1), for the board demo's
// end-to-end simulation: UartSender drives the FPGA's receive pin one clock at a time,
// UartReceiver samples its transmit pin. Both count in FPGA clock cycles, so a test
// can run the line at a baud rate slightly off the board's (clks_per_bit need not be
// an integer) to check the receiver's tolerance.
#ifndef UTF8CORE_SIM_BOARDS_UART_MODEL_H_
#define UTF8CORE_SIM_BOARDS_UART_MODEL_H_

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

namespace utf8core {
namespace sim {

class UartSender {
 public:
  explicit UartSender(double clks_per_bit) : clks_per_bit_(clks_per_bit) {}

  void Queue(const uint8_t* data, size_t n) { queue_.insert(queue_.end(), data, data + n); }
  void Queue(const std::vector<uint8_t>& v) { Queue(v.data(), v.size()); }

  // True when nothing is queued and no frame is on the line.
  bool idle() const { return !busy_ && queue_.empty(); }
  // The line level for the current clock cycle.
  int level() const { return level_; }

  // Moves to the next clock cycle. Frames follow each other back to back, the
  // way a USB-UART bridge sends a buffer.
  void Tick() {
    if (!busy_) {
      if (queue_.empty()) {
        level_ = 1;
        return;
      }
      frame_ =
          static_cast<uint16_t>(0x200 | (queue_.front() << 1));  // start 0, data LSB first, stop 1
      queue_.pop_front();
      busy_ = true;
      t_ = 0;
    }
    // Bit k covers cycles [k * clks_per_bit, (k + 1) * clks_per_bit) of the frame.
    const int bit = static_cast<int>(std::floor(t_ / clks_per_bit_));
    if (bit >= 10) {
      busy_ = false;
      Tick();
      return;
    }
    level_ = (frame_ >> bit) & 1;
    t_ += 1.0;
  }

 private:
  double clks_per_bit_;
  std::deque<uint8_t> queue_;
  bool busy_ = false;
  uint16_t frame_ = 0;
  double t_ = 0;
  int level_ = 1;
};

class UartReceiver {
 public:
  explicit UartReceiver(int clks_per_bit) : clks_per_bit_(clks_per_bit) {}

  // Called once per clock cycle with the line level of that cycle.
  void Sample(int level) {
    ++cycle_;
    if (level == 0) last_low_cycle_ = cycle_;
    if (!busy_) {
      if (level == 0 && prev_ == 1) {
        busy_ = true;
        t_ = 0;
      }
      prev_ = level;
      return;
    }
    prev_ = level;
    ++t_;
    // Sample every bit in its middle: bit k at cycle clks_per_bit/2 + k*clks_per_bit.
    const int rel = t_ - clks_per_bit_ / 2;
    if (rel < 0 || rel % clks_per_bit_ != 0) return;
    const int bit = rel / clks_per_bit_;
    if (bit == 0) {
      if (level != 0) {  // a glitch, not a start bit
        ++framing_errors_;
        busy_ = false;
      }
      shift_ = 0;
    } else if (bit <= 8) {
      shift_ |= static_cast<uint8_t>(level << (bit - 1));
    } else {
      if (level == 1) {
        bytes_.push_back(shift_);
      } else {
        ++framing_errors_;
      }
      busy_ = false;
    }
  }

  const std::vector<uint8_t>& bytes() const { return bytes_; }
  uint64_t framing_errors() const { return framing_errors_; }
  bool busy() const { return busy_; }
  // Cycles since the line was last low (a start or data bit).
  uint64_t quiet_cycles() const { return cycle_ - last_low_cycle_; }

 private:
  int clks_per_bit_;
  std::vector<uint8_t> bytes_;
  uint64_t framing_errors_ = 0;
  uint64_t cycle_ = 0;
  uint64_t last_low_cycle_ = 0;
  bool busy_ = false;
  int prev_ = 1;
  int t_ = 0;
  uint8_t shift_ = 0;
};

}  // namespace sim
}  // namespace utf8core

#endif  // UTF8CORE_SIM_BOARDS_UART_MODEL_H_
