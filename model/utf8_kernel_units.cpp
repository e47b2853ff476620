// Cycle model of the kernel's unit stage; see utf8_kernel_units.h. Registers
// and their order of assignment as in rtl/utf8_kernel_units.v: a beat that
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

int Log2Ceil(int n) {
  int b = 0;
  while ((1 << b) < n) ++b;
  return b;
}

}  // namespace

KernelUnitsCycleModel::KernelUnitsCycleModel(int w) : w_(w) {
  if (w != 8 && w != 16 && w != 32 && w != 64) {
    throw std::invalid_argument("utf8_kernel_units: W must be 8, 16, 32 or 64");
  }
  all_lanes_ = w >= 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1;
  sw_mask_ = (1u << Log2Ceil(6 * w + 1)) - 1;
}

KernelUnitsCycleModel::Sums KernelUnitsCycleModel::Sum() const {
  Sums s;
  // What is left of CAP, clamped to the largest byte sum a beat can hold.
  const uint64_t room = room_ > sw_mask_ ? sw_mask_ : room_;
  uint32_t size_sum = 0;
  for (int g = 0; g < w_; ++g) {
    const uint8_t user = in_.tuser[static_cast<size_t>(g)];
    const uint32_t cls = user & 7;
    const uint32_t len = (user >> 3) & 7;
    // an error unit leaves as U+FFFD, EF BF BD
    if (op_ == kOpSanitize) size_sum = (size_sum + (cls == 0 ? len : 3)) & sw_mask_;
    if (op_ == kOpDecode) size_sum = (size_sum + 4) & sw_mask_;
    const bool fits = size_sum <= room;
    const bool keep = (in_.tkeep >> g) & 1;
    if (keep && !fits) s.cut = true;
    if (!keep || !fits) continue;
    s.pass_keep |= uint64_t{1} << g;
    if (cls != 0 && !s.err_seen) {
      s.err_seen = true;
      s.first_cls = cls;
      s.err_before = s.len_sum;
    }
    s.len_sum = (s.len_sum + len) & sw_mask_;
    s.out_sum = size_sum;
    ++s.unit_sum;
    if (cls == 0 && in_.tdata[static_cast<size_t>(g)] > 0xFFFF) ++s.big_sum;
    if (cls >= 1 && cls <= 6) ++s.cls_sum[cls - 1];
  }
  return s;
}

bool KernelUnitsCycleModel::Move(const Inputs& in) const {
  const bool out_free = !out_.m_tvalid || in.m_tready;
  return in_valid_ && out_free && !(end_ || halt_);
}

KernelUnitsCycleModel::Outputs KernelUnitsCycleModel::outputs(const Inputs& in) const {
  Outputs o = out_;
  o.s_tready = !in_valid_ || Move(in) || end_ || halt_;
  o.ended = end_ && !out_.m_tvalid;
  return o;
}

void KernelUnitsCycleModel::tick(const Inputs& in) {
  const bool out_free = !out_.m_tvalid || in.m_tready;
  const bool drop = end_ || halt_;
  const bool move = Move(in);
  const bool make_end = (finish_ || halt_) && out_free && !end_;
  const bool s_tready = !in_valid_ || move || drop;
  const Sums s = Sum();

  if (out_.m_tvalid && in.m_tready) out_.m_tvalid = false;
  if (move) {
    const bool last = in_.tlast || s.cut;
    out_.m.tdata = in_.tdata;
    out_.m.tkeep = s.pass_keep;
    out_.m.tuser = in_.tuser;
    out_.m.tlast = last;
    out_.m_tvalid = true;
    out_.tdata_known = true;
    out_.tkeep_known = true;
    if (last) end_ = true;
    if (s.cut) out_.out_full = true;
    room_ -= s.out_sum;
    if (s.err_seen && !out_.err_found) {
      out_.err_found = true;
      out_.err_class = s.first_cls;
      out_.err_pos = out_.in_bytes + s.err_before;
    }
    out_.in_bytes += s.len_sum;
    out_.out_bytes += s.out_sum;
    out_.units += s.unit_sum;
    out_.utf16_units += s.unit_sum + s.big_sum;
    for (size_t c = 0; c < 6; ++c) {
      const uint64_t sum = uint64_t{out_.class_count[c]} + s.cls_sum[c];
      out_.class_count[c] = sum > 0xFFFFFFFF ? 0xFFFFFFFF : static_cast<uint32_t>(sum);
    }
  } else if (make_end) {
    out_.m.tkeep = 0;
    out_.m.tlast = true;
    out_.m_tvalid = true;
    out_.tkeep_known = true;
    end_ = true;
  }

  if (s_tready) {
    in_.tdata = in.s.tdata;
    in_.tkeep = in.s.tkeep & all_lanes_;
    for (size_t g = 0; g < in_.tuser.size(); ++g) in_.tuser[g] = in.s.tuser[g] & 0x3F;
    in_.tlast = in.s.tlast;
  }
  in_valid_ = s_tready ? in.s_tvalid && !drop : true;

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
    in_valid_ = false;
    out_.m_tvalid = false;
    end_ = true;
    finish_ = false;
    halt_ = false;
    out_.out_full = false;
  }
}

}  // namespace utf8core
