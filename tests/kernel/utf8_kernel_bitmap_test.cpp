// Tests of the kernel's validity bitmap (rtl/kernel/utf8_kernel_bitmap.v),
// verilated at W 8 and 64, beside its cycle model
// (model/kernel/utf8_kernel_bitmap.h): every output is compared every clock and
// the first mismatch fails the test with its cycle, signal, both values and the
// seed. Each job is checked again against the strings it was made from, worked
// out here: bit i is 1 when string i is empty or well-formed, the bitmap is
// ceil(count/8) bytes with zeros after the last string, and strings,
// bad_strings and first_bad count its bits.
//
// The sources keep the block's contract: a group per G strings (count G but in
// the last, which has 0..G), a verdict per non-empty string, in order, offered
// only once its group has been taken, in random lanes of a beat (increasing
// within it), beats of no verdict and of W; every offer held until taken.
// Seed: UTF8CORE_SEED; waves: UTF8CORE_TRACE=<dir>.
#include "utf8_kernel_bitmap.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "Vutf8_kernel_bitmap_w64.h"
#include "Vutf8_kernel_bitmap_w8.h"
#include "clocked_bench.h"
#include "harness.h"
#include "verilated_ports.h"

namespace utf8core {
namespace sim {
namespace {

// The model has no path from an input to an output, so its outputs() takes
// none; the bench asks with this clock's inputs.
class Model : public KernelBitmapCycleModel {
 public:
  using KernelBitmapCycleModel::KernelBitmapCycleModel;
  Outputs outputs(const Inputs&) const { return KernelBitmapCycleModel::outputs(); }
};

// ---------------------------------------------------------------------------
// The Verilated block and its model, clocked together (clocked_bench.h).
template <class Top>
class BitmapBench : public ClockedBench<BitmapBench<Top>, Top, Model> {
 public:
  BitmapBench(int w, uint64_t seed, const std::string& name)
      : ClockedBench<BitmapBench, Top, Model>("utf8_kernel_bitmap W=" + std::to_string(w), seed,
                                              "kernel_bitmap_" + name, w),
        w_(w) {}

 private:
  friend ClockedBench<BitmapBench, Top, Model>;
  using ClockedBench<BitmapBench, Top, Model>::chk_;

  void Drive(const Model::Inputs& in, Top& t) {
    t.rst = in.rst;
    t.s_grp_full = static_cast<decltype(+t.s_grp_full)>(in.grp_full);
    t.s_grp_count = static_cast<decltype(+t.s_grp_count)>(in.grp_count);
    t.s_grp_last = in.grp_last;
    t.s_grp_valid = in.grp_valid;
    t.s_ver_keep = static_cast<decltype(+t.s_ver_keep)>(in.ver_keep);
    t.s_ver_ok = static_cast<decltype(+t.s_ver_ok)>(in.ver_ok);
    t.s_ver_valid = in.ver_valid;
    t.m_axis_tready = in.m_tready;
  }

  void Read(Top& t, Model::Outputs* out) {
    Model::Outputs& a = *out;
    a.s_grp_ready = t.s_grp_ready;
    a.s_ver_ready = t.s_ver_ready;
    for (int k = 0; k < w_; ++k)
      a.m_tdata[k] = static_cast<uint8_t>(PortBits(t.m_axis_tdata, 8 * k, 8));
    a.m_tkeep = t.m_axis_tkeep;
    a.m_tvalid = t.m_axis_tvalid;
    a.m_tlast = t.m_axis_tlast;
    a.done = t.done;
    a.strings = t.strings;
    a.bad_strings = t.bad_strings;
    a.first_bad_found = t.first_bad_found;
    a.first_bad = t.first_bad;
  }

  void Compare(const Model::Outputs& e, const Model::Outputs& a) {
    chk_.check("s_grp_ready", e.s_grp_ready, a.s_grp_ready);
    chk_.check("s_ver_ready", e.s_ver_ready, a.s_ver_ready);
    chk_.check("m_axis_tvalid", e.m_tvalid, a.m_tvalid);
    if (e.m_tvalid && !e.tdata_known) {
      ADD_FAILURE() << "the model offers a beat it has no payload for, cycle " << chk_.cycle();
    }
    // The output register wherever the RTL has given it a value, offered or not.
    if (e.tdata_known) {
      chk_.check("m_axis_tkeep", e.m_tkeep, a.m_tkeep);
      chk_.check("m_axis_tlast", e.m_tlast, a.m_tlast);
      for (int k = 0; k < w_; ++k) chk_.check_lane("m_axis_tdata", k, e.m_tdata[k], a.m_tdata[k]);
    }
    chk_.check("done", e.done, a.done);
    chk_.check("strings", e.strings, a.strings);
    chk_.check("bad_strings", e.bad_strings, a.bad_strings);
    chk_.check("first_bad_found", e.first_bad_found, a.first_bad_found);
    chk_.check("first_bad", e.first_bad, a.first_bad);
  }

  int w_;
};

// ---------------------------------------------------------------------------
// Jobs: per string, empty or not and (when not) well-formed or not.
struct Job {
  std::vector<uint8_t> empty;
  std::vector<uint8_t> ok;
  // When the count is a multiple of G (and not 0): a last group of G, or a
  // group of 0 after the last full one (the offsets stage sends the latter).
  bool zero_group = true;
  std::string name;
};

struct Expected {
  std::vector<uint8_t> bytes;
  uint64_t bad = 0;
  bool found = false;
  uint64_t first = 0;
};

// The bitmap and counts of a job, from its strings alone.
Expected Expect(const Job& job) {
  Expected e;
  const size_t n = job.empty.size();
  e.bytes.assign((n + 7) / 8, 0);
  for (size_t i = 0; i < n; ++i) {
    const bool bit = job.empty[i] || job.ok[i];
    if (bit) {
      e.bytes[i / 8] = static_cast<uint8_t>(e.bytes[i / 8] | (1u << (i % 8)));
    } else {
      ++e.bad;
      if (!e.found) {
        e.found = true;
        e.first = i;
      }
    }
  }
  return e;
}

struct Group {
  uint32_t full = 0;
  uint32_t count = 0;
  bool last = false;
};

std::vector<Group> Groups(const Job& job, int g) {
  const size_t n = job.empty.size();
  std::vector<Group> out;
  size_t at = 0;
  for (;;) {
    Group gr;
    gr.count = static_cast<uint32_t>(std::min<size_t>(static_cast<size_t>(g), n - at));
    for (uint32_t i = 0; i < gr.count; ++i) {
      if (!job.empty[at + i]) gr.full |= uint32_t{1} << i;
    }
    at += gr.count;
    gr.last = at == n && (gr.count < static_cast<uint32_t>(g) || !job.zero_group || n == 0);
    out.push_back(gr);
    if (gr.last) break;
  }
  return out;
}

// How the sources and the sink behave.
struct Shape {
  double grp_gap = 0;   // a clock with no group offered
  double ver_gap = 0;   // a clock with no verdict beat offered
  double stall = 0;     // a clock with m_axis_tready low
  double long_stall = 0;  // a stall of 50..300 clocks starting at a clock
  // Verdicts a beat: 0 with p_zero, all W (or as many as are available) with
  // p_full, else 1..max_per_beat.
  double p_zero = 0.1;
  double p_full = 0.1;
  int max_per_beat = 0;  // 0: W
  bool exact = false;    // max_per_beat (or as many as are available) every beat
  double reset = 0;      // a job reset at a random clock of its own
};

struct RunStats {
  uint64_t jobs = 0, checked = 0, lost_to_reset = 0, clocks = 0;
  uint64_t ver_beats = 0, ver_zero_beats = 0, ver_full_beats = 0;
  uint64_t ver_stalls = 0;  // clocks with a verdict beat offered and not taken
  uint64_t grp_taken = 0, out_beats = 0, long_stalls = 0;
  uint64_t first_take_clock = 0, last_take_clock = 0;
};

// Runs the jobs one after another (a reset before each), each under `shape`,
// compares RTL and model every clock and checks each job that was not lost to
// a reset against Expect().
template <class Top>
RunStats RunJobs(int w, const std::vector<Job>& jobs, const Shape& shape, Rng& rng,
                 const std::string& name) {
  const uint64_t seed = rng.seed();
  const int g = w / 4;
  BitmapBench<Top> bench(w, seed, name);
  RunStats st;
  Model::Inputs in;
  Model::Outputs out;
  const uint64_t all_lanes = w >= 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1;
  auto step = [&]() -> bool {
    ++st.clocks;
    return bench.Stepped(in, &out);
  };
  int stall_left = 0;

  for (size_t j = 0; j < jobs.size(); ++j) {
    const Job& job = jobs[j];
    ++st.jobs;
    // Reset between jobs, as the kernel does.
    in = Model::Inputs();
    in.rst = true;
    for (int i = 0; i < 2; ++i) {
      if (!step()) return st;
    }
    in.rst = false;

    const std::vector<Group> groups = Groups(job, g);
    // Verdicts in order, and how many are available once k groups are taken.
    std::vector<uint8_t> verdicts;
    std::vector<size_t> avail_after(groups.size() + 1, 0);
    {
      size_t at = 0;
      for (size_t k = 0; k < groups.size(); ++k) {
        for (uint32_t i = 0; i < groups[k].count; ++i, ++at) {
          if (!job.empty[at]) verdicts.push_back(job.ok[at]);
        }
        avail_after[k + 1] = verdicts.size();
      }
    }
    const Expected want = Expect(job);
    const std::string what = "job " + std::to_string(j) + " (" + job.name + ", " +
                             std::to_string(job.empty.size()) + " strings), seed " +
                             std::to_string(seed);

    size_t gi = 0, vi = 0;
    bool grp_on = false, ver_on = false;
    int ver_n = 0;  // verdicts in the beat offered
    uint64_t ver_keep = 0, ver_ok = 0;
    std::vector<uint8_t> got;
    bool tlast_seen = false, done_seen = false, held_out = false;
    Model::Outputs prev;
    const uint64_t budget = 20000 + 40 * job.empty.size();
    const int64_t reset_at =
        rng.chance(shape.reset) ? static_cast<int64_t>(rng.below(static_cast<uint32_t>(
                                      8 + job.empty.size() / static_cast<size_t>(g) * 2)))
                                : -1;
    bool lost = false;
    for (uint64_t clock = 0;; ++clock) {
      if (clock > budget) {
        ADD_FAILURE() << "hung: " << what << "; groups taken " << gi << "/" << groups.size()
                      << ", verdicts taken " << vi << "/" << verdicts.size();
        return st;
      }
      in.rst = static_cast<int64_t>(clock) == reset_at;
      // Groups
      if (!grp_on) grp_on = gi < groups.size() && !rng.chance(shape.grp_gap);
      if (grp_on) {
        in.grp_full = groups[gi].full;
        in.grp_count = groups[gi].count;
        in.grp_last = groups[gi].last;
      } else {
        in.grp_full = static_cast<uint32_t>(rng.u64());
        in.grp_count = static_cast<uint32_t>(rng.below(static_cast<uint32_t>(g + 1)));
        in.grp_last = rng.chance(0.5);
      }
      in.grp_valid = grp_on;
      // Verdicts: a beat is made when first offered, of verdicts whose groups are in.
      if (!ver_on && !rng.chance(shape.ver_gap)) {
        const size_t ready_n = avail_after[gi] - vi;
        const int cap = shape.max_per_beat ? shape.max_per_beat : w;
        int n = -1;
        if (rng.chance(shape.p_zero)) {
          n = 0;
        } else if (ready_n > 0) {
          n = rng.chance(shape.p_full) ? w
              : shape.exact                ? cap
                                           : 1 + static_cast<int>(rng.below(static_cast<uint32_t>(cap)));
          n = std::min<int>(n, static_cast<int>(ready_n));
        }
        if (n >= 0) {
          // n distinct lanes, increasing
          std::vector<int> lanes(static_cast<size_t>(w));
          for (int k = 0; k < w; ++k) lanes[static_cast<size_t>(k)] = k;
          for (int k = 0; k < n; ++k) {
            const int pick = k + static_cast<int>(rng.below(static_cast<uint32_t>(w - k)));
            std::swap(lanes[static_cast<size_t>(k)], lanes[static_cast<size_t>(pick)]);
          }
          std::sort(lanes.begin(), lanes.begin() + n);
          ver_keep = 0;
          ver_ok = rng.u64() & all_lanes;  // lanes without a verdict: anything
          for (int k = 0; k < n; ++k) {
            const int lane = lanes[static_cast<size_t>(k)];
            ver_keep |= uint64_t{1} << lane;
            if (verdicts[vi + static_cast<size_t>(k)]) {
              ver_ok |= uint64_t{1} << lane;
            } else {
              ver_ok &= ~(uint64_t{1} << lane);
            }
          }
          ver_n = n;
          ver_on = true;
        }
      }
      in.ver_valid = ver_on;
      in.ver_keep = ver_on ? ver_keep : rng.u64() & all_lanes;
      in.ver_ok = ver_on ? ver_ok : rng.u64() & all_lanes;
      // The sink
      if (stall_left > 0) {
        --stall_left;
        in.m_tready = false;
      } else if (rng.chance(shape.long_stall)) {
        stall_left = 50 + static_cast<int>(rng.below(251));
        ++st.long_stalls;
        in.m_tready = false;
      } else {
        in.m_tready = !rng.chance(shape.stall);
      }

      if (!step()) return st;
      if (in.rst) {
        lost = true;
        ++st.lost_to_reset;
        break;
      }
      if (in.grp_valid && out.s_grp_ready) {
        ++gi;
        ++st.grp_taken;
        grp_on = false;
      }
      if (in.ver_valid) {
        if (out.s_ver_ready) {
          vi += static_cast<size_t>(ver_n);
          ++st.ver_beats;
          st.ver_zero_beats += ver_n == 0;
          st.ver_full_beats += ver_n == w;
          if (st.first_take_clock == 0) st.first_take_clock = st.clocks;
          st.last_take_clock = st.clocks;
          ver_on = false;
        } else {
          ++st.ver_stalls;
        }
      }
      // A beat offered is held, unchanged, until taken.
      if (held_out && (!out.m_tvalid || out.m_tkeep != prev.m_tkeep ||
                       out.m_tlast != prev.m_tlast || out.m_tdata != prev.m_tdata)) {
        ADD_FAILURE() << "m_axis beat withdrawn or changed before m_axis_tready: " << what;
        return st;
      }
      held_out = out.m_tvalid && !in.m_tready;
      prev = out;
      if (out.m_tvalid && in.m_tready) {
        ++st.out_beats;
        if (tlast_seen) {
          ADD_FAILURE() << "a beat after tlast: " << what;
          return st;
        }
        // Full beats but the last, whose keep is contiguous from lane 0
        const uint64_t keep = out.m_tkeep;
        if (!out.m_tlast && keep != all_lanes) {
          ADD_FAILURE() << "a beat before the last is not full: " << what;
          return st;
        }
        if (keep == 0 || (keep & (keep + 1)) != 0) {
          ADD_FAILURE() << "keep 0x" << std::hex << keep << std::dec
                        << " not contiguous from lane 0: " << what;
          return st;
        }
        for (int k = 0; k < w && ((keep >> k) & 1); ++k) got.push_back(out.m_tdata[k]);
        tlast_seen = out.m_tlast;
      }
      if (out.done) {
        done_seen = true;
        break;
      }
    }
    if (lost) continue;
    if (!done_seen) continue;
    ++st.checked;
    EXPECT_EQ(gi, groups.size()) << "done before every group was taken: " << what;
    EXPECT_EQ(vi, verdicts.size()) << "done before every verdict was taken: " << what;
    EXPECT_EQ(tlast_seen, !want.bytes.empty()) << "tlast: " << what;
    EXPECT_EQ(got, want.bytes) << "bitmap bytes: " << what;
    EXPECT_EQ(out.strings, job.empty.size()) << "strings: " << what;
    EXPECT_EQ(out.bad_strings, want.bad) << "bad_strings: " << what;
    EXPECT_EQ(out.first_bad_found, want.found) << "first_bad_found: " << what;
    if (want.found) {
      EXPECT_EQ(out.first_bad, want.first) << "first_bad: " << what;
    }
    // After done the block takes nothing more until reset.
    for (int i = 0; i < 6; ++i) {
      in.rst = false;
      in.grp_valid = true;
      in.ver_valid = true;
      in.m_tready = true;
      if (!step()) return st;
      EXPECT_FALSE(out.s_grp_ready || out.s_ver_ready || out.m_tvalid || out.done)
          << "active after done: " << what;
    }
    if (::testing::Test::HasFailure()) return st;
  }
  in = Model::Inputs();
  for (int i = 0; i < 4; ++i) {
    in.rst = i < 2;
    if (!step()) return st;
  }
  return st;
}

enum class Fill { kRandom, kAll, kNone };

Job MakeJob(Rng& rng, size_t n, Fill empty, Fill ok, const std::string& name) {
  Job j;
  j.name = name;
  const double p_empty = rng.chance(0.5) ? 0.5 : 0.1 + 0.8 * (rng.below(1000) / 1000.0);
  const double p_ok = rng.chance(0.5) ? 0.5 : rng.below(1000) / 1000.0;
  for (size_t i = 0; i < n; ++i) {
    j.empty.push_back(empty == Fill::kAll ? 1 : empty == Fill::kNone ? 0 : rng.chance(p_empty));
    j.ok.push_back(ok == Fill::kAll ? 1 : ok == Fill::kNone ? 0 : rng.chance(p_ok));
  }
  j.zero_group = rng.chance(0.5);
  return j;
}

// The counts around every edge: a group, a beat (8W strings), eight beats.
std::vector<size_t> EdgeCounts(int w) {
  const size_t g = static_cast<size_t>(w / 4), bw = static_cast<size_t>(8 * w);
  return {0, 1, g - 1, g, g + 1, bw - 1, bw, bw + 1, 8 * bw - 1, 8 * bw, 8 * bw + 1};
}

std::vector<Job> EdgeJobs(Rng& rng, int w) {
  std::vector<Job> jobs;
  const Fill fills[3] = {Fill::kRandom, Fill::kAll, Fill::kNone};
  const char* names[3] = {"random", "all", "none"};
  for (size_t n : EdgeCounts(w)) {
    for (int e = 0; e < 3; ++e) {
      for (int o = 0; o < 3; ++o) {
        const std::string name = std::string("empty ") + names[e] + ", ok " + names[o];
        Job j = MakeJob(rng, n, fills[e], fills[o], name);
        jobs.push_back(j);
        if (n % static_cast<size_t>(w / 4) == 0 && n != 0) {
          j.zero_group = !j.zero_group;  // both ways of ending a multiple of G
          jobs.push_back(j);
        }
      }
    }
  }
  return jobs;
}

std::vector<Job> RandomJobs(Rng& rng, int n_jobs, size_t max_n) {
  std::vector<Job> jobs;
  for (int i = 0; i < n_jobs; ++i) {
    const size_t n = rng.chance(0.2) ? rng.below(40) : rng.below(static_cast<uint32_t>(max_n + 1));
    jobs.push_back(MakeJob(rng, n, Fill::kRandom, Fill::kRandom, "random"));
  }
  return jobs;
}

// Every edge count, every mix, under the four traffic shapes (verdict and group
// gaps, backpressure), with beats of no verdict and of W.
template <class Top>
void EdgeCountsMatrix(int w) {
  const uint64_t seed = SeedFromEnv(0xB17A + static_cast<uint64_t>(w));
  Rng rng(seed);
  const std::vector<Job> jobs = EdgeJobs(rng, w);
  RunStats total;
  for (const Traffic& t : kTrafficMatrix) {
    SCOPED_TRACE(t.name());
    Shape s;
    s.grp_gap = t.gap;
    s.ver_gap = t.gap;
    s.stall = t.stall;
    const RunStats st =
        RunJobs<Top>(w, jobs, s, rng, "W" + std::to_string(w) + "_edges_" + SafeName(t.name()));
    if (::testing::Test::HasFailure()) return;
    EXPECT_EQ(st.checked, jobs.size());
    total.ver_zero_beats += st.ver_zero_beats;
    total.ver_full_beats += st.ver_full_beats;
    total.out_beats += st.out_beats;
  }
  EXPECT_GT(total.ver_zero_beats, 100u);
  EXPECT_GT(total.ver_full_beats, 10u);
  std::printf("utf8_kernel_bitmap W=%d: %zu edge jobs x 4 shapes, %llu bitmap beats, "
              "%llu verdict beats of none, %llu of W\n",
              w, jobs.size(), static_cast<unsigned long long>(total.out_beats),
              static_cast<unsigned long long>(total.ver_zero_beats),
              static_cast<unsigned long long>(total.ver_full_beats));
}

// Random counts up to a few thousand, random mixes, random gaps on both inputs
// and random backpressure with long stalls.
template <class Top>
void RandomJobsStalls(int w) {
  const uint64_t seed = SeedFromEnv(0xB17B + static_cast<uint64_t>(w));
  Rng rng(seed);
  const std::vector<Job> jobs = RandomJobs(rng, 60, 3000);
  Shape s;
  s.grp_gap = 0.3;
  s.ver_gap = 0.3;
  s.stall = 0.3;
  s.long_stall = 0.003;
  const RunStats st =
      RunJobs<Top>(w, jobs, s, rng, "W" + std::to_string(w) + "_random_stalls");
  if (::testing::Test::HasFailure()) return;
  EXPECT_EQ(st.checked, jobs.size());
  EXPECT_GT(st.long_stalls, 5u);
  std::printf("utf8_kernel_bitmap W=%d: %llu random jobs, %llu clocks, %llu long stalls\n", w,
              static_cast<unsigned long long>(st.checked),
              static_cast<unsigned long long>(st.clocks),
              static_cast<unsigned long long>(st.long_stalls));
}

// Resets in the middle of jobs (each lost), each followed by a clean job.
template <class Top>
void ResetsMidJob(int w) {
  const uint64_t seed = SeedFromEnv(0xB17C + static_cast<uint64_t>(w));
  Rng rng(seed);
  const std::vector<Job> jobs = RandomJobs(rng, 150, 1500);
  Shape s;
  s.grp_gap = 0.2;
  s.ver_gap = 0.2;
  s.stall = 0.3;
  s.reset = 0.4;
  const RunStats st = RunJobs<Top>(w, jobs, s, rng, "W" + std::to_string(w) + "_resets");
  if (::testing::Test::HasFailure()) return;
  std::printf("utf8_kernel_bitmap W=%d: %llu jobs checked, %llu lost to a reset\n", w,
              static_cast<unsigned long long>(st.checked),
              static_cast<unsigned long long>(st.lost_to_reset));
  EXPECT_GT(st.lost_to_reset, 20u);
  EXPECT_GT(st.checked, 40u);
  EXPECT_EQ(st.checked + st.lost_to_reset, jobs.size());
}

// Rates: with groups ahead and the sink always ready, verdict beats of
// W/16 verdicts (16-byte strings; one at W = 8) are taken every clock, and
// groups of empty strings (no verdicts to wait for) one a clock.
template <class Top>
void Rates(int w) {
  const uint64_t seed = SeedFromEnv(0xB17D + static_cast<uint64_t>(w));
  Rng rng(seed);
  const int per_beat = std::max(1, w / 16);
  {
    std::vector<Job> jobs = {MakeJob(rng, 4000, Fill::kNone, Fill::kRandom, "16-byte strings")};
    Shape s;
    s.p_zero = 0;
    s.p_full = 0;
    s.max_per_beat = per_beat;
    s.exact = true;
    RunStats st = RunJobs<Top>(w, jobs, s, rng, "W" + std::to_string(w) + "_rate_verdicts");
    if (::testing::Test::HasFailure()) return;
    const uint64_t span = st.last_take_clock - st.first_take_clock + 1;
    std::printf("utf8_kernel_bitmap W=%d: %llu verdict beats in %llu clocks, %llu stalls\n", w,
                static_cast<unsigned long long>(st.ver_beats),
                static_cast<unsigned long long>(span),
                static_cast<unsigned long long>(st.ver_stalls));
    EXPECT_GE(st.ver_beats * 100, span * 99) << "verdict beats below one a clock, seed " << seed;
  }
  {
    std::vector<Job> jobs = {MakeJob(rng, static_cast<size_t>(w / 4) * 2000 + 3, Fill::kAll,
                                     Fill::kRandom, "all empty")};
    Shape s;
    const RunStats st = RunJobs<Top>(w, jobs, s, rng, "W" + std::to_string(w) + "_rate_groups");
    if (::testing::Test::HasFailure()) return;
    std::printf("utf8_kernel_bitmap W=%d: %llu groups in %llu clocks\n", w,
                static_cast<unsigned long long>(st.grp_taken),
                static_cast<unsigned long long>(st.clocks));
    EXPECT_GE(st.grp_taken * 100, st.clocks * 97) << "groups below one a clock, seed " << seed;
  }
}

TEST(KernelBitmap, EdgeCountsMatrixW8) { EdgeCountsMatrix<Vutf8_kernel_bitmap_w8>(8); }
TEST(KernelBitmap, EdgeCountsMatrixW64) { EdgeCountsMatrix<Vutf8_kernel_bitmap_w64>(64); }
TEST(KernelBitmap, RandomJobsStallsW8) { RandomJobsStalls<Vutf8_kernel_bitmap_w8>(8); }
TEST(KernelBitmap, RandomJobsStallsW64) { RandomJobsStalls<Vutf8_kernel_bitmap_w64>(64); }
TEST(KernelBitmap, ResetsMidJobW8) { ResetsMidJob<Vutf8_kernel_bitmap_w8>(8); }
TEST(KernelBitmap, ResetsMidJobW64) { ResetsMidJob<Vutf8_kernel_bitmap_w64>(64); }
TEST(KernelBitmap, RatesW8) { Rates<Vutf8_kernel_bitmap_w8>(8); }
TEST(KernelBitmap, RatesW64) { Rates<Vutf8_kernel_bitmap_w64>(64); }

}  // namespace
}  // namespace sim
}  // namespace utf8core
