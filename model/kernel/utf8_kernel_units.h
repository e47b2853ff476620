// Cycle model of the kernel's unit stage (rtl/kernel/utf8_kernel_units.v): ticked
// with the RTL's inputs every clock it gives the RTL's outputs every clock.
// A lane register that takes each beat as it comes, a group register (in the
// RTL, sums over groups of eight lanes), an input register that takes it from
// there with its totals, and an output register that passes a
// beat whose size fits in what is left of CAP; a beat that does not fit is
// walked one lane a clock, cut at the first unit that does not fit, and then
// passed with tlast.
//
// Mealy path: s_tready depends on m_tready (a beat moves on when the output
// register is taken in the same clock), so outputs() takes this clock's
// inputs; every other output comes from a register.
//
// The model starts as the RTL after a reset (its control state has no value
// before one, so a bench resets first). The RTL resets only control state:
// the output beat's payload and the job's figures keep their values through a
// reset and hold X until first loaded (by a beat moving out, by a start),
// which Verilator shows as 0. The model follows them and says in Outputs'
// *_known fields what has had a value since power-on, so that a bench
// compares every payload the RTL defines, offered or not.
#ifndef UTF8CORE_MODEL_UTF8_KERNEL_UNITS_H_
#define UTF8CORE_MODEL_UTF8_KERNEL_UNITS_H_

#include <array>
#include <cstdint>

#include "utf8_lane_front.h"

namespace utf8core {

class KernelUnitsCycleModel {
 public:
  // A beat of units as utf8_wide_decoder gives them: code point, keep, and
  // tuser {len[5:3], class[2:0]} per lane.
  struct UnitBeat {
    std::array<uint32_t, kMaxLanes> tdata{};
    uint64_t tkeep = 0;
    std::array<uint8_t, kMaxLanes> tuser{};
    bool tlast = false;
  };
  struct Inputs {
    bool rst = false;
    bool start = false;
    uint32_t op = 0;  // 2 bits: 0 VALIDATE, 1 SANITIZE, 2 DECODE_UTF32
    uint64_t cap = 0;
    bool finish = false;
    bool halt = false;
    UnitBeat s;
    bool s_tvalid = false;
    bool m_tready = false;
  };
  struct Outputs {
    bool s_tready = false;
    UnitBeat m;  // every lane of the beat, kept or not
    bool m_tvalid = false;
    bool ended = false;
    bool out_full = false;
    uint64_t in_bytes = 0;
    uint64_t out_bytes = 0;
    uint64_t units = 0;
    uint64_t utf16_units = 0;
    std::array<uint32_t, 6> class_count{};  // class c at [c - 1], saturating
    bool err_found = false;
    uint32_t err_class = 0;
    uint64_t err_pos = 0;
    // What has had a value since power-on.
    bool tdata_known = false;    // m.tdata, m.tuser: every lane
    bool tkeep_known = false;    // m.tkeep, m.tlast
    bool figures_known = false;  // in_bytes .. err_pos (out_full is reset)
  };

  // W: units per beat, 8, 16, 32 or 64; others throw std::invalid_argument.
  explicit KernelUnitsCycleModel(int w);
  int w() const { return w_; }
  Outputs outputs(const Inputs& in) const;
  void tick(const Inputs& in);

 private:
  // A beat in the input register and its totals over the kept lanes (the
  // walk rewrites keep and totals for a cut).
  struct Held {
    UnitBeat beat;
    uint64_t big = 0;  // per lane: kept, OK and above U+FFFF
    uint32_t len = 0, san = 0, units = 0, u16 = 0;
    std::array<uint32_t, 6> cls{};
    bool err = false;
    uint32_t err_cls = 0, before = 0;
    bool cut = false;
  };
  Held Load(const UnitBeat& b) const;
  uint32_t Size() const;  // the held beat's size out in the job's op
  uint32_t LaneSize(uint8_t user) const;  // one lane's, tuser {len, class}
  bool Fits() const;
  bool Move(const Inputs& in) const;
  void Walk();

  int w_;
  uint64_t all_lanes_;

  // Lane register: the beat as the decoder gave it
  bool lane_valid_ = false;
  UnitBeat lane_;
  // Group register: the same beat a clock on (the RTL holds its sums over
  // groups of eight lanes beside it; their totals are the beat's)
  bool group_valid_ = false;
  UnitBeat group_;
  // Input register
  bool in_valid_ = false;
  Held in_;
  // The job
  uint32_t op_ = 0;
  uint64_t room_ = 0;
  bool end_ = true;  // as after a reset: nothing moves before a start
  bool finish_ = false;
  bool halt_ = false;
  bool walk_ = false;  // the held beat is being cut, one lane a clock
  int walk_lane_ = 0;
  uint32_t walk_room_ = 0;  // what is left of CAP after the lanes that passed
  uint32_t walk_size_ = 0;  // the size out of the lane walked on, worked out a clock before
  // Output register and figures
  Outputs out_;
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_KERNEL_UNITS_H_
