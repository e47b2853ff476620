// Wide validator (rtl/stream/utf8_validator.v) tests, for every lane count built: the
// RTL is held to ValidatorCycleModel on every output every cycle (the runner
// stops at the first mismatch and prints cycle, signal, expected, actual, seed),
// and its verdicts, status pulses and counters are checked again against the
// functional model's Decode()/Summarize() and Validate() of each packet. The
// tests every wide block passes are in wide_test_util.h; those here are the
// validator's own.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "utf8_model.h"
#include "utf8_validator_run.h"
#include "wide_test_util.h"

namespace utf8core {
namespace {

using sim::WidePacket;
using test::Hex;
using test::RandomPacket;

sim::StatVerdict Expected(const WidePacket& p) {
  const Verdict v = Summarize(Decode(p.bytes, p.mode));
  sim::StatVerdict e;
  e.error = !v.valid;
  e.offset = v.valid ? 0 : v.first_error_offset;
  e.cls = v.valid ? ErrorClass::kOk : v.first_error_class;
  return e;
}

// The validator as the shared wide-block tests see it.
struct Validator {
  using Run = ValidatorRun;
  static constexpr char kName[] = "utf8_validator";
  static Run Packets(int lanes, const std::vector<WidePacket>& packets, const sim::RunOptions& opt) {
    return RunUtf8ValidatorPackets(lanes, packets, opt);
  }
  static Run One(int lanes, const std::vector<uint8_t>& bytes, Mode mode, const sim::RunOptions& opt) {
    return RunUtf8ValidatorPackets(lanes, sim::OnePacket(bytes, mode), opt);
  }
  static bool OneMatchesModel(const Run& run, const std::vector<uint8_t>& bytes, Mode mode) {
    return run.verdicts.size() == 1 && run.verdicts[0] == Expected({bytes, mode, -1});
  }
  // Scoreboard: the RTL's verdicts, status and counters against the functional model.
  static void Scoreboard(int lanes, const std::vector<WidePacket>& packets, const Run& run) {
    ASSERT_TRUE(run.report.ok) << run.report.mismatch;
    const test::Kept kept = test::KeptPackets(lanes, packets);
    const size_t n = run.verdicts.size();
    ASSERT_GE(n, kept.packets.size());
    ASSERT_EQ(run.stats.size(), n);
    for (size_t i = 0; i < kept.packets.size(); ++i) {
      const WidePacket& p = *kept.packets[i];
      const sim::StatVerdict e = Expected(p);
      const sim::StatVerdict& got = run.verdicts[n - kept.packets.size() + i];
      EXPECT_TRUE(got == e) << "packet " << i << " [" << ModeName(p.mode) << "] " << Hex(p.bytes)
                            << ": RTL error=" << got.error << " offset=" << got.offset
                            << " class=" << ClassName(got.cls) << ", model error=" << e.error
                            << " offset=" << e.offset << " class=" << ClassName(e.cls);
      EXPECT_TRUE(run.stats[n - kept.packets.size() + i] == e) << "stat_* of packet " << i;
      // The fast path of the model must agree with the definition too.
      const Verdict fast = Validate(p.bytes.data(), p.bytes.size(), p.mode);
      EXPECT_EQ(fast.valid, !e.error);
      if (!fast.valid) {
        EXPECT_EQ(fast.first_error_offset, e.offset);
      }
    }
    for (int c = 0; c < 6; ++c) {
      EXPECT_EQ(run.err_count[c], kept.counts[c]) << "err_count of " << ClassName(static_cast<ErrorClass>(c + 1));
    }
  }
};

ValidatorRun RunChecked(int lanes, const std::vector<WidePacket>& packets, const sim::Traffic& t,
                        uint64_t seed, const std::string& name) {
  return test::RunChecked<Validator>(lanes, packets, t, seed, name);
}
void Scoreboard(int lanes, const std::vector<WidePacket>& packets, const ValidatorRun& run) {
  Validator::Scoreboard(lanes, packets, run);
}

class ValidatorTest : public testing::TestWithParam<int> {
 protected:
  int lanes() const { return GetParam(); }
  std::string Name(const std::string& what) const { return test::TestName<Validator>(lanes(), what); }
};

TEST_P(ValidatorTest, TrafficMatrixRandomPackets) {
  test::TrafficMatrixRandomPackets<Validator>(lanes(), sim::SeedFromEnv(0x5EED0000 + static_cast<uint64_t>(lanes())), 60);
}

// Packets of both modes back to back: the mode is taken with each first beat.
TEST_P(ValidatorTest, ModeSwitchesPerPacket) {
  const uint64_t seed = sim::SeedFromEnv(77);
  sim::Rng rng(seed);
  std::vector<WidePacket> packets;
  for (int i = 0; i < 80; ++i) {
    WidePacket p;
    p.mode = rng.chance(0.5) ? Mode::kAnnexR : Mode::kRfc3629;
    p.bytes = RandomPacket(rng, Mode::kAnnexR, static_cast<size_t>(2 * lanes() + 8));
    packets.push_back(p);
  }
  const ValidatorRun run = RunChecked(lanes(), packets, {0.2, 0.2}, seed, Name("modes"));
  Scoreboard(lanes(), packets, run);
}

TEST_P(ValidatorTest, ErrorsAtEveryOffset) { test::ErrorsAtEveryOffset<Validator>(lanes()); }

// Every lead with a second-byte range narrower than 80..BF, followed by every
// continuation byte (and a byte on each side of the range), at every offset
// modulo LANES: the check's lead and next byte lie in one beat, or the lead in
// the history and the next byte in lane 0, or the next byte is the look-ahead.
TEST_P(ValidatorTest, SecondByteRangesAtEveryOffset) {
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    std::vector<WidePacket> packets;
    for (uint8_t lead : {0xE0, 0xED, 0xF0, 0xF4, 0xF8, 0xFC}) {
      for (int second = 0x7F; second <= 0xC0; ++second) {
        for (int pre = 0; pre < lanes() + 6; ++pre) {
          WidePacket p;
          p.mode = mode;
          p.bytes.assign(static_cast<size_t>(pre), 0x2E);
          p.bytes.insert(p.bytes.end(), {lead, static_cast<uint8_t>(second), 0x7A});
          packets.push_back(p);
        }
      }
    }
    const ValidatorRun run = RunChecked(lanes(), packets, {0.1, 0.1}, 5, Name(std::string("second_") + ModeName(mode)));
    Scoreboard(lanes(), packets, run);
  }
}

TEST_P(ValidatorTest, SequencesStraddleBeats) { test::SequencesStraddleBeats<Validator>(lanes()); }

TEST_P(ValidatorTest, PartialBeatsAndOneBytePackets) { test::PartialBeatsAndOneBytePackets<Validator>(lanes()); }

// Back-to-back 1-byte packets with the output stalled: the verdict queue fills,
// s_axis_tready drops and nothing is lost.
TEST_P(ValidatorTest, SustainedBackpressure) {
  std::vector<WidePacket> packets;
  for (int i = 0; i < 200; ++i) packets.push_back({{static_cast<uint8_t>(i % 2 ? 0x80 : 0x41)}, Mode::kRfc3629, -1});
  const ValidatorRun run = RunChecked(lanes(), packets, {0, 0.9}, 6, Name("stall"));
  Scoreboard(lanes(), packets, run);
}

// Back-to-back 1-byte packets with the output always ready: one is taken every
// clock. Each packet holds a verdict credit from its acceptance until its
// verdict is taken, and ready needs fewer than QUEUE-3 owed two clocks before,
// so this holds only while the pipeline is shorter than that; with a deeper
// one s_axis_tready would drop every few packets.
TEST_P(ValidatorTest, OneBytePacketsEveryClock) {
  std::vector<WidePacket> packets;
  for (int i = 0; i < 400; ++i) packets.push_back({{static_cast<uint8_t>(i % 3 ? 0x41 : 0xC3)}, Mode::kRfc3629, -1});
  const ValidatorRun run = RunChecked(lanes(), packets, {0, 0}, 14, Name("ones"));
  Scoreboard(lanes(), packets, run);
  // The constant is the pipeline's fill, first beat to last verdict.
  EXPECT_LE(run.report.cycles, packets.size() + 20) << "cycles for " << packets.size() << " packets";
}

TEST_P(ValidatorTest, ResetMidPacket) { test::ResetMidPacket<Validator>(lanes()); }

// The first error far into a long packet: the front end counts beats in two
// halves (rtl/lane/utf8_lane_front.v), the low one (32 - log2 LANES) / 2 bits wide,
// whose carry steps the high one. An error in the first beat after the low half
// wraps, and one further on, are reported at the right offset only if the
// carry came on time.
TEST_P(ValidatorTest, ErrorOffsetPastTheCounterCarry) {
  int log_lanes = 0;
  while ((1 << log_lanes) < lanes()) ++log_lanes;
  const size_t wrap = static_cast<size_t>(lanes()) << ((32 - log_lanes) / 2);
  std::vector<WidePacket> packets;
  std::vector<size_t> at;
  for (const size_t e : {wrap + 1, wrap + wrap / 2 + 3, 3 * wrap - 1}) {
    WidePacket p{std::vector<uint8_t>(e + 2 * static_cast<size_t>(lanes()) + 1, 'a'), Mode::kRfc3629, -1};
    p.bytes[e] = 0xE0;
    p.bytes[e + 1] = 0x80;
    packets.push_back(p);
    at.push_back(e);
  }
  const ValidatorRun run = RunChecked(lanes(), packets, {0, 0}, 13, Name("far"));
  Scoreboard(lanes(), packets, run);
  ASSERT_EQ(run.verdicts.size(), at.size());
  for (size_t i = 0; i < at.size(); ++i) EXPECT_EQ(run.verdicts[i].offset, at[i]) << "packet " << i;
}

TEST_P(ValidatorTest, KuhnStressTest) { test::KuhnStressTest<Validator>(lanes()); }

TEST_P(ValidatorTest, ThroughputOneBeatPerClock) { test::ThroughputOneBeatPerClock<Validator>(lanes()); }

// Long (label long).
TEST_P(ValidatorTest, LongRandomSweep) { test::LongRandomSweep<Validator>(lanes()); }
TEST_P(ValidatorTest, LongAllTwoBytePackets) { test::LongAllTwoBytePackets<Validator>(lanes()); }

TEST(ValidatorBuild, LaneCountsBuiltAndOthersAbsent) {
  const std::vector<int> built = sim::WideLaneCounts("utf8_validator");
  ASSERT_FALSE(built.empty());
  const ValidatorRun run = RunUtf8ValidatorPackets(3, sim::OnePacket({0x41}, Mode::kRfc3629), sim::RunOptions());
  EXPECT_FALSE(run.built);
  EXPECT_FALSE(run.report.ok);
}

INSTANTIATE_TEST_SUITE_P(Lanes, ValidatorTest, testing::ValuesIn(sim::WideLaneCounts("utf8_validator")), test::LaneName);

}  // namespace
}  // namespace utf8core
