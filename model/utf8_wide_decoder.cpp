// Cycle model of the wide decoder; see utf8_wide_decoder.h. Stages as in
// rtl/utf8_wide_decoder.v: front end (LaneFrontModel) and status run every
// clock; the shift and pack stages only delay a beat by their registers; the
// pack register writes the FIFO (or drops a beat without units); the FIFO's
// head moves into the output register when that is free or taken.
#include "utf8_wide_decoder.h"

#include <algorithm>
#include <cstddef>
#include <utility>

namespace utf8core {
namespace {
constexpr uint64_t kOffsetMask = 0xFFFFFFFFull;

// Levels per clock of the RTL's shift and pack stages (SCAN_STEP, PACK_STEP).
constexpr int kScanStep = 2;
constexpr int kPackStep = 1;

// Registers of a stage of `levels` levels cut every `step` levels and after
// the last one (the RTL's cut_mask).
int Cuts(int levels, int step) {
  int n = 0;
  for (int i = 0; i < levels; ++i) {
    if (i % step == step - 1 || i == levels - 1) ++n;
  }
  return n;
}

int Log2(int lanes) {
  int n = 0;
  while ((1 << n) < lanes) ++n;
  return n;
}
}  // namespace

WideDecoderCycleModel::WideDecoderCycleModel(int lanes)
    : lanes_(lanes),
      front_(lanes),
      status_(lanes),
      depth_(DepthFor(lanes)),
      pipe_(static_cast<size_t>(Cuts(Log2(lanes), kScanStep) + Cuts(Log2(lanes), kPackStep))),
      fifo_(static_cast<size_t>(depth_)) {}

WideDecoderCycleModel::Outputs WideDecoderCycleModel::outputs() const {
  Outputs o;
  o.s_tready = s_ready_;
  o.m_tvalid = out_valid_;
  o.m_tlast = out_.last;
  for (size_t k = 0; k < out_.units.size(); ++k) {
    const Unit& u = out_.units[k];
    o.m_tdata[k] = u.code_point;
    o.m_tuser[k] = static_cast<uint8_t>((u.length << 3) | static_cast<uint8_t>(u.cls));
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

void WideDecoderCycleModel::tick(const Inputs& in) {
  const DecidedBeat& f = front_.out();
  decided_.valid = f.valid;
  decided_.last = f.last;
  decided_.units.clear();
  if (f.valid) decided_.units.assign(f.units.begin(), f.units.end());
  // With no shift or pack register (LANES 1) the FIFO is written from the front end.
  const Beat& packed = pipe_.empty() ? decided_ : pipe_.back();

  const bool s_ready = s_ready_;
  const bool acc = in.s.tvalid && s_ready;
  const bool pop = out_valid_ && in.m_tready;
  const bool rd = fifo_count_ > 0 && (!out_valid_ || in.m_tready);
  const bool wr = packed.valid && !packed.units.empty();
  const bool drop = packed.valid && packed.units.empty();

  credit_ += (acc ? 1 : 0) - (pop ? 1 : 0) - (drop ? 1 : 0);
  s_ready_ = credit_ < depth_;

  if (rd) {
    std::swap(out_, fifo_[fifo_head_]);  // the slot is free now; its buffer is reused
    fifo_head_ = (fifo_head_ + 1) % fifo_.size();
    --fifo_count_;
  }
  out_valid_ = rd || (out_valid_ && !in.m_tready);
  if (wr) {
    if (fifo_count_ == fifo_.size()) {
      // The credit keeps the RTL's FIFO within DEPTH entries, so this never
      // happens; if the model ever disagreed, it grows rather than lose a beat.
      std::rotate(fifo_.begin(), fifo_.begin() + static_cast<std::ptrdiff_t>(fifo_head_), fifo_.end());
      fifo_head_ = 0;
      fifo_.resize(fifo_.size() * 2);
    }
    Beat& slot = fifo_[(fifo_head_ + fifo_count_) % fifo_.size()];
    slot.valid = packed.valid;
    slot.last = packed.last;
    slot.units.assign(packed.units.begin(), packed.units.end());
    ++fifo_count_;
  }
  if (!pipe_.empty()) {
    // Every stage moves one on; the last one's buffer becomes the first's.
    std::rotate(pipe_.begin(), pipe_.end() - 1, pipe_.end());
    std::swap(pipe_.front(), decided_);
  }

  status_.tick(in.rst, f);
  front_.tick(in.rst, in.cfg_mode, in.s, s_ready);

  if (in.rst) {
    credit_ = 0;
    s_ready_ = true;
    for (Beat& b : pipe_) b.valid = false;
    fifo_head_ = 0;
    fifo_count_ = 0;
    out_valid_ = false;
  }
}

}  // namespace utf8core
