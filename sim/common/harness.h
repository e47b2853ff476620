// Pieces shared by every RTL-versus-cycle-model testbench: a seeded random source
// whose seed is always reported, traffic shaping (input gaps, output backpressure)
// and the per-cycle comparator that reports the first mismatch.
#ifndef UTF8CORE_SIM_HARNESS_H_
#define UTF8CORE_SIM_HARNESS_H_

#include <cstdint>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>

namespace utf8core {
namespace sim {

// UTF8CORE_SEED in the environment replaces the default, so a failure printed
// with its seed can be run again exactly.
inline uint64_t SeedFromEnv(uint64_t fallback) {
  const char* s = std::getenv("UTF8CORE_SEED");
  return s ? std::strtoull(s, nullptr, 0) : fallback;
}

class Rng {
 public:
  explicit Rng(uint64_t seed) : seed_(seed), gen_(seed) {}
  uint64_t seed() const { return seed_; }
  uint64_t u64() { return gen_(); }
  uint32_t below(uint32_t n) { return n ? static_cast<uint32_t>(gen_() % n) : 0; }
  bool chance(double p) { return p > 0 && std::uniform_real_distribution<double>(0, 1)(gen_) < p; }

 private:
  uint64_t seed_;
  std::mt19937_64 gen_;
};

// Where a wave named `name` (no extension) should go: $UTF8CORE_TRACE/name.fst,
// or "" when UTF8CORE_TRACE is unset or empty (no wave).
inline std::string TracePath(const std::string& name) {
  const char* dir = std::getenv("UTF8CORE_TRACE");
  if (dir == nullptr || *dir == '\0') return "";
  std::string d(dir);
  if (d.back() != '/') d += '/';
  return d + name + ".fst";
}

// A file name made of anything (test names with '/' or spaces) that stays one path component.
inline std::string SafeName(std::string s) {
  for (char& c : s) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '-' || c == '_' || c == '.';
    if (!ok) c = '_';
  }
  return s;
}

// How the testbench shapes traffic: probability of an idle input cycle (a gap)
// and of a cycle with the output not ready (backpressure).
struct Traffic {
  double gap = 0.0;
  double stall = 0.0;
  const char* name() const {
    if (gap > 0 && stall > 0) return "gaps+backpressure";
    if (gap > 0) return "gaps";
    if (stall > 0) return "backpressure";
    return "full-rate";
  }
};

// Holds the first mismatch between the cycle model (expected) and the RTL
// (actual). Later mismatches are only counted: the first one is the story.
// Called for every output every clock, so a match costs one compare and the
// message (with the signal's name) is built only for the first mismatch.
class CycleChecker {
 public:
  CycleChecker(std::string block, uint64_t seed) : block_(std::move(block)), seed_(seed) {}

  void set_cycle(uint64_t c) { cycle_ = c; }
  uint64_t cycle() const { return cycle_; }

  bool check(const char* signal, uint64_t expected, uint64_t actual) {
    if (expected == actual) return true;
    Mismatch(signal, -1, expected, actual);
    return false;
  }
  // One lane of a per-lane port: reported as "signal[lane k]".
  bool check_lane(const char* signal, int lane, uint64_t expected, uint64_t actual) {
    if (expected == actual) return true;
    Mismatch(signal, lane, expected, actual);
    return false;
  }

  bool ok() const { return mismatches_ == 0; }
  uint64_t mismatches() const { return mismatches_; }
  const std::string& message() const { return message_; }

 private:
  void Mismatch(const char* signal, int lane, uint64_t expected, uint64_t actual) {
    if (mismatches_++ != 0) return;
    std::ostringstream m;
    m << block_ << ": mismatch at cycle " << cycle_ << " on " << signal;
    if (lane >= 0) m << "[lane " << lane << "]";
    m << ": expected (model) 0x" << std::hex << expected << ", actual (RTL) 0x" << actual
      << std::dec << ", seed " << seed_;
    message_ = m.str();
  }

  std::string block_;
  uint64_t seed_;
  uint64_t cycle_ = 0;
  uint64_t mismatches_ = 0;
  std::string message_;
};

// Names of the six error counters as the benches report them, class c at [c - 1].
inline const char* ErrCountName(int c) {
  static const char* const kNames[6] = {"err_count[TOO_SHORT]", "err_count[TOO_LONG]",
                                        "err_count[OVERLONG]",  "err_count[SURROGATE]",
                                        "err_count[TOO_LARGE]", "err_count[HEADER_BITS]"};
  return kNames[c];
}

}  // namespace sim
}  // namespace utf8core

#endif  // UTF8CORE_SIM_HARNESS_H_
