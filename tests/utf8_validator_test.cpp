// Wide validator (rtl/utf8_validator.v) tests, for every lane count built: the
// RTL is held to ValidatorCycleModel on every output every cycle (the runner
// stops at the first mismatch and prints cycle, signal, expected, actual, seed),
// and its verdicts, status pulses and counters are checked again against the
// functional model's Decode()/Summarize() and Validate() of each packet.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fst_trace.h"
#include "harness.h"
#include "utf8_model.h"
#include "utf8_validator_run.h"

namespace utf8core {
namespace {

using sim::WidePacket;

std::string LaneName(const testing::TestParamInfo<int>& info) {
  return "L" + std::to_string(info.param);
}

ValidatorVerdict Expected(const WidePacket& p) {
  const Verdict v = Summarize(Decode(p.bytes, p.mode));
  ValidatorVerdict e;
  e.error = !v.valid;
  e.offset = v.valid ? 0 : v.first_error_offset;
  e.cls = v.valid ? ErrorClass::kOk : v.first_error_class;
  return e;
}

std::string Hex(const std::vector<uint8_t>& b, size_t max = 48) {
  static const char* d = "0123456789ABCDEF";
  std::string s;
  for (size_t i = 0; i < b.size() && i < max; ++i) {
    if (i) s += ' ';
    s += d[b[i] >> 4];
    s += d[b[i] & 15];
  }
  if (b.size() > max) s += " ...";
  return s;
}

bool Aborted(const WidePacket& p, int lanes) {
  return p.abort_after_beats >= 0 &&
         static_cast<size_t>(p.abort_after_beats) < sim::BeatsOf(p.bytes.size(), lanes);
}

// Runs the packets, and on a cycle mismatch runs them again with a waveform
// (kept in $UTF8CORE_TRACE, or the test's working folder) so the failure can be seen.
ValidatorRun RunChecked(int lanes, const std::vector<WidePacket>& packets, const sim::Traffic& t,
                        uint64_t seed, const std::string& name) {
  sim::RunOptions opt;
  opt.traffic = t;
  opt.seed = seed;
  opt.trace_path = sim::TracePath(sim::SafeName(name));
  ValidatorRun run = RunUtf8ValidatorPackets(lanes, packets, opt);
  if (!run.report.ok && opt.trace_path.empty()) {
    opt.trace_path = sim::SafeName(name) + ".fst";
    RunUtf8ValidatorPackets(lanes, packets, opt);
    run.report.mismatch += " (waveform: " + opt.trace_path + ")";
  }
  return run;
}

// Scoreboard: the RTL's verdicts, status and counters against the functional model.
void Scoreboard(int lanes, const std::vector<WidePacket>& packets, const ValidatorRun& run) {
  ASSERT_TRUE(run.report.ok) << run.report.mismatch;
  std::vector<const WidePacket*> kept;
  std::array<uint64_t, 6> counts{};
  for (const WidePacket& p : packets) {
    if (Aborted(p, lanes)) {
      kept.clear();  // a reset loses what was in flight and clears the counters
      counts = {};
      continue;
    }
    kept.push_back(&p);
    const Verdict v = Summarize(Decode(p.bytes, p.mode));
    for (int c = 1; c < kNumClasses; ++c) counts[c - 1] += v.counts.n[c];
  }
  const size_t n = run.verdicts.size();
  ASSERT_GE(n, kept.size());
  ASSERT_EQ(run.stats.size(), n);
  for (size_t i = 0; i < kept.size(); ++i) {
    const WidePacket& p = *kept[i];
    const ValidatorVerdict e = Expected(p);
    const ValidatorVerdict& got = run.verdicts[n - kept.size() + i];
    EXPECT_TRUE(got == e) << "packet " << i << " [" << ModeName(p.mode) << "] " << Hex(p.bytes)
                          << ": RTL error=" << got.error << " offset=" << got.offset
                          << " class=" << ClassName(got.cls) << ", model error=" << e.error
                          << " offset=" << e.offset << " class=" << ClassName(e.cls);
    EXPECT_TRUE(run.stats[n - kept.size() + i] == e) << "stat_* of packet " << i;
    // The fast path of the model must agree with the definition too.
    const Verdict fast = Validate(p.bytes.data(), p.bytes.size(), p.mode);
    EXPECT_EQ(fast.valid, !e.error);
    if (!fast.valid) {
      EXPECT_EQ(fast.first_error_offset, e.offset);
    }
  }
  for (int c = 0; c < 6; ++c) {
    EXPECT_EQ(run.err_count[c], counts[c]) << "err_count of " << ClassName(static_cast<ErrorClass>(c + 1));
  }
}

// Random packets mixing text, well-formed sequences of every length, every kind
// of ill-formed stretch and plain noise.
std::vector<uint8_t> RandomPacket(sim::Rng& rng, Mode mode, size_t max_len) {
  static const std::vector<std::vector<uint8_t>> kBad = {
      {0xC0, 0x80}, {0xC1, 0xBF}, {0xE0, 0x80, 0x80}, {0xE0, 0x9F}, {0xED, 0xA0, 0x80},
      {0xED, 0xBF, 0xBF}, {0xF0, 0x80, 0x80, 0x80}, {0xF0, 0x8F}, {0xF4, 0x90, 0x80, 0x80},
      {0xF5, 0x80}, {0xF7, 0xBF, 0xBF, 0xBF}, {0xF8, 0x88, 0x80, 0x80, 0x80},
      {0xF8, 0x87}, {0xFC, 0x84, 0x80, 0x80, 0x80, 0x80}, {0xFC, 0x83}, {0xFD, 0xBF},
      {0xFE}, {0xFF}, {0x80}, {0xBF, 0xBF}, {0xE2, 0x82}, {0xF0, 0x9F, 0x98}, {0xC3},
      {0xFC, 0x84, 0x80, 0x80, 0x80}, {0xDF, 0xDF}};
  const size_t len = 1 + rng.below(static_cast<uint32_t>(max_len));
  std::vector<uint8_t> b;
  while (b.size() < len) {
    switch (rng.below(6)) {
      case 0: b.push_back(static_cast<uint8_t>(0x20 + rng.below(0x5F))); break;
      case 1: {
        uint32_t cp;
        switch (rng.below(4)) {
          case 0: cp = 0x80 + rng.below(0x780); break;
          case 1: cp = 0x800 + rng.below(0xF800); break;
          case 2: cp = 0x10000 + rng.below(0x100000); break;
          default: cp = mode == Mode::kAnnexR ? static_cast<uint32_t>(rng.u64() >> 33) : rng.below(0x110000);
        }
        uint8_t out[6];
        ErrorClass c;
        const int n = EncodeOne(cp, mode, out, &c);
        b.insert(b.end(), out, out + n);
        break;
      }
      case 2: {
        const auto& s = kBad[rng.below(static_cast<uint32_t>(kBad.size()))];
        b.insert(b.end(), s.begin(), s.end());
        break;
      }
      case 3: b.push_back(static_cast<uint8_t>(rng.below(256))); break;
      case 4: b.push_back(static_cast<uint8_t>(0x80 + rng.below(0x40))); break;
      default: b.push_back(static_cast<uint8_t>(0xC0 + rng.below(0x40))); break;
    }
  }
  b.resize(len);
  return b;
}

class ValidatorTest : public testing::TestWithParam<int> {
 protected:
  int lanes() const { return GetParam(); }
  std::string Name(const std::string& what) const {
    return "utf8_validator_L" + std::to_string(lanes()) + "_" + what;
  }
};

// {gaps, none} x {backpressure, none} x both modes: random packets, some resets.
TEST_P(ValidatorTest, TrafficMatrixRandomPackets) {
  const sim::Traffic kTraffic[] = {{0, 0}, {0.3, 0}, {0, 0.4}, {0.3, 0.4}};
  const uint64_t seed = sim::SeedFromEnv(0x5EED0000 + static_cast<uint64_t>(lanes()));
  for (const sim::Traffic& t : kTraffic) {
    for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
      sim::Rng rng(seed ^ (static_cast<uint64_t>(mode) << 8) ^ static_cast<uint64_t>(t.gap * 10) ^
                   static_cast<uint64_t>(t.stall * 100) << 16);
      std::vector<WidePacket> packets;
      for (int i = 0; i < 60; ++i) {
        WidePacket p;
        p.mode = mode;
        p.bytes = RandomPacket(rng, mode, static_cast<size_t>(4 * lanes() + 12));
        packets.push_back(p);
      }
      SCOPED_TRACE(std::string(t.name()) + " " + ModeName(mode) + " seed " + std::to_string(rng.seed()));
      const ValidatorRun run = RunChecked(lanes(), packets, t, rng.seed(),
                                          Name(std::string("matrix_") + t.name() + "_" + ModeName(mode)));
      Scoreboard(lanes(), packets, run);
    }
  }
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

// Every ill-formed stretch (and truncation at the end) at every offset modulo
// LANES and across beat boundaries, in both modes.
TEST_P(ValidatorTest, ErrorsAtEveryOffset) {
  static const std::vector<std::vector<uint8_t>> kCases = {
      {0xC0, 0x80}, {0xE0, 0x80, 0x80}, {0xED, 0xA0, 0x80}, {0xF0, 0x8F, 0xBF, 0xBF},
      {0xF4, 0x90, 0x80, 0x80}, {0xF5, 0x80, 0x80, 0x80}, {0xF8, 0x88, 0x80, 0x80, 0x80},
      {0xF8, 0x80}, {0xFC, 0x80}, {0xFE}, {0xFF}, {0x80}, {0xE2, 0x82, 0x41},
      {0xF0, 0x9F, 0x98, 0x41}, {0xFC, 0x84, 0x80, 0x80, 0x80, 0x41}, {0xC3, 0xC3, 0xA9}};
  const int span = lanes() + 6;
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    std::vector<WidePacket> packets;
    for (const auto& c : kCases) {
      for (int pre = 0; pre <= span; ++pre) {
        WidePacket p;
        p.mode = mode;
        // A well-formed multi-byte prefix so that sequences straddle too.
        for (int i = 0; i < pre; ++i) p.bytes.push_back(i % 3 == 2 ? 0x61 : 0x62);
        p.bytes.insert(p.bytes.end(), c.begin(), c.end());
        packets.push_back(p);                      // error at the very end
        p.bytes.insert(p.bytes.end(), {0xC3, 0xA9, 0x7A});
        packets.push_back(p);                      // followed by more text
        WidePacket q;                              // truncated: the packet ends inside the case
        q.mode = mode;
        q.bytes.assign(p.bytes.begin(), p.bytes.begin() + pre + (c.size() > 1 ? c.size() - 1 : 1));
        packets.push_back(q);
      }
    }
    const ValidatorRun run = RunChecked(lanes(), packets, {0.1, 0.1}, 3, Name(std::string("errors_") + ModeName(mode)));
    Scoreboard(lanes(), packets, run);
  }
}

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

// Well-formed sequences of every length starting at every lane: none may be
// reported, and every byte of them lands in one unit.
TEST_P(ValidatorTest, SequencesStraddleBeats) {
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    const std::vector<uint32_t> cps = mode == Mode::kAnnexR
        ? std::vector<uint32_t>{0x41, 0xE9, 0x20AC, 0x1F600, 0x10FFFF, 0x200000, 0x3FFFFFF, 0x4000000, 0x7FFFFFFF}
        : std::vector<uint32_t>{0x41, 0xE9, 0x7FF, 0x800, 0x20AC, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF};
    std::vector<WidePacket> packets;
    for (uint32_t cp : cps) {
      for (int pre = 0; pre < lanes() + 6; ++pre) {
        WidePacket p;
        p.mode = mode;
        p.bytes.assign(static_cast<size_t>(pre), 0x2E);
        uint8_t out[6];
        ErrorClass c;
        for (int rep = 0; rep < 3; ++rep) {
          const int n = EncodeOne(cp, mode, out, &c);
          p.bytes.insert(p.bytes.end(), out, out + n);
        }
        packets.push_back(p);
      }
    }
    const ValidatorRun run = RunChecked(lanes(), packets, {0.2, 0.3}, 4, Name(std::string("straddle_") + ModeName(mode)));
    Scoreboard(lanes(), packets, run);
    for (const auto& v : run.verdicts) EXPECT_FALSE(v.error);
  }
}

// Every packet length from 1 to three beats and a bit: partial last beats
// of every size, and 1-byte packets of all 256 byte values in both modes.
TEST_P(ValidatorTest, PartialBeatsAndOneBytePackets) {
  sim::Rng rng(sim::SeedFromEnv(5));
  std::vector<WidePacket> packets;
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    for (int b = 0; b < 256; ++b) packets.push_back({{static_cast<uint8_t>(b)}, mode, -1});
    for (int n = 1; n <= 3 * lanes() + 3; ++n) {
      WidePacket p;
      p.mode = mode;
      p.bytes = RandomPacket(rng, mode, static_cast<size_t>(n) + 8);
      p.bytes.resize(static_cast<size_t>(n), 0x41);
      packets.push_back(p);
    }
  }
  for (const sim::Traffic t : {sim::Traffic{0, 0}, sim::Traffic{0.3, 0.5}}) {
    const ValidatorRun run = RunChecked(lanes(), packets, t, rng.seed(), Name(std::string("partial_") + t.name()));
    Scoreboard(lanes(), packets, run);
  }
}

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
// verdict is taken, and ready needs fewer than QUEUE-2 owed, so this holds only
// while the pipeline is shorter than that; with a deeper one s_axis_tready
// would drop every few packets.
TEST_P(ValidatorTest, OneBytePacketsEveryClock) {
  std::vector<WidePacket> packets;
  for (int i = 0; i < 400; ++i) packets.push_back({{static_cast<uint8_t>(i % 3 ? 0x41 : 0xC3)}, Mode::kRfc3629, -1});
  const ValidatorRun run = RunChecked(lanes(), packets, {0, 0}, 14, Name("ones"));
  Scoreboard(lanes(), packets, run);
  // The constant is the pipeline's fill, first beat to last verdict.
  EXPECT_LE(run.report.cycles, packets.size() + 20) << "cycles for " << packets.size() << " packets";
}

// A reset in the middle of a packet loses that packet only, and clears the counters.
TEST_P(ValidatorTest, ResetMidPacket) {
  sim::Rng rng(sim::SeedFromEnv(9));
  std::vector<WidePacket> packets;
  for (int i = 0; i < 40; ++i) {
    WidePacket p;
    p.mode = rng.chance(0.5) ? Mode::kAnnexR : Mode::kRfc3629;
    p.bytes = RandomPacket(rng, p.mode, static_cast<size_t>(5 * lanes() + 10));
    const size_t beats = sim::BeatsOf(p.bytes.size(), lanes());
    if (i % 4 == 1 && beats > 0) p.abort_after_beats = static_cast<int>(rng.below(static_cast<uint32_t>(beats)));
    packets.push_back(p);
  }
  for (const sim::Traffic t : {sim::Traffic{0, 0}, sim::Traffic{0.3, 0.3}}) {
    const ValidatorRun run = RunChecked(lanes(), packets, t, rng.seed(), Name(std::string("reset_") + t.name()));
    Scoreboard(lanes(), packets, run);
  }
}

// The first error far into a long packet: the front end counts beats in two
// halves (rtl/utf8_lane_front.v), the low one (32 - log2 LANES) / 2 bits wide,
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

// Markus Kuhn's stress test as one packet, in both modes.
TEST_P(ValidatorTest, KuhnStressTest) {
  std::ifstream f(UTF8CORE_KUHN_TEST, std::ios::binary);
  ASSERT_TRUE(f) << "cannot read " << UTF8CORE_KUHN_TEST;
  const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  ASSERT_GT(bytes.size(), 1000u);
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    std::vector<WidePacket> packets = {{bytes, mode, -1}};
    const ValidatorRun run = RunChecked(lanes(), packets, {0.1, 0.1}, 11, Name(std::string("kuhn_") + ModeName(mode)));
    Scoreboard(lanes(), packets, run);
  }
}

// Line rate: a large packet with the output always ready takes bytes/LANES
// cycles plus the pipeline's fill, on text and on random bytes alike.
TEST_P(ValidatorTest, ThroughputOneBeatPerClock) {
  const size_t n = lanes() == 1 ? (256u << 10) : (1u << 20);
  sim::Rng rng(sim::SeedFromEnv(12));
  const std::string text = "Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich. "
                           "Съешь же ещё этих мягких французских булок. 日本語のテキスト 😀. ";
  std::vector<uint8_t> t;
  while (t.size() < n) t.insert(t.end(), text.begin(), text.end());
  t.resize(n);
  std::vector<uint8_t> r(n);
  for (auto& b : r) b = static_cast<uint8_t>(rng.below(256));
  for (const auto* bytes : {&t, &r}) {
    sim::RunOptions opt;
    const ValidatorRun run = RunUtf8Validator(lanes(), *bytes, Mode::kRfc3629, opt);
    ASSERT_TRUE(run.report.ok) << run.report.mismatch;
    ASSERT_EQ(run.verdicts.size(), 1u);
    EXPECT_TRUE(run.verdicts[0] == Expected({*bytes, Mode::kRfc3629, -1}));
    const uint64_t beats = sim::BeatsOf(n, lanes());
    // The constant is the pipeline's fill: a dozen clocks from first beat to verdict.
    EXPECT_LE(run.report.cycles, beats + 16) << "cycles for " << n << " bytes";
    const double per_clock = static_cast<double>(n) / static_cast<double>(run.report.cycles);
    EXPECT_GE(per_clock, lanes() * 0.99) << "bytes per clock";
    RecordProperty("bytes_per_clock_x1000", static_cast<int>(per_clock * 1000));
  }
}

// Long (label long): many seeds of random packets under every traffic shape,
// and every two-byte packet in both modes.
TEST_P(ValidatorTest, LongRandomSweep) {
  const sim::Traffic kTraffic[] = {{0, 0}, {0.3, 0}, {0, 0.4}, {0.3, 0.4}, {0.7, 0.7}};
  const uint64_t base = sim::SeedFromEnv(1000);
  for (uint64_t s = 0; s < 20; ++s) {
    for (const sim::Traffic& t : kTraffic) {
      sim::Rng rng(base + s);
      std::vector<WidePacket> packets;
      for (int i = 0; i < 200; ++i) {
        const Mode mode = rng.chance(0.5) ? Mode::kAnnexR : Mode::kRfc3629;
        WidePacket p{RandomPacket(rng, mode, static_cast<size_t>(6 * lanes() + 20)), mode, -1};
        if (rng.chance(0.03)) p.abort_after_beats = static_cast<int>(rng.below(static_cast<uint32_t>(sim::BeatsOf(p.bytes.size(), lanes()))));
        packets.push_back(p);
      }
      SCOPED_TRACE("seed " + std::to_string(base + s) + " " + t.name());
      const ValidatorRun run = RunChecked(lanes(), packets, t, base + s, Name("long_" + std::to_string(s) + "_" + t.name()));
      Scoreboard(lanes(), packets, run);
      if (HasFatalFailure()) return;
    }
  }
}

TEST_P(ValidatorTest, LongAllTwoBytePackets) {
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    std::vector<WidePacket> packets;
    for (int a = 0; a < 256; ++a) {
      for (int b = 0; b < 256; ++b) packets.push_back({{static_cast<uint8_t>(a), static_cast<uint8_t>(b)}, mode, -1});
    }
    const ValidatorRun run = RunChecked(lanes(), packets, {0.1, 0.1}, 2, Name(std::string("long_pairs_") + ModeName(mode)));
    Scoreboard(lanes(), packets, run);
  }
}

TEST(ValidatorBuild, LaneCountsBuiltAndOthersAbsent) {
  const std::vector<int> built = ValidatorLaneCounts();
  ASSERT_FALSE(built.empty());
  const ValidatorRun run = RunUtf8Validator(3, {0x41}, Mode::kRfc3629, sim::RunOptions());
  EXPECT_FALSE(run.built);
  EXPECT_FALSE(run.report.ok);
}

INSTANTIATE_TEST_SUITE_P(Lanes, ValidatorTest, testing::ValuesIn(ValidatorLaneCounts()), LaneName);

}  // namespace
}  // namespace utf8core
