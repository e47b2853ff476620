// Cycle model of the kernel's AXI4 write engine (rtl/kernel/utf8_kernel_wr.v): ticked
// with the RTL's inputs every clock it gives the RTL's outputs every clock.
// Every output of the engine comes from a register (cmd_ready is !busy), so
// outputs() depends on the state alone and tick() is the rising edge: the
// stream's input register, the realigner that shifts it by the start offset
// into aligned beats with their strobes, the buffer of aligned beats, AW once
// a burst's beats are in, W back to back from the buffer, the B count and the
// bytes acknowledged, each counter at the RTL's width so that it wraps where
// the RTL's does. The model starts as the RTL after a reset: the RTL's control
// state has no value before its first reset, so a bench resets first.
//
// The RTL resets only control state. Its payload registers (the input beat,
// the realigner's previous beat, the buffer, the AW and W payloads) keep what
// they held, and until first loaded they hold X, which Verilator shows as 0.
// The model follows them through reset and reports, in Outputs' *_known
// fields, what has had a value since power-on, so that a bench compares every
// lane of every payload that the RTL defines, strobed or not.
#ifndef UTF8CORE_MODEL_UTF8_KERNEL_WR_H_
#define UTF8CORE_MODEL_UTF8_KERNEL_WR_H_

#include <array>
#include <cstdint>
#include <vector>

#include "kernel_axi_engine.h"

namespace utf8core {

// The RTL's parameters: the three both engines have, and FIFO_DEPTH.
struct KernelWrParams : KernelAxiParams {
  int fifo_depth = 32;  // FIFO_DEPTH, a power of two, at least 2*MAX_BURST and 4
};

class KernelWrCycleModel : private KernelAxiEngine {
 public:
  using Lanes = std::array<uint8_t, 64>;  // lane k at [k]; lanes past W unused

  // The AXI4 side (AW, W, B) in the base.
  struct Inputs : AxiWriteMasterInputs {
    bool rst = false;
    bool cmd_valid = false;
    uint64_t cmd_addr = 0;
    bool cmd_abort = false;
    Lanes s_axis_tdata{};
    uint64_t s_axis_tkeep = 0;
    bool s_axis_tvalid = false;
    bool s_axis_tlast = false;
  };

  // The AXI4 side (AW, W, B and what of them has a value) in the base.
  struct Outputs : AxiWriteMasterOutputs {
    bool cmd_ready = false;
    bool busy = false;
    bool error = false;
    uint64_t bytes = 0;
    bool s_axis_tready = false;
  };

  // Throws std::invalid_argument for parameters the RTL refuses to elaborate.
  explicit KernelWrCycleModel(const KernelWrParams& p);
  const KernelWrParams& params() const { return p_; }
  Outputs outputs() const;
  void tick(const Inputs& in);

 private:
  // A buffered aligned beat.
  struct Entry {
    Lanes data{};
    uint64_t strb = 0;
    uint64_t data_known = 0;  // lanes
    bool strb_known = false;
  };

  KernelWrParams p_;
  uint64_t depth_;  // FIFO_DEPTH

  // Control (reset)
  bool busy_ = false;
  bool stop_ = false;
  bool error_ = false;
  uint64_t bytes_ = 0;
  bool tready_ = false;
  bool in_valid_ = false;
  bool flush_ = false;
  bool awvalid_ = false;
  bool wvalid_ = false;
  // Command and stream bookkeeping
  bool tlast_in_ = false;
  bool ended_ = false;
  unsigned off_ = 0;
  uint64_t in_bytes_ = 0;
  // Input register and realigner
  Lanes in_data_{};  // rotated up by off's whole groups of eight lanes, as the RTL's
  uint64_t in_keep_ = 0;
  bool in_last_ = false;
  bool in_known_ = false;  // in_data, in_keep, in_last
  Lanes prev_data_{};
  uint64_t prev_known_ = 0;  // lanes
  uint64_t prev_keep_ = 0;
  // Buffer
  std::vector<Entry> fifo_;
  uint64_t wr_ptr_ = 0;
  uint64_t rd_ptr_ = 0;
  uint64_t avail_ = 0;
  uint64_t claimed_ = 0;
  uint64_t held_ = 0;  // avail_ + claimed_, for the room check
  // AW
  uint64_t awaddr_ = 0;
  uint8_t awlen_ = 0;
  bool aw_known_ = false;
  uint64_t aw_next_ = 0;
  uint64_t aw_cap_ = 0;  // the next burst's cap
  // W
  Lanes wdata_{};
  uint64_t wdata_known_ = 0;
  uint64_t wstrb_ = 0;
  bool wlast_ = false;
  bool w_known_ = false;
  uint64_t w_lo_ = 0;
  uint64_t w_idx_ = 0;
  uint64_t w_len_ = 0;
  // B
  uint64_t due_ = 0;
  uint64_t b_lo_ = 0;
  bool b_add_ = false;      // an OKAY B's burst bytes wait in b_inc_
  uint64_t b_inc_ = 0;
  uint64_t b_written_ = 0;  // stream bytes to the end of the bursts acknowledged
  bool b_clamp_ = false;    // b_written_ moved: bytes_ follows
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_KERNEL_WR_H_
