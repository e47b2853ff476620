// Tests of the stream register slice (rtl/common/utf8_axis_skid.v) beside its cycle
// model (model/common/utf8_axis_skid.h), on its own: random offers (a beat offered
// stays offered, unchanged, until it is taken, as AXI4-Stream requires) and
// random backpressure. Every output is compared every clock (s_axis_tready;
// m_axis_tvalid; m_axis_tdata while valid) and the first mismatch fails the
// test with its cycle, signal, both values and the seed. The beats are checked
// again on their own: they leave in order, none lost or repeated; with the
// output always ready, one beat leaves every clock. Seed: UTF8CORE_SEED;
// waves: UTF8CORE_TRACE=<dir>.
#include "utf8_axis_skid.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <deque>
#include <memory>
#include <string>

#include "Vutf8_axis_skid_w32.h"
#include "fst_trace.h"
#include "harness.h"

namespace utf8core {
namespace sim {
namespace {

struct SkidStats {
  uint64_t taken = 0, out = 0, lost = 0, clocks = 0;
  uint64_t ready_low = 0;  // clocks (outside reset) with s_axis_tready low
};

// Runs the slice `clocks` clocks under `traffic`; with `resets`, a reset now
// and then empties it (what it held is counted lost, and must not come out).
SkidStats RunSkid(const Traffic& traffic, bool resets, uint64_t clocks, Rng& rng,
                  const std::string& name) {
  auto ctx = MakeContext();
  auto top = std::make_unique<Vutf8_axis_skid_w32>(ctx.get(), "TOP");
  FstTrace<Vutf8_axis_skid_w32> wave;
  wave.open(ctx.get(), top.get(), TracePath(SafeName("axis_skid_" + name)));
  AxisSkidModel<uint32_t> model;
  CycleChecker chk("utf8_axis_skid WIDTH=32", rng.seed());
  SkidStats st;
  std::deque<uint32_t> owed;  // taken, not yet out, in order
  uint32_t next = 1;
  bool offering = false;
  bool reset_seen = false;
  for (uint64_t clock = 0; clock < clocks; ++clock) {
    const bool rst = clock < 2 || (resets && rng.chance(0.005));
    if (!offering) offering = !rst && !rng.chance(traffic.gap);
    const bool m_ready = !rng.chance(traffic.stall);
    top->rst = rst;
    top->s_axis_tvalid = offering;
    top->s_axis_tdata = offering ? next : static_cast<uint32_t>(rng.u64());
    top->m_axis_tready = m_ready;
    top->clk = 0;
    top->eval();
    wave.dump();
    ctx->timeInc(1);

    const bool s_ready = top->s_axis_tready;
    const bool m_valid = top->m_axis_tvalid;
    const uint32_t m_data = top->m_axis_tdata;
    if (reset_seen) {
      chk.check("s_axis_tready", model.s_ready(), s_ready);
      chk.check("m_axis_tvalid", model.m_valid(), m_valid);
      if (model.m_valid()) chk.check("m_axis_tdata", model.m_beat(), m_data);
      if (!chk.ok()) {
        wave.flush();
        ADD_FAILURE() << chk.message();
        return st;
      }
    }

    top->clk = 1;
    top->eval();
    wave.dump();
    ctx->timeInc(1);
    model.tick(rst, offering, next, m_ready);
    chk.set_cycle(chk.cycle() + 1);
    ++st.clocks;
    if (rst) {
      reset_seen = true;
      st.lost += owed.size();
      owed.clear();
      offering = false;
      continue;
    }
    if (!s_ready) ++st.ready_low;
    if (m_valid && m_ready) {
      ++st.out;
      if (owed.empty()) {
        ADD_FAILURE() << "beat " << m_data << " out that was never taken, cycle " << clock
                      << ", seed " << rng.seed();
        return st;
      }
      if (m_data != owed.front()) {
        ADD_FAILURE() << "beat " << m_data << " out where " << owed.front() << " was due, cycle "
                      << clock << ", seed " << rng.seed();
        return st;
      }
      owed.pop_front();
    }
    if (offering && s_ready) {
      ++st.taken;
      owed.push_back(next++);
      offering = false;
    }
    if (owed.size() > 2) {
      ADD_FAILURE() << owed.size() << " beats held, more than the slice's two entries, cycle "
                    << clock << ", seed " << rng.seed();
      return st;
    }
  }
  return st;
}

constexpr uint64_t kSeed = 0x5C1D;

TEST(AxisSkid, TrafficMatrix) {
  Rng rng(SeedFromEnv(kSeed + 1));
  for (const Traffic& t : {Traffic{0, 0}, Traffic{0.3, 0}, Traffic{0, 0.5}, Traffic{0.3, 0.5},
                           Traffic{0, 0.95}}) {
    SCOPED_TRACE(t.name());
    const SkidStats st = RunSkid(t, false, 20000, rng, t.name());
    if (::testing::Test::HasFailure()) return;
    EXPECT_GT(st.out, 900u);
    // every beat taken has left but the two entries' worth
    EXPECT_LE(st.taken - st.out, 2u);
    if (t.stall > 0.9) {
      EXPECT_GT(st.ready_low, 1000u);
    }
  }
}

// With the output always ready, the slice never withdraws ready and a beat
// leaves every clock after the first: the register costs latency, not rate.
TEST(AxisSkid, FullRateWhenTheOutputIsReady) {
  Rng rng(SeedFromEnv(kSeed + 2));
  const SkidStats st = RunSkid(Traffic{0, 0}, false, 10000, rng, "full_rate");
  if (::testing::Test::HasFailure()) return;
  EXPECT_EQ(st.ready_low, 0u);
  EXPECT_GE(st.out, 10000u - 4);
}

TEST(AxisSkid, ResetsEmptyItAndItGoesOn) {
  Rng rng(SeedFromEnv(kSeed + 3));
  const SkidStats st = RunSkid(Traffic{0.2, 0.6}, true, 50000, rng, "resets");
  if (::testing::Test::HasFailure()) return;
  EXPECT_GT(st.lost, 0u);
  EXPECT_GT(st.out, 10000u);
}

}  // namespace
}  // namespace sim
}  // namespace utf8core
