// Cycle model of the wide validator; see utf8_validator.h. The verdict queue and
// the credit follow rtl/stream/utf8_validator.v; each tick() reads the previous cycle's
// state of a stage before the stage upstream of it is overwritten, as the
// flip-flops do.
#include "utf8_validator.h"

namespace utf8core {

namespace {

constexpr uint64_t kOffsetMask = 0xFFFFFFFFull;

}  // namespace

ValidatorCycleModel::ValidatorCycleModel(int lanes)
    : lanes_(lanes), front_(lanes), status_(lanes) {}

ValidatorCycleModel::Outputs ValidatorCycleModel::outputs() const {
  Outputs o;
  o.s_tready = s_ready_;
  o.m_tvalid = out_valid_;
  if (o.m_tvalid) {
    o.m_tdata = out_.offset & kOffsetMask;
    o.m_tuser = static_cast<uint8_t>((out_.cls << 1) | (out_.error ? 1 : 0));
  }
  o.m_tlast = true;
  const LaneStatusModel::Status& st = status_.status();
  o.stat_valid = st.valid;
  o.stat_error = st.error;
  o.stat_err_offset = st.offset & kOffsetMask;
  o.stat_err_class = st.cls;
  o.err_count = status_.counts();
  return o;
}

void ValidatorCycleModel::tick(const Inputs& in) {
  const bool s_ready = s_ready_;
  const bool s_fire = in.s.tvalid && s_ready;
  const bool m_fire = out_valid_ && in.m_tready;
  const bool owe = s_fire && in.s.tlast;

  // Verdict queue: the output register reloads from the buffer (as it was before
  // this edge) when empty or taken; the status pulse writes the buffer.
  const LaneStatusModel::Status& st = status_.status();
  if (!queue_.empty() && (!out_valid_ || in.m_tready)) {
    out_ = queue_.front();
    queue_.pop_front();
    out_valid_ = true;
  } else if (m_fire) {
    out_valid_ = false;
  }
  if (st.valid) queue_.push_back(Verdict{st.offset, st.cls, st.error});
  // The credit that guards it.
  // Ready two clocks on reads the count before this clock's events (the RTL's
  // ready is two flops behind a bit of the credit), which counts a packet a
  // clock after its last beat is accepted.
  s_ready_ = s_ready_pre_;
  s_ready_pre_ = outstanding_ < kQueue - 3;
  outstanding_ += (owe_q_ ? 1 : 0) - (m_fire ? 1 : 0);
  owe_q_ = owe;

  status_.tick(in.rst, front_.out());
  front_.tick(in.rst, in.cfg_mode, in.s, s_ready);

  if (in.rst) {
    queue_.clear();
    out_valid_ = false;
    outstanding_ = 0;
    owe_q_ = false;
    s_ready_ = true;
    s_ready_pre_ = true;
  }
}

}  // namespace utf8core
