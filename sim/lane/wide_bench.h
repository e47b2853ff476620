// The bench every wide block shares: the input driver (packets come from a
// PacketSource, packet_source.h), and the run loop that steps a Verilated wide block beside
// its cycle model, compares every output every clock and hands what the RTL
// produced to a sink. A wide block adds only its cycle model, a small Block
// description (its name, how its data outputs compare, how an output beat is
// collected) and its sink: see utf8_validator_run.cpp, utf8_wide_decoder_run.cpp,
// utf8_sanitizer_run.cpp.
#ifndef UTF8CORE_SIM_WIDE_BENCH_H_
#define UTF8CORE_SIM_WIDE_BENCH_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "harness.h"
#include "packet_source.h"
#include "rtl_run.h"
#include "utf8_lane_front.h"
#include "utf8_model.h"
#include "wide_rtl.h"

namespace utf8core {
namespace sim {

// Offers packets beat by beat on s_axis with random gaps, holding a beat until
// it is taken, and schedules the resets of aborted packets.
class WideDriver {
 public:
  WideDriver(int lanes, PacketSource* source, const Traffic& traffic, Rng* rng);

  // This cycle's input; `drained` says every earlier packet's output is out.
  // Sets *rst when this cycle is a reset cycle.
  const WideBeatIn& next(bool drained, bool* rst);
  // Called with this cycle's handshake (tvalid && tready as the RTL showed it).
  void taken(bool fire);
  bool done() const { return !have_packet_ && reset_wait_ < 0; }
  // The mode of the packet being offered.
  Mode mode() const { return packet_.mode; }
  // Packets whose every beat was taken and that owe an output (aborted ones owe none).
  uint64_t owed() const { return owed_; }
  // A source that failed to deliver bytes stops the run; this says why.
  const std::string& error() const { return error_; }

 private:
  void Advance();

  int lanes_;
  PacketSource* source_;
  Traffic traffic_;
  Rng* rng_;
  PacketSource::Packet packet_;
  bool have_packet_ = false;
  bool aborts_ = false;
  size_t beat_ = 0;
  bool presenting_ = false;
  int reset_wait_ = -1;  // cycles until the reset of an aborted packet
  uint64_t owed_ = 0;
  std::string error_;
  WideBeatIn idle_;
  WideBeatIn cur_;
};

// What every wide run reports besides what its sink received.
struct WideRunStats {
  bool built = true;     // false: no Verilated model of this block at this lane count
  RunReport report;
  std::array<uint64_t, 6> err_count{};  // at the end of the run (class c at [c - 1])
  uint64_t beats_in = 0;                // input beats taken
  uint64_t beats_out = 0;               // output beats taken
};

// Runs `source`'s packets through the Verilated `Block` beside Block::Model and
// hands the RTL's output to `sink`. Block provides:
//   using Model;                     the cycle model (Inputs, Outputs, tick, outputs)
//   static constexpr char kName[];   the RTL module name
//   static void Compare(const Model::Outputs&, const WideOut&, int lanes, CycleChecker*):
//                                    the data outputs (m_axis_tdata, tuser, tkeep, tlast)
//   static bool Collect(const WideOut&, int lanes, Sink*): an output beat was
//                                    taken; true when it closes a packet's output
// and Sink: Stat(const StatVerdict&) at each stat_valid pulse, Reset() at a reset.
template <class Block, class Sink>
WideRunStats RunWide(int lanes, PacketSource* source, Sink* sink, const RunOptions& opt);

// Compares m_axis_tkeep 64 lanes at a time, the checker's width; the lanes
// above 64 are reported as m_axis_tkeep[127:64].
inline void CheckTkeep(CycleChecker* k, int lanes, const LaneMask& expected,
                       const LaneMask& actual) {
  k->check("m_axis_tkeep", MaskWord(expected, 0), MaskWord(actual, 0));
  if (lanes > 64) k->check("m_axis_tkeep[127:64]", MaskWord(expected, 1), MaskWord(actual, 1));
}

// RunWide on packets held in memory, the output gathered by a Collector (a
// Sink made with a Run*) into a Run (a WideRunStats and what the sink keeps).
// An empty packet is refused: an AXI4-Stream beat carries at least one byte.
template <class Block, class Run, class Collector>
Run RunWidePackets(int lanes, const std::vector<WidePacket>& packets, const RunOptions& opt);

// One packet of bytes in one mode, as RunWidePackets takes it.
inline std::vector<WidePacket> OnePacket(const std::vector<uint8_t>& bytes, Mode mode) {
  return {WidePacket{bytes, mode, -1}};
}

}  // namespace sim
}  // namespace utf8core

#include "wide_bench_impl.h"

#endif  // UTF8CORE_SIM_WIDE_BENCH_H_
