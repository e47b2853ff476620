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
class CycleChecker {
 public:
  CycleChecker(std::string block, uint64_t seed) : block_(std::move(block)), seed_(seed) {}

  void set_cycle(uint64_t c) { cycle_ = c; }
  uint64_t cycle() const { return cycle_; }

  bool check(const char* signal, uint64_t expected, uint64_t actual) {
    if (expected == actual) return true;
    if (mismatches_++ == 0) {
      std::ostringstream m;
      m << block_ << ": mismatch at cycle " << cycle_ << " on " << signal << ": expected (model) 0x"
        << std::hex << expected << ", actual (RTL) 0x" << actual << std::dec << ", seed " << seed_;
      message_ = m.str();
    }
    return false;
  }
  // For ports wider than 64 bits, given as 32-bit words, least significant first.
  bool check_words(const char* signal, const uint32_t* expected, const uint32_t* actual, int words) {
    for (int w = 0; w < words; ++w) {
      if (expected[w] != actual[w]) {
        std::string s = std::string(signal) + "[word " + std::to_string(w) + "]";
        return check(s.c_str(), expected[w], actual[w]);
      }
    }
    return true;
  }

  bool ok() const { return mismatches_ == 0; }
  uint64_t mismatches() const { return mismatches_; }
  const std::string& message() const { return message_; }

 private:
  std::string block_;
  uint64_t seed_;
  uint64_t cycle_ = 0;
  uint64_t mismatches_ = 0;
  std::string message_;
};

}  // namespace sim
}  // namespace utf8core

#endif  // UTF8CORE_SIM_HARNESS_H_
