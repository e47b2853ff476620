// Cycle model of the wide status; see utf8_lane_status.h. Stages as in
// rtl/lane/utf8_lane_status.v, each read before the stage upstream overwrites it.
#include "utf8_lane_status.h"

#include <algorithm>

namespace utf8core {
namespace {

constexpr uint64_t kCountMax = 0xFFFFFFFFull;

}  // namespace

void LaneStatusModel::tick(bool rst, const DecidedBeat& in) {
  // Stages D2, D1: delay stage C's pulse by two clocks; C2 shows the counters
  // a clock after stage C counts.
  stat_.valid = d1_valid_;
  if (d1_valid_) {
    stat_.error = d1_.error;
    stat_.offset = d1_.offset;
    stat_.cls = d1_.cls;
  }
  d1_valid_ = s_valid_;
  if (s_valid_) d1_ = s_;
  s_valid_ = false;
  shown_count_ = count_;
  // Stage C: over the packet, from the last reduction step.
  const Beat& t = r_[static_cast<size_t>(steps_ - 1)];
  const bool take_beat = t.valid && t.err && !acc_err_;
  const bool verdict = t.valid && t.last;
  s_valid_ = verdict;
  if (verdict) {
    s_.error = acc_err_ || t.err;
    s_.offset = acc_err_ ? acc_off_ : (t.err ? t.off : 0);
    s_.cls = acc_err_ ? acc_cls_ : (t.err ? t.cls : 0);
  }
  if (take_beat) {
    acc_err_ = true;
    acc_off_ = t.off;
    acc_cls_ = t.cls;
  }
  if (verdict) acc_err_ = false;
  if (t.valid) {
    for (int c = 0; c < 6; ++c) count_[c] = std::min(kCountMax, count_[c] + t.cnt[c]);
  }
  // Stages R4..R0 (R5..R0), L: the decided beat's first error and counts, six
  // (seven) clocks on.
  for (size_t i = static_cast<size_t>(steps_ - 1); i > 0; --i) r_[i] = r_[i - 1];
  r_[0] = l_;
  l_ = Beat();
  l_.valid = in.valid;
  l_.last = in.last;
  for (const Unit& u : in.units) {
    if (u.cls == ErrorClass::kOk) continue;
    if (!l_.err) {
      l_.err = true;
      l_.off = u.offset;
      l_.cls = static_cast<uint8_t>(u.cls);
    }
    ++l_.cnt[static_cast<int>(u.cls) - 1];
  }
  if (rst) {
    l_.valid = false;
    for (Beat& b : r_) b.valid = false;
    acc_err_ = false;
    s_valid_ = false;
    d1_valid_ = false;
    stat_ = Status();
    count_ = {};
    shown_count_ = {};
  }
}

}  // namespace utf8core
