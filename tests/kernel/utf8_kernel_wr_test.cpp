// Tests of the kernel's AXI4 write engine (rtl/kernel/utf8_kernel_wr.v), verilated at
// 8 and 64 bytes a beat, beside the AXI4 memory model (sim/kernel/axi_mem.h) through
// sim::KernelWrBench, which holds the RTL to its cycle model
// (model/kernel/utf8_kernel_wr.h) on every output every clock. The memory checks the
// AXI side (INCR, size, alignment, 4 KiB, stable payloads, wlast) and, with
// the write window set to the command's bytes, that no other byte is ever
// strobed; after each command the bytes written are compared with the stream
// and the bytes around them with what was there before. The first
// disagreement with the model fails the test with its clock, signal, expected
// and actual values and seed.
//
// UTF8CORE_SEED replaces the seeds; every test prints the seed it ran with.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "harness.h"
#include "kernel_engine_test.h"
#include "utf8_kernel_wr_bench.h"

namespace utf8core {
namespace sim {
namespace {

using engine_test::RandomBytes;
using engine_test::RunsToIdle;
using engine_test::Seed;

constexpr uint64_t kBase = 0x80000;
constexpr uint64_t kSize = 256 * 1024;
constexpr unsigned kMaxBurst = 16;  // the engine's default, as verilated

void FillRandom(AxiMem* mem, Rng& rng) { engine_test::FillRandom(mem, rng, kBase, kSize); }

std::vector<uint8_t> Snapshot(const AxiMem& mem) {
  std::vector<uint8_t> b(kSize);
  mem.Read(kBase, b.data(), b.size());
  return b;
}

// Lengths and addresses as RandomSpan gives them, random bytes, an empty last
// beat now and then.
WrCommand RandomCommand(Rng& rng, unsigned w) {
  WrCommand c;
  const engine_test::Span span = engine_test::RandomSpan(rng, w, kBase, kSize);
  c.addr = span.addr;
  c.data = RandomBytes(rng, span.len);
  c.empty_last = rng.chance(0.3);
  return c;
}

std::string Describe(const WrCommand& c) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "addr 0x%llx len %zu%s", static_cast<unsigned long long>(c.addr),
                c.data.size(), c.empty_last ? " +empty last" : "");
  return buf;
}

AxiMemConfig MemConfig() {
  AxiMemConfig m;
  m.base = kBase;
  m.size = kSize;
  m.write_latency = 8;
  return m;
}

uint64_t Limit(const WrCommand& c, unsigned w) { return 20000 + 40 * (c.data.size() / w); }

// Memory after a command: [addr, addr + written) holds the stream's first
// bytes, [addr + len, ...) and [..., addr) what `before` held; bytes in
// between (written but not acknowledged) are not looked at.
void CheckMemory(const AxiMem& mem, const std::vector<uint8_t>& before, const WrCommand& c,
                 uint64_t written, uint64_t seed) {
  const std::vector<uint8_t> after = Snapshot(mem);
  const uint64_t lo = c.addr - kBase;
  const uint64_t hi = lo + c.data.size();
  for (uint64_t i = 0; i < kSize; ++i) {
    if (i >= lo && i < lo + written) {
      ASSERT_EQ(after[i], c.data[i - lo])
          << "stream byte " << i - lo << " of " << Describe(c) << ", seed " << seed;
    } else if (i < lo || i >= hi) {
      ASSERT_EQ(after[i], before[i])
          << "byte at 0x" << std::hex << kBase + i << std::dec
          << " outside the stream changed: " << Describe(c) << ", seed " << seed;
    }
  }
}

void RunAndCheck(KernelWrBench& b, const WrCommand& c) {
  const std::vector<uint8_t> before = Snapshot(b.mem());
  b.mem().SetWriteWindow(c.addr, c.addr + c.data.size());
  b.Command(c);
  ASSERT_TRUE(RunsToIdle(b, Limit(c, b.data_bytes()))) << Describe(c);
  ASSERT_FALSE(b.error()) << Describe(c);
  ASSERT_TRUE(b.tlast_taken()) << Describe(c);
  ASSERT_EQ(b.bytes(), c.data.size()) << Describe(c) << ", seed " << b.seed();
  ASSERT_TRUE(b.mem().violations().empty())
      << b.mem().violations().front() << "; " << Describe(c) << ", seed " << b.seed();
  ASSERT_TRUE(b.mem().idle()) << Describe(c);
  CheckMemory(b.mem(), before, c, c.data.size(), b.seed());
}

// ---------------------------------------------------------------------------
// Random commands under the traffic matrix: stalls on AW, W and B, gaps in
// the stream

class KernelWrRandom : public testing::TestWithParam<engine_test::EngineCase> {};

TEST_P(KernelWrRandom, MemoryEqualsStream) {
  const engine_test::EngineCase& p = GetParam();
  const uint64_t seed = Seed(2000 + p.w + 2 * p.axi_stalls + 4 * p.stream_stalls);
  AxiMemConfig m = MemConfig();
  if (p.axi_stalls) m.aw_stall = m.w_stall = m.b_stall = 0.3;
  m.seed = seed;
  KernelWrBench b(p.w, m, seed);
  b.set_stream_gap(p.stream_stalls ? 0.3 : 0);
  Rng rng(seed);
  FillRandom(&b.mem(), rng);
  const int commands = p.w == 8 ? 100 : 150;
  for (int i = 0; i < commands; ++i) {
    RunAndCheck(b, RandomCommand(rng, p.w));
    if (HasFatalFailure()) return;
  }
}

INSTANTIATE_TEST_SUITE_P(Matrix, KernelWrRandom,
                         testing::ValuesIn(engine_test::Cases(KernelWrWidths())),
                         engine_test::CaseName{"gaps"});

// ---------------------------------------------------------------------------
// Directed

class KernelWr : public testing::TestWithParam<unsigned> {};

TEST_P(KernelWr, EveryOffsetAroundOneBeat) {
  const unsigned w = GetParam();
  const uint64_t seed = Seed(21);
  KernelWrBench b(w, MemConfig(), seed);
  Rng rng(seed);
  FillRandom(&b.mem(), rng);
  for (unsigned off = 0; off < w; ++off) {
    for (uint64_t len : {uint64_t{0}, uint64_t{1}, uint64_t{w - off}, uint64_t{w - off + 1},
                         uint64_t{w}, uint64_t{2 * w}, uint64_t{3 * w - 1}}) {
      for (bool empty_last : {false, true}) {
        WrCommand c;
        c.addr = kBase + 4096 - w + off;  // the first beat is a page's last
        c.data = RandomBytes(rng, len);
        c.empty_last = empty_last;
        RunAndCheck(b, c);
        if (HasFatalFailure()) return;
      }
    }
  }
}

// Bursts: full MAX_BURST ones between the first and the last (the memory
// checks pages and wlast), all beats aligned.
TEST_P(KernelWr, Bursts) {
  const unsigned w = GetParam();
  const uint64_t seed = Seed(22);
  KernelWrBench b(w, MemConfig(), seed);
  Rng rng(seed);
  WrCommand c;
  c.addr = kBase + 4096 + 5;
  c.data = RandomBytes(rng, 64 * 1024);
  RunAndCheck(b, c);
  const uint64_t beats = (5 + c.data.size() + w - 1) / w;
  EXPECT_EQ(b.mem().counters().write_beats, beats);
  EXPECT_EQ(b.mem().counters().write_bursts, (beats + kMaxBurst - 1) / kMaxBurst);
}

// The goal: at least 0.95 W bytes a clock when the memory never stalls (256
// KiB here at any alignment; the benchmark measures 1 MiB).
TEST_P(KernelWr, Throughput) {
  const unsigned w = GetParam();
  Rng rng(Seed(23));
  const std::vector<uint8_t> data = RandomBytes(rng, 256 * 1024);
  for (uint64_t off : {uint64_t{0}, uint64_t{3}, uint64_t{w - 1}}) {
    AxiMemConfig m = MemConfig();
    m.size = 512 * 1024;
    KernelWrBench b(w, m, rng.seed());
    WrCommand c;
    c.addr = kBase + off;
    c.data = data;
    b.Command(c);
    ASSERT_TRUE(RunsToIdle(b, 10 * data.size()));
    ASSERT_EQ(b.bytes(), data.size());
    const double rate = static_cast<double>(data.size()) / b.command_clocks();
    std::printf("W=%u offset %llu: %.3f bytes/clock (%.3f W)\n", w,
                static_cast<unsigned long long>(off), rate, rate / w);
    EXPECT_GE(rate, 0.95 * w) << "offset " << off;
  }
}

// A B answered SLVERR or DECERR raises error; the engine finishes the W beats
// of the AWs it issued, waits their B, drops the rest of the stream and goes
// idle; bytes stops before the failed burst and what it counts is in memory.
TEST_P(KernelWr, ErrorResponseStopsAndClears) {
  const unsigned w = GetParam();
  const uint64_t seed = Seed(24);
  for (uint8_t resp : {kAxiSlvErr, kAxiDecErr}) {
    for (bool stalls : {false, true}) {
      AxiMemConfig m = MemConfig();
      if (stalls) m.aw_stall = m.w_stall = m.b_stall = 0.3;
      m.seed = seed;
      KernelWrBench b(w, m, seed);
      b.set_stream_gap(stalls ? 0.3 : 0);
      Rng rng(seed);
      FillRandom(&b.mem(), rng);
      WrCommand c;
      c.addr = kBase + 1000 + rng.below(w);
      c.data = RandomBytes(rng, 12000);
      const uint64_t bad = c.addr + 3000 + rng.below(4000);
      b.mem().InjectWriteError(bad, bad + 1, resp);
      const std::vector<uint8_t> before = Snapshot(b.mem());
      b.mem().SetWriteWindow(c.addr, c.addr + c.data.size());
      b.Command(c);
      ASSERT_TRUE(RunsToIdle(b, 100000)) << "after an error response";
      EXPECT_TRUE(b.error());
      EXPECT_LE(b.bytes(), bad - c.addr);
      EXPECT_TRUE(b.mem().idle()) << "writes left outstanding";
      EXPECT_TRUE(b.mem().violations().empty()) << b.mem().violations().front();
      CheckMemory(b.mem(), before, c, b.bytes(), seed);
      b.mem().ClearErrors();
      RunAndCheck(b, c);
    }
  }
}

TEST_P(KernelWr, OutsideTheWindowIsAnError) {
  const unsigned w = GetParam();
  Rng rng(Seed(25));
  KernelWrBench b(w, MemConfig(), rng.seed());
  WrCommand c;
  c.addr = kBase + kSize - 100;
  c.data = RandomBytes(rng, 300);
  b.Command(c);
  ASSERT_TRUE(RunsToIdle(b, 10000));
  EXPECT_TRUE(b.error());
  EXPECT_EQ(b.bytes(), 100u) << "the bursts up to the window's end (a page's end) are written";
  EXPECT_TRUE(b.mem().idle());
  EXPECT_TRUE(b.mem().violations().empty());
}

// abort at a random clock: the engine goes idle without hanging whether or not
// the stream keeps coming, leaves nothing outstanding at the memory, never
// strobes a byte outside the command's, and what bytes counts is in memory.
TEST_P(KernelWr, AbortMidway) {
  const unsigned w = GetParam();
  const uint64_t seed = Seed(26);
  Rng rng(seed);
  for (int round = 0; round < 40; ++round) {
    AxiMemConfig m = MemConfig();
    if (round % 3 == 0) m.aw_stall = m.w_stall = m.b_stall = 0.3;
    m.seed = seed + round;
    KernelWrBench b(w, m, seed + round);
    b.set_stream_gap(round % 4 < 2 ? 0.3 : 0);
    FillRandom(&b.mem(), rng);
    WrCommand c;
    c.addr = kBase + rng.below(4096);
    c.data = RandomBytes(rng, 2000 + rng.below(16000));
    const std::vector<uint8_t> before = Snapshot(b.mem());
    b.mem().SetWriteWindow(c.addr, c.addr + c.data.size());
    b.Command(c);
    const uint32_t at = rng.below(static_cast<uint32_t>(c.data.size() / w + 80));
    for (uint32_t i = 0; i < at && (b.command_pending() || b.busy()); ++i) b.Clock();
    b.set_abort(true);
    b.Clock();
    b.set_abort(false);
    ASSERT_TRUE(RunsToIdle(b, 20000)) << "after abort, round " << round;
    EXPECT_FALSE(b.error());
    EXPECT_TRUE(b.mem().idle()) << "writes left outstanding, round " << round;
    EXPECT_TRUE(b.mem().violations().empty()) << b.mem().violations().front();
    CheckMemory(b.mem(), before, c, b.bytes(), seed + round);
    if (HasFatalFailure()) return;
    RunAndCheck(b, RandomCommand(rng, w));
    if (HasFatalFailure()) return;
  }
}

// After abort the stream is taken and dropped until its tlast while the engine
// waits for its last B, even with the buffer full of beats no AW will take.
TEST_P(KernelWr, AbortDropsTheStreamUntilTlast) {
  const unsigned w = GetParam();
  const uint64_t seed = Seed(28);
  Rng rng(seed);
  AxiMemConfig m = MemConfig();
  m.w_stall = 0.98;  // the buffer fills
  m.write_latency = 4000;
  m.seed = seed;
  KernelWrBench b(w, m, seed);
  WrCommand c;
  c.addr = kBase + 3;
  c.data = RandomBytes(rng, 128 * w);
  b.Command(c);
  for (int i = 0; i < 200; ++i) b.Clock();
  ASSERT_TRUE(b.busy());
  ASSERT_FALSE(b.tlast_taken());
  const uint64_t left = 128 - b.beats_taken();
  b.set_abort(true);
  b.Clock();
  b.set_abort(false);
  uint64_t clocks = 1;
  while (!b.tlast_taken() && clocks < 20000) {
    b.Clock();
    ++clocks;
  }
  EXPECT_TRUE(b.tlast_taken());
  EXPECT_LE(clocks, left + 4) << "the rest of the stream is taken a beat a clock";
  ASSERT_TRUE(RunsToIdle(b, 20000));
  EXPECT_GT(b.command_clocks(), 4000u) << "busy until the last B";
  EXPECT_TRUE(b.mem().idle());
  EXPECT_TRUE(b.mem().violations().empty());
}

// Reset in the middle of a command (engine and memory together): afterwards
// the engine is idle and the next command runs normally.
TEST_P(KernelWr, ResetMidway) {
  const unsigned w = GetParam();
  const uint64_t seed = Seed(27);
  Rng rng(seed);
  AxiMemConfig m = MemConfig();
  m.aw_stall = m.w_stall = m.b_stall = 0.2;
  KernelWrBench b(w, m, seed);
  b.set_stream_gap(0.2);
  FillRandom(&b.mem(), rng);
  for (int round = 0; round < 30; ++round) {
    WrCommand c;
    c.addr = kBase + rng.below(8192);
    c.data = RandomBytes(rng, 1000 + rng.below(10000));
    b.mem().ClearWriteWindow();
    b.Command(c);
    const uint32_t at = rng.below(static_cast<uint32_t>(c.data.size() / w + 60));
    for (uint32_t i = 0; i < at; ++i) b.Clock();
    b.set_reset(true);
    for (uint32_t i = 0; i <= rng.below(3); ++i) b.Clock();
    b.set_reset(false);
    EXPECT_FALSE(b.busy());
    EXPECT_EQ(b.bytes(), 0u);
    RunAndCheck(b, RandomCommand(rng, w));
    if (HasFatalFailure()) return;
  }
}

INSTANTIATE_TEST_SUITE_P(Widths, KernelWr, testing::ValuesIn(KernelWrWidths()),
                         engine_test::WidthName);

// ---------------------------------------------------------------------------
// Every build (sim/kernel/kernel_axi.cmake): the defaults at each width and corners
// of the parameters, each held to the cycle model at the same parameters

class KernelWrBuild : public testing::TestWithParam<KernelWrParams> {};

// Random commands under stalls on AW, W and B and gaps in the stream.
TEST_P(KernelWrBuild, RandomCommandsUnderStalls) {
  const KernelWrParams& params = GetParam();
  const unsigned w = static_cast<unsigned>(params.data_bytes);
  const uint64_t seed = Seed(30);
  AxiMemConfig m = MemConfig();
  m.aw_stall = m.w_stall = m.b_stall = 0.3;
  m.seed = seed;
  KernelWrBench b(params, m, seed);
  b.set_stream_gap(0.3);
  Rng rng(seed);
  FillRandom(&b.mem(), rng);
  for (int i = 0; i < 40; ++i) {
    RunAndCheck(b, RandomCommand(rng, w));
    if (HasFatalFailure()) return;
  }
}

// Everything at once, with the cycle model as the judge of every clock:
// commands at random clocks, abort and reset pulses at any clock (idle,
// mid-burst, in the clock a command is taken), error responses, gaps in the
// stream, stalls on AW, W and B. A command is offered only while the engine
// is idle, since the bench offers a command's stream from Command() on.
TEST_P(KernelWrBuild, RandomEventsHeldToTheModel) {
  const KernelWrParams& params = GetParam();
  const unsigned w = static_cast<unsigned>(params.data_bytes);
  const uint64_t seed = Seed(29);
  Rng rng(seed);
  AxiMemConfig m = MemConfig();
  m.aw_stall = m.w_stall = m.b_stall = 0.2;
  m.seed = seed;
  KernelWrBench b(params, m, seed);
  b.set_stream_gap(0.3);
  FillRandom(&b.mem(), rng);
  for (uint64_t at = 20000; at < kSize; at += 40000) {
    b.mem().InjectWriteError(kBase + at, kBase + at + 1, at % 80000 ? kAxiSlvErr : kAxiDecErr);
  }
  engine_test::RandomEvents(b, rng, [&] {
    if (b.command_pending() || b.busy() || !rng.chance(0.02)) return false;
    WrCommand c = RandomCommand(rng, w);
    c.data.resize(c.data.size() / 4);  // many short commands
    b.Command(c);
    return true;
  });
}

INSTANTIATE_TEST_SUITE_P(Builds, KernelWrBuild, testing::ValuesIn(KernelWrBuilds()),
                         engine_test::BuildName<KernelWrEngine>);

}  // namespace
}  // namespace sim
}  // namespace utf8core
