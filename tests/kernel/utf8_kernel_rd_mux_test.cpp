// Tests of the kernel's read-channel multiplexer (rtl/kernel/utf8_kernel_rd_mux.v),
// verilated at DATA_WIDTH 64 and 512 and at 64 with BURSTS 2, beside its cycle
// model (model/kernel/utf8_kernel_rd_mux.h): every output is compared every
// clock and the first mismatch fails the test with its cycle, signal, both
// values and the seed. A scoreboard checks the traffic besides: two engines
// issue random bursts, each holding its AR until taken and keeping a bounded
// number of its own bursts in flight as utf8_kernel_rd does; a memory takes
// the ARs with random arready and returns each burst's beats in AR order with
// random gaps, each beat's data and response made from its burst's address
// and its index. Checked: each engine receives exactly its own bursts' beats,
// in order, with rlast on the last; the memory sees every AR exactly once,
// unchanged, in the order the engines' handshakes loaded them; the arbiter
// gives a lone asker the register and alternates when both ask; the bursts
// loaded or in flight never exceed BURSTS. Seed: UTF8CORE_SEED; waves:
// UTF8CORE_TRACE=<dir>.
#include "utf8_kernel_rd_mux.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <stdexcept>
#include <string>

#include "Vutf8_kernel_rd_mux_b2.h"
#include "Vutf8_kernel_rd_mux_w64.h"
#include "Vutf8_kernel_rd_mux_w8.h"
#include "clocked_bench.h"
#include "harness.h"
#include "verilated_ports.h"

namespace utf8core {
namespace sim {
namespace {

using Model = KernelRdMuxCycleModel;
using Lanes = std::array<uint8_t, 64>;

// ---------------------------------------------------------------------------
// The Verilated block and its model, clocked together (clocked_bench.h).

// The ports of engine N (s0_, s1_) onto and from the model's structs.
#define UTF8CORE_DRIVE_S(N)                      \
  do {                                           \
    const AxiReadMasterOutputs& s = in.s[N];     \
    t.s##N##_axi_araddr = s.m_axi_araddr;        \
    t.s##N##_axi_arlen = s.m_axi_arlen;          \
    t.s##N##_axi_arsize = s.m_axi_arsize & 7;    \
    t.s##N##_axi_arburst = s.m_axi_arburst & 3;  \
    t.s##N##_axi_arcache = s.m_axi_arcache & 15; \
    t.s##N##_axi_arprot = s.m_axi_arprot & 7;    \
    t.s##N##_axi_arvalid = s.m_axi_arvalid;      \
    t.s##N##_axi_rready = s.m_axi_rready;        \
  } while (0)
#define UTF8CORE_READ_S(N)                                                             \
  do {                                                                                 \
    AxiReadMasterInputs& s = a.s[N];                                                   \
    s.m_axi_arready = t.s##N##_axi_arready;                                            \
    for (int k = 0; k < w_; ++k)                                                       \
      s.m_axi_rdata[k] = static_cast<uint8_t>(PortBits(t.s##N##_axi_rdata, 8 * k, 8)); \
    s.m_axi_rresp = t.s##N##_axi_rresp;                                                \
    s.m_axi_rlast = t.s##N##_axi_rlast;                                                \
    s.m_axi_rvalid = t.s##N##_axi_rvalid;                                              \
  } while (0)

template <class Top>
class MuxBench : public ClockedBench<MuxBench<Top>, Top, Model> {
 public:
  MuxBench(const KernelRdMuxParams& p, uint64_t seed, const std::string& name)
      : ClockedBench<MuxBench, Top, Model>("utf8_kernel_rd_mux W=" + std::to_string(p.data_bytes) +
                                               " BURSTS=" + std::to_string(p.bursts),
                                           seed, "kernel_rd_mux_" + name, p),
        w_(p.data_bytes) {}

 private:
  friend ClockedBench<MuxBench, Top, Model>;
  using ClockedBench<MuxBench, Top, Model>::chk_;

  void Drive(const Model::Inputs& in, Top& t) {
    t.rst = in.rst;
    UTF8CORE_DRIVE_S(0);
    UTF8CORE_DRIVE_S(1);
    t.m_axi_arready = in.m.m_axi_arready;
    SetPortBytes(t.m_axi_rdata, in.m.m_axi_rdata.data(), static_cast<size_t>(w_));
    t.m_axi_rresp = in.m.m_axi_rresp & 3;
    t.m_axi_rlast = in.m.m_axi_rlast;
    t.m_axi_rvalid = in.m.m_axi_rvalid;
  }

  void Read(Top& t, Model::Outputs* out) {
    Model::Outputs& a = *out;
    UTF8CORE_READ_S(0);
    UTF8CORE_READ_S(1);
    a.m.m_axi_araddr = t.m_axi_araddr;
    a.m.m_axi_arlen = t.m_axi_arlen;
    a.m.m_axi_arsize = t.m_axi_arsize;
    a.m.m_axi_arburst = t.m_axi_arburst;
    a.m.m_axi_arcache = t.m_axi_arcache;
    a.m.m_axi_arprot = t.m_axi_arprot;
    a.m.m_axi_arvalid = t.m_axi_arvalid;
    a.m.m_axi_rready = t.m_axi_rready;
  }

  void Compare(const Model::Outputs& e, const Model::Outputs& a) {
    static const char* const kArready[2] = {"s0_axi_arready", "s1_axi_arready"};
    static const char* const kRvalid[2] = {"s0_axi_rvalid", "s1_axi_rvalid"};
    static const char* const kRlast[2] = {"s0_axi_rlast", "s1_axi_rlast"};
    static const char* const kRresp[2] = {"s0_axi_rresp", "s1_axi_rresp"};
    static const char* const kRdata[2] = {"s0_axi_rdata", "s1_axi_rdata"};
    for (int n = 0; n < 2; ++n) {
      chk_.check(kArready[n], e.s[n].m_axi_arready, a.s[n].m_axi_arready);
      chk_.check(kRvalid[n], e.s[n].m_axi_rvalid, a.s[n].m_axi_rvalid);
      chk_.check(kRlast[n], e.s[n].m_axi_rlast, a.s[n].m_axi_rlast);
      chk_.check(kRresp[n], e.s[n].m_axi_rresp, a.s[n].m_axi_rresp);
      for (int k = 0; k < w_; ++k)
        chk_.check_lane(kRdata[n], k, e.s[n].m_axi_rdata[k], a.s[n].m_axi_rdata[k]);
    }
    chk_.check("m_axi_arvalid", e.m.m_axi_arvalid, a.m.m_axi_arvalid);
    chk_.check("m_axi_rready", e.m.m_axi_rready, a.m.m_axi_rready);
    // The AR payload wherever the RTL has given it a value, offered or not.
    if (e.m.m_axi_arvalid && !e.m.ar_known) {
      ADD_FAILURE() << "the model offers an AR it has no payload for, cycle " << chk_.cycle();
    }
    if (e.m.ar_known) {
      chk_.check("m_axi_araddr", e.m.m_axi_araddr, a.m.m_axi_araddr);
      chk_.check("m_axi_arlen", e.m.m_axi_arlen, a.m.m_axi_arlen);
      chk_.check("m_axi_arsize", e.m.m_axi_arsize, a.m.m_axi_arsize);
      chk_.check("m_axi_arburst", e.m.m_axi_arburst, a.m.m_axi_arburst);
      chk_.check("m_axi_arcache", e.m.m_axi_arcache, a.m.m_axi_arcache);
      chk_.check("m_axi_arprot", e.m.m_axi_arprot, a.m.m_axi_arprot);
    }
  }

  int w_;
};

#undef UTF8CORE_DRIVE_S
#undef UTF8CORE_READ_S

// ---------------------------------------------------------------------------
// Traffic and scoreboard

uint64_t Mix(uint64_t x) {  // splitmix64's finaliser
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

struct Burst {
  uint64_t addr = 0;
  uint8_t len = 0;  // arlen: beats - 1
  uint8_t size = 0, burst = 0, cache = 0, prot = 0;
  int src = 0;
};

// A beat's payload, recognisable as beat `beat` of the burst at `addr`: the
// addresses are random 64-bit numbers, so no two bursts' beats look alike.
Lanes BeatData(uint64_t addr, int beat) {
  Lanes d{};
  for (int k = 0; k < 64; k += 8) {
    const uint64_t v = Mix(addr * 0x100000001B3ULL + static_cast<uint64_t>(beat) * 64 + k);
    for (int b = 0; b < 8; ++b) d[static_cast<size_t>(k + b)] = static_cast<uint8_t>(v >> (8 * b));
  }
  return d;
}
uint8_t BeatResp(uint64_t addr, int beat) {
  return static_cast<uint8_t>(Mix(addr ^ (static_cast<uint64_t>(beat) << 40)) & 3);
}

// How a run is shaped.
struct EngineCfg {
  bool on = true;      // issues bursts
  int limit = 8;       // its own bursts in flight (from its AR's first clock)
  double gap = 0.3;    // chance of not raising arvalid on a clock it could
  double stall = 0.3;  // chance of rready low
  int max_len = 15;    // arlen 0..max_len
};
struct RunCfg {
  EngineCfg e[2];
  double ar_stall = 0.3;    // memory: chance of arready low
  double r_gap = 0.3;       // memory: chance of no R beat on a clock it could
  double freeze = 0;        // memory: chance a clock starts a pause of R
  int freeze_len = 0;       // ... of this many clocks
  double reset_chance = 0;  // a reset on a clock
  int clocks = 20000;       // clocks of issuing, then the drain
};

struct Stats {
  uint64_t ars[2] = {0, 0};     // ARs taken from engine N
  uint64_t bursts[2] = {0, 0};  // bursts engine N received whole
  uint64_t beats[2] = {0, 0};   // beats engine N took
  uint64_t both_asked = 0;      // loads with both engines asking
  uint64_t held_rready = 0;     // clocks an engine's beat waited on its rready
  int max_in_mux = 0;           // bursts loaded or in flight, at most
  uint64_t full_clocks = 0;     // clocks with BURSTS of them
  uint64_t resets = 0;
  uint64_t clocks = 0;
};

std::string BurstText(const Burst& b) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "engine %d addr 0x%016llx arlen %u", b.src,
                static_cast<unsigned long long>(b.addr), b.len);
  return buf;
}

// Runs the two engines and the memory under `cfg` through the block and its
// model, checking the scoreboard every clock; then stops issuing and drains,
// checking that everything issued came back.
template <class Top>
Stats Run(const KernelRdMuxParams& p, const RunCfg& cfg, Rng& rng, const std::string& name) {
  const uint64_t seed = rng.seed();
  const int w = p.data_bytes;
  const uint64_t addr_mask = p.addr_width >= 64 ? ~uint64_t{0} : (uint64_t{1} << p.addr_width) - 1;
  MuxBench<Top> bench(p, seed, name);
  Stats st;
  Model::Inputs in;
  Model::Outputs out;

  // Engines
  bool presenting[2] = {false, false};
  Burst ar[2];
  std::deque<Burst> mine[2];  // taken by the mux, beats still due
  int beat_at[2] = {0, 0};    // beats of mine[n].front() received
  // The mux: ARs in the order it took them (its owner queue's), not yet
  // taken by the memory; its bursts loaded or in flight; its arbiter's last.
  std::deque<Burst> loaded;
  int in_mux = 0;
  int last_winner = 1;
  // Memory
  std::deque<Burst> mem;  // ARs taken, in order; beats due
  int mem_beat = 0;
  bool r_presenting = false;
  int frozen = 0;
  bool ar_held = false;  // m_axi AR offered and not taken last clock
  Model::Outputs prev;

  auto clear = [&]() {
    for (int n = 0; n < 2; ++n) {
      presenting[n] = false;
      mine[n].clear();
      beat_at[n] = 0;
    }
    loaded.clear();
    in_mux = 0;
    last_winner = 1;
    mem.clear();
    mem_beat = 0;
    r_presenting = false;
    frozen = 0;
    ar_held = false;
  };

  const int total = cfg.clocks + 20000;
  int idle_after = 0;
  for (int clock = 0; clock < total; ++clock) {
    const bool issuing = clock < cfg.clocks;
    in.rst = clock < 2 || (issuing && rng.chance(cfg.reset_chance));
    // Engines: a new AR when the engine may, held until taken.
    for (int n = 0; n < 2; ++n) {
      const EngineCfg& e = cfg.e[n];
      AxiReadMasterOutputs& s = in.s[n];
      if (!presenting[n] && issuing && e.on && static_cast<int>(mine[n].size()) < e.limit &&
          !rng.chance(e.gap)) {
        Burst& b = ar[n];
        b.addr = rng.u64() & addr_mask;
        b.len = static_cast<uint8_t>(rng.below(static_cast<uint32_t>(e.max_len) + 1));
        b.size = static_cast<uint8_t>(rng.below(8));
        b.burst = static_cast<uint8_t>(rng.below(4));
        b.cache = static_cast<uint8_t>(rng.below(16));
        b.prot = static_cast<uint8_t>(rng.below(8));
        b.src = n;
        presenting[n] = true;
      }
      s.m_axi_arvalid = presenting[n];
      if (presenting[n]) {
        s.m_axi_araddr = ar[n].addr;
        s.m_axi_arlen = ar[n].len;
        s.m_axi_arsize = ar[n].size;
        s.m_axi_arburst = ar[n].burst;
        s.m_axi_arcache = ar[n].cache;
        s.m_axi_arprot = ar[n].prot;
      } else {  // anything: not looked at
        s.m_axi_araddr = rng.u64() & addr_mask;
        s.m_axi_arlen = static_cast<uint8_t>(rng.u64());
        s.m_axi_arsize = static_cast<uint8_t>(rng.below(8));
        s.m_axi_arburst = static_cast<uint8_t>(rng.below(4));
        s.m_axi_arcache = static_cast<uint8_t>(rng.below(16));
        s.m_axi_arprot = static_cast<uint8_t>(rng.below(8));
      }
      s.m_axi_rready = issuing ? !rng.chance(e.stall) : rng.chance(0.7);
    }
    // Memory: arready at random; R beats of the ARs taken, in order, each
    // offered until taken.
    in.m.m_axi_arready = !rng.chance(cfg.ar_stall);
    if (frozen > 0) {
      --frozen;
    } else if (rng.chance(cfg.freeze)) {
      frozen = cfg.freeze_len;
    }
    if (!r_presenting && !mem.empty() && frozen == 0 && !rng.chance(cfg.r_gap)) r_presenting = true;
    in.m.m_axi_rvalid = r_presenting;
    if (r_presenting) {
      const Burst& b = mem.front();
      in.m.m_axi_rdata = BeatData(b.addr, mem_beat);
      in.m.m_axi_rresp = BeatResp(b.addr, mem_beat);
      in.m.m_axi_rlast = mem_beat == b.len;
    } else {  // anything: not looked at
      for (int k = 0; k < w; ++k) in.m.m_axi_rdata[k] = static_cast<uint8_t>(rng.u64());
      in.m.m_axi_rresp = static_cast<uint8_t>(rng.below(4));
      in.m.m_axi_rlast = rng.chance(0.5);
    }

    if (!bench.Stepped(in, &out)) return st;
    ++st.clocks;
    if (in.rst) {
      // The engines and the memory are reset with the mux.
      if (clock >= 2) ++st.resets;
      clear();
      prev = out;
      continue;
    }
    const std::string where = ", clock " + std::to_string(clock) + ", seed " + std::to_string(seed);

    // The memory side's AR keeps the AXI rule: offered, held unchanged until taken.
    if (ar_held &&
        (!out.m.m_axi_arvalid || out.m.m_axi_araddr != prev.m.m_axi_araddr ||
         out.m.m_axi_arlen != prev.m.m_axi_arlen || out.m.m_axi_arsize != prev.m.m_axi_arsize ||
         out.m.m_axi_arburst != prev.m.m_axi_arburst ||
         out.m.m_axi_arcache != prev.m.m_axi_arcache ||
         out.m.m_axi_arprot != prev.m.m_axi_arprot)) {
      ADD_FAILURE() << "m_axi AR withdrawn or changed before m_axi_arready" << where;
      return st;
    }
    ar_held = out.m.m_axi_arvalid && !in.m.m_axi_arready;
    prev = out;

    // R at the engines: only its own bursts' beats, in order, rlast on the last.
    for (int n = 0; n < 2; ++n) {
      const AxiReadMasterInputs& s = out.s[n];
      if (s.m_axi_rvalid && !in.s[n].m_axi_rready) ++st.held_rready;
      if (!(s.m_axi_rvalid && in.s[n].m_axi_rready)) continue;
      if (mine[n].empty()) {
        ADD_FAILURE() << "engine " << n << " took an R beat with no burst of its own due" << where;
        return st;
      }
      const Burst& b = mine[n].front();
      const Lanes want = BeatData(b.addr, beat_at[n]);
      for (int k = 0; k < w; ++k) {
        if (s.m_axi_rdata[k] != want[k]) {
          ADD_FAILURE() << "engine " << n << " got the wrong data for beat " << beat_at[n] << " of "
                        << BurstText(b) << " (lane " << k << ")" << where;
          return st;
        }
      }
      const bool last = beat_at[n] == b.len;
      if (s.m_axi_rresp != BeatResp(b.addr, beat_at[n]) || s.m_axi_rlast != last) {
        ADD_FAILURE() << "engine " << n << " got the wrong rresp or rlast on beat " << beat_at[n]
                      << " of " << BurstText(b) << where;
        return st;
      }
      ++st.beats[n];
      ++beat_at[n];
      if (last) {
        mine[n].pop_front();
        beat_at[n] = 0;
        ++st.bursts[n];
      }
    }
    // The memory's R handshake: the burst ends at its last beat.
    int pops = 0;
    if (r_presenting && out.m.m_axi_rready) {
      r_presenting = false;
      if (mem_beat == mem.front().len) {
        mem.pop_front();
        mem_beat = 0;
        ++pops;
      } else {
        ++mem_beat;
      }
    }
    // The memory's AR handshake: the next AR the mux loaded, exactly once.
    if (out.m.m_axi_arvalid && in.m.m_axi_arready) {
      if (loaded.empty()) {
        ADD_FAILURE() << "the memory took an AR no engine handed over" << where;
        return st;
      }
      const Burst& b = loaded.front();
      if (out.m.m_axi_araddr != b.addr || out.m.m_axi_arlen != b.len ||
          out.m.m_axi_arsize != b.size || out.m.m_axi_arburst != b.burst ||
          out.m.m_axi_arcache != b.cache || out.m.m_axi_arprot != b.prot) {
        ADD_FAILURE() << "the memory took an AR other than the next loaded, " << BurstText(b)
                      << "; it got addr 0x" << std::hex << out.m.m_axi_araddr << std::dec
                      << " arlen " << unsigned{out.m.m_axi_arlen} << where;
        return st;
      }
      mem.push_back(b);
      loaded.pop_front();
    }
    // The engines' AR handshakes: the arbiter's choice, and the room.
    const bool asked[2] = {in.s[0].m_axi_arvalid, in.s[1].m_axi_arvalid};
    int loads = 0;
    for (int n = 0; n < 2; ++n) {
      if (!out.s[n].m_axi_arready) continue;
      if (!asked[n]) {
        ADD_FAILURE() << "arready to engine " << n << ", which did not ask" << where;
        return st;
      }
      if (asked[1 - n] && n == last_winner) {
        ADD_FAILURE() << "engine " << n << " won twice in a row against the other" << where;
        return st;
      }
      if (asked[1 - n]) ++st.both_asked;
      last_winner = n;
      ++loads;
      ++st.ars[n];
      mine[n].push_back(ar[n]);
      loaded.push_back(ar[n]);
      presenting[n] = false;
    }
    if (loads > 1) {
      ADD_FAILURE() << "arready to both engines at once" << where;
      return st;
    }
    // The register loads whenever it is free (empty or being taken), the
    // queue has room and an engine asks.
    if (in_mux < p.bursts && (asked[0] || asked[1]) && loads == 0 &&
        (!out.m.m_axi_arvalid || in.m.m_axi_arready)) {
      ADD_FAILURE() << "an engine asked, the register was free and the queue had room, "
                       "but no AR was taken"
                    << where;
      return st;
    }
    in_mux += loads;
    if (in_mux > p.bursts) {
      ADD_FAILURE() << "more than BURSTS (" << p.bursts << ") bursts loaded or in flight" << where;
      return st;
    }
    if (in_mux > st.max_in_mux) st.max_in_mux = in_mux;
    if (in_mux == p.bursts && loads == 0) ++st.full_clocks;
    in_mux -= pops;

    // Done when nothing is left after the issuing clocks.
    if (!issuing) {
      const bool idle = !presenting[0] && !presenting[1] && mine[0].empty() && mine[1].empty() &&
                        loaded.empty() && mem.empty() && !out.m.m_axi_arvalid;
      if (idle && ++idle_after > 4) break;
    }
  }
  if (!loaded.empty() || !mem.empty() || !mine[0].empty() || !mine[1].empty() || presenting[0] ||
      presenting[1]) {
    ADD_FAILURE() << "the drain did not finish: " << loaded.size() << " ARs not taken by the "
                  << "memory, " << mem.size() << " bursts not returned, " << mine[0].size()
                  << " and " << mine[1].size() << " bursts still due to the engines, seed " << seed;
  }
  // Reset clocks, then a few idle ones, still compared.
  in = Model::Inputs();
  for (int i = 0; i < 4; ++i) {
    in.rst = i < 2;
    if (!bench.Stepped(in, &out)) return st;
  }
  return st;
}

void Print(const char* what, const KernelRdMuxParams& p, const Stats& st) {
  std::printf(
      "utf8_kernel_rd_mux W=%d BURSTS=%d %s: ARs %llu / %llu, bursts %llu / %llu, beats %llu / "
      "%llu, both asking %llu, beats held on rready %llu, most in flight %d (%llu clocks full), "
      "resets %llu, clocks %llu\n",
      p.data_bytes, p.bursts, what, static_cast<unsigned long long>(st.ars[0]),
      static_cast<unsigned long long>(st.ars[1]), static_cast<unsigned long long>(st.bursts[0]),
      static_cast<unsigned long long>(st.bursts[1]), static_cast<unsigned long long>(st.beats[0]),
      static_cast<unsigned long long>(st.beats[1]), static_cast<unsigned long long>(st.both_asked),
      static_cast<unsigned long long>(st.held_rready), st.max_in_mux,
      static_cast<unsigned long long>(st.full_clocks), static_cast<unsigned long long>(st.resets),
      static_cast<unsigned long long>(st.clocks));
}

// ---------------------------------------------------------------------------
// Tests, each at every build: Params() gives the build's parameters.

template <class Top>
KernelRdMuxParams Params();
template <>
KernelRdMuxParams Params<Vutf8_kernel_rd_mux_w8>() {
  return {8, 64, 16};
}
template <>
KernelRdMuxParams Params<Vutf8_kernel_rd_mux_w64>() {
  return {64, 64, 16};
}
template <>
KernelRdMuxParams Params<Vutf8_kernel_rd_mux_b2>() {
  return {8, 64, 2};
}

template <class Top>
std::string Tag() {
  const KernelRdMuxParams p = Params<Top>();
  return "W" + std::to_string(p.data_bytes) + "_B" + std::to_string(p.bursts);
}

// Both engines at random, every side's handshakes random, in three shapes:
// the R channel the bottleneck (long bursts, the engines' limits binding),
// short bursts that make the engines contend for AR, and a slow arready with
// a fast R channel, where the register is often full when both ask.
template <class Top>
void RandomTraffic() {
  const KernelRdMuxParams p = Params<Top>();
  const uint64_t seed = SeedFromEnv(0x3D01 + static_cast<uint64_t>(p.data_bytes + p.bursts));
  Rng rng(seed);
  uint64_t both_asked = 0;
  for (int shape = 0; shape < 3; ++shape) {
    SCOPED_TRACE("shape " + std::to_string(shape));
    RunCfg cfg;
    cfg.clocks = 50000;
    if (shape == 1) {
      for (int n = 0; n < 2; ++n) cfg.e[n] = EngineCfg{true, 8, 0.5, 0.2, 1};
    } else if (shape == 2) {
      for (int n = 0; n < 2; ++n) cfg.e[n] = EngineCfg{true, 8, 0.2, 0.1, 3};
      cfg.ar_stall = 0.6;
      cfg.r_gap = 0.05;
    }
    const Stats st = Run<Top>(p, cfg, rng, Tag<Top>() + "_random" + std::to_string(shape));
    if (::testing::Test::HasFailure()) return;
    Print(shape == 0   ? "random traffic, long bursts"
          : shape == 1 ? "random traffic, short bursts"
                       : "random traffic, slow arready",
          p, st);
    for (int n = 0; n < 2; ++n) {
      EXPECT_GT(st.bursts[n], 1000u) << "engine " << n;
      EXPECT_EQ(st.bursts[n], st.ars[n]) << "engine " << n;
    }
    EXPECT_GT(st.held_rready, 1000u);
    both_asked += st.both_asked;
  }
  EXPECT_GT(both_asked, 1000u);
}

// One engine alone, then the other: the idle one gets nothing. With the
// memory always ready and one-beat bursts, one AR a clock.
template <class Top>
void OneEngine() {
  const KernelRdMuxParams p = Params<Top>();
  const uint64_t seed = SeedFromEnv(0x3D02 + static_cast<uint64_t>(p.data_bytes + p.bursts));
  Rng rng(seed);
  for (int n = 0; n < 2; ++n) {
    SCOPED_TRACE("engine " + std::to_string(n) + " alone");
    RunCfg cfg;
    cfg.e[1 - n].on = false;
    const Stats st = Run<Top>(p, cfg, rng, Tag<Top>() + "_alone" + std::to_string(n));
    if (::testing::Test::HasFailure()) return;
    Print(n ? "engine 1 alone" : "engine 0 alone", p, st);
    EXPECT_GT(st.bursts[n], 1000u);
    EXPECT_EQ(st.ars[1 - n], 0u);
    EXPECT_EQ(st.beats[1 - n], 0u);

    // Full rate: every clock an AR.
    RunCfg fast;
    fast.e[1 - n].on = false;
    fast.e[n] = EngineCfg{true, 64, 0, 0, 0};
    fast.ar_stall = 0;
    fast.r_gap = 0;
    fast.clocks = 5000;
    const Stats f = Run<Top>(p, fast, rng, Tag<Top>() + "_alone_fast" + std::to_string(n));
    if (::testing::Test::HasFailure()) return;
    Print(n ? "engine 1 alone, full rate" : "engine 0 alone, full rate", p, f);
    // An AR is loaded at t, taken at t + 1 and answered at t + 2, so the
    // queue holds each for two clocks: BURSTS 2 gives two ARs in three clocks.
    const double rate = p.bursts >= 4 ? 0.99 : 0.66;
    EXPECT_GE(static_cast<double>(f.ars[n]), rate * fast.clocks);
  }
}

// Both engines always asking, nothing else in the way: the arbiter alternates
// (checked at every load) and gives each half.
template <class Top>
void BothSaturating() {
  const KernelRdMuxParams p = Params<Top>();
  const uint64_t seed = SeedFromEnv(0x3D03 + static_cast<uint64_t>(p.data_bytes + p.bursts));
  Rng rng(seed);
  for (int shape = 0; shape < 2; ++shape) {
    RunCfg cfg;
    for (int n = 0; n < 2; ++n) cfg.e[n] = EngineCfg{true, 1000, 0, 0, 15};
    if (shape == 0) {
      cfg.ar_stall = 0;
      cfg.r_gap = 0;
    }
    cfg.clocks = 20000;
    const Stats st = Run<Top>(p, cfg, rng, Tag<Top>() + "_saturating" + std::to_string(shape));
    if (::testing::Test::HasFailure()) return;
    Print(shape ? "both saturating, random memory" : "both saturating", p, st);
    const uint64_t all = st.ars[0] + st.ars[1];
    EXPECT_GT(all, 1000u);
    // Both ask at every load but the last one or two of the drain.
    EXPECT_GE(st.both_asked + 2, all) << "both engines were not always asking";
    // Alternation: the two counts differ by at most one.
    EXPECT_LE(st.ars[0] > st.ars[1] ? st.ars[0] - st.ars[1] : st.ars[1] - st.ars[0], 1u);
  }
}

// More bursts wanted than BURSTS (each engine allows 2 * BURSTS of its own),
// the memory pausing its answers: the mux fills its queue and stops taking
// ARs until a burst ends, never more than BURSTS loaded or in flight.
template <class Top>
void OwnerQueueFull() {
  const KernelRdMuxParams p = Params<Top>();
  const uint64_t seed = SeedFromEnv(0x3D04 + static_cast<uint64_t>(p.data_bytes + p.bursts));
  Rng rng(seed);
  RunCfg cfg;
  for (int n = 0; n < 2; ++n) cfg.e[n] = EngineCfg{true, 2 * p.bursts, 0.1, 0.2, 15};
  cfg.ar_stall = 0.1;
  cfg.r_gap = 0.1;
  cfg.freeze = 0.01;
  cfg.freeze_len = 60;
  const Stats st = Run<Top>(p, cfg, rng, Tag<Top>() + "_queue_full");
  if (::testing::Test::HasFailure()) return;
  Print("owner queue full", p, st);
  EXPECT_EQ(st.max_in_mux, p.bursts);
  EXPECT_GT(st.full_clocks, 1000u);
  for (int n = 0; n < 2; ++n) EXPECT_GT(st.bursts[n], 500u) << "engine " << n;
}

// Resets in the middle of traffic: everything in flight is dropped (the
// engines and the memory are reset too), and the traffic after each is
// checked from scratch.
template <class Top>
void ResetMidTraffic() {
  const KernelRdMuxParams p = Params<Top>();
  const uint64_t seed = SeedFromEnv(0x3D05 + static_cast<uint64_t>(p.data_bytes + p.bursts));
  Rng rng(seed);
  RunCfg cfg;
  cfg.reset_chance = 0.003;
  cfg.freeze = 0.005;
  cfg.freeze_len = 20;
  cfg.clocks = 50000;
  const Stats st = Run<Top>(p, cfg, rng, Tag<Top>() + "_resets");
  if (::testing::Test::HasFailure()) return;
  Print("resets in traffic", p, st);
  EXPECT_GT(st.resets, 40u);
  for (int n = 0; n < 2; ++n) EXPECT_GT(st.bursts[n], 1000u) << "engine " << n;
}

// Every input random every clock (arvalid dropped before arready, R beats
// with the queue empty too), with resets: the model against the RTL, nothing
// else.
template <class Top>
void RandomInputs() {
  const KernelRdMuxParams p = Params<Top>();
  const uint64_t seed = SeedFromEnv(0x3D06 + static_cast<uint64_t>(p.data_bytes + p.bursts));
  Rng rng(seed);
  MuxBench<Top> bench(p, seed, Tag<Top>() + "_random_inputs");
  Model::Inputs in;
  Model::Outputs out;
  uint64_t loads = 0, pops = 0;
  for (int clock = 0; clock < 30000; ++clock) {
    in.rst = clock < 2 || rng.chance(0.003);
    for (int n = 0; n < 2; ++n) {
      AxiReadMasterOutputs& s = in.s[n];
      s.m_axi_araddr = rng.u64();
      s.m_axi_arlen = static_cast<uint8_t>(rng.u64());
      s.m_axi_arsize = static_cast<uint8_t>(rng.below(8));
      s.m_axi_arburst = static_cast<uint8_t>(rng.below(4));
      s.m_axi_arcache = static_cast<uint8_t>(rng.below(16));
      s.m_axi_arprot = static_cast<uint8_t>(rng.below(8));
      s.m_axi_arvalid = rng.chance(0.5);
      s.m_axi_rready = rng.chance(0.7);
    }
    in.m.m_axi_arready = rng.chance(0.6);
    for (int k = 0; k < p.data_bytes; ++k) in.m.m_axi_rdata[k] = static_cast<uint8_t>(rng.u64());
    in.m.m_axi_rresp = static_cast<uint8_t>(rng.below(4));
    in.m.m_axi_rlast = rng.chance(0.3);
    in.m.m_axi_rvalid = rng.chance(0.6);
    if (!bench.Step(in, &out)) {
      FAIL() << bench.checker().message();
    }
    loads += out.s[0].m_axi_arready || out.s[1].m_axi_arready;
    pops += in.m.m_axi_rvalid && out.m.m_axi_rready && in.m.m_axi_rlast;
  }
  EXPECT_GT(loads, 3000u);
  EXPECT_GT(pops, 3000u);
}

#define UTF8CORE_MUX_TESTS(Build)                                                                \
  TEST(KernelRdMux, RandomTraffic_##Build) { RandomTraffic<Vutf8_kernel_rd_mux_##Build>(); }     \
  TEST(KernelRdMux, OneEngine_##Build) { OneEngine<Vutf8_kernel_rd_mux_##Build>(); }             \
  TEST(KernelRdMux, BothSaturating_##Build) { BothSaturating<Vutf8_kernel_rd_mux_##Build>(); }   \
  TEST(KernelRdMux, OwnerQueueFull_##Build) { OwnerQueueFull<Vutf8_kernel_rd_mux_##Build>(); }   \
  TEST(KernelRdMux, ResetMidTraffic_##Build) { ResetMidTraffic<Vutf8_kernel_rd_mux_##Build>(); } \
  TEST(KernelRdMux, RandomInputs_##Build) { RandomInputs<Vutf8_kernel_rd_mux_##Build>(); }

UTF8CORE_MUX_TESTS(w8)
UTF8CORE_MUX_TESTS(w64)
UTF8CORE_MUX_TESTS(b2)

#undef UTF8CORE_MUX_TESTS

// The model refuses what the RTL refuses to elaborate.
TEST(KernelRdMuxModel, RejectsIllegalParameters) {
  EXPECT_THROW(Model(KernelRdMuxParams{12, 64, 16}), std::invalid_argument);
  EXPECT_THROW(Model(KernelRdMuxParams{8, 15, 16}), std::invalid_argument);
  EXPECT_THROW(Model(KernelRdMuxParams{8, 65, 16}), std::invalid_argument);
  EXPECT_THROW(Model(KernelRdMuxParams{8, 64, 1}), std::invalid_argument);
  EXPECT_THROW(Model(KernelRdMuxParams{8, 64, 12}), std::invalid_argument);
  EXPECT_NO_THROW(Model(KernelRdMuxParams{8, 16, 2}));
}

}  // namespace
}  // namespace sim
}  // namespace utf8core
