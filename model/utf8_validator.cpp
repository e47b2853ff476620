// Cycle models of the wide front end and the wide validator; see utf8_validator.h.
// The register stages follow rtl/utf8_lane_front.v and rtl/utf8_validator.v one for
// one; each tick() reads the previous cycle's state of a stage before the stage
// upstream of it is overwritten, as the flip-flops do.
#include "utf8_validator.h"

#include <algorithm>

namespace utf8core {

bool IsValidLaneCount(int lanes) {
  return lanes == 1 || lanes == 2 || lanes == 4 || lanes == 8 || lanes == 16 ||
         lanes == 32 || lanes == 64;
}

namespace {

constexpr uint64_t kOffsetMask = 0xFFFFFFFFull;
constexpr uint64_t kCountMax = 0xFFFFFFFFull;

int KeptBytes(uint64_t keep, int lanes) {
  int n = 0;
  while (n < lanes && ((keep >> n) & 1)) ++n;
  return n;
}

}  // namespace

// A unit ends in a beat when its last byte is there. The real decoder holds
// every byte of the packet moved so far; units still open at the beat's end
// are closed in a copy by the look-ahead byte (or by the end of the packet), as
// the RTL's top lane decides with its one byte of look-ahead.
DecidedBeat LaneFrontModel::Decide(const Pending& p, uint8_t lookahead) {
  DecidedBeat d;
  d.valid = true;
  d.last = p.last;
  d.base = p.base;
  if (p.first) dec_ = Decoder(p.mode);
  const int n = KeptBytes(p.keep, lanes_);
  std::vector<Unit> units;
  dec_.push(p.data.data(), static_cast<size_t>(n), &units);
  if (p.last) {
    dec_.end_of_packet(&units);
  } else {
    Decoder ahead = dec_;
    ahead.push(lookahead, &units);
  }
  for (const Unit& u : units) {
    const uint64_t end = u.offset + u.length - 1;
    if (end < p.base || end >= p.base + static_cast<uint64_t>(n)) continue;
    d.units.push_back(u);
    d.lanes.push_back(static_cast<int>(end - p.base));
  }
  return d;
}

void LaneFrontModel::tick(bool rst, bool cfg_mode, const WideBeatIn& in, bool s_ready, bool ce) {
  if (!ce) {
    if (rst) {
      p_.valid = false;
      in_pkt_ = false;
      w_ = DecidedBeat();
      o_ = DecidedBeat();
    }
    return;
  }
  const bool s_fire = in.tvalid && s_ready;
  const bool p_move = p_.valid && (p_.last || s_fire);

  // Decided stage takes the window stage.
  o_ = w_;
  // Window stage takes the pending beat.
  if (p_move) {
    w_ = Decide(p_, in.tdata.empty() ? 0 : in.tdata[0]);
  } else {
    w_ = DecidedBeat();
  }
  // Pending stage takes the input.
  if (s_fire) {
    const Mode m = cfg_mode ? Mode::kAnnexR : Mode::kRfc3629;
    p_.data = in.tdata;
    p_.data.resize(static_cast<size_t>(lanes_), 0);
    p_.keep = in.tkeep;
    p_.last = in.tlast;
    p_.first = !in_pkt_;
    p_.mode = in_pkt_ ? in_mode_ : m;
    p_.base = in_pkt_ ? in_off_ : 0;
    in_mode_ = p_.mode;
    in_off_ = p_.base + static_cast<uint64_t>(lanes_);
    p_.valid = true;
    in_pkt_ = !in.tlast;
  } else if (p_move) {
    p_.valid = false;
  }
  if (rst) {
    p_.valid = false;
    in_pkt_ = false;
    w_ = DecidedBeat();
    o_ = DecidedBeat();
  }
}

ValidatorCycleModel::ValidatorCycleModel(int lanes) : lanes_(lanes), front_(lanes) {}

ValidatorCycleModel::Outputs ValidatorCycleModel::outputs() const {
  Outputs o;
  o.s_tready = s_ready_;
  o.m_tvalid = !queue_.empty();
  if (o.m_tvalid) {
    o.m_tdata = queue_.front().offset & kOffsetMask;
    o.m_tuser = static_cast<uint8_t>((queue_.front().cls << 1) | (queue_.front().error ? 1 : 0));
  }
  o.m_tlast = true;
  o.stat_valid = stat_valid_;
  o.stat_error = stat_.error;
  o.stat_err_offset = stat_.offset & kOffsetMask;
  o.stat_err_class = stat_.cls;
  o.err_count = count_;
  return o;
}

void ValidatorCycleModel::tick(const Inputs& in) {
  const bool s_ready = s_ready_;
  const bool s_fire = in.s.tvalid && s_ready;
  const bool m_fire = !queue_.empty() && in.m_tready;
  const bool verdict = r_valid_ && r_last_;
  const bool take_beat = r_valid_ && r_err_ && !acc_err_;
  Verdict pkt;
  pkt.error = acc_err_ || (r_valid_ && r_err_);
  pkt.offset = acc_err_ ? acc_off_ : (take_beat ? r_off_ : 0);
  pkt.cls = acc_err_ ? acc_cls_ : (take_beat ? r_cls_ : 0);

  // Verdict queue and the credit that guards it.
  if (m_fire) queue_.pop_front();
  if (verdict) queue_.push_back(pkt);
  outstanding_ += (s_fire && in.s.tlast ? 1 : 0) - (m_fire ? 1 : 0);
  s_ready_ = outstanding_ < kQueue;

  // Accumulate stage.
  if (take_beat) {
    acc_err_ = true;
    acc_off_ = r_off_;
    acc_cls_ = r_cls_;
  }
  stat_valid_ = verdict;
  if (verdict) {
    acc_err_ = false;
    stat_ = pkt;
  }
  if (r_valid_) {
    for (int c = 0; c < 6; ++c) count_[c] = std::min(kCountMax, count_[c] + r_cnt_[c]);
  }

  // Reduce stage, from the front end's decided beat.
  const DecidedBeat& f = front_.out();
  r_valid_ = f.valid;
  r_last_ = f.last;
  r_err_ = false;
  r_cnt_ = {};
  for (const Unit& u : f.units) {
    if (u.cls == ErrorClass::kOk) continue;
    if (!r_err_) {
      r_err_ = true;
      r_off_ = u.offset;
      r_cls_ = static_cast<uint8_t>(u.cls);
    }
    ++r_cnt_[static_cast<int>(u.cls) - 1];
  }

  front_.tick(in.rst, in.cfg_mode, in.s, s_ready);

  if (in.rst) {
    r_valid_ = false;
    acc_err_ = false;
    stat_valid_ = false;
    stat_ = Verdict();
    count_ = {};
    queue_.clear();
    outstanding_ = 0;
    s_ready_ = true;
  }
}

}  // namespace utf8core
