// Runner of the Verilated wide decoder beside its cycle model
// (model/utf8_wide_decoder.h): drives packets through both with the same
// stimulus (input gaps, output backpressure, resets mid-packet), compares every
// output every cycle and returns the units the RTL produced, per packet.
#ifndef UTF8CORE_SIM_UTF8_WIDE_DECODER_RUN_H_
#define UTF8CORE_SIM_UTF8_WIDE_DECODER_RUN_H_

#include <array>
#include <cstdint>
#include <vector>

#include "rtl_run.h"
#include "utf8_model.h"
#include "utf8_validator_run.h"

namespace utf8core {

struct WideDecoderRun {
  bool built = true;                        // false: no Verilated model for this lane count
  sim::RunReport report;
  // Units of each packet that reached tlast, in order; offsets are rebuilt from
  // the unit lengths (the RTL does not send them).
  std::vector<std::vector<Unit>> packets;
  std::vector<ValidatorVerdict> stats;      // stat_* at each stat_valid pulse
  std::array<uint64_t, 6> err_count{};      // at the end of the run (class c at [c - 1])
  uint64_t beats_in = 0;                    // input beats taken
  uint64_t beats_out = 0;                   // output beats taken
};

// Lane counts with a Verilated wide decoder in this build.
std::vector<int> WideDecoderLaneCounts();

WideDecoderRun RunUtf8WideDecoderPackets(int lanes, const std::vector<sim::WidePacket>& packets,
                                         const sim::RunOptions& opt);

// The one-packet runner the CLI and the tests use.
WideDecoderRun RunUtf8WideDecoder(int lanes, const std::vector<uint8_t>& bytes, Mode mode,
                                  const sim::RunOptions& opt);

}  // namespace utf8core

#endif  // UTF8CORE_SIM_UTF8_WIDE_DECODER_RUN_H_
