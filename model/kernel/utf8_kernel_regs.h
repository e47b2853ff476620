// Cycle model of the kernel's register block (rtl/kernel/utf8_kernel_regs.v): ticked
// with the RTL's inputs every clock it gives the RTL's outputs every clock. The
// AXI4-Lite slave (AW and W held in registers, one write in flight; a read's
// word taken with its address and offered on R once R is free, a second read
// may be taken behind it), the ap_ctrl_chain control bits, the job's arguments and the pending
// slot a taken job waits in, the results latched at job_done and held until
// AP_CONTINUE, and irq. Every output of the block comes from a
// register, so outputs() needs no inputs.
//
// The map's offsets are the RTL's own (its localparams); the register test
// holds both to the header generated from rtl/kernel/utf8_kernel.rdl.
#ifndef UTF8CORE_MODEL_UTF8_KERNEL_REGS_H_
#define UTF8CORE_MODEL_UTF8_KERNEL_REGS_H_

#include <array>
#include <cstdint>

namespace utf8core {

class KernelRegsCycleModel {
 public:
  struct Inputs {
    bool rst = false;
    uint32_t awaddr = 0;  // 12 bits
    bool awvalid = false;
    uint32_t wdata = 0;
    uint32_t wstrb = 0;  // 4 bits
    bool wvalid = false;
    bool bready = false;
    uint32_t araddr = 0;  // 12 bits
    bool arvalid = false;
    bool rready = false;
    // The core's answer; the results are taken in the clock of job_done.
    bool job_done = false;
    uint32_t res_status = 0;     // 6 bits
    uint32_t res_err_class = 0;  // 3 bits
    uint64_t res_err_offset = 0;
    uint64_t res_in_bytes = 0;
    uint64_t res_out_bytes = 0;
    uint64_t res_units = 0;
    uint64_t res_utf16_units = 0;
    uint64_t res_cycles = 0;
    std::array<uint32_t, 6> res_class_count{};  // class c at [c - 1]
    uint64_t res_bad_strings = 0;  // VALIDATE_STRINGS
    uint64_t res_first_bad = 0;
  };
  struct Outputs {
    bool awready = false;
    bool wready = false;
    uint32_t bresp = 0;
    bool bvalid = false;
    bool arready = false;
    uint32_t rdata = 0;
    uint32_t rresp = 0;
    bool rvalid = false;
    bool res_ready = false;  // the core may end a job (the last one is acknowledged)
    bool job_start = false;
    uint32_t job_op = 0;     // 2 bits
    uint32_t job_flags = 0;  // 4 bits: [0] MODE, [1] CONTINUE, [2] PARTIAL, [3] OFFSETS64
    uint64_t job_src = 0;    // ADDR_WIDTH bits
    uint64_t job_len = 0;
    uint64_t job_dst = 0;  // ADDR_WIDTH bits
    uint64_t job_cap = 0;
    uint64_t job_offsets = 0;  // ADDR_WIDTH bits
    uint64_t job_count = 0;
    bool irq = false;
  };

  // The RTL's parameters: DATA_WIDTH 1..65535, OPS (8 bits), ADDR_WIDTH 1..64.
  // Others throw std::invalid_argument, as the RTL stops elaborating.
  KernelRegsCycleModel(uint32_t data_width, uint32_t ops, uint32_t addr_width);

  Outputs outputs() const;
  void tick(const Inputs& in);

 private:
  // The word a read of `addr` captures this clock.
  uint32_t ReadWord(uint32_t addr) const;

  uint32_t caps_;
  uint64_t addr_mask_;

  // AXI4-Lite holding registers and handshakes
  bool aw_ready_ = false, aw_full_ = false;
  uint32_t aw_addr_ = 0;
  bool w_ready_ = false, w_full_ = false;
  uint32_t w_data_ = 0, w_strb_ = 0;
  bool b_valid_ = false;
  bool ar_ready_ = false, r_valid_ = false;
  uint32_t r_data_ = 0;
  bool rd_pend_ = false;  // a read's word taken, not yet on R
  uint32_t rd_word_ = 0;

  // Control
  bool ap_start_ = false, ap_done_ = false, ap_ready_ = false, busy_ = false;
  bool take_ = false, pend_ = false, job_start_ = false, held_ = false;
  bool gie_ = false;
  uint32_t ier_ = 0, isr_ = 0;  // [0] done, [1] ready
  bool irq_ = false;

  // Arguments
  uint32_t op_ = 0, flags_ = 0;
  uint64_t src_ = 0, len_ = 0, dst_ = 0, cap_ = 0, offsets_ = 0, count_ = 0;
  // The pending slot (not reset: loaded whenever a job is taken)
  uint32_t p_op_ = 0, p_flags_ = 0;
  uint64_t p_src_ = 0, p_len_ = 0, p_dst_ = 0, p_cap_ = 0, p_offsets_ = 0, p_count_ = 0;

  // Results
  uint32_t status_ = 0, err_class_ = 0;
  uint64_t err_offset_ = 0, in_bytes_ = 0, out_bytes_ = 0, units_ = 0, utf16_units_ = 0,
           cycles_ = 0, bad_strings_ = 0, first_bad_ = 0;
  std::array<uint32_t, 6> class_count_{};
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_KERNEL_REGS_H_
