// Cycle model of the kernel's read-channel multiplexer
// (rtl/kernel/utf8_kernel_rd_mux.v): ticked with the RTL's inputs every clock
// it gives the RTL's outputs every clock. Two read engines (s0, s1) share one
// AXI4 master port (m): a one-entry AR register loaded from either engine, the
// two alternating when both ask, and an owner queue of BURSTS bits, pushed
// with each AR loaded and popped with each burst's last R beat, whose head
// routes the R channel.
//
// Mealy paths, as in the RTL: the engines' arready (from their arvalid and
// m_axi_arready), sN rvalid (from m_axi_rvalid), the R payload (straight from
// the memory) and m_axi_rready (from the head engine's rready) are
// combinational, so outputs() takes this clock's inputs. The memory-side AR
// (m_axi_ar*) comes from registers alone. tick() is the rising edge.
//
// The model starts as the RTL after a reset: the RTL's control state has no
// value before its first reset, so a bench resets first. Every control
// register resets to 0, so that state is also Verilator's start, and an AR
// loaded on the first reset clock is the same in both. The RTL resets only
// control state; the AR payload keeps its value through a reset and holds X
// until first loaded (Verilator shows 0), which the model follows and reports
// in Outputs::m.ar_known. The owner bits are never read before written.
#ifndef UTF8CORE_MODEL_UTF8_KERNEL_RD_MUX_H_
#define UTF8CORE_MODEL_UTF8_KERNEL_RD_MUX_H_

#include <cstdint>
#include <vector>

#include "kernel_axi_engine.h"

namespace utf8core {

// The RTL's parameters.
struct KernelRdMuxParams {
  int data_bytes = 64;  // DATA_WIDTH/8: 8, 16, 32 or 64
  int addr_width = 64;  // ADDR_WIDTH, 16 to 64
  int bursts = 16;      // BURSTS, a power of two, at least 2
};

class KernelRdMuxCycleModel {
 public:
  struct Inputs {
    bool rst = false;
    // What engine N drives (sN_axi_*: the AR channel and rready; the m_axi_
    // names are the engine's own). ar_known is not looked at.
    AxiReadMasterOutputs s[2];
    // What the memory drives (m_axi_arready and R).
    AxiReadMasterInputs m;
  };
  struct Outputs {
    // What engine N receives (sN_axi_arready and R; the m_axi_ names are the
    // engine's own): rdata, rresp and rlast are the memory's, to both.
    AxiReadMasterInputs s[2];
    // What the memory receives (m_axi_ar* from the register, m_axi_rready);
    // m.ar_known: m_axi_araddr ... m_axi_arprot have had a value since power-on.
    AxiReadMasterOutputs m;
  };

  // Throws std::invalid_argument for parameters the RTL refuses to elaborate.
  explicit KernelRdMuxCycleModel(const KernelRdMuxParams& p);
  const KernelRdMuxParams& params() const { return p_; }
  Outputs outputs(const Inputs& in) const;
  void tick(const Inputs& in);

  // Bursts whose owner is queued (loaded into the AR register, not yet ended
  // by their last R beat), for the tests.
  int queued() const { return static_cast<int>(count_); }

 private:
  // The AR decision of this clock: load the register, and from which engine.
  bool ArLoad(const Inputs& in) const;
  bool Pick1(const Inputs& in) const;
  bool Head() const { return owner_[rd_ptr_] != 0; }

  KernelRdMuxParams p_;
  uint64_t addr_mask_;
  unsigned ptr_mask_;  // QW = log2(BURSTS) bits

  // AR register
  bool arvalid_ = false;
  uint64_t araddr_ = 0;
  uint8_t arlen_ = 0;
  uint8_t arsize_ = 0;
  uint8_t arburst_ = 0;
  uint8_t arcache_ = 0;
  uint8_t arprot_ = 0;
  bool ar_known_ = false;
  bool turn_ = false;  // engine 1 wins the next tie (not after reset: engine 0 wins first)
  // Owner queue
  std::vector<uint8_t> owner_;
  unsigned wr_ptr_ = 0;
  unsigned rd_ptr_ = 0;
  unsigned count_ = 0;
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_KERNEL_RD_MUX_H_
