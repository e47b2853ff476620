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

KernelCard::KernelCard(const KernelCardConfig& cfg)
    : cfg_(cfg), mem_(WithWidth(cfg.mem, cfg.data_width)), rng_(cfg.seed) {
  rtl_ = MakeKernelRtl(cfg.data_width, cfg.trace_path, cfg.ops);
  if (!rtl_)
    throw std::invalid_argument("no kernel built at DATA_WIDTH " + std::to_string(cfg.data_width) +
                                " with OPS " + std::to_string(cfg.ops));
  if (cfg.check_model)
    model_ = std::make_unique<KernelCycleModel>(static_cast<int>(cfg.data_width), cfg.ops);
  Reset();
}

KernelCard::~KernelCard() { rtl_->Final(); }

void KernelCard::Cycle(bool awvalid, uint32_t awaddr, bool wvalid, uint32_t wdata, bool bready,
                       bool arvalid, uint32_t araddr, bool rready) {
  rtl_->SetSlave(mem_.outputs());
  rtl_->SetAxil(awvalid, awaddr, wvalid, wdata, 0xF, bready, arvalid, araddr, rready);
  rtl_->Eval();
  if (model_) Model(false, mem_.outputs(), awvalid, awaddr, wvalid, wdata, bready, arvalid, araddr, rready);
  AxiMasterPorts m{};
  rtl_->GetMaster(&m);
  mem_.Clock(m);
  rtl_->Clock();
  ++clocks_;
}

void KernelCard::Model(bool rst, const AxiSlavePorts& s, bool awvalid, uint32_t awaddr, bool wvalid,
                       uint32_t wdata, bool bready, bool arvalid, uint32_t araddr, bool rready) {
  // The model starts as the RTL after a reset: it is compared from the
  // first clock after the card's first reset.
  if (model_mismatch_.empty() && clocks_ >= 4) {
    rtl_->GetOutputs(&rtl_out_);
    const std::string d = Differ(model_->outputs(), rtl_out_, cfg_.data_width / 8);
    if (!d.empty()) model_mismatch_ = "clock " + std::to_string(clocks_) + " signal " + d;
    ++model_clocks_;
  }
  KernelCycleModel::Inputs& in = model_in_;
  in.rst = rst;
  in.s_axil_awaddr = awaddr;
  in.s_axil_awvalid = awvalid;
  in.s_axil_wdata = wdata;
  in.s_axil_wstrb = 0xF;
  in.s_axil_wvalid = wvalid;
  in.s_axil_bready = bready;
  in.s_axil_araddr = araddr;
  in.s_axil_arvalid = arvalid;
  in.s_axil_rready = rready;
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
  model_->tick(in);
}

void KernelCard::Tick(uint64_t n) {
  for (uint64_t i = 0; i < n; ++i) Cycle(false, 0, false, 0, false, false, 0, false);
}

bool KernelCard::irq() const { return rtl_->irq(); }

bool KernelCard::WaitIrq(uint64_t max_clocks) {
  for (uint64_t i = 0; i < max_clocks; ++i) {
    rtl_->Eval();
    if (rtl_->irq()) return true;
    Tick();
  }
  rtl_->Eval();
  return rtl_->irq();
}

void KernelCard::Reset() {
  // The memory sits out the reset clocks (a master in reset may drop its
  // valids, which AXI allows only then) and forgets what was in flight.
  rtl_->SetReset(true);
  for (int i = 0; i < 4; ++i) {
    rtl_->SetSlave(AxiSlavePorts{});
    rtl_->SetAxil(false, 0, false, 0, 0xF, false, false, 0, false);
    rtl_->Eval();
    if (model_) Model(true, AxiSlavePorts{}, false, 0, false, 0, false, false, 0, false);
    rtl_->Clock();
    ++clocks_;
  }
  mem_.Reset();
  rtl_->SetReset(false);
  Tick(1);
}

// A bounded wait: a register bus that never answers is a kernel bug, reported
// rather than hung on.
static constexpr uint64_t kBusTimeout = 10000;

void KernelCard::Write32(uint32_t offset, uint32_t value) {
  bool aw = true, w = true;
  for (uint64_t t = 0;; ++t) {
    if (t > kBusTimeout) throw std::runtime_error("register write: no AWREADY/WREADY");
    rtl_->SetSlave(mem_.outputs());
    rtl_->SetAxil(aw, offset, w, value, 0xF, false, false, 0, false);
    rtl_->Eval();
    const bool aw_done = aw && rtl_->awready();
    const bool w_done = w && rtl_->wready();
    Cycle(aw, offset, w, value, false, false, 0, false);
    if (aw_done) aw = false;
    if (w_done) w = false;
    if (!aw && !w) break;
  }
  for (uint64_t t = 0;; ++t) {
    if (t > kBusTimeout) throw std::runtime_error("register write: no BVALID");
    const bool ready = !rng_.chance(cfg_.axil_stall);
    rtl_->SetSlave(mem_.outputs());
    rtl_->SetAxil(false, 0, false, 0, 0xF, ready, false, 0, false);
    rtl_->Eval();
    const bool done = ready && rtl_->bvalid();
    Cycle(false, 0, false, 0, ready, false, 0, false);
    if (done) break;
  }
}

uint32_t KernelCard::Read32(uint32_t offset) {
  for (uint64_t t = 0;; ++t) {
    if (t > kBusTimeout) throw std::runtime_error("register read: no ARREADY");
    rtl_->SetSlave(mem_.outputs());
    rtl_->SetAxil(false, 0, false, 0, 0xF, false, true, offset, false);
    rtl_->Eval();
    const bool done = rtl_->arready();
    Cycle(false, 0, false, 0, false, true, offset, false);
    if (done) break;
  }
  for (uint64_t t = 0;; ++t) {
    if (t > kBusTimeout) throw std::runtime_error("register read: no RVALID");
    const bool ready = !rng_.chance(cfg_.axil_stall);
    rtl_->SetSlave(mem_.outputs());
    rtl_->SetAxil(false, 0, false, 0, 0xF, false, false, 0, ready);
    rtl_->Eval();
    const bool done = ready && rtl_->rvalid();
    const uint32_t data = rtl_->rdata();
    Cycle(false, 0, false, 0, false, false, 0, ready);
    if (done) return data;
  }
}

namespace {
uint32_t CardRead32(void* ctx, uint32_t offset) { return static_cast<KernelCard*>(ctx)->Read32(offset); }
void CardWrite32(void* ctx, uint32_t offset, uint32_t value) {
  static_cast<KernelCard*>(ctx)->Write32(offset, value);
}
int CardWaitIrq(void* ctx) {
  auto* card = static_cast<KernelCard*>(ctx);
  return card->WaitIrq(card->irq_timeout()) ? 0 : 1;
}
}  // namespace

utf8k_card HostCard(KernelCard* card, bool use_irq) {
  utf8k_card c{};
  c.ctx = card;
  c.read32 = CardRead32;
  c.write32 = CardWrite32;
  c.wait_irq = use_irq ? CardWaitIrq : nullptr;
  c.poll_limit = 1u << 24;
  return c;
}

}  // namespace sim
}  // namespace utf8core
