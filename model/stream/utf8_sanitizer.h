// Cycle model of the wide sanitizer (rtl/stream/utf8_sanitizer.v): ticked with the
// RTL's inputs every clock it gives the RTL's outputs every clock. The units of
// each beat come from the functional model's Decoder through LaneFrontModel;
// this class adds what the RTL builds from them: each byte's role (out as it
// is, EF BF BD, or nothing), the counts of each step, the beat FIFO and credit
// (LaneFifoModel), the control that places each step in the ring when there is
// room, the step's way through the prefix count, compaction and rotation (a
// delay), the ring, and the reader that gives whole words, and the status.
#ifndef UTF8CORE_MODEL_UTF8_SANITIZER_H_
#define UTF8CORE_MODEL_UTF8_SANITIZER_H_

#include <array>
#include <cstdint>
#include <vector>

#include "utf8_lane_fifo.h"
#include "utf8_lane_front.h"
#include "utf8_lane_status.h"
#include "utf8_model.h"

namespace utf8core {

class SanitizerCycleModel {
 public:
  // The RTL's DEPTH parameter's default: one beat per clock needs at least the
  // credit's round trip, which at LANES 64 is over 16.
  static constexpr int DepthFor(int lanes) { return lanes >= 64 ? 32 : 16; }
  using Inputs = WideInputs;
  struct Outputs {
    bool s_tready = false;
    std::array<uint8_t, kMaxLanes> m_tdata{};  // lane k; lanes past m_tkeep are not defined
    LaneMask m_tkeep;
    bool m_tvalid = false;
    bool m_tlast = false;
    bool stat_valid = false;
    bool stat_error = false;
    uint64_t stat_err_offset = 0;
    uint8_t stat_err_class = 0;
    std::array<uint64_t, 6> err_count{};  // class c at [c - 1]
  };

  explicit SanitizerCycleModel(int lanes);
  int lanes() const { return lanes_; }
  Outputs outputs() const;
  void tick(const Inputs& in);

 private:
  // A beat as the FIFO holds it: its bytes, each byte's role (0, 1 or 3 bytes
  // out), and for each of its two halves (a step of a beat with an error
  // unit) the bytes out, those up to its last unit end, and whether a unit
  // ends there; the same for the whole beat (a step of a beat without one).
  struct Beat {
    bool valid = false;
    bool last = false;
    bool retract = false;  // its first unit is an error unit begun in an earlier beat
    bool slow = false;     // an error unit ends in it
    std::array<uint8_t, kMaxLanes> data{};
    std::array<uint8_t, kMaxLanes> role{};
    std::array<uint32_t, 2> n{};
    std::array<uint32_t, 2> k{};
    std::array<bool, 2> any{};
    uint32_t beat_n = 0;
    uint32_t beat_k = 0;
  };
  // A step on its way to the ring: its bytes, their place, and the commit
  // pointer after it.
  struct Step {
    bool valid = false;
    bool end = false;  // the packet's end
    uint32_t base = 0;
    uint32_t c = 0;
    std::vector<uint8_t> bytes;
  };
  // The step register: a step's bytes and what the control needs of it.
  struct StepDecode {
    bool valid = false;
    bool end = false;      // the packet's last step
    bool last = false;     // a step of the packet's last beat
    bool retract = false;  // starts at the commit pointer
    bool any = false;      // a unit ends in it
    uint32_t n = 0;
    uint32_t k = 0;        // bytes up to its last unit end
    std::vector<uint8_t> bytes;
  };
  void Roles(const DecidedBeat& d, Beat* b) const;

  int lanes_;
  int q_;      // lanes of a step of a beat with an error unit
  int steps_;  // such steps per beat
  uint32_t ring_size_;
  uint32_t ptr_mask_;  // a ring position and its wrap bit
  LaneFrontModel front_;
  LaneStatusModel status_;
  std::vector<Beat> beats_;  // role, count and beat-count registers; back() writes the FIFO
  LaneFifoModel<Beat> fifo_;
  // Step register and control
  bool phase_ = false;  // the FIFO head's second half is next
  StepDecode sp_;
  uint32_t w_ = 0;
  uint32_t c_ = 0;
  bool room_ = true;  // the ring had room a clock ago
  std::vector<Step> pipe_;  // the step register, prefix count, compaction, rotation, split stage; back() commits
  // Ring and reader
  std::vector<uint8_t> ring_;
  uint32_t ring_c_ = 0;
  std::vector<bool> end_;       // per word: a packet ends in it
  std::vector<int> end_count_;  // its bytes there
  uint32_t rp_ = 0;
  bool ge1_ = false;     // a word committed beyond rp_, a clock ago
  bool ge2_ = false;     // two
  bool loaded_ = false;  // the reader took a word in the last clock
  bool rb_valid_ = false;  // the read register: a word read from the ring
  std::array<uint8_t, kMaxLanes> rb_data_{};
  LaneMask rb_keep_;
  bool rb_last_ = false;
  bool m_valid_ = false;
  bool m_last_ = false;
  std::array<uint8_t, kMaxLanes> m_data_{};
  LaneMask m_keep_;
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_SANITIZER_H_
