// Cycle model of the wide sanitizer; see utf8_sanitizer.h. Stages as in
// rtl/stream/utf8_sanitizer.v: front end (LaneFrontModel) and status run every clock;
// the slot, shift and pack stages only delay a beat by their registers; the
// last of them writes the FIFO (or retires a beat without units); the FIFO's
// head moves into the repacker's input register when that is empty or taken;
// the accumulator takes the input register when, after this clock's output
// beat, it holds at most LANES bytes and no packet end.
#include "utf8_sanitizer.h"

#include <algorithm>
#include <cstddef>
#include <utility>

#include "utf8_lane_stages.h"

namespace utf8core {
namespace {
constexpr uint64_t kOffsetMask = 0xFFFFFFFFull;

// Levels per clock of the RTL's shift and pack stages (SCAN_STEP, PACK_STEP).
constexpr int kScanStep = 2;
constexpr int kPackStep = 2;

// Registers between the front end and the FIFO: the slot stage, then the
// prefix count over LANES+1 areas and the compaction of 3*(LANES+1) slots.
size_t Stages(int lanes) {
  const int areas = lanes + 1;
  return static_cast<size_t>(1 + StageCuts(CeilLog2(areas), kScanStep) +
                             StageCuts(CeilLog2(3 * areas), kPackStep));
}
}  // namespace

SanitizerCycleModel::SanitizerCycleModel(int lanes)
    : lanes_(lanes), front_(lanes), status_(lanes), pipe_(Stages(lanes)), fifo_(DepthFor(lanes)) {}

bool SanitizerCycleModel::out_valid() const {
  return acc_.size() >= static_cast<size_t>(lanes_) || (acc_end_ && !acc_.empty());
}

bool SanitizerCycleModel::out_last() const {
  return acc_end_ && acc_.size() <= static_cast<size_t>(lanes_);
}

SanitizerCycleModel::Outputs SanitizerCycleModel::outputs() const {
  Outputs o;
  o.s_tready = fifo_.s_ready();
  o.m_tvalid = out_valid();
  o.m_tlast = out_last();
  const size_t n = std::min(acc_.size(), static_cast<size_t>(lanes_));
  for (size_t k = 0; k < n; ++k) {
    o.m_tdata[k] = acc_[k];
    o.m_tkeep.set(k);
  }
  const LaneStatusModel::Status& st = status_.status();
  o.stat_valid = st.valid;
  o.stat_error = st.error;
  o.stat_err_offset = st.offset & kOffsetMask;
  o.stat_err_class = st.cls;
  o.err_count = status_.counts();
  return o;
}

void SanitizerCycleModel::tick(const Inputs& in) {
  const DecidedBeat& f = front_.out();
  const size_t lanes = static_cast<size_t>(lanes_);

  // Repacker: this clock's output beat, then whether the input register is
  // taken, which frees it for the FIFO's head.
  const bool pop = out_valid() && in.m_tready;
  const bool rest_end = acc_end_ && !(pop && out_last());
  if (pop)
    acc_.erase(acc_.begin(),
               acc_.begin() + static_cast<std::ptrdiff_t>(std::min(acc_.size(), lanes)));
  const bool take = exp_valid_ && !rest_end && acc_.size() <= lanes;
  const bool head_ready = !exp_valid_ || take;

  if (take) {
    acc_.insert(acc_.end(), exp_bytes_.begin(), exp_bytes_.end());
    acc_end_ = exp_last_;
  } else {
    acc_end_ = rest_end;
  }
  if (head_ready && fifo_.m_valid()) {
    exp_bytes_.assign(fifo_.m_beat().bytes.begin(), fifo_.m_beat().bytes.end());
    exp_last_ = fifo_.m_beat().last;
  }
  exp_valid_ = fifo_.m_valid() || (exp_valid_ && !take);

  // Pipeline: the last stage writes the FIFO or retires its beat.
  const Beat& packed = pipe_.back();
  const bool s_ready = fifo_.s_ready();
  const bool wr = packed.valid && packed.any;
  const bool drop = packed.valid && !packed.any;
  fifo_.tick(in.rst, in.s.tvalid, wr ? &packed : nullptr, drop, head_ready);

  decided_.valid = f.valid;
  decided_.last = f.last;
  decided_.any = f.valid && !f.units.empty();
  decided_.bytes.clear();
  if (f.valid) UnitsToUtf8(f.units, &decided_.bytes);
  // Every stage moves one on; the last one's buffer becomes the first's.
  std::rotate(pipe_.begin(), pipe_.end() - 1, pipe_.end());
  std::swap(pipe_.front(), decided_);

  status_.tick(in.rst, f);
  front_.tick(in.rst, in.cfg_mode, in.s, s_ready);

  if (in.rst) {
    for (Beat& b : pipe_) b.valid = false;
    exp_valid_ = false;
    acc_.clear();
    acc_end_ = false;
  }
}

}  // namespace utf8core
