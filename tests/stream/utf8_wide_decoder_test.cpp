// Wide decoder (rtl/stream/utf8_wide_decoder.v) tests, for every lane count built: the
// RTL is held to WideDecoderCycleModel on every output every cycle (the runner
// stops at the first mismatch and prints cycle, signal, expected, actual, seed),
// and the units it packs, its status pulses and counters are checked again
// against the functional model's Decode()/Summarize() of each packet, and
// against the scalar decoder's RTL on the same packets. The tests every wide
// block passes are in wide_test_util.h; those here are the wide decoder's own.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
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
// s_axis_tready, nothing is lost or duplicated.
TEST_P(WideDecoderTest, SustainedBackpressure) {
  sim::Rng rng(sim::SeedFromEnv(6));
  std::vector<WidePacket> packets;
  for (int i = 0; i < 30; ++i) packets.push_back({RandomPacket(rng, Mode::kRfc3629, static_cast<size_t>(3 * lanes() + 5)), Mode::kRfc3629, -1});
  for (double stall : {0.9, 0.5}) {
    const WideDecoderRun run = test::RunChecked<WideDecoder>(lanes(), packets, {0, stall}, rng.seed(), test::TestName<WideDecoder>(lanes(), "stall"));
    WideDecoder::Scoreboard(lanes(), packets, run);
  }
}

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
}

INSTANTIATE_TEST_SUITE_P(Lanes, WideDecoderTest, testing::ValuesIn(sim::WideLaneCounts("utf8_wide_decoder")), test::LaneName);

}  // namespace
}  // namespace utf8core
