// The simulated card; see kernel_card.h.
#include "kernel_card.h"

#include <stdexcept>

namespace utf8core {
namespace sim {

namespace {
AxiMemConfig WithWidth(AxiMemConfig m, unsigned data_width) {
  m.data_bytes = data_width / 8;
  return m;
}
}  // namespace

KernelCard::KernelCard(const KernelCardConfig& cfg)
    : cfg_(cfg), mem_(WithWidth(cfg.mem, cfg.data_width)), rng_(cfg.seed) {
  rtl_ = MakeKernelRtl(cfg.data_width, cfg.trace_path);
  if (!rtl_) throw std::invalid_argument("no kernel built at DATA_WIDTH " + std::to_string(cfg.data_width));
  Reset();
}

KernelCard::~KernelCard() { rtl_->Final(); }

void KernelCard::Cycle(bool awvalid, uint32_t awaddr, bool wvalid, uint32_t wdata, bool bready,
                       bool arvalid, uint32_t araddr, bool rready) {
  rtl_->SetSlave(mem_.outputs());
  rtl_->SetAxil(awvalid, awaddr, wvalid, wdata, 0xF, bready, arvalid, araddr, rready);
  rtl_->Eval();
  AxiMasterPorts m{};
  rtl_->GetMaster(&m);
  mem_.Clock(m);
  rtl_->Clock();
  ++clocks_;
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
