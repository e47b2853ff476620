// Cycle model of the wide decoder; see utf8_wide_decoder.h. Stages as in
// rtl/stream/utf8_wide_decoder.v: front end (LaneFrontModel) and status run every
// clock; the shift and pack stages only delay a beat by their registers; the
// pack register writes the FIFO (or drops a beat without units); the FIFO's
// head moves into the output register when that is free or taken. With
// OUT_UNITS below LANES the FIFO's head is the ring's input instead.
#include "utf8_wide_decoder.h"

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <utility>

#include "utf8_lane_stages.h"

namespace utf8core {
namespace {
constexpr uint64_t kOffsetMask = 0xFFFFFFFFull;

// Levels per clock of the RTL's shift and pack stages (SCAN_STEP, PACK_STEP).
constexpr int kScanStep = 2;
constexpr int PackStep(int lanes) { return lanes >= 64 ? 2 : 1; }

// The ring's item: the RTL's element {cp[31:0], len[2:0], cls[2:0]}.
constexpr int kItemBits = 38;
uint64_t Item(const Unit& u) {
  return (uint64_t{u.code_point} << 6) | (uint64_t{u.length} << 3) | static_cast<uint64_t>(u.cls);
}

}  // namespace

WideDecoderCycleModel::WideDecoderCycleModel(int lanes, int out_units)
    : lanes_(lanes),
      out_units_(out_units > 0 ? out_units : lanes),
      front_(lanes),
      status_(lanes),
      pipe_(static_cast<size_t>(StageCuts(CeilLog2(lanes), kScanStep) +
                                StageCuts(CeilLog2(lanes), PackStep(lanes)))),
      fifo_(DepthFor(lanes)) {
  if (out_units_ > lanes_) throw std::invalid_argument("utf8_wide_decoder model: OUT_UNITS 1..LANES");
  if (out_units_ < lanes_) repack_ = std::make_unique<RepackRingCycleModel>(kItemBits, lanes_, out_units_);
}

RepackCycleModel::Inputs WideDecoderCycleModel::RepackIn(bool rst, bool m_tready) const {
  RepackCycleModel::Inputs r;
  // The FIFO's head: an entry of LANES elements, those past its units the
  // compaction's zeros.
  const Beat& head = fifo_.m_beat();
  r.rst = rst;
  for (size_t k = 0; k < head.units.size(); ++k) r.s_data[k] = Item(head.units[k]);
  r.s_count = static_cast<uint32_t>(head.units.size());
  r.s_valid = fifo_.m_valid();
  r.s_last = head.last;
  r.m_ready = m_tready;
  return r;
}

WideDecoderCycleModel::Outputs WideDecoderCycleModel::outputs() const {
  Outputs o;
  o.s_tready = fifo_.s_ready();
  if (repack_) {
    // The output beat is the ring's row at its read pointer: no input changes
    // it, so an idle input does.
    static const RepackCycleModel::Inputs kIdle{};
    const RepackCycleModel::Outputs r = repack_->outputs(kIdle);
    o.m_tvalid = r.m_valid;
    o.m_tlast = r.m_last;
    for (int k = 0; k < out_units_; ++k) {
      const uint64_t item = r.m_data[static_cast<size_t>(k)];
      o.m_tdata[static_cast<size_t>(k)] = static_cast<uint32_t>(item >> 6);
      o.m_tuser[static_cast<size_t>(k)] = static_cast<uint8_t>(item & 0x3F);
      if ((r.m_keep >> k) & 1) o.m_tkeep.set(static_cast<size_t>(k));
    }
  } else {
    const Beat& out = fifo_.m_beat();
    o.m_tvalid = fifo_.m_valid();
    o.m_tlast = out.last;
    for (size_t k = 0; k < out.units.size(); ++k) {
      const Unit& u = out.units[k];
      o.m_tdata[k] = u.code_point;
      o.m_tuser[k] = static_cast<uint8_t>((u.length << 3) | static_cast<uint8_t>(u.cls));
      o.m_tkeep.set(k);
    }
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
  if (repack_) {
    // The ring (its input slice) reads the FIFO's head as it was before
    // this clock's edge.
    const RepackCycleModel::Inputs r = RepackIn(in.rst, in.m_tready);
    const bool ring_ready = repack_->outputs(r).s_ready;
    fifo_.tick(in.rst, in.s.tvalid, wr ? &packed : nullptr, drop, ring_ready);
    repack_->tick(r);
  } else {
    fifo_.tick(in.rst, in.s.tvalid, wr ? &packed : nullptr, drop, in.m_tready);
  }
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
