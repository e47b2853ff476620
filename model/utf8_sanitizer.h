// Cycle model of the wide sanitizer (rtl/utf8_sanitizer.v): ticked with the
// RTL's inputs every clock it gives the RTL's outputs every clock. The units
// come from WideDecoderCycleModel (the RTL instantiates the wide decoder), the
// bytes of each beat of units from the functional model's UnitsToUtf8; this
// class adds the expansion register and the repacking accumulator, which
// decide when the wide decoder's output is taken and when a beat leaves.
#ifndef UTF8CORE_MODEL_UTF8_SANITIZER_H_
#define UTF8CORE_MODEL_UTF8_SANITIZER_H_

#include <array>
#include <cstdint>
#include <deque>
#include <vector>

#include "utf8_lane_front.h"
#include "utf8_model.h"
#include "utf8_wide_decoder.h"

namespace utf8core {

class SanitizerCycleModel {
 public:
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
  // The accumulator's output beat this clock, if any.
  bool out_valid() const;
  bool out_last() const;

  int lanes_;
  WideDecoderCycleModel units_;
  // Expansion register: one beat of units as bytes.
  bool exp_valid_ = false;
  bool exp_last_ = false;
  std::vector<uint8_t> exp_bytes_;
  // Accumulator: the bytes not yet out, and whether its packet's end is among them.
  std::deque<uint8_t> acc_;
  bool acc_end_ = false;
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_SANITIZER_H_
