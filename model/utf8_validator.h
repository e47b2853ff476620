// Cycle models of the wide blocks' shared front end (rtl/utf8_lane_front.v) and of
// the wide validator (rtl/utf8_validator.v). Ticked with the RTL's inputs every
// clock they give the RTL's outputs every clock; which units end in which beat,
// and their classes and code points, come from the functional model's Decoder,
// not from a second copy of the lane logic.
#ifndef UTF8CORE_MODEL_UTF8_VALIDATOR_H_
#define UTF8CORE_MODEL_UTF8_VALIDATOR_H_

#include <array>
#include <cstdint>
#include <deque>
#include <vector>

#include "utf8_model.h"

namespace utf8core {

// The lane counts the wide RTL blocks accept (they stop elaboration otherwise).
bool IsValidLaneCount(int lanes);

// One input beat of a wide block, as on s_axis_*.
struct WideBeatIn {
  std::vector<uint8_t> tdata;  // LANES bytes, lane k = tdata[k]
  uint64_t tkeep = 0;          // bit k: lane k holds a byte
  bool tvalid = false;
  bool tlast = false;
};

// A beat of the front end's output: the units that end in it, in order, each
// at its end lane.
struct DecidedBeat {
  bool valid = false;
  bool last = false;
  uint64_t base = 0;                // packet offset of lane 0
  std::vector<Unit> units;          // units ending in this beat
  std::vector<int> lanes;           // the lane each one ends at
};

// utf8_lane_front: input register, pending beat waiting for its look-ahead
// byte, window stage, take stage, decided stage. s_ready is the owner's
// registered ready.
class LaneFrontModel {
 public:
  explicit LaneFrontModel(int lanes) : lanes_(lanes) {}
  // The decided beat of this cycle (the RTL's o_* registers).
  const DecidedBeat& out() const { return o_; }
  void tick(bool rst, bool cfg_mode, const WideBeatIn& in, bool s_ready);

 private:
  struct Pending {
    bool valid = false;
    std::vector<uint8_t> data;
    uint64_t keep = 0;
    bool last = false;
    bool first = false;
    Mode mode = Mode::kRfc3629;
    uint64_t base = 0;
  };
  // The input register: the accepted beat and cfg_mode as it was then.
  struct Input {
    bool valid = false;
    WideBeatIn beat;
    bool mode = false;
  };
  DecidedBeat Decide(const Pending& p, uint8_t lookahead);

  int lanes_;
  Input i_;
  Pending p_;
  bool in_pkt_ = false;
  Mode in_mode_ = Mode::kRfc3629;
  uint64_t in_off_ = 0;
  Decoder dec_;       // the packet's bytes moved so far
  DecidedBeat w_;     // window stage (already decided: data is known at the move)
  DecidedBeat x_;     // take stage
  DecidedBeat o_;
};

// utf8_lane_status: stages L and R0..R4 carry each beat's first error and
// counts (the RTL reduces them over groups of lanes on the way; here they are
// known at L), C accumulates over the packet and counts (shown a clock later, as the
// RTL's two-half counters), D1 and D2 give the verdict (stat_valid pulses two
// clocks after a last beat leaves T).
class LaneStatusModel {
 public:
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
  static constexpr int kSteps = 5;  // the RTL's reduction steps R0..R4
  Beat l_;
  std::array<Beat, kSteps> r_;  // r_[kSteps - 1] is what stage C reads
  bool s_valid_ = false;  // stage C's verdict pulse
  Status s_;              // and its verdict
  bool d1_valid_ = false;  // stage D1
  Status d1_;
  bool acc_err_ = false;
  uint64_t acc_off_ = 0;
  uint8_t acc_cls_ = 0;
  Status stat_;
  std::array<uint64_t, 6> count_{};
  std::array<uint64_t, 6> shown_count_{};
};

class ValidatorCycleModel {
 public:
  static constexpr int kOffsetWidth = 32;
  static constexpr int kCountWidth = 32;
  static constexpr int kQueue = 32;  // the RTL's QUEUE parameter

  struct Inputs {
    bool rst = false;
    bool cfg_mode = false;  // 0 rfc3629, 1 annex-r
    WideBeatIn s;
    bool m_tready = false;
  };
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

  std::deque<Verdict> queue_;  // the RTL's circular buffer
  bool out_valid_ = false;     // and its output register
  Verdict out_;
  int outstanding_ = 0;  // verdicts owed, counted a clock after the last beat
  bool owe_q_ = false;   // a last beat accepted a clock ago, not counted yet
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_VALIDATOR_H_
