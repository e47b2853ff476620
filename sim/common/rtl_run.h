// Options and report shared by the runners of every RTL block (sim/<block>_run.h):
// each runs its Verilated block beside its cycle model, compares every output
// every cycle, and returns what the RTL produced. The CLI's RTL engine and the
// tests both use them.
#ifndef UTF8CORE_SIM_RTL_RUN_H_
#define UTF8CORE_SIM_RTL_RUN_H_

#include <cstdint>
#include <string>

#include "harness.h"
#include "utf8_model.h"

namespace utf8core {
namespace sim {

struct RunOptions {
  Traffic traffic;         // input gaps / output backpressure; full rate by default
  uint64_t seed = 1;       // for the traffic pattern
  std::string trace_path;  // FST waveform written there when not empty
  int out_units = 0;       // the wide decoder's OUT_UNITS (0: its LANES; other blocks have none)
};

struct RunReport {
  uint64_t cycles = 0;   // clock cycles from the first input beat offered to the last output beat taken
  bool ok = true;        // false: RTL and cycle model disagreed (or the run hung)
  std::string mismatch;  // the first disagreement: cycle, signal, expected, actual, seed
};

// What a block's stat_* ports say about a packet at their stat_valid pulse.
struct StatVerdict {
  bool error = false;
  uint64_t offset = 0;
  ErrorClass cls = ErrorClass::kOk;
  // The string validator's: the first ill-formed string's index and the
  // error's offset inside it, and the ill-formed strings (0 elsewhere).
  uint64_t str_offset = 0;
  uint64_t first_bad = 0;
  uint64_t bad_strings = 0;
  bool operator==(const StatVerdict& o) const {
    return error == o.error && offset == o.offset && cls == o.cls && str_offset == o.str_offset &&
           first_bad == o.first_bad && bad_strings == o.bad_strings;
  }
};

// A run stops as hung after this many clocks with no handshake on any port and
// no status pulse: far above any block's pipeline depth, even under heavy
// backpressure.
constexpr uint64_t kHangCycles = 10000;

}  // namespace sim
}  // namespace utf8core

#endif  // UTF8CORE_SIM_RTL_RUN_H_
