// Runner of the Verilated wide validator (rtl/stream/utf8_validator.v) beside its cycle
// model (model/stream/utf8_validator.h), on the shared wide bench (wide_bench.h):
// packets in, and per packet the verdict the RTL gave on m_axis and on stat_*.
#ifndef UTF8CORE_SIM_UTF8_VALIDATOR_RUN_H_
#define UTF8CORE_SIM_UTF8_VALIDATOR_RUN_H_

#include <array>
#include <cstdint>
#include <vector>

#include "rtl_run.h"
#include "utf8_model.h"
#include "wide_bench.h"

namespace utf8core {

// What the validator gives, as it gives it.
class ValidatorSink {
 public:
  virtual ~ValidatorSink() = default;
  virtual void Verdict(const sim::StatVerdict& v) = 0;  // an m_axis beat taken
  virtual void Stat(const sim::StatVerdict& v) = 0;     // a stat_valid pulse
  virtual void Reset() {}
};

struct ValidatorRun : sim::WideRunStats {
  std::vector<sim::StatVerdict> verdicts;  // m_axis beats, in order
  std::vector<sim::StatVerdict> stats;     // stat_* at each stat_valid pulse
};

// Any number of packets from `source`, the output to `sink`: memory stays
// bounded whatever the packets' length.
sim::WideRunStats RunUtf8ValidatorStream(int lanes, sim::PacketSource* source, ValidatorSink* sink,
                                         const sim::RunOptions& opt);

// Packets held in memory (one: sim::OnePacket), the output collected.
ValidatorRun RunUtf8ValidatorPackets(int lanes, const std::vector<sim::WidePacket>& packets,
                                     const sim::RunOptions& opt);

}  // namespace utf8core

#endif  // UTF8CORE_SIM_UTF8_VALIDATOR_RUN_H_
