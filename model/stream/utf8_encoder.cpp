// Cycle model of rtl/stream/utf8_encoder.v; see utf8_encoder.h.
#include "utf8_encoder.h"

#include <stdexcept>

namespace utf8core {

EncoderCycleModel::EncoderCycleModel(int count_width) {
  if (count_width < 4 || count_width > 64) {
    throw std::invalid_argument("EncoderCycleModel: count_width must be 4..64");
  }
  count_max_ = count_width == 64 ? ~uint64_t{0} : (uint64_t{1} << count_width) - 1;
}

EncoderCycleModel::Beat EncoderCycleModel::Encode(const Stage& s) {
  uint8_t octets[6] = {};
  ErrorClass cls = ErrorClass::kOk;
  const int len = EncodeOne(s.cp, s.mode, octets, &cls);
  Beat b;
  for (int k = 0; k < len; ++k) b.data |= uint64_t{octets[k]} << (8 * k);
  b.keep = static_cast<uint8_t>((1u << len) - 1);
  b.last = s.last;
  b.user = static_cast<uint8_t>(cls);
  return b;
}

void EncoderCycleModel::tick(const Inputs& in) {
  // Everything below reads the state before the edge, as the registers do.
  const bool accept = in.s_axis_tvalid && adv_;
  const bool push = adv_ && stage_[2].valid;  // stage 3's beat enters the buffer
  const bool head_load = !head_valid_ || in.m_axis_tready;
  const bool more = skid_valid_ || push;  // a beat for the head
  const bool skid_valid_next = head_valid_ && !in.m_axis_tready && more;
  const bool head_valid_next = !head_load || more;
  // The RTL writes this from the copy of the head's valid flop; it equals
  // !skid_valid_next but in the clock after a reset, when more is low anyway.
  const bool adv_next = !(head_valid_cp_ && !in.m_axis_tready && more);
  const Beat from_stage = Encode(stage_[2]);

  // Counters: the event registered last clock steps the count.
  for (Counter* c : {&surrogate_, &too_large_}) {
    if (c->event && c->count < count_max_) ++c->count;
  }
  surrogate_.event = push && from_stage.user == static_cast<uint8_t>(ErrorClass::kSurrogate);
  too_large_.event = push && from_stage.user == static_cast<uint8_t>(ErrorClass::kTooLarge);

  // Data: the buffer and the stages, on the copies of the control flops.
  if (!head_valid_cp_ || in.m_axis_tready) head_ = skid_valid_ ? skid_ : from_stage;
  if (!skid_valid_cp_ || in.m_axis_tready) skid_ = from_stage;
  Stage incoming;
  incoming.cp = in.s_axis_tdata;
  incoming.last = in.s_axis_tlast;
  incoming.mode = pkt_open_ ? pkt_mode_ : static_cast<Mode>(in.cfg_mode);
  const std::array<bool, 3> valid = {stage_[0].valid, stage_[1].valid, stage_[2].valid};
  if (adv_cp_) {
    stage_[2] = stage_[1];
    stage_[1] = stage_[0];
    stage_[0] = incoming;
  }
  // Valid bits: on adv_ itself.
  stage_[0].valid = adv_ ? in.s_axis_tvalid : valid[0];
  stage_[1].valid = adv_ ? valid[0] : valid[1];
  stage_[2].valid = adv_ ? valid[1] : valid[2];

  if (accept) {
    if (!pkt_open_) pkt_mode_ = static_cast<Mode>(in.cfg_mode);
    pkt_open_ = !in.s_axis_tlast;
  }
  adv_ = adv_next;
  adv_cp_ = adv_next;
  head_valid_ = head_valid_next;
  head_valid_cp_ = head_valid_next;
  skid_valid_ = skid_valid_next;
  skid_valid_cp_ = skid_valid_next;

  if (in.rst) {
    // Only control state is reset; the data registers and the copies that
    // enable them keep what they took at this edge.
    adv_ = false;
    for (Stage& s : stage_) s.valid = false;
    head_valid_ = false;
    skid_valid_ = false;
    pkt_open_ = false;
    surrogate_ = Counter();
    too_large_ = Counter();
  }

  out_.s_axis_tready = adv_;
  out_.m_axis_tvalid = head_valid_;
  out_.m_axis_tdata = head_.data;
  out_.m_axis_tkeep = head_.keep;
  out_.m_axis_tlast = head_.last;
  out_.m_axis_tuser = head_.user;
  out_.err_count = {};
  out_.err_count[static_cast<int>(ErrorClass::kSurrogate) - 1] = surrogate_.count;
  out_.err_count[static_cast<int>(ErrorClass::kTooLarge) - 1] = too_large_.count;
}

}  // namespace utf8core
