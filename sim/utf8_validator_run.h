// Runner of the Verilated wide validator beside its cycle model
// (model/utf8_validator.h): drives a list of packets through both with the
// same stimulus (input gaps, output backpressure, resets mid-packet), compares
// every output every cycle and returns what the RTL produced. Also the pieces
// the wide decoder's runner shares: packets, the input driver, port access.
#ifndef UTF8CORE_SIM_UTF8_VALIDATOR_RUN_H_
#define UTF8CORE_SIM_UTF8_VALIDATOR_RUN_H_

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

#include "rtl_run.h"
#include "utf8_model.h"
#include "utf8_validator.h"

namespace utf8core {
namespace sim {

// One packet for a wide block.
struct WidePacket {
  std::vector<uint8_t> bytes;  // at least one byte
  Mode mode = Mode::kRfc3629;
  // >= 0: only this many beats are sent, then the block is reset (the packet is
  // lost, as a reset mid-packet loses it). Earlier packets are drained first.
  int abort_after_beats = -1;
};

// Offers packets beat by beat on s_axis with random gaps, holding a beat until
// it is taken, and schedules the resets of aborted packets.
class WideDriver {
 public:
  WideDriver(int lanes, const std::vector<WidePacket>& packets, const Traffic& traffic, Rng* rng)
      : lanes_(lanes), packets_(packets), traffic_(traffic), rng_(rng) {}

  // This cycle's input; `drained` says every earlier packet's output is out.
  // Sets *rst when this cycle is a reset cycle.
  WideBeatIn next(bool drained, bool* rst);
  // Called with this cycle's handshake (tvalid && tready as the RTL showed it).
  void taken(bool fire);
  bool done() const { return pkt_ >= packets_.size() && reset_wait_ < 0; }
  size_t packet() const { return pkt_; }

 private:
  int lanes_;
  const std::vector<WidePacket>& packets_;
  Traffic traffic_;
  Rng* rng_;
  size_t pkt_ = 0;
  size_t beat_ = 0;
  bool presenting_ = false;
  bool was_last_ = false;
  int reset_wait_ = -1;  // cycles until the reset of an aborted packet
  WideBeatIn cur_;
};

// Number of beats a packet of n bytes takes.
inline size_t BeatsOf(size_t n, int lanes) { return (n + lanes - 1) / lanes; }

// Port access for Verilated ports of any width (integral up to 64 bits, VlWide above).
template <class T, std::enable_if_t<std::is_integral<T>::value, int> = 0>
void SetPortBytes(T& port, const std::vector<uint8_t>& bytes) {
  uint64_t v = 0;
  for (size_t k = 0; k < bytes.size() && k < sizeof(T); ++k) v |= uint64_t{bytes[k]} << (8 * k);
  port = static_cast<T>(v);
}
template <class W, std::enable_if_t<!std::is_integral<W>::value, int> = 0>
void SetPortBytes(W& port, const std::vector<uint8_t>& bytes) {
  const size_t words = sizeof(port.m_storage) / sizeof(port.m_storage[0]);
  for (size_t w = 0; w < words; ++w) {
    uint32_t v = 0;
    for (size_t k = 0; k < 4; ++k) {
      const size_t i = 4 * w + k;
      if (i < bytes.size()) v |= uint32_t{bytes[i]} << (8 * k);
    }
    port.m_storage[w] = v;
  }
}
template <class T, std::enable_if_t<std::is_integral<T>::value, int> = 0>
uint64_t PortBits(const T& port, int lsb, int width) {
  const uint64_t v = static_cast<uint64_t>(port) >> lsb;
  return width >= 64 ? v : v & ((uint64_t{1} << width) - 1);
}
template <class W, std::enable_if_t<!std::is_integral<W>::value, int> = 0>
uint64_t PortBits(const W& port, int lsb, int width) {
  uint64_t v = 0;
  for (int b = 0; b < width; ++b) {
    const int i = lsb + b;
    v |= uint64_t{(port.m_storage[i / 32] >> (i % 32)) & 1u} << b;
  }
  return v;
}

}  // namespace sim

struct ValidatorVerdict {
  bool error = false;
  uint64_t offset = 0;
  ErrorClass cls = ErrorClass::kOk;
  bool operator==(const ValidatorVerdict& o) const {
    return error == o.error && offset == o.offset && cls == o.cls;
  }
};

struct ValidatorRun {
  bool built = true;                       // false: no Verilated model for this lane count
  sim::RunReport report;
  std::vector<ValidatorVerdict> verdicts;  // m_axis beats, in order
  std::vector<ValidatorVerdict> stats;     // stat_* at each stat_valid pulse
  std::array<uint64_t, 6> err_count{};     // at the end of the run (class c at [c - 1])
  uint64_t beats_in = 0;                   // input beats taken
};

// Lane counts with a Verilated validator in this build.
std::vector<int> ValidatorLaneCounts();

ValidatorRun RunUtf8ValidatorPackets(int lanes, const std::vector<sim::WidePacket>& packets,
                                     const sim::RunOptions& opt);

// The one-packet runner the CLI and the tests use.
ValidatorRun RunUtf8Validator(int lanes, const std::vector<uint8_t>& bytes, Mode mode,
                                   const sim::RunOptions& opt);

}  // namespace utf8core

#endif  // UTF8CORE_SIM_UTF8_VALIDATOR_RUN_H_
