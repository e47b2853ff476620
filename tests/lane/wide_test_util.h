// What the tests of every wide block share (tests/stream/utf8_validator_test.cpp,
// tests/stream/utf8_wide_decoder_test.cpp, tests/stream/utf8_sanitizer_test.cpp): the random
// packet generator, readable packet dumps, a run that keeps a waveform of a
// failure, the scoreboard's bookkeeping of which packets a reset lost, and the
// stimulus of the tests every wide block must pass. A block's test file describes the block
// (a struct with its name, its runner and its scoreboard) and calls these.
#ifndef UTF8CORE_TESTS_WIDE_TEST_UTIL_H_
#define UTF8CORE_TESTS_WIDE_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "harness.h"
#include "kuhn_file.h"
#include "packet_source.h"
#include "rtl_run.h"
#include "utf8_model.h"

namespace utf8core {
namespace test {

using sim::WidePacket;

// "L8" for the lane count parameter.
std::string LaneName(const testing::TestParamInfo<int>& info);

// The first bytes of a packet in hex, for failure messages.
std::string Hex(const std::vector<uint8_t>& b, size_t max = 48);

// Random packets mixing text, well-formed sequences of every length, every kind
// of ill-formed stretch (a list of them, both modes') and plain noise.
std::vector<uint8_t> RandomPacket(sim::Rng& rng, Mode mode, size_t max_len);

// The packets that owe output, in order, after the last reset, and the error
// counts they add up to (a reset loses what was in flight and clears the counters).
struct Kept {
  std::vector<const WidePacket*> packets;
  std::array<uint64_t, 6> counts{};  // class c at [c - 1]
};
Kept KeptPackets(int lanes, const std::vector<WidePacket>& packets);

// A text of every script the sample has, repeated to n bytes; and n random bytes.
std::vector<uint8_t> RepeatedText(size_t n);
std::vector<uint8_t> RandomBytes(sim::Rng& rng, size_t n);

// Runs run(opt) under traffic t, and on a cycle mismatch runs it again with a
// waveform (kept in $UTF8CORE_TRACE, or the test's working folder) so the
// failure can be seen. run is any block's runner on its packets, whatever
// their type; its result has a report with ok and mismatch.
template <class RunFn>
auto RunWithWave(RunFn run, const sim::Traffic& t, uint64_t seed, const std::string& name)
    -> decltype(run(sim::RunOptions{})) {
  sim::RunOptions opt;
  opt.traffic = t;
  opt.seed = seed;
  opt.trace_path = sim::TracePath(sim::SafeName(name));
  auto result = run(opt);
  if (!result.report.ok && opt.trace_path.empty()) {
    opt.trace_path = sim::SafeName(name) + ".fst";
    run(opt);
    result.report.mismatch += " (waveform: " + opt.trace_path + ")";
  }
  return result;
}

// RunWithWave for a wide block (Block::Packets) on WidePackets.
template <class Block>
typename Block::Run RunChecked(int lanes, const std::vector<WidePacket>& packets, const sim::Traffic& t,
                               uint64_t seed, const std::string& name) {
  return RunWithWave([&](const sim::RunOptions& opt) { return Block::Packets(lanes, packets, opt); }, t, seed,
                     name);
}

// The tests every wide block passes. Block provides:
//   using Run;                      its runner's result (report, ok, err_count, ...)
//   static constexpr char kName[];  "utf8_validator", ...
//   static Run Packets(int lanes, const std::vector<WidePacket>&, const sim::RunOptions&);
//   static void Scoreboard(int lanes, const std::vector<WidePacket>&, const Run&);
//   static Run One(int lanes, const std::vector<uint8_t>&, Mode, const sim::RunOptions&);
//   static bool OneMatchesModel(const Run&, const std::vector<uint8_t>&, Mode): one packet's
//                                   output equals the functional model's
template <class Block>
std::string TestName(int lanes, const std::string& what) {
  return std::string(Block::kName) + "_L" + std::to_string(lanes) + "_" + what;
}

// {gaps, none} x {backpressure, none} x both modes: random packets.
template <class Block>
void TrafficMatrixRandomPackets(int lanes, uint64_t seed, int count) {
  const sim::Traffic kTraffic[] = {{0, 0}, {0.3, 0}, {0, 0.4}, {0.3, 0.4}};
  for (const sim::Traffic& t : kTraffic) {
    for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
      sim::Rng rng(seed ^ (static_cast<uint64_t>(mode) << 8) ^ static_cast<uint64_t>(t.gap * 10) ^
                   static_cast<uint64_t>(t.stall * 100) << 16);
      std::vector<WidePacket> packets;
      for (int i = 0; i < count; ++i) {
        packets.push_back({RandomPacket(rng, mode, static_cast<size_t>(4 * lanes + 12)), mode, -1});
      }
      SCOPED_TRACE(std::string(t.name()) + " " + ModeName(mode) + " seed " + std::to_string(rng.seed()));
      const auto run = RunChecked<Block>(lanes, packets, t, rng.seed(),
                                         TestName<Block>(lanes, std::string("matrix_") + t.name() + "_" + ModeName(mode)));
      Block::Scoreboard(lanes, packets, run);
    }
  }
}

// Every ill-formed stretch (and truncation at the end) at every offset modulo
// LANES and across beat boundaries, in both modes.
template <class Block>
void ErrorsAtEveryOffset(int lanes) {
  static const std::vector<std::vector<uint8_t>> kCases = {
      {0xC0, 0x80}, {0xE0, 0x80, 0x80}, {0xED, 0xA0, 0x80}, {0xF0, 0x8F, 0xBF, 0xBF},
      {0xF4, 0x90, 0x80, 0x80}, {0xF5, 0x80, 0x80, 0x80}, {0xF8, 0x88, 0x80, 0x80, 0x80},
      {0xF8, 0x80}, {0xFC, 0x80}, {0xFE}, {0xFF}, {0x80}, {0xE2, 0x82, 0x41},
      {0xF0, 0x9F, 0x98, 0x41}, {0xFC, 0x84, 0x80, 0x80, 0x80, 0x41}, {0xC3, 0xC3, 0xA9}};
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    std::vector<WidePacket> packets;
    for (const auto& c : kCases) {
      for (int pre = 0; pre <= lanes + 6; ++pre) {
        WidePacket p{{}, mode, -1};
        // A prefix of ASCII so the case starts at every lane.
        for (int i = 0; i < pre; ++i) p.bytes.push_back(i % 3 == 2 ? 0x61 : 0x62);
        p.bytes.insert(p.bytes.end(), c.begin(), c.end());
        packets.push_back(p);  // error at the very end
        // Followed by more text, multi-byte so that sequences straddle too.
        p.bytes.insert(p.bytes.end(), {0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0x7A});
        packets.push_back(p);
        // Truncated: the packet ends inside the case.
        packets.push_back({std::vector<uint8_t>(p.bytes.begin(), p.bytes.begin() + pre + (c.size() > 1 ? c.size() - 1 : 1)), mode, -1});
      }
    }
    const auto run = RunChecked<Block>(lanes, packets, {0.1, 0.2}, 3, TestName<Block>(lanes, std::string("errors_") + ModeName(mode)));
    Block::Scoreboard(lanes, packets, run);
  }
}

// Well-formed sequences of every length starting at every lane, three in a row.
template <class Block>
void SequencesStraddleBeats(int lanes) {
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    const std::vector<uint32_t> cps = mode == Mode::kAnnexR
        ? std::vector<uint32_t>{0x41, 0xE9, 0x20AC, 0x1F600, 0x10FFFF, 0x200000, 0x3FFFFFF, 0x4000000, 0x7FFFFFFF}
        : std::vector<uint32_t>{0x41, 0xE9, 0x7FF, 0x800, 0x20AC, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF};
    std::vector<WidePacket> packets;
    for (uint32_t cp : cps) {
      for (int pre = 0; pre < lanes + 6; ++pre) {
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
    const auto run = RunChecked<Block>(lanes, packets, {0.2, 0.3}, 4, TestName<Block>(lanes, std::string("straddle_") + ModeName(mode)));
    Block::Scoreboard(lanes, packets, run);
    for (const auto& s : run.stats) EXPECT_FALSE(s.error);
  }
}

// Every packet length from 1 to three beats and a bit: partial last beats of
// every size, and 1-byte packets of all 256 byte values in both modes.
template <class Block>
void PartialBeatsAndOneBytePackets(int lanes) {
  sim::Rng rng(sim::SeedFromEnv(5));
  std::vector<WidePacket> packets;
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    for (int b = 0; b < 256; ++b) packets.push_back({{static_cast<uint8_t>(b)}, mode, -1});
    for (int n = 1; n <= 3 * lanes + 3; ++n) {
      WidePacket p{RandomPacket(rng, mode, static_cast<size_t>(n) + 8), mode, -1};
      p.bytes.resize(static_cast<size_t>(n), 0x41);
      packets.push_back(p);
    }
  }
  for (const sim::Traffic t : {sim::Traffic{0, 0}, sim::Traffic{0.3, 0.5}}) {
    const auto run = RunChecked<Block>(lanes, packets, t, rng.seed(), TestName<Block>(lanes, std::string("partial_") + t.name()));
    Block::Scoreboard(lanes, packets, run);
  }
}

// A reset in the middle of a packet loses that packet only and clears the counters.
template <class Block>
void ResetMidPacket(int lanes) {
  sim::Rng rng(sim::SeedFromEnv(9));
  std::vector<WidePacket> packets;
  for (int i = 0; i < 40; ++i) {
    WidePacket p;
    p.mode = rng.chance(0.5) ? Mode::kAnnexR : Mode::kRfc3629;
    p.bytes = RandomPacket(rng, p.mode, static_cast<size_t>(5 * lanes + 10));
    const size_t beats = sim::BeatsOf(p.bytes.size(), lanes);
    if (i % 4 == 1) p.abort_after_beats = static_cast<int>(rng.below(static_cast<uint32_t>(beats)));
    packets.push_back(p);
  }
  for (const sim::Traffic t : {sim::Traffic{0, 0}, sim::Traffic{0.3, 0.3}}) {
    const auto run = RunChecked<Block>(lanes, packets, t, rng.seed(), TestName<Block>(lanes, std::string("reset_") + t.name()));
    Block::Scoreboard(lanes, packets, run);
  }
}

// Markus Kuhn's stress test as one packet, in both modes.
template <class Block>
void KuhnStressTest(int lanes) {
  UTF8CORE_KUHN_OR_SKIP(bytes);
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    const std::vector<WidePacket> packets = {{bytes, mode, -1}};
    const auto run = RunChecked<Block>(lanes, packets, {0.1, 0.1}, 11, TestName<Block>(lanes, std::string("kuhn_") + ModeName(mode)));
    Block::Scoreboard(lanes, packets, run);
  }
}

// Line rate: a large packet with the output always ready takes bytes/LANES
// cycles plus the pipeline's fill, on text and on random bytes alike.
template <class Block>
void ThroughputOneBeatPerClock(int lanes) {
  const size_t n = lanes == 1 ? (256u << 10) : (1u << 20);
  sim::Rng rng(sim::SeedFromEnv(12));
  const std::vector<uint8_t> t = RepeatedText(n);
  const std::vector<uint8_t> r = RandomBytes(rng, n);
  for (const auto* bytes : {&t, &r}) {
    const auto run = Block::One(lanes, *bytes, Mode::kRfc3629, sim::RunOptions());
    ASSERT_TRUE(run.report.ok) << run.report.mismatch;
    EXPECT_TRUE(Block::OneMatchesModel(run, *bytes, Mode::kRfc3629));
    const uint64_t beats = sim::BeatsOf(n, lanes);
    // The constant is the pipeline's fill: a dozen clocks from first beat to
    // verdict, one or two more at LANES 128 (the status's sixth reduction
    // step; the wide decoder's extra shift and pack levels).
    const uint64_t fill = lanes > 64 ? 18 : 16;
    EXPECT_LE(run.report.cycles, beats + fill) << "cycles for " << n << " bytes";
    const double per_clock = static_cast<double>(n) / static_cast<double>(run.report.cycles);
    EXPECT_GE(per_clock, lanes * 0.99) << "bytes per clock";
    testing::Test::RecordProperty("bytes_per_clock_x1000", static_cast<int>(per_clock * 1000));
  }
}

// Long (label long): many seeds of random packets under every traffic shape.
template <class Block>
void LongRandomSweep(int lanes) {
  const sim::Traffic kTraffic[] = {{0, 0}, {0.3, 0}, {0, 0.4}, {0.3, 0.4}, {0.7, 0.7}};
  const uint64_t base = sim::SeedFromEnv(1000);
  for (uint64_t s = 0; s < 20; ++s) {
    for (const sim::Traffic& t : kTraffic) {
      sim::Rng rng(base + s);
      std::vector<WidePacket> packets;
      for (int i = 0; i < 200; ++i) {
        const Mode mode = rng.chance(0.5) ? Mode::kAnnexR : Mode::kRfc3629;
        WidePacket p{RandomPacket(rng, mode, static_cast<size_t>(6 * lanes + 20)), mode, -1};
        if (rng.chance(0.03)) p.abort_after_beats = static_cast<int>(rng.below(static_cast<uint32_t>(sim::BeatsOf(p.bytes.size(), lanes))));
        packets.push_back(p);
      }
      SCOPED_TRACE("seed " + std::to_string(base + s) + " " + t.name());
      const auto run = RunChecked<Block>(lanes, packets, t, base + s, TestName<Block>(lanes, "long_" + std::to_string(s) + "_" + t.name()));
      Block::Scoreboard(lanes, packets, run);
      if (testing::Test::HasFatalFailure()) return;
    }
  }
}

// Long (label long): every two-byte packet in both modes.
template <class Block>
void LongAllTwoBytePackets(int lanes) {
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    std::vector<WidePacket> packets;
    for (int a = 0; a < 256; ++a) {
      for (int b = 0; b < 256; ++b) packets.push_back({{static_cast<uint8_t>(a), static_cast<uint8_t>(b)}, mode, -1});
    }
    const auto run = RunChecked<Block>(lanes, packets, {0.1, 0.1}, 2, TestName<Block>(lanes, std::string("long_pairs_") + ModeName(mode)));
    Block::Scoreboard(lanes, packets, run);
  }
}

}  // namespace test
}  // namespace utf8core

#endif  // UTF8CORE_TESTS_WIDE_TEST_UTIL_H_
