// Cycle model of the string validator; see utf8_string_validator.h. Each
// tick() reads the previous cycle's state of a stage before the stage upstream
// of it is overwritten, as the flip-flops do.
#include "utf8_string_validator.h"

namespace utf8core {

namespace {

constexpr uint64_t kOffsetMask = 0xFFFFFFFFull;

// utf8_lane_scan's LEVELS: log2(lanes), at least 1.
int ScanLevels(int lanes) {
  int n = 0;
  while ((1 << n) < lanes) ++n;
  return n < 1 ? 1 : n;
}

// The second scan's levels (a plain OR, in steps of four).
int OrLevels(int lanes) { return lanes <= 4 ? 1 : lanes <= 16 ? 2 : lanes <= 64 ? 3 : 4; }

// The RTL's count steps P1..PN: 3 at 16 lanes or fewer, one more per doubling.
int CountSteps(int lanes) {
  int n = 3;
  for (int l = 32; l <= lanes; l *= 2) ++n;
  return n;
}

}  // namespace

StringValidatorCycleModel::StringValidatorCycleModel(int lanes)
    : lanes_(lanes),
      scan_levels_(ScanLevels(lanes)),
      count_steps_(CountSteps(lanes)),
      or_levels_(OrLevels(lanes)),
      stat_delay_(ScanLevels(lanes) + OrLevels(lanes) + CountSteps(lanes) - (lanes > 64 ? 6 : 5)),
      front_(lanes),
      status_(lanes),
      fifo_(kQueue) {
  Reset();
}

void StringValidatorCycleModel::Reset() {
  carry_ = found_ = false;
  first_bad_ = bad_ = str_base_ = 0;
  f_line_.assign(static_cast<size_t>(scan_levels_ + 1), OutBeat());
  f_ = OutBeat();
  // The sums' data registers are not reset; only whether they hold a packet.
  for (Sums& s : q_line_) s.valid = s.load = false;
  q_line_.resize(static_cast<size_t>(3 + scan_levels_ + or_levels_ + count_steps_));
  q_.valid = false;
  for (auto& s : st_line_) s.valid = false;
  st_line_.resize(static_cast<size_t>(stat_delay_));
  r_.valid = false;
  r2_.valid = false;
}

StringValidatorCycleModel::Outputs StringValidatorCycleModel::outputs() const {
  Outputs o;
  o.s_tready = fifo_.s_ready();
  o.m_tvalid = fifo_.m_valid();
  if (o.m_tvalid) {
    const OutBeat& out = fifo_.m_beat();
    o.m_tkeep = out.end;
    o.m_tdata = out.ok;
    o.m_tlast = out.last;
  }
  o.stat_valid = r2_.valid;
  o.stat_error = r2_.error;
  o.stat_err_offset = r2_.offset & kOffsetMask;
  o.stat_err_class = r2_.cls;
  o.stat_err_str_offset = r2_.str_offset & kOffsetMask;
  o.stat_first_bad = r2_.first_bad & kOffsetMask;
  o.stat_bad_strings = r2_.bad & kOffsetMask;
  o.err_count = status_.counts();
  return o;
}

void StringValidatorCycleModel::tick(const Inputs& in) {
  const bool s_ready = fifo_.s_ready();

  // Output FIFO, written by stage F with every beat.
  fifo_.tick(in.rst, in.s.tvalid, f_.valid ? &f_ : nullptr, false, in.m_tready);

  // R2: R1 a clock later (the RTL splits the in-string offset's subtraction).
  r2_ = r_;
  // R1: the sums of stage Q with utf8_lane_status's verdict, STAT_DELAY clocks late.
  const LaneStatusModel::Status met = stat_delay_ == 0 ? status_.status() : st_line_.back();
  r_.valid = q_.valid;
  r_.error = met.error;
  r_.offset = met.offset;
  r_.cls = met.cls;
  r_.str_offset = q_.found ? (met.offset - q_.str_base) & kOffsetMask : 0;
  r_.first_bad = q_.found ? q_.first_bad : 0;
  r_.bad = q_.bad;
  if (stat_delay_ > 0) {
    st_line_.push_front(status_.status());
    st_line_.pop_back();
  }

  // The decided beat, read as stage S1 takes it: its verdicts (stage F's,
  // LV + 1 clocks on) and the packet's sums after it (stage Q's, 3 + LV + LV2 + NP on).
  const DecidedBeat& d = front_.out();
  OutBeat f;
  Sums s;
  if (d.valid) {
    LaneMask err;
    for (size_t u = 0; u < d.units.size(); ++u) {
      if (d.units[u].cls != ErrorClass::kOk) err.set(static_cast<size_t>(d.lanes[u]));
    }
    f.valid = true;
    f.last = d.last;
    f.end = d.str_ends;
    bool cur = carry_;
    bool stop = found_;  // the first ill-formed string of the packet is behind
    int to_first = 0;    // well-formed strings ending before it in this beat
    for (int k = 0; k < lanes_; ++k) {
      const size_t kk = static_cast<size_t>(k);
      if (d.starts.test(kk)) cur = false;
      if (err.test(kk)) cur = true;
      if (!d.str_ends.test(kk)) {
        if (!stop && d.starts.test(kk)) str_base_ = d.base + kk;
        continue;
      }
      if (!cur) f.ok.set(kk);
      if (cur) ++bad_;
      if (stop) continue;
      if (d.starts.test(kk)) str_base_ = d.base + kk;
      if (cur) {
        stop = true;
      } else {
        ++to_first;
      }
    }
    carry_ = cur;
    if (!found_) first_bad_ += static_cast<uint64_t>(to_first);
    found_ = stop;
    s.load = true;
    s.valid = d.last;
    s.found = found_;
    s.first_bad = first_bad_ & kOffsetMask;
    s.bad = bad_ & kOffsetMask;
    s.str_base = str_base_ & kOffsetMask;
    if (d.last) {
      found_ = false;
      first_bad_ = bad_ = str_base_ = 0;
    }
  }
  f_line_.push_back(f);
  f_ = f_line_.front();
  f_line_.pop_front();
  q_line_.push_back(s);
  const Sums q = q_line_.front();
  q_line_.pop_front();
  q_.valid = q.valid;
  if (q.load) q_ = q;

  status_.tick(in.rst, front_.out());
  front_.tick(in.rst, in.cfg_mode, in.s, s_ready);

  if (in.rst) Reset();
}

}  // namespace utf8core
