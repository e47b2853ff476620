// Tests of the encoder RTL (rtl/stream/utf8_encoder.v): the Verilated RTL against its
// cycle model on every output every clock, and the RTL's octet stream against the
// functional model (utf8core::Encode) packet by packet, under random input gaps,
// output backpressure and resets mid-packet, in both modes. Also: Table 4 vectors
// written out by hand, every code point of rfc3629, throughput, and the error
// counters up to saturation. UTF8CORE_SEED replaces the seeds; UTF8CORE_TRACE names
// a folder for waves (a failing stress run writes one there, or in the working
// directory, either way).
#include "utf8_encoder.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <deque>
#include <iostream>
#include <string>
#include <vector>

#include "fst_trace.h"
#include "harness.h"
#include "kuhn_file.h"
#include "utf8_encoder_run.h"
#include "utf8_model.h"

namespace utf8core {
namespace {

using sim::EncoderBench;
using sim::Rng;
using sim::RunOptions;
using sim::Traffic;

// The edges of the sequence lengths, of the surrogates and of both modes.
const uint32_t kBoundaries[] = {0x0,       0x7F,      0x80,       0x7FF,      0x800,     0xD7FF,
                                0xD800,    0xDBFF,    0xDC00,     0xDFFF,     0xE000,    0xFFFD,
                                0xFFFF,    0x10000,   0x10FFFF,   0x110000,   0x1FFFFF,  0x200000,
                                0x3FFFFFF, 0x4000000, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF};

uint32_t RandomCodePoint(Rng& rng) {
  const uint32_t pick = rng.below(100);
  if (pick < 40) {
    const uint32_t b = kBoundaries[rng.below(sizeof(kBoundaries) / sizeof(kBoundaries[0]))];
    return b + rng.below(5) - 2;  // wraps around 0 and 0xFFFFFFFF on purpose
  }
  if (pick < 55) return rng.below(0x80);
  if (pick < 65) return 0x80 + rng.below(0x800 - 0x80);
  if (pick < 75) return 0x800 + rng.below(0x10000 - 0x800);
  if (pick < 85) return 0x10000 + rng.below(0x110000 - 0x10000);
  // Any 32-bit value, with its bit length uniform so that 5- and 6-octet forms
  // and values beyond annex-r come up as often as small ones.
  return static_cast<uint32_t>(rng.u64() >> (32 + rng.below(32)));
}

std::vector<uint32_t> RandomPacket(Rng& rng) {
  const uint32_t pick = rng.below(10);
  size_t n;
  if (pick < 2)
    n = 1;
  else if (pick < 6)
    n = 2 + rng.below(7);
  else if (pick < 9)
    n = 9 + rng.below(56);
  else
    n = 65 + rng.below(236);
  std::vector<uint32_t> cps(n);
  for (uint32_t& cp : cps) cp = RandomCodePoint(rng);
  return cps;
}

std::string Hex(const std::vector<uint8_t>& b, size_t from, size_t n) {
  static const char* d = "0123456789ABCDEF";
  std::string s;
  for (size_t i = from; i < b.size() && i < from + n; ++i) {
    s += d[b[i] >> 4];
    s += d[b[i] & 15];
    s += ' ';
  }
  return s;
}

// How the stress runs pick cfg_mode.
enum class ModePolicy { kRfc3629, kAnnexR, kToggleEveryCycle };

struct StressConfig {
  Traffic traffic;
  ModePolicy mode;
  uint64_t cycles;
  double reset_chance;  // per cycle
};

struct StressResult {
  bool ok = true;
  std::string failure;  // first failure: the bench's mismatch or the scoreboard's
  uint64_t fail_cycle = 0;
  uint64_t cycles = 0;
  uint64_t packets = 0;  // checked against the functional model
  uint64_t beats = 0;
  uint64_t rejected = 0;  // beats flagged SURROGATE or TOO_LARGE
  uint64_t resets = 0;
  uint64_t lengths[7] = {};  // beats per octet count
};

// Drives random packets through the bench. Beside the per-cycle comparison of the
// bench, a transaction scoreboard checks every packet's octets and classes against
// the functional model, and the AXI rules are checked on the RTL's ports directly.
StressResult Stress(const StressConfig& cfg, uint64_t seed, const std::string& trace_path,
                    uint64_t trace_from) {
  StressResult r;
  EncoderBench bench(seed, trace_path, sim::kEncoderDefault, trace_from);
  Rng rng(seed);

  struct Expected {
    std::vector<uint32_t> cps;
    Mode mode;
  };
  std::deque<Expected> expected;  // packets whose first beat was taken, oldest first
  std::vector<uint32_t> sending = RandomPacket(rng);
  size_t next = 0;
  bool offering = false;
  std::vector<uint8_t> got_bytes;
  std::vector<uint8_t> got_classes;
  int reset_left = 2;  // start with a reset
  bool mode_now = cfg.mode == ModePolicy::kAnnexR;
  EncoderBench::Outputs held;  // the output beat stalled last cycle, if any
  bool held_valid = false;

  auto fail = [&](const std::string& what) {
    if (!r.ok) return;
    r.ok = false;
    r.fail_cycle = bench.cycle();
    r.failure = "utf8_encoder scoreboard at cycle " + std::to_string(bench.cycle()) + ": " + what +
                ", seed " + std::to_string(seed);
  };

  while (bench.cycle() < cfg.cycles && r.ok) {
    EncoderBench::Inputs in;
    if (reset_left == 0 && rng.chance(cfg.reset_chance)) reset_left = 1 + rng.below(3);
    in.rst = reset_left > 0;
    if (cfg.mode == ModePolicy::kToggleEveryCycle) mode_now = rng.below(2);
    in.cfg_mode = mode_now;
    if (!offering && !rng.chance(cfg.traffic.gap)) offering = true;
    in.s_axis_tvalid = offering;
    in.s_axis_tdata = offering ? sending[next] : rng.u64();  // idle data is noise
    in.s_axis_tlast = offering ? next + 1 == sending.size() : rng.below(2);
    in.m_axis_tready = !rng.chance(cfg.traffic.stall);

    const EncoderBench::Outputs out = bench.rtl();
    // AXI: a stalled beat stays as it was until it is taken.
    if (held_valid && !in.rst) {
      if (!out.m_axis_tvalid || out.m_axis_tdata != held.m_axis_tdata ||
          out.m_axis_tkeep != held.m_axis_tkeep || out.m_axis_tlast != held.m_axis_tlast ||
          out.m_axis_tuser != held.m_axis_tuser) {
        fail("m_axis beat changed while stalled");
      }
    }
    held_valid = out.m_axis_tvalid && !in.m_axis_tready && !in.rst;
    held = out;

    if (in.rst) {
      // A reset loses whatever has not come out yet; the driver starts afresh.
      expected.clear();
      got_bytes.clear();
      got_classes.clear();
      sending = RandomPacket(rng);
      next = 0;
      offering = false;
      --reset_left;
      if (reset_left == 0) ++r.resets;
      bench.step(in);
      continue;
    }

    if (out.m_axis_tvalid && in.m_axis_tready) {
      const uint8_t keep = out.m_axis_tkeep;
      int len = 0;
      while (len < 6 && ((keep >> len) & 1)) ++len;
      if (len == 0 || keep != (1u << len) - 1) fail("tkeep not contiguous from lane 0");
      ++r.lengths[len];
      ++r.beats;
      for (int k = 0; k < len; ++k)
        got_bytes.push_back(static_cast<uint8_t>(out.m_axis_tdata >> (8 * k)));
      got_classes.push_back(out.m_axis_tuser);
      if (out.m_axis_tuser != 0) ++r.rejected;
      if (out.m_axis_tlast) {
        if (expected.empty()) {
          fail("a packet came out that was never sent");
        } else {
          const Expected& e = expected.front();
          std::vector<uint8_t> want;
          Encode(e.cps.data(), e.cps.size(), e.mode, &want);
          if (got_classes.size() != e.cps.size()) {
            fail("packet " + std::to_string(r.packets) + ": " + std::to_string(got_classes.size()) +
                 " beats for " + std::to_string(e.cps.size()) + " code points");
          } else if (got_bytes != want) {
            size_t i = 0;
            while (i < want.size() && i < got_bytes.size() && want[i] == got_bytes[i]) ++i;
            fail("packet " + std::to_string(r.packets) + " (" + ModeName(e.mode) + "): octet " +
                 std::to_string(i) + " differs, expected " + Hex(want, i, 8) + "actual " +
                 Hex(got_bytes, i, 8));
          } else {
            uint8_t buf[6];
            for (size_t k = 0; k < e.cps.size(); ++k) {
              ErrorClass cls;
              EncodeOne(e.cps[k], e.mode, buf, &cls);
              if (static_cast<uint8_t>(cls) != got_classes[k]) {
                fail("packet " + std::to_string(r.packets) + " code point " + std::to_string(k) +
                     ": class " + std::to_string(got_classes[k]) + ", expected " + ClassName(cls));
                break;
              }
            }
          }
          expected.pop_front();
        }
        ++r.packets;
        got_bytes.clear();
        got_classes.clear();
      }
    }

    if (offering && out.s_axis_tready) {
      if (next == 0) expected.push_back({sending, static_cast<Mode>(in.cfg_mode)});
      offering = false;
      if (++next == sending.size()) {
        sending = RandomPacket(rng);
        next = 0;
      }
    }
    if (!bench.step(in)) {
      r.ok = false;
      r.fail_cycle = bench.checker().cycle();
      r.failure = bench.checker().message();
    }
  }
  r.cycles = bench.cycle();
  return r;
}

// Runs a stress configuration; on failure runs it again with a wave around the
// first failure and names the wave in the failure message.
void RunStress(const StressConfig& cfg, uint64_t default_seed, const std::string& name) {
  const uint64_t seed = sim::SeedFromEnv(default_seed);
  const auto t0 = std::chrono::steady_clock::now();
  StressResult r = Stress(cfg, seed, "", 0);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::cout << name << ": seed " << seed << ", " << r.cycles << " cycles, " << r.packets
            << " packets, " << r.beats << " code points (" << r.rejected << " rejected), "
            << r.resets << " resets, octets 1..6: " << r.lengths[1] << "/" << r.lengths[2] << "/"
            << r.lengths[3] << "/" << r.lengths[4] << "/" << r.lengths[5] << "/" << r.lengths[6]
            << ", " << secs << " s" << std::endl;
  if (!r.ok) {
    std::string path = sim::TracePath("utf8_encoder_" + sim::SafeName(name));
    if (path.empty()) path = "utf8_encoder_" + sim::SafeName(name) + ".fst";
    const uint64_t from = r.fail_cycle > 2000 ? r.fail_cycle - 2000 : 0;
    StressConfig again = cfg;
    again.cycles = r.fail_cycle + 20;
    Stress(again, seed, path, from);
    FAIL() << r.failure << "\n  wave (cycles " << from << ".." << again.cycles << "): " << path;
  }
  // The run must have exercised what it claims to.
  EXPECT_GE(r.cycles, cfg.cycles);
  EXPECT_GT(r.packets, cfg.cycles / 400);
  EXPECT_GT(r.rejected, 0u);
  for (int len = 1; len <= (cfg.mode == ModePolicy::kRfc3629 ? 4 : 6); ++len) {
    EXPECT_GT(r.lengths[len], 0u) << "no " << len << "-octet sequence came out";
  }
  if (cfg.reset_chance > 0) {
    EXPECT_GT(r.resets, 0u);
  }
}

// ---------------------------------------------------------------------------
// The stress matrix: {gaps, none} x {backpressure, none} x both modes.

struct MatrixCase {
  bool gaps;
  bool stall;
  Mode mode;
};

void PrintTo(const MatrixCase& m, std::ostream* os) {
  *os << (m.gaps ? "gaps" : "no gaps") << ", " << (m.stall ? "backpressure" : "ready") << ", "
      << ModeName(m.mode);
}

class EncoderStress : public ::testing::TestWithParam<MatrixCase> {};

// Cycles of each case; the gate-level build of this file runs fewer
// (tests/common/gate.cmake): a netlist simulates many times slower than the RTL.
#ifndef UTF8CORE_STRESS_CYCLES
#define UTF8CORE_STRESS_CYCLES 1000000
#endif
constexpr uint64_t kStressCycles = UTF8CORE_STRESS_CYCLES;

StressConfig MatrixConfig(const MatrixCase& m, uint64_t cycles) {
  StressConfig cfg;
  cfg.traffic.gap = m.gaps ? 0.3 : 0.0;
  cfg.traffic.stall = m.stall ? 0.3 : 0.0;
  cfg.mode = m.mode == Mode::kAnnexR ? ModePolicy::kAnnexR : ModePolicy::kRfc3629;
  cfg.cycles = cycles;
  cfg.reset_chance = 1.0 / 20000;
  return cfg;
}

uint64_t MatrixSeed(const MatrixCase& m) {
  return 0xE1C0DE00u + (m.gaps ? 1 : 0) + (m.stall ? 2 : 0) + (m.mode == Mode::kAnnexR ? 4 : 0);
}

TEST_P(EncoderStress, RtlMatchesCycleModelAndFunctionalModel) {
  RunStress(MatrixConfig(GetParam(), kStressCycles), MatrixSeed(GetParam()),
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
}

// Label long (tests/stream/utf8_encoder.cmake): the same with other seeds, 30 times longer.
TEST_P(EncoderStress, LongRtlMatchesCycleModelAndFunctionalModel) {
  RunStress(MatrixConfig(GetParam(), 30 * kStressCycles), MatrixSeed(GetParam()) + 0x100,
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
}

std::string MatrixName(const ::testing::TestParamInfo<MatrixCase>& info) {
  std::string s = info.param.gaps ? "gaps_" : "nogaps_";
  s += info.param.stall ? "backpressure_" : "ready_";
  s += info.param.mode == Mode::kAnnexR ? "annexr" : "rfc3629";
  return s;
}

INSTANTIATE_TEST_SUITE_P(Matrix, EncoderStress,
                         ::testing::Values(MatrixCase{false, false, Mode::kRfc3629},
                                           MatrixCase{true, false, Mode::kRfc3629},
                                           MatrixCase{false, true, Mode::kRfc3629},
                                           MatrixCase{true, true, Mode::kRfc3629},
                                           MatrixCase{false, false, Mode::kAnnexR},
                                           MatrixCase{true, false, Mode::kAnnexR},
                                           MatrixCase{false, true, Mode::kAnnexR},
                                           MatrixCase{true, true, Mode::kAnnexR}),
                         MatrixName);

// cfg_mode changes every clock: each packet must keep the mode of its first beat.
TEST(EncoderMode, SampledWithFirstBeatOfEachPacket) {
  StressConfig cfg;
  cfg.traffic.gap = 0.2;
  cfg.traffic.stall = 0.2;
  cfg.mode = ModePolicy::kToggleEveryCycle;
  cfg.cycles = 300000;
  cfg.reset_chance = 1.0 / 20000;
  RunStress(cfg, 0xE1C0DE10u, "mode_toggle");
}

// ---------------------------------------------------------------------------
// Table 4 written out by hand, independent of the functional model.

struct Vector {
  uint32_t cp;
  Mode mode;
  std::vector<uint8_t> octets;
  ErrorClass cls;
};

TEST(EncoderVectors, AnnexRTable4ByHand) {
  const Mode r = Mode::kRfc3629, a = Mode::kAnnexR;
  const ErrorClass ok = ErrorClass::kOk, sur = ErrorClass::kSurrogate, big = ErrorClass::kTooLarge;
  const std::vector<uint8_t> fffd = {0xEF, 0xBF, 0xBD};
  const std::vector<Vector> vectors = {
      {0x41, r, {0x41}, ok},
      {0x7F, r, {0x7F}, ok},
      {0x80, r, {0xC2, 0x80}, ok},
      {0xE9, r, {0xC3, 0xA9}, ok},
      {0x7FF, r, {0xDF, 0xBF}, ok},
      {0x800, r, {0xE0, 0xA0, 0x80}, ok},
      {0x20AC, r, {0xE2, 0x82, 0xAC}, ok},
      {0xD7FF, r, {0xED, 0x9F, 0xBF}, ok},
      {0xD800, r, fffd, sur},
      {0xDFFF, a, fffd, sur},
      {0xE000, r, {0xEE, 0x80, 0x80}, ok},
      {0xFFFE, r, {0xEF, 0xBF, 0xBE}, ok},
      {0x10000, r, {0xF0, 0x90, 0x80, 0x80}, ok},
      {0x10348, r, {0xF0, 0x90, 0x8D, 0x88}, ok},
      {0x10FFFF, r, {0xF4, 0x8F, 0xBF, 0xBF}, ok},
      {0x110000, r, fffd, big},
      {0x110000, a, {0xF4, 0x90, 0x80, 0x80}, ok},
      {0x1FFFFF, a, {0xF7, 0xBF, 0xBF, 0xBF}, ok},
      {0x200000, a, {0xF8, 0x88, 0x80, 0x80, 0x80}, ok},
      {0x200000, r, fffd, big},
      {0x3FFFFFF, a, {0xFB, 0xBF, 0xBF, 0xBF, 0xBF}, ok},
      {0x4000000, a, {0xFC, 0x84, 0x80, 0x80, 0x80, 0x80}, ok},
      {0x7FFFFFFF, a, {0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF}, ok},
      {0x80000000, a, fffd, big},
      {0xFFFFFFFF, a, fffd, big},
      {0xFFFFFFFF, r, fffd, big},
  };
  for (const Vector& v : vectors) {
    RunOptions opt;
    const EncoderRun run = RunUtf8Encoder({v.cp}, v.mode, opt);
    ASSERT_TRUE(run.report.ok) << run.report.mismatch;
    EXPECT_EQ(run.bytes, v.octets) << "U+" << std::hex << v.cp << " " << ModeName(v.mode);
    ASSERT_EQ(run.classes.size(), 1u);
    EXPECT_EQ(run.classes[0], v.cls) << "U+" << std::hex << v.cp << " " << ModeName(v.mode);
  }
}

// ---------------------------------------------------------------------------
// Every code point of rfc3629 (and beyond, to 0x11FFFF) as one packet.

TEST(EncoderSweep, EveryCodePointRfc3629) {
  std::vector<uint32_t> cps(0x120000);
  for (uint32_t i = 0; i < cps.size(); ++i) cps[i] = i;
  RunOptions opt;
  opt.seed = sim::SeedFromEnv(3);
  const auto t0 = std::chrono::steady_clock::now();
  const EncoderRun run = RunUtf8Encoder(cps, Mode::kRfc3629, opt);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::cout << cps.size() << " code points in " << run.report.cycles << " cycles, " << secs << " s"
            << std::endl;
  ASSERT_TRUE(run.report.ok) << run.report.mismatch;
  std::vector<uint8_t> want;
  EncodeStats stats;
  Encode(cps.data(), cps.size(), Mode::kRfc3629, &want, &stats);
  ASSERT_EQ(run.bytes.size(), want.size());
  EXPECT_TRUE(run.bytes == want);
  for (uint32_t i = 0; i < cps.size(); ++i) {
    const ErrorClass cls = i >= 0xD800 && i <= 0xDFFF ? ErrorClass::kSurrogate
                           : i > 0x10FFFF             ? ErrorClass::kTooLarge
                                                      : ErrorClass::kOk;
    ASSERT_EQ(run.classes[i], cls) << "U+" << std::hex << i;
  }
  EXPECT_EQ(run.err_count[static_cast<int>(ErrorClass::kSurrogate) - 1], 0x800u);
  EXPECT_EQ(run.err_count[static_cast<int>(ErrorClass::kTooLarge) - 1], 0x10000u);
}

// annex-r has 2^31 values: a stride through all 32-bit values, plus a window
// around every boundary, in one packet.
TEST(EncoderSweep, StridedAnnexR) {
  std::vector<uint32_t> cps;
  for (uint64_t v = 0; v <= 0xFFFFFFFFu; v += 4093) cps.push_back(static_cast<uint32_t>(v));
  for (uint32_t b : kBoundaries) {
    for (int d = -64; d <= 64; ++d) cps.push_back(b + static_cast<uint32_t>(d));
  }
  RunOptions opt;
  opt.seed = sim::SeedFromEnv(4);
  opt.traffic.stall = 0.1;
  const EncoderRun run = RunUtf8Encoder(cps, Mode::kAnnexR, opt);
  ASSERT_TRUE(run.report.ok) << run.report.mismatch;
  std::vector<uint8_t> want;
  EncodeStats stats;
  Encode(cps.data(), cps.size(), Mode::kAnnexR, &want, &stats);
  EXPECT_TRUE(run.bytes == want);
  EXPECT_EQ(run.err_count[static_cast<int>(ErrorClass::kSurrogate) - 1],
            stats.counts.n[static_cast<int>(ErrorClass::kSurrogate)]);
  EXPECT_EQ(run.err_count[static_cast<int>(ErrorClass::kTooLarge) - 1],
            stats.counts.n[static_cast<int>(ErrorClass::kTooLarge)]);
}

// Label long: a stride of 127 through all 32-bit values in annex-r (about 34
// million code points), in packets of 256, each beat checked against EncodeOne as
// it comes out, under light backpressure.
TEST(EncoderSweep, LongStride127AnnexR) {
  const uint64_t seed = sim::SeedFromEnv(11);
  EncoderBench bench(seed);
  Rng rng(seed);
  const uint64_t kStride = 127, kCount = (uint64_t{1} << 32) / kStride + 1;
  EncoderBench::Inputs in;
  in.rst = true;
  bench.step(in);
  in.rst = false;
  in.cfg_mode = true;
  uint64_t sent = 0, checked = 0;
  while (checked < kCount) {
    in.s_axis_tvalid = sent < kCount;
    in.s_axis_tdata = static_cast<uint32_t>(sent * kStride);
    in.s_axis_tlast = sent % 256 == 255 || sent + 1 == kCount;
    in.m_axis_tready = !rng.chance(0.1);
    const EncoderBench::Outputs& out = bench.rtl();
    if (out.m_axis_tvalid && in.m_axis_tready) {
      const uint32_t cp = static_cast<uint32_t>(checked * kStride);
      uint8_t want[6];
      ErrorClass cls;
      const int len = EncodeOne(cp, Mode::kAnnexR, want, &cls);
      uint64_t data = 0;
      for (int k = 0; k < len; ++k) data |= uint64_t{want[k]} << (8 * k);
      ASSERT_EQ(out.m_axis_tdata, data) << "0x" << std::hex << cp;
      ASSERT_EQ(out.m_axis_tkeep, (1u << len) - 1) << "0x" << std::hex << cp;
      ASSERT_EQ(out.m_axis_tuser, static_cast<uint8_t>(cls)) << "0x" << std::hex << cp;
      ++checked;
    }
    if (in.s_axis_tvalid && out.s_axis_tready) ++sent;
    ASSERT_TRUE(bench.step(in)) << bench.checker().message();
    ASSERT_LT(bench.cycle(), 4 * kCount) << "hung";
  }
  std::cout << checked << " code points in " << bench.cycle() << " cycles" << std::endl;
}

// Markus Kuhn's stress test decoded by the functional model, and its code points
// sent through the RTL: every well-formed sequence must come back as exactly the
// file's own bytes (a check against the input itself, not against Encode), and
// every error unit as EF BF BD.
TEST(EncoderKuhn, WellFormedSequencesComeBackAsTheirOwnBytes) {
  UTF8CORE_KUHN_OR_SKIP(text);
  ASSERT_GT(text.size(), 1000u) << "too short for Kuhn's stress test: " << UTF8CORE_KUHN_TEST;
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    const std::vector<Unit> units = Decode(text, mode);
    std::vector<uint32_t> cps;
    for (const Unit& u : units) cps.push_back(u.code_point);
    RunOptions opt;
    opt.seed = sim::SeedFromEnv(12);
    opt.traffic.gap = 0.1;
    opt.traffic.stall = 0.1;
    const EncoderRun run = RunUtf8Encoder(cps, mode, opt);
    ASSERT_TRUE(run.report.ok) << run.report.mismatch;
    ASSERT_EQ(run.lengths.size(), units.size());
    size_t pos = 0, well_formed = 0;
    for (size_t i = 0; i < units.size(); ++i) {
      const Unit& u = units[i];
      const std::vector<uint8_t> got(run.bytes.begin() + pos,
                                     run.bytes.begin() + pos + run.lengths[i]);
      pos += run.lengths[i];
      ASSERT_EQ(run.classes[i], ErrorClass::kOk) << "unit " << i;
      if (u.cls == ErrorClass::kOk) {
        ++well_formed;
        const std::vector<uint8_t> own(text.begin() + u.offset, text.begin() + u.offset + u.length);
        ASSERT_EQ(got, own) << ModeName(mode) << ", unit at byte " << u.offset;
      } else {
        ASSERT_EQ(got, (std::vector<uint8_t>{0xEF, 0xBF, 0xBD})) << "unit at byte " << u.offset;
      }
    }
    EXPECT_EQ(pos, run.bytes.size());
    EXPECT_GT(well_formed, 1000u);
  }
}

// ---------------------------------------------------------------------------
// Throughput: with m_axis_tready high and no gaps, N code points take N cycles
// plus the pipeline's fill, whatever their lengths or classes.

TEST(EncoderThroughput, OneCodePointPerClock) {
  Rng rng(sim::SeedFromEnv(5));
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    for (size_t n : {1u, 2u, 100u, 10000u}) {
      std::vector<uint32_t> cps(n);
      for (uint32_t& cp : cps) cp = RandomCodePoint(rng);
      RunOptions opt;
      const EncoderRun run = RunUtf8Encoder(cps, mode, opt);
      ASSERT_TRUE(run.report.ok) << run.report.mismatch;
      // First beat offered at cycle 0, taken at cycle 1 (tready is a register
      // that comes up one clock after reset), out kLatency clocks later.
      EXPECT_EQ(run.report.cycles, n + 1 + EncoderCycleModel::kLatency)
          << n << " code points, " << ModeName(mode);
      std::cout << ModeName(mode) << ": " << n << " code points in " << run.report.cycles
                << " cycles" << std::endl;
    }
  }
}

// With backpressure the input keeps pace with the output: over a long packet the
// accepted rate equals the output's ready rate.
TEST(EncoderThroughput, KeepsPaceWithBackpressure) {
  Rng rng(sim::SeedFromEnv(6));
  std::vector<uint32_t> cps(20000);
  for (uint32_t& cp : cps) cp = RandomCodePoint(rng);
  RunOptions opt;
  opt.traffic.stall = 0.5;
  opt.seed = sim::SeedFromEnv(6);
  const EncoderRun run = RunUtf8Encoder(cps, Mode::kAnnexR, opt);
  ASSERT_TRUE(run.report.ok) << run.report.mismatch;
  // Half the cycles are stalled: about 2 cycles per code point, and not more.
  EXPECT_LT(run.report.cycles, cps.size() * 2 * 105 / 100);
}

// ---------------------------------------------------------------------------
// Error counters.

TEST(EncoderCounters, CountRejectedCodePointsLikeTheFunctionalModel) {
  Rng rng(sim::SeedFromEnv(7));
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    std::vector<uint32_t> cps(5000);
    for (uint32_t& cp : cps) cp = RandomCodePoint(rng);
    RunOptions opt;
    opt.traffic.gap = 0.2;
    opt.traffic.stall = 0.2;
    const EncoderRun run = RunUtf8Encoder(cps, mode, opt);
    ASSERT_TRUE(run.report.ok) << run.report.mismatch;
    std::vector<uint8_t> want;
    EncodeStats stats;
    Encode(cps.data(), cps.size(), mode, &want, &stats);
    EXPECT_TRUE(run.bytes == want);
    for (int c = 1; c < kNumClasses; ++c) {
      EXPECT_EQ(run.err_count[c - 1], stats.counts.n[c])
          << ClassName(static_cast<ErrorClass>(c)) << " " << ModeName(mode);
    }
    EXPECT_GT(stats.rejected, 0u);
  }
}

// The COUNT_WIDTH=4 build saturates at 15; reset clears the counters.
TEST(EncoderCounters, SaturateAndClearOnReset) {
  const uint64_t seed = sim::SeedFromEnv(8);
  EncoderBench bench(seed, "", sim::kEncoderCount4);
  EncoderBench::Inputs in;
  in.rst = true;
  bench.step(in);
  in.rst = false;
  in.m_axis_tready = true;
  const int kSurrogates = 40, kTooLarge = 13;
  std::vector<uint32_t> cps;
  for (int i = 0; i < kSurrogates; ++i) cps.push_back(0xD800 + i);
  for (int i = 0; i < kTooLarge; ++i) cps.push_back(0x110000 + i);
  size_t next = 0;
  std::vector<uint64_t> seen_sur;
  while (bench.cycle() < 200) {
    const bool offering = next < cps.size();
    in.s_axis_tvalid = offering;
    in.s_axis_tdata = offering ? cps[next] : 0;
    in.s_axis_tlast = next + 1 == cps.size();
    if (offering && bench.rtl().s_axis_tready) ++next;
    seen_sur.push_back(bench.rtl().err_count[3]);
    ASSERT_TRUE(bench.step(in)) << bench.checker().message();
  }
  EXPECT_EQ(bench.rtl().err_count[3], 15u);
  EXPECT_EQ(bench.rtl().err_count[4], 13u);
  for (int c : {0, 1, 2, 5}) EXPECT_EQ(bench.rtl().err_count[c], 0u);
  // Never wrapped: the count only rises, one step at a time.
  for (size_t i = 1; i < seen_sur.size(); ++i) {
    ASSERT_TRUE(seen_sur[i] == seen_sur[i - 1] || seen_sur[i] == seen_sur[i - 1] + 1)
        << "cycle " << i << ": " << seen_sur[i - 1] << " -> " << seen_sur[i];
  }
  in = EncoderBench::Inputs();
  in.rst = true;
  ASSERT_TRUE(bench.step(in)) << bench.checker().message();
  for (int c = 0; c < 6; ++c) EXPECT_EQ(bench.rtl().err_count[c], 0u);
}

// After a reset mid-packet the encoder is idle and the next packet is whole.
TEST(EncoderReset, MidPacketLosesOnlyThatPacket) {
  const uint64_t seed = sim::SeedFromEnv(9);
  EncoderBench bench(seed);
  EncoderBench::Inputs in;
  in.rst = true;
  bench.step(in);
  in.rst = false;
  in.m_axis_tready = false;  // fill the pipeline and the skid buffer
  in.cfg_mode = true;        // the lost packet is annex-r ...
  in.s_axis_tvalid = true;
  in.s_axis_tdata = 0x4000000;
  for (int k = 0; k < 10; ++k) ASSERT_TRUE(bench.step(in)) << bench.checker().message();
  EXPECT_FALSE(bench.rtl().s_axis_tready);
  EXPECT_TRUE(bench.rtl().m_axis_tvalid);
  in.rst = true;
  ASSERT_TRUE(bench.step(in)) << bench.checker().message();
  EXPECT_FALSE(bench.rtl().m_axis_tvalid);
  // ... and the next one rfc3629, its mode sampled afresh.
  in = EncoderBench::Inputs();
  in.m_axis_tready = true;
  std::vector<uint8_t> bytes;
  const std::vector<uint32_t> cps = {0x4000000, 0x41};
  size_t next = 0;
  bool last_seen = false;
  for (int k = 0; k < 20; ++k) {
    const bool offering = next < cps.size();
    in.s_axis_tvalid = offering;
    in.s_axis_tdata = offering ? cps[next] : 0;
    in.s_axis_tlast = next + 1 == cps.size();
    const EncoderBench::Outputs out = bench.rtl();
    if (out.m_axis_tvalid) {
      for (int b = 0; b < 6 && ((out.m_axis_tkeep >> b) & 1); ++b) {
        bytes.push_back(static_cast<uint8_t>(out.m_axis_tdata >> (8 * b)));
      }
      last_seen = out.m_axis_tlast;
    }
    if (offering && out.s_axis_tready) ++next;
    ASSERT_TRUE(bench.step(in)) << bench.checker().message();
  }
  EXPECT_TRUE(last_seen);
  EXPECT_EQ(bytes, (std::vector<uint8_t>{0xEF, 0xBF, 0xBD, 0x41}));
}

}  // namespace
}  // namespace utf8core
