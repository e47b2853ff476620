// Wide decoder (rtl/utf8_wide_decoder.v) tests, for every lane count built: the
// RTL is held to WideDecoderCycleModel on every output every cycle (the runner
// stops at the first mismatch and prints cycle, signal, expected, actual, seed),
// and the units it packs, its status pulses and counters are checked again
// against the functional model's Decode()/Summarize() of each packet, and
// against the scalar decoder's RTL on the same packets when that is built.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fst_trace.h"
#include "harness.h"
#include "utf8_model.h"
#include "utf8_wide_decoder_run.h"
#if UTF8CORE_HAVE_SCALAR_DECODER_RUN
#include "utf8_decoder_run.h"
#endif

namespace utf8core {
namespace {

using sim::WidePacket;

std::string LaneName(const testing::TestParamInfo<int>& info) {
  return "L" + std::to_string(info.param);
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

std::string UnitText(const Unit& u) {
  char buf[80];
  std::snprintf(buf, sizeof buf, "@%llu len %u U+%04X %s", static_cast<unsigned long long>(u.offset),
                u.length, u.code_point, ClassName(u.cls));
  return buf;
}

bool Aborted(const WidePacket& p, int lanes) {
  return p.abort_after_beats >= 0 &&
         static_cast<size_t>(p.abort_after_beats) < sim::BeatsOf(p.bytes.size(), lanes);
}

WideDecoderRun RunChecked(int lanes, const std::vector<WidePacket>& packets, const sim::Traffic& t,
                          uint64_t seed, const std::string& name) {
  sim::RunOptions opt;
  opt.traffic = t;
  opt.seed = seed;
  opt.trace_path = sim::TracePath(sim::SafeName(name));
  WideDecoderRun run = RunUtf8WideDecoderPackets(lanes, packets, opt);
  if (!run.report.ok && opt.trace_path.empty()) {
    opt.trace_path = sim::SafeName(name) + ".fst";
    RunUtf8WideDecoderPackets(lanes, packets, opt);
    run.report.mismatch += " (waveform: " + opt.trace_path + ")";
  }
  return run;
}

// Scoreboard: the RTL's units per packet, status and counters against the model.
void Scoreboard(int lanes, const std::vector<WidePacket>& packets, const WideDecoderRun& run) {
  ASSERT_TRUE(run.report.ok) << run.report.mismatch;
  std::vector<const WidePacket*> kept;
  std::array<uint64_t, 6> counts{};
  for (const WidePacket& p : packets) {
    if (Aborted(p, lanes)) {
      kept.clear();
      counts = {};
      continue;
    }
    kept.push_back(&p);
    const Verdict v = Summarize(Decode(p.bytes, p.mode));
    for (int c = 1; c < kNumClasses; ++c) counts[c - 1] += v.counts.n[c];
  }
  const size_t n = run.packets.size();
  ASSERT_GE(n, kept.size());
  ASSERT_EQ(run.stats.size(), n);
  for (size_t i = 0; i < kept.size(); ++i) {
    const WidePacket& p = *kept[i];
    const std::vector<Unit> want = Decode(p.bytes, p.mode);
    const std::vector<Unit>& got = run.packets[n - kept.size() + i];
    ASSERT_EQ(got.size(), want.size()) << "units of packet " << i << " [" << ModeName(p.mode) << "] " << Hex(p.bytes);
    for (size_t u = 0; u < want.size(); ++u) {
      ASSERT_TRUE(got[u] == want[u]) << "packet " << i << " [" << ModeName(p.mode) << "] " << Hex(p.bytes)
                                     << " unit " << u << ": RTL " << UnitText(got[u]) << ", model "
                                     << UnitText(want[u]);
    }
    const Verdict v = Summarize(want);
    const ValidatorVerdict& s = run.stats[n - kept.size() + i];
    EXPECT_EQ(s.error, !v.valid) << "stat_error of packet " << i;
    EXPECT_EQ(s.offset, v.valid ? 0 : v.first_error_offset) << "stat_err_offset of packet " << i;
    EXPECT_EQ(s.cls, v.valid ? ErrorClass::kOk : v.first_error_class) << "stat_err_class of packet " << i;
  }
  for (int c = 0; c < 6; ++c) {
    EXPECT_EQ(run.err_count[c], counts[c]) << "err_count of " << ClassName(static_cast<ErrorClass>(c + 1));
  }
}

std::vector<uint8_t> RandomPacket(sim::Rng& rng, Mode mode, size_t max_len) {
  static const std::vector<std::vector<uint8_t>> kBad = {
      {0xC0, 0x80}, {0xC1, 0xBF}, {0xE0, 0x80, 0x80}, {0xE0, 0x9F}, {0xED, 0xA0, 0x80},
      {0xF0, 0x80, 0x80, 0x80}, {0xF4, 0x90, 0x80, 0x80}, {0xF5, 0x80}, {0xF8, 0x88, 0x80, 0x80, 0x80},
      {0xF8, 0x87}, {0xFC, 0x84, 0x80, 0x80, 0x80, 0x80}, {0xFC, 0x83}, {0xFE}, {0xFF}, {0x80},
      {0xE2, 0x82}, {0xF0, 0x9F, 0x98}, {0xC3}, {0xFC, 0x84, 0x80, 0x80, 0x80}};
  const size_t len = 1 + rng.below(static_cast<uint32_t>(max_len));
  std::vector<uint8_t> b;
  while (b.size() < len) {
    switch (rng.below(5)) {
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
      default: b.push_back(static_cast<uint8_t>(0x80 + rng.below(0x80))); break;
    }
  }
  b.resize(len);
  return b;
}

class WideDecoderTest : public testing::TestWithParam<int> {
 protected:
  int lanes() const { return GetParam(); }
  std::string Name(const std::string& what) const {
    return "utf8_wide_decoder_L" + std::to_string(lanes()) + "_" + what;
  }
};

// {gaps, none} x {backpressure, none} x both modes.
TEST_P(WideDecoderTest, TrafficMatrixRandomPackets) {
  const sim::Traffic kTraffic[] = {{0, 0}, {0.3, 0}, {0, 0.4}, {0.3, 0.4}};
  const uint64_t seed = sim::SeedFromEnv(0xDEC0DE00 + static_cast<uint64_t>(lanes()));
  for (const sim::Traffic& t : kTraffic) {
    for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
      sim::Rng rng(seed + static_cast<uint64_t>(mode) * 7 + static_cast<uint64_t>(t.gap * 10) * 3 +
                   static_cast<uint64_t>(t.stall * 10));
      std::vector<WidePacket> packets;
      for (int i = 0; i < 50; ++i) {
        packets.push_back({RandomPacket(rng, mode, static_cast<size_t>(4 * lanes() + 12)), mode, -1});
      }
      SCOPED_TRACE(std::string(t.name()) + " " + ModeName(mode) + " base seed " + std::to_string(seed));
      const WideDecoderRun run = RunChecked(lanes(), packets, t, rng.seed(),
                                            Name(std::string("matrix_") + t.name() + "_" + ModeName(mode)));
      Scoreboard(lanes(), packets, run);
    }
  }
}

// Ill-formed stretches and truncations at every offset modulo LANES, both modes.
TEST_P(WideDecoderTest, ErrorsAtEveryOffset) {
  static const std::vector<std::vector<uint8_t>> kCases = {
      {0xC0, 0x80}, {0xE0, 0x80, 0x80}, {0xED, 0xA0, 0x80}, {0xF0, 0x8F, 0xBF, 0xBF},
      {0xF4, 0x90, 0x80, 0x80}, {0xF5, 0x80, 0x80, 0x80}, {0xF8, 0x88, 0x80, 0x80, 0x80},
      {0xF8, 0x80}, {0xFC, 0x80}, {0xFE}, {0xFF}, {0x80}, {0xE2, 0x82, 0x41},
      {0xF0, 0x9F, 0x98, 0x41}, {0xFC, 0x84, 0x80, 0x80, 0x80, 0x41}, {0xC3, 0xC3, 0xA9}};
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    std::vector<WidePacket> packets;
    for (const auto& c : kCases) {
      for (int pre = 0; pre <= lanes() + 6; ++pre) {
        WidePacket p{std::vector<uint8_t>(static_cast<size_t>(pre), 0x61), mode, -1};
        p.bytes.insert(p.bytes.end(), c.begin(), c.end());
        packets.push_back(p);
        p.bytes.insert(p.bytes.end(), {0xE2, 0x82, 0xAC, 0x7A});
        packets.push_back(p);
        WidePacket q{std::vector<uint8_t>(p.bytes.begin(), p.bytes.begin() + pre + (c.size() > 1 ? c.size() - 1 : 1)), mode, -1};
        packets.push_back(q);
      }
    }
    const WideDecoderRun run = RunChecked(lanes(), packets, {0.1, 0.2}, 3, Name(std::string("errors_") + ModeName(mode)));
    Scoreboard(lanes(), packets, run);
  }
}

// Sequences of every length starting at every lane, so they straddle beats.
TEST_P(WideDecoderTest, SequencesStraddleBeats) {
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    const std::vector<uint32_t> cps = mode == Mode::kAnnexR
        ? std::vector<uint32_t>{0xE9, 0x20AC, 0x1F600, 0x200000, 0x3FFFFFF, 0x4000000, 0x7FFFFFFF}
        : std::vector<uint32_t>{0xE9, 0x7FF, 0x800, 0xFFFF, 0x10000, 0x10FFFF};
    std::vector<WidePacket> packets;
    for (uint32_t cp : cps) {
      for (int pre = 0; pre < lanes() + 6; ++pre) {
        WidePacket p{std::vector<uint8_t>(static_cast<size_t>(pre), 0x2E), mode, -1};
        uint8_t out[6];
        ErrorClass c;
        for (int rep = 0; rep < 3; ++rep) {
          const int n = EncodeOne(cp, mode, out, &c);
          p.bytes.insert(p.bytes.end(), out, out + n);
        }
        packets.push_back(p);
      }
    }
    const WideDecoderRun run = RunChecked(lanes(), packets, {0.2, 0.3}, 4, Name(std::string("straddle_") + ModeName(mode)));
    Scoreboard(lanes(), packets, run);
  }
}

// Partial last beats of every size and 1-byte packets of all 256 values.
TEST_P(WideDecoderTest, PartialBeatsAndOneBytePackets) {
  sim::Rng rng(sim::SeedFromEnv(5));
  std::vector<WidePacket> packets;
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    for (int b = 0; b < 256; ++b) packets.push_back({{static_cast<uint8_t>(b)}, mode, -1});
    for (int n = 1; n <= 3 * lanes() + 3; ++n) {
      WidePacket p{RandomPacket(rng, mode, static_cast<size_t>(n) + 8), mode, -1};
      p.bytes.resize(static_cast<size_t>(n), 0x41);
      packets.push_back(p);
    }
  }
  for (const sim::Traffic t : {sim::Traffic{0, 0}, sim::Traffic{0.3, 0.5}}) {
    const WideDecoderRun run = RunChecked(lanes(), packets, t, rng.seed(), Name(std::string("partial_") + t.name()));
    Scoreboard(lanes(), packets, run);
  }
}

// Output stalled most of the time: the output FIFO fills, the credit withdraws
// s_axis_tready, nothing is lost or duplicated.
TEST_P(WideDecoderTest, SustainedBackpressure) {
  sim::Rng rng(sim::SeedFromEnv(6));
  std::vector<WidePacket> packets;
  for (int i = 0; i < 30; ++i) packets.push_back({RandomPacket(rng, Mode::kRfc3629, static_cast<size_t>(3 * lanes() + 5)), Mode::kRfc3629, -1});
  for (double stall : {0.9, 0.5}) {
    const WideDecoderRun run = RunChecked(lanes(), packets, {0, stall}, rng.seed(), Name("stall"));
    Scoreboard(lanes(), packets, run);
  }
}

// A reset in the middle of a packet loses that packet only and clears the counters.
TEST_P(WideDecoderTest, ResetMidPacket) {
  sim::Rng rng(sim::SeedFromEnv(9));
  std::vector<WidePacket> packets;
  for (int i = 0; i < 40; ++i) {
    WidePacket p;
    p.mode = rng.chance(0.5) ? Mode::kAnnexR : Mode::kRfc3629;
    p.bytes = RandomPacket(rng, p.mode, static_cast<size_t>(5 * lanes() + 10));
    const size_t beats = sim::BeatsOf(p.bytes.size(), lanes());
    if (i % 4 == 1) p.abort_after_beats = static_cast<int>(rng.below(static_cast<uint32_t>(beats)));
    packets.push_back(p);
  }
  for (const sim::Traffic t : {sim::Traffic{0, 0}, sim::Traffic{0.3, 0.3}}) {
    const WideDecoderRun run = RunChecked(lanes(), packets, t, rng.seed(), Name(std::string("reset_") + t.name()));
    Scoreboard(lanes(), packets, run);
  }
}

TEST_P(WideDecoderTest, KuhnStressTest) {
  std::ifstream f(UTF8CORE_KUHN_TEST, std::ios::binary);
  ASSERT_TRUE(f) << "cannot read " << UTF8CORE_KUHN_TEST;
  const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  ASSERT_GT(bytes.size(), 1000u);
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    std::vector<WidePacket> packets = {{bytes, mode, -1}};
    const WideDecoderRun run = RunChecked(lanes(), packets, {0.1, 0.1}, 11, Name(std::string("kuhn_") + ModeName(mode)));
    Scoreboard(lanes(), packets, run);
  }
}

// The same random packets through the wide RTL, the functional model and (when
// built) the scalar decoder's RTL give the same units.
TEST_P(WideDecoderTest, ScalarAndWideAgree) {
  sim::Rng rng(sim::SeedFromEnv(21));
  for (int i = 0; i < 12; ++i) {
    const Mode mode = i % 2 ? Mode::kAnnexR : Mode::kRfc3629;
    const std::vector<uint8_t> bytes = RandomPacket(rng, mode, 300);
    sim::RunOptions opt;
    opt.seed = rng.seed() + static_cast<uint64_t>(i);
    opt.traffic = {0.2, 0.2};
    const WideDecoderRun wide = RunUtf8WideDecoder(lanes(), bytes, mode, opt);
    ASSERT_TRUE(wide.report.ok) << wide.report.mismatch;
    ASSERT_EQ(wide.packets.size(), 1u);
    EXPECT_EQ(wide.packets[0], Decode(bytes, mode)) << Hex(bytes);
#if UTF8CORE_HAVE_SCALAR_DECODER_RUN
    const DecoderRun scalar = RunUtf8Decoder(bytes, mode, opt);
    ASSERT_TRUE(scalar.report.ok) << scalar.report.mismatch;
    EXPECT_EQ(wide.packets[0], scalar.units) << "wide vs scalar RTL on " << Hex(bytes);
    ASSERT_EQ(wide.stats.size(), 1u);
    EXPECT_TRUE(scalar.stat_seen);
    EXPECT_EQ(wide.stats[0].error, scalar.stat_error);
    EXPECT_EQ(wide.stats[0].offset, scalar.stat_err_offset);
    EXPECT_EQ(wide.stats[0].cls, scalar.stat_err_class);
#endif
    const Verdict v = Summarize(Decode(bytes, mode));
    for (int c = 0; c < 6; ++c) EXPECT_EQ(wide.err_count[c], v.counts.n[c + 1]);
  }
}

// Line rate: a large packet with the output always ready takes bytes/LANES
// cycles plus the pipeline's fill, on text and on random bytes alike.
TEST_P(WideDecoderTest, ThroughputOneBeatPerClock) {
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
    const WideDecoderRun run = RunUtf8WideDecoder(lanes(), *bytes, Mode::kRfc3629, sim::RunOptions());
    ASSERT_TRUE(run.report.ok) << run.report.mismatch;
    ASSERT_EQ(run.packets.size(), 1u);
    EXPECT_EQ(run.packets[0], Decode(*bytes, Mode::kRfc3629));
    const uint64_t beats = sim::BeatsOf(n, lanes());
    // The constant is the pipeline's fill: a dozen clocks from first beat to verdict.
    EXPECT_LE(run.report.cycles, beats + 16) << "cycles for " << n << " bytes";
    const double per_clock = static_cast<double>(n) / static_cast<double>(run.report.cycles);
    EXPECT_GE(per_clock, lanes() * 0.99) << "bytes per clock";
  }
}

// Long (label long): many seeds of random packets under every traffic shape,
// and every two-byte packet in both modes.
TEST_P(WideDecoderTest, LongRandomSweep) {
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
      const WideDecoderRun run = RunChecked(lanes(), packets, t, base + s, Name("long_" + std::to_string(s) + "_" + t.name()));
      Scoreboard(lanes(), packets, run);
      if (HasFatalFailure()) return;
    }
  }
}

TEST_P(WideDecoderTest, LongAllTwoBytePackets) {
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    std::vector<WidePacket> packets;
    for (int a = 0; a < 256; ++a) {
      for (int b = 0; b < 256; ++b) packets.push_back({{static_cast<uint8_t>(a), static_cast<uint8_t>(b)}, mode, -1});
    }
    const WideDecoderRun run = RunChecked(lanes(), packets, {0.1, 0.1}, 2, Name(std::string("long_pairs_") + ModeName(mode)));
    Scoreboard(lanes(), packets, run);
  }
}

TEST(WideDecoderBuild, LaneCountsBuiltAndOthersAbsent) {
  ASSERT_FALSE(WideDecoderLaneCounts().empty());
  const WideDecoderRun run = RunUtf8WideDecoder(3, {0x41}, Mode::kRfc3629, sim::RunOptions());
  EXPECT_FALSE(run.built);
  EXPECT_FALSE(run.report.ok);
}

INSTANTIATE_TEST_SUITE_P(Lanes, WideDecoderTest, testing::ValuesIn(WideDecoderLaneCounts()), LaneName);

}  // namespace
}  // namespace utf8core
