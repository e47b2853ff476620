// Cycle model of the wide sanitizer (rtl/stream/utf8_sanitizer.v): ticked with the
// RTL's inputs every clock it gives the RTL's outputs every clock. The units of
// each beat come from the functional model's Decoder through LaneFrontModel,
// their bytes from the functional model's UnitsToUtf8; this class adds the
// slot, shift and pack stages (a delay), the output FIFO and credit
// (LaneFifoModel), the repacker's input register and accumulator, which decide
// when the FIFO's head is taken and when a beat leaves, and the status.
#ifndef UTF8CORE_MODEL_UTF8_SANITIZER_H_
#define UTF8CORE_MODEL_UTF8_SANITIZER_H_

#include <array>
#include <cstdint>
#include <deque>
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
    std::array<uint8_t, kMaxLanes> m_tdata{};  // lane k; lanes past m_tkeep read 0
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
  // A beat of bytes: the UTF-8 of the units that end in one input beat.
  struct Beat {
    bool valid = false;
    bool last = false;
    bool any = false;  // a unit ends in it (then it has bytes)
    std::vector<uint8_t> bytes;
  };
  // The accumulator's output beat this clock, if any.
  bool out_valid() const;
  bool out_last() const;

  int lanes_;
  LaneFrontModel front_;
  LaneStatusModel status_;
  std::vector<Beat> pipe_;  // slot, shift and pack stage registers; back() is the last
  Beat decided_;            // the front end's beat as bytes, in a kept buffer
  LaneFifoModel<Beat> fifo_;
  // The repacker's input register: one beat of bytes.
  bool exp_valid_ = false;
  bool exp_last_ = false;
  std::vector<uint8_t> exp_bytes_;
  // Accumulator: the bytes not yet out, and whether its packet's end is among them.
  std::deque<uint8_t> acc_;
  bool acc_end_ = false;
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_SANITIZER_H_
