// Cycle model of the kernel's unit stage; see utf8_kernel_units.h. Registers
// and their order of assignment as in rtl/kernel/utf8_kernel_units.v: a beat that
// moves updates the output register and the figures, a start clears the job's
// state after that (so a start wins over a beat moving in the same clock),
// finish and halt are noted after the start's clearing, and the reset comes
// last. The RTL resets only the control state: the figures and the output
// beat's payload hold through a reset until the next start.
#include "utf8_kernel_units.h"

#include <stdexcept>

namespace utf8core {
namespace {

constexpr uint32_t kOpSanitize = 1;
constexpr uint32_t kOpDecode = 2;

}  // namespace

KernelUnitsCycleModel::KernelUnitsCycleModel(int w) : w_(w) {
  if (w != 8 && w != 16 && w != 32 && w != 64) {
    throw std::invalid_argument("utf8_kernel_units: W must be 8, 16, 32 or 64");
  }
  all_lanes_ = w >= 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1;
}

KernelUnitsCycleModel::Held KernelUnitsCycleModel::Load(const UnitBeat& b) const {
  Held h;
  h.beat.tdata = b.tdata;
  h.beat.tkeep = b.tkeep & all_lanes_;
  for (size_t g = 0; g < h.beat.tuser.size(); ++g) h.beat.tuser[g] = b.tuser[g] & 0x3F;
  h.beat.tlast = b.tlast;
  for (int g = 0; g < w_; ++g) {
    if (!((h.beat.tkeep >> g) & 1)) continue;
    const uint8_t user = h.beat.tuser[static_cast<size_t>(g)];
    const uint32_t cls = user & 7;
    const uint32_t len = (user >> 3) & 7;
    const bool big = cls == 0 && h.beat.tdata[static_cast<size_t>(g)] > 0xFFFF;
    if (big) h.big |= uint64_t{1} << g;
    if (cls != 0 && !h.err) {
      h.err = true;
      h.err_cls = cls;
      h.before = h.len;
    }
    h.len += len;
    h.san += cls == 0 ? len : 3;  // an error unit leaves as U+FFFD, EF BF BD
    ++h.units;
    h.u16 += big ? 2 : 1;
    if (cls != 0) ++h.cls[cls - 1];
  }
  return h;
}

uint32_t KernelUnitsCycleModel::LaneSize(uint8_t user) const {
  if (op_ == kOpSanitize) return (user & 7) == 0 ? (user >> 3) & 7 : 3;
  if (op_ == kOpDecode) return 4;
  return 0;
}

uint32_t KernelUnitsCycleModel::Size() const {
  if (op_ == kOpSanitize) return in_.san;
  if (op_ == kOpDecode) return 4 * in_.units;
  return 0;
}

bool KernelUnitsCycleModel::Fits() const { return room_ >= Size(); }

bool KernelUnitsCycleModel::Move(const Inputs& in) const {
  const bool out_free = !out_.m_tvalid || in.m_tready;
  return in_valid_ && out_free && !(end_ || halt_) && !walk_ && Fits();
}

// One clock of the walk: lane walk_lane_ joins the totals if it fits in what
// the lanes before it left of CAP.
void KernelUnitsCycleModel::Walk() {
  const int g = walk_lane_;
  const uint8_t user = in_.beat.tuser[static_cast<size_t>(g)];
  const uint32_t cls = user & 7;
  const uint32_t len = (user >> 3) & 7;
  const bool keep = (in_.beat.tkeep >> g) & 1;
  const bool big = (in_.big >> g) & 1;
  const bool fail = keep && walk_size_ > walk_room_;
  const bool done = fail || g == w_ - 1;
  walk_lane_ = (g + 1) % w_;
  if (keep && !fail) walk_room_ -= walk_size_;
  // the next lane's size, in this clock's op (past the last lane: a lane of zeros)
  walk_size_ = LaneSize(g + 1 < w_ ? in_.beat.tuser[static_cast<size_t>(g + 1)] : 0);
  if (keep && !fail) {
    if (cls != 0 && !in_.err) {
      in_.err = true;
      in_.err_cls = cls;
      in_.before = in_.len;
    }
    in_.len += len;
    in_.san += cls == 0 ? len : 3;
    ++in_.units;
    in_.u16 += big ? 2 : 1;
    if (cls != 0) ++in_.cls[cls - 1];
  }
  if (done) {
    walk_ = false;
    if (fail) in_.beat.tkeep &= (uint64_t{1} << g) - 1;
    in_.cut = true;
  }
}

KernelUnitsCycleModel::Outputs KernelUnitsCycleModel::outputs(const Inputs& in) const {
  Outputs o = out_;
  o.s_tready = !lane_valid_ || !group_valid_ || !in_valid_ || Move(in) || end_ || halt_;
  o.ended = end_ && !out_.m_tvalid;
  return o;
}

void KernelUnitsCycleModel::tick(const Inputs& in) {
  const bool out_free = !out_.m_tvalid || in.m_tready;
  const bool drop = end_ || halt_;
  const bool move = Move(in);
  const bool cut_go = in_valid_ && !drop && !walk_ && !Fits();
  const bool make_end =
      (halt_ || (finish_ && !in_valid_ && !group_valid_ && !lane_valid_)) && out_free && !end_;
  const bool in_ready = !in_valid_ || move || drop;
  const bool group_ready = !group_valid_ || in_ready;
  const bool s_tready = !lane_valid_ || group_ready;
  const uint32_t size = Size();
  const Held held = in_;  // the input register before this edge

  if (out_.m_tvalid && in.m_tready) out_.m_tvalid = false;
  if (move) {
    const bool last = held.beat.tlast || held.cut;
    out_.m.tdata = held.beat.tdata;
    out_.m.tkeep = held.beat.tkeep;
    out_.m.tuser = held.beat.tuser;
    out_.m.tlast = last;
    out_.m_tvalid = true;
    out_.tdata_known = true;
    out_.tkeep_known = true;
    if (last) end_ = true;
    if (held.cut) out_.out_full = true;
    room_ -= size;
    if (held.err && !out_.err_found) {
      out_.err_found = true;
      out_.err_class = held.err_cls;
      out_.err_pos = out_.in_bytes + held.before;
    }
    out_.in_bytes += held.len;
    out_.out_bytes += size;
    out_.units += held.units;
    out_.utf16_units += held.u16;
    for (size_t c = 0; c < 6; ++c) {
      const uint64_t sum = uint64_t{out_.class_count[c]} + held.cls[c];
      out_.class_count[c] = sum > 0xFFFFFFFF ? 0xFFFFFFFF : static_cast<uint32_t>(sum);
    }
  } else if (make_end) {
    out_.m.tkeep = 0;
    out_.m.tlast = true;
    out_.m_tvalid = true;
    out_.tkeep_known = true;
    end_ = true;
  }

  // The walk rewrites the held beat's totals: zero when it starts, then lane by lane.
  if (cut_go) {
    in_ = Held();
    in_.beat = held.beat;
    in_.big = held.big;
    in_.cut = held.cut;
    walk_ = true;
    walk_lane_ = 0;
    walk_room_ = static_cast<uint32_t>(room_);  // below the beat's size
    walk_size_ = LaneSize(held.beat.tuser[0]);
  } else if (walk_) {
    if (drop) {
      walk_ = false;
    } else {
      Walk();
    }
  }
  if (in_ready) in_ = Load(group_);
  in_valid_ = in_ready ? group_valid_ && !drop : true;
  if (group_ready) group_ = lane_;
  group_valid_ = group_ready ? lane_valid_ && !drop : true;
  if (s_tready) lane_ = in.s;
  lane_valid_ = s_tready ? in.s_tvalid && !drop : true;

  if (in.start) {
    op_ = in.op & 3;
    room_ = in.cap;
    end_ = false;
    finish_ = false;
    halt_ = false;
    out_.out_full = false;
    out_.in_bytes = out_.out_bytes = out_.units = out_.utf16_units = 0;
    out_.class_count = {};
    out_.err_found = false;
    out_.err_class = 0;
    out_.err_pos = 0;
    out_.figures_known = true;
  }
  // after start's clearing: the kernel may finish a job in its first clock
  if (in.finish) finish_ = true;
  if (in.halt) halt_ = true;

  if (in.rst) {
    lane_valid_ = false;
    group_valid_ = false;
    in_valid_ = false;
    out_.m_tvalid = false;
    end_ = true;
    finish_ = false;
    halt_ = false;
    walk_ = false;
    out_.out_full = false;
  }
}

}  // namespace utf8core
