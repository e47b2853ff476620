// Tests of the kernel's tail holder (rtl/kernel/utf8_kernel_tail.v), verilated at W 8
// and 64, beside its cycle model (model/kernel/utf8_kernel_tail.h): every output is
// compared every clock and the first mismatch fails the test with its cycle,
// signal, both values and the seed. The data are checked again against the
// functional model: each packet's bytes out followed by the bytes held equal
// the bytes in, and the bytes held are exactly the incomplete sequence that
// Decode ends the packet with as a TOO_SHORT unit (none without PARTIAL).
// Seed: UTF8CORE_SEED; waves: UTF8CORE_TRACE=<dir>.
#include "utf8_kernel_tail.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "Vutf8_kernel_tail_w64.h"
#include "Vutf8_kernel_tail_w8.h"
#include "clocked_bench.h"
#include "harness.h"
#include "utf8_model.h"
#include "verilated_ports.h"

namespace utf8core {
namespace sim {
namespace {

using Model = KernelTailCycleModel;

std::string Hex(const std::vector<uint8_t>& b) {
  std::string s;
  char buf[4];
  for (uint8_t x : b) {
    std::snprintf(buf, sizeof buf, "%02X ", x);
    s += buf;
  }
  return s;
}

// ---------------------------------------------------------------------------
// The Verilated block and its model, clocked together (clocked_bench.h).
template <class Top>
class TailBench : public ClockedBench<TailBench<Top>, Top, Model> {
 public:
  TailBench(int w, uint64_t seed, const std::string& name)
      : ClockedBench<TailBench, Top, Model>("utf8_kernel_tail W=" + std::to_string(w), seed,
                                            "kernel_tail_" + name, w),
        w_(w) {}

 private:
  friend ClockedBench<TailBench, Top, Model>;
  using ClockedBench<TailBench, Top, Model>::chk_;

  void Drive(const Model::Inputs& in, Top& t) {
    t.rst = in.rst;
    t.cfg_mode = in.cfg_mode;
    t.cfg_partial = in.cfg_partial;
    SetPortBytes(t.s_axis_tdata, in.s.tdata.data(), static_cast<size_t>(w_));
    t.s_axis_tkeep = static_cast<decltype(+t.s_axis_tkeep)>(MaskWord(in.s.tkeep, 0));
    t.s_axis_tvalid = in.s.tvalid;
    t.s_axis_tlast = in.s.tlast;
    t.m_axis_tready = in.m_tready;
  }

  void Read(Top& t, Model::Outputs* out) {
    Model::Outputs& a = *out;
    a.s_tready = t.s_axis_tready;
    for (int k = 0; k < w_; ++k)
      a.m_tdata[k] = static_cast<uint8_t>(PortBits(t.m_axis_tdata, 8 * k, 8));
    a.m_tkeep = t.m_axis_tkeep;
    a.m_tvalid = t.m_axis_tvalid;
    a.m_tlast = t.m_axis_tlast;
    a.done = t.done;
    a.sent = t.sent;
    a.held_data = t.held_data;
    a.held_count = t.held_count;
  }

  void Compare(const Model::Outputs& e, const Model::Outputs& a) {
    chk_.check("s_axis_tready", e.s_tready, a.s_tready);
    chk_.check("m_axis_tvalid", e.m_tvalid, a.m_tvalid);
    chk_.check("m_axis_tlast", e.m_tlast, a.m_tlast);
    // Payload wherever the RTL has given it a value, offered or not.
    if (e.m_tvalid && !(e.tkeep_known && e.tdata_known)) {
      ADD_FAILURE() << "the model offers a beat it has no payload for, cycle " << chk_.cycle();
    }
    if (e.tkeep_known) chk_.check("m_axis_tkeep", e.m_tkeep, a.m_tkeep);
    if (e.tdata_known) {
      for (int k = 0; k < w_; ++k) chk_.check_lane("m_axis_tdata", k, e.m_tdata[k], a.m_tdata[k]);
    }
    chk_.check("done", e.done, a.done);
    chk_.check("sent", e.sent, a.sent);
    if (e.held_data_known) chk_.check("held_data", e.held_data, a.held_data);
    chk_.check("held_count", e.held_count, a.held_count);
  }

  int w_;
};

// ---------------------------------------------------------------------------
// Packets whose ends fall in every place a tail can: inside sequences of every
// length (a proper prefix of 1..5 bytes, in rfc3629 only what the mode has),
// after complete ones, after near misses (a lead whose second byte is out of
// its range, a lead the mode does not have), in a packet of one beat or
// straddling the last two.

// A well-formed sequence of `len` bytes in the mode, its lead drawn so that
// the leads with a narrow second-byte range (E0 ED F0 F4 F8 FC) come often.
std::vector<uint8_t> Sequence(Rng& rng, Mode mode, int len) {
  struct Range {
    uint32_t lo, hi;
  };
  static const Range kRanges[7][3] = {
      {},
      {{0x00, 0x7F}, {0x00, 0x7F}, {0x00, 0x7F}},
      {{0x80, 0x7FF}, {0x80, 0xFF}, {0x700, 0x7FF}},
      {{0x800, 0xFFFF}, {0x800, 0xFFF}, {0xD000, 0xD7FF}},                          // any, E0, ED
      {{0x10000, 0x10FFFF}, {0x10000, 0x3FFFF}, {0x100000, 0x10FFFF}},              // any, F0, F4
      {{0x200000, 0x3FFFFFF}, {0x200000, 0x3FFFFF}, {0x3000000, 0x3FFFFFF}},        // any, F8
      {{0x4000000, 0x7FFFFFFF}, {0x4000000, 0x7FFFFFF}, {0x70000000, 0x7FFFFFFF}},  // any, FC
  };
  if (len == 4 && mode == Mode::kAnnexR && rng.chance(0.3)) {
    // beyond U+10FFFF: F4 90.. and F5..F7, leads of annex-r only
    const uint32_t cp = 0x110000 + rng.below(0x1F0000);
    uint8_t out[6];
    ErrorClass c;
    const int n = EncodeOne(cp, mode, out, &c);
    return std::vector<uint8_t>(out, out + n);
  }
  const Range r = kRanges[len][rng.below(3)];
  uint32_t cp = r.lo + static_cast<uint32_t>(rng.u64() % (uint64_t{r.hi} - r.lo + 1));
  if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0xD7FF;
  uint8_t out[6];
  ErrorClass c;
  const int n = EncodeOne(cp, mode, out, &c);
  return std::vector<uint8_t>(out, out + n);
}

// What a packet ends with.
std::vector<uint8_t> Ending(Rng& rng, Mode mode) {
  const int longest = mode == Mode::kAnnexR ? 6 : 4;
  static const std::vector<std::vector<uint8_t>> kNearMisses = {{0xE0, 0x80},
                                                                {0xE0, 0x9F},
                                                                {0xED, 0xA0},
                                                                {0xF0, 0x8F},
                                                                {0xF0, 0x80, 0x80},
                                                                {0xF4, 0x90},
                                                                {0xF4, 0xBF, 0x80},
                                                                {0xF5},
                                                                {0xF5, 0x80},
                                                                {0xF7, 0xBF, 0xBF},
                                                                {0xF8},
                                                                {0xF8, 0x87},
                                                                {0xF8, 0x88, 0x80},
                                                                {0xFB, 0x80, 0x80, 0x80},
                                                                {0xFC},
                                                                {0xFC, 0x83},
                                                                {0xFC, 0x84, 0x80, 0x80},
                                                                {0xFD, 0xBF, 0xBF, 0xBF, 0xBF},
                                                                {0xFE},
                                                                {0xFF},
                                                                {0xC0},
                                                                {0xC1},
                                                                {0x80},
                                                                {0xBF, 0xBF},
                                                                {0xC2, 0x80, 0x80},
                                                                {0xE2, 0x82, 0xAC, 0x80},
                                                                {0xC2, 0x41},
                                                                {0xE2, 0x41}};
  switch (rng.below(4)) {
    case 0:
    case 1: {  // a proper prefix of a sequence of 2..longest bytes
      const int len = 2 + static_cast<int>(rng.below(static_cast<uint32_t>(longest - 1)));
      std::vector<uint8_t> s = Sequence(rng, mode, len);
      s.resize(1 + rng.below(static_cast<uint32_t>(len - 1)));
      return s;
    }
    case 2:  // a complete sequence
      return Sequence(rng, mode, 1 + static_cast<int>(rng.below(static_cast<uint32_t>(longest))));
    default:
      return kNearMisses[rng.below(static_cast<uint32_t>(kNearMisses.size()))];
  }
}

// A packet of about `size` bytes (at least the ending) in the mode.
std::vector<uint8_t> TailPacket(Rng& rng, Mode mode, size_t size) {
  const std::vector<uint8_t> end = Ending(rng, mode);
  std::vector<uint8_t> p;
  while (p.size() + end.size() < size) {
    switch (rng.below(4)) {
      case 0:
        p.push_back(static_cast<uint8_t>(0x20 + rng.below(0x5F)));
        break;
      case 1:
        p.push_back(static_cast<uint8_t>(rng.u64()));
        break;
      default: {
        const int longest = mode == Mode::kAnnexR ? 6 : 4;
        const std::vector<uint8_t> s =
            Sequence(rng, mode, 1 + static_cast<int>(rng.below(static_cast<uint32_t>(longest))));
        p.insert(p.end(), s.begin(), s.end());
      }
    }
  }
  if (p.size() + end.size() > size && p.size() > 0)
    p.resize(size > end.size() ? size - end.size() : 0);
  p.insert(p.end(), end.begin(), end.end());
  return p;
}

// Sizes that put the end in every place: one short beat, a whole beat, just
// past a beat boundary (the tail straddles the last two), several beats.
size_t PacketSize(Rng& rng, int w) {
  const uint32_t uw = static_cast<uint32_t>(w);
  switch (rng.below(4)) {
    case 0:
      return 1 + rng.below(6);
    case 1:
      return uw - 3 + rng.below(9);  // W-3 .. W+5
    case 2:
      return 2 * uw - 3 + rng.below(9);
    default:
      return 1 + rng.below(4 * uw);
  }
}

// What the tail holder must keep of a packet: the incomplete sequence Decode
// ends it with as a TOO_SHORT unit, when PARTIAL is on.
std::vector<uint8_t> ExpectedHeld(const std::vector<uint8_t>& p, Mode mode, bool partial) {
  if (!partial || p.empty()) return {};
  const std::vector<Unit> units = Decode(p, mode);
  const Unit& u = units.back();
  if (u.cls != ErrorClass::kTooShort || u.offset + u.length != p.size()) return {};
  return std::vector<uint8_t>(p.begin() + static_cast<std::ptrdiff_t>(u.offset), p.end());
}

struct Job {
  std::vector<uint8_t> bytes;
  Mode mode;
  bool partial;
};

struct TailStats {
  uint64_t packets = 0, checked = 0, lost_to_reset = 0, straddled = 0;
  std::array<std::array<uint64_t, 6>, 2> held{};  // [mode][bytes held]
};

// Runs the jobs through the block and the model under `traffic`, a reset now
// and then in the middle of a packet (which loses it) when `resets`, and
// checks each packet that was not lost against the functional model. The
// traffic comes from *rng, made from the test's seed.
template <class Top>
TailStats RunTail(int w, const std::vector<Job>& jobs, const Traffic& traffic, bool resets,
                  Rng& rng, const std::string& name) {
  const uint64_t seed = rng.seed();
  TailBench<Top> bench(w, seed, name);
  TailStats st;
  Model::Inputs in;
  Model::Outputs out;
  auto step = [&]() -> bool { return bench.Stepped(in, &out); };
  // Two reset clocks first.
  in.rst = true;
  for (int i = 0; i < 2; ++i) {
    if (!step()) return st;
  }
  in.rst = false;

  std::vector<uint8_t> got;  // bytes out of the current packet
  for (size_t j = 0; j < jobs.size(); ++j) {
    const Job& job = jobs[j];
    ++st.packets;
    got.clear();
    const size_t beats = (job.bytes.size() + static_cast<size_t>(w) - 1) / static_cast<size_t>(w);
    size_t beat = 0;
    // a reset in the middle of this packet, at a clock of its own
    const int64_t reset_at =
        resets && rng.chance(0.15) ? rng.below(4 * static_cast<uint32_t>(beats) + 6) : -1;
    bool done_seen = false;
    bool presenting = false, held_out = false;
    Model::Outputs prev;
    for (int64_t clock = 0;; ++clock) {
      if (clock > 10000) {
        ADD_FAILURE() << "hung in packet " << j << ", seed " << seed;
        return st;
      }
      in.rst = clock == reset_at;
      // the job's flags are steady while it runs
      in.cfg_mode = job.mode == Mode::kAnnexR;
      in.cfg_partial = job.partial;
      // An AXI4-Stream source: a beat offered stays offered until it is taken.
      if (!presenting) presenting = beat < beats && !rng.chance(traffic.gap);
      in.s.tvalid = presenting;
      in.s.tlast = rng.chance(0.5);
      in.s.tkeep = rng.u64();
      for (int k = 0; k < w; ++k) in.s.tdata[k] = static_cast<uint8_t>(rng.u64());
      if (in.s.tvalid) {
        const size_t at = beat * static_cast<size_t>(w);
        const size_t n = std::min(static_cast<size_t>(w), job.bytes.size() - at);
        for (size_t k = 0; k < n; ++k) in.s.tdata[k] = job.bytes[at + k];
        in.s.tkeep = n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
        in.s.tlast = beat + 1 == beats;
      }
      in.m_tready = !rng.chance(traffic.stall);
      if (!step()) return st;
      if (in.rst) {
        ++st.lost_to_reset;
        break;
      }
      if (in.s.tvalid && out.s_tready) {
        ++beat;
        presenting = false;
      }
      // The output keeps the same rule: a beat offered is held, unchanged.
      if (held_out && (!out.m_tvalid || out.m_tkeep != prev.m_tkeep ||
                       out.m_tlast != prev.m_tlast || out.m_tdata != prev.m_tdata)) {
        ADD_FAILURE() << "m_axis beat withdrawn or changed before m_axis_tready, packet " << j
                      << ", seed " << seed;
        return st;
      }
      held_out = out.m_tvalid && !in.m_tready;
      prev = out;
      if (out.m_tvalid && in.m_tready) {
        for (int k = 0; k < w && ((out.m_tkeep >> k) & 1); ++k) got.push_back(out.m_tdata[k]);
        if (out.m_tlast && beat < beats) {
          ADD_FAILURE() << "tlast before the packet's last beat came in, packet " << j;
        }
      }
      if (out.done) {
        done_seen = true;
        break;
      }
    }
    if (!done_seen) continue;
    // The packet against the functional model.
    ++st.checked;
    const std::vector<uint8_t> want_held = ExpectedHeld(job.bytes, job.mode, job.partial);
    std::vector<uint8_t> held;
    for (uint32_t i = 0; i < out.held_count; ++i)
      held.push_back(static_cast<uint8_t>(out.held_data >> (8 * i)));
    std::vector<uint8_t> joined = got;
    joined.insert(joined.end(), held.begin(), held.end());
    const std::string what = "packet " + std::to_string(j) + " [" + ModeName(job.mode) +
                             (job.partial ? ", PARTIAL" : "") + "] " + Hex(job.bytes) + "seed " +
                             std::to_string(seed);
    EXPECT_EQ(joined, job.bytes) << "bytes out then held differ from bytes in: " << what;
    EXPECT_EQ(held, want_held) << "held bytes: " << what;
    EXPECT_EQ(out.sent, !got.empty()) << "sent: " << what;
    st.held[job.mode == Mode::kAnnexR][held.size() < 6 ? held.size() : 5]++;
    const size_t last_count = job.bytes.size() - (beats - 1) * static_cast<size_t>(w);
    if (beats > 1 && held.size() > last_count) ++st.straddled;
    if (::testing::Test::HasFailure()) return st;
  }
  // Reset clocks, then a few idle ones, still compared.
  in = Model::Inputs();
  for (int i = 0; i < 4; ++i) {
    in.rst = i < 2;
    if (!step()) return st;
  }
  return st;
}

std::vector<Job> RandomJobs(Rng& rng, int w, int n) {
  std::vector<Job> jobs;
  for (int i = 0; i < n; ++i) {
    Job j;
    j.mode = rng.chance(0.5) ? Mode::kAnnexR : Mode::kRfc3629;
    j.partial = rng.chance(0.7);
    j.bytes = TailPacket(rng, j.mode, PacketSize(rng, w));
    jobs.push_back(j);
  }
  return jobs;
}

template <class Top>
void TrafficMatrix(int w) {
  const uint64_t seed = SeedFromEnv(0x7A11 + static_cast<uint64_t>(w));
  Rng rng(seed);
  const std::vector<Job> jobs = RandomJobs(rng, w, 400);
  TailStats total;
  for (const Traffic& t : kTrafficMatrix) {
    SCOPED_TRACE(t.name());
    const TailStats st =
        RunTail<Top>(w, jobs, t, false, rng, "W" + std::to_string(w) + "_" + SafeName(t.name()));
    if (::testing::Test::HasFailure()) return;
    EXPECT_EQ(st.checked, jobs.size());
    total.straddled += st.straddled;
    for (int m = 0; m < 2; ++m) {
      for (int k = 0; k < 6; ++k) total.held[m][k] += st.held[m][k];
    }
  }
  // Every length of tail in both modes, and tails cut from both beats.
  for (int k = 0; k <= 3; ++k) EXPECT_GT(total.held[0][k], 0u) << k << " bytes held, rfc3629";
  EXPECT_EQ(total.held[0][4] + total.held[0][5], 0u) << "more than 3 bytes held in rfc3629";
  for (int k = 0; k <= 5; ++k) EXPECT_GT(total.held[1][k], 0u) << k << " bytes held, annex-r";
  EXPECT_GT(total.straddled, 0u);
  std::printf(
      "utf8_kernel_tail W=%d: held 0..3 bytes (rfc3629) %llu %llu %llu %llu, 0..5 (annex-r)"
      " %llu %llu %llu %llu %llu %llu, across the last two beats %llu\n",
      w, static_cast<unsigned long long>(total.held[0][0]),
      static_cast<unsigned long long>(total.held[0][1]),
      static_cast<unsigned long long>(total.held[0][2]),
      static_cast<unsigned long long>(total.held[0][3]),
      static_cast<unsigned long long>(total.held[1][0]),
      static_cast<unsigned long long>(total.held[1][1]),
      static_cast<unsigned long long>(total.held[1][2]),
      static_cast<unsigned long long>(total.held[1][3]),
      static_cast<unsigned long long>(total.held[1][4]),
      static_cast<unsigned long long>(total.held[1][5]),
      static_cast<unsigned long long>(total.straddled));
}

template <class Top>
void ResetsMidPacket(int w) {
  const uint64_t seed = SeedFromEnv(0x7A12 + static_cast<uint64_t>(w));
  Rng rng(seed);
  const std::vector<Job> jobs = RandomJobs(rng, w, 300);
  const TailStats st =
      RunTail<Top>(w, jobs, Traffic{0.2, 0.3}, true, rng, "W" + std::to_string(w) + "_resets");
  if (::testing::Test::HasFailure()) return;
  std::printf("utf8_kernel_tail W=%d: %llu packets checked, %llu lost to a reset\n", w,
              static_cast<unsigned long long>(st.checked),
              static_cast<unsigned long long>(st.lost_to_reset));
  EXPECT_GT(st.lost_to_reset, 10u);
  EXPECT_EQ(st.checked + st.lost_to_reset, jobs.size());
}

// Every input random every clock (the flags too, and tlast and tkeep on idle
// clocks), with resets: the model against the RTL, nothing else. A last beat
// keeps at least one byte, as the read engine's do.
template <class Top>
void RandomInputs(int w) {
  const uint64_t seed = SeedFromEnv(0x7A13 + static_cast<uint64_t>(w));
  Rng rng(seed);
  TailBench<Top> bench(w, seed, "W" + std::to_string(w) + "_random_inputs");
  Model::Inputs in;
  Model::Outputs out;
  uint64_t dones = 0, held = 0;
  for (int clock = 0; clock < 30000; ++clock) {
    in.rst = clock < 2 || rng.chance(0.003);
    in.cfg_mode = rng.chance(0.5);
    in.cfg_partial = rng.chance(0.7);
    in.s.tvalid = rng.chance(0.6);
    in.s.tlast = rng.chance(0.2);
    in.s.tkeep = rng.u64();
    if (rng.chance(0.5)) in.s.tkeep &= (uint64_t{1} << rng.below(static_cast<uint32_t>(w))) - 1;
    if (in.s.tkeep == 0) in.s.tkeep = 1;
    // bytes near the end are often leads and continuations
    for (int k = 0; k < w; ++k) {
      in.s.tdata[k] = static_cast<uint8_t>(rng.chance(0.5) ? 0x80 + rng.below(0x80) : rng.u64());
    }
    in.m_tready = rng.chance(0.7);
    if (!bench.Step(in, &out)) {
      FAIL() << bench.checker().message();
    }
    dones += out.done;
    held += out.done && out.held_count > 0;
  }
  EXPECT_GT(dones, 500u);
  EXPECT_GT(held, 100u);
}

TEST(KernelTail, TrafficMatrixW8) { TrafficMatrix<Vutf8_kernel_tail_w8>(8); }
TEST(KernelTail, TrafficMatrixW64) { TrafficMatrix<Vutf8_kernel_tail_w64>(64); }
TEST(KernelTail, ResetsMidPacketW8) { ResetsMidPacket<Vutf8_kernel_tail_w8>(8); }
TEST(KernelTail, ResetsMidPacketW64) { ResetsMidPacket<Vutf8_kernel_tail_w64>(64); }
TEST(KernelTail, RandomInputsW8) { RandomInputs<Vutf8_kernel_tail_w8>(8); }
TEST(KernelTail, RandomInputsW64) { RandomInputs<Vutf8_kernel_tail_w64>(64); }

// The model's tail cut on its own, over every ending of up to three bytes
// before the end in both modes, against Decode: the same rule as the packet
// checks, without the RTL.
TEST(KernelTailModel, TailCutMatchesDecode) {
  for (int mode = 0; mode < 2; ++mode) {
    const Mode m = mode ? Mode::kAnnexR : Mode::kRfc3629;
    // A fixed ASCII prefix, then every lead or continuation pattern of three
    // bytes drawn from the bytes that matter.
    const uint8_t kBytes[] = {0x41, 0x7F, 0x80, 0x84, 0x88, 0x8F, 0x90, 0x9F, 0xA0,
                              0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEF, 0xF0,
                              0xF4, 0xF5, 0xF7, 0xF8, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF};
    for (uint8_t a : kBytes) {
      for (uint8_t b : kBytes) {
        for (uint8_t c : kBytes) {
          const std::vector<uint8_t> p = {0x41, 0x41, a, b, c};
          const std::array<uint8_t, 5> t = {0x41, 0x41, a, b, c};
          const size_t want = ExpectedHeld(p, m, true).size();
          ASSERT_EQ(static_cast<size_t>(Model::TailCut(t, 5, m == Mode::kAnnexR)), want)
              << ModeName(m) << " " << Hex(p);
        }
      }
    }
  }
}

}  // namespace
}  // namespace sim
}  // namespace utf8core
