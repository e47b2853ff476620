// Cycle model of the wide decoder; see utf8_wide_decoder.h. Stages as in
// rtl/utf8_wide_decoder.v: skid buffer, front end (LaneFrontModel), shift stage
// (s1_), output register. Everything but the skid buffer moves only when the
// output register is free or taken this cycle (the RTL's adv).
#include "utf8_wide_decoder.h"

#include <algorithm>

namespace utf8core {
namespace {
constexpr uint64_t kOffsetMask = 0xFFFFFFFFull;
constexpr uint64_t kCountMax = 0xFFFFFFFFull;
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
  o.stat_valid = stat_valid_;
  o.stat_error = stat_error_;
  o.stat_err_offset = stat_off_ & kOffsetMask;
  o.stat_err_class = stat_cls_;
  o.err_count = count_;
  return o;
}

void WideDecoderCycleModel::tick(const Inputs& in) {
  const bool adv = !out_valid_ || in.m_tready;
  const bool s_fire = in.s.tvalid && s_ready_;

  // What the front end sees: the skid buffer's beat, or the live one.
  WideBeatIn feed = sk_valid_ ? sk_ : in.s;
  feed.tvalid = sk_valid_ || s_fire;
  const bool feed_mode = sk_valid_ ? sk_mode_ : in.cfg_mode;

  stat_valid_ = false;
  if (adv) {
    // Status, from the shift stage.
    const bool verdict = s1_.valid && s1_.last;
    const bool take_beat = s1_.valid && s1_.err && !acc_err_;
    const bool pkt_err = acc_err_ || (s1_.valid && s1_.err);
    const uint64_t pkt_off = acc_err_ ? acc_off_ : (take_beat ? s1_.err_off : 0);
    const uint8_t pkt_cls = acc_err_ ? acc_cls_ : (take_beat ? s1_.err_cls : 0);
    if (take_beat) {
      acc_err_ = true;
      acc_off_ = s1_.err_off;
      acc_cls_ = s1_.err_cls;
    }
    stat_valid_ = verdict;
    if (verdict) {
      acc_err_ = false;
      stat_error_ = pkt_err;
      stat_off_ = pkt_off;
      stat_cls_ = pkt_cls;
    }
    if (s1_.valid) {
      for (int c = 0; c < 6; ++c) count_[c] = std::min(kCountMax, count_[c] + s1_.cnt[c]);
    }

    // Output register, packed from the shift stage; beats without units are dropped.
    out_valid_ = s1_.valid && !s1_.units.empty();
    out_last_ = s1_.last;
    out_units_ = s1_.units;

    // Shift stage, from the front end.
    const DecidedBeat& f = front_.out();
    s1_ = Stage();
    s1_.valid = f.valid;
    s1_.last = f.last;
    s1_.units = f.units;
    for (const Unit& u : f.units) {
      if (u.cls == ErrorClass::kOk) continue;
      if (!s1_.err) {
        s1_.err = true;
        s1_.err_off = u.offset;
        s1_.err_cls = static_cast<uint8_t>(u.cls);
      }
      ++s1_.cnt[static_cast<int>(u.cls) - 1];
    }
  }
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
    s1_.valid = false;
    s1_.units.clear();
    out_valid_ = false;
    acc_err_ = false;
    stat_valid_ = false;
    stat_error_ = false;
    stat_off_ = 0;
    stat_cls_ = 0;
    count_ = {};
  }
}

}  // namespace utf8core
