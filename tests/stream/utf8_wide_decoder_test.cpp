// Wide decoder (rtl/stream/utf8_wide_decoder.v) tests, for every lane count built: the
// RTL is held to WideDecoderCycleModel on every output every cycle (the runner
// stops at the first mismatch and prints cycle, signal, expected, actual, seed),
// and the units it packs, its status pulses and counters are checked again
// against the functional model's Decode()/Summarize() of each packet, and
// against the scalar decoder's RTL on the same packets. The tests every wide
// block passes are in wide_test_util.h; those here are the wide decoder's own.
// The narrow builds (OUT_UNITS below LANES, one per lane count that has one)
// run the same tests, and their clocks are held to the bound of OUT_UNITS
// units a clock.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "utf8_decoder_run.h"
#include "utf8_model.h"
#include "utf8_wide_decoder_run.h"
#include "wide_test_util.h"

namespace utf8core {
namespace {

using sim::WidePacket;
using test::Hex;
using test::RandomPacket;

std::string UnitText(const Unit& u) {
  char buf[80];
  std::snprintf(buf, sizeof buf, "@%llu len %u U+%04X %s", static_cast<unsigned long long>(u.offset),
                u.length, u.code_point, ClassName(u.cls));
  return buf;
}

// The wide decoder as the shared wide-block tests see it.
struct WideDecoder {
  using Run = WideDecoderRun;
  static constexpr char kName[] = "utf8_wide_decoder";
  static Run Packets(int lanes, const std::vector<WidePacket>& packets, const sim::RunOptions& opt) {
    return RunUtf8WideDecoderPackets(lanes, packets, opt);
  }
  static Run One(int lanes, const std::vector<uint8_t>& bytes, Mode mode, const sim::RunOptions& opt) {
    return RunUtf8WideDecoderPackets(lanes, sim::OnePacket(bytes, mode), opt);
  }
  static bool OneMatchesModel(const Run& run, const std::vector<uint8_t>& bytes, Mode mode) {
    return run.packets.size() == 1 && run.packets[0] == Decode(bytes, mode);
  }
  // Scoreboard: the RTL's units per packet, status and counters against the model.
  static void Scoreboard(int lanes, const std::vector<WidePacket>& packets, const Run& run) {
    ASSERT_TRUE(run.report.ok) << run.report.mismatch;
    const test::Kept kept = test::KeptPackets(lanes, packets);
    const size_t n = run.packets.size();
    ASSERT_GE(n, kept.packets.size());
    ASSERT_EQ(run.stats.size(), n);
    for (size_t i = 0; i < kept.packets.size(); ++i) {
      const WidePacket& p = *kept.packets[i];
      const std::vector<Unit> want = Decode(p.bytes, p.mode);
      const std::vector<Unit>& got = run.packets[n - kept.packets.size() + i];
      ASSERT_EQ(got.size(), want.size()) << "units of packet " << i << " [" << ModeName(p.mode) << "] " << Hex(p.bytes);
      for (size_t u = 0; u < want.size(); ++u) {
        ASSERT_TRUE(got[u] == want[u]) << "packet " << i << " [" << ModeName(p.mode) << "] " << Hex(p.bytes)
                                       << " unit " << u << ": RTL " << UnitText(got[u]) << ", model "
                                       << UnitText(want[u]);
      }
      const Verdict v = Summarize(want);
      const sim::StatVerdict& s = run.stats[n - kept.packets.size() + i];
      EXPECT_EQ(s.error, !v.valid) << "stat_error of packet " << i;
      EXPECT_EQ(s.offset, v.valid ? 0 : v.first_error_offset) << "stat_err_offset of packet " << i;
      EXPECT_EQ(s.cls, v.valid ? ErrorClass::kOk : v.first_error_class) << "stat_err_class of packet " << i;
    }
    for (int c = 0; c < 6; ++c) {
      EXPECT_EQ(run.err_count[c], kept.counts[c]) << "err_count of " << ClassName(static_cast<ErrorClass>(c + 1));
    }
  }
};

// The narrow build at a lane count: the same tests, with OUT_UNITS.
struct WideDecoderNarrow : WideDecoder {
  static constexpr char kName[] = "utf8_wide_decoder_narrow";
  static int OutUnits(int lanes) { return sim::WideNarrowOutUnits("utf8_wide_decoder", lanes); }
  static Run Packets(int lanes, const std::vector<WidePacket>& packets, const sim::RunOptions& opt) {
    sim::RunOptions o = opt;
    o.out_units = OutUnits(lanes);
    return RunUtf8WideDecoderPackets(lanes, packets, o);
  }
  static Run One(int lanes, const std::vector<uint8_t>& bytes, Mode mode, const sim::RunOptions& opt) {
    return Packets(lanes, sim::OnePacket(bytes, mode), opt);
  }
};

class WideDecoderTest : public testing::TestWithParam<int> {
 protected:
  int lanes() const { return GetParam(); }
};

TEST_P(WideDecoderTest, TrafficMatrixRandomPackets) {
  test::TrafficMatrixRandomPackets<WideDecoder>(lanes(), sim::SeedFromEnv(0xDEC0DE00 + static_cast<uint64_t>(lanes())), 50);
}
TEST_P(WideDecoderTest, ErrorsAtEveryOffset) { test::ErrorsAtEveryOffset<WideDecoder>(lanes()); }
TEST_P(WideDecoderTest, SequencesStraddleBeats) { test::SequencesStraddleBeats<WideDecoder>(lanes()); }
TEST_P(WideDecoderTest, PartialBeatsAndOneBytePackets) { test::PartialBeatsAndOneBytePackets<WideDecoder>(lanes()); }

// Output stalled most of the time: the output FIFO fills, the credit withdraws
// s_axis_tready, nothing is lost or duplicated. Block: WideDecoder or its
// narrow build.
template <class Block>
void SustainedBackpressure(int lanes, uint64_t seed) {
  sim::Rng rng(sim::SeedFromEnv(seed));
  std::vector<WidePacket> packets;
  for (int i = 0; i < 30; ++i) packets.push_back({RandomPacket(rng, Mode::kRfc3629, static_cast<size_t>(3 * lanes + 5)), Mode::kRfc3629, -1});
  for (double stall : {0.9, 0.5}) {
    const WideDecoderRun run = test::RunChecked<Block>(lanes, packets, {0, stall}, rng.seed(), test::TestName<Block>(lanes, "stall"));
    Block::Scoreboard(lanes, packets, run);
  }
}
TEST_P(WideDecoderTest, SustainedBackpressure) { SustainedBackpressure<WideDecoder>(lanes(), 6); }

TEST_P(WideDecoderTest, ResetMidPacket) { test::ResetMidPacket<WideDecoder>(lanes()); }
TEST_P(WideDecoderTest, KuhnStressTest) { test::KuhnStressTest<WideDecoder>(lanes()); }

// The same random packets through the wide RTL, the functional model and the
// scalar decoder's RTL give the same units.
TEST_P(WideDecoderTest, ScalarAndWideAgree) {
  sim::Rng rng(sim::SeedFromEnv(21));
  for (int i = 0; i < 12; ++i) {
    const Mode mode = i % 2 ? Mode::kAnnexR : Mode::kRfc3629;
    const std::vector<uint8_t> bytes = RandomPacket(rng, mode, 300);
    sim::RunOptions opt;
    opt.seed = rng.seed() + static_cast<uint64_t>(i);
    opt.traffic = {0.2, 0.2};
    const WideDecoderRun wide = RunUtf8WideDecoderPackets(lanes(), sim::OnePacket(bytes, mode), opt);
    ASSERT_TRUE(wide.report.ok) << wide.report.mismatch;
    ASSERT_EQ(wide.packets.size(), 1u);
    EXPECT_EQ(wide.packets[0], Decode(bytes, mode)) << Hex(bytes);
    const DecoderRun scalar = RunUtf8Decoder(bytes, mode, opt);
    ASSERT_TRUE(scalar.report.ok) << scalar.report.mismatch;
    EXPECT_EQ(wide.packets[0], scalar.units) << "wide vs scalar RTL on " << Hex(bytes);
    ASSERT_EQ(wide.stats.size(), 1u);
    EXPECT_TRUE(scalar.stat_seen);
    EXPECT_EQ(wide.stats[0].error, scalar.stat_error);
    EXPECT_EQ(wide.stats[0].offset, scalar.stat_err_offset);
    EXPECT_EQ(wide.stats[0].cls, scalar.stat_err_class);
    const Verdict v = Summarize(Decode(bytes, mode));
    for (int c = 0; c < 6; ++c) EXPECT_EQ(wide.err_count[c], v.counts.n[c + 1]);
  }
}

TEST_P(WideDecoderTest, ThroughputOneBeatPerClock) { test::ThroughputOneBeatPerClock<WideDecoder>(lanes()); }

// Long (label long).
TEST_P(WideDecoderTest, LongRandomSweep) { test::LongRandomSweep<WideDecoder>(lanes()); }
TEST_P(WideDecoderTest, LongAllTwoBytePackets) { test::LongAllTwoBytePackets<WideDecoder>(lanes()); }

TEST(WideDecoderBuild, LaneCountsBuiltAndOthersAbsent) {
  ASSERT_FALSE(sim::WideLaneCounts("utf8_wide_decoder").empty());
  const WideDecoderRun run = RunUtf8WideDecoderPackets(3, sim::OnePacket({0x41}, Mode::kRfc3629), sim::RunOptions());
  EXPECT_FALSE(run.built);
  EXPECT_FALSE(run.report.ok);
  // an OUT_UNITS not built at a lane count that is
  sim::RunOptions opt;
  opt.out_units = 3;
  const WideDecoderRun odd = RunUtf8WideDecoderPackets(8, sim::OnePacket({0x41}, Mode::kRfc3629), opt);
  EXPECT_FALSE(odd.built);
  EXPECT_FALSE(odd.report.ok);
}

INSTANTIATE_TEST_SUITE_P(Lanes, WideDecoderTest, testing::ValuesIn(sim::WideLaneCounts("utf8_wide_decoder")), test::LaneName);

// ---------------------------------------------------------------------------
// Narrow builds: the output repacked to OUT_UNITS units a beat

class WideDecoderNarrowTest : public testing::TestWithParam<int> {
 protected:
  int lanes() const { return GetParam(); }
  int out_units() const { return WideDecoderNarrow::OutUnits(lanes()); }
};

using Narrow = WideDecoderNarrow;

TEST_P(WideDecoderNarrowTest, TrafficMatrixRandomPackets) {
  test::TrafficMatrixRandomPackets<Narrow>(lanes(), sim::SeedFromEnv(0xDEC0DE80 + static_cast<uint64_t>(lanes())), 40);
}
TEST_P(WideDecoderNarrowTest, ErrorsAtEveryOffset) { test::ErrorsAtEveryOffset<Narrow>(lanes()); }
TEST_P(WideDecoderNarrowTest, SequencesStraddleBeats) { test::SequencesStraddleBeats<Narrow>(lanes()); }
TEST_P(WideDecoderNarrowTest, PartialBeatsAndOneBytePackets) { test::PartialBeatsAndOneBytePackets<Narrow>(lanes()); }
TEST_P(WideDecoderNarrowTest, ResetMidPacket) { test::ResetMidPacket<Narrow>(lanes()); }
TEST_P(WideDecoderNarrowTest, KuhnStressTest) { test::KuhnStressTest<Narrow>(lanes()); }

TEST_P(WideDecoderNarrowTest, SustainedBackpressure) { SustainedBackpressure<Narrow>(lanes(), 7); }

// The bound: a run takes at most 1.05 x the sum over its input beats
// of max(1, units ending in the beat / OUT_UNITS) clocks, plus the pipeline's
// fill (the clocks a one-byte packet takes from its beat to its unit) and the
// packet's last output beat, which need not be full. Text (ASCII and
// multilingual), random bytes, all C0, every unit two or four bytes, and
// beats of OUT_UNITS + 1 units each (the worst case for beat-by-beat slicing).
TEST_P(WideDecoderNarrowTest, ClocksWithinOutUnitsBound) {
  const int lanes = this->lanes();
  const int out = out_units();
  ASSERT_GT(out, 0);
  const size_t n = 64u << 10;
  sim::Rng rng(sim::SeedFromEnv(13));
  const WideDecoderRun one = Narrow::One(lanes, {0x41}, Mode::kRfc3629, sim::RunOptions());
  ASSERT_TRUE(one.report.ok) << one.report.mismatch;
  const uint64_t fill = one.report.cycles;
  std::vector<std::pair<std::string, std::vector<uint8_t>>> inputs;
  inputs.emplace_back("ascii", std::vector<uint8_t>(n, 'a'));
  inputs.emplace_back("text", test::RepeatedText(n));
  inputs.emplace_back("random", test::RandomBytes(rng, n));
  inputs.emplace_back("c0", std::vector<uint8_t>(n, 0xC0));
  std::vector<uint8_t> two, four, sparse;
  while (two.size() < n) two.insert(two.end(), {0xC3, 0xA9});
  while (four.size() < n) four.insert(four.end(), {0xF0, 0x9F, 0x98, 0x80});
  // out + 1 units in every beat, each 1 to 4 bytes (fits where
  // out + 1 <= LANES <= 4 (out + 1), as at every narrow build)
  {
    const int k = out + 1;
    const uint8_t seq[5][4] = {{0}, {0x61}, {0xC3, 0xA9}, {0xE2, 0x82, 0xAC}, {0xF0, 0x9F, 0x98, 0x80}};
    ASSERT_TRUE(k <= lanes && lanes <= 4 * k);
    while (sparse.size() < n) {
      for (int u = 0; u < k; ++u) {
        const int len = lanes / k + (u < lanes % k ? 1 : 0);
        sparse.insert(sparse.end(), seq[len], seq[len] + len);
      }
    }
  }
  inputs.emplace_back("two_byte", two);
  inputs.emplace_back("four_byte", four);
  inputs.emplace_back("out_plus_one", sparse);
  for (const auto& [name, bytes] : inputs) {
    SCOPED_TRACE(name);
    const WideDecoderRun run = Narrow::One(lanes, bytes, Mode::kRfc3629, sim::RunOptions());
    ASSERT_TRUE(run.report.ok) << run.report.mismatch;
    const std::vector<Unit> units = Decode(bytes, Mode::kRfc3629);
    ASSERT_EQ(run.packets.size(), 1u);
    ASSERT_EQ(run.packets[0], units);
    // units ending in each beat
    std::vector<uint64_t> ends(sim::BeatsOf(bytes.size(), lanes), 0);
    for (const Unit& u : units) ++ends[(u.offset + u.length - 1) / static_cast<uint64_t>(lanes)];
    double sum = 0;
    for (uint64_t e : ends) sum += std::max(1.0, static_cast<double>(e) / out);
    const double bound = 1.05 * sum + static_cast<double>(fill) + 1;
    EXPECT_LE(static_cast<double>(run.report.cycles), bound)
        << run.report.cycles << " clocks, sum " << sum << ", fill " << fill;
    testing::Test::RecordProperty("clocks_" + name, static_cast<int>(run.report.cycles));
    testing::Test::RecordProperty("bound_x100_" + name, static_cast<int>(bound * 100));
  }
}

// Long (label long).
TEST_P(WideDecoderNarrowTest, LongRandomSweep) { test::LongRandomSweep<Narrow>(lanes()); }

INSTANTIATE_TEST_SUITE_P(Narrow, WideDecoderNarrowTest,
                         testing::ValuesIn(sim::WideNarrowLaneCounts("utf8_wide_decoder")), test::LaneName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(WideDecoderNarrowTest);

}  // namespace
}  // namespace utf8core
