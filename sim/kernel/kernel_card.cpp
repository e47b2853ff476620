// The simulated card; see kernel_card.h.
#include "kernel_card.h"

#include <cinttypes>
#include <cstdio>
#include <stdexcept>

namespace utf8core {
namespace sim {

namespace {
AxiMemConfig WithWidth(AxiMemConfig m, unsigned data_width) {
  m.data_bytes = data_width / 8;
  return m;
}

std::string Hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%" PRIx64, v);
  return buf;
}

// The first port where the model (e) and the RTL (a) differ, as
// "signal expected E actual A", or "" when they agree; payloads the RTL has
// not loaded since power-on (X) are left out.
std::string Differ(const KernelCycleModel::Outputs& e, const KernelCycleModel::Outputs& a,
                   unsigned w) {
#define UTF8K_CMP(f)                                                                           \
  if (static_cast<uint64_t>(e.f) != static_cast<uint64_t>(a.f))                                \
  return std::string(#f) + " expected " + Hex(static_cast<uint64_t>(e.f)) + " actual " +      \
         Hex(static_cast<uint64_t>(a.f))
  UTF8K_CMP(s_axil_awready);
  UTF8K_CMP(s_axil_wready);
  UTF8K_CMP(s_axil_bresp);
  UTF8K_CMP(s_axil_bvalid);
  UTF8K_CMP(s_axil_arready);
  UTF8K_CMP(s_axil_rdata);
  UTF8K_CMP(s_axil_rresp);
  UTF8K_CMP(s_axil_rvalid);
  UTF8K_CMP(irq);
  UTF8K_CMP(m_axi_arvalid);
  UTF8K_CMP(m_axi_arsize);
  UTF8K_CMP(m_axi_arburst);
  UTF8K_CMP(m_axi_arcache);
  UTF8K_CMP(m_axi_arprot);
  UTF8K_CMP(m_axi_rready);
  if (e.ar_known) {
    UTF8K_CMP(m_axi_araddr);
    UTF8K_CMP(m_axi_arlen);
  }
  UTF8K_CMP(m_axi_awvalid);
  UTF8K_CMP(m_axi_awsize);
  UTF8K_CMP(m_axi_awburst);
  UTF8K_CMP(m_axi_awcache);
  UTF8K_CMP(m_axi_awprot);
  UTF8K_CMP(m_axi_wvalid);
  UTF8K_CMP(m_axi_bready);
  if (e.aw_known) {
    UTF8K_CMP(m_axi_awaddr);
    UTF8K_CMP(m_axi_awlen);
  }
  if (e.w_known) {
    UTF8K_CMP(m_axi_wstrb);
    UTF8K_CMP(m_axi_wlast);
  }
#undef UTF8K_CMP
  for (unsigned k = 0; k < w; ++k) {
    if (((e.wdata_known >> k) & 1) && e.m_axi_wdata[k] != a.m_axi_wdata[k]) {
      return "m_axi_wdata byte " + std::to_string(k) + " expected " + Hex(e.m_axi_wdata[k]) +
             " actual " + Hex(a.m_axi_wdata[k]);
    }
  }
  return "";
}
}  // namespace

KernelCard::KernelCard(const KernelCardConfig& cfg) : cfg_(cfg), rng_(cfg.seed) {
  if (cfg.kernels < 1) throw std::invalid_argument("a card needs at least one kernel");
  units_.resize(cfg.kernels);
  for (unsigned cu = 0; cu < cfg.kernels; ++cu) {
    Unit& u = units_[cu];
    // Only unit 0 writes the wave; each port stalls with its own random numbers.
    u.rtl = MakeKernelRtl(cfg.data_width, cu == 0 ? cfg.trace_path : "", cfg.ops);
    if (!u.rtl)
      throw std::invalid_argument("no kernel built at DATA_WIDTH " +
                                  std::to_string(cfg.data_width) + " with OPS " +
                                  std::to_string(cfg.ops));
    AxiMemConfig m = WithWidth(cfg.mem, cfg.data_width);
    m.seed = cfg.mem.seed + cu;
    u.mem = cu == 0 ? std::make_unique<AxiMem>(m) : std::make_unique<AxiMem>(m, *units_[0].mem);
    if (cfg.check_model)
      u.model = std::make_unique<KernelCycleModel>(static_cast<int>(cfg.data_width), cfg.ops);
    host_ctx_.push_back({this, cu});
  }
  Reset();
}

KernelCard::~KernelCard() {
  for (Unit& u : units_) u.rtl->Final();
}

void KernelCard::Drive(Unit& u, const Axil& a) {
  u.rtl->SetSlave(u.mem->outputs());
  u.rtl->SetAxil(a.awvalid, a.awaddr, a.wvalid, a.wdata, 0xF, a.bready, a.arvalid, a.araddr,
                 a.rready);
  u.rtl->Eval();
}

void KernelCard::Cycle(unsigned cu, const Axil& a) {
  const Axil idle;
  const size_t n = units_.size();
  for (size_t i = 0; i < n; ++i) {
    Unit& u = units_[i];
    const Axil& in = i == cu ? a : idle;
    Drive(u, in);
    if (u.model) Model(static_cast<unsigned>(i), false, u.mem->outputs(), in);
  }
  // The memory's ports share its beats per clock: the first port clocked
  // takes the first, so the order turns each clock.
  for (size_t k = 0; k < n; ++k) {
    Unit& u = units_[(clocks_ + k) % n];
    AxiMasterPorts m{};
    u.rtl->GetMaster(&m);
    u.mem->Clock(m);
  }
  for (Unit& u : units_) u.rtl->Clock();
  ++clocks_;
}

void KernelCard::Model(unsigned cu, bool rst, const AxiSlavePorts& s, const Axil& a) {
  Unit& u = units_[cu];
  // The model starts as the RTL after a reset: it is compared from the
  // first clock after the card's first reset.
  if (model_mismatch_.empty() && clocks_ >= 4) {
    u.rtl->GetOutputs(&u.rtl_out);
    const std::string d = Differ(u.model->outputs(), u.rtl_out, cfg_.data_width / 8);
    if (!d.empty()) {
      model_mismatch_ = (units_.size() > 1 ? "unit " + std::to_string(cu) + " " : std::string()) +
                        "clock " + std::to_string(clocks_) + " signal " + d;
    }
    if (cu == 0) ++model_clocks_;
  }
  KernelCycleModel::Inputs& in = u.model_in;
  in.rst = rst;
  in.s_axil_awaddr = a.awaddr;
  in.s_axil_awvalid = a.awvalid;
  in.s_axil_wdata = a.wdata;
  in.s_axil_wstrb = 0xF;
  in.s_axil_wvalid = a.wvalid;
  in.s_axil_bready = a.bready;
  in.s_axil_araddr = a.araddr;
  in.s_axil_arvalid = a.arvalid;
  in.s_axil_rready = a.rready;
  in.m_axi_arready = s.arready;
  in.m_axi_rvalid = s.rvalid;
  for (size_t k = 0; k < in.m_axi_rdata.size(); ++k) {
    in.m_axi_rdata[k] = static_cast<uint8_t>(s.rdata[k / 4] >> (8 * (k % 4)));
  }
  in.m_axi_rresp = s.rresp;
  in.m_axi_rlast = s.rlast;
  in.m_axi_awready = s.awready;
  in.m_axi_wready = s.wready;
  in.m_axi_bvalid = s.bvalid;
  in.m_axi_bresp = s.bresp;
  u.model->tick(in);
}

void KernelCard::Tick(uint64_t n) {
  for (uint64_t i = 0; i < n; ++i) Cycle(0, Axil{});
}

bool KernelCard::irq(unsigned cu) const { return units_.at(cu).rtl->irq(); }

bool KernelCard::WaitIrq(unsigned cu, uint64_t max_clocks) {
  KernelRtl& rtl = *units_.at(cu).rtl;
  for (uint64_t i = 0; i < max_clocks; ++i) {
    rtl.Eval();
    if (rtl.irq()) return true;
    Tick();
  }
  rtl.Eval();
  return rtl.irq();
}

void KernelCard::Reset() {
  // The memory sits out the reset clocks (a master in reset may drop its
  // valids, which AXI allows only then) and forgets what was in flight.
  const Axil idle;
  for (Unit& u : units_) u.rtl->SetReset(true);
  for (int i = 0; i < 4; ++i) {
    for (size_t cu = 0; cu < units_.size(); ++cu) {
      Unit& u = units_[cu];
      u.rtl->SetSlave(AxiSlavePorts{});
      u.rtl->SetAxil(false, 0, false, 0, 0xF, false, false, 0, false);
      u.rtl->Eval();
      if (u.model) Model(static_cast<unsigned>(cu), true, AxiSlavePorts{}, idle);
    }
    for (Unit& u : units_) u.rtl->Clock();
    ++clocks_;
  }
  for (Unit& u : units_) {
    u.mem->Reset();
    u.rtl->SetReset(false);
  }
  Tick(1);
}

// A bounded wait: a register bus that never answers is a kernel bug, reported
// rather than hung on.
static constexpr uint64_t kBusTimeout = 10000;

void KernelCard::Write32(unsigned cu, uint32_t offset, uint32_t value) {
  Unit& u = units_.at(cu);
  Axil a;
  a.awvalid = a.wvalid = true;
  a.awaddr = offset;
  a.wdata = value;
  for (uint64_t t = 0;; ++t) {
    if (t > kBusTimeout) throw std::runtime_error("register write: no AWREADY/WREADY");
    Drive(u, a);
    const bool aw_done = a.awvalid && u.rtl->awready();
    const bool w_done = a.wvalid && u.rtl->wready();
    Cycle(cu, a);
    if (aw_done) a.awvalid = false;
    if (w_done) a.wvalid = false;
    if (!a.awvalid && !a.wvalid) break;
  }
  for (uint64_t t = 0;; ++t) {
    if (t > kBusTimeout) throw std::runtime_error("register write: no BVALID");
    Axil b;
    b.bready = !rng_.chance(cfg_.axil_stall);
    Drive(u, b);
    const bool done = b.bready && u.rtl->bvalid();
    Cycle(cu, b);
    if (done) break;
  }
}

uint32_t KernelCard::Read32(unsigned cu, uint32_t offset) {
  Unit& u = units_.at(cu);
  Axil a;
  a.arvalid = true;
  a.araddr = offset;
  for (uint64_t t = 0;; ++t) {
    if (t > kBusTimeout) throw std::runtime_error("register read: no ARREADY");
    Drive(u, a);
    const bool done = u.rtl->arready();
    Cycle(cu, a);
    if (done) break;
  }
  for (uint64_t t = 0;; ++t) {
    if (t > kBusTimeout) throw std::runtime_error("register read: no RVALID");
    Axil r;
    r.rready = !rng_.chance(cfg_.axil_stall);
    Drive(u, r);
    const bool done = r.rready && u.rtl->rvalid();
    const uint32_t data = u.rtl->rdata();
    Cycle(cu, r);
    if (done) return data;
  }
}

namespace {
using Ctx = KernelCard::HostCtx;
uint32_t CardRead32(void* ctx, uint32_t offset) {
  auto* c = static_cast<Ctx*>(ctx);
  return c->card->Read32(c->cu, offset);
}
void CardWrite32(void* ctx, uint32_t offset, uint32_t value) {
  auto* c = static_cast<Ctx*>(ctx);
  c->card->Write32(c->cu, offset, value);
}
int CardWaitIrq(void* ctx) {
  auto* c = static_cast<Ctx*>(ctx);
  return c->card->WaitIrq(c->cu, c->card->irq_timeout()) ? 0 : 1;
}
}  // namespace

utf8k_card HostCard(KernelCard* card, bool use_irq) { return HostCard(card, 0, use_irq); }

utf8k_card HostCard(KernelCard* card, unsigned cu, bool use_irq) {
  utf8k_card c{};
  c.ctx = &card->host_ctx_.at(cu);
  c.read32 = CardRead32;
  c.write32 = CardWrite32;
  c.wait_irq = use_irq ? CardWaitIrq : nullptr;
  c.poll_limit = 1u << 24;
  return c;
}

}  // namespace sim
}  // namespace utf8core
