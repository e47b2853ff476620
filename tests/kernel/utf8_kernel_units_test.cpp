// Tests of the kernel's unit stage (rtl/kernel/utf8_kernel_units.v), verilated at W 8
// and 64, beside its cycle model (model/kernel/utf8_kernel_units.h): every output is
// compared every clock and the first mismatch fails the test with its cycle,
// signal, both values and the seed. The jobs' units are Decode's units of
// random packets, in beats as the wide decoder gives them (packed from lane 0,
// tuser {len, class}); each job's units out and figures are checked again
// against those units: the units that fit in CAP pass, in order, and the
// counts are the counts of the units that passed. Directed jobs besides: the
// cut at every lane of a beat, CAP 0 and CAP at a beat's edge, halt and finish
// at every clock of a job (during the cut's walk too), and one beat a clock
// for beats that fit.
// Seed: UTF8CORE_SEED; waves: UTF8CORE_TRACE=<dir>.
#include "utf8_kernel_units.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "Vutf8_kernel_units_w64.h"
#include "Vutf8_kernel_units_w8.h"
#include "clocked_bench.h"
#include "harness.h"
#include "utf8_model.h"
#include "verilated_ports.h"

namespace utf8core {
namespace sim {
namespace {

using Model = KernelUnitsCycleModel;

constexpr uint32_t kOpValidate = 0, kOpSanitize = 1, kOpDecode = 2;

// ---------------------------------------------------------------------------
// The Verilated block and its model, clocked together (clocked_bench.h).
template <class Top>
class UnitsBench : public ClockedBench<UnitsBench<Top>, Top, Model> {
 public:
  UnitsBench(int w, uint64_t seed, const std::string& name)
      : ClockedBench<UnitsBench, Top, Model>("utf8_kernel_units W=" + std::to_string(w), seed,
                                             "kernel_units_" + name, w),
        w_(w) {}

 private:
  friend ClockedBench<UnitsBench, Top, Model>;
  using ClockedBench<UnitsBench, Top, Model>::chk_;

  void Drive(const Model::Inputs& in, Top& t) {
    t.rst = in.rst;
    t.start = in.start;
    t.op = in.op;
    t.cap = in.cap;
    t.finish = in.finish;
    t.halt = in.halt;
    SetFields(t.s_axis_tdata, in.s.tdata.data(), w_, 32);
    t.s_axis_tkeep = in.s.tkeep;
    SetFields(t.s_axis_tuser, in.s.tuser.data(), w_, 6);
    t.s_axis_tvalid = in.s_tvalid;
    t.s_axis_tlast = in.s.tlast;
    t.m_axis_tready = in.m_tready;
  }

  void Read(Top& t, Model::Outputs* out) {
    Model::Outputs& a = *out;
    a.s_tready = t.s_axis_tready;
    for (int g = 0; g < w_; ++g) {
      a.m.tdata[g] = static_cast<uint32_t>(PortBits(t.m_axis_tdata, 32 * g, 32));
      a.m.tuser[g] = static_cast<uint8_t>(PortBits(t.m_axis_tuser, 6 * g, 6));
    }
    a.m.tkeep = t.m_axis_tkeep;
    a.m.tlast = t.m_axis_tlast;
    a.m_tvalid = t.m_axis_tvalid;
    a.ended = t.ended;
    a.out_full = t.out_full;
    a.in_bytes = t.in_bytes;
    a.out_bytes = t.out_bytes;
    a.units = t.units;
    a.utf16_units = t.utf16_units;
    for (int c = 0; c < 6; ++c) {
      a.class_count[c] = static_cast<uint32_t>(PortBits(t.class_count, 32 * c, 32));
    }
    a.err_found = t.err_found;
    a.err_class = t.err_class;
    a.err_pos = t.err_pos;
  }

  void Compare(const Model::Outputs& e, const Model::Outputs& a) {
    static const char* const kClassCount[6] = {"class_count[1]", "class_count[2]",
                                               "class_count[3]", "class_count[4]",
                                               "class_count[5]", "class_count[6]"};
    chk_.check("s_axis_tready", e.s_tready, a.s_tready);
    chk_.check("m_axis_tvalid", e.m_tvalid, a.m_tvalid);
    // Payload and figures wherever the RTL has given them a value, offered or not.
    if (e.m_tvalid && !e.tkeep_known) {
      ADD_FAILURE() << "the model offers a beat it has no keep for, cycle " << chk_.cycle();
    }
    if (e.m_tvalid && e.m.tkeep != 0 && !e.tdata_known) {
      ADD_FAILURE() << "the model offers units it has no data for, cycle " << chk_.cycle();
    }
    if (e.tkeep_known) {
      chk_.check("m_axis_tkeep", e.m.tkeep, a.m.tkeep);
      chk_.check("m_axis_tlast", e.m.tlast, a.m.tlast);
    }
    if (e.tdata_known) {
      for (int g = 0; g < w_; ++g) {
        chk_.check_lane("m_axis_tdata", g, e.m.tdata[g], a.m.tdata[g]);
        chk_.check_lane("m_axis_tuser", g, e.m.tuser[g], a.m.tuser[g]);
      }
    }
    chk_.check("ended", e.ended, a.ended);
    chk_.check("out_full", e.out_full, a.out_full);
    if (e.figures_known) {
      chk_.check("in_bytes", e.in_bytes, a.in_bytes);
      chk_.check("out_bytes", e.out_bytes, a.out_bytes);
      chk_.check("units", e.units, a.units);
      chk_.check("utf16_units", e.utf16_units, a.utf16_units);
      for (int c = 0; c < 6; ++c) chk_.check(kClassCount[c], e.class_count[c], a.class_count[c]);
      chk_.check("err_found", e.err_found, a.err_found);
      chk_.check("err_class", e.err_class, a.err_class);
      chk_.check("err_pos", e.err_pos, a.err_pos);
    }
  }

  int w_;
};

// ---------------------------------------------------------------------------
// Jobs.

// Random text: ASCII, well-formed sequences of every length of the mode, and
// bytes at random (which make error units of every class).
std::vector<uint8_t> RandomText(Rng& rng, Mode mode, size_t n) {
  std::vector<uint8_t> b;
  while (b.size() < n) {
    switch (rng.below(4)) {
      case 0:
        b.push_back(static_cast<uint8_t>(0x20 + rng.below(0x5F)));
        break;
      case 1:
        b.push_back(static_cast<uint8_t>(rng.u64()));
        break;
      default: {
        // any length of the mode, and the code points either side of the
        // UTF-16 boundary (one code unit or two)
        static const uint32_t kHi[] = {0x7F, 0x7FF, 0xFFFF, 0x10FFFF, 0x3FFFFFF, 0x7FFFFFFF};
        static const uint32_t kEdge[] = {0xFFFE, 0xFFFF, 0x10000, 0x10001};
        const uint32_t top = kHi[rng.below(mode == Mode::kAnnexR ? 6 : 4)];
        const uint32_t cp = rng.chance(0.1)
                                ? kEdge[rng.below(4)]
                                : static_cast<uint32_t>(rng.u64() % (uint64_t{top} + 1));
        uint8_t out[6];
        ErrorClass c;
        const int k = EncodeOne(cp, mode, out, &c);
        b.insert(b.end(), out, out + k);
      }
    }
  }
  b.resize(n);
  return b;
}

enum class End { kPacket, kFinish, kHalt };

struct Job {
  uint32_t op = 0;
  uint64_t cap = 0;
  End end = End::kPacket;
  std::vector<Unit> units;               // Decode of the job's packet
  std::vector<std::vector<Unit>> beats;  // as the wide decoder gives them
  int64_t halt_clock = -1;               // kHalt: at this clock, not a random one
};

// Beat `beat` of `job` as the wide decoder hands it on: its units in the low
// lanes, tlast on the job's last beat.
Model::UnitBeat BeatOf(const Job& job, size_t beat) {
  Model::UnitBeat s;
  const std::vector<Unit>& b = job.beats[beat];
  for (size_t g = 0; g < b.size(); ++g) {
    s.tdata[g] = b[g].code_point;
    s.tuser[g] = static_cast<uint8_t>((b[g].length << 3) | static_cast<uint8_t>(b[g].cls));
  }
  s.tkeep = b.size() >= 64 ? ~uint64_t{0} : (uint64_t{1} << b.size()) - 1;
  s.tlast = beat + 1 == job.beats.size();
  return s;
}

uint32_t OutSize(uint32_t op, const Unit& u) {
  if (op == kOpSanitize) return u.cls == ErrorClass::kOk ? u.length : 3;
  if (op == kOpDecode) return 4;
  return 0;
}

// Units that fit in the job's CAP: the longest prefix whose sizes add up to CAP at most.
size_t Fitting(const Job& j) {
  uint64_t used = 0;
  for (size_t i = 0; i < j.units.size(); ++i) {
    used += OutSize(j.op, j.units[i]);
    if (used > j.cap) return i;
  }
  return j.units.size();
}

Job RandomJob(Rng& rng, int w) {
  Job j;
  j.op = rng.chance(0.05) ? 3 : rng.below(3);
  const uint32_t r = rng.below(20);
  j.end = r == 0 ? End::kFinish : r < 4 ? End::kHalt : End::kPacket;
  if (j.end != End::kFinish) {
    const Mode mode = rng.chance(0.5) ? Mode::kAnnexR : Mode::kRfc3629;
    const size_t n = 1 + rng.below(rng.chance(0.3) ? 8 * static_cast<uint32_t>(w) : 3 * w);
    const std::vector<uint8_t> text = RandomText(rng, mode, n);
    j.units = Decode(text, mode);
    if (rng.chance(0.8)) {
      // The units that end in each input beat of W bytes (a beat with none
      // gives no output beat).
      for (const Unit& u : j.units) {
        const uint64_t beat = (u.offset + u.length - 1) / static_cast<uint64_t>(w);
        if (j.beats.empty() || (j.beats.back().back().offset + j.beats.back().back().length - 1) /
                                       static_cast<uint64_t>(w) !=
                                   beat) {
          j.beats.emplace_back();
        }
        j.beats.back().push_back(u);
      }
    } else {
      // Beats of 1..W units, full ones often.
      for (size_t i = 0; i < j.units.size();) {
        const size_t k = std::min<size_t>(
            j.units.size() - i, rng.chance(0.5) ? w : 1 + rng.below(static_cast<uint32_t>(w)));
        j.beats.emplace_back(j.units.begin() + static_cast<std::ptrdiff_t>(i),
                             j.units.begin() + static_cast<std::ptrdiff_t>(i + k));
        i += k;
      }
    }
  }
  // CAP: often small, to cut; near the whole output; or past any need.
  uint64_t total = 0;
  for (const Unit& u : j.units) total += OutSize(j.op, u);
  switch (rng.below(6)) {
    case 0:
      j.cap = rng.below(12);
      break;
    case 1:
      j.cap = rng.below(static_cast<uint32_t>(total) + 1);
      break;
    case 2:
      j.cap = total - std::min<uint64_t>(total, rng.below(4));
      break;
    case 3:
      j.cap = total + rng.below(4);
      break;
    case 4:
      j.cap = ~uint64_t{0} - rng.below(1000);
      break;
    default:
      j.cap = rng.u64() >> rng.below(64);
  }
  return j;
}

struct UnitsStats {
  uint64_t jobs = 0, checked = 0, cut = 0, empty_end = 0, halted = 0, lost_to_reset = 0;
  uint64_t clocks = 0;  // over all jobs, from start to the last clock run
  uint64_t halted_short = 0, halted_full = 0;  // halted before the units that fit, after the cut
};

// Runs the jobs through the block and the model as the kernel does: a reset
// of the front, a start, then the packet's beats (or finish, or halt in the
// middle), until `ended`; beats after the end are still offered and must be
// dropped. Gaps, backpressure, and (when `resets`) a reset in the middle of a
// job now and then, which loses it.
template <class Top>
UnitsStats RunUnits(int w, const std::vector<Job>& jobs, const Traffic& traffic, bool resets,
                    Rng& rng, const std::string& name) {
  const uint64_t seed = rng.seed();
  UnitsBench<Top> bench(w, seed, name);
  UnitsStats st;
  Model::Inputs in;
  Model::Outputs out;
  auto step = [&]() -> bool { return bench.Stepped(in, &out); };
  // Noise on what is only sampled with start, and idle lanes.
  auto noise = [&]() {
    in.op = rng.below(4);
    in.cap = rng.u64();
  };
  std::vector<Unit> got;
  for (size_t jn = 0; jn < jobs.size(); ++jn) {
    const Job& job = jobs[jn];
    ++st.jobs;
    // the kernel resets the front between jobs (not always here: a start alone must do)
    in = Model::Inputs();
    noise();
    const int reset_clocks = jn == 0 ? 2 : static_cast<int>(rng.below(3));
    for (int i = 0; i < reset_clocks; ++i) {
      in.rst = true;
      in.m_tready = rng.chance(0.5);
      if (!step()) return st;
    }
    in.rst = false;
    for (int i = static_cast<int>(rng.below(3)); i > 0; --i) {
      in.m_tready = !rng.chance(traffic.stall);
      if (!step()) return st;
    }
    const int64_t finish_at = job.end == End::kFinish ? rng.below(4) : -1;  // 0: with start
    const int64_t halt_at =
        job.end != End::kHalt ? -1
        : job.halt_clock >= 0 ? job.halt_clock
                              : rng.below(4 * static_cast<uint32_t>(job.beats.size()) + 4);
    const int halt_len = 1 + static_cast<int>(rng.below(4));
    const int64_t reset_at = resets && rng.chance(0.1)
                                 ? 1 + rng.below(4 * static_cast<uint32_t>(job.beats.size()) + 4)
                                 : -1;
    got.clear();
    size_t beat = 0;
    bool presenting = false, ended = false, lost = false, after_last = false;
    int64_t ended_for = 0;
    uint64_t out_beats = 0;
    for (int64_t clock = 0;; ++clock) {
      if (clock > 20000) {
        ADD_FAILURE() << "hung in job " << jn << ", seed " << seed;
        return st;
      }
      noise();
      in.start = clock == 0;
      if (in.start) {
        in.op = job.op;
        in.cap = job.cap;
      }
      in.finish = clock == finish_at;
      in.halt = halt_at >= 0 && clock >= halt_at && clock < halt_at + halt_len;
      in.rst = clock == reset_at;
      // An AXI4-Stream source: a beat offered stays offered until it is taken.
      if (!presenting)
        presenting = clock > 0 && beat < job.beats.size() && !rng.chance(traffic.gap);
      in.s_tvalid = presenting;
      in.s = Model::UnitBeat();
      if (presenting) {
        in.s = BeatOf(job, beat);
      } else {
        in.s.tlast = rng.chance(0.5);
        in.s.tkeep = rng.u64();
      }
      in.m_tready = !rng.chance(traffic.stall);
      if (!step()) return st;
      if (in.rst) {
        lost = true;
        break;
      }
      if (in.s_tvalid && out.s_tready) {
        ++beat;
        presenting = false;
      }
      if (out.m_tvalid && in.m_tready) {
        ++out_beats;
        if (after_last) ADD_FAILURE() << "a beat after the end beat, job " << jn;
        for (int g = 0; g < w && ((out.m.tkeep >> g) & 1); ++g) {
          Unit u;
          u.code_point = out.m.tdata[g];
          u.length = out.m.tuser[g] >> 3;
          u.cls = static_cast<ErrorClass>(out.m.tuser[g] & 7);
          u.offset = 0;
          got.push_back(u);
        }
        if (out.m.tlast) {
          after_last = true;
          if (out.m.tkeep == 0) ++st.empty_end;
        }
      }
      ended = out.ended;
      ++st.clocks;
      // once ended, run on until every beat was offered (and dropped)
      if (ended && (beat >= job.beats.size() || job.end != End::kPacket)) {
        if (++ended_for > 3) break;
      }
    }
    if (lost) {
      ++st.lost_to_reset;
      continue;
    }
    ++st.checked;
    const std::string what = "job " + std::to_string(jn) + " (op " + std::to_string(job.op) +
                             ", cap " + std::to_string(job.cap) + ", " +
                             std::to_string(job.units.size()) + " units), seed " +
                             std::to_string(seed);
    // The units out: a prefix of the job's, all that fit unless halted.
    const size_t fitting = Fitting(job);
    if (job.end == End::kHalt) {
      ++st.halted;
      EXPECT_LE(got.size(), fitting) << what;
      st.halted_short += got.size() < fitting;
      st.halted_full += out.out_full;
    } else {
      EXPECT_EQ(got.size(), fitting) << what;
    }
    for (size_t i = 0; i < got.size() && i < job.units.size(); ++i) {
      const Unit& u = job.units[i];
      if (got[i].code_point != u.code_point || got[i].length != u.length || got[i].cls != u.cls) {
        ADD_FAILURE() << "unit " << i << " out differs from unit in: " << what;
        break;
      }
    }
    EXPECT_TRUE(after_last) << "no end beat: " << what;
    EXPECT_GT(out_beats, 0u) << what;
    // The figures: those of the units that passed.
    uint64_t in_bytes = 0, out_bytes = 0, utf16 = 0, err_pos = 0;
    std::array<uint32_t, 6> counts{};
    bool err = false;
    uint32_t err_class = 0;
    for (size_t i = 0; i < got.size(); ++i) {
      const Unit& u = job.units[i];
      if (u.cls != ErrorClass::kOk && !err) {
        err = true;
        err_class = static_cast<uint32_t>(u.cls);
        err_pos = u.offset;
      }
      in_bytes += u.length;
      out_bytes += OutSize(job.op, u);
      utf16 += u.cls == ErrorClass::kOk && u.code_point > 0xFFFF ? 2 : 1;
      if (u.cls != ErrorClass::kOk) ++counts[static_cast<size_t>(u.cls) - 1];
    }
    const bool cut = got.size() < job.units.size() && job.end != End::kFinish;
    st.cut += cut;
    EXPECT_TRUE(out.ended) << what;
    EXPECT_EQ(out.in_bytes, in_bytes) << what;
    EXPECT_EQ(out.out_bytes, out_bytes) << what;
    EXPECT_EQ(out.units, got.size()) << what;
    EXPECT_EQ(out.utf16_units, utf16) << what;
    for (int c = 0; c < 6; ++c)
      EXPECT_EQ(out.class_count[c], counts[c]) << "class " << c + 1 << ", " << what;
    EXPECT_EQ(out.err_found, err) << what;
    EXPECT_EQ(out.err_class, err_class) << what;
    EXPECT_EQ(out.err_pos, err_pos) << what;
    if (job.end != End::kHalt) {
      EXPECT_EQ(out.out_full, cut) << what;
    } else if (out.out_full) {
      EXPECT_EQ(got.size(), fitting) << "OUT_FULL though units that fit were dropped: " << what;
      EXPECT_LT(fitting, job.units.size()) << what;
    }
    if (::testing::Test::HasFailure()) return st;
  }
  return st;
}

std::vector<Job> RandomJobs(Rng& rng, int w, int n) {
  std::vector<Job> jobs;
  for (int i = 0; i < n; ++i) jobs.push_back(RandomJob(rng, w));
  return jobs;
}

template <class Top>
void TrafficMatrix(int w) {
  const uint64_t seed = SeedFromEnv(0x0417 + static_cast<uint64_t>(w));
  Rng rng(seed);
  const std::vector<Job> jobs = RandomJobs(rng, w, 250);
  UnitsStats total;
  for (const Traffic& t : kTrafficMatrix) {
    SCOPED_TRACE(t.name());
    const UnitsStats st =
        RunUnits<Top>(w, jobs, t, false, rng, "W" + std::to_string(w) + "_" + SafeName(t.name()));
    if (::testing::Test::HasFailure()) return;
    EXPECT_EQ(st.checked, jobs.size());
    total.cut += st.cut;
    total.empty_end += st.empty_end;
    total.halted += st.halted;
  }
  std::printf(
      "utf8_kernel_units W=%d: %zu jobs x 4 traffic shapes, %llu cut at CAP, %llu empty "
      "end beats, %llu halted\n",
      w, jobs.size(), static_cast<unsigned long long>(total.cut),
      static_cast<unsigned long long>(total.empty_end),
      static_cast<unsigned long long>(total.halted));
  EXPECT_GT(total.cut, 50u);
  EXPECT_GT(total.empty_end, 20u);
  EXPECT_GT(total.halted, 10u);
}

template <class Top>
void ResetsMidJob(int w) {
  const uint64_t seed = SeedFromEnv(0x0418 + static_cast<uint64_t>(w));
  Rng rng(seed);
  const std::vector<Job> jobs = RandomJobs(rng, w, 250);
  const UnitsStats st =
      RunUnits<Top>(w, jobs, Traffic{0.2, 0.3}, true, rng, "W" + std::to_string(w) + "_resets");
  if (::testing::Test::HasFailure()) return;
  std::printf("utf8_kernel_units W=%d: %llu jobs checked, %llu lost to a reset\n", w,
              static_cast<unsigned long long>(st.checked),
              static_cast<unsigned long long>(st.lost_to_reset));
  EXPECT_GT(st.lost_to_reset, 5u);
  EXPECT_EQ(st.checked + st.lost_to_reset, jobs.size());
}

// Every input random every clock: start, finish, halt and reset at any time,
// beats of any keep, tuser and tlast, code points on both sides of U+FFFF,
// CAP small or large. The model against the RTL, nothing else.
template <class Top>
void RandomInputs(int w) {
  const uint64_t seed = SeedFromEnv(0x0419 + static_cast<uint64_t>(w));
  Rng rng(seed);
  UnitsBench<Top> bench(w, seed, "W" + std::to_string(w) + "_random_inputs");
  Model::Inputs in;
  Model::Outputs out;
  uint64_t moved = 0, cuts = 0;
  bool was_full = false;
  for (int clock = 0; clock < 30000; ++clock) {
    in.rst = clock < 2 || rng.chance(0.003);
    in.start = rng.chance(0.02);
    in.op = rng.below(4);
    in.cap = rng.chance(0.7) ? rng.below(16 * static_cast<uint32_t>(w)) : rng.u64();
    in.finish = rng.chance(0.005);
    in.halt = rng.chance(0.005);
    in.s_tvalid = rng.chance(0.6);
    in.s.tlast = rng.chance(0.1);
    in.s.tkeep = rng.u64();
    if (rng.chance(0.7)) in.s.tkeep &= (uint64_t{1} << rng.below(static_cast<uint32_t>(w))) - 1;
    for (int g = 0; g < w; ++g) {
      // code points at the UTF-16 boundary often
      static const uint32_t kEdge[] = {0xFFFE, 0xFFFF, 0x10000, 0x10001};
      in.s.tdata[g] = rng.chance(0.3)   ? kEdge[rng.below(4)]
                      : rng.chance(0.5) ? rng.below(0x20000)
                                        : static_cast<uint32_t>(rng.u64());
      in.s.tuser[g] =
          static_cast<uint8_t>(rng.chance(0.6) ? (1 + rng.below(6)) << 3 : rng.below(64));
    }
    in.m_tready = rng.chance(0.7);
    if (!bench.Step(in, &out)) FAIL() << bench.checker().message();
    moved += out.m_tvalid && in.m_tready;
    cuts += out.out_full && !was_full;
    was_full = out.out_full;
  }
  std::printf("utf8_kernel_units W=%d: %llu beats out, %llu cuts\n", w,
              static_cast<unsigned long long>(moved), static_cast<unsigned long long>(cuts));
  EXPECT_GT(moved, 1500u);
  // (a cut's walk holds the input for up to W + 1 clocks)
  EXPECT_GT(cuts, 25u);
}

// ---------------------------------------------------------------------------
// Directed jobs.

// Units of every output size: ASCII, 2-, 3- and 4-byte sequences (the last
// above U+FFFF, two UTF-16 code units) and error units, in a pattern of 7
// units, so that each lane of successive beats meets different sizes.
std::vector<Unit> MixedUnits(size_t n) {
  static const uint8_t kPiece[] = {'a',  0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0,
                                   0x9F, 0x98, 0x80, 0xFF, 0xED, 0xA0, 0x80};
  std::vector<uint8_t> text;
  std::vector<Unit> units;
  while (units.size() < n) {
    text.insert(text.end(), std::begin(kPiece), std::end(kPiece));
    units = Decode(text, Mode::kRfc3629);
  }
  units.resize(n);
  return units;
}

// A job of the units in full beats of W (the last one partial).
Job BeatsOf(const std::vector<Unit>& units, int w, uint32_t op, uint64_t cap) {
  Job j;
  j.op = op;
  j.cap = cap;
  j.units = units;
  for (size_t i = 0; i < units.size(); i += static_cast<size_t>(w)) {
    const size_t k = std::min(units.size() - i, static_cast<size_t>(w));
    j.beats.emplace_back(units.begin() + static_cast<std::ptrdiff_t>(i),
                         units.begin() + static_cast<std::ptrdiff_t>(i + k));
  }
  return j;
}

uint64_t SizeOfFirst(uint32_t op, const std::vector<Unit>& units, size_t n) {
  uint64_t size = 0;
  for (size_t i = 0; i < n; ++i) size += OutSize(op, units[i]);
  return size;
}

// The cut at every lane of the first and of a later beat, with CAP anywhere
// short of the first unit that does not fit; CAP 0; CAP exactly at a beat's
// edge (the next beat keeps nothing: an empty end beat) and at the whole
// output (no cut). Every traffic shape.
template <class Top>
void CutAtEveryLane(int w) {
  const uint64_t seed = SeedFromEnv(0x041A + static_cast<uint64_t>(w));
  Rng rng(seed);
  const size_t n = 3 * static_cast<size_t>(w) + 5;
  const std::vector<Unit> units = MixedUnits(n);
  std::vector<Job> jobs;
  for (const uint32_t op : {kOpSanitize, kOpDecode}) {
    for (size_t b = 0; b < 2; ++b) {
      for (size_t lane = 0; lane < static_cast<size_t>(w); ++lane) {
        const size_t first_out = b * static_cast<size_t>(w) + lane;
        const uint64_t cap = SizeOfFirst(op, units, first_out) +
                             rng.below(static_cast<uint32_t>(OutSize(op, units[first_out])));
        jobs.push_back(BeatsOf(units, w, op, cap));
      }
    }
    for (size_t k = 1; k * static_cast<size_t>(w) < n; ++k) {
      jobs.push_back(BeatsOf(units, w, op, SizeOfFirst(op, units, k * static_cast<size_t>(w))));
    }
    jobs.push_back(BeatsOf(units, w, op, SizeOfFirst(op, units, n)));
  }
  for (const uint32_t op : {kOpValidate, kOpSanitize, kOpDecode}) {
    jobs.push_back(BeatsOf(units, w, op, 0));
  }
  // What the jobs must come to, worked out here from the units alone.
  uint64_t cuts = 0, empty_ends = 0;
  for (size_t i = 0; i < jobs.size(); ++i) {
    const size_t fit = Fitting(jobs[i]);
    if (i < 2 * static_cast<size_t>(w)) {
      ASSERT_EQ(fit, i % (2 * static_cast<size_t>(w))) << "job " << i;
    }
    cuts += fit < n;
    empty_ends += fit < n && fit % static_cast<size_t>(w) == 0;
  }
  ASSERT_GT(empty_ends, 6u);
  for (const Traffic& t : kTrafficMatrix) {
    SCOPED_TRACE(t.name());
    const UnitsStats st =
        RunUnits<Top>(w, jobs, t, false, rng, "W" + std::to_string(w) + "_cuts_" + SafeName(t.name()));
    if (::testing::Test::HasFailure()) return;
    EXPECT_EQ(st.checked, jobs.size());
    EXPECT_EQ(st.cut, cuts);
    EXPECT_EQ(st.empty_end, empty_ends);
  }
}

// Halt at every clock of a job whose cut comes at the last lane of its
// second beat (the longest walk): before any beat, while beats pass, during
// the walk, as the cut beat leaves, after the end.
template <class Top>
void HaltAtEveryClock(int w) {
  const uint64_t seed = SeedFromEnv(0x041B + static_cast<uint64_t>(w));
  Rng rng(seed);
  const std::vector<Unit> units = MixedUnits(3 * static_cast<size_t>(w));
  const size_t first_out = 2 * static_cast<size_t>(w) - 1;
  Job job = BeatsOf(units, w, kOpSanitize, SizeOfFirst(kOpSanitize, units, first_out));
  ASSERT_EQ(Fitting(job), first_out);
  job.end = End::kHalt;
  std::vector<Job> jobs;
  for (int64_t h = 0; h < 2 * w + 12; ++h) {
    job.halt_clock = h;
    jobs.push_back(job);
  }
  for (const Traffic& t : {Traffic{0, 0}, Traffic{0, 0.4}}) {
    SCOPED_TRACE(t.name());
    const UnitsStats st =
        RunUnits<Top>(w, jobs, t, false, rng, "W" + std::to_string(w) + "_halts_" + SafeName(t.name()));
    if (::testing::Test::HasFailure()) return;
    EXPECT_EQ(st.checked, jobs.size());
    EXPECT_EQ(st.halted, jobs.size());
    // some halts came before the cut beat left, some after
    EXPECT_GT(st.halted_short, static_cast<uint64_t>(w) / 2);
    EXPECT_GT(st.halted_full, 2u);
  }
}

// Finish at every clock of a job with a packet (the kernel sends finish only
// for a job without one): the model against the RTL, one end beat, and the
// units out a prefix of the job's.
template <class Top>
void FinishAtEveryClock(int w) {
  const uint64_t seed = SeedFromEnv(0x041C + static_cast<uint64_t>(w));
  Rng rng(seed);
  const std::vector<Unit> units = MixedUnits(3 * static_cast<size_t>(w));
  const Job job = BeatsOf(units, w, kOpDecode, SizeOfFirst(kOpDecode, units, w + w / 2));
  UnitsBench<Top> bench(w, seed, "W" + std::to_string(w) + "_finish");
  Model::Inputs in;
  Model::Outputs out;
  for (int64_t f = 0; f < 2 * w + 12; ++f) {
    in = Model::Inputs();
    in.rst = true;
    if (!bench.Step(in, &out)) FAIL() << bench.checker().message();
    in.rst = false;
    size_t beat = 0, got = 0;
    int ends = 0;
    int64_t clock = 0;
    // (ended shows the reset's state until the start's edge)
    for (; clock < 20 * w && !(out.ended && clock > f + 1); ++clock) {
      in.start = clock == 0;
      in.op = kOpDecode;
      in.cap = job.cap;
      in.finish = clock == f;
      in.s_tvalid = clock > 0 && beat < job.beats.size();
      in.s = in.s_tvalid ? BeatOf(job, beat) : Model::UnitBeat();
      in.m_tready = !rng.chance(0.3);
      if (!bench.Step(in, &out)) FAIL() << bench.checker().message() << ", finish at " << f;
      if (in.s_tvalid && out.s_tready) ++beat;
      if (out.m_tvalid && in.m_tready) {
        for (int g = 0; g < w && ((out.m.tkeep >> g) & 1); ++g, ++got) {
          if (out.m.tdata[g] != units[got].code_point) FAIL() << "unit " << got << ", finish at " << f;
        }
        ends += out.m.tlast;
      }
    }
    EXPECT_TRUE(out.ended) << "finish at " << f;
    EXPECT_EQ(ends, 1) << "finish at " << f;
    EXPECT_LE(got, static_cast<size_t>(w + w / 2)) << "finish at " << f;
  }
}

// Beats that fit pass one a clock; the cut beat's walk takes at most W + 1
// clocks more.
template <class Top>
void OneBeatAClock(int w) {
  const uint64_t seed = SeedFromEnv(0x041D + static_cast<uint64_t>(w));
  const size_t n_beats = 20;
  const std::vector<Unit> units = MixedUnits(n_beats * static_cast<size_t>(w));
  for (const bool cut : {false, true}) {
    SCOPED_TRACE(cut ? "cut at the last lane" : "no cut");
    const size_t first_out = cut ? units.size() - 1 : units.size();
    const Job job = BeatsOf(units, w, kOpSanitize, SizeOfFirst(kOpSanitize, units, first_out));
    UnitsBench<Top> bench(w, seed, "W" + std::to_string(w) + (cut ? "_rate_cut" : "_rate"));
    Model::Inputs in;
    Model::Outputs out;
    in.rst = true;
    if (!bench.Step(in, &out)) FAIL() << bench.checker().message();
    in.rst = false;
    size_t beat = 0, got = 0;
    int64_t first_in = -1, last_in = -1, first_out_clock = -1, last_out = -1;
    int64_t clock = 0;
    for (; clock < 500 && !(out.ended && clock > 1); ++clock) {
      in.start = clock == 0;
      in.op = kOpSanitize;
      in.cap = job.cap;
      in.s_tvalid = clock > 0 && beat < job.beats.size();
      in.s = in.s_tvalid ? BeatOf(job, beat) : Model::UnitBeat();
      in.m_tready = true;
      if (!bench.Step(in, &out)) FAIL() << bench.checker().message();
      if (in.s_tvalid && out.s_tready) {
        ++beat;
        if (first_in < 0) first_in = clock;
        last_in = clock;
      }
      if (out.m_tvalid) {
        if (first_out_clock < 0) first_out_clock = clock;
        last_out = clock;
        for (int g = 0; g < w; ++g) got += (out.m.tkeep >> g) & 1;
      }
    }
    ASSERT_TRUE(out.ended);
    EXPECT_EQ(got, first_out);
    EXPECT_EQ(beat, n_beats);
    // every beat taken in the clock it was offered
    EXPECT_EQ(last_in - first_in + 1, static_cast<int64_t>(n_beats));
    EXPECT_EQ(first_out_clock, first_in + 4);  // four registers: lane, group, input, output
    if (cut) {
      // the beats before the last leave one a clock; the last waits for its walk
      EXPECT_GT(last_out - first_out_clock + 1, static_cast<int64_t>(n_beats));
      EXPECT_LE(last_out - first_out_clock + 1, static_cast<int64_t>(n_beats) + w + 1);
    } else {
      EXPECT_EQ(last_out - first_out_clock + 1, static_cast<int64_t>(n_beats));
    }
  }
}

TEST(KernelUnits, TrafficMatrixW8) { TrafficMatrix<Vutf8_kernel_units_w8>(8); }
TEST(KernelUnits, TrafficMatrixW64) { TrafficMatrix<Vutf8_kernel_units_w64>(64); }
TEST(KernelUnits, ResetsMidJobW8) { ResetsMidJob<Vutf8_kernel_units_w8>(8); }
TEST(KernelUnits, ResetsMidJobW64) { ResetsMidJob<Vutf8_kernel_units_w64>(64); }
TEST(KernelUnits, RandomInputsW8) { RandomInputs<Vutf8_kernel_units_w8>(8); }
TEST(KernelUnits, RandomInputsW64) { RandomInputs<Vutf8_kernel_units_w64>(64); }
TEST(KernelUnits, CutAtEveryLaneW8) { CutAtEveryLane<Vutf8_kernel_units_w8>(8); }
TEST(KernelUnits, CutAtEveryLaneW64) { CutAtEveryLane<Vutf8_kernel_units_w64>(64); }
TEST(KernelUnits, HaltAtEveryClockW8) { HaltAtEveryClock<Vutf8_kernel_units_w8>(8); }
TEST(KernelUnits, HaltAtEveryClockW64) { HaltAtEveryClock<Vutf8_kernel_units_w64>(64); }
TEST(KernelUnits, FinishAtEveryClockW8) { FinishAtEveryClock<Vutf8_kernel_units_w8>(8); }
TEST(KernelUnits, FinishAtEveryClockW64) { FinishAtEveryClock<Vutf8_kernel_units_w64>(64); }
TEST(KernelUnits, OneBeatAClockW8) { OneBeatAClock<Vutf8_kernel_units_w8>(8); }
TEST(KernelUnits, OneBeatAClockW64) { OneBeatAClock<Vutf8_kernel_units_w64>(64); }

}  // namespace
}  // namespace sim
}  // namespace utf8core
