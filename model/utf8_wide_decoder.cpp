// Cycle model of the wide decoder; see utf8_wide_decoder.h. Stages as in
// rtl/utf8_wide_decoder.v: skid buffer, front end (LaneFrontModel), shift stage
// (s1_), output register. Everything but the skid buffer moves only when the
// output register is free or taken this cycle (the RTL's adv).
#include "utf8_wide_decoder.h"

namespace utf8core {
namespace {
constexpr uint64_t kOffsetMask = 0xFFFFFFFFull;
}  // namespace

WideDecoderCycleModel::WideDecoderCycleModel(int lanes) : lanes_(lanes), front_(lanes) {}

WideDecoderCycleModel::Outputs WideDecoderCycleModel::outputs() const {
  Outputs o;
  o.s_tready = s_ready_;
  o.m_tvalid = out_valid_;
  o.m_tlast = out_last_;
  o.m_tdata.assign(static_cast<size_t>(lanes_), 0);
  o.m_tuser.assign(static_cast<size_t>(lanes_), 0);
  for (size_t k = 0; k < out_units_.size(); ++k) {
    const Unit& u = out_units_[k];
    o.m_tdata[k] = u.code_point;
    o.m_tuser[k] = static_cast<uint8_t>((u.length << 3) | static_cast<uint8_t>(u.cls));
    o.m_tkeep |= uint64_t{1} << k;
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
  const bool adv = !out_valid_ || in.m_tready;
  const bool s_fire = in.s.tvalid && s_ready_;

  // What the front end sees: the skid buffer's beat, or the live one.
  WideBeatIn feed = sk_valid_ ? sk_ : in.s;
  feed.tvalid = sk_valid_ || s_fire;
  const bool feed_mode = sk_valid_ ? sk_mode_ : in.cfg_mode;

  if (adv) {
    // Output register, packed from the shift stage; beats without units are dropped.
    out_valid_ = s1_valid_ && !s1_units_.empty();
    out_last_ = s1_last_;
    out_units_ = s1_units_;
    // Shift stage, from the front end.
    const DecidedBeat& f = front_.out();
    s1_valid_ = f.valid;
    s1_last_ = f.last;
    s1_units_ = f.units;
  }
  status_.tick(in.rst, adv, front_.out());
  front_.tick(in.rst, feed_mode, feed, true, adv);

  // Skid buffer: takes the live beat when the pipeline is frozen.
  const bool sk_valid_d = sk_valid_ ? !adv : (s_fire && !adv);
  if (!sk_valid_) {
    sk_ = in.s;
    sk_mode_ = in.cfg_mode;
  }
  sk_valid_ = sk_valid_d;
  s_ready_ = !sk_valid_d;

  if (in.rst) {
    sk_valid_ = false;
    s_ready_ = true;
    s1_valid_ = false;
    s1_units_.clear();
    out_valid_ = false;
  }
}

}  // namespace utf8core
