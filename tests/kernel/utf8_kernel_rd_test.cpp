// Tests of the kernel's AXI4 read engine (rtl/kernel/utf8_kernel_rd.v), verilated at
// 8 and 64 bytes a beat, beside the AXI4 memory model (sim/kernel/axi_mem.h) through
// sim::KernelRdBench, which holds the RTL to its cycle model
// (model/kernel/utf8_kernel_rd.h) on every output every clock and checks every
// stream beat (tkeep contiguous, only the last partial, tlast once, a beat
// held until taken); the memory checks the AXI side (INCR, size, alignment,
// 4 KiB, stable payloads). Each command's stream is compared byte for byte
// with the held bytes and the memory. The first disagreement with the model
// fails the test with its clock, signal, expected and actual values and seed.
//
// UTF8CORE_SEED replaces the seeds; every test prints the seed it ran with.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "harness.h"
#include "kernel_engine_test.h"
#include "utf8_kernel_rd_bench.h"

namespace utf8core {
namespace sim {
namespace {

using engine_test::RunsToIdle;
using engine_test::Seed;

constexpr uint64_t kBase = 0x40000;
constexpr uint64_t kSize = 256 * 1024;
constexpr unsigned kMaxBurst = 16;  // the engine's default parameters, as verilated
constexpr unsigned kOutstanding = 8;

void FillRandom(AxiMem* mem, Rng& rng) { engine_test::FillRandom(mem, rng, kBase, kSize); }

std::vector<uint8_t> Expected(const AxiMem& mem, const RdCommand& c) {
  std::vector<uint8_t> e = c.held;
  std::vector<uint8_t> m(c.len);
  mem.Read(c.addr, m.data(), m.size());
  e.insert(e.end(), m.begin(), m.end());
  return e;
}

// Lengths and addresses as RandomSpan gives them, and 0..5 held bytes.
RdCommand RandomCommand(Rng& rng, unsigned w) {
  RdCommand c;
  const engine_test::Span span = engine_test::RandomSpan(rng, w, kBase, kSize);
  c.addr = span.addr;
  c.len = span.len;
  const unsigned held = rng.chance(0.3) ? 0 : rng.below(6);
  for (unsigned i = 0; i < held; ++i) c.held.push_back(static_cast<uint8_t>(rng.u64()));
  return c;
}

std::string Describe(const RdCommand& c) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "addr 0x%llx len %llu held %zu",
                static_cast<unsigned long long>(c.addr), static_cast<unsigned long long>(c.len),
                c.held.size());
  return buf;
}

AxiMemConfig MemConfig(unsigned latency = 64) {
  AxiMemConfig m;
  m.base = kBase;
  m.size = kSize;
  m.read_latency = latency;
  return m;
}

uint64_t Limit(const RdCommand& c, unsigned w) { return 20000 + 40 * (c.len / w); }

// Runs one command to the end and checks it completely.
void RunAndCheck(KernelRdBench& b, const RdCommand& c) {
  const std::vector<uint8_t> want = Expected(b.mem(), c);
  b.Command(c);
  ASSERT_TRUE(RunsToIdle(b, Limit(c, b.data_bytes()))) << Describe(c);
  ASSERT_FALSE(b.error()) << Describe(c);
  ASSERT_EQ(b.stream().size(), want.size()) << Describe(c) << ", seed " << b.seed();
  for (size_t i = 0; i < want.size(); ++i) {
    ASSERT_EQ(b.stream()[i], want[i])
        << "byte " << i << " of " << Describe(c) << ", seed " << b.seed();
  }
  const uint64_t w = b.data_bytes();
  EXPECT_EQ(b.beats(), (want.size() + w - 1) / w) << Describe(c);
  EXPECT_EQ(b.got_tlast(), !want.empty()) << Describe(c);
  if (c.len == 0) {
    EXPECT_EQ(b.ar_count(), 0u) << Describe(c);
  }
  ASSERT_TRUE(b.mem().idle()) << Describe(c);
  ASSERT_TRUE(b.mem().violations().empty()) << b.mem().violations().front() << "; " << Describe(c);
}

// ---------------------------------------------------------------------------
// Random commands under the traffic matrix: stalls on AR and R (with a
// shorter latency), backpressure on the stream

class KernelRdRandom : public testing::TestWithParam<engine_test::EngineCase> {};

TEST_P(KernelRdRandom, StreamsEqualMemory) {
  const engine_test::EngineCase& p = GetParam();
  const uint64_t seed = Seed(1000 + p.w + 2 * p.axi_stalls + 4 * p.stream_stalls);
  AxiMemConfig m = MemConfig(p.axi_stalls ? 12 : 64);
  if (p.axi_stalls) {
    m.ar_stall = 0.3;
    m.r_stall = 0.3;
  }
  m.seed = seed;
  KernelRdBench b(p.w, m, seed);
  b.set_stream_stall(p.stream_stalls ? 0.3 : 0);
  Rng rng(seed);
  FillRandom(&b.mem(), rng);
  const int commands = p.w == 8 ? 150 : 250;
  for (int i = 0; i < commands; ++i) {
    const RdCommand c = RandomCommand(rng, p.w);
    RunAndCheck(b, c);
    if (HasFatalFailure()) return;
  }
}

INSTANTIATE_TEST_SUITE_P(Matrix, KernelRdRandom,
                         testing::ValuesIn(engine_test::Cases(KernelRdWidths())),
                         engine_test::CaseName{"backpressure"});

// ---------------------------------------------------------------------------
// Directed

class KernelRd : public testing::TestWithParam<unsigned> {};

TEST_P(KernelRd, EveryOffsetAndHeldCountAroundOneBeat) {
  const unsigned w = GetParam();
  const uint64_t seed = Seed(7);
  KernelRdBench b(w, MemConfig(3), seed);
  Rng rng(seed);
  FillRandom(&b.mem(), rng);
  for (unsigned off = 0; off < w; ++off) {
    for (unsigned held = 0; held <= 5; ++held) {
      for (uint64_t len : {uint64_t{0}, uint64_t{1}, uint64_t{w - off}, uint64_t{w - off + 1},
                           uint64_t{2 * w}, uint64_t{3 * w - 1}}) {
        RdCommand c;
        c.addr = kBase + 4096 - w + off;  // the first beat is a page's last
        c.len = len;
        for (unsigned i = 0; i < held; ++i) c.held.push_back(static_cast<uint8_t>(0xC0 + i));
        RunAndCheck(b, c);
        if (HasFatalFailure()) return;
      }
    }
  }
}

TEST_P(KernelRd, NothingToReadIsBriefAndSilent) {
  const unsigned w = GetParam();
  KernelRdBench b(w, MemConfig(), Seed(3));
  RdCommand c;
  c.addr = kBase + 5;
  b.Command(c);
  ASSERT_TRUE(RunsToIdle(b, 10));
  EXPECT_LE(b.command_clocks(), 3u);
  EXPECT_EQ(b.beats(), 0u);
  EXPECT_EQ(b.ar_count(), 0u);
  EXPECT_EQ(b.mem().counters().read_bursts, 0u);
}

TEST_P(KernelRd, HeldBytesAloneMakeOneBeat) {
  const unsigned w = GetParam();
  KernelRdBench b(w, MemConfig(), Seed(4));
  RdCommand c;
  c.addr = kBase + 5;
  c.held = {0xE2, 0x82, 0xAC, 0xF0, 0x9F};
  RunAndCheck(b, c);
  EXPECT_EQ(b.beats(), 1u);
  EXPECT_EQ(b.mem().counters().read_bursts, 0u);
}

// Bursts never exceed MAX_BURST (the memory checks pages), and with 64 clocks
// of latency several are in flight, never more than OUTSTANDING.
TEST_P(KernelRd, BurstsAndOutstanding) {
  const unsigned w = GetParam();
  KernelRdBench b(w, MemConfig(64), Seed(5));
  RdCommand c;
  c.addr = kBase + 100;
  c.len = 64 * 1024;
  RunAndCheck(b, c);
  const uint64_t beats = (100 % w + c.len + w - 1) / w;
  EXPECT_EQ(b.mem().counters().read_beats, beats);
  EXPECT_GE(b.mem().counters().read_bursts, (beats + kMaxBurst - 1) / kMaxBurst);
  EXPECT_GE(b.mem().counters().max_reads_outstanding, 5u);
  EXPECT_LE(b.mem().counters().max_reads_outstanding, kOutstanding);
}

// The goal the defaults are chosen for: 64 clocks of latency, no stalls, at
// least 0.95 W bytes a clock at any alignment (256 KiB here; the benchmark
// measures 1 MiB).
TEST_P(KernelRd, ThroughputHidesLatency) {
  const unsigned w = GetParam();
  for (uint64_t off : {uint64_t{0}, uint64_t{3}, uint64_t{w - 1}}) {
    AxiMemConfig m = MemConfig(64);
    m.size = 512 * 1024;
    KernelRdBench b(w, m, Seed(6));
    RdCommand c;
    c.addr = kBase + off;
    c.len = 256 * 1024;
    b.Command(c);
    ASSERT_TRUE(RunsToIdle(b, 10 * c.len));
    ASSERT_EQ(b.stream().size(), c.len);
    const double rate = static_cast<double>(c.len) / b.command_clocks();
    std::printf("W=%u offset %llu: %.3f bytes/clock (%.3f W)\n", w,
                static_cast<unsigned long long>(off), rate, rate / w);
    EXPECT_GE(rate, 0.95 * w) << "offset " << off;
  }
}

// An SLVERR or DECERR beat raises error; the engine drains what is due and
// goes idle, the stream stops without tlast, and what it gave is a prefix of
// the expected bytes. The next command clears error and runs normally.
TEST_P(KernelRd, ErrorResponseStopsAndClears) {
  const unsigned w = GetParam();
  const uint64_t seed = Seed(8);
  for (uint8_t resp : {kAxiSlvErr, kAxiDecErr}) {
    for (bool stalls : {false, true}) {
      AxiMemConfig m = MemConfig(20);
      if (stalls) m.ar_stall = m.r_stall = 0.3;
      KernelRdBench b(w, m, seed);
      b.set_stream_stall(stalls ? 0.3 : 0);
      Rng rng(seed);
      FillRandom(&b.mem(), rng);
      RdCommand c;
      c.addr = kBase + 1000 + rng.below(w);
      c.len = 12000;
      c.held = {1, 2};
      const uint64_t bad = c.addr + 3000 + rng.below(4000);
      b.mem().InjectReadError(bad, bad + 1, resp);
      const std::vector<uint8_t> want = Expected(b.mem(), c);
      b.Command(c);
      ASSERT_TRUE(RunsToIdle(b, 100000)) << "after an error response";
      EXPECT_TRUE(b.error());
      EXPECT_FALSE(b.got_tlast());
      ASSERT_LT(b.stream().size(), want.size());
      EXPECT_LE(b.stream().size(), bad - c.addr + c.held.size());
      EXPECT_TRUE(std::equal(b.stream().begin(), b.stream().end(), want.begin()));
      EXPECT_TRUE(b.mem().idle()) << "R beats left outstanding";
      EXPECT_TRUE(b.mem().violations().empty());
      b.mem().ClearErrors();
      RunAndCheck(b, c);
    }
  }
}

TEST_P(KernelRd, OutsideTheWindowIsAnError) {
  const unsigned w = GetParam();
  KernelRdBench b(w, MemConfig(10), Seed(9));
  RdCommand c;
  c.addr = kBase + kSize - 100;
  c.len = 300;
  b.Command(c);
  ASSERT_TRUE(RunsToIdle(b, 10000));
  EXPECT_TRUE(b.error());
  EXPECT_TRUE(b.mem().idle());
  EXPECT_TRUE(b.mem().violations().empty());
}

// abort at a random clock: no beat after it, idle without hanging, nothing
// left outstanding at the memory, and the next command runs normally.
TEST_P(KernelRd, AbortMidway) {
  const unsigned w = GetParam();
  const uint64_t seed = Seed(10);
  Rng rng(seed);
  for (int round = 0; round < 40; ++round) {
    AxiMemConfig m = MemConfig(round % 2 ? 64 : 15);
    if (round % 3 == 0) m.ar_stall = m.r_stall = 0.3;
    m.seed = seed + round;
    KernelRdBench b(w, m, seed + round);
    b.set_stream_stall(round % 4 < 2 ? 0.3 : 0);
    FillRandom(&b.mem(), rng);
    RdCommand c;
    c.addr = kBase + rng.below(4096);
    c.len = 2000 + rng.below(16000);
    const std::vector<uint8_t> want = Expected(b.mem(), c);
    b.Command(c);
    const uint32_t at = rng.below(static_cast<uint32_t>(c.len / w + 80));
    for (uint32_t i = 0; i < at && (b.command_pending() || b.busy()); ++i) b.Clock();
    b.set_abort(true);
    b.Clock();
    b.set_abort(false);
    ASSERT_TRUE(RunsToIdle(b, 20000)) << "after abort, round " << round;
    EXPECT_EQ(b.beats_after_abort(), 0u) << "round " << round;
    EXPECT_FALSE(b.error());
    EXPECT_TRUE(std::equal(b.stream().begin(), b.stream().end(), want.begin()));
    EXPECT_TRUE(b.mem().idle()) << "R beats left outstanding, round " << round;
    EXPECT_TRUE(b.mem().violations().empty()) << b.mem().violations().front();
    RunAndCheck(b, RandomCommand(rng, w));
  }
}

// Reset in the middle of a command (engine and memory together): afterwards
// the engine is idle and the next command runs normally.
TEST_P(KernelRd, ResetMidway) {
  const unsigned w = GetParam();
  const uint64_t seed = Seed(11);
  Rng rng(seed);
  AxiMemConfig m = MemConfig(30);
  m.ar_stall = m.r_stall = 0.2;
  KernelRdBench b(w, m, seed);
  b.set_stream_stall(0.2);
  FillRandom(&b.mem(), rng);
  for (int round = 0; round < 30; ++round) {
    RdCommand c;
    c.addr = kBase + rng.below(8192);
    c.len = 1000 + rng.below(10000);
    b.Command(c);
    const uint32_t at = rng.below(static_cast<uint32_t>(c.len / w + 60));
    for (uint32_t i = 0; i < at; ++i) b.Clock();
    b.set_reset(true);
    for (uint32_t i = 0; i <= rng.below(3); ++i) b.Clock();
    b.set_reset(false);
    EXPECT_FALSE(b.busy());
    RunAndCheck(b, RandomCommand(rng, w));
    if (HasFatalFailure()) return;
  }
}

INSTANTIATE_TEST_SUITE_P(Widths, KernelRd, testing::ValuesIn(KernelRdWidths()),
                         engine_test::WidthName);

// ---------------------------------------------------------------------------
// Every build (sim/kernel/kernel_axi.cmake): the defaults at each width and corners
// of the parameters, each held to the cycle model at the same parameters

class KernelRdBuild : public testing::TestWithParam<KernelRdParams> {};

// Random commands under stalls on AR and R and backpressure on the stream.
TEST_P(KernelRdBuild, RandomCommandsUnderStalls) {
  const KernelRdParams& params = GetParam();
  const unsigned w = static_cast<unsigned>(params.data_bytes);
  const uint64_t seed = Seed(13);
  AxiMemConfig m = MemConfig(12);
  m.ar_stall = m.r_stall = 0.3;
  m.seed = seed;
  KernelRdBench b(params, m, seed);
  b.set_stream_stall(0.3);
  Rng rng(seed);
  FillRandom(&b.mem(), rng);
  for (int i = 0; i < 60; ++i) {
    RunAndCheck(b, RandomCommand(rng, w));
    if (HasFatalFailure()) return;
  }
}

// Everything at once, with the cycle model as the judge of every clock:
// commands offered at random clocks, also while the engine is busy, abort and
// reset pulses at any clock (idle, mid-burst, in the clock a command is
// taken), error responses, stalls on AR, R and the stream.
TEST_P(KernelRdBuild, RandomEventsHeldToTheModel) {
  const KernelRdParams& params = GetParam();
  const unsigned w = static_cast<unsigned>(params.data_bytes);
  const uint64_t seed = Seed(12);
  Rng rng(seed);
  AxiMemConfig m = MemConfig(20);
  m.ar_stall = m.r_stall = 0.2;
  m.seed = seed;
  KernelRdBench b(params, m, seed);
  b.set_stream_stall(0.3);
  FillRandom(&b.mem(), rng);
  for (uint64_t at = 20000; at < kSize; at += 40000) {
    b.mem().InjectReadError(kBase + at, kBase + at + 1, at % 80000 ? kAxiSlvErr : kAxiDecErr);
  }
  engine_test::RandomEvents(b, rng, [&] {
    if (b.command_pending() || !rng.chance(0.01)) return false;
    RdCommand c = RandomCommand(rng, w);
    c.len /= 4;  // many short commands
    b.Command(c);
    return true;
  });
}

INSTANTIATE_TEST_SUITE_P(Builds, KernelRdBuild, testing::ValuesIn(KernelRdBuilds()),
                         engine_test::BuildName<KernelRdEngine>);

}  // namespace
}  // namespace sim
}  // namespace utf8core
