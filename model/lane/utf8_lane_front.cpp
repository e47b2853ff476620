// Cycle model of the wide front end; see utf8_lane_front.h. The register stages
// follow rtl/lane/utf8_lane_front.v one for one; each tick() reads the previous
// cycle's state of a stage before the stage upstream of it is overwritten, as
// the flip-flops do.
#include "utf8_lane_front.h"

#include <utility>

namespace utf8core {
namespace {

int KeptBytes(const LaneMask& keep, int lanes) {
  int n = 0;
  while (n < lanes && keep.test(static_cast<size_t>(n))) ++n;
  return n;
}

}  // namespace

void LaneFrontModel::Push(const uint8_t* data, size_t n) {
  str_units_.clear();
  dec_.push(data, n, &str_units_);
  for (Unit u : str_units_) {
    u.offset += str_base_;
    ended_.push_back(u);
  }
}

// A unit ends in a beat when its last byte is there. The real decoder holds
// every byte of the string moved so far; units still open at the beat's end
// are closed in a copy by the look-ahead byte (or by the end of the packet, or
// of the string when the look-ahead byte starts the next), as the RTL's top
// lane decides with its one byte of look-ahead. At a string start the string
// before ends as a packet would, and a new decoder takes the rest.
void LaneFrontModel::Decide(const Pending& p, uint8_t lookahead, bool lookahead_start, DecidedBeat* d) {
  d->clear();
  d->valid = true;
  d->last = p.last;
  d->base = p.base;
  if (p.first) {
    dec_ = Decoder(p.mode);
    str_base_ = p.base;
  }
  const int n = KeptBytes(p.keep, lanes_);
  d->data = p.data;
  d->kept = n;
  ended_.clear();
  int from = 0;
  for (int k = p.first ? 1 : 0; k < n; ++k) {
    if (!p.start.test(static_cast<size_t>(k))) continue;
    Push(p.data.data() + from, static_cast<size_t>(k - from));
    str_units_.clear();
    dec_.end_of_packet(&str_units_);
    for (Unit u : str_units_) {
      u.offset += str_base_;
      ended_.push_back(u);
    }
    dec_ = Decoder(p.mode);
    str_base_ = p.base + static_cast<uint64_t>(k);
    from = k;
  }
  Push(p.data.data() + from, static_cast<size_t>(n - from));
  str_units_.clear();
  if (p.last) {
    dec_.end_of_packet(&str_units_);
  } else {
    Decoder ahead = dec_;
    if (lookahead_start) {
      ahead.end_of_packet(&str_units_);
    } else {
      ahead.push(lookahead, &str_units_);
    }
  }
  for (Unit u : str_units_) {
    u.offset += str_base_;
    ended_.push_back(u);
  }
  for (int k = 0; k < n; ++k) {
    const size_t kk = static_cast<size_t>(k);
    if (p.start.test(kk)) d->starts.set(kk);
    const bool next_starts = k + 1 < lanes_ ? p.start.test(kk + 1) : lookahead_start;
    if ((p.last && k == n - 1) || next_starts) d->str_ends.set(kk);
  }
  for (const Unit& u : ended_) {
    const uint64_t end = u.offset + u.length - 1;
    if (end < p.base || end >= p.base + static_cast<uint64_t>(n)) continue;
    d->units.push_back(u);
    d->lanes.push_back(static_cast<int>(end - p.base));
  }
}

void LaneFrontModel::tick(bool rst, bool cfg_mode, const WideBeatIn& in, bool s_ready) {
  const bool in_fire = in_.valid;
  const WideBeatIn& ib = in_.beat;
  const bool pend_move = pend_.valid && (pend_.last || in_fire);

  // Decided stage takes the take stage, which takes the window stage; the
  // swaps hand each stage's storage on instead of copying it.
  std::swap(dec_beat_, take_);
  std::swap(take_, win_);
  // Window stage takes the pending beat; its look-ahead byte is lane 0 of the
  // input register's beat.
  if (pend_move) {
    Decide(pend_, in_fire ? ib.tdata[0] : 0, in_fire && ib.tuser.test(0), &win_);
  } else {
    win_.clear();
  }
  // Pending stage takes the input register's beat.
  if (in_fire) {
    const Mode m = in_.mode ? Mode::kAnnexR : Mode::kRfc3629;
    pend_.data = ib.tdata;
    for (int k = lanes_; k < kMaxLanes; ++k) pend_.data[static_cast<size_t>(k)] = 0;
    pend_.keep = ib.tkeep;
    pend_.start = ib.tuser & FirstLanes(lanes_);
    if (!in_pkt_) pend_.start.set(0);
    pend_.last = ib.tlast;
    pend_.first = !in_pkt_;
    pend_.mode = in_pkt_ ? in_mode_ : m;
    pend_.base = in_pkt_ ? in_off_ : 0;
    in_mode_ = pend_.mode;
    in_off_ = pend_.base + static_cast<uint64_t>(lanes_);
    pend_.valid = true;
    in_pkt_ = !ib.tlast;
  } else if (pend_move) {
    pend_.valid = false;
  }
  // Input register takes an accepted beat, and cfg_mode with it.
  in_.valid = in.tvalid && s_ready;
  if (in_.valid) {
    in_.beat = in;
    in_.mode = cfg_mode;
  }
  if (rst) {
    in_.valid = false;
    pend_.valid = false;
    in_pkt_ = false;
    win_.clear();
    take_.clear();
    dec_beat_.clear();
  }
}

}  // namespace utf8core
