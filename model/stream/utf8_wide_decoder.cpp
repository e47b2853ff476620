// Cycle model of the wide decoder; see utf8_wide_decoder.h. Stages as in
// rtl/stream/utf8_wide_decoder.v: front end (LaneFrontModel) and status run every
// clock; the shift and pack stages only delay a beat by their registers; the
// pack register writes the FIFO (or drops a beat without units); the FIFO's
// head moves into the output register when that is free or taken.
#include "utf8_wide_decoder.h"

#include <algorithm>
#include <cstddef>
#include <utility>

#include "utf8_lane_stages.h"

namespace utf8core {
namespace {
constexpr uint64_t kOffsetMask = 0xFFFFFFFFull;

// Levels per clock of the RTL's shift and pack stages (SCAN_STEP, PACK_STEP).
constexpr int kScanStep = 2;
constexpr int PackStep(int lanes) { return lanes >= 64 ? 2 : 1; }

}  // namespace

WideDecoderCycleModel::WideDecoderCycleModel(int lanes)
    : lanes_(lanes),
      front_(lanes),
      status_(lanes),
      pipe_(static_cast<size_t>(StageCuts(CeilLog2(lanes), kScanStep) +
                                StageCuts(CeilLog2(lanes), PackStep(lanes)))),
      fifo_(DepthFor(lanes)) {}

WideDecoderCycleModel::Outputs WideDecoderCycleModel::outputs() const {
  Outputs o;
  const Beat& out = fifo_.m_beat();
  o.s_tready = fifo_.s_ready();
  o.m_tvalid = fifo_.m_valid();
  o.m_tlast = out.last;
  for (size_t k = 0; k < out.units.size(); ++k) {
    const Unit& u = out.units[k];
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

  const bool s_ready = fifo_.s_ready();
  const bool wr = packed.valid && !packed.units.empty();
  const bool drop = packed.valid && packed.units.empty();
  fifo_.tick(in.rst, in.s.tvalid, wr ? &packed : nullptr, drop, in.m_tready);
  if (!pipe_.empty()) {
    // Every stage moves one on; the last one's buffer becomes the first's.
    std::rotate(pipe_.begin(), pipe_.end() - 1, pipe_.end());
    std::swap(pipe_.front(), decided_);
  }

  status_.tick(in.rst, f);
  front_.tick(in.rst, in.cfg_mode, in.s, s_ready);

  if (in.rst) {
    for (Beat& b : pipe_) b.valid = false;
  }
}

}  // namespace utf8core
