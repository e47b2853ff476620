// Cycle model of the scalar decoder; see utf8_decoder.h for the timing it keeps.
#include "utf8_decoder.h"

#include <stdexcept>

namespace utf8core {

DecoderCycleModel::DecoderCycleModel(int offset_width, int count_width)
    : offset_mask_(offset_width >= 64 ? ~uint64_t{0} : (uint64_t{1} << offset_width) - 1),
      count_max_(count_width >= 64 ? ~uint64_t{0} : (uint64_t{1} << count_width) - 1) {
  if (offset_width < 1 || offset_width > 64 || count_width < 1 || count_width > 64) {
    throw std::invalid_argument("DecoderCycleModel: widths must be 1..64");
  }
  power_on();
}

void DecoderCycleModel::power_on() {
  s_ready_ = true;
  in_pkt_ = false;
  ir_valid_ = false;
  queue_.clear();
  head_pos_ = 0;
  decoder_.reset();
  pending_.clear();
  ready_int_ = true;
  u_ = Beat{};
  fifo_.clear();
  ev_cls_ = ErrorClass::kOk;
  ev_off_ = 0;
  seen_ = false;
  f_first_ = false;
  f_last_ = false;
  f_had_ = false;
  f_cls_ = ErrorClass::kOk;
  f_off_ = 0;
  perr_off_ = 0;
  perr_cls_ = ErrorClass::kOk;
  inc_ = 0;
  stat_valid_ = false;
  stat_error_ = false;
  stat_off_ = 0;
  stat_cls_ = ErrorClass::kOk;
  count_.fill(0);
}

DecoderCycleModel::Outputs DecoderCycleModel::outputs() const {
  Outputs o;
  o.s_axis_tready = s_ready_;
  if (!fifo_.empty()) {
    o.m_axis_tvalid = true;
    o.m_axis_tdata = fifo_.front().data;
    o.m_axis_tuser = fifo_.front().user;
    o.m_axis_tlast = fifo_.front().last;
  }
  o.stat_valid = stat_valid_;
  o.stat_error = stat_error_;
  o.stat_err_offset = stat_off_;
  o.stat_err_class = static_cast<uint8_t>(stat_cls_);
  o.err_count = count_;
  return o;
}

// The packet's verdict when its last unit's flags are in: its first error unit,
// which may be that last unit, or none.
void DecoderCycleModel::capture_verdict() {
  if (!f_last_) return;
  stat_error_ = f_first_ || f_had_;
  stat_off_ = f_first_ ? f_off_ : f_had_ ? perr_off_ : 0;
  stat_cls_ = f_first_ ? f_cls_ : f_had_ ? perr_cls_ : ErrorClass::kOk;
}

void DecoderCycleModel::tick(const Inputs& in) {
  if (in.rst) {
    // Everything in flight is dropped; the counters clear (docs/interface.md).
    // stat_error/offset/class are data, not control state: as in any clock they
    // capture a verdict that was on its way, else they hold.
    capture_verdict();
    const bool error = stat_error_;
    const uint64_t off = stat_off_;
    const ErrorClass cls = stat_cls_;
    power_on();
    stat_error_ = error;
    stat_off_ = off;
    stat_cls_ = cls;
    return;
  }

  const bool accept = in.s_axis_tvalid && s_ready_;
  const bool fire = !queue_.empty() && (queue_.size() >= 2 || queue_.front().last) && ready_int_;

  // Does a unit end at the head byte? The functional model has seen the byte
  // after it (or the packet's end), so a unit ending there has been given out.
  bool emit = false;
  bool last0 = false;
  Unit unit{};
  if (fire) {
    last0 = queue_.front().last;
    // The unit holding the head byte is pending_'s first, or, still open in the
    // functional model, not there yet (then it does not end here).
    if (!pending_.empty() &&
        pending_.front().offset + pending_.front().length - 1 == head_pos_) {
      const Unit& f = pending_.front();
      emit = true;
      unit = f;
    }
  }
  const Beat beat{emit, unit.code_point,
                  static_cast<uint8_t>((unit.length << 3) | static_cast<uint8_t>(unit.cls)), last0};

  // Output FIFO: the head leaves when taken, the unit register joins; the
  // internal ready reserves room for it and one more decided byte.
  if (!fifo_.empty() && in.m_axis_tready) fifo_.pop_front();
  if (u_.valid) fifo_.push_back(u_);
  if (fifo_.size() > 3) throw std::logic_error("DecoderCycleModel: output FIFO overflow");
  const bool ready_int_next = fifo_.size() + (fire ? 1 : 0) <= 2;

  // Status, second stage: the captures, from last clock's flags.
  stat_valid_ = f_last_;
  capture_verdict();
  if (f_first_) {
    perr_off_ = f_off_;
    perr_cls_ = f_cls_;
  }
  // Status, first stage: flags of last clock's unit event.
  const bool ev_err = ev_cls_ != ErrorClass::kOk;
  f_first_ = u_.valid && ev_err && !seen_;
  f_last_ = u_.valid && u_.last;
  f_had_ = seen_ || ev_err;
  f_cls_ = ev_cls_;
  f_off_ = ev_off_;
  if (u_.valid) seen_ = !u_.last && (seen_ || ev_err);
  // Counters from the unit two clocks back (their enables start at a flop).
  if (inc_ != 0 && count_[inc_ - 1] < count_max_) ++count_[inc_ - 1];
  inc_ = u_.valid ? static_cast<int>(ev_cls_) : 0;
  u_ = beat;
  ev_cls_ = unit.cls;
  ev_off_ = unit.offset & offset_mask_;
  ready_int_ = ready_int_next;

  // Queue: the head leaves when decided, the input register moves to the tail
  // when there is room; an accepted byte enters the input register and goes
  // through the functional model at once.
  const bool move = ir_valid_ && !(queue_.size() == 3 && !fire);
  if (fire) {
    queue_.pop_front();
    if (emit) pending_.pop_front();
    head_pos_ = last0 ? 0 : head_pos_ + 1;
  }
  if (move) {
    queue_.push_back(ir_);
    ir_valid_ = false;
  }
  if (accept) {
    // The packet's mode is cfg_mode at its first byte (Decoder::set_mode applies
    // it at once when no packet is open).
    if (!in_pkt_) decoder_.set_mode(in.cfg_mode ? Mode::kAnnexR : Mode::kRfc3629);
    fresh_.clear();
    decoder_.push(in.s_axis_tdata, &fresh_);
    if (in.s_axis_tlast) decoder_.end_of_packet(&fresh_);
    pending_.insert(pending_.end(), fresh_.begin(), fresh_.end());
    ir_ = Entry{in.s_axis_tdata, in.s_axis_tlast};
    ir_valid_ = true;
    in_pkt_ = !in.s_axis_tlast;
  }
  s_ready_ = !(ir_valid_ && queue_.size() == 3);
}

}  // namespace utf8core
