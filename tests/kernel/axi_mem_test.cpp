// Tests of the AXI4 slave memory model (sim/kernel/axi_mem.h), driven from C++ as a
// master would drive it: each protocol check fires on its own violation and
// stays silent on legal traffic; latency, outstanding reads, stalls, injected
// errors and reset behave as configured.
#include "axi_mem.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <vector>

#include "harness.h"

namespace utf8core {
namespace sim {
namespace {

AxiMemConfig SmallConfig(unsigned w = 8) {
  AxiMemConfig c;
  c.data_bytes = w;
  c.base = 0x10000;
  c.size = 0x4000;
  c.read_latency = 10;
  c.write_latency = 5;
  return c;
}

unsigned Log2(unsigned w) {
  unsigned l = 0;
  while ((1u << l) < w) ++l;
  return l;
}

AxiMasterPorts Ar(uint64_t addr, unsigned beats, unsigned w) {
  AxiMasterPorts m;
  m.arvalid = true;
  m.araddr = addr;
  m.arlen = static_cast<uint8_t>(beats - 1);
  m.arsize = static_cast<uint8_t>(Log2(w));
  m.arburst = 1;
  m.rready = true;
  m.bready = true;
  return m;
}

AxiMasterPorts Aw(uint64_t addr, unsigned beats, unsigned w) {
  AxiMasterPorts m;
  m.awvalid = true;
  m.awaddr = addr;
  m.awlen = static_cast<uint8_t>(beats - 1);
  m.awsize = static_cast<uint8_t>(Log2(w));
  m.awburst = 1;
  m.rready = true;
  m.bready = true;
  return m;
}

uint8_t BeatByte(const std::array<uint32_t, 16>& d, unsigned k) {
  return static_cast<uint8_t>(d[k / 4] >> (8 * (k % 4)));
}

void SetBeatByte(std::array<uint32_t, 16>* d, unsigned k, uint8_t v) {
  (*d)[k / 4] &= ~(uint32_t{0xFF} << (8 * (k % 4)));
  (*d)[k / 4] |= uint32_t{v} << (8 * (k % 4));
}

// Fills the window with a byte pattern of the address.
void Pattern(AxiMem* mem) {
  const AxiMemConfig& c = mem->config();
  std::vector<uint8_t> b(c.size);
  for (size_t i = 0; i < b.size(); ++i) b[i] = static_cast<uint8_t>((i * 7 + (i >> 8)) ^ 0x5A);
  mem->Write(c.base, b.data(), b.size());
}

uint8_t PatternAt(const AxiMem& mem, uint64_t addr) {
  const uint64_t i = addr - mem.config().base;
  return static_cast<uint8_t>((i * 7 + (i >> 8)) ^ 0x5A);
}

// Holds AR until its handshake; returns the clock of the handshake.
uint64_t IssueRead(AxiMem* mem, const AxiMasterPorts& ar) {
  for (int i = 0; i < 1000; ++i) {
    const bool hs = mem->outputs().arready;
    mem->Clock(ar);
    if (hs) return mem->counters().clocks;
  }
  ADD_FAILURE() << "AR never taken";
  return 0;
}

struct RBeat {
  uint64_t clock;
  std::array<uint32_t, 16> data;
  uint8_t resp;
  bool last;
};

// Idles with rready high until `n` R beats are taken or `limit` clocks pass.
std::vector<RBeat> TakeReads(AxiMem* mem, size_t n, int limit = 10000) {
  std::vector<RBeat> beats;
  AxiMasterPorts idle;
  idle.rready = true;
  idle.bready = true;
  for (int i = 0; i < limit && beats.size() < n; ++i) {
    const AxiSlavePorts o = mem->outputs();
    mem->Clock(idle);
    if (o.rvalid) beats.push_back({mem->counters().clocks, o.rdata, o.rresp, o.rlast});
  }
  return beats;
}

// A whole write burst: AW, then its beats (data from `src`, strobes all ones
// unless given), wlast on the last. Returns the clock of the B handshake, or 0.
uint64_t WriteBurst(AxiMem* mem, uint64_t addr, const std::vector<uint8_t>& src,
                    uint64_t strb = ~uint64_t{0}, uint8_t* bresp = nullptr) {
  const unsigned w = mem->config().data_bytes;
  const unsigned beats = static_cast<unsigned>(src.size() / w);
  AxiMasterPorts m = Aw(addr, beats, w);
  unsigned sent = 0;
  bool aw_done = false;
  for (int i = 0; i < 10000; ++i) {
    const AxiSlavePorts o = mem->outputs();
    m.awvalid = !aw_done;
    m.wvalid = sent < beats;
    if (m.wvalid) {
      for (unsigned k = 0; k < w; ++k) SetBeatByte(&m.wdata, k, src[sent * w + k]);
      m.wstrb = strb;
      m.wlast = sent + 1 == beats;
    }
    mem->Clock(m);
    if (m.awvalid && o.awready) aw_done = true;
    if (m.wvalid && o.wready) ++sent;
    if (o.bvalid) {
      if (bresp) *bresp = o.bresp;
      return mem->counters().clocks;
    }
  }
  ADD_FAILURE() << "no B";
  return 0;
}

// ---------------------------------------------------------------------------
// Timing and data

TEST(AxiMem, ReadLatencyAndData) {
  for (unsigned w : {8u, 64u}) {
    AxiMem mem(SmallConfig(w));
    Pattern(&mem);
    const uint64_t addr = 0x10000 + 3 * w;
    const uint64_t ar_clock = IssueRead(&mem, Ar(addr, 4, w));
    const std::vector<RBeat> beats = TakeReads(&mem, 4);
    ASSERT_EQ(beats.size(), 4u);
    EXPECT_EQ(beats[0].clock - ar_clock, 10u) << "first beat read_latency clocks after AR";
    for (unsigned i = 0; i < 4; ++i) {
      EXPECT_EQ(beats[i].clock, beats[0].clock + i) << "one beat per clock";
      EXPECT_EQ(beats[i].resp, kAxiOkay);
      EXPECT_EQ(beats[i].last, i == 3);
      for (unsigned k = 0; k < w; ++k) {
        ASSERT_EQ(BeatByte(beats[i].data, k), PatternAt(mem, addr + i * w + k))
            << "beat " << i << " byte " << k;
      }
    }
    EXPECT_TRUE(mem.idle());
    EXPECT_TRUE(mem.violations().empty());
  }
}

TEST(AxiMem, LatencyOneIsTheNextClock) {
  AxiMemConfig c = SmallConfig();
  c.read_latency = 1;
  AxiMem mem(c);
  const uint64_t ar_clock = IssueRead(&mem, Ar(0x10000, 1, 8));
  const std::vector<RBeat> beats = TakeReads(&mem, 1);
  ASSERT_EQ(beats.size(), 1u);
  EXPECT_EQ(beats[0].clock, ar_clock + 1);
}

TEST(AxiMem, OutstandingReadsHideLatency) {
  AxiMemConfig c = SmallConfig();
  c.read_latency = 40;
  AxiMem mem(c);
  // Eight 4-beat bursts, one AR a clock, rready high throughout.
  AxiMasterPorts m;
  m.rready = true;
  unsigned issued = 0;
  std::vector<uint64_t> r_clocks;
  uint64_t first_ar = 0;
  for (int i = 0; i < 200; ++i) {
    const AxiSlavePorts o = mem.outputs();
    const AxiMasterPorts ar = Ar(0x10000 + issued * 32, 4, 8);
    m.arvalid = issued < 8;
    m.araddr = ar.araddr;
    m.arlen = ar.arlen;
    m.arsize = ar.arsize;
    m.arburst = ar.arburst;
    mem.Clock(m);
    if (m.arvalid && o.arready && issued++ == 0) first_ar = mem.counters().clocks;
    if (o.rvalid) r_clocks.push_back(mem.counters().clocks);
  }
  ASSERT_EQ(r_clocks.size(), 32u);
  EXPECT_EQ(r_clocks.front(), first_ar + 40);
  EXPECT_EQ(r_clocks.back(), r_clocks.front() + 31) << "32 beats on 32 consecutive clocks";
  EXPECT_EQ(mem.counters().max_reads_outstanding, 8u);
  EXPECT_EQ(mem.counters().read_bursts, 8u);
  EXPECT_TRUE(mem.violations().empty());
}

TEST(AxiMem, MaxReadsHoldsArready) {
  AxiMemConfig c = SmallConfig();
  c.max_reads = 2;
  c.read_latency = 30;
  AxiMem mem(c);
  AxiMasterPorts m = Ar(0x10000, 2, 8);
  m.rready = false;  // nothing returns: the count can only grow
  for (int i = 0; i < 20; ++i) mem.Clock(m);
  EXPECT_EQ(mem.reads_outstanding(), 2u);
  EXPECT_FALSE(mem.outputs().arready);
  EXPECT_EQ(mem.counters().max_reads_outstanding, 2u);
}

TEST(AxiMem, WriteStrobesAndResponseLatency) {
  for (unsigned w : {8u, 64u}) {
    AxiMem mem(SmallConfig(w));
    Pattern(&mem);
    const uint64_t addr = 0x10000 + 5 * w;
    std::vector<uint8_t> src(3 * w);
    for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<uint8_t>(0xA0 + i);
    const uint64_t strb = 0x5;  // bytes 0 and 2 of every beat
    uint8_t resp = 0xFF;
    const uint64_t b_clock = WriteBurst(&mem, addr, src, strb, &resp);
    ASSERT_NE(b_clock, 0u);
    EXPECT_EQ(resp, kAxiOkay);
    for (unsigned i = 0; i < 3 * w; ++i) {
      uint8_t got;
      mem.Read(addr + i, &got, 1);
      const bool strobed = (i % w) == 0 || (i % w) == 2;
      EXPECT_EQ(got, strobed ? src[i] : PatternAt(mem, addr + i)) << "byte " << i;
    }
    EXPECT_EQ(mem.counters().write_beats, 3u);
    EXPECT_EQ(mem.counters().write_responses, 1u);
    EXPECT_TRUE(mem.idle());
    EXPECT_TRUE(mem.violations().empty());
  }
}

TEST(AxiMem, BComesWriteLatencyAfterLastBeat) {
  AxiMem mem(SmallConfig());
  std::vector<uint8_t> src(16, 1);
  AxiMasterPorts m = Aw(0x10000, 2, 8);
  uint64_t last_w = 0, b_clock = 0;
  unsigned sent = 0;
  for (int i = 0; i < 50 && !b_clock; ++i) {
    const AxiSlavePorts o = mem.outputs();
    m.wvalid = sent < 2;
    m.wstrb = 0xFF;
    m.wlast = sent == 1;
    mem.Clock(m);
    if (o.awready) m.awvalid = false;
    if (m.wvalid && o.wready && ++sent == 2) last_w = mem.counters().clocks;
    if (o.bvalid) b_clock = mem.counters().clocks;
  }
  EXPECT_EQ(b_clock - last_w, 5u);
}

TEST(AxiMem, WBeforeAwWaits) {
  AxiMem mem(SmallConfig());
  AxiMasterPorts m;
  m.wvalid = true;
  m.wstrb = 0xFF;
  m.wlast = true;
  m.bready = true;
  for (int i = 0; i < 10; ++i) {
    EXPECT_FALSE(mem.outputs().wready) << "no AW yet: W is refused";
    mem.Clock(m);
  }
  EXPECT_EQ(mem.counters().write_beats, 0u);
  const AxiMasterPorts aw = Aw(0x10000, 1, 8);
  m.awvalid = true;
  m.awaddr = aw.awaddr;
  m.awlen = aw.awlen;
  m.awsize = aw.awsize;
  m.awburst = aw.awburst;
  for (int i = 0; i < 10 && mem.counters().write_beats == 0; ++i) {
    const bool awready = mem.outputs().awready;
    mem.Clock(m);
    if (awready) m.awvalid = false;
  }
  EXPECT_EQ(mem.counters().write_beats, 1u);
  EXPECT_TRUE(mem.violations().empty()) << mem.violations().front();
}

// rvalid and bvalid are delayed by stalls but never withdrawn, nor their
// payload changed, while the master holds ready low; ready signals stall.
TEST(AxiMem, StallsDelayButNeverWithdraw) {
  AxiMemConfig c = SmallConfig();
  c.ar_stall = c.r_stall = c.aw_stall = c.w_stall = c.b_stall = 0.5;
  c.seed = SeedFromEnv(7);
  std::printf("seed %llu\n", static_cast<unsigned long long>(c.seed));
  AxiMem mem(c);
  Pattern(&mem);
  Rng rng(c.seed);
  AxiMasterPorts m;
  unsigned ar_sent = 0, beats = 0, arready_low = 0, stable_checks = 0;
  AxiSlavePorts prev{};
  bool prev_rwait = false;
  for (int i = 0; i < 3000; ++i) {
    const AxiSlavePorts o = mem.outputs();
    if (prev_rwait) {
      ASSERT_TRUE(o.rvalid) << "rvalid withdrawn at clock " << mem.counters().clocks;
      ASSERT_EQ(o.rdata, prev.rdata);
      ASSERT_EQ(o.rlast, prev.rlast);
      ++stable_checks;
    }
    if (!o.arready) ++arready_low;
    if (!m.arvalid && ar_sent < 40) {
      const AxiMasterPorts ar = Ar(0x10000 + 64 * ar_sent, 8, 8);
      m.arvalid = true;
      m.araddr = ar.araddr;
      m.arlen = ar.arlen;
      m.arsize = ar.arsize;
      m.arburst = ar.arburst;
    }
    m.rready = !rng.chance(0.3);
    mem.Clock(m);
    if (m.arvalid && o.arready) {
      m.arvalid = false;
      ++ar_sent;
    }
    if (o.rvalid && m.rready) {
      const uint64_t addr = 0x10000 + 8 * beats;
      for (unsigned k = 0; k < 8; ++k) ASSERT_EQ(BeatByte(o.rdata, k), PatternAt(mem, addr + k));
      ++beats;
    }
    prev_rwait = o.rvalid && !m.rready;
    prev = o;
  }
  EXPECT_EQ(beats, 320u);
  EXPECT_GT(arready_low, 100u) << "ar_stall 0.5 withholds arready often";
  EXPECT_GT(stable_checks, 10u);
  EXPECT_TRUE(mem.violations().empty());
}

TEST(AxiMem, StallsCostClocks) {
  auto clocks_for = [](double stall) {
    AxiMemConfig c = SmallConfig();
    c.r_stall = stall;
    AxiMem mem(c);
    IssueRead(&mem, Ar(0x10000, 16, 8));
    const std::vector<RBeat> beats = TakeReads(&mem, 16);
    EXPECT_EQ(beats.size(), 16u);
    return beats.back().clock - beats.front().clock;
  };
  EXPECT_EQ(clocks_for(0), 15u);
  EXPECT_GT(clocks_for(0.5), 20u);
}

// ---------------------------------------------------------------------------
// Errors

TEST(AxiMem, InjectedReadErrorOnTouchingBeatsOnly) {
  AxiMem mem(SmallConfig());
  Pattern(&mem);
  mem.InjectReadError(0x10000 + 17, 0x10000 + 18, kAxiSlvErr);  // inside beat 2
  IssueRead(&mem, Ar(0x10000, 4, 8));
  std::vector<RBeat> beats = TakeReads(&mem, 4);
  ASSERT_EQ(beats.size(), 4u);
  EXPECT_EQ(beats[0].resp, kAxiOkay);
  EXPECT_EQ(beats[1].resp, kAxiOkay);
  EXPECT_EQ(beats[2].resp, kAxiSlvErr);
  EXPECT_EQ(beats[3].resp, kAxiOkay);
  EXPECT_EQ(mem.counters().error_beats, 1u);
  mem.ClearErrors();
  IssueRead(&mem, Ar(0x10000, 4, 8));
  beats = TakeReads(&mem, 4);
  for (const RBeat& b : beats) EXPECT_EQ(b.resp, kAxiOkay);
}

TEST(AxiMem, OutsideWindowIsDecerr) {
  AxiMem mem(SmallConfig());
  Pattern(&mem);
  // The burst's last beat is past the window's end: only it is DECERR, as zeros.
  IssueRead(&mem, Ar(0x10000 + 0x4000 - 16, 3, 8));
  const std::vector<RBeat> beats = TakeReads(&mem, 3);
  ASSERT_EQ(beats.size(), 3u);
  EXPECT_EQ(beats[0].resp, kAxiOkay);
  EXPECT_EQ(beats[1].resp, kAxiOkay);
  EXPECT_EQ(beats[2].resp, kAxiDecErr);
  for (unsigned k = 0; k < 8; ++k) EXPECT_EQ(BeatByte(beats[2].data, k), 0);
  // A write below the window.
  uint8_t resp = 0;
  ASSERT_NE(WriteBurst(&mem, 0x8000, std::vector<uint8_t>(8, 1), ~uint64_t{0}, &resp), 0u);
  EXPECT_EQ(resp, kAxiDecErr);
  EXPECT_EQ(mem.counters().error_bursts, 1u);
}

TEST(AxiMem, InjectedWriteErrorWritesNothing) {
  AxiMem mem(SmallConfig());
  Pattern(&mem);
  mem.InjectWriteError(0x10000 + 40, 0x10000 + 41, kAxiSlvErr);
  std::vector<uint8_t> src(32, 0xEE);
  uint8_t resp = 0;
  ASSERT_NE(WriteBurst(&mem, 0x10000 + 32, src, ~uint64_t{0}, &resp), 0u);
  EXPECT_EQ(resp, kAxiSlvErr);
  for (uint64_t a = 0x10000 + 32; a < 0x10000 + 64; ++a) {
    uint8_t got;
    mem.Read(a, &got, 1);
    EXPECT_EQ(got, PatternAt(mem, a));
  }
  // A burst that does not touch the range is written.
  ASSERT_NE(WriteBurst(&mem, 0x10000 + 64, src, ~uint64_t{0}, &resp), 0u);
  EXPECT_EQ(resp, kAxiOkay);
  uint8_t got;
  mem.Read(0x10000 + 64, &got, 1);
  EXPECT_EQ(got, 0xEE);
}

// ---------------------------------------------------------------------------
// Ports sharing one memory (the compute units of a card)

TEST(AxiMemShared, PortsSeeOneMemory) {
  AxiMem a(SmallConfig(8));
  AxiMem b(SmallConfig(8), a);
  // A burst written through one port is read back through the other.
  std::vector<uint8_t> src(16);
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<uint8_t>(0xC0 + i);
  ASSERT_NE(WriteBurst(&a, 0x10100, src), 0u);
  IssueRead(&b, Ar(0x10100, 2, 8));
  const std::vector<RBeat> beats = TakeReads(&b, 2);
  ASSERT_EQ(beats.size(), 2u);
  for (unsigned i = 0; i < 16; ++i) EXPECT_EQ(BeatByte(beats[i / 8].data, i % 8), src[i]) << i;
  // and the host's backdoor of either port reaches the same bytes
  uint8_t byte = 0;
  b.Read(0x10105, &byte, 1);
  EXPECT_EQ(byte, 0xC5);
  const uint8_t x = 0x77;
  b.Write(0x10200, &x, 1);
  a.Read(0x10200, &byte, 1);
  EXPECT_EQ(byte, 0x77);
  EXPECT_TRUE(a.violations().empty());
  EXPECT_TRUE(b.violations().empty());
}

// Two ports each reading 64 beats back to back, clocked every cycle: with a
// budget of one beat a clock they share it (together one beat a clock, each
// about half), without one each gets a beat every clock.
TEST(AxiMemShared, BeatsPerClockIsSharedBetweenPorts) {
  for (unsigned budget : {0u, 1u, 2u}) {
    AxiMemConfig c = SmallConfig(8);
    c.read_latency = 4;
    c.beats_per_clock = budget;
    AxiMem a(c);
    AxiMem b(c, a);
    AxiMem* ports[2] = {&a, &b};
    unsigned issued[2] = {0, 0}, got[2] = {0, 0};
    uint64_t last_beat = 0;
    for (uint64_t clk = 1; clk <= 400; ++clk) {
      unsigned beats_now = 0;
      for (unsigned k = 0; k < 2; ++k) {
        // the order of the ports turns each clock, as the card clocks them
        const unsigned p = (clk + k) % 2;
        AxiMem* m = ports[p];
        const AxiSlavePorts o = m->outputs();
        AxiMasterPorts ar = Ar(0x10000 + 0x800 * p + issued[p] * 64, 8, 8);
        ar.arvalid = issued[p] < 8;
        m->Clock(ar);
        if (ar.arvalid && o.arready) ++issued[p];
        if (o.rvalid) {
          ++got[p];
          ++beats_now;
          last_beat = clk;
        }
      }
      if (budget != 0) {
        ASSERT_LE(beats_now, budget) << "clock " << clk;
      }
    }
    ASSERT_EQ(got[0], 64u);
    ASSERT_EQ(got[1], 64u);
    SCOPED_TRACE("budget " + std::to_string(budget));
    // 128 beats: at one a clock about 128 clocks after the first, at two or
    // more about 64 (the latency and the first AR come before)
    if (budget == 1) {
      EXPECT_GE(last_beat, 128u);
    } else {
      EXPECT_LE(last_beat, 64u + 20u);
    }
    EXPECT_TRUE(a.violations().empty());
    EXPECT_TRUE(b.violations().empty());
  }
}

// A write port waits for a beat of the budget as for a stall: wready low
// while a read port uses the clock's only beat.
TEST(AxiMemShared, WritesWaitForTheBudgetToo) {
  AxiMemConfig c = SmallConfig(8);
  c.read_latency = 1;
  c.beats_per_clock = 1;
  AxiMem r(c);
  AxiMem w(c, r);
  // the reader is clocked first each clock, so it takes the budget while it
  // has beats to give: 16 of them
  AxiMasterPorts rm = Ar(0x10000, 16, 8);
  AxiMasterPorts wm = Aw(0x11000, 16, 8);
  unsigned sent = 0, read = 0;
  bool ar_done = false, aw_done = false;
  uint64_t both = 0;
  for (int i = 0; i < 200 && sent < 16; ++i) {
    const AxiSlavePorts ro = r.outputs();
    rm.arvalid = !ar_done;
    r.Clock(rm);
    if (rm.arvalid && ro.arready) ar_done = true;
    if (ro.rvalid) ++read;
    const AxiSlavePorts wo = w.outputs();
    wm.awvalid = !aw_done;
    wm.wvalid = true;
    wm.wlast = sent + 1 == 16;
    w.Clock(wm);
    if (wm.awvalid && wo.awready) aw_done = true;
    if (wo.wready) ++sent;
    if (ro.rvalid && wo.wready) ++both;
  }
  EXPECT_EQ(sent, 16u);
  EXPECT_EQ(read, 16u);
  EXPECT_EQ(both, 0u) << "a read beat and a write beat in one clock with a budget of one";
  EXPECT_TRUE(r.violations().empty());
  EXPECT_TRUE(w.violations().empty());
}

TEST(AxiMem, ResetDropsEverythingInFlight) {
  AxiMem mem(SmallConfig());
  IssueRead(&mem, Ar(0x10000, 8, 8));
  IssueRead(&mem, Ar(0x10040, 8, 8));
  AxiMasterPorts m = Aw(0x10100, 4, 8);
  for (int i = 0; i < 3; ++i) mem.Clock(m);
  EXPECT_FALSE(mem.idle());
  mem.Reset();
  EXPECT_TRUE(mem.idle());
  EXPECT_EQ(mem.reads_outstanding(), 0u);
  EXPECT_EQ(mem.writes_outstanding(), 0u);
  EXPECT_TRUE(TakeReads(&mem, 1, 100).empty()) << "no beat of a dropped burst";
  EXPECT_TRUE(mem.violations().empty());
}

// ---------------------------------------------------------------------------
// Protocol checks: one violation of each kind, and nothing else fires.

void ExpectOnly(const AxiMem& mem, AxiCheck c) {
  EXPECT_GE(mem.violation_count(c), 1u) << AxiCheckName(c) << " did not fire";
  for (int k = 0; k < kAxiCheckKinds; ++k) {
    if (k == static_cast<int>(c)) continue;
    EXPECT_EQ(mem.violation_count(static_cast<AxiCheck>(k)), 0u)
        << AxiCheckName(static_cast<AxiCheck>(k)) << " fired too";
  }
  ASSERT_FALSE(mem.violations().empty());
  EXPECT_EQ(mem.violations().front().rfind("clock ", 0), 0u) << "a violation names its clock";
}

TEST(AxiMemChecks, LegalTrafficIsClean) {
  AxiMem mem(SmallConfig(64));
  mem.SetWriteWindow(0x10000, 0x10000 + 0x1000);
  IssueRead(&mem, Ar(0x10000 + 0x1000 - 64 * 4, 4, 64));  // ends exactly at a page end
  TakeReads(&mem, 4);
  ASSERT_NE(WriteBurst(&mem, 0x10000, std::vector<uint8_t>(64 * 64, 3)), 0u);  // a whole page
  EXPECT_TRUE(mem.violations().empty()) << mem.violations().front();
}

TEST(AxiMemChecks, BurstType) {
  AxiMem mem(SmallConfig());
  AxiMasterPorts ar = Ar(0x10000, 2, 8);
  ar.arburst = 2;  // WRAP
  IssueRead(&mem, ar);
  ExpectOnly(mem, AxiCheck::kBurstType);
}

TEST(AxiMemChecks, BurstTypeOnAw) {
  AxiMem mem(SmallConfig());
  AxiMasterPorts aw = Aw(0x10000, 1, 8);
  aw.awburst = 0;  // FIXED
  for (int i = 0; i < 3; ++i) mem.Clock(aw);
  ExpectOnly(mem, AxiCheck::kBurstType);
}

TEST(AxiMemChecks, Size) {
  AxiMem mem(SmallConfig(64));
  AxiMasterPorts ar = Ar(0x10000, 2, 64);
  ar.arsize = 5;  // 32 bytes on a 64-byte bus
  IssueRead(&mem, ar);
  ExpectOnly(mem, AxiCheck::kSize);
}

TEST(AxiMemChecks, Unaligned) {
  AxiMem mem(SmallConfig());
  IssueRead(&mem, Ar(0x10004, 1, 8));
  ExpectOnly(mem, AxiCheck::kUnaligned);
}

TEST(AxiMemChecks, Cross4KRead) {
  AxiMem mem(SmallConfig());
  IssueRead(&mem, Ar(0x11000 - 8, 2, 8));
  ExpectOnly(mem, AxiCheck::kCross4K);
}

TEST(AxiMemChecks, Cross4KWrite) {
  AxiMem mem(SmallConfig(64));
  ASSERT_NE(WriteBurst(&mem, 0x11000 - 64 * 3, std::vector<uint8_t>(64 * 4, 1)), 0u);
  ExpectOnly(mem, AxiCheck::kCross4K);
}

TEST(AxiMemChecks, ArvalidDropped) {
  AxiMemConfig c = SmallConfig();
  c.ar_stall = 1.0;  // arready never rises
  AxiMem mem(c);
  mem.Clock(Ar(0x10000, 1, 8));
  mem.Clock(AxiMasterPorts{});
  ExpectOnly(mem, AxiCheck::kValidDropped);
}

TEST(AxiMemChecks, AwvalidDropped) {
  AxiMemConfig c = SmallConfig();
  c.aw_stall = 1.0;
  AxiMem mem(c);
  mem.Clock(Aw(0x10000, 1, 8));
  mem.Clock(AxiMasterPorts{});
  ExpectOnly(mem, AxiCheck::kValidDropped);
}

TEST(AxiMemChecks, WvalidDropped) {
  AxiMem mem(SmallConfig());  // no AW: wready stays low
  AxiMasterPorts m;
  m.wvalid = true;
  m.wstrb = 0xFF;
  m.wlast = true;
  mem.Clock(m);
  mem.Clock(AxiMasterPorts{});
  ExpectOnly(mem, AxiCheck::kValidDropped);
}

TEST(AxiMemChecks, ArPayloadChanged) {
  AxiMemConfig c = SmallConfig();
  c.ar_stall = 1.0;
  AxiMem mem(c);
  mem.Clock(Ar(0x10000, 1, 8));
  mem.Clock(Ar(0x10008, 1, 8));
  ExpectOnly(mem, AxiCheck::kPayloadChanged);
}

TEST(AxiMemChecks, AwPayloadChanged) {
  AxiMemConfig c = SmallConfig();
  c.aw_stall = 1.0;
  AxiMem mem(c);
  mem.Clock(Aw(0x10000, 2, 8));
  mem.Clock(Aw(0x10000, 3, 8));
  ExpectOnly(mem, AxiCheck::kPayloadChanged);
}

TEST(AxiMemChecks, WPayloadChanged) {
  AxiMem mem(SmallConfig());
  AxiMasterPorts m;
  m.wvalid = true;
  m.wstrb = 0xFF;
  m.wlast = true;
  mem.Clock(m);
  m.wdata[1] = 0x1234;
  mem.Clock(m);
  ExpectOnly(mem, AxiCheck::kPayloadChanged);
}

TEST(AxiMemChecks, WlastEarly) {
  AxiMem mem(SmallConfig());
  AxiMasterPorts m = Aw(0x10000, 2, 8);
  unsigned sent = 0;
  for (int i = 0; i < 20 && sent < 2; ++i) {
    const AxiSlavePorts o = mem.outputs();
    m.wvalid = true;
    m.wstrb = 0xFF;
    m.wlast = true;  // on both beats
    mem.Clock(m);
    if (o.awready) m.awvalid = false;
    if (o.wready) ++sent;
  }
  ExpectOnly(mem, AxiCheck::kWlast);
}

TEST(AxiMemChecks, WlastMissing) {
  AxiMem mem(SmallConfig());
  AxiMasterPorts m = Aw(0x10000, 1, 8);
  for (int i = 0; i < 20 && mem.counters().write_beats == 0; ++i) {
    const AxiSlavePorts o = mem.outputs();
    m.wvalid = true;
    m.wstrb = 0xFF;
    m.wlast = false;
    mem.Clock(m);
    if (o.awready) m.awvalid = false;
  }
  ExpectOnly(mem, AxiCheck::kWlast);
}

TEST(AxiMemChecks, StrobeOutsideWindow) {
  AxiMem mem(SmallConfig());
  mem.SetWriteWindow(0x10003, 0x10010);
  // Byte 2 of the first beat is strobed, one below the window.
  ASSERT_NE(WriteBurst(&mem, 0x10000, std::vector<uint8_t>(16, 9), 0xFC), 0u);
  ExpectOnly(mem, AxiCheck::kStrobeOutside);
  // The same burst strobing only the window's bytes is clean.
  AxiMem clean(SmallConfig());
  clean.SetWriteWindow(0x10003, 0x10010);
  ASSERT_NE(WriteBurst(&clean, 0x10000, std::vector<uint8_t>(8, 9), 0xF8), 0u);
  EXPECT_TRUE(clean.violations().empty());
}

}  // namespace
}  // namespace sim
}  // namespace utf8core
