// Tests of the wide blocks' output FIFO and input credit (rtl/lane/utf8_lane_fifo.v)
// beside its cycle model (model/lane/utf8_lane_fifo.h), on its own: the owner is
// played by the bench, a pipeline of fixed latency from an accepted beat to
// its write (wr) or its retirement without an entry (drop), as in the wide
// decoder and the sanitizer. Every output is compared every clock (s_ready;
// s_ready_next against the model's next s_ready; m_valid; m_data while valid)
// and the first mismatch fails the test with its cycle, signal, both values and
// the seed. The beats are checked again: the written ones leave in order, none
// lost or repeated, and never more than DEPTH beats are accepted and not yet
// popped or dropped. Seed: UTF8CORE_SEED; waves: UTF8CORE_TRACE=<dir>.
#include "utf8_lane_fifo.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "Vutf8_lane_fifo_d16.h"
#include "Vutf8_lane_fifo_d4.h"
#include "fst_trace.h"
#include "harness.h"

namespace utf8core {
namespace sim {
namespace {

using Model = LaneFifoModel<uint32_t>;

// The owner's pipeline from s_axis_tready's register to the FIFO's write:
// the wide decoder's at LANES 8 is longer, but the credit only needs DEPTH
// to cover it for full rate, which the full-rate test checks at DEPTH 16.
constexpr int kLatency = 5;

struct Inputs {
  bool rst = false;
  bool s_valid = false;
  bool wr = false;
  bool drop = false;
  uint32_t wr_data = 0;
  bool m_ready = false;
};

struct Outputs {
  bool s_ready = false;
  bool s_ready_next = false;
  bool m_valid = false;
  uint32_t m_data = 0;
};

template <class Top>
class FifoBench {
 public:
  FifoBench(int depth, uint64_t seed, const std::string& name)
      : ctx_(MakeContext()),
        top_(std::make_unique<Top>(ctx_.get(), "TOP")),
        model_(depth),
        chk_("utf8_lane_fifo DEPTH=" + std::to_string(depth), seed) {
    wave_.open(ctx_.get(), top_.get(), TracePath(SafeName("lane_fifo_" + name)));
  }

  // One clock with inputs `in`: the RTL's outputs (before the edge) in *out,
  // compared with the model's. False from the first mismatch on.
  bool Step(const Inputs& in, Outputs* out) {
    Top& t = *top_;
    t.rst = in.rst;
    t.s_valid = in.s_valid;
    t.wr = in.wr;
    t.drop = in.drop;
    t.wr_data = in.wr_data;
    t.m_ready = in.m_ready;
    t.clk = 0;
    t.eval();
    wave_.dump();
    ctx_->timeInc(1);

    out->s_ready = t.s_ready;
    out->s_ready_next = t.s_ready_next;
    out->m_valid = t.m_valid;
    out->m_data = t.m_data;
    // Before its first reset the RTL's control state has no value.
    if (reset_seen_) {
      const bool was_ok = chk_.ok();
      chk_.check("s_ready", model_.s_ready(), out->s_ready);
      chk_.check("m_valid", model_.m_valid(), out->m_valid);
      if (model_.m_valid()) chk_.check("m_data", model_.m_beat(), out->m_data);
      if (was_ok && !chk_.ok()) wave_.flush();
    }

    t.clk = 1;
    t.eval();
    wave_.dump();
    ctx_->timeInc(1);
    model_.tick(in.rst, in.s_valid, in.wr ? &in.wr_data : nullptr, in.drop, in.m_ready);
    // s_ready_next is the value s_ready takes at this edge, outside reset.
    if (reset_seen_ && !in.rst) chk_.check("s_ready_next", model_.s_ready(), out->s_ready_next);
    if (in.rst) reset_seen_ = true;
    chk_.set_cycle(chk_.cycle() + 1);
    return chk_.ok();
  }

  const CycleChecker& checker() const { return chk_; }

 private:
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Top> top_;
  FstTrace<Top> wave_;
  Model model_;
  CycleChecker chk_;
  bool reset_seen_ = false;
};

struct FifoStats {
  uint64_t accepted = 0, written = 0, dropped = 0, popped = 0, lost = 0, clocks = 0;
  uint64_t ready_low = 0;  // clocks after the first beat with s_ready low
};

// Offers beats with `traffic`'s gaps (a beat offered stays offered until it is
// taken) and pulls with its backpressure; each accepted beat is written after
// kLatency clocks, or with probability `drop_rate` retired without an entry.
// With `resets`, a reset now and then loses what is in flight.
template <class Top>
FifoStats RunFifo(int depth, const Traffic& traffic, double drop_rate, bool resets, uint64_t clocks,
              Rng& rng, const std::string& name) {
  FifoBench<Top> bench(depth, rng.seed(), name);
  FifoStats st;
  Inputs in;
  Outputs out;
  // The owner's pipeline: slot k holds what leaves it in k clocks (0: none).
  std::deque<int> pipe(kLatency, 0);  // 0 nothing, 1 write, 2 drop
  std::deque<uint32_t> pipe_data(kLatency, 0);
  std::deque<uint32_t> owed;  // written, not yet popped, in order
  uint32_t next = 1;
  uint64_t outstanding = 0;  // accepted, not yet popped or dropped
  bool presenting = false;
  for (uint64_t clock = 0; clock < clocks; ++clock) {
    in.rst = clock < 2 || (resets && rng.chance(0.003));
    if (!presenting) presenting = !in.rst && !rng.chance(traffic.gap);
    in.s_valid = presenting;
    in.wr = pipe.front() == 1;
    in.drop = pipe.front() == 2;
    in.wr_data = in.wr ? pipe_data.front() : static_cast<uint32_t>(rng.u64());
    in.m_ready = !rng.chance(traffic.stall);
    if (!bench.Step(in, &out)) {
      ADD_FAILURE() << bench.checker().message();
      return st;
    }
    ++st.clocks;
    pipe.pop_front();
    pipe_data.pop_front();
    if (in.rst) {
      st.lost += owed.size();
      owed.clear();
      pipe.assign(kLatency, 0);
      pipe_data.assign(kLatency, 0);
      outstanding = 0;
      presenting = false;
      continue;
    }
    if (st.accepted > 0 && !out.s_ready) ++st.ready_low;
    const bool take = in.s_valid && out.s_ready;
    if (take) {
      ++st.accepted;
      ++outstanding;
      presenting = false;
      const bool drop = rng.chance(drop_rate);
      pipe.push_back(drop ? 2 : 1);
      pipe_data.push_back(drop ? 0 : next++);
    } else {
      pipe.push_back(0);
      pipe_data.push_back(0);
    }
    if (in.wr) {
      ++st.written;
      owed.push_back(in.wr_data);
    }
    if (in.drop) {
      ++st.dropped;
      --outstanding;
    }
    if (out.m_valid && in.m_ready) {
      ++st.popped;
      --outstanding;
      if (owed.empty()) {
        ADD_FAILURE() << "a beat out that was never written, cycle " << clock << ", seed "
                      << rng.seed();
        return st;
      }
      if (out.m_data != owed.front()) {
        ADD_FAILURE() << "beat " << out.m_data << " out where " << owed.front()
                      << " was due, cycle " << clock << ", seed " << rng.seed();
        return st;
      }
      owed.pop_front();
    }
    // The credit's contract: the owner's pipeline and the FIFO never hold more
    // than DEPTH beats, so the FIFO never overflows.
    if (outstanding > static_cast<uint64_t>(depth)) {
      ADD_FAILURE() << outstanding << " beats accepted and not yet retired with DEPTH " << depth
                    << ", cycle " << clock << ", seed " << rng.seed();
      return st;
    }
  }
  return st;
}

template <class Top>
void TrafficMatrix(int depth, uint64_t seed_base) {
  const uint64_t seed = SeedFromEnv(seed_base);
  Rng rng(seed);
  for (const Traffic& t : {Traffic{0, 0}, Traffic{0.3, 0}, Traffic{0, 0.5}, Traffic{0.3, 0.5},
                           Traffic{0, 0.95}}) {
    SCOPED_TRACE(t.name());
    const FifoStats st = RunFifo<Top>(depth, t, 0.2, false, 20000, rng,
                                  "d" + std::to_string(depth) + "_" + t.name());
    if (::testing::Test::HasFailure()) return;
    // (at DEPTH 4 the credit allows 4 beats a round trip of about 8 clocks)
    EXPECT_GT(st.popped, 400u);
    EXPECT_GT(st.dropped, 100u);
    // with the output mostly stalled, the credit must have withdrawn ready
    if (t.stall > 0.9) {
      EXPECT_GT(st.ready_low, 1000u);
    }
    std::printf("DEPTH %d, %s: %llu accepted, %llu written, %llu dropped, %llu popped in %llu clocks\n",
                depth, t.name(), static_cast<unsigned long long>(st.accepted),
                static_cast<unsigned long long>(st.written), static_cast<unsigned long long>(st.dropped),
                static_cast<unsigned long long>(st.popped), static_cast<unsigned long long>(st.clocks));
  }
}

template <class Top>
void Resets(int depth, uint64_t seed_base) {
  const uint64_t seed = SeedFromEnv(seed_base);
  Rng rng(seed);
  const FifoStats st = RunFifo<Top>(depth, Traffic{0.2, 0.6}, 0.2, true, 50000, rng,
                                "d" + std::to_string(depth) + "_resets");
  if (::testing::Test::HasFailure()) return;
  EXPECT_GT(st.lost, 0u);
  EXPECT_GT(st.popped, 5000u);
}

constexpr uint64_t kSeed = 0xF1F0;

TEST(LaneFifo, TrafficMatrixDepth4) { TrafficMatrix<Vutf8_lane_fifo_d4>(4, kSeed + 1); }
TEST(LaneFifo, TrafficMatrixDepth16) { TrafficMatrix<Vutf8_lane_fifo_d16>(16, kSeed + 2); }
TEST(LaneFifo, ResetsDepth4) { Resets<Vutf8_lane_fifo_d4>(4, kSeed + 3); }
TEST(LaneFifo, ResetsDepth16) { Resets<Vutf8_lane_fifo_d16>(16, kSeed + 4); }

// With the output always ready and DEPTH 16 covering the round trip (the
// s_ready register, kLatency clocks, the FIFO's write and output register),
// s_ready never drops: a beat every clock. At DEPTH 4 it must drop (the
// credit runs out behind the latency), which shows the check can fail.
TEST(LaneFifo, FullRateDepth16) {
  Rng rng(SeedFromEnv(kSeed + 5));
  const FifoStats st = RunFifo<Vutf8_lane_fifo_d16>(16, Traffic{0, 0}, 0.2, false, 20000, rng,
                                                "d16_full_rate");
  if (::testing::Test::HasFailure()) return;
  EXPECT_EQ(st.ready_low, 0u);
  EXPECT_GT(st.accepted, 19990u);
}
TEST(LaneFifo, ReadyDropsAtDepth4) {
  Rng rng(SeedFromEnv(kSeed + 6));
  const FifoStats st =
      RunFifo<Vutf8_lane_fifo_d4>(4, Traffic{0, 0}, 0.2, false, 20000, rng, "d4_full_rate");
  if (::testing::Test::HasFailure()) return;
  EXPECT_GT(st.ready_low, 0u);
}

}  // namespace
}  // namespace sim
}  // namespace utf8core
