// A simulated accelerator card: the Verilated utf8_kernel beside the AXI4
// memory model (sim/kernel/axi_mem.h), with the register window reached through
// AXI4-Lite transactions that tick the clock. The host library's simulated
// backend, the kernel's tests and `utf8core --engine kernel` all run on it.
//
// A card may carry several kernels (compute units, as Vitis instantiates a
// kernel several times): each has its own register window and its own port on
// the one memory (AxiMem's shared ports, whose beats per clock the memory
// config can limit), and all run on the one clock, so a job on one unit runs
// while the host talks to another.
//
// The kernel's cycle model (model/kernel/utf8_kernel.h) runs beside the RTL, ticked
// with the same inputs every clock, and every output port is compared every
// clock; the first mismatch is kept (clock, signal, expected, actual) for the
// caller to report.
#ifndef UTF8CORE_SIM_KERNEL_CARD_H_
#define UTF8CORE_SIM_KERNEL_CARD_H_

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "axi_mem.h"
#include "harness.h"
#include "utf8_kernel.h"
#include "utf8core_host.h"

namespace utf8core {
namespace sim {

// One Verilated kernel at one DATA_WIDTH behind a port-neutral interface
// (kernel_card.cpp has one per width built).
class KernelRtl {
 public:
  virtual ~KernelRtl() = default;
  virtual void SetReset(bool rst) = 0;
  // AXI4-Lite inputs
  virtual void SetAxil(bool awvalid, uint32_t awaddr, bool wvalid, uint32_t wdata, uint32_t wstrb,
                       bool bready, bool arvalid, uint32_t araddr, bool rready) = 0;
  virtual bool awready() const = 0;
  virtual bool wready() const = 0;
  virtual bool bvalid() const = 0;
  virtual bool arready() const = 0;
  virtual bool rvalid() const = 0;
  virtual uint32_t rdata() const = 0;
  virtual bool irq() const = 0;
  // Every output port, for the comparison with the cycle model
  virtual void GetOutputs(KernelCycleModel::Outputs* o) const = 0;
  // AXI4 master: what the kernel drives, and what the memory drives into it
  virtual void GetMaster(AxiMasterPorts* m) const = 0;
  virtual void SetSlave(const AxiSlavePorts& s) = 0;
  virtual void Eval() = 0;
  virtual void Clock() = 0;   // a full clock: rising edge, then falling
  virtual void Final() = 0;
};

// The data widths this build has a kernel with every operation for.
std::vector<unsigned> KernelWidths();
// The (data width, OPS) of the kernels this build has with fewer operations.
std::vector<std::pair<unsigned, unsigned>> KernelSubsets();
// A kernel at data_width bits with the operations ops (OPS: bit 0 VALIDATE,
// 1 SANITIZE, 2 DECODE_UTF32, 3 VALIDATE_STRINGS), or nullptr when the build has none.
std::unique_ptr<KernelRtl> MakeKernelRtl(unsigned data_width, const std::string& trace_path,
                                         unsigned ops = 15);

struct KernelCardConfig {
  unsigned data_width = 512;
  unsigned ops = 15;          // the kernel's OPS (UTF8CORE_KERNEL_SUBSETS builds others than 15)
  AxiMemConfig mem;           // its data_bytes is set from data_width
  double axil_stall = 0.0;    // chance a cycle of the register bus waits (bready/rready low)
  uint64_t seed = 1;
  std::string trace_path;     // an FST wave of the whole run, or "" for none
  uint64_t irq_timeout = 1ull << 32;  // clocks WaitIrq allows the host library
  bool check_model = true;    // run the cycle model beside the RTL and compare every clock
  unsigned kernels = 1;       // compute units on the card, each with its own memory port
};

class KernelCard {
 public:
  // What the host library's callbacks of one unit get as their context (HostCard)
  struct HostCtx {
    KernelCard* card;
    unsigned cu;
  };

  explicit KernelCard(const KernelCardConfig& cfg);
  ~KernelCard();
  KernelCard(const KernelCard&) = delete;
  KernelCard& operator=(const KernelCard&) = delete;

  // Register window of compute unit cu (0 when not given): one AXI4-Lite
  // transaction each, the clock running meanwhile.
  uint32_t Read32(uint32_t offset) { return Read32(0, offset); }
  void Write32(uint32_t offset, uint32_t value) { Write32(0, offset, value); }
  uint32_t Read32(unsigned cu, uint32_t offset);
  void Write32(unsigned cu, uint32_t offset, uint32_t value);
  // Runs the clock n cycles with the register buses idle.
  void Tick(uint64_t n = 1);
  // Runs the clock until unit cu's irq is high or max_clocks pass; true when it rose.
  bool WaitIrq(uint64_t max_clocks) { return WaitIrq(0, max_clocks); }
  bool WaitIrq(unsigned cu, uint64_t max_clocks);
  // Synchronous reset for a few clocks; memory contents stay, traffic is dropped.
  void Reset();

  bool irq(unsigned cu = 0) const;
  unsigned kernels() const { return static_cast<unsigned>(units_.size()); }
  // The memory (through unit 0's port; every port sees the same bytes)
  AxiMem& mem() { return *units_[0].mem; }
  const AxiMem& mem() const { return *units_[0].mem; }
  // Unit cu's port on it, for its counters and checks
  const AxiMem& mem(unsigned cu) const { return *units_.at(cu).mem; }
  uint64_t clocks() const { return clocks_; }
  unsigned data_width() const { return cfg_.data_width; }
  uint64_t irq_timeout() const { return cfg_.irq_timeout; }
  // The first clock where a cycle model and its RTL disagreed, as
  // "clock N signal S expected E actual A" ("unit U clock N ..." on a card of
  // several), or "" while they agree.
  const std::string& model_mismatch() const { return model_mismatch_; }
  // Clocks compared with the cycle model so far (unit 0's).
  uint64_t model_clocks() const { return model_clocks_; }

 private:
  // One compute unit: the kernel, its memory port, its cycle model
  struct Unit {
    std::unique_ptr<KernelRtl> rtl;
    std::unique_ptr<AxiMem> mem;
    std::unique_ptr<KernelCycleModel> model;
    KernelCycleModel::Inputs model_in;
    KernelCycleModel::Outputs rtl_out;
  };
  // The register bus inputs of one unit in one clock
  struct Axil {
    bool awvalid = false;
    uint32_t awaddr = 0;
    bool wvalid = false;
    uint32_t wdata = 0;
    bool bready = false;
    bool arvalid = false;
    uint32_t araddr = 0;
    bool rready = false;
  };
  // One clock: unit cu's register bus driven with a, every other unit's idle.
  void Cycle(unsigned cu, const Axil& a);
  // Drives unit u's inputs (its memory port's outputs, the register bus) and evaluates it.
  void Drive(Unit& u, const Axil& a);
  // After the RTL's eval with these inputs and before its clock: compare its
  // outputs with the model's, then tick the model with the same inputs.
  void Model(unsigned cu, bool rst, const AxiSlavePorts& s, const Axil& a);

  friend utf8k_card HostCard(KernelCard* card, unsigned cu, bool use_irq);

  KernelCardConfig cfg_;
  std::vector<Unit> units_;
  std::vector<HostCtx> host_ctx_;
  Rng rng_;
  uint64_t clocks_ = 0;
  std::string model_mismatch_;
  uint64_t model_clocks_ = 0;
};

// The card as the host library sees it: unit cu's registers through
// Read32/Write32 and, when use_irq, its interrupt through WaitIrq (else the
// library polls CTRL).
utf8k_card HostCard(KernelCard* card, bool use_irq);
utf8k_card HostCard(KernelCard* card, unsigned cu, bool use_irq);

}  // namespace sim
}  // namespace utf8core

#endif  // UTF8CORE_SIM_KERNEL_CARD_H_
