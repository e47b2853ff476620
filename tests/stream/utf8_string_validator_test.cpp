// String validator (rtl/stream/utf8_string_validator.v) tests, for every lane
// count built: the RTL is held to StringValidatorCycleModel on every output
// every cycle, and each string's verdict, the first ill-formed string (index,
// class, offset in the packet and in the string), the count of ill-formed
// strings and the counters are checked again against the functional model:
// Summarize(Decode()) of each string alone, and ValidateStrings() of the
// packet as an Arrow column. The tests every wide block passes run with one
// string per packet (wide_test_util.h); those here put many in a packet.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "utf8_model.h"
#include "utf8_string_validator_run.h"
#include "wide_test_util.h"

namespace utf8core {
namespace {

using sim::WidePacket;
using test::Hex;
using test::RandomPacket;

// A packet's strings: [begin, end) of each.
std::vector<std::pair<size_t, size_t>> Strings(const StringPacket& p) {
  std::vector<std::pair<size_t, size_t>> s;
  size_t from = 0;
  for (uint64_t at : p.starts) {
    s.push_back({from, static_cast<size_t>(at)});
    from = static_cast<size_t>(at);
  }
  s.push_back({from, p.bytes.size()});
  return s;
}

struct Expected {
  std::vector<bool> ok;
  sim::StatVerdict stat;
  std::array<uint64_t, 6> counts{};
};

// Each string validated alone by the definition (Decode, Summarize).
Expected Expect(const StringPacket& p) {
  Expected e;
  for (const auto& [b, end] : Strings(p)) {
    const std::vector<Unit> units = Decode(p.bytes.data() + b, end - b, p.mode);
    const Verdict v = Summarize(units);
    for (int c = 1; c <= 6; ++c) e.counts[static_cast<size_t>(c - 1)] += v.counts.n[c];
    e.ok.push_back(v.valid);
    if (v.valid) continue;
    if (!e.stat.error) {
      e.stat.error = true;
      e.stat.cls = v.first_error_class;
      e.stat.offset = b + v.first_error_offset;
      e.stat.str_offset = v.first_error_offset;
      e.stat.first_bad = e.ok.size() - 1;
    }
    ++e.stat.bad_strings;
  }
  return e;
}

// The scoreboard: every packet that owes output (those after the last reset).
void Scoreboard(int lanes, const std::vector<StringPacket>& packets, const StringValidatorRun& run) {
  ASSERT_TRUE(run.report.ok) << run.report.mismatch;
  std::vector<WidePacket> plain;
  for (const StringPacket& p : packets) plain.push_back({p.bytes, p.mode, p.abort_after_beats});
  const test::Kept kept = test::KeptPackets(lanes, plain);
  const size_t n = run.verdicts.size();
  ASSERT_GE(n, kept.packets.size());
  ASSERT_EQ(run.stats.size(), n);
  std::array<uint64_t, 6> counts{};
  for (size_t i = 0; i < kept.packets.size(); ++i) {
    const StringPacket& p = packets[static_cast<size_t>(kept.packets[i] - plain.data())];
    const Expected e = Expect(p);
    for (int c = 0; c < 6; ++c) counts[static_cast<size_t>(c)] += e.counts[static_cast<size_t>(c)];
    const std::vector<bool>& got = run.verdicts[n - kept.packets.size() + i];
    const sim::StatVerdict& st = run.stats[n - kept.packets.size() + i];
    EXPECT_EQ(got, e.ok) << "packet " << i << " [" << ModeName(p.mode) << "] " << Hex(p.bytes)
                         << ": " << e.ok.size() << " strings";
    EXPECT_TRUE(st == e.stat) << "stat_* of packet " << i << " " << Hex(p.bytes) << ": RTL error=" << st.error
                              << " offset=" << st.offset << " class=" << ClassName(st.cls)
                              << " in-string=" << st.str_offset << " first_bad=" << st.first_bad
                              << " bad=" << st.bad_strings << "; model error=" << e.stat.error
                              << " offset=" << e.stat.offset << " class=" << ClassName(e.stat.cls)
                              << " in-string=" << e.stat.str_offset << " first_bad=" << e.stat.first_bad
                              << " bad=" << e.stat.bad_strings;
    // The same packet as an Arrow column, through the model's column check.
    std::vector<int32_t> offsets = {0};
    for (uint64_t at : p.starts) offsets.push_back(static_cast<int32_t>(at));
    offsets.push_back(static_cast<int32_t>(p.bytes.size()));
    std::vector<uint8_t> bitmap;
    const StringsVerdict col = ValidateStrings(p.bytes.data(), p.bytes.size(),
                                               reinterpret_cast<const uint8_t*>(offsets.data()),
                                               offsets.size() - 1, 4, p.mode, &bitmap);
    EXPECT_EQ(col.bad_strings, e.stat.bad_strings);
    for (size_t s = 0; s < e.ok.size(); ++s) {
      EXPECT_EQ(((bitmap[s / 8] >> (s % 8)) & 1) != 0, e.ok[s]) << "ValidateStrings' bit " << s;
    }
    if (col.bad_strings > 0) {
      EXPECT_EQ(col.first_bad, e.stat.first_bad);
      EXPECT_EQ(col.first_bad_offset, e.stat.str_offset);
      EXPECT_EQ(col.first_bad_class, e.stat.cls);
    }
  }
  for (int c = 0; c < 6; ++c) {
    EXPECT_EQ(run.err_count[c], counts[static_cast<size_t>(c)]) << "err_count of " << ClassName(static_cast<ErrorClass>(c + 1));
  }
}

StringValidatorRun RunChecked(int lanes, const std::vector<StringPacket>& packets, const sim::Traffic& t,
                              uint64_t seed, const std::string& name) {
  return test::RunWithWave(
      [&](const sim::RunOptions& opt) { return RunUtf8StringValidatorPackets(lanes, packets, opt); }, t, seed, name);
}

// One string per packet, as the shared wide-block tests send them.
std::vector<StringPacket> OneStringEach(const std::vector<WidePacket>& packets) {
  std::vector<StringPacket> s;
  for (const WidePacket& p : packets) s.push_back({p.bytes, p.mode, {}, p.abort_after_beats});
  return s;
}

// The string validator as the shared wide-block tests see it.
struct StringValidator {
  using Run = StringValidatorRun;
  static constexpr char kName[] = "utf8_string_validator";
  static Run Packets(int lanes, const std::vector<WidePacket>& packets, const sim::RunOptions& opt) {
    return RunUtf8StringValidatorPackets(lanes, OneStringEach(packets), opt);
  }
  static Run One(int lanes, const std::vector<uint8_t>& bytes, Mode mode, const sim::RunOptions& opt) {
    return Packets(lanes, sim::OnePacket(bytes, mode), opt);
  }
  static bool OneMatchesModel(const Run& run, const std::vector<uint8_t>& bytes, Mode mode) {
    const Expected e = Expect({bytes, mode, {}, -1});
    return run.verdicts.size() == 1 && run.verdicts[0] == e.ok && run.stats.size() == 1 &&
           run.stats[0] == e.stat;
  }
  static void Scoreboard(int lanes, const std::vector<WidePacket>& packets, const Run& run) {
    utf8core::Scoreboard(lanes, OneStringEach(packets), run);
  }
};

// A packet of random strings: lengths from 1 to a few beats (many of one or
// two bytes), each random text, sequences, ill-formed stretches or noise.
StringPacket RandomStrings(sim::Rng& rng, Mode mode, int lanes, int strings) {
  StringPacket p;
  p.mode = mode;
  for (int i = 0; i < strings; ++i) {
    if (i > 0) p.starts.push_back(p.bytes.size());
    const size_t max_len = rng.chance(0.4) ? 3 : static_cast<size_t>(3 * lanes + 8);
    std::vector<uint8_t> s = RandomPacket(rng, mode, max_len);
    if (s.size() > max_len) s.resize(max_len);
    p.bytes.insert(p.bytes.end(), s.begin(), s.end());
  }
  return p;
}

class StringValidatorTest : public testing::TestWithParam<int> {
 protected:
  int lanes() const { return GetParam(); }
  std::string Name(const std::string& what) const { return test::TestName<StringValidator>(lanes(), what); }
};

// The shared tests, one string per packet: the block is the wide validator then.
TEST_P(StringValidatorTest, TrafficMatrixRandomPackets) {
  test::TrafficMatrixRandomPackets<StringValidator>(lanes(), sim::SeedFromEnv(0x57A10000 + static_cast<uint64_t>(lanes())), 40);
}
TEST_P(StringValidatorTest, ErrorsAtEveryOffset) { test::ErrorsAtEveryOffset<StringValidator>(lanes()); }
TEST_P(StringValidatorTest, PartialBeatsAndOneBytePackets) { test::PartialBeatsAndOneBytePackets<StringValidator>(lanes()); }
TEST_P(StringValidatorTest, ResetMidPacket) { test::ResetMidPacket<StringValidator>(lanes()); }
TEST_P(StringValidatorTest, KuhnStressTest) { test::KuhnStressTest<StringValidator>(lanes()); }
TEST_P(StringValidatorTest, ThroughputOneBeatPerClock) { test::ThroughputOneBeatPerClock<StringValidator>(lanes()); }

// Many strings a packet, under every traffic shape and both modes.
TEST_P(StringValidatorTest, RandomColumns) {
  const sim::Traffic kTraffic[] = {{0, 0}, {0.3, 0}, {0, 0.4}, {0.3, 0.4}};
  for (const sim::Traffic& t : kTraffic) {
    for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
      sim::Rng rng(sim::SeedFromEnv(0xC01) ^ static_cast<uint64_t>(lanes()) ^
                   (static_cast<uint64_t>(mode) << 8) ^ static_cast<uint64_t>(t.stall * 100) << 16 ^
                   static_cast<uint64_t>(t.gap * 10) << 24);
      std::vector<StringPacket> packets;
      for (int i = 0; i < 30; ++i) {
        packets.push_back(RandomStrings(rng, mode, lanes(), 1 + static_cast<int>(rng.below(40))));
      }
      SCOPED_TRACE(std::string(t.name()) + " " + ModeName(mode) + " seed " + std::to_string(rng.seed()));
      const auto run = RunChecked(lanes(), packets, t, rng.seed(), Name(std::string("columns_") + t.name() + "_" + ModeName(mode)));
      Scoreboard(lanes(), packets, run);
    }
  }
}

// Well-formed text cut into strings at every byte, so that strings end and
// begin inside sequences: each piece is validated alone (a cut sequence is
// TOO_SHORT in the string before, and its continuation bytes TOO_LONG after),
// with the cut at every lane and the look-ahead byte starting a string.
TEST_P(StringValidatorTest, StringsCutInsideSequences) {
  const std::vector<uint8_t> text = {0x61, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80,
                                     0x62, 0xF4, 0x8F, 0xBF, 0xBF, 0xED, 0x9F, 0xBF, 0x63};
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    std::vector<StringPacket> packets;
    for (int pre = 0; pre <= lanes() + 1; ++pre) {
      for (size_t cut = 1; cut < text.size(); ++cut) {
        StringPacket p{std::vector<uint8_t>(static_cast<size_t>(pre), 0x2E), mode, {}, -1};
        if (pre > 0) p.starts.push_back(p.bytes.size());
        p.bytes.insert(p.bytes.end(), text.begin(), text.end());
        p.starts.push_back(static_cast<uint64_t>(pre) + cut);
        packets.push_back(p);
        // and a second cut three bytes on, where there is room
        if (cut + 3 < text.size()) {
          p.starts.push_back(static_cast<uint64_t>(pre) + cut + 3);
          packets.push_back(p);
        }
      }
    }
    const auto run = RunChecked(lanes(), packets, {0.1, 0.2}, 21, Name(std::string("cuts_") + ModeName(mode)));
    Scoreboard(lanes(), packets, run);
  }
}

// Every ill-formed stretch as a string of its own, and at the start, middle and
// end of a longer one, at every lane: the first ill-formed string's index and
// in-string offset are right whichever beat and lane it starts at.
TEST_P(StringValidatorTest, ErrorsInStringsAtEveryLane) {
  static const std::vector<std::vector<uint8_t>> kCases = {
      {0xC0, 0x80}, {0xE0, 0x80, 0x80}, {0xED, 0xA0, 0x80}, {0xF0, 0x8F, 0xBF, 0xBF},
      {0xF4, 0x90, 0x80, 0x80}, {0xF5, 0x80}, {0xF8, 0x88, 0x80, 0x80, 0x80}, {0xFC, 0x80},
      {0xFE}, {0x80}, {0xE2, 0x82}, {0xF0, 0x9F, 0x98}};
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    std::vector<StringPacket> packets;
    for (const auto& c : kCases) {
      for (int pre = 0; pre < lanes() + 6; ++pre) {
        // pre bytes of good strings (one or two bytes each), then the case alone,
        // then the case inside a string, then one more good string
        StringPacket p{{}, mode, {}, -1};
        for (int i = 0; i < pre; ++i) {
          if (i > 0 && i % 2 == 0) p.starts.push_back(p.bytes.size());
          p.bytes.push_back(static_cast<uint8_t>(0x41 + i % 26));
        }
        if (!p.bytes.empty()) p.starts.push_back(p.bytes.size());
        p.bytes.insert(p.bytes.end(), c.begin(), c.end());
        p.starts.push_back(p.bytes.size());
        p.bytes.insert(p.bytes.end(), {0x78, 0xC3, 0xA9});
        p.bytes.insert(p.bytes.end(), c.begin(), c.end());
        p.bytes.push_back(0x79);
        p.starts.push_back(p.bytes.size());
        p.bytes.push_back(0x7A);
        packets.push_back(p);
      }
    }
    const auto run = RunChecked(lanes(), packets, {0.1, 0.1}, 22, Name(std::string("errors_") + ModeName(mode)));
    Scoreboard(lanes(), packets, run);
  }
}

// A string starts at every byte: LANES verdicts a beat, and still one beat a
// clock in; continuation bytes and leads alone are each an error unit.
TEST_P(StringValidatorTest, OneByteStringsAtLineRate) {
  sim::Rng rng(sim::SeedFromEnv(23));
  StringPacket text{{}, Mode::kRfc3629, {}, -1};
  StringPacket noise{{}, Mode::kAnnexR, {}, -1};
  const size_t n = static_cast<size_t>(lanes()) * 2000;
  for (size_t i = 0; i < n; ++i) {
    text.bytes.push_back(static_cast<uint8_t>(0x20 + i % 90));
    noise.bytes.push_back(static_cast<uint8_t>(rng.below(256)));
    if (i > 0) {
      text.starts.push_back(i);
      noise.starts.push_back(i);
    }
  }
  for (const StringPacket* p : {&text, &noise}) {
    const std::vector<StringPacket> packets = {*p};
    const auto run = RunChecked(lanes(), packets, {0, 0}, 24, Name("ones"));
    Scoreboard(lanes(), packets, run);
    const uint64_t beats = sim::BeatsOf(n, lanes());
    EXPECT_LE(run.report.cycles, beats + 20) << "cycles for " << n << " one-byte strings";
    const double per_clock = static_cast<double>(n) / static_cast<double>(run.report.cycles);
    EXPECT_GE(per_clock, lanes() * 0.99) << "bytes (and strings) per clock";
  }
}

// Back-to-back one-beat packets of many strings with the output stalled: the
// queue fills, s_axis_tready drops, nothing is lost.
TEST_P(StringValidatorTest, SustainedBackpressure) {
  sim::Rng rng(sim::SeedFromEnv(25));
  std::vector<StringPacket> packets;
  for (int i = 0; i < 150; ++i) {
    StringPacket p = RandomStrings(rng, Mode::kRfc3629, 1, 1 + static_cast<int>(rng.below(4)));
    if (p.bytes.size() > static_cast<size_t>(lanes())) {
      p.bytes.resize(static_cast<size_t>(lanes()));
      while (!p.starts.empty() && p.starts.back() >= p.bytes.size()) p.starts.pop_back();
    }
    packets.push_back(p);
  }
  const auto run = RunChecked(lanes(), packets, {0, 0.9}, 26, Name("stall"));
  Scoreboard(lanes(), packets, run);
}

// Long (label long): many seeds of random columns, with resets mid-packet.
TEST_P(StringValidatorTest, LongRandomColumns) {
  const sim::Traffic kTraffic[] = {{0, 0}, {0.3, 0.4}, {0.7, 0.7}};
  const uint64_t base = sim::SeedFromEnv(2000);
  for (uint64_t s = 0; s < 20; ++s) {
    for (const sim::Traffic& t : kTraffic) {
      sim::Rng rng(base + s);
      std::vector<StringPacket> packets;
      for (int i = 0; i < 100; ++i) {
        const Mode mode = rng.chance(0.5) ? Mode::kAnnexR : Mode::kRfc3629;
        StringPacket p = RandomStrings(rng, mode, lanes(), 1 + static_cast<int>(rng.below(60)));
        if (rng.chance(0.03)) p.abort_after_beats = static_cast<int>(rng.below(static_cast<uint32_t>(sim::BeatsOf(p.bytes.size(), lanes()))));
        packets.push_back(p);
      }
      SCOPED_TRACE("seed " + std::to_string(base + s) + " " + t.name());
      const auto run = RunChecked(lanes(), packets, t, base + s, Name("long_" + std::to_string(s) + "_" + t.name()));
      Scoreboard(lanes(), packets, run);
      if (testing::Test::HasFatalFailure()) return;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Lanes, StringValidatorTest, testing::ValuesIn(sim::WideLaneCounts("utf8_string_validator")), test::LaneName);

}  // namespace
}  // namespace utf8core
