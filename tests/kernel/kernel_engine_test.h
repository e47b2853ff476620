// What the tests of the kernel's two AXI4 engines (utf8_kernel_rd_test.cpp,
// utf8_kernel_wr_test.cpp) share: the seed, random bytes and the memory's
// random fill, a random command's length and address, the run to idle as an
// assertion, the traffic matrix's cases, the tests' names, and the loop of
// random events (commands, abort and reset pulses) held to the cycle model
// that every build passes. Each test file keeps its engine's commands, what
// it checks of them, and its directed tests.
#ifndef UTF8CORE_TESTS_KERNEL_ENGINE_TEST_H_
#define UTF8CORE_TESTS_KERNEL_ENGINE_TEST_H_

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "axi_mem.h"
#include "harness.h"

namespace utf8core {
namespace sim {
namespace engine_test {

// UTF8CORE_SEED, or `fallback`; printed, so that every test shows its seed.
inline uint64_t Seed(uint64_t fallback) {
  const uint64_t s = SeedFromEnv(fallback);
  std::printf("seed %llu\n", static_cast<unsigned long long>(s));
  return s;
}

inline std::vector<uint8_t> RandomBytes(Rng& rng, size_t n) {
  std::vector<uint8_t> b(n);
  for (uint8_t& x : b) x = static_cast<uint8_t>(rng.u64());
  return b;
}

// The memory's window [base, base + size) filled with random bytes.
inline void FillRandom(AxiMem* mem, Rng& rng, uint64_t base, uint64_t size) {
  const std::vector<uint8_t> b = RandomBytes(rng, size);
  mem->Write(base, b.data(), b.size());
}

// A random command's bytes: often 0..4 beats, sometimes none, else up to 20
// KiB (across pages and MAX_BURST); its address anywhere the beats it touches
// stay in the window [base, base + size).
struct Span {
  uint64_t addr;
  uint64_t len;
};
inline Span RandomSpan(Rng& rng, unsigned w, uint64_t base, uint64_t size) {
  const uint32_t kind = rng.below(10);
  uint64_t len;
  if (kind == 0) {
    len = 0;
  } else if (kind < 5) {
    len = rng.below(4 * w + 1);
  } else {
    len = rng.below(20 * 1024 + 1);
  }
  return {base + rng.below(static_cast<uint32_t>(size - len - 2 * w)), len};
}

// Clocks the bench until it is idle; fails at the first disagreement with the
// cycle model or broken rule, or after `limit` clocks.
template <class Bench>
testing::AssertionResult RunsToIdle(Bench& b, uint64_t limit) {
  const bool idle = b.RunUntilIdle(limit);
  if (!b.failure().empty()) return testing::AssertionFailure() << b.failure();
  if (!idle) {
    return testing::AssertionFailure()
           << "hang: not idle after " << limit << " clocks, seed " << b.seed();
  }
  return testing::AssertionSuccess();
}

// A case of the traffic matrix: a width, with or without random stalls on the
// AXI4 side, with or without the stream's own (backpressure on the read
// engine's, gaps in the write engine's).
struct EngineCase {
  unsigned w;
  bool axi_stalls;
  bool stream_stalls;
};

// Every case at the widths.
inline std::vector<EngineCase> Cases(const std::vector<unsigned>& widths) {
  std::vector<EngineCase> v;
  for (unsigned w : widths) {
    for (bool axi : {false, true}) {
      for (bool stream : {false, true}) v.push_back({w, axi, stream});
    }
  }
  return v;
}

// A case's name, "W8_axistall_<stream>" with `stream` the name of the
// stream's stalls.
struct CaseName {
  const char* stream;
  std::string operator()(const testing::TestParamInfo<EngineCase>& i) const {
    return "W" + std::to_string(i.param.w) + (i.param.axi_stalls ? "_axistall" : "_axifree") +
           (i.param.stream_stalls ? "_" + std::string(stream) : "_fullrate");
  }
};

inline std::string WidthName(const testing::TestParamInfo<unsigned>& i) {
  return "W" + std::to_string(i.param);
}

// A build's name: "W8_A64_B16_O8", the last letter the initial of the
// engine's own parameter (kernel_engine_bench.h).
template <class Engine>
std::string BuildName(const testing::TestParamInfo<typename Engine::Params>& i) {
  const typename Engine::Params& p = i.param;
  return "W" + std::to_string(p.data_bytes) + "_A" + std::to_string(p.addr_width) + "_B" +
         std::to_string(p.max_burst) + "_" + Engine::kOwnParam[0] + std::to_string(p.*Engine::kOwn);
}

// Everything at once, with the cycle model as the judge of every clock: for
// 200,000 clocks, `offer` (called every clock) may offer a command (it calls
// Command() and says so), and abort and reset pulse at any clock (idle,
// mid-burst, in the clock a command is taken); then the bench runs to idle.
// The memory's injected errors must have ended at least one command, and it
// must have seen no protocol violation.
template <class Bench, class Offer>
void RandomEvents(Bench& b, Rng& rng, Offer offer) {
  uint64_t commands = 0, aborts = 0, resets = 0, errors = 0;
  bool was_busy = false;
  for (int i = 0; i < 200000; ++i) {
    if (offer()) ++commands;
    const bool abort = rng.chance(0.002);
    const bool reset = rng.chance(0.0005);
    aborts += abort;
    resets += reset;
    b.set_abort(abort);
    b.set_reset(reset);
    b.Clock();
    if (was_busy && !b.busy() && b.error()) ++errors;
    was_busy = b.busy();
    ASSERT_EQ(b.failure(), "");
  }
  b.set_abort(false);
  b.set_reset(false);
  ASSERT_TRUE(RunsToIdle(b, 100000));
  std::printf("%llu commands offered, %llu aborts, %llu resets, %llu ended by an error\n",
              static_cast<unsigned long long>(commands), static_cast<unsigned long long>(aborts),
              static_cast<unsigned long long>(resets), static_cast<unsigned long long>(errors));
  EXPECT_GT(errors, 0u) << "no command met an injected error";
  EXPECT_TRUE(b.mem().violations().empty()) << b.mem().violations().front();
}

}  // namespace engine_test
}  // namespace sim
}  // namespace utf8core

#endif  // UTF8CORE_TESTS_KERNEL_ENGINE_TEST_H_
