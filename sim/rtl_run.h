// Options and report shared by the one-packet runners of the RTL blocks
// (sim/<block>_run.h): each runs its Verilated block beside its cycle model on one
// packet, compares every output every cycle, and returns what the RTL produced.
// The CLI's RTL engine and the tests both use them.
#ifndef UTF8CORE_SIM_RTL_RUN_H_
#define UTF8CORE_SIM_RTL_RUN_H_

#include <cstdint>
#include <string>

#include "harness.h"

namespace utf8core {
namespace sim {

struct RunOptions {
  Traffic traffic;          // input gaps / output backpressure; full rate by default
  uint64_t seed = 1;        // for the traffic pattern
  std::string trace_path;   // FST waveform written there when not empty
};

struct RunReport {
  uint64_t cycles = 0;      // clock cycles from the first input beat offered to the last output beat taken
  bool ok = true;           // false: RTL and cycle model disagreed (or the run hung)
  std::string mismatch;     // the first disagreement: cycle, signal, expected, actual, seed
};

}  // namespace sim
}  // namespace utf8core

#endif  // UTF8CORE_SIM_RTL_RUN_H_
