// Runner of the Verilated wide sanitizer (rtl/stream/utf8_sanitizer.v) beside its
// cycle model (model/stream/utf8_sanitizer.h), on the shared wide bench
// (wide_bench.h): packets in, the well-formed UTF-8 the RTL gave out, per packet.
#ifndef UTF8CORE_SIM_UTF8_SANITIZER_RUN_H_
#define UTF8CORE_SIM_UTF8_SANITIZER_RUN_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "rtl_run.h"
#include "utf8_model.h"
#include "wide_bench.h"

namespace utf8core {

// What the sanitizer gives, as it gives it.
class SanitizerSink {
 public:
  virtual ~SanitizerSink() = default;
  virtual void Bytes(const uint8_t* bytes, size_t n) = 0;  // an output beat's kept bytes
  virtual void PacketEnd() = 0;                            // that beat had tlast
  virtual void Stat(const sim::StatVerdict& v) = 0;        // a stat_valid pulse
  // A reset: the bytes since the last PacketEnd belonged to the lost packet.
  virtual void Lost() = 0;

  // Called by the bench at a reset.
  void Reset() { Lost(); }
};

struct SanitizerRun : sim::WideRunStats {
  // Bytes of each packet that reached tlast, in order.
  std::vector<std::vector<uint8_t>> packets;
  std::vector<sim::StatVerdict> stats;  // stat_* at each stat_valid pulse
};

// Any number of packets from `source`, the bytes to `sink`: memory stays
// bounded whatever the packets' length.
sim::WideRunStats RunUtf8SanitizerStream(int lanes, sim::PacketSource* source, SanitizerSink* sink,
                                         const sim::RunOptions& opt);

// Packets held in memory (one: sim::OnePacket), the bytes collected.
SanitizerRun RunUtf8SanitizerPackets(int lanes, const std::vector<sim::WidePacket>& packets,
                                     const sim::RunOptions& opt);

}  // namespace utf8core

#endif  // UTF8CORE_SIM_UTF8_SANITIZER_RUN_H_
