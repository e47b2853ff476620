// The wide blocks' shared bench; see wide_bench.h.
#include "wide_bench.h"

#include <algorithm>
#include <cstring>

namespace utf8core {
namespace sim {

std::unique_ptr<WideRtl> MakeWideRtl(const char* block, int lanes, int out_units, const std::string& trace_path) {
  const int out = out_units > 0 ? out_units : lanes;
  for (const WideRtlEntry& e : WideRtlTable()) {
    if (e.lanes == lanes && e.out_units == out && std::strcmp(e.block, block) == 0) return e.make(trace_path);
  }
  return nullptr;
}

std::vector<int> WideLaneCounts(const char* block) {
  std::vector<int> v;
  for (const WideRtlEntry& e : WideRtlTable()) {
    if (e.out_units == e.lanes && std::strcmp(e.block, block) == 0) v.push_back(e.lanes);
  }
  std::sort(v.begin(), v.end());
  return v;
}

std::vector<int> WideNarrowLaneCounts(const char* block) {
  std::vector<int> v;
  for (const WideRtlEntry& e : WideRtlTable()) {
    if (e.out_units < e.lanes && std::strcmp(e.block, block) == 0) v.push_back(e.lanes);
  }
  std::sort(v.begin(), v.end());
  return v;
}

int WideNarrowOutUnits(const char* block, int lanes) {
  for (const WideRtlEntry& e : WideRtlTable()) {
    if (e.lanes == lanes && e.out_units < e.lanes && std::strcmp(e.block, block) == 0) return e.out_units;
  }
  return 0;
}

WideDriver::WideDriver(int lanes, PacketSource* source, const Traffic& traffic, Rng* rng)
    : lanes_(lanes), source_(source), traffic_(traffic), rng_(rng) {
  Advance();
}

// Moves to the source's next packet, so that done() is known as soon as the
// last one's last beat is taken.
void WideDriver::Advance() {
  beat_ = 0;
  have_packet_ = source_->NextPacket(lanes_, &packet_);
  aborts_ = have_packet_ && packet_.abort_after_beats >= 0;
}

const WideBeatIn& WideDriver::next(bool drained, bool* rst) {
  *rst = false;
  // Idle cycles carry noise: nothing may depend on tdata/tkeep/tlast without tvalid.
  for (int k = 0; k < lanes_; ++k) idle_.tdata[static_cast<size_t>(k)] = static_cast<uint8_t>(rng_->below(256));
  // Lanes past 64 draw their noise apart, so that narrower runs replay as before.
  idle_.tkeep = LaneMask(rng_->u64());
  if (lanes_ > 64) idle_.tkeep |= LaneMask(rng_->u64()) << 64;
  idle_.tlast = rng_->chance(0.5);
  // (from the keep noise rather than a draw of its own, so that the runs of
  // blocks without string starts replay as before)
  idle_.tuser = ~(idle_.tkeep >> 3);
  if (reset_wait_ >= 0) {
    if (reset_wait_-- == 0) {
      *rst = true;
      Advance();
    }
    return idle_;
  }
  if (!have_packet_) return idle_;
  if (presenting_) return cur_;
  if (aborts_ && beat_ == 0 && !drained) return idle_;
  if (aborts_ && beat_ == static_cast<size_t>(packet_.abort_after_beats)) {
    reset_wait_ = static_cast<int>(rng_->below(4));
    return idle_;
  }
  if (rng_->chance(traffic_.gap)) return idle_;
  cur_.tdata.fill(0);
  bool last = false;
  const size_t n = source_->NextBeat(lanes_, cur_.tdata.data(), &last);
  if (n == 0) {
    error_ = source_->error().empty() ? "the input ended inside a beat" : source_->error();
    have_packet_ = false;
    return idle_;
  }
  cur_.tkeep = FirstLanes(static_cast<int>(n));
  cur_.tuser = source_->BeatStarts();
  cur_.tvalid = true;
  cur_.tlast = last;
  presenting_ = true;
  return cur_;
}

void WideDriver::taken(bool fire) {
  if (!fire || !presenting_) return;
  presenting_ = false;
  ++beat_;
  if (cur_.tlast) {
    ++owed_;
    Advance();
  }
}

}  // namespace sim
}  // namespace utf8core
