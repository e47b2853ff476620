// Tests of the kernel's offsets stage for VALIDATE_STRINGS
// (rtl/kernel/utf8_kernel_offsets.v), verilated at W 8 and 64, beside its cycle
// model (model/kernel/utf8_kernel_offsets.h): every output is compared every
// clock and the first mismatch fails the test with its cycle, signal, both
// values and the seed. Each job is checked again against what its column
// says, worked out here from the offsets alone: the packet is the bytes from
// the first offset to the last good one with a mark on every string start,
// the groups flag the non-empty strings, and a bad offset (past LEN, below the
// one before, negative) ends the column before it.
// Seed: UTF8CORE_SEED; waves: UTF8CORE_TRACE=<dir>.
#include "utf8_kernel_offsets.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "Vutf8_kernel_offsets_w64.h"
#include "Vutf8_kernel_offsets_w8.h"
#include "clocked_bench.h"
#include "harness.h"
#include "verilated_ports.h"

namespace utf8core {
namespace sim {
namespace {

using Model = KernelOffsetsCycleModel;

template <class Top>
class OffsetsBench : public ClockedBench<OffsetsBench<Top>, Top, Model> {
 public:
  OffsetsBench(int w, uint64_t seed, const std::string& name)
      : ClockedBench<OffsetsBench, Top, Model>("utf8_kernel_offsets W=" + std::to_string(w), seed,
                                               "kernel_offsets_" + name, w),
        w_(w) {}

 private:
  friend ClockedBench<OffsetsBench, Top, Model>;
  using ClockedBench<OffsetsBench, Top, Model>::chk_;

  void Drive(const Model::Inputs& in, Top& t) {
    t.rst = in.rst;
    t.cfg_o64 = in.cfg_o64;
    t.cfg_len = in.cfg_len;
    SetPortBytes(t.s_off_tdata, in.off.tdata.data(), static_cast<size_t>(w_));
    t.s_off_tkeep = static_cast<decltype(+t.s_off_tkeep)>(in.off.tkeep);
    t.s_off_tvalid = in.off.tvalid;
    t.s_off_tlast = in.off.tlast;
    SetPortBytes(t.s_dat_tdata, in.dat.tdata.data(), static_cast<size_t>(w_));
    t.s_dat_tkeep = static_cast<decltype(+t.s_dat_tkeep)>(in.dat.tkeep);
    t.s_dat_tvalid = in.dat.tvalid;
    t.s_dat_tlast = in.dat.tlast;
    t.m_axis_tready = in.m_tready;
    t.m_grp_ready = in.grp_ready;
  }

  void Read(Top& t, Model::Outputs* out) {
    Model::Outputs& a = *out;
    a.s_off_tready = t.s_off_tready;
    a.s_dat_tready = t.s_dat_tready;
    for (int k = 0; k < w_; ++k) a.m_tdata[static_cast<size_t>(k)] = static_cast<uint8_t>(PortBits(t.m_axis_tdata, 8 * k, 8));
    a.m_tkeep = t.m_axis_tkeep;
    a.m_tuser = t.m_axis_tuser;
    a.m_tvalid = t.m_axis_tvalid;
    a.m_tlast = t.m_axis_tlast;
    a.grp_full = t.m_grp_full;
    a.grp_count = t.m_grp_count;
    a.grp_last = t.m_grp_last;
    a.grp_valid = t.m_grp_valid;
    a.first_valid = t.first_valid;
    a.first_offset = t.first_offset;
    a.bad = t.bad;
    a.data_done = t.data_done;
    a.ended = t.ended;
    a.in_bytes = t.in_bytes;
  }

  void Compare(const Model::Outputs& e, const Model::Outputs& a) {
    chk_.check("s_off_tready", e.s_off_tready, a.s_off_tready);
    chk_.check("s_dat_tready", e.s_dat_tready, a.s_dat_tready);
    chk_.check("m_axis_tvalid", e.m_tvalid, a.m_tvalid);
    if (e.m_tvalid && !e.m_known) ADD_FAILURE() << "the model offers a beat it has no payload for, cycle " << chk_.cycle();
    if (e.m_known) {
      chk_.check("m_axis_tkeep", e.m_tkeep, a.m_tkeep);
      chk_.check("m_axis_tuser", e.m_tuser, a.m_tuser);
      chk_.check("m_axis_tlast", e.m_tlast, a.m_tlast);
      for (int k = 0; k < w_; ++k) {
        chk_.check_lane("m_axis_tdata", k, e.m_tdata[static_cast<size_t>(k)], a.m_tdata[static_cast<size_t>(k)]);
      }
    }
    chk_.check("m_grp_valid", e.grp_valid, a.grp_valid);
    if (e.grp_valid && !e.grp_known) ADD_FAILURE() << "the model offers a group it has no payload for, cycle " << chk_.cycle();
    if (e.grp_known) {
      chk_.check("m_grp_full", e.grp_full, a.grp_full);
      chk_.check("m_grp_count", e.grp_count, a.grp_count);
      chk_.check("m_grp_last", e.grp_last, a.grp_last);
    }
    chk_.check("first_valid", e.first_valid, a.first_valid);
    chk_.check("first_offset", e.first_offset, a.first_offset);
    chk_.check("bad", e.bad, a.bad);
    chk_.check("data_done", e.data_done, a.data_done);
    chk_.check("ended", e.ended, a.ended);
    chk_.check("in_bytes", e.in_bytes, a.in_bytes);
  }

  int w_;
};

// ---------------------------------------------------------------------------
// Columns

struct Column {
  std::vector<uint8_t> data;      // LEN bytes
  std::vector<int64_t> offsets;   // COUNT + 1, possibly with a bad one
  bool o64 = false;
};

// What a column comes to.
struct Expect {
  size_t good = 0;               // offsets before the first bad one
  bool bad = false;
  std::vector<uint8_t> packet;   // bytes first .. last good offset
  std::vector<bool> marks;       // a string starts at packet byte i
  std::vector<bool> full;        // string i is non-empty, for the strings written
};

Expect Expected(const Column& c) {
  Expect e;
  const int64_t len = static_cast<int64_t>(c.data.size());
  for (size_t i = 0; i < c.offsets.size(); ++i) {
    const int64_t o = c.offsets[i];
    if (o < 0 || o > len || (i > 0 && o < c.offsets[i - 1])) {
      e.bad = true;
      break;
    }
    ++e.good;
  }
  if (e.good == 0) return e;
  const int64_t first = c.offsets[0];
  const int64_t end = c.offsets[e.good - 1];
  e.packet.assign(c.data.begin() + first, c.data.begin() + end);
  e.marks.assign(e.packet.size(), false);
  for (size_t i = 0; i < e.good; ++i) {
    const int64_t r = c.offsets[i] - first;
    if (r < end - first) e.marks[static_cast<size_t>(r)] = true;
  }
  for (size_t i = 0; i + 1 < e.good; ++i) e.full.push_back(c.offsets[i + 1] != c.offsets[i]);
  return e;
}

// A column of `count` strings: lengths from a mix (empty, short, now and then
// long), a first offset and a tail of bytes outside every string.
Column RandomColumn(Rng& rng, size_t count, bool o64, int w) {
  Column c;
  c.o64 = o64;
  int64_t pos = rng.chance(0.5) ? 0 : rng.below(3 * static_cast<uint32_t>(w));
  c.offsets.push_back(pos);
  const double empty = rng.chance(0.2) ? 0.8 : 0.15;
  for (size_t i = 0; i < count; ++i) {
    int64_t n = 0;
    if (!rng.chance(empty)) {
      const uint32_t kind = rng.below(10);
      n = kind < 6 ? 1 + rng.below(20) : kind < 9 ? 1 + rng.below(3) : 1 + rng.below(4 * static_cast<uint32_t>(w));
    }
    pos += n;
    c.offsets.push_back(pos);
  }
  const size_t len = static_cast<size_t>(pos) + (rng.chance(0.5) ? 0 : rng.below(2 * static_cast<uint32_t>(w)));
  c.data.resize(len);
  for (auto& b : c.data) b = static_cast<uint8_t>(rng.u64());
  return c;
}

// Makes offset i bad in one of the ways the block must catch.
void Spoil(Rng& rng, Column* c, size_t i) {
  const int64_t len = static_cast<int64_t>(c->data.size());
  switch (rng.below(4)) {
    case 0:
      c->offsets[i] = len + 1 + rng.below(100);
      break;
    case 1:
      if (i > 0 && c->offsets[i - 1] > 0) {
        c->offsets[i] = c->offsets[i - 1] - 1 - rng.below(static_cast<uint32_t>(c->offsets[i - 1]));
        break;
      }
      c->offsets[i] = -1;
      break;
    case 2:
      c->offsets[i] = -1 - static_cast<int64_t>(rng.below(1000));
      break;
    default:
      c->offsets[i] = c->o64 ? INT64_MAX : INT32_MAX;
      break;
  }
}

std::vector<uint8_t> OffsetBytes(const Column& c) {
  std::vector<uint8_t> b;
  for (int64_t o : c.offsets) {
    const uint64_t v = static_cast<uint64_t>(o);
    for (int k = 0; k < (c.o64 ? 8 : 4); ++k) b.push_back(static_cast<uint8_t>(v >> (8 * k)));
  }
  return b;
}

// A byte stream as the read engine gives it: full beats but the last.
class Source {
 public:
  Source(const std::vector<uint8_t>& bytes, int w) : bytes_(bytes), w_(w) {}
  bool done() const { return pos_ >= bytes_.size(); }
  void Offer(Rng& rng, double gap, Model::ByteBeat* b) {
    if (b->tvalid) return;  // held until taken
    if (done() || rng.chance(gap)) return;
    const size_t n = std::min(bytes_.size() - pos_, static_cast<size_t>(w_));
    b->tdata.fill(0);
    for (size_t k = 0; k < n; ++k) b->tdata[k] = bytes_[pos_ + k];
    for (size_t k = n; k < static_cast<size_t>(w_); ++k) b->tdata[k] = static_cast<uint8_t>(rng.u64());
    b->tkeep = n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
    b->tlast = pos_ + n == bytes_.size();
    b->tvalid = true;
    pos_ += n;
  }

 private:
  const std::vector<uint8_t>& bytes_;
  int w_;
  size_t pos_ = 0;
};

struct RunStats {
  uint64_t jobs = 0, bad = 0, strings = 0, bytes = 0;
};

// Runs each column as a job (a reset before each, as the kernel's front reset
// does) and checks what comes out against Expected().
template <class Top>
RunStats RunColumns(int w, const std::vector<Column>& cols, const Traffic& traffic, Rng& rng,
                    const std::string& name) {
  OffsetsBench<Top> bench(w, rng.seed(), name);
  RunStats st;
  Model::Inputs in;
  Model::Outputs out;
  const int g = w / 4;
  for (const Column& c : cols) {
    const Expect e = Expected(c);
    in = Model::Inputs();
    in.rst = true;
    if (!bench.Stepped(in, &out)) return st;
    out = Model::Outputs();  // what the block shows after the reset
    in.rst = false;
    in.cfg_o64 = c.o64;
    in.cfg_len = c.data.size();
    const std::vector<uint8_t> off_bytes = OffsetBytes(c);
    Source off(off_bytes, w);
    std::vector<uint8_t> dat_bytes;
    Source* dat = nullptr;
    Source dat_src(dat_bytes, w);
    std::vector<uint8_t> packet;
    std::vector<bool> marks;
    std::vector<bool> full;
    bool saw_last_beat = false, saw_last_grp = false, done = false;
    for (uint64_t cyc = 0; !done; ++cyc) {
      if (cyc > 200000) {
        ADD_FAILURE() << "job did not end, seed " << rng.seed();
        return st;
      }
      // The kernel starts the data read once the first offset is known, and
      // stops both reads when the block says it needs no more.
      if (out.first_valid && dat == nullptr) {
        dat_bytes.assign(c.data.begin() + static_cast<int64_t>(out.first_offset), c.data.end());
        dat = &dat_src;
      }
      if (out.bad || out.ended) in.off.tvalid = false;
      if (out.data_done) in.dat.tvalid = false;
      if (!out.bad && !out.ended) off.Offer(rng, traffic.gap, &in.off);
      if (dat != nullptr && !out.data_done) dat->Offer(rng, traffic.gap, &in.dat);
      in.m_tready = !rng.chance(traffic.stall);
      in.grp_ready = !rng.chance(traffic.stall);
      if (!bench.Stepped(in, &out)) return st;
      if (in.off.tvalid && out.s_off_tready) in.off.tvalid = false;
      if (in.dat.tvalid && out.s_dat_tready) in.dat.tvalid = false;
      if (out.m_tvalid && in.m_tready) {
        EXPECT_FALSE(saw_last_beat) << "a beat after the packet's last";
        for (int k = 0; k < w; ++k) {
          if ((out.m_tkeep >> k) & 1u) {
            packet.push_back(out.m_tdata[static_cast<size_t>(k)]);
            marks.push_back((out.m_tuser >> k) & 1u);
          } else {
            EXPECT_FALSE((out.m_tuser >> k) & 1u) << "a mark on a lane not kept";
          }
        }
        saw_last_beat = out.m_tlast;
      }
      if (out.grp_valid && in.grp_ready) {
        EXPECT_FALSE(saw_last_grp) << "a group after the last";
        const uint32_t n = out.grp_count;
        EXPECT_TRUE(out.grp_last || n == static_cast<uint32_t>(g)) << "a short group that is not the last";
        for (uint32_t i = 0; i < n; ++i) full.push_back((out.grp_full >> i) & 1u);
        EXPECT_EQ(out.grp_full >> n, 0u) << "flags past the group's count";
        saw_last_grp = out.grp_last;
      }
      done = out.ended;
    }
    EXPECT_TRUE(saw_last_grp);
    EXPECT_EQ(saw_last_beat, !e.packet.empty());
    EXPECT_EQ(out.bad, e.bad);
    EXPECT_EQ(out.first_valid, e.good > 0);
    if (e.good > 0) {
      EXPECT_EQ(out.first_offset, static_cast<uint64_t>(c.offsets[0]));
    }
    EXPECT_EQ(out.in_bytes, e.packet.size());
    EXPECT_EQ(packet, e.packet) << "seed " << rng.seed();
    EXPECT_EQ(marks, e.marks) << "seed " << rng.seed();
    EXPECT_EQ(full, e.full) << "seed " << rng.seed();
    if (::testing::Test::HasFailure()) return st;
    ++st.jobs;
    st.bad += e.bad;
    st.strings += e.full.size();
    st.bytes += e.packet.size();
  }
  return st;
}

template <class Top>
void Columns(int w, bool o64) {
  Rng rng(SeedFromEnv(0x0ff5e7 + static_cast<uint64_t>(w) + (o64 ? 1000 : 0)));
  const size_t g = static_cast<size_t>(w) / 4;
  for (const Traffic& t : kTrafficMatrix) {
    std::vector<Column> cols;
    // Counts at the group and beat edges, then random ones.
    for (size_t n : {size_t{0}, size_t{1}, g - 1, g, g + 1, 2 * g - 1, 2 * g, 2 * g + 1}) {
      cols.push_back(RandomColumn(rng, n, o64, w));
    }
    for (int i = 0; i < 30; ++i) cols.push_back(RandomColumn(rng, rng.below(300), o64, w));
    const RunStats st = RunColumns<Top>(w, cols, t, rng, "W" + std::to_string(w) + (o64 ? "_o64_" : "_o32_") + SafeName(t.name()));
    if (::testing::Test::HasFailure()) return;
    EXPECT_EQ(st.jobs, cols.size());
    EXPECT_GT(st.strings, 0u);
  }
}

template <class Top>
void BadOffsets(int w, bool o64) {
  Rng rng(SeedFromEnv(0xbad0ff + static_cast<uint64_t>(w) + (o64 ? 1000 : 0)));
  std::vector<Column> cols;
  for (int i = 0; i < 60; ++i) {
    Column c = RandomColumn(rng, 1 + rng.below(200), o64, w);
    // the first offset, one at a group's edge, or anywhere
    const size_t n = c.offsets.size();
    size_t at = rng.below(3) == 0 ? 0 : rng.below(static_cast<uint32_t>(n));
    if (i % 5 == 1) at = std::min(n - 1, static_cast<size_t>(w / 4) * (1 + rng.below(3)));
    Spoil(rng, &c, at);
    cols.push_back(c);
  }
  const RunStats st = RunColumns<Top>(w, cols, Traffic{0.2, 0.3}, rng, "W" + std::to_string(w) + "_bad");
  if (::testing::Test::HasFailure()) return;
  EXPECT_EQ(st.jobs, cols.size());
  EXPECT_GT(st.bad, 50u);
}

// Offsets that all point at beat edges and empty strings at the column's end:
// the cases where a beat must wait to know whether it is the last.
template <class Top>
void EndsOnBeatEdges(int w, bool o64) {
  Rng rng(SeedFromEnv(0xed9e5 + static_cast<uint64_t>(w) + (o64 ? 1000 : 0)));
  std::vector<Column> cols;
  for (int i = 0; i < 40; ++i) {
    Column c;
    c.o64 = o64;
    int64_t pos = w * static_cast<int64_t>(rng.below(3));
    c.offsets.push_back(pos);
    const size_t count = 1 + rng.below(3 * static_cast<uint32_t>(w) / 4);
    for (size_t k = 0; k < count; ++k) {
      pos += rng.chance(0.5) ? 0 : w * static_cast<int64_t>(1 + rng.below(2));
      c.offsets.push_back(pos);
    }
    c.data.resize(static_cast<size_t>(pos) + (i % 2 ? 0 : static_cast<size_t>(w)));
    for (auto& b : c.data) b = static_cast<uint8_t>(rng.u64());
    cols.push_back(c);
  }
  const RunStats st = RunColumns<Top>(w, cols, Traffic{0.3, 0.3}, rng, "W" + std::to_string(w) + "_edges");
  if (::testing::Test::HasFailure()) return;
  EXPECT_EQ(st.jobs, cols.size());
}

TEST(KernelOffsets, ColumnsW8) { Columns<Vutf8_kernel_offsets_w8>(8, false); }
TEST(KernelOffsets, ColumnsW64) { Columns<Vutf8_kernel_offsets_w64>(64, false); }
TEST(KernelOffsets, Columns64BitOffsetsW8) { Columns<Vutf8_kernel_offsets_w8>(8, true); }
TEST(KernelOffsets, Columns64BitOffsetsW64) { Columns<Vutf8_kernel_offsets_w64>(64, true); }
TEST(KernelOffsets, BadOffsetsEndTheColumnW8) {
  BadOffsets<Vutf8_kernel_offsets_w8>(8, false);
  BadOffsets<Vutf8_kernel_offsets_w8>(8, true);
}
TEST(KernelOffsets, BadOffsetsEndTheColumnW64) {
  BadOffsets<Vutf8_kernel_offsets_w64>(64, false);
  BadOffsets<Vutf8_kernel_offsets_w64>(64, true);
}
TEST(KernelOffsets, EndsOnBeatEdgesW8) {
  EndsOnBeatEdges<Vutf8_kernel_offsets_w8>(8, false);
  EndsOnBeatEdges<Vutf8_kernel_offsets_w8>(8, true);
}
TEST(KernelOffsets, EndsOnBeatEdgesW64) {
  EndsOnBeatEdges<Vutf8_kernel_offsets_w64>(64, false);
  EndsOnBeatEdges<Vutf8_kernel_offsets_w64>(64, true);
}

}  // namespace
}  // namespace sim
}  // namespace utf8core
