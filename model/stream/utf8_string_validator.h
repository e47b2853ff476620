// Cycle model of the string validator (rtl/stream/utf8_string_validator.v): the
// shared front end with string starts (utf8_lane_front.h), the shared status
// (utf8_lane_status.h), each string's verdict, the packet's string sums and
// the output FIFO with the credit that guards it (utf8_lane_fifo.h). Ticked with the RTL's
// inputs every clock it gives the RTL's outputs every clock. What the RTL
// works out over several stages (two scans, popcounts, a priority encoder)
// is worked out here as the decided beat is read, and handed through delay
// lines as long as those stages.
#ifndef UTF8CORE_MODEL_UTF8_STRING_VALIDATOR_H_
#define UTF8CORE_MODEL_UTF8_STRING_VALIDATOR_H_

#include <array>
#include <cstdint>
#include <deque>

#include "utf8_lane_fifo.h"
#include "utf8_lane_front.h"
#include "utf8_lane_status.h"
#include "utf8_model.h"

namespace utf8core {

class StringValidatorCycleModel {
 public:
  static constexpr int kOffsetWidth = 32;
  static constexpr int kQueue = 32;  // the RTL's QUEUE parameter

  using Inputs = WideInputs;
  struct Outputs {
    bool s_tready = false;
    LaneMask m_tkeep;  // a string ends at the lane
    LaneMask m_tdata;  // and is well-formed
    bool m_tvalid = false;
    bool m_tlast = false;
    bool stat_valid = false;
    bool stat_error = false;
    uint64_t stat_err_offset = 0;      // in the packet
    uint8_t stat_err_class = 0;
    uint64_t stat_err_str_offset = 0;  // in its string
    uint64_t stat_first_bad = 0;
    uint64_t stat_bad_strings = 0;
    std::array<uint64_t, 6> err_count{};  // class c at [c - 1]
  };

  explicit StringValidatorCycleModel(int lanes);
  int lanes() const { return lanes_; }
  Outputs outputs() const;
  void tick(const Inputs& in);

 private:
  // A beat's verdicts, as stage F holds them and the FIFO keeps them.
  struct OutBeat {
    bool valid = false;
    bool last = false;
    LaneMask end;
    LaneMask ok;
  };
  // The packet's sums as stage Q holds them (loaded with each valid beat).
  struct Sums {
    bool valid = false;  // a packet's last beat
    bool load = false;   // a beat at all: the sums below are loaded
    bool found = false;
    uint64_t first_bad = 0;
    uint64_t bad = 0;
    uint64_t str_base = 0;
  };
  struct Stat {
    bool valid = false;
    bool error = false;
    uint64_t offset = 0;
    uint8_t cls = 0;
    uint64_t str_offset = 0;
    uint64_t first_bad = 0;
    uint64_t bad = 0;
  };

  void Reset();

  int lanes_;
  int scan_levels_;  // utf8_lane_scan's LEVELS
  int count_steps_;  // the RTL's count steps P1..PN (NP)
  int or_levels_;    // the second scan's LEVELS (LV2)
  int stat_delay_;   // the RTL's STAT_DELAY
  LaneFrontModel front_;
  LaneStatusModel status_;

  // The string state as the RTL's stage F (carry) and stage Q (sums) keep it;
  // here it moves as a beat is read from the front.
  bool carry_ = false;
  bool found_ = false;
  uint64_t first_bad_ = 0;
  uint64_t bad_ = 0;
  uint64_t str_base_ = 0;

  std::deque<OutBeat> f_line_;  // S1 .. F: LV + 1 stages before f_
  OutBeat f_;
  std::deque<Sums> q_line_;     // S1 .. Q: 3 + LV + LV2 + NP stages before q_
  Sums q_;
  std::deque<LaneStatusModel::Status> st_line_;  // utf8_lane_status's verdict, STAT_DELAY stages
  Stat r_;   // stage R1
  Stat r2_;  // stage R2, the outputs

  LaneFifoModel<OutBeat> fifo_;  // output FIFO and credit
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_STRING_VALIDATOR_H_
