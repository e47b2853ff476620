// KernelRtl over one Verilated utf8_kernel class (one per DATA_WIDTH): the
// only code that knows the kernel's port names. Included by the generated
// kernel_rtl_w<N>.cpp files (kernel_card.cmake).
#ifndef UTF8CORE_SIM_KERNEL_RTL_OF_H_
#define UTF8CORE_SIM_KERNEL_RTL_OF_H_

#include <memory>
#include <string>

#include "fst_trace.h"
#include "kernel_card.h"
#include "verilated.h"
#include "verilated_ports.h"

namespace utf8core {
namespace sim {

template <class V>
class KernelRtlOf final : public KernelRtl {
 public:
  explicit KernelRtlOf(const std::string& trace_path)
      : ctx_(MakeContext()), dut_(std::make_unique<V>(ctx_.get(), "TOP")) {
    trace_.open(ctx_.get(), dut_.get(), trace_path);
    dut_->clk = 0;
    dut_->rst = 1;
    dut_->eval();
  }
  ~KernelRtlOf() override { Final(); }

  void SetReset(bool rst) override { dut_->rst = rst; }
  void SetAxil(bool awvalid, uint32_t awaddr, bool wvalid, uint32_t wdata, uint32_t wstrb,
               bool bready, bool arvalid, uint32_t araddr, bool rready) override {
    dut_->s_axil_awvalid = awvalid;
    dut_->s_axil_awaddr = awaddr;
    dut_->s_axil_awprot = 0;
    dut_->s_axil_wvalid = wvalid;
    dut_->s_axil_wdata = wdata;
    dut_->s_axil_wstrb = wstrb;
    dut_->s_axil_bready = bready;
    dut_->s_axil_arvalid = arvalid;
    dut_->s_axil_araddr = araddr;
    dut_->s_axil_arprot = 0;
    dut_->s_axil_rready = rready;
  }
  bool awready() const override { return dut_->s_axil_awready; }
  bool wready() const override { return dut_->s_axil_wready; }
  bool bvalid() const override { return dut_->s_axil_bvalid; }
  bool arready() const override { return dut_->s_axil_arready; }
  bool rvalid() const override { return dut_->s_axil_rvalid; }
  uint32_t rdata() const override { return dut_->s_axil_rdata; }
  bool irq() const override { return dut_->irq; }
  void GetOutputs(KernelCycleModel::Outputs* o) const override {
    o->s_axil_awready = dut_->s_axil_awready;
    o->s_axil_wready = dut_->s_axil_wready;
    o->s_axil_bresp = dut_->s_axil_bresp;
    o->s_axil_bvalid = dut_->s_axil_bvalid;
    o->s_axil_arready = dut_->s_axil_arready;
    o->s_axil_rdata = dut_->s_axil_rdata;
    o->s_axil_rresp = dut_->s_axil_rresp;
    o->s_axil_rvalid = dut_->s_axil_rvalid;
    o->m_axi_awaddr = dut_->m_axi_awaddr;
    o->m_axi_awlen = dut_->m_axi_awlen;
    o->m_axi_awsize = dut_->m_axi_awsize;
    o->m_axi_awburst = dut_->m_axi_awburst;
    o->m_axi_awcache = dut_->m_axi_awcache;
    o->m_axi_awprot = dut_->m_axi_awprot;
    o->m_axi_awvalid = dut_->m_axi_awvalid;
    uint32_t words[16] = {};
    ReadPort(dut_->m_axi_wdata, words);
    for (size_t k = 0; k < o->m_axi_wdata.size(); ++k) {
      o->m_axi_wdata[k] = static_cast<uint8_t>(words[k / 4] >> (8 * (k % 4)));
    }
    o->m_axi_wstrb = static_cast<uint64_t>(dut_->m_axi_wstrb);
    o->m_axi_wlast = dut_->m_axi_wlast;
    o->m_axi_wvalid = dut_->m_axi_wvalid;
    o->m_axi_bready = dut_->m_axi_bready;
    o->m_axi_araddr = dut_->m_axi_araddr;
    o->m_axi_arlen = dut_->m_axi_arlen;
    o->m_axi_arsize = dut_->m_axi_arsize;
    o->m_axi_arburst = dut_->m_axi_arburst;
    o->m_axi_arcache = dut_->m_axi_arcache;
    o->m_axi_arprot = dut_->m_axi_arprot;
    o->m_axi_arvalid = dut_->m_axi_arvalid;
    o->m_axi_rready = dut_->m_axi_rready;
    o->irq = dut_->irq;
  }

  void GetMaster(AxiMasterPorts* m) const override {
    m->arvalid = dut_->m_axi_arvalid;
    m->araddr = dut_->m_axi_araddr;
    m->arlen = dut_->m_axi_arlen;
    m->arsize = dut_->m_axi_arsize;
    m->arburst = dut_->m_axi_arburst;
    m->rready = dut_->m_axi_rready;
    m->awvalid = dut_->m_axi_awvalid;
    m->awaddr = dut_->m_axi_awaddr;
    m->awlen = dut_->m_axi_awlen;
    m->awsize = dut_->m_axi_awsize;
    m->awburst = dut_->m_axi_awburst;
    m->wvalid = dut_->m_axi_wvalid;
    m->wdata.fill(0);
    ReadPort(dut_->m_axi_wdata, m->wdata.data());
    m->wstrb = static_cast<uint64_t>(dut_->m_axi_wstrb);
    m->wlast = dut_->m_axi_wlast;
    m->bready = dut_->m_axi_bready;
  }
  void SetSlave(const AxiSlavePorts& s) override {
    dut_->m_axi_arready = s.arready;
    dut_->m_axi_rvalid = s.rvalid;
    SetPortWords(dut_->m_axi_rdata, s.rdata.data());  // verilated_ports.h
    dut_->m_axi_rresp = s.rresp;
    dut_->m_axi_rlast = s.rlast;
    dut_->m_axi_awready = s.awready;
    dut_->m_axi_wready = s.wready;
    dut_->m_axi_bvalid = s.bvalid;
    dut_->m_axi_bresp = s.bresp;
  }
  void Eval() override { dut_->eval(); }
  void Clock() override {
    ctx_->timeInc(1);
    dut_->clk = 1;
    dut_->eval();
    trace_.dump();
    ctx_->timeInc(1);
    dut_->clk = 0;
    dut_->eval();
    trace_.dump();
  }
  void Final() override {
    if (final_done_) return;
    final_done_ = true;
    dut_->final();
    trace_.close();
  }

 private:
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<V> dut_;
  FstTrace<V> trace_;
  bool final_done_ = false;
};

}  // namespace sim
}  // namespace utf8core

#endif  // UTF8CORE_SIM_KERNEL_RTL_OF_H_
