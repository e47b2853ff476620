// Tests of the board demo's line formatter (rtl/boards/utf8_line_fmt.v) on its own:
// random units and drop reports, with random input gaps and output backpressure,
// must come out as exactly the lines sim/boards/board_expect.h defines, tlast on the
// LF of a line whose input had tlast, and the output held stable while not taken.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "Vutf8_line_fmt.h"
#include "board_expect.h"
#include "fst_trace.h"
#include "harness.h"

namespace utf8core {
namespace sim {
namespace {

struct Beat {
  uint32_t data;
  uint8_t user;  // [2:0] class, [3] drop report
  bool last;
};

std::string Expected(const Beat& b) {
  return (b.user & 8) ? DropLine(b.data) : UnitLine(b.data, b.user & 7);
}

// Values of every digit count: 4-digit (incl. 0), 5..8-digit, and the edges.
uint32_t RandomValue(Rng* rng) {
  static const uint32_t kEdges[] = {0,          0xFFFD,     0xFFFF,    0x10000,  0x10FFFF,
                                    0x7FFFFFFF, 0xFFFFFFFF, 0x00A0000, 0x1000000};
  switch (rng->below(4)) {
    case 0:
      return kEdges[rng->below(sizeof kEdges / sizeof kEdges[0])];
    case 1:
      return rng->below(0x10000);
    case 2:
      return rng->below(0x110000);
    default:
      return static_cast<uint32_t>(rng->u64() >> (rng->below(32) + 32));
  }
}

void RunFormatter(const Traffic& traffic, uint64_t seed, int beats) {
  Rng rng(seed);
  auto ctx = MakeContext();
  auto top = std::make_unique<Vutf8_line_fmt>(ctx.get(), "TOP");
  FstTrace<Vutf8_line_fmt> wave;
  wave.open(ctx.get(), top.get(), TracePath(std::string("boards_line_fmt_") + traffic.name()));

  std::vector<Beat> in;
  for (int i = 0; i < beats; ++i) {
    in.push_back(Beat{RandomValue(&rng), static_cast<uint8_t>(rng.below(16)), rng.chance(0.2)});
  }
  std::string want, want_last;  // want_last: 'L' at each character that must carry tlast
  for (const Beat& b : in) {
    const std::string line = Expected(b);
    want += line;
    want_last += std::string(line.size() - 1, '-') + (b.last ? 'L' : '-');
  }

  auto tick = [&] {
    top->clk = 0;
    top->eval();
    wave.dump();
    ctx->timeInc(1);
    top->clk = 1;
    top->eval();
    wave.dump();
    ctx->timeInc(1);
  };
  top->rst = 1;
  top->s_axis_tvalid = 0;
  top->m_axis_tready = 0;
  tick();
  tick();
  top->rst = 0;

  std::string got, got_last;
  size_t next = 0;
  bool held = false;  // output was valid and not taken last cycle
  uint8_t held_data = 0, held_lastbit = 0;
  uint64_t cycles = 0;
  const uint64_t limit = 40ull * beats * 4 + 1000;
  while (got.size() < want.size() && cycles++ < limit) {
    // Inputs for this cycle; an offered beat stays until taken (AXI4-Stream).
    if (!top->s_axis_tvalid && next < in.size() && !rng.chance(traffic.gap)) {
      top->s_axis_tvalid = 1;
      top->s_axis_tdata = in[next].data;
      top->s_axis_tuser = in[next].user;
      top->s_axis_tlast = in[next].last;
    }
    top->m_axis_tready = !rng.chance(traffic.stall);
    top->clk = 0;
    top->eval();
    if (held) {
      ASSERT_TRUE(top->m_axis_tvalid) << "tvalid dropped while not taken, cycle " << cycles;
      ASSERT_EQ(top->m_axis_tdata, held_data) << "tdata changed while not taken, cycle " << cycles;
      ASSERT_EQ(top->m_axis_tlast, held_lastbit) << "tlast changed while not taken";
    }
    const bool in_taken = top->s_axis_tvalid && top->s_axis_tready;
    const bool out_taken = top->m_axis_tvalid && top->m_axis_tready;
    if (out_taken) {
      got += static_cast<char>(top->m_axis_tdata);
      got_last += top->m_axis_tlast ? 'L' : '-';
    }
    held = top->m_axis_tvalid && !top->m_axis_tready;
    held_data = top->m_axis_tdata;
    held_lastbit = top->m_axis_tlast;
    tick();
    if (in_taken) {
      top->s_axis_tvalid = 0;
      ++next;
    }
  }
  wave.close();
  ASSERT_EQ(got.size(), want.size()) << "hung after " << cycles << " cycles, seed " << seed;
  // Report the first differing line, not the whole stream.
  if (got != want) {
    const size_t at = std::mismatch(got.begin(), got.end(), want.begin()).first - got.begin();
    const size_t from = want.rfind('\n', at == 0 ? 0 : at - 1);
    const size_t start = from == std::string::npos ? 0 : from + 1;
    FAIL() << "first difference at character " << at << ", seed " << seed
           << "\n  expected (C++): " << want.substr(start, want.find('\n', at) - start)
           << "\n  actual (RTL):   " << got.substr(start, got.find('\n', at) - start);
  }
  EXPECT_EQ(got_last, want_last) << "tlast misplaced, seed " << seed;
}

TEST(BoardLineFmt, FullRate) { RunFormatter(Traffic{}, SeedFromEnv(11), 3000); }
TEST(BoardLineFmt, Gaps) { RunFormatter(Traffic{0.5, 0.0}, SeedFromEnv(12), 3000); }
TEST(BoardLineFmt, Backpressure) { RunFormatter(Traffic{0.0, 0.5}, SeedFromEnv(13), 3000); }
TEST(BoardLineFmt, GapsAndBackpressure) { RunFormatter(Traffic{0.3, 0.7}, SeedFromEnv(14), 3000); }

}  // namespace
}  // namespace sim
}  // namespace utf8core
