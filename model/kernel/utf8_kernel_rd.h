// Cycle model of the kernel's AXI4 read engine (rtl/kernel/utf8_kernel_rd.v): ticked
// with the RTL's inputs every clock it gives the RTL's outputs every clock.
// Every output of the engine comes from a register (cmd_ready is !busy), so
// outputs() depends on the state alone and tick() is the rising edge: the
// requests and their credit, the receive buffer, the realigner that shifts the
// buffered beats by the start offset behind the held bytes, and the stream
// register, each counter at the RTL's width so that it wraps where the RTL's
// does. The model starts as the RTL after a reset: the RTL's control state has
// no value before its first reset, so a bench resets first.
//
// The RTL resets only control state. Its payload registers (the AR payload,
// the stream beat, the receive buffer, the realigner's two beats) keep what
// they held, and until first loaded they hold X, which Verilator shows as 0.
// The model follows them through reset and reports, in Outputs' *_known
// fields, what has had a value since power-on, so that a bench compares every
// lane of every payload that the RTL defines, kept or not.
#ifndef UTF8CORE_MODEL_UTF8_KERNEL_RD_H_
#define UTF8CORE_MODEL_UTF8_KERNEL_RD_H_

#include <array>
#include <cstdint>
#include <vector>

#include "kernel_axi_engine.h"

namespace utf8core {

// The RTL's parameters: the three both engines have, and OUTSTANDING.
struct KernelRdParams : KernelAxiParams {
  int outstanding = 8;  // OUTSTANDING, a power of two, at least 2
};

class KernelRdCycleModel : private KernelAxiEngine {
 public:
  using Lanes = std::array<uint8_t, 64>;  // lane k at [k]; lanes past W unused

  // The AXI4 side (AR, R) in the base.
  struct Inputs : AxiReadMasterInputs {
    bool rst = false;
    bool cmd_valid = false;
    uint64_t cmd_addr = 0;
    uint64_t cmd_len = 0;
    uint64_t cmd_held_data = 0;  // 40 bits: held byte i at bits [8i +: 8]
    uint8_t cmd_held_count = 0;  // 3 bits
    bool cmd_abort = false;
    bool m_axis_tready = false;
  };

  // The AXI4 side (AR, R, ar_known) in the base.
  struct Outputs : AxiReadMasterOutputs {
    bool cmd_ready = false;
    bool busy = false;
    bool error = false;
    Lanes m_axis_tdata{};
    uint64_t m_axis_tkeep = 0;
    bool m_axis_tvalid = false;
    bool m_axis_tlast = false;
    // What has had a value since power-on (X in the RTL otherwise).
    uint64_t tdata_known = 0;  // lanes of m_axis_tdata, bit k for lane k
    bool tkeep_known = false;  // m_axis_tkeep, m_axis_tlast
  };

  // Throws std::invalid_argument for parameters the RTL refuses to elaborate.
  explicit KernelRdCycleModel(const KernelRdParams& p);
  const KernelRdParams& params() const { return p_; }
  Outputs outputs() const;
  void tick(const Inputs& in);

 private:
  KernelRdParams p_;
  uint64_t ow_mask_;   // the burst counter's width (OW)
  uint64_t depth_;     // receive buffer beats, OUTSTANDING*MAX_BURST
  uint64_t ptr_mask_;  // buffer pointers, one bit over the depth's

  // Control (reset)
  bool busy_ = false;
  bool setup_ = false;  // the command was taken at the last edge
  bool load_ = false;   // the setup clock was the last: this clock loads the job
  bool stop_ = false;
  bool error_ = false;
  bool arvalid_ = false;
  bool ram_valid_ = false;
  bool mid_valid_ = false;
  bool src_valid_ = false;
  bool tvalid_ = false;
  // Requests
  // The command as taken (the held bytes are held_count_ and held_data_)
  uint64_t c_addr_ = 0;
  uint64_t c_len_ = 0;
  uint64_t ar_next_ = 0;
  uint64_t ar_beats_ = 0;
  uint64_t ar_cap_ = 0;    // the next burst's cap
  bool ar_short_ = false;  // ar_beats_ <= ar_cap_: the next burst is the last
  // The values for the burst after the next, registered a clock after the four
  // above last changed; an AR waits that clock (ar_wait_).
  uint64_t ar_after_q_ = 0;
  uint64_t ar_beats_less_q_ = 0;
  uint64_t ar_cap_after_q_ = 0;
  bool ar_short_after_q_ = false;
  bool ar_wait_ = false;
  uint64_t free_ = 0;
  uint64_t due_ = 0;
  uint64_t bursts_ = 0;
  uint64_t araddr_ = 0;
  uint8_t arlen_ = 0;
  bool ar_known_ = false;
  // An R beat on its way into the buffer (the RTL's rq_q, unrotated here)
  bool rq_valid_ = false;
  Lanes rq_{};
  // Receive buffer, its pointers and the three registers that read it (the
  // block RAM's read register ram_, its output register mid_, then src_)
  std::vector<Lanes> buf_;
  std::vector<uint8_t> buf_known_;  // an entry written since power-on
  uint64_t wr_ptr_ = 0;
  uint64_t rd_ptr_ = 0;
  Lanes ram_{};
  uint64_t ram_known_ = 0;
  Lanes mid_{};
  uint64_t mid_known_ = 0;
  Lanes src_{};
  uint64_t src_known_ = 0;
  // Realigner
  uint64_t src_left_ = 0;
  uint64_t out_left_ = 0;
  unsigned shift_ = 0;
  unsigned mask_shift_ = 0;  // the shift from_src_q was set from (a clock behind shift_)
  bool have_prev_ = false;
  Lanes prev_{};
  uint64_t prev_known_ = 0;
  bool first_ = false;
  unsigned held_count_ = 0;
  uint64_t held_data_ = 0;
  uint64_t last_keep_ = 0;
  // Stream output register
  Lanes tdata_{};
  uint64_t tdata_known_ = 0;
  uint64_t tkeep_ = 0;
  bool tlast_ = false;
  bool tkeep_known_ = false;
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_KERNEL_RD_H_
