// Cycle model of the wide blocks' shared status (rtl/lane/utf8_lane_status.v): the
// per-packet verdict (first error offset and class) and the per-class error
// counters, computed from the front end's decided beats.
#ifndef UTF8CORE_MODEL_UTF8_LANE_STATUS_H_
#define UTF8CORE_MODEL_UTF8_LANE_STATUS_H_

#include <array>
#include <cstdint>

#include "utf8_lane_front.h"

namespace utf8core {

// Stages L and R0..R4 (R5 at LANES 128) carry each beat's first error and
// counts (the RTL reduces them over groups of lanes on the way; here they are
// known at L), C
// accumulates over the packet and counts (shown a clock later, as the RTL's
// two-half counters), D1 and D2 give the verdict (stat_valid pulses two clocks
// after a last beat leaves T).
class LaneStatusModel {
 public:
  explicit LaneStatusModel(int lanes) : steps_(lanes > 64 ? 6 : 5) {}
  struct Status {
    bool valid = false;  // stat_valid
    bool error = false;
    uint64_t offset = 0;
    uint8_t cls = 0;
  };
  const Status& status() const { return stat_; }
  const std::array<uint64_t, 6>& counts() const { return shown_count_; }
  void tick(bool rst, const DecidedBeat& in);

 private:
  struct Beat {
    bool valid = false;
    bool last = false;
    bool err = false;
    uint64_t off = 0;  // start of the beat's first error unit
    uint8_t cls = 0;
    std::array<uint64_t, 6> cnt{};
  };
  static constexpr int kMaxSteps = 6;
  int steps_;  // the RTL's reduction steps: R0..R4, or R0..R5 at LANES 128
  Beat l_;
  std::array<Beat, kMaxSteps> r_;  // r_[steps_ - 1] is what stage C reads
  bool s_valid_ = false;           // stage C's verdict pulse
  Status s_;                       // and its verdict
  bool d1_valid_ = false;          // stage D1
  Status d1_;
  bool acc_err_ = false;
  uint64_t acc_off_ = 0;
  uint8_t acc_cls_ = 0;
  Status stat_;
  std::array<uint64_t, 6> count_{};
  std::array<uint64_t, 6> shown_count_{};
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_LANE_STATUS_H_
