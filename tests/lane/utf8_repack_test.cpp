// Tests of the two repackers, each beside its cycle model: the accumulator
// (rtl/lane/utf8_repack.v, model/lane/utf8_repack.h) at the parameter sets the
// design uses it at: the kernel's UTF-32 path (ITEM 32, IN W, OUT W/4 for W 8
// and 64) and the sanitizer's defaults (ITEM 8, IN 27, OUT 8); and the ring
// (rtl/lane/utf8_repack_ring.v, model/lane/utf8_repack_ring.h) at the wide
// decoder's narrow builds (ITEM 38, IN LANES, OUT OUT_UNITS) and an OUT that is
// not a power of two. Every output is compared every clock and the first
// mismatch fails the test with its cycle, signal, both values and the seed.
// The items are checked again: each packet's items come out in order in beats
// of OUT, full except its last, never shared with the next packet, and some
// packets that end with an empty beat end with one too.
// Seed: UTF8CORE_SEED; waves: UTF8CORE_TRACE=<dir>.
#include "utf8_repack.h"
#include "utf8_repack_ring.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "Vutf8_repack_i32_in64_out16.h"
#include "Vutf8_repack_i32_in8_out2.h"
#include "Vutf8_repack_i8_in27_out8.h"
#include "Vutf8_repack_ring_i38_in16_out4.h"
#include "Vutf8_repack_ring_i38_in2_out1.h"
#include "Vutf8_repack_ring_i38_in8_out2.h"
#include "Vutf8_repack_ring_i38_in8_out3.h"
#include "clocked_bench.h"
#include "harness.h"
#include "verilated_ports.h"

namespace utf8core {
namespace sim {
namespace {

struct Params {
  int item, in, out;
  std::string name() const {
    return "ITEM=" + std::to_string(item) + " IN=" + std::to_string(in) +
           " OUT=" + std::to_string(out);
  }
};

// ---------------------------------------------------------------------------
// The Verilated block and its model, clocked together (clocked_bench.h). Both
// repackers' models take and give RepackCycleModel's Inputs and Outputs.
using Inputs = RepackCycleModel::Inputs;
using Outputs = RepackCycleModel::Outputs;

template <class Top, class Model>
class RepackBench : public ClockedBench<RepackBench<Top, Model>, Top, Model> {
 public:
  RepackBench(const Params& p, uint64_t seed, const std::string& name)
      : ClockedBench<RepackBench, Top, Model>("repack " + p.name(), seed, "repack_" + name,
                                              p.item, p.in, p.out),
        p_(p) {}

 private:
  friend ClockedBench<RepackBench, Top, Model>;
  using ClockedBench<RepackBench, Top, Model>::chk_;

  void Drive(const Inputs& in, Top& t) {
    t.rst = in.rst;
    SetFields(t.s_data, in.s_data.data(), p_.in, p_.item);
    t.s_count = in.s_count;
    t.s_valid = in.s_valid;
    t.s_last = in.s_last;
    t.m_ready = in.m_ready;
  }

  void Read(Top& t, Outputs* out) {
    Outputs& a = *out;
    a.s_ready = t.s_ready;
    for (int g = 0; g < p_.out; ++g) {
      a.m_data[g] = PortBits(t.m_data, p_.item * g, p_.item);
    }
    a.m_keep = t.m_keep;
    a.m_valid = t.m_valid;
    a.m_last = t.m_last;
  }

  void Compare(const Outputs& e, const Outputs& a) {
    chk_.check("s_ready", e.s_ready, a.s_ready);
    chk_.check("m_valid", e.m_valid, a.m_valid);
    chk_.check("m_keep", e.m_keep, a.m_keep);
    chk_.check("m_last", e.m_last, a.m_last);
    // Every item wherever the RTL has given it a value, offered or not.
    if (e.m_valid && e.m_keep != 0 && !e.data_known) {
      ADD_FAILURE() << "the model offers items it has no data for, cycle " << chk_.cycle();
    }
    if (e.data_known) {
      for (int g = 0; g < p_.out; ++g) chk_.check_lane("m_data", g, e.m_data[g], a.m_data[g]);
    }
  }

  Params p_;
};

// A packet: beats of 0..IN items; the last may be empty.
using Packet = std::vector<std::vector<uint32_t>>;

Packet RandomPacket(Rng& rng, const Params& p) {
  const uint32_t mask = p.item >= 32 ? 0xFFFFFFFFu : (1u << p.item) - 1;
  Packet pk(1 + rng.below(6));
  for (std::vector<uint32_t>& beat : pk) {
    uint32_t n;
    switch (rng.below(4)) {
      case 0:
        n = static_cast<uint32_t>(p.in);
        break;
      case 1:
        n = rng.below(3);  // empty beats too
        break;
      default:
        n = rng.below(static_cast<uint32_t>(p.in) + 1);
    }
    for (uint32_t k = 0; k < n; ++k) beat.push_back(static_cast<uint32_t>(rng.u64()) & mask);
  }
  if (rng.chance(0.15)) pk.back().clear();  // the kernel's empty end beat
  return pk;
}

struct RepackStats {
  uint64_t packets = 0, out_beats = 0, empty_ends = 0, lost = 0, clocks = 0;
};

// Sends the packets with gaps and backpressure (and, when `resets`, a reset
// now and then, which loses what is in flight), and checks each packet's
// items out against its items in.
template <class Top, class Model>
RepackStats RunPackets(const Params& p, const std::vector<Packet>& packets, const Traffic& traffic,
                       bool resets, Rng& rng, const std::string& name) {
  const uint64_t seed = rng.seed();
  RepackBench<Top, Model> bench(p, seed, name);
  RepackStats st;
  Inputs in;
  Outputs out;
  std::deque<std::vector<uint32_t>> owed;  // items of packets whose last beat went in
  std::vector<uint32_t> got, sent;
  size_t pk = 0, beat = 0;
  bool presenting = false;
  int tail = 0;
  for (uint64_t clock = 0;; ++clock) {
    if (clock > 200000) {
      ADD_FAILURE() << "hung, seed " << seed;
      return st;
    }
    in.rst = clock < 2 || (resets && rng.chance(0.004));
    // An AXI4-Stream source: a beat offered stays offered until it is taken.
    if (!presenting) presenting = !in.rst && pk < packets.size() && !rng.chance(traffic.gap);
    in.s_valid = presenting;
    for (int k = 0; k < p.in; ++k) in.s_data[k] = static_cast<uint32_t>(rng.u64());
    in.s_count = rng.below(static_cast<uint32_t>(p.in) + 1);
    in.s_last = rng.chance(0.5);
    if (presenting) {
      const std::vector<uint32_t>& b = packets[pk][beat];
      std::copy(b.begin(), b.end(), in.s_data.begin());
      in.s_count = static_cast<uint32_t>(b.size());
      in.s_last = beat + 1 == packets[pk].size();
    }
    in.m_ready = !rng.chance(traffic.stall);
    if (!bench.Stepped(in, &out)) return st;
    ++st.clocks;
    if (in.rst) {
      // what was in flight is lost; the packet being sent starts again
      st.lost += owed.size();
      owed.clear();
      got.clear();
      sent.clear();
      beat = 0;
      presenting = false;
      continue;
    }
    if (in.s_valid && out.s_ready) {
      const std::vector<uint32_t>& b = packets[pk][beat];
      sent.insert(sent.end(), b.begin(), b.end());
      presenting = false;
      if (++beat == packets[pk].size()) {
        owed.push_back(sent);
        sent.clear();
        beat = 0;
        ++pk;
      }
    }
    if (out.m_valid && in.m_ready) {
      ++st.out_beats;
      int n = 0;
      while (n < p.out && ((out.m_keep >> n) & 1)) ++n;
      if (out.m_keep != (n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1)) {
        ADD_FAILURE() << "m_keep not contiguous from item 0, seed " << seed;
        return st;
      }
      if (!out.m_last && n != p.out) {
        ADD_FAILURE() << "a beat not full before the packet's last, seed " << seed;
        return st;
      }
      got.insert(got.end(), out.m_data.begin(), out.m_data.begin() + n);
      if (out.m_last) {
        if (owed.empty()) {
          ADD_FAILURE() << "m_last with no packet owed, seed " << seed;
          return st;
        }
        EXPECT_EQ(got, owed.front()) << "packet " << st.packets << ", seed " << seed;
        if (n == 0) ++st.empty_ends;
        ++st.packets;
        owed.pop_front();
        got.clear();
        if (::testing::Test::HasFailure()) return st;
      }
    }
    if (pk == packets.size() && owed.empty() && ++tail > 4) break;
  }
  EXPECT_TRUE(got.empty()) << "items out after the last packet's end";
  return st;
}

template <class Top, class Model>
void TrafficMatrix(const Params& p, uint64_t seed_base) {
  const uint64_t seed = SeedFromEnv(seed_base);
  Rng rng(seed);
  std::vector<Packet> packets;
  for (int i = 0; i < 300; ++i) packets.push_back(RandomPacket(rng, p));
  for (const Traffic& t : kTrafficMatrix) {
    SCOPED_TRACE(t.name());
    const RepackStats st =
        RunPackets<Top, Model>(p, packets, t, false, rng, SafeName(p.name() + "_" + t.name()));
    if (::testing::Test::HasFailure()) return;
    EXPECT_EQ(st.packets, packets.size());
    EXPECT_GT(st.empty_ends, 0u);
    if (t.gap == 0 && t.stall == 0) {
      std::printf("repack %s: %zu packets in %llu clocks, %llu beats out\n", p.name().c_str(),
                  packets.size(), static_cast<unsigned long long>(st.clocks),
                  static_cast<unsigned long long>(st.out_beats));
    }
  }
}

template <class Top, class Model>
void Resets(const Params& p, uint64_t seed_base) {
  const uint64_t seed = SeedFromEnv(seed_base);
  Rng rng(seed);
  std::vector<Packet> packets;
  for (int i = 0; i < 300; ++i) packets.push_back(RandomPacket(rng, p));
  const RepackStats st =
      RunPackets<Top, Model>(p, packets, Traffic{0.2, 0.3}, true, rng, SafeName(p.name() + "_resets"));
  if (::testing::Test::HasFailure()) return;
  EXPECT_GT(st.lost, 0u);
  EXPECT_GT(st.packets, 200u);
}

// Every input random every clock (counts 0..IN), resets included: the model
// against the RTL, nothing else.
template <class Top, class Model>
void RandomInputs(const Params& p, uint64_t seed_base) {
  const uint64_t seed = SeedFromEnv(seed_base);
  Rng rng(seed);
  RepackBench<Top, Model> bench(p, seed, SafeName(p.name() + "_random_inputs"));
  Inputs in;
  Outputs out;
  uint64_t beats = 0;
  for (int clock = 0; clock < 20000; ++clock) {
    in.rst = clock < 2 || rng.chance(0.003);
    in.s_valid = rng.chance(0.6);
    in.s_last = rng.chance(0.2);
    in.s_count =
        rng.chance(0.3) ? static_cast<uint32_t>(p.in) : rng.below(static_cast<uint32_t>(p.in) + 1);
    for (int k = 0; k < p.in; ++k) in.s_data[k] = static_cast<uint32_t>(rng.u64());
    in.m_ready = rng.chance(0.7);
    if (!bench.Step(in, &out)) FAIL() << bench.checker().message();
    beats += out.m_valid && in.m_ready;
  }
  EXPECT_GT(beats, 2000u);
}

// The parameter sets, as the kernel (W 8 and 64) and the sanitizer use them.
constexpr uint64_t kSeed = 0x3E9AC;
const Params kKernelW8{32, 8, 2};
const Params kKernelW64{32, 64, 16};
const Params kSanitizer{8, 27, 8};

TEST(Repack, TrafficMatrixKernelW8) {
  TrafficMatrix<Vutf8_repack_i32_in8_out2, RepackCycleModel>(kKernelW8, kSeed + 1);
}
TEST(Repack, TrafficMatrixKernelW64) {
  TrafficMatrix<Vutf8_repack_i32_in64_out16, RepackCycleModel>(kKernelW64, kSeed + 2);
}
TEST(Repack, TrafficMatrixSanitizer) {
  TrafficMatrix<Vutf8_repack_i8_in27_out8, RepackCycleModel>(kSanitizer, kSeed + 3);
}
TEST(Repack, ResetsKernelW8) { Resets<Vutf8_repack_i32_in8_out2, RepackCycleModel>(kKernelW8, kSeed + 4); }
TEST(Repack, ResetsKernelW64) { Resets<Vutf8_repack_i32_in64_out16, RepackCycleModel>(kKernelW64, kSeed + 5); }
TEST(Repack, ResetsSanitizer) { Resets<Vutf8_repack_i8_in27_out8, RepackCycleModel>(kSanitizer, kSeed + 6); }
TEST(Repack, RandomInputsKernelW8) {
  RandomInputs<Vutf8_repack_i32_in8_out2, RepackCycleModel>(kKernelW8, kSeed + 7);
}
TEST(Repack, RandomInputsKernelW64) {
  RandomInputs<Vutf8_repack_i32_in64_out16, RepackCycleModel>(kKernelW64, kSeed + 8);
}
TEST(Repack, RandomInputsSanitizer) {
  RandomInputs<Vutf8_repack_i8_in27_out8, RepackCycleModel>(kSanitizer, kSeed + 9);
}

// The ring at the wide decoder's narrow builds (LANES 2, 8, 16 with OUT_UNITS
// 1, 2, 4), and an OUT that is not a power of two.
using Ring = RepackRingCycleModel;
const Params kRingL2{38, 2, 1};
const Params kRingL8{38, 8, 2};
const Params kRingL16{38, 16, 4};
const Params kRingOut3{38, 8, 3};

TEST(RepackRing, TrafficMatrixL2) { TrafficMatrix<Vutf8_repack_ring_i38_in2_out1, Ring>(kRingL2, kSeed + 11); }
TEST(RepackRing, TrafficMatrixL8) { TrafficMatrix<Vutf8_repack_ring_i38_in8_out2, Ring>(kRingL8, kSeed + 12); }
TEST(RepackRing, TrafficMatrixL16) {
  TrafficMatrix<Vutf8_repack_ring_i38_in16_out4, Ring>(kRingL16, kSeed + 13);
}
TEST(RepackRing, TrafficMatrixOut3) {
  TrafficMatrix<Vutf8_repack_ring_i38_in8_out3, Ring>(kRingOut3, kSeed + 14);
}
TEST(RepackRing, ResetsL8) { Resets<Vutf8_repack_ring_i38_in8_out2, Ring>(kRingL8, kSeed + 15); }
TEST(RepackRing, ResetsOut3) { Resets<Vutf8_repack_ring_i38_in8_out3, Ring>(kRingOut3, kSeed + 16); }
TEST(RepackRing, RandomInputsL2) { RandomInputs<Vutf8_repack_ring_i38_in2_out1, Ring>(kRingL2, kSeed + 17); }
TEST(RepackRing, RandomInputsL16) {
  RandomInputs<Vutf8_repack_ring_i38_in16_out4, Ring>(kRingL16, kSeed + 18);
}
TEST(RepackRing, RandomInputsOut3) {
  RandomInputs<Vutf8_repack_ring_i38_in8_out3, Ring>(kRingOut3, kSeed + 19);
}

}  // namespace
}  // namespace sim
}  // namespace utf8core
