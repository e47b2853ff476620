// Cycle model of rtl/utf8_encoder.v; see utf8_encoder.h.
#include "utf8_encoder.h"

#include <stdexcept>

namespace utf8core {

EncoderCycleModel::EncoderCycleModel(int count_width) {
  if (count_width < 4 || count_width > 64) {
    throw std::invalid_argument("EncoderCycleModel: count_width must be 4..64");
  }
  count_max_ = count_width == 64 ? ~uint64_t{0} : (uint64_t{1} << count_width) - 1;
}

void EncoderCycleModel::tick(const Inputs& in) {
  // Everything below reads the state before the edge, as the registers do.
  const bool advance = !out_.m_axis_tvalid || in.m_axis_tready;
  const bool accept = in.s_axis_tvalid && s_ready_;

  Beat incoming;
  incoming.valid = accept;
  incoming.cp = in.s_axis_tdata;
  incoming.last = in.s_axis_tlast;
  incoming.mode = pkt_open_ ? pkt_mode_ : static_cast<Mode>(in.cfg_mode);

  // Counter events look at stage 3 before it moves.
  const Beat& to_out = stage_[2];
  ErrorClass cls = ErrorClass::kOk;
  uint8_t octets[6] = {};
  int len = 0;
  if (to_out.valid) len = EncodeOne(to_out.cp, to_out.mode, octets, &cls);
  const bool loads_out = advance && to_out.valid;

  for (Counter* c : {&surrogate_, &too_large_}) {
    c->shown = c->count;
    if (c->event && c->count < count_max_) ++c->count;
  }
  surrogate_.event = loads_out && cls == ErrorClass::kSurrogate;
  too_large_.event = loads_out && cls == ErrorClass::kTooLarge;

  if (accept) {
    if (!pkt_open_) pkt_mode_ = static_cast<Mode>(in.cfg_mode);
    pkt_open_ = !in.s_axis_tlast;
  }

  if (advance) {
    if (loads_out) {
      uint64_t data = 0;
      for (int k = 0; k < len; ++k) data |= uint64_t{octets[k]} << (8 * k);
      out_.m_axis_tdata = data;
      out_.m_axis_tkeep = static_cast<uint8_t>((1u << len) - 1);
      out_.m_axis_tlast = to_out.last;
      out_.m_axis_tuser = static_cast<uint8_t>(cls);
    }
    out_.m_axis_tvalid = to_out.valid;
    stage_[2] = stage_[1];
    stage_[1] = stage_[0];
    stage_[0] = skid_.valid ? skid_ : incoming;
    skid_.valid = false;
  } else if (accept) {
    skid_ = incoming;
  }
  s_ready_ = !skid_.valid;

  if (in.rst) {
    // Only control state is reset; the output data registers keep their value.
    s_ready_ = false;
    skid_.valid = false;
    for (Beat& b : stage_) b.valid = false;
    out_.m_axis_tvalid = false;
    pkt_open_ = false;
    surrogate_ = Counter();
    too_large_ = Counter();
  }

  out_.s_axis_tready = s_ready_;
  out_.err_count = {};
  out_.err_count[static_cast<int>(ErrorClass::kSurrogate) - 1] = surrogate_.shown;
  out_.err_count[static_cast<int>(ErrorClass::kTooLarge) - 1] = too_large_.shown;
}

}  // namespace utf8core
