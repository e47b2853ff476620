// Wide sanitizer (rtl/stream/utf8_sanitizer.v) tests, for every lane count built: the
// RTL is held to SanitizerCycleModel on every output every cycle (the runner
// stops at the first mismatch and prints cycle, signal, expected, actual, seed),
// and the bytes it gives for each packet, its status pulses and counters are
// checked again against the functional model: UnitsToUtf8(Decode(packet)), what
// `utf8core decode --to utf8` writes. The tests every wide block passes are in
// wide_test_util.h; those here are the sanitizer's own.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "utf8_model.h"
#include "utf8_sanitizer_run.h"
#include "wide_test_util.h"

namespace utf8core {
namespace {

using sim::WidePacket;
using test::Hex;
using test::RandomPacket;

std::vector<uint8_t> Sanitized(const std::vector<uint8_t>& bytes, Mode mode) {
  std::vector<uint8_t> out;
  UnitsToUtf8(Decode(bytes, mode), &out);
  return out;
}

// The first byte where two byte strings differ, for failure messages.
std::string FirstDifference(const std::vector<uint8_t>& got, const std::vector<uint8_t>& want) {
  size_t i = 0;
  while (i < got.size() && i < want.size() && got[i] == want[i]) ++i;
  return "first difference at byte " + std::to_string(i) + " of " + std::to_string(got.size()) +
         " (RTL) / " + std::to_string(want.size()) + " (model)";
}

// The pipeline's fill, in clocks, from the first byte in to the last out at
// full rate: the front end, the roles and counts (the step counts two adder
// levels a clock: a clock more from LANES 16, two from 64), the FIFO, the
// control, the step's prefix count (two levels a clock up to LANES 16, one
// from 32) and compaction (two levels a clock up to LANES 8, one from 16), the
// rotation (two levels a clock up to LANES 8, one from 16), the words' end
// split stage, the ring and the output register. At 5e4c1fb (two levels a clock
// everywhere, no end stages) LANES 16 needed 27, 32 needed 28 and 64 needed
// 32; the rotation a level a clock adds 2, 3, 3 and 4 clocks at LANES 16, 32,
// 64 and 128, the prefix count 2, 2 and 3 at 32, 64 and 128, the compaction
// 2, 3, 3 and 4 at 16, 32, 64 and 128, the words' end split stage one
// everywhere.
uint64_t Fill(int lanes) {
  return lanes >= 128 ? 47 : lanes >= 64 ? 41 : lanes >= 32 ? 37 : lanes >= 16 ? 32 : 26;
}

// The sanitizer as the shared wide-block tests see it.
struct Sanitizer {
  using Run = SanitizerRun;
  static constexpr char kName[] = "utf8_sanitizer";
  static Run Packets(int lanes, const std::vector<WidePacket>& packets,
                     const sim::RunOptions& opt) {
    return RunUtf8SanitizerPackets(lanes, packets, opt);
  }
  static Run One(int lanes, const std::vector<uint8_t>& bytes, Mode mode,
                 const sim::RunOptions& opt) {
    return RunUtf8SanitizerPackets(lanes, sim::OnePacket(bytes, mode), opt);
  }
  static bool OneMatchesModel(const Run& run, const std::vector<uint8_t>& bytes, Mode mode) {
    return run.packets.size() == 1 && run.packets[0] == Sanitized(bytes, mode);
  }
  // Scoreboard: the RTL's bytes per packet, status and counters against the model.
  static void Scoreboard(int lanes, const std::vector<WidePacket>& packets, const Run& run) {
    ASSERT_TRUE(run.report.ok) << run.report.mismatch;
    const test::Kept kept = test::KeptPackets(lanes, packets);
    const size_t n = run.packets.size();
    ASSERT_GE(n, kept.packets.size());
    ASSERT_EQ(run.stats.size(), n);
    for (size_t i = 0; i < kept.packets.size(); ++i) {
      const WidePacket& p = *kept.packets[i];
      const std::vector<Unit> units = Decode(p.bytes, p.mode);
      std::vector<uint8_t> want;
      UnitsToUtf8(units, &want);
      const std::vector<uint8_t>& got = run.packets[n - kept.packets.size() + i];
      ASSERT_TRUE(got == want) << "packet " << i << " [" << ModeName(p.mode) << "] " << Hex(p.bytes)
                               << ": " << FirstDifference(got, want) << "; RTL " << Hex(got)
                               << ", model " << Hex(want);
      const Verdict v = Summarize(units);
      const sim::StatVerdict& s = run.stats[n - kept.packets.size() + i];
      EXPECT_EQ(s.error, !v.valid) << "stat_error of packet " << i;
      EXPECT_EQ(s.offset, v.valid ? 0 : v.first_error_offset) << "stat_err_offset of packet " << i;
      EXPECT_EQ(s.cls, v.valid ? ErrorClass::kOk : v.first_error_class)
          << "stat_err_class of packet " << i;
    }
    for (int c = 0; c < 6; ++c) {
      EXPECT_EQ(run.err_count[c], kept.counts[c])
          << "err_count of " << ClassName(static_cast<ErrorClass>(c + 1));
    }
  }
};

// Well-formed text of code points of every length (both modes' longest in
// annex-r), about n bytes.
std::vector<uint8_t> WellFormed(sim::Rng& rng, Mode mode, size_t n) {
  static const uint32_t kLo[] = {0x0, 0x80, 0x800, 0x10000, 0x200000, 0x4000000};
  static const uint32_t kHi[] = {0x7F, 0x7FF, 0xFFFF, 0x10FFFF, 0x3FFFFFF, 0x7FFFFFFF};
  const uint32_t lengths = mode == Mode::kAnnexR ? 6 : 4;
  std::vector<uint8_t> out;
  uint8_t buf[6];
  while (out.size() < n) {
    const uint32_t len = rng.below(lengths);
    uint32_t cp = kLo[len] + static_cast<uint32_t>(rng.u64() % (uint64_t{kHi[len]} - kLo[len] + 1));
    if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0xE000;
    ErrorClass c;
    const int k = EncodeOne(cp, mode, buf, &c);
    out.insert(out.end(), buf, buf + k);
  }
  return out;
}

class SanitizerTest : public testing::TestWithParam<int> {
 protected:
  int lanes() const { return GetParam(); }
};

TEST_P(SanitizerTest, TrafficMatrixRandomPackets) {
  test::TrafficMatrixRandomPackets<Sanitizer>(
      lanes(), sim::SeedFromEnv(0x5A417400 + static_cast<uint64_t>(lanes())), 50);
}
TEST_P(SanitizerTest, ErrorsAtEveryOffset) { test::ErrorsAtEveryOffset<Sanitizer>(lanes()); }
TEST_P(SanitizerTest, SequencesStraddleBeats) { test::SequencesStraddleBeats<Sanitizer>(lanes()); }
TEST_P(SanitizerTest, PartialBeatsAndOneBytePackets) {
  test::PartialBeatsAndOneBytePackets<Sanitizer>(lanes());
}
TEST_P(SanitizerTest, ResetMidPacket) { test::ResetMidPacket<Sanitizer>(lanes()); }
TEST_P(SanitizerTest, KuhnStressTest) { test::KuhnStressTest<Sanitizer>(lanes()); }

// Output stalled most of the time, on input that expands: the accumulator
// waits, the wide decoder's FIFO fills, its credit withdraws s_axis_tready,
// nothing is lost or duplicated.
TEST_P(SanitizerTest, SustainedBackpressure) {
  sim::Rng rng(sim::SeedFromEnv(6));
  std::vector<WidePacket> packets;
  for (int i = 0; i < 30; ++i) {
    packets.push_back({RandomPacket(rng, Mode::kRfc3629, static_cast<size_t>(3 * lanes() + 5)),
                       Mode::kRfc3629, -1});
  }
  for (double stall : {0.9, 0.5}) {
    const SanitizerRun run = test::RunChecked<Sanitizer>(
        lanes(), packets, {0, stall}, rng.seed(), test::TestName<Sanitizer>(lanes(), "stall"));
    Sanitizer::Scoreboard(lanes(), packets, run);
  }
}

// Error-dense input, where each byte or short error unit leaves as three bytes:
// whole beats of single-byte errors, of two-byte errors, errors between
// multi-byte characters, every error unit length, in both modes, under every
// traffic shape.
TEST_P(SanitizerTest, ExpansionBursts) {
  const int L = lanes();
  const std::vector<std::vector<uint8_t>> kUnits = {{0xFF},
                                                    {0x80},
                                                    {0xC0},
                                                    {0xE2, 0x82},
                                                    {0xF0, 0x9F, 0x98},
                                                    {0xF8, 0x88, 0x80, 0x80},
                                                    {0xFC, 0x84, 0x80, 0x80, 0x80},
                                                    {0xE2, 0x82, 0xAC},
                                                    {0x41}};
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    sim::Rng rng(sim::SeedFromEnv(31) + static_cast<uint64_t>(mode));
    std::vector<WidePacket> packets;
    // One kind of error repeated over several beats, then a burst between text.
    for (size_t u = 0; u + 2 < kUnits.size(); ++u) {
      WidePacket p{{}, mode, -1};
      while (p.bytes.size() < static_cast<size_t>(4 * L + 3))
        p.bytes.insert(p.bytes.end(), kUnits[u].begin(), kUnits[u].end());
      packets.push_back(p);
      WidePacket q{std::vector<uint8_t>(static_cast<size_t>(L), 0x61), mode, -1};
      q.bytes.insert(q.bytes.end(), p.bytes.begin(), p.bytes.end());
      q.bytes.insert(q.bytes.end(), {0xE2, 0x82, 0xAC, 0x7A});
      packets.push_back(q);
    }
    // Random mixes of errors and characters, densest first.
    for (int i = 0; i < 20; ++i) {
      WidePacket p{{}, mode, -1};
      const size_t n = 1 + rng.below(static_cast<uint32_t>(6 * L + 6));
      while (p.bytes.size() < n) {
        const auto& unit =
            kUnits[rng.below(static_cast<uint32_t>(i < 10 ? kUnits.size() - 2 : kUnits.size()))];
        p.bytes.insert(p.bytes.end(), unit.begin(), unit.end());
      }
      packets.push_back(p);
    }
    for (const sim::Traffic t :
         {sim::Traffic{0, 0}, sim::Traffic{0.3, 0.4}, sim::Traffic{0, 0.8}}) {
      const SanitizerRun run = test::RunChecked<Sanitizer>(
          L, packets, t, rng.seed(),
          test::TestName<Sanitizer>(L, std::string("expand_") + t.name() + "_" + ModeName(mode)));
      Sanitizer::Scoreboard(L, packets, run);
    }
  }
}

// An error unit at every offset modulo LANES inside a run of three-byte
// characters, so every lane sees one with multi-byte sequences straddling it,
// several in one beat too.
TEST_P(SanitizerTest, ErrorInTextAtEveryLane) {
  const int L = lanes();
  std::vector<WidePacket> packets;
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    for (int at = 0; at < L + 3; ++at) {
      for (const std::vector<uint8_t>& err :
           {std::vector<uint8_t>{0xFF}, std::vector<uint8_t>{0xE2, 0x82}}) {
        WidePacket p{std::vector<uint8_t>(static_cast<size_t>(at), 0x2E), mode, -1};
        for (int rep = 0; rep < 3; ++rep) {
          p.bytes.insert(p.bytes.end(), err.begin(), err.end());
          p.bytes.insert(p.bytes.end(), {0xE2, 0x82, 0xAC});
        }
        packets.push_back(p);
      }
    }
  }
  const SanitizerRun run = test::RunChecked<Sanitizer>(L, packets, {0.2, 0.3}, 8,
                                                       test::TestName<Sanitizer>(L, "error_lanes"));
  Sanitizer::Scoreboard(L, packets, run);
}

// Line rate on well-formed input: a large packet of text, and one of random
// code points of every length, with the output always ready, take bytes/LANES
// cycles plus the pipeline's fill, the output as many beats as the input.
TEST_P(SanitizerTest, ThroughputWellFormed) {
  const int L = lanes();
  const size_t n = L == 1 ? (128u << 10) : (1u << 20);
  sim::Rng rng(sim::SeedFromEnv(12));
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    for (std::vector<uint8_t> bytes : {test::RepeatedText(n), WellFormed(rng, mode, n)}) {
      // Cut to n bytes; a sequence the cut leaves open is made ASCII.
      bytes.resize(n);
      const Unit end = Decode(bytes, mode).back();
      if (end.cls != ErrorClass::kOk)
        std::fill(bytes.begin() + static_cast<std::ptrdiff_t>(end.offset), bytes.end(), 0x41);
      ASSERT_TRUE(Summarize(Decode(bytes, mode)).valid);
      const SanitizerRun run = Sanitizer::One(L, bytes, mode, sim::RunOptions());
      ASSERT_TRUE(run.report.ok) << run.report.mismatch;
      ASSERT_TRUE(Sanitizer::OneMatchesModel(run, bytes, mode));
      EXPECT_TRUE(run.packets[0] == bytes) << "well-formed input leaves unchanged";
      const uint64_t beats = sim::BeatsOf(n, L);
      EXPECT_EQ(run.beats_out, beats);
      const uint64_t fill = Fill(L);
      EXPECT_LE(run.report.cycles, beats + fill) << "cycles for " << n << " bytes";
      const double per_clock = static_cast<double>(n) / static_cast<double>(run.report.cycles);
      EXPECT_GE(per_clock, L * 0.99) << "bytes per clock";
      testing::Test::RecordProperty("bytes_per_clock_x1000", static_cast<int>(per_clock * 1000));
    }
  }
}

// Error-dense input goes at the output's rate: every byte an error unit, so
// three bytes out per byte in; LANES bytes leave per clock, the input slows to
// a third.
TEST_P(SanitizerTest, ThroughputExpansionAtOutputRate) {
  const int L = lanes();
  const size_t n = L == 1 ? (16u << 10) : (256u << 10);
  sim::Rng rng(sim::SeedFromEnv(13));
  std::vector<uint8_t> bytes(n);
  for (uint8_t& b : bytes)
    b = static_cast<uint8_t>(0x80 + rng.below(0x40));  // lone continuation bytes
  const SanitizerRun run = Sanitizer::One(L, bytes, Mode::kRfc3629, sim::RunOptions());
  ASSERT_TRUE(run.report.ok) << run.report.mismatch;
  ASSERT_TRUE(Sanitizer::OneMatchesModel(run, bytes, Mode::kRfc3629));
  const uint64_t out_beats = sim::BeatsOf(3 * n, L);
  EXPECT_EQ(run.beats_out, out_beats);
  EXPECT_LE(run.report.cycles, out_beats + Fill(L)) << "cycles for " << 3 * n << " bytes out";
}

// Random bytes (1.81 bytes out per byte in, nearly every beat holding an error
// unit) go at half a beat a clock: a beat with an error unit is written in two
// steps of LANES/2 lanes (one step at LANES 1, where the output's byte a clock
// is the bound).
TEST_P(SanitizerTest, ThroughputRandomBytes) {
  const int L = lanes();
  const size_t n = L == 1 ? (16u << 10) : (256u << 10);
  sim::Rng rng(sim::SeedFromEnv(14));
  std::vector<uint8_t> bytes(n);
  for (uint8_t& b : bytes) b = static_cast<uint8_t>(rng.below(256));
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    const SanitizerRun run = Sanitizer::One(L, bytes, mode, sim::RunOptions());
    ASSERT_TRUE(run.report.ok) << run.report.mismatch;
    ASSERT_TRUE(Sanitizer::OneMatchesModel(run, bytes, mode));
    const uint64_t in_clocks = (L == 1 ? 1 : 2) * sim::BeatsOf(n, L);
    const uint64_t out_beats = sim::BeatsOf(run.packets[0].size(), L);
    EXPECT_LE(run.report.cycles, std::max(in_clocks, out_beats) + Fill(L))
        << "cycles for " << n << " bytes in, " << run.packets[0].size() << " out";
    const double per_clock = static_cast<double>(n) / static_cast<double>(run.report.cycles);
    testing::Test::RecordProperty("bytes_per_clock_x1000", static_cast<int>(per_clock * 1000));
  }
}

// Long (label long).
TEST_P(SanitizerTest, LongRandomSweep) { test::LongRandomSweep<Sanitizer>(lanes()); }
TEST_P(SanitizerTest, LongAllTwoBytePackets) { test::LongAllTwoBytePackets<Sanitizer>(lanes()); }

TEST(SanitizerBuild, LaneCountsBuiltAndOthersAbsent) {
  ASSERT_FALSE(sim::WideLaneCounts("utf8_sanitizer").empty());
  const SanitizerRun run =
      RunUtf8SanitizerPackets(3, sim::OnePacket({0x41}, Mode::kRfc3629), sim::RunOptions());
  EXPECT_FALSE(run.built);
  EXPECT_FALSE(run.report.ok);
}

INSTANTIATE_TEST_SUITE_P(Lanes, SanitizerTest,
                         testing::ValuesIn(sim::WideLaneCounts("utf8_sanitizer")), test::LaneName);

}  // namespace
}  // namespace utf8core
