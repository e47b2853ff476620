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

void LaneFrontModel::tick(bool rst, bool cfg_mode, const WideBeatIn& in, bool s_ready) {
  const bool i_fire = i_.valid;
  const WideBeatIn& ib = i_.beat;
  const bool p_move = p_.valid && (p_.last || i_fire);

  // Decided stage takes the take stage, which takes the window stage.
  o_ = x_;
  x_ = w_;
  // Window stage takes the pending beat; its look-ahead byte is lane 0 of the
  // input register's beat.
  if (p_move) {
    w_ = Decide(p_, (!i_fire || ib.tdata.empty()) ? 0 : ib.tdata[0]);
  } else {
    w_ = DecidedBeat();
  }
  // Pending stage takes the input register's beat.
  if (i_fire) {
    const Mode m = i_.mode ? Mode::kAnnexR : Mode::kRfc3629;
    p_.data = ib.tdata;
    p_.data.resize(static_cast<size_t>(lanes_), 0);
    p_.keep = ib.tkeep;
    p_.last = ib.tlast;
    p_.first = !in_pkt_;
    p_.mode = in_pkt_ ? in_mode_ : m;
    p_.base = in_pkt_ ? in_off_ : 0;
    in_mode_ = p_.mode;
    in_off_ = p_.base + static_cast<uint64_t>(lanes_);
    p_.valid = true;
    in_pkt_ = !ib.tlast;
  } else if (p_move) {
    p_.valid = false;
  }
  // Input register takes an accepted beat, and cfg_mode with it.
  i_.valid = in.tvalid && s_ready;
  if (i_.valid) {
    i_.beat = in;
    i_.mode = cfg_mode;
  }
  if (rst) {
    i_.valid = false;
    p_.valid = false;
    in_pkt_ = false;
    w_ = DecidedBeat();
    x_ = DecidedBeat();
    o_ = DecidedBeat();
  }
}

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
  const Beat& t = r_[kSteps - 1];
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
  // Stages R4..R0, L: the decided beat's first error and counts, six clocks on.
  for (int i = kSteps - 1; i > 0; --i) r_[i] = r_[i - 1];
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

ValidatorCycleModel::ValidatorCycleModel(int lanes) : lanes_(lanes), front_(lanes) {}

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
  // Ready next clock reads the count before this clock's events (the RTL's
  // next ready is one flop of the credit), which counts a packet a clock after
  // its last beat is accepted.
  s_ready_ = outstanding_ < kQueue - 2;
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
  }
}

}  // namespace utf8core
