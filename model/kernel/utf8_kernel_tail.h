// Cycle model of the kernel's tail holder (rtl/kernel/utf8_kernel_tail.v): ticked
// with the RTL's inputs every clock it gives the RTL's outputs every clock.
// One beat is held back; at the packet's last beat the block gathers the last
// five bytes, finds the incomplete sequence a PARTIAL job keeps, and sends the
// held beat and what is left of the last one.
//
// Mealy paths: s_tready depends on s_tlast and m_tready; m_tvalid and m_tkeep
// on s_tvalid and s_tlast (a beat passes straight through while the block
// runs), so outputs() takes this clock's inputs.
//
// The model starts as the RTL after a reset (its state has no value before
// one, so a bench resets first). The RTL resets only control state: the beats
// it holds, the tail, the cut and held_data keep their values through a reset
// and hold X until first loaded, which Verilator shows as 0. The model follows
// them and says in Outputs' *_known fields what has had a value since power-on,
// so that a bench compares every payload the RTL defines, offered or not.
#ifndef UTF8CORE_MODEL_UTF8_KERNEL_TAIL_H_
#define UTF8CORE_MODEL_UTF8_KERNEL_TAIL_H_

#include <array>
#include <cstdint>

#include "utf8_lane_front.h"

namespace utf8core {

class KernelTailCycleModel {
 public:
  struct Inputs {
    bool rst = false;
    bool cfg_mode = false;     // 0 rfc3629, 1 annex-r
    bool cfg_partial = false;  // keep an incomplete sequence at the end
    WideBeatIn s;              // s_axis_*
    bool m_tready = false;
  };
  struct Outputs {
    bool s_tready = false;
    std::array<uint8_t, kMaxLanes> m_tdata{};  // every lane of the beat sent, kept or not
    uint64_t m_tkeep = 0;
    bool m_tvalid = false;
    bool m_tlast = false;
    bool done = false;
    bool sent = false;
    uint64_t held_data = 0;  // 40 bits: byte i at [8i +: 8]
    uint32_t held_count = 0;
    // What has had a value since power-on.
    bool tdata_known = false;      // m_tdata, every lane
    bool tkeep_known = false;      // m_tkeep
    bool held_data_known = false;  // held_data
  };

  // W: bytes per beat, 8, 16, 32 or 64; others throw std::invalid_argument.
  explicit KernelTailCycleModel(int w);
  int w() const { return w_; }
  Outputs outputs(const Inputs& in) const;
  void tick(const Inputs& in);

  // Bytes to keep back from the last n (1..5) of the five bytes t[0..4], the
  // last at t[4]: the RTL's tail_stops, tail_fits and tail_cut together,
  // exposed for the test.
  static int TailCut(const std::array<uint8_t, 5>& t, int n, bool annex);

 private:
  enum class State { kRun, kGather, kFind, kHold, kLast, kDone };

  bool RunPass(const Inputs& in) const;
  int OutCount() const;  // bytes of the beat sent in kHold or kLast

  int w_;
  uint64_t all_lanes_;
  State state_ = State::kRun;
  std::array<uint8_t, kMaxLanes> hold_data_{};
  bool hold_valid_ = false;
  bool sent_q_ = false;
  std::array<uint8_t, kMaxLanes> last_data_{};
  int last_count_ = 0;
  std::array<uint8_t, 5> tail_{};  // the last at [4]
  int avail_ = 0;
  int cut_ = 0;
  int cut_next_ = 0;  // found in kGather, taken into cut_ in kFind
  bool done_ = false;
  bool sent_ = false;
  uint64_t held_data_ = 0;
  int held_count_ = 0;
  // Payload registers loaded since power-on.
  bool hold_known_ = false;  // hold_data_
  bool last_known_ = false;  // last_data_, last_count_
  bool cut_known_ = false;
  bool held_known_ = false;  // held_data_
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_KERNEL_TAIL_H_
