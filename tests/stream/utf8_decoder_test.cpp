// Tests of the scalar decoder RTL (rtl/stream/utf8_decoder.v) against its cycle model and
// the functional model. Every test drives the Verilated RTL and the cycle model
// with the same stimulus through sim::DecoderBench, which compares every output
// every clock; a transaction scoreboard also checks each packet's units against
// utf8core::Decode() and its status against Summarize(), and the error counters
// against the units delivered since the last reset.
//
// On the first mismatch a test prints cycle, signal, expected, actual and seed,
// and the run is repeated with an FST wave ($UTF8CORE_TRACE, else the working
// directory). UTF8CORE_SEED replaces the seeds.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <deque>
#include <string>
#include <vector>

#include "fst_trace.h"
#include "harness.h"
#include "kuhn_file.h"
#include "utf8_decoder_run.h"
#include "utf8_model.h"

namespace utf8core {
namespace {

using sim::DecoderBench;
using sim::Rng;
using sim::Traffic;

// ---------------------------------------------------------------------------
// Stimulus

// Bytes at and around every boundary of SPEC §2's table, then well-formed
// sequences, then anything.
constexpr uint8_t kEdgeBytes[] = {
    0x00, 0x41, 0x7F, 0x80, 0x83, 0x84, 0x87, 0x88, 0x8F, 0x90, 0x9F, 0xA0, 0xBF,
    0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3,
    0xF4, 0xF5, 0xF7, 0xF8, 0xF9, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF};

void AppendWellFormed(Rng& rng, Mode mode, std::vector<uint8_t>* out) {
  static const uint32_t kEdges[] = {0x7F,    0x80,     0x7FF,    0x800,     0xD7FF,
                                    0xE000,  0xFFFD,   0xFFFF,   0x10000,   0x10FFFF,
                                    0x110000, 0x1FFFFF, 0x200000, 0x3FFFFFF, 0x4000000,
                                    0x7FFFFFFF};
  const uint32_t max = mode == Mode::kAnnexR ? 0x7FFFFFFF : 0x10FFFF;
  uint32_t cp;
  switch (rng.below(3)) {
    case 0: cp = kEdges[rng.below(sizeof(kEdges) / sizeof(kEdges[0]))]; break;
    case 1: cp = rng.below(0x800); break;
    default: cp = static_cast<uint32_t>(rng.u64() % (uint64_t{max} + 1)); break;
  }
  if (cp > max || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
  uint8_t b[6];
  ErrorClass cls;
  const int n = EncodeOne(cp, mode, b, &cls);
  out->insert(out->end(), b, b + n);
}

std::vector<uint8_t> RandomPacket(Rng& rng, Mode mode, size_t len) {
  std::vector<uint8_t> p;
  p.reserve(len + 6);
  while (p.size() < len) {
    const uint32_t k = rng.below(10);
    if (k < 4) {
      p.push_back(kEdgeBytes[rng.below(sizeof(kEdgeBytes))]);
    } else if (k < 8) {
      AppendWellFormed(rng, mode, &p);
      // Sometimes cut the sequence short or break it with an edge byte.
      if (rng.chance(0.2)) p.pop_back();
    } else {
      p.push_back(static_cast<uint8_t>(rng.u64()));
    }
  }
  p.resize(len);
  return p;
}

// Lengths biased to the small ones, where packet boundaries meet sequences.
size_t RandomLength(Rng& rng) {
  switch (rng.below(8)) {
    case 0: return 1;
    case 1: return 2 + rng.below(3);
    case 2: case 3: return 1 + rng.below(16);
    case 4: case 5: return 1 + rng.below(64);
    case 6: return 1 + rng.below(400);
    default: return 1 + rng.below(2000);
  }
}

// ---------------------------------------------------------------------------
// A packet stream through the bench, with a scoreboard.

struct Packet {
  std::vector<uint8_t> bytes;  // at least one
  Mode mode = Mode::kRfc3629;
  int reset_after = -1;        // >= 0: reset after this many bytes were taken (packet lost)
};

struct StreamOptions {
  Traffic traffic;
  const sim::DecoderVariant* widths = &sim::kDecoderDefault;
  bool toggle_mode = true;     // cfg_mode changes at random inside packets (must not matter)
  // Before a reset, let every earlier packet leave the block, so that the reset
  // can only lose the packet it interrupts.
  bool drain_before_reset = false;
};

struct StreamResult {
  bool ok = true;
  std::string failure;         // first failure: the bench's mismatch or the scoreboard's
  uint64_t cycles = 0;
  uint64_t packets_checked = 0;
  uint64_t units_checked = 0;
  uint64_t resets = 0;
};

std::string Describe(const Unit& u) {
  char b[96];
  std::snprintf(b, sizeof b, "U+%04X len %d %s @%llu", u.code_point, u.length, ClassName(u.cls),
                static_cast<unsigned long long>(u.offset));
  return b;
}

class Scoreboard {
 public:
  // Offsets are reported modulo 2^offset_width; counters saturate at 2^count_width - 1.
  Scoreboard(uint64_t seed, int offset_width, int count_width)
      : seed_(seed),
        offset_mask_(offset_width >= 64 ? ~uint64_t{0} : (uint64_t{1} << offset_width) - 1),
        count_max_(count_width >= 64 ? ~uint64_t{0} : (uint64_t{1} << count_width) - 1) {}

  // A packet whose first byte was taken (its mode known from then on).
  void started(const std::vector<uint8_t>& bytes, Mode mode) {
    Expect e;
    e.units = Decode(bytes, mode);
    e.verdict = Summarize(e.units);
    units_.push_back(e);
    stats_.push_back(e.verdict);
  }
  // Reset: every packet not yet fully out is lost, the counters clear.
  void reset() {
    units_.clear();
    stats_.clear();
    got_.clear();
    counts_.fill(0);
  }
  void unit(const Unit& u, bool last, uint64_t cycle) {
    counts_[static_cast<int>(u.cls)]++;
    got_.push_back(u);
    if (!last) return;
    if (units_.empty()) return fail(cycle, "a packet ended on m_axis that was never sent");
    const std::vector<Unit>& want = units_.front().units;
    Unit g{};
    uint64_t off = 0;
    for (size_t i = 0; i < std::max(want.size(), got_.size()); ++i) {
      if (i < got_.size()) {
        g = got_[i];
        g.offset = off;
        off += g.length;
      }
      if (i >= want.size() || i >= got_.size() || g != want[i]) {
        return fail(cycle, "packet " + std::to_string(packets_) + " unit " + std::to_string(i) +
                               ": RTL " + (i < got_.size() ? Describe(g) : "nothing") +
                               ", Decode() " + (i < want.size() ? Describe(want[i]) : "nothing"));
      }
    }
    units_checked_ += want.size();
    ++packets_;
    units_.pop_front();
    got_.clear();
  }
  void stat(bool error, uint64_t offset, int cls, uint64_t cycle) {
    if (stats_.empty()) return fail(cycle, "stat_valid without a packet");
    const Verdict& v = stats_.front();
    if (error != !v.valid || offset != (v.valid ? 0 : v.first_error_offset & offset_mask_) ||
        cls != static_cast<int>(v.first_error_class)) {
      char b[200];
      std::snprintf(b, sizeof b,
                    "status: RTL error=%d offset=%llu class=%d, Summarize() error=%d offset=%llu "
                    "class=%d",
                    error, static_cast<unsigned long long>(offset), cls, !v.valid,
                    static_cast<unsigned long long>(v.first_error_offset),
                    static_cast<int>(v.first_error_class));
      return fail(cycle, b);
    }
    stats_.pop_front();
  }
  void counters(const std::array<uint64_t, 6>& c, uint64_t cycle) {
    for (int k = 1; k <= 6; ++k) {
      if (c[k - 1] != std::min(counts_[k], count_max_)) {
        return fail(cycle, std::string("err_count[") + ClassName(static_cast<ErrorClass>(k)) +
                               "] " + std::to_string(c[k - 1]) + ", units delivered " +
                               std::to_string(counts_[k]) + " (saturating at " +
                               std::to_string(count_max_) + ")");
      }
    }
  }
  bool idle() const { return units_.empty() && stats_.empty(); }
  size_t outstanding() const { return std::max(units_.size(), stats_.size()); }
  bool ok() const { return failure_.empty(); }
  const std::string& failure() const { return failure_; }
  uint64_t packets() const { return packets_; }
  uint64_t units_checked() const { return units_checked_; }

 private:
  struct Expect {
    std::vector<Unit> units;
    Verdict verdict;
  };
  void fail(uint64_t cycle, const std::string& what) {
    if (!failure_.empty()) return;
    failure_ = "scoreboard at cycle " + std::to_string(cycle) + ": " + what + ", seed " +
               std::to_string(seed_);
  }

  uint64_t seed_;
  uint64_t offset_mask_;
  uint64_t count_max_;
  std::deque<Expect> units_;
  std::deque<Verdict> stats_;
  std::vector<Unit> got_;
  std::array<uint64_t, kNumClasses> counts_{};
  uint64_t packets_ = 0;
  uint64_t units_checked_ = 0;
  std::string failure_;
};

StreamResult RunStream(const std::vector<Packet>& packets, const StreamOptions& so, uint64_t seed,
                       const std::string& trace_path, uint64_t stop_after_cycles = ~uint64_t{0}) {
  Rng rng(seed);
  DecoderBench bench(seed, trace_path, *so.widths);
  Scoreboard sb(seed, so.widths->offset_width, so.widths->count_width);
  StreamResult r;
  DecoderBench::Inputs in;

  auto step = [&](const DecoderBench::Inputs& i) {
    const auto o = bench.step(i);
    if (o.m_axis_tvalid && i.m_axis_tready && !i.rst) {
      Unit u{o.m_axis_tdata, 0, static_cast<uint8_t>(o.m_axis_tuser >> 3),
             static_cast<ErrorClass>(o.m_axis_tuser & 7)};
      sb.unit(u, o.m_axis_tlast, bench.cycles());
    }
    if (o.stat_valid && !i.rst) sb.stat(o.stat_error, o.stat_err_offset, o.stat_err_class, bench.cycles());
    return o;
  };

  in.rst = true;
  step(in);
  in.rst = false;

  size_t pkt = 0, next = 0;
  bool offering = false;
  while (pkt < packets.size() && bench.checker().ok() && sb.ok() && bench.cycles() < stop_after_cycles) {
    const Packet& p = packets[pkt];
    if (p.reset_after >= 0 && next == static_cast<size_t>(p.reset_after) && !offering) {
      // Reset in the middle of this packet: it is lost, the next one is clean.
      if (so.drain_before_reset) {
        in.s_axis_tvalid = false;
        const size_t victim = next > 0 ? 1 : 0;
        for (int k = 0; k < 10000 && sb.outstanding() > victim; ++k) {
          in.m_axis_tready = !rng.chance(so.traffic.stall);
          step(in);
        }
      }
      in.rst = true;
      in.s_axis_tvalid = false;
      const int n = 1 + static_cast<int>(rng.below(2));
      for (int k = 0; k < n; ++k) step(in);
      in.rst = false;
      sb.reset();
      ++r.resets;
      ++pkt;
      next = 0;
      continue;
    }
    if (!offering && !rng.chance(so.traffic.gap)) offering = true;
    if (next == 0 && offering) in.cfg_mode = p.mode == Mode::kAnnexR;
    else if (so.toggle_mode && rng.chance(0.2)) in.cfg_mode = !in.cfg_mode;
    in.s_axis_tvalid = offering;
    in.s_axis_tdata = offering ? p.bytes[next] : static_cast<uint8_t>(rng.u64());
    in.s_axis_tlast = offering ? next + 1 == p.bytes.size() : rng.chance(0.5);
    in.m_axis_tready = !rng.chance(so.traffic.stall);
    const auto o = step(in);
    if (offering && o.s_axis_tready) {
      if (next == 0) sb.started(p.bytes, p.mode);
      offering = false;
      if (++next == p.bytes.size()) {
        ++pkt;
        next = 0;
      }
    }
  }
  // Drain, then the counters must hold what was delivered since the last reset.
  in.s_axis_tvalid = false;
  for (int k = 0; k < 100000 && !sb.idle() && bench.checker().ok() && sb.ok(); ++k) {
    in.m_axis_tready = !rng.chance(so.traffic.stall);
    step(in);
  }
  in.m_axis_tready = true;
  for (int k = 0; k < 4; ++k) step(in);
  const auto o = step(in);
  if (!sb.idle() && sb.ok()) {
    r.ok = false;
    r.failure = "stream did not drain (hang), seed " + std::to_string(seed);
  }
  if (bench.cycles() < stop_after_cycles) sb.counters(o.err_count, bench.cycles());
  r.cycles = bench.cycles();
  r.packets_checked = sb.packets();
  r.units_checked = sb.units_checked();
  if (!bench.checker().ok()) {
    r.ok = false;
    r.failure = bench.checker().message();
  } else if (!sb.ok()) {
    r.ok = false;
    r.failure = sb.failure();
  }
  return r;
}

// Runs a stream; on failure runs it again with a wave up to just past the failure.
StreamResult RunChecked(const std::string& name, const std::vector<Packet>& packets,
                        const StreamOptions& so, uint64_t seed) {
  const std::string trace = sim::TracePath(sim::SafeName("utf8_decoder_" + name));
  StreamResult r = RunStream(packets, so, seed, trace);
  if (!r.ok) {
    std::string wave = trace;
    if (wave.empty()) {
      wave = sim::SafeName("utf8_decoder_" + name) + ".fst";
      RunStream(packets, so, seed, wave, r.cycles + 20);
    }
    r.failure += " (wave: " + wave + ")";
  }
  return r;
}

uint64_t Seed(uint64_t fallback) { return sim::SeedFromEnv(fallback); }

std::vector<Packet> RandomStream(Rng& rng, uint64_t min_bytes, int mode_choice, double reset_rate) {
  std::vector<Packet> ps;
  uint64_t total = 0;
  while (total < min_bytes) {
    Packet p;
    p.mode = mode_choice == 0 ? Mode::kRfc3629
             : mode_choice == 1 ? Mode::kAnnexR
                                : (rng.chance(0.5) ? Mode::kAnnexR : Mode::kRfc3629);
    p.bytes = RandomPacket(rng, p.mode, RandomLength(rng));
    if (rng.chance(reset_rate)) p.reset_after = static_cast<int>(rng.below(p.bytes.size()));
    total += p.bytes.size();
    ps.push_back(std::move(p));
  }
  return ps;
}

// ---------------------------------------------------------------------------
// The stress matrix: {no gaps, gaps} x {no backpressure, backpressure} x mode.

struct MatrixCase {
  double gap;
  double stall;
  int mode;  // 0 rfc3629, 1 annex-r
};

class DecoderStress : public ::testing::TestWithParam<MatrixCase> {};

// Cycles of each case; the gate-level build of this file runs fewer
// (tests/common/gate.cmake): a netlist simulates many times slower than the RTL.
#ifndef UTF8CORE_STRESS_CYCLES
#define UTF8CORE_STRESS_CYCLES 1000000
#endif
constexpr uint64_t kStressCycles = UTF8CORE_STRESS_CYCLES;

TEST_P(DecoderStress, MillionCyclesAgainstModels) {
  const MatrixCase c = GetParam();
  const uint64_t seed = Seed(0x5eed0000 + static_cast<uint64_t>(c.gap * 10) * 100 +
                             static_cast<uint64_t>(c.stall * 10) * 10 + c.mode);
  Rng rng(seed);
  StreamOptions so;
  so.traffic.gap = c.gap;
  so.traffic.stall = c.stall;
  // At most one byte per clock: 10% more bytes than cycles pass the cycle count
  // even after the packets that resets cut short.
  const auto packets = RandomStream(rng, kStressCycles / 10 * 11, c.mode, 0.01);
  const std::string name = std::string(c.mode ? "annex-r" : "rfc3629") + "_" +
                           (c.gap > 0 ? "gaps" : "nogaps") + "_" +
                           (c.stall > 0 ? "backpressure" : "nobackpressure");
  const StreamResult r = RunChecked(name, packets, so, seed);
  std::printf("[ stress   ] %s seed %llu: %llu cycles, %llu packets, %llu units, %llu resets\n",
              name.c_str(), static_cast<unsigned long long>(seed),
              static_cast<unsigned long long>(r.cycles),
              static_cast<unsigned long long>(r.packets_checked),
              static_cast<unsigned long long>(r.units_checked),
              static_cast<unsigned long long>(r.resets));
  ASSERT_TRUE(r.ok) << r.failure;
  EXPECT_GE(r.cycles, kStressCycles);
  EXPECT_GT(r.resets, 0u);
}

INSTANTIATE_TEST_SUITE_P(
    Matrix, DecoderStress,
    ::testing::Values(MatrixCase{0, 0, 0}, MatrixCase{0.3, 0, 0}, MatrixCase{0, 0.3, 0},
                      MatrixCase{0.3, 0.3, 0}, MatrixCase{0, 0, 1}, MatrixCase{0.3, 0, 1},
                      MatrixCase{0, 0.3, 1}, MatrixCase{0.3, 0.3, 1}),
    [](const ::testing::TestParamInfo<MatrixCase>& i) {
      return std::string(i.param.mode ? "AnnexR" : "Rfc3629") +
             (i.param.gap > 0 ? "Gaps" : "NoGaps") +
             (i.param.stall > 0 ? "Backpressure" : "NoBackpressure");
    });

// ---------------------------------------------------------------------------
// Directed streams.

const Traffic kTraffics[] = {{0, 0}, {0.3, 0}, {0, 0.3}, {0.5, 0.5}};

// Every packet not interrupted by a reset must come out and be checked.
void RunAllTraffics(const std::string& name, const std::vector<Packet>& packets, uint64_t seed) {
  for (const Traffic& t : kTraffics) {
    StreamOptions so;
    so.traffic = t;
    so.drain_before_reset = true;
    const StreamResult r = RunChecked(name + "_" + t.name(), packets, so, seed);
    ASSERT_TRUE(r.ok) << t.name() << ": " << r.failure;
    ASSERT_EQ(r.packets_checked + r.resets, packets.size()) << t.name();
  }
}

// Ill-formed pieces of each class (SPEC §3), some in one mode only.
struct ErrorPiece {
  std::vector<uint8_t> bytes;
  ErrorClass cls;  // class of the piece's first unit
  int modes;       // bit 0 rfc3629, bit 1 annex-r
};

std::vector<ErrorPiece> ErrorPieces() {
  using E = ErrorClass;
  return {
      {{0xE2, 0x82}, E::kTooShort, 3},      {{0xC3}, E::kTooShort, 3},
      {{0xF0, 0x9F, 0x98}, E::kTooShort, 3}, {{0xE0, 0x41}, E::kTooShort, 3},
      {{0xFC, 0x84, 0x80, 0x80}, E::kTooShort, 2}, {{0xF8, 0x88, 0x80}, E::kTooShort, 2},
      {{0x80}, E::kTooLong, 3},             {{0xBF}, E::kTooLong, 3},
      {{0xC0}, E::kOverlong, 3},            {{0xC1, 0xBF}, E::kOverlong, 3},
      {{0xE0, 0x80}, E::kOverlong, 3},      {{0xE0, 0x9F, 0xBF}, E::kOverlong, 3},
      {{0xF0, 0x8F}, E::kOverlong, 3},      {{0xF8, 0x87}, E::kOverlong, 2},
      {{0xFC, 0x83}, E::kOverlong, 2},      {{0xED, 0xA0, 0x80}, E::kSurrogate, 3},
      {{0xED, 0xBF}, E::kSurrogate, 3},     {{0xF4, 0x90, 0x80, 0x80}, E::kTooLarge, 1},
      {{0xF5}, E::kTooLarge, 1},            {{0xF7, 0xBF}, E::kTooLarge, 1},
      {{0xF8, 0x88, 0x80, 0x80, 0x80}, E::kHeaderBits, 1},
      {{0xFC}, E::kHeaderBits, 1},          {{0xFE}, E::kHeaderBits, 3},
      {{0xFF, 0x80}, E::kHeaderBits, 3},
  };
}

TEST(DecoderDirected, EveryErrorClassAtEveryPosition) {
  // Each piece at each position of short packets of ASCII, two-byte and
  // four-byte fillers; the piece's class is checked against Decode() first, so
  // the table itself cannot drift from the model.
  const std::vector<std::vector<uint8_t>> fillers = {{0x41}, {0xC3, 0xA9}, {0xF0, 0x9F, 0x98, 0x80}};
  std::vector<Packet> packets;
  for (const ErrorPiece& e : ErrorPieces()) {
    for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
      if (!(e.modes & (mode == Mode::kAnnexR ? 2 : 1))) continue;
      const auto alone = Decode(e.bytes, mode);
      ASSERT_FALSE(alone.empty());
      ASSERT_EQ(alone[0].cls, e.cls) << "piece of " << ClassName(e.cls) << " in " << ModeName(mode);
      for (const auto& fill : fillers) {
        for (int before = 0; before <= 3; ++before) {
          for (int after = 0; after <= 3; ++after) {
            Packet p;
            p.mode = mode;
            for (int k = 0; k < before; ++k) p.bytes.insert(p.bytes.end(), fill.begin(), fill.end());
            p.bytes.insert(p.bytes.end(), e.bytes.begin(), e.bytes.end());
            for (int k = 0; k < after; ++k) p.bytes.insert(p.bytes.end(), fill.begin(), fill.end());
            packets.push_back(p);
          }
        }
      }
    }
  }
  RunAllTraffics("error_positions", packets, Seed(11));
}

TEST(DecoderDirected, EveryClassIsProduced) {
  // The directed pieces must reach every class in the RTL's own output.
  std::array<bool, kNumClasses> seen{};
  for (const ErrorPiece& e : ErrorPieces()) {
    const Mode mode = (e.modes & 1) ? Mode::kRfc3629 : Mode::kAnnexR;
    sim::RunOptions opt;
    const DecoderRun run = RunUtf8Decoder(e.bytes, mode, opt);
    ASSERT_TRUE(run.report.ok) << run.report.mismatch;
    ASSERT_FALSE(run.units.empty());
    EXPECT_EQ(run.units[0].cls, e.cls);
    seen[static_cast<int>(run.units[0].cls)] = true;
  }
  for (int c = 1; c < kNumClasses; ++c) EXPECT_TRUE(seen[c]) << ClassName(static_cast<ErrorClass>(c));
}

TEST(DecoderDirected, OneBytePackets) {
  std::vector<Packet> packets;
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    for (int b = 0; b < 256; ++b) packets.push_back(Packet{{static_cast<uint8_t>(b)}, mode, -1});
  }
  RunAllTraffics("one_byte", packets, Seed(12));
}

TEST(DecoderDirected, TwoAndThreeBytePacketsExhaustiveLeads) {
  // Every lead byte followed by each edge byte, as 2-byte packets and with a
  // third edge byte: every lead/second-byte range decision, ended by tlast or not.
  std::vector<Packet> packets;
  Rng rng(Seed(13));
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    for (int lead = 0xC0; lead < 256; ++lead) {
      for (uint8_t b1 : kEdgeBytes) {
        packets.push_back(Packet{{static_cast<uint8_t>(lead), b1}, mode, -1});
        packets.push_back(
            Packet{{static_cast<uint8_t>(lead), b1, kEdgeBytes[rng.below(sizeof kEdgeBytes)]}, mode, -1});
      }
    }
  }
  RunAllTraffics("lead_pairs", packets, Seed(13));
}

TEST(DecoderDirected, LongPackets) {
  Rng rng(Seed(14));
  std::vector<Packet> packets;
  for (int k = 0; k < 4; ++k) {
    const Mode mode = k % 2 ? Mode::kAnnexR : Mode::kRfc3629;
    packets.push_back(Packet{RandomPacket(rng, mode, 50000), mode, -1});
  }
  RunAllTraffics("long", packets, Seed(14));
}

TEST(DecoderDirected, ResetMidPacketLosesOnlyThatPacket) {
  // A reset at every position of a packet, the next packet must come out whole.
  Rng rng(Seed(15));
  std::vector<Packet> packets;
  const std::vector<uint8_t> victim = {0x41, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0xC3};
  for (size_t at = 0; at < victim.size(); ++at) {
    packets.push_back(Packet{victim, Mode::kRfc3629, static_cast<int>(at)});
    packets.push_back(Packet{RandomPacket(rng, Mode::kRfc3629, 1 + rng.below(12)), Mode::kRfc3629, -1});
  }
  RunAllTraffics("reset_mid_packet", packets, Seed(15));
}

TEST(DecoderDirected, ModeSampledAtFirstByte) {
  // Bytes whose units differ between the modes; cfg_mode flips inside packets.
  std::vector<Packet> packets;
  Rng rng(Seed(16));
  for (int k = 0; k < 400; ++k) {
    Packet p;
    p.mode = rng.chance(0.5) ? Mode::kAnnexR : Mode::kRfc3629;
    const std::vector<uint8_t> pieces[] = {{0xF8, 0x88, 0x80, 0x80, 0x80}, {0xF5, 0x80, 0x80, 0x80},
                                           {0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF}, {0xF4, 0x90, 0x80, 0x80}};
    for (int j = 0; j < 3; ++j) {
      const auto& piece = pieces[rng.below(4)];
      p.bytes.insert(p.bytes.end(), piece.begin(), piece.end());
    }
    packets.push_back(p);
  }
  StreamOptions so;
  so.toggle_mode = true;
  so.traffic = {0.2, 0.2};
  const StreamResult r = RunChecked("mode_sampling", packets, so, Seed(16));
  ASSERT_TRUE(r.ok) << r.failure;
  EXPECT_EQ(r.packets_checked, packets.size());
}

TEST(DecoderDirected, NarrowWidthsWrapOffsetsAndSaturateCounters) {
  // OFFSET_WIDTH 4, COUNT_WIDTH 3: first-error offsets beyond 15 wrap, and every
  // class's counter passes 7 and must stay there.
  Rng rng(Seed(17));
  std::vector<Packet> packets;
  for (int k = 0; k < 300; ++k) {
    const Mode mode = k % 3 == 0 ? Mode::kAnnexR : Mode::kRfc3629;
    Packet p{RandomPacket(rng, mode, 1 + rng.below(60)), mode, -1};
    packets.push_back(p);
  }
  for (const ErrorPiece& e : ErrorPieces()) {
    for (int k = 0; k < 10; ++k) {
      const Mode mode = (e.modes & 1) ? Mode::kRfc3629 : Mode::kAnnexR;
      Packet p;
      p.mode = mode;
      p.bytes.assign(rng.below(40), 0x41);  // the error lands at offsets past 15 too
      p.bytes.insert(p.bytes.end(), e.bytes.begin(), e.bytes.end());
      packets.push_back(p);
    }
  }
  for (const Traffic& t : kTraffics) {
    StreamOptions so;
    so.traffic = t;
    so.widths = &sim::kDecoderNarrow;
    const StreamResult r = RunChecked(std::string("narrow_") + t.name(), packets, so, Seed(17));
    ASSERT_TRUE(r.ok) << t.name() << ": " << r.failure;
    ASSERT_EQ(r.packets_checked, packets.size());
  }
}

// ---------------------------------------------------------------------------
// One-packet runner, throughput, reference text.

TEST(DecoderRunner, KuhnStressTestBothModes) {
  UTF8CORE_KUHN_OR_SKIP(bytes);
  ASSERT_GT(bytes.size(), 10000u) << "too short for Kuhn's stress test: " << UTF8CORE_KUHN_TEST;
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    sim::RunOptions opt;
    opt.traffic = {0.1, 0.1};
    opt.seed = Seed(21);
    opt.trace_path = sim::TracePath(std::string("utf8_decoder_kuhn_") + ModeName(mode));
    const DecoderRun run = RunUtf8Decoder(bytes, mode, opt);
    ASSERT_TRUE(run.report.ok) << run.report.mismatch;
    const auto want = Decode(bytes, mode);
    ASSERT_EQ(run.units.size(), want.size());
    for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(run.units[i], want[i]) << "unit " << i;
    const Verdict v = Summarize(want);
    EXPECT_TRUE(run.stat_seen);
    EXPECT_EQ(run.stat_error, !v.valid);
    EXPECT_EQ(run.stat_err_offset, v.first_error_offset);
    EXPECT_EQ(run.stat_err_class, v.first_error_class);
    for (int c = 1; c <= 6; ++c) EXPECT_EQ(run.err_count[c - 1], v.counts.n[c]) << ClassName(static_cast<ErrorClass>(c));
  }
}

TEST(DecoderRunner, CountersIncludeThePacketsLastUnit) {
  // The counters trail the last unit by a few clocks; a runner that read them at
  // the packet's end would miss a closing error unit (seen as TOO_SHORT = 0 here).
  const std::vector<std::vector<uint8_t>> packets = {
      {0x41, 0xC0, 0x80, 0x42, 0xE2, 0x82}, {0xE2}, {0x80}, {0x41, 0xFF}, {0xF0, 0x90, 0x80}};
  const sim::Traffic shapes[] = {{0, 0}, {0.5, 0}, {0, 0.5}, {0.5, 0.5}};
  for (const auto& bytes : packets) {
    for (const sim::Traffic& t : shapes) {
      sim::RunOptions opt;
      opt.traffic = t;
      opt.seed = Seed(23);
      const DecoderRun run = RunUtf8Decoder(bytes, Mode::kRfc3629, opt);
      ASSERT_TRUE(run.report.ok) << run.report.mismatch;
      const Verdict v = Summarize(Decode(bytes, Mode::kRfc3629));
      for (int c = 1; c <= 6; ++c) {
        EXPECT_EQ(run.err_count[c - 1], v.counts.n[c])
            << ClassName(static_cast<ErrorClass>(c)) << ", " << t.name() << ", " << bytes.size()
            << " bytes";
      }
    }
  }
}

TEST(DecoderRunner, OneBytePerClockOnAnyInput) {
  // m_axis_tready high, no gaps: N bytes take N + a small constant cycles, for
  // well-formed text and for noise alike.
  Rng rng(Seed(22));
  for (size_t n : {size_t{1}, size_t{2}, size_t{100}, size_t{10000}, size_t{200000}}) {
    for (int kind = 0; kind < 3; ++kind) {
      std::vector<uint8_t> bytes;
      if (kind == 0) {
        for (size_t i = 0; i < n; ++i) bytes.push_back(static_cast<uint8_t>(rng.u64()));
      } else if (kind == 1) {
        bytes = RandomPacket(rng, Mode::kRfc3629, n);
      } else {
        bytes.assign(n, 0xC0);  // an error unit per byte
      }
      sim::RunOptions opt;
      opt.seed = rng.u64();
      const DecoderRun run = RunUtf8Decoder(bytes, Mode::kRfc3629, opt);
      ASSERT_TRUE(run.report.ok) << run.report.mismatch;
      EXPECT_EQ(run.units, Decode(bytes, Mode::kRfc3629));
      // First beat offered to last unit taken, both cycles counted: the input
      // register, the queue's look-ahead byte, the unit register and the output
      // register add 5 (4 for a lone tlast byte, which needs no look-ahead).
      EXPECT_EQ(run.report.cycles, n + (n == 1 ? 4 : 5)) << n << " bytes, kind " << kind;
      if (n == 200000 && kind == 0) {
        std::printf("[ speed    ] %zu random bytes: %llu cycles (first beat offered to last unit taken)\n",
                    n, static_cast<unsigned long long>(run.report.cycles));
      }
    }
  }
}

TEST(DecoderRunner, EmptyPacketIsNoFrame) {
  const DecoderRun run = RunUtf8Decoder({}, Mode::kRfc3629, sim::RunOptions{});
  EXPECT_TRUE(run.report.ok);
  EXPECT_TRUE(run.units.empty());
  EXPECT_FALSE(run.stat_seen);
}

}  // namespace
}  // namespace utf8core
