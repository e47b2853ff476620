// Cycle model of the wide validator (rtl/stream/utf8_validator.v): the shared front end
// and status (utf8_lane_front.h, utf8_lane_status.h), then the verdict queue and
// the credit that guards it. Ticked with the RTL's inputs every clock it gives
// the RTL's outputs every clock.
#ifndef UTF8CORE_MODEL_UTF8_VALIDATOR_H_
#define UTF8CORE_MODEL_UTF8_VALIDATOR_H_

#include <array>
#include <cstdint>
#include <deque>

#include "utf8_lane_front.h"
#include "utf8_lane_status.h"
#include "utf8_model.h"

namespace utf8core {

class ValidatorCycleModel {
 public:
  static constexpr int kOffsetWidth = 32;
  static constexpr int kCountWidth = 32;
  static constexpr int kQueue = 32;  // the RTL's QUEUE parameter

  using Inputs = WideInputs;
  struct Outputs {
    bool s_tready = false;
    uint64_t m_tdata = 0;  // first error offset; meaningful when m_tvalid
    uint8_t m_tuser = 0;   // [0] invalid, [3:1] class
    bool m_tvalid = false;
    bool m_tlast = true;
    bool stat_valid = false;
    bool stat_error = false;
    uint64_t stat_err_offset = 0;
    uint8_t stat_err_class = 0;
    std::array<uint64_t, 6> err_count{};  // class c at [c - 1]
  };

  explicit ValidatorCycleModel(int lanes);
  int lanes() const { return lanes_; }
  Outputs outputs() const;
  void tick(const Inputs& in);

 private:
  struct Verdict {
    uint64_t offset = 0;
    uint8_t cls = 0;
    bool error = false;
  };

  int lanes_;
  LaneFrontModel front_;
  LaneStatusModel status_;
  bool s_ready_ = true;
  bool s_ready_pre_ = true;  // s_ready_ a clock on

  std::deque<Verdict> queue_;  // the RTL's circular buffer
  bool out_valid_ = false;     // and its output register
  Verdict out_;
  int outstanding_ = 0;  // verdicts owed, counted a clock after the last beat
  bool owe_q_ = false;   // a last beat accepted a clock ago, not counted yet
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_VALIDATOR_H_
