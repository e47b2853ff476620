// End-to-end tests of the board demo (rtl/boards/utf8_uart_top.v): bytes go in as
// serial bits on the receive pin, the serial bits coming back are decoded by a UART
// model and compared with what the functional model says the board must answer
// (sim/boards/board_expect.h): text lines in text mode, repaired UTF-8 in echo mode.
// The host sends one packet (a line) and waits for the answer before the next, as a
// terminal user or a line-by-line script does; the overflow test sends without
// waiting, to check that lost bytes are counted and reported.
#include <gtest/gtest.h>

#include <cstdio>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "board_expect.h"
#include "kuhn_file.h"
#include "uart_top_sim.h"
#include "utf8_model.h"

namespace utf8core {
namespace sim {
namespace {

std::vector<uint8_t> Bytes(const std::string& s) {
  return std::vector<uint8_t>(s.begin(), s.end());
}

// Multilingual text and one line per kind of malformed input (each class of SPEC §3,
// truncation at a line end, and an open sequence at the very end, which only the
// idle timeout can close).
std::vector<uint8_t> Sample() {
  std::string s =
      "Hello, world\n"
      "caf\xC3\xA9 na\xC3\xAFve \xE2\x82\xAC 100\n"                           // Latin, euro sign
      "\xCE\x9A\xCE\xB1\xCE\xBB\xCE\xB7\xCE\xBC\xCE\xAD\xCF\x81\xCE\xB1\r\n"  // Greek, CR LF
      "\xD0\x9F\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82\n"                    // Russian
      "\xE4\xBD\xA0\xE5\xA5\xBD\xE4\xB8\x96\xE7\x95\x8C\n"                    // Chinese
      "\xF0\x9F\x98\x80\xF0\x9F\x8C\x8D\n"                                    // emoji (4 octets)
      "\xEF\xBF\xBE\xEF\xBF\xBF\n"  // noncharacters: well-formed
      "overlong \xC0\xAF \xE0\x80\xAF \xF0\x80\x80\xAF\n"
      "surrogate \xED\xA0\x80 \xED\xBF\xBF\n"
      "too large \xF4\x90\x80\x80 \xF5\x80\n"
      "header \xF8\x88\x80\x80\x80 \xFE \xFF\n"
      "stray \x80\xBF continuation\n"
      "truncated \xE2\x82\n"
      "\xE2\x82";
  return Bytes(s);
}

std::string Printable(const std::vector<uint8_t>& b) {
  std::ostringstream o;
  for (uint8_t c : b) {
    if (c >= 0x20 && c < 0x7f && c != '\\') {
      o << static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      o << buf;
    }
  }
  return o.str();
}

// Sends packet by packet, waiting for each answer, and compares each answer with the
// model's. Returns the number of packets whose answer differed (the first one is
// reported in full).
int RunPaced(UartTopSim* sim, const std::vector<uint8_t>& input, bool echo, Mode mode) {
  int bad = 0;
  const auto packets = SplitPackets(input);
  for (size_t i = 0; i < packets.size(); ++i) {
    const size_t before = sim->received().size();
    sim->Send(packets[i]);
    EXPECT_TRUE(sim->Settle()) << "board still sending after packet " << i;
    std::vector<uint8_t> got(sim->received().begin() + before, sim->received().end());
    std::vector<uint8_t> want =
        echo ? EchoAnswer(packets[i], mode) : Bytes(TextAnswer(packets[i], mode));
    if (got != want && bad++ == 0) {
      ADD_FAILURE() << "packet " << i << " of " << packets.size() << ": " << Printable(packets[i])
                    << "\n  expected (model): " << Printable(want)
                    << "\n  actual (RTL):     " << Printable(got);
    }
  }
  return bad;
}

struct Case {
  const char* name;
  bool echo;
  Mode mode;
  double sender_speed;
};
// Names the case in gtest's messages instead of dumping its bytes.
void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

class BoardPaced : public ::testing::TestWithParam<Case> {};

TEST_P(BoardPaced, SampleMatchesModel) {
  const Case& c = GetParam();
  UartTopSim sim(c.echo, c.mode, c.sender_speed, std::string("boards_sample_") + c.name);
  EXPECT_EQ(RunPaced(&sim, Sample(), c.echo, c.mode), 0);
  EXPECT_EQ(sim.framing_errors(), 0u);
  EXPECT_EQ(sim.drop_count(), 0u);
  // The last packet (a truncated sequence) was ill-formed.
  EXPECT_TRUE(sim.stat_error());
}

TEST_P(BoardPaced, KuhnStressTestMatchesModel) {
  const Case& c = GetParam();
  UTF8CORE_KUHN_OR_SKIP(kuhn);
  ASSERT_GT(kuhn.size(), 20000u) << "too short for Kuhn's stress test: " << UTF8CORE_KUHN_TEST;
  UartTopSim sim(c.echo, c.mode, c.sender_speed, std::string("boards_kuhn_") + c.name);
  EXPECT_EQ(RunPaced(&sim, kuhn, c.echo, c.mode), 0);
  EXPECT_EQ(sim.framing_errors(), 0u);
  EXPECT_EQ(sim.drop_count(), 0u);
  std::printf("[ info ] %s: %zu bytes in, %zu bytes out, %llu cycles\n", c.name, kuhn.size(),
              sim.received().size(), static_cast<unsigned long long>(sim.cycles()));
}

// The host's baud rate off by +-3 % (8N1 receivers are expected to cope with a few
// percent) in echo mode, where every byte counts.
INSTANTIATE_TEST_SUITE_P(Modes, BoardPaced,
                         ::testing::Values(Case{"text_rfc3629", false, Mode::kRfc3629, 1.0},
                                           Case{"text_annex_r", false, Mode::kAnnexR, 1.0},
                                           Case{"echo_rfc3629", true, Mode::kRfc3629, 1.0},
                                           Case{"echo_annex_r", true, Mode::kAnnexR, 1.0},
                                           Case{"echo_fast_sender", true, Mode::kRfc3629, 1.03},
                                           Case{"echo_slow_sender", true, Mode::kRfc3629, 0.97}),
                         [](const ::testing::TestParamInfo<Case>& i) {
                           return std::string(i.param.name);
                         });

// Text mode sends about 11 bytes per byte received; a burst longer than the FIFO can
// absorb must lose bytes, count every one of them, say so on the line, and still
// answer every byte it kept. The burst ends with LF, which usually finds the FIFO
// full: then the packet end moves onto the newest kept byte, and the answer must
// still end with the report. Bursts of a few lengths put the LF at different phases
// of the FIFO's draining; at least one of them must lose its LF.
TEST(BoardOverflow, TextModeCountsAndReportsDroppedBytes) {
  int lost_end = 0;
  for (size_t extra = 0; extra < 4; ++extra) {
    const size_t n = 3 * BoardSimParams::kFifoDepth + extra;
    std::vector<uint8_t> burst(n, 'a');
    burst.push_back('\n');
    UartTopSim sim(false, Mode::kRfc3629, 1.0, "boards_overflow_" + std::to_string(extra));
    sim.Send(burst);
    ASSERT_TRUE(sim.Settle());
    EXPECT_EQ(sim.framing_errors(), 0u);

    const uint64_t dropped = sim.drop_count();
    ASSERT_GT(dropped, 0u);
    ASSERT_LT(dropped, n);
    const std::string got(sim.received().begin(), sim.received().end());
    const std::string report = DropLine(static_cast<uint32_t>(dropped));
    ASSERT_GE(got.size(), report.size());
    EXPECT_EQ(got.substr(got.size() - report.size()), report) << "burst of " << n;
    // Whether the LF was kept decides the last unit; every other kept byte is an 'a'.
    const std::string lf_line = UnitLine('\n', 0);
    const bool lf_kept =
        got.size() >= report.size() + lf_line.size() &&
        got.compare(got.size() - report.size() - lf_line.size(), lf_line.size(), lf_line) == 0;
    if (!lf_kept) ++lost_end;
    std::string want;
    for (uint64_t i = 0; i < n + 1 - dropped - (lf_kept ? 1 : 0); ++i) want += UnitLine('a', 0);
    if (lf_kept) want += lf_line;
    want += report;
    EXPECT_TRUE(got == want) << "burst of " << n << ": " << got.size() << " bytes, expected "
                             << want.size()
                             << "; last 60: " << Printable(Bytes(got.substr(got.size() - 60)));

    // After the report the board is back to normal: a short line is answered in full.
    const size_t before = sim.received().size();
    sim.Send(Bytes("\xC3\xA9\n"));
    ASSERT_TRUE(sim.Settle());
    const std::string again(sim.received().begin() + before, sim.received().end());
    EXPECT_EQ(again, TextAnswer(Bytes("\xC3\xA9\n"), Mode::kRfc3629));
    EXPECT_EQ(sim.drop_count(), dropped);
  }
  EXPECT_GT(lost_end, 0) << "no burst lost its packet end: the FIFO's end rewrite went untested";
}

// A reset in the middle of a packet loses that packet only (SPEC §5): bytes held by
// the packetizer, waiting in the FIFO or inside the decoder are gone, counters clear,
// and the next packet is answered exactly.
TEST(BoardReset, MidPacketResetLosesThatPacketOnly) {
  UartTopSim sim(false, Mode::kRfc3629, 1.0, "boards_reset");
  std::vector<uint8_t> burst(200, 'a');
  burst.push_back(0xC3);  // an open sequence at the moment of the reset
  sim.Send(burst);
  sim.Reset();
  ASSERT_TRUE(sim.Settle());  // whatever was half-sent when rst came is out now
  EXPECT_EQ(sim.drop_count(), 0u);
  EXPECT_FALSE(sim.stat_error());

  const size_t before = sim.received().size();
  sim.Send(Bytes("\xA9x\n"));
  ASSERT_TRUE(sim.Settle());
  const std::string got(sim.received().begin() + before, sim.received().end());
  // Without the reset the A9 would have completed the C3; after it, A9 is a stray
  // continuation byte of a new packet.
  EXPECT_EQ(got, TextAnswer(Bytes("\xA9x\n"), Mode::kRfc3629));
  EXPECT_EQ(sim.drop_count(), 0u);
}

// Lines sent without waiting: the FIFO overflows in the middle of some lines.
// Every answer is still made of whole lines, a "DROPPED" report follows each packet
// that lost bytes, the reports add up to the counter, and (ASCII only, one unit per
// byte) every byte sent is either answered or counted.
TEST(BoardOverflow, BackToBackLinesReportEveryLoss) {
  std::vector<uint8_t> burst;
  for (int i = 0; i < 60; ++i) {
    const std::string line = "line " + std::to_string(i) + " of a burst\n";
    burst.insert(burst.end(), line.begin(), line.end());
  }
  UartTopSim sim(false, Mode::kRfc3629, 1.0, "boards_overflow_lines");
  sim.Send(burst);
  ASSERT_TRUE(sim.Settle());
  EXPECT_EQ(sim.framing_errors(), 0u);

  const std::string got(sim.received().begin(), sim.received().end());
  uint64_t reported = 0, reports = 0, units = 0;
  size_t pos = 0;
  while (pos < got.size()) {
    const size_t eol = got.find("\r\n", pos);
    ASSERT_NE(eol, std::string::npos) << "unterminated line at byte " << pos;
    const std::string line = got.substr(pos, eol - pos);
    pos = eol + 2;
    if (line.rfind("DROPPED 0x", 0) == 0) {
      reported += std::stoull(line.substr(10), nullptr, 16);
      ++reports;
    } else {
      ++units;
      ASSERT_EQ(line.size(), 9u) << line;
      EXPECT_EQ(line.substr(0, 4), "U+00") << line;
      EXPECT_EQ(line.substr(6), " OK") << line;
    }
  }
  EXPECT_GT(sim.drop_count(), 0u);
  EXPECT_GT(reports, 1u);
  EXPECT_EQ(reported, sim.drop_count());
  EXPECT_EQ(units + sim.drop_count(), burst.size());
}

}  // namespace
}  // namespace sim
}  // namespace utf8core
