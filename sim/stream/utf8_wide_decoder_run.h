// Runner of the Verilated wide decoder (rtl/stream/utf8_wide_decoder.v) beside its
// cycle model (model/stream/utf8_wide_decoder.h), on the shared wide bench
// (wide_bench.h): packets in, the units the RTL packed out, per packet.
#ifndef UTF8CORE_SIM_UTF8_WIDE_DECODER_RUN_H_
#define UTF8CORE_SIM_UTF8_WIDE_DECODER_RUN_H_

#include <cstdint>
#include <vector>

#include "rtl_run.h"
#include "utf8_model.h"
#include "wide_bench.h"

namespace utf8core {

// What the wide decoder gives, as it gives it. Offsets are rebuilt from the
// unit lengths (the RTL does not send them), counted from each packet's start.
class WideDecoderSink {
 public:
  virtual ~WideDecoderSink() = default;
  virtual void Units(const Unit* units, size_t n) = 0;  // an output beat's units
  virtual void PacketEnd() = 0;                         // that beat had tlast
  virtual void Stat(const sim::StatVerdict& v) = 0;     // a stat_valid pulse
  // A reset: the units since the last PacketEnd belonged to the lost packet.
  virtual void Lost() = 0;

  // Called by the bench: a reset, and where the next unit starts in its packet.
  void Reset() {
    next_offset = 0;
    Lost();
  }
  uint64_t next_offset = 0;
};

struct WideDecoderRun : sim::WideRunStats {
  // Units of each packet that reached tlast, in order.
  std::vector<std::vector<Unit>> packets;
  std::vector<sim::StatVerdict> stats;  // stat_* at each stat_valid pulse
};

// Any number of packets from `source`, the units to `sink`: memory stays
// bounded whatever the packets' length.
sim::WideRunStats RunUtf8WideDecoderStream(int lanes, sim::PacketSource* source, WideDecoderSink* sink,
                                           const sim::RunOptions& opt);

// Packets held in memory (one: sim::OnePacket), the units collected.
WideDecoderRun RunUtf8WideDecoderPackets(int lanes, const std::vector<sim::WidePacket>& packets,
                                         const sim::RunOptions& opt);

}  // namespace utf8core

#endif  // UTF8CORE_SIM_UTF8_WIDE_DECODER_RUN_H_
