// Cycle model of the kernel's tail holder; see utf8_kernel_tail.h. States and
// registers as in rtl/kernel/utf8_kernel_tail.v. Byte counts the RTL holds in CW bits
// ($clog2(W + 1)) are kept here as ints and wrapped where the RTL's would.
#include "utf8_kernel_tail.h"

#include <stdexcept>

namespace utf8core {
namespace {

// Continuation bytes a lead needs, 0 when the byte cannot start a multi-byte
// sequence in the mode (the RTL's lead_need).
int LeadNeed(uint8_t b, bool annex) {
  if (b >= 0xC2 && b <= 0xDF) return 1;
  if (b >= 0xE0 && b <= 0xEF) return 2;
  if (b >= 0xF0 && b <= 0xF4) return 3;
  if (b >= 0xF5 && b <= 0xF7) return annex ? 3 : 0;
  if (b >= 0xF8 && b <= 0xFB) return annex ? 4 : 0;
  if (b >= 0xFC && b <= 0xFD) return annex ? 5 : 0;
  return 0;
}

// Whether b may follow lead as its second byte (the RTL's second_ok).
bool SecondOk(uint8_t lead, uint8_t b, bool annex) {
  switch (lead) {
    case 0xE0:
      return b >= 0xA0 && b <= 0xBF;
    case 0xED:
      return b >= 0x80 && b <= 0x9F;
    case 0xF0:
      return b >= 0x90 && b <= 0xBF;
    case 0xF4:
      return b >= 0x80 && b <= (annex ? 0xBF : 0x8F);
    case 0xF8:
      return b >= 0x88 && b <= 0xBF;
    case 0xFC:
      return b >= 0x84 && b <= 0xBF;
    default:
      return b >= 0x80 && b <= 0xBF;
  }
}

int Log2Ceil(int n) {
  int b = 0;
  while ((1 << b) < n) ++b;
  return b;
}

}  // namespace

KernelTailCycleModel::KernelTailCycleModel(int w) : w_(w) {
  if (w != 8 && w != 16 && w != 32 && w != 64) {
    throw std::invalid_argument("utf8_kernel_tail: W must be 8, 16, 32 or 64");
  }
  all_lanes_ = w >= 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1;
}

int KernelTailCycleModel::TailCut(const std::array<uint8_t, 5>& t, int n, bool annex) {
  for (int k = 1; k <= 5 && k <= n; ++k) {
    const uint8_t lead = t[static_cast<size_t>(5 - k)];
    if ((lead & 0xC0) == 0x80) continue;
    // the last byte that is not a continuation decides
    const int need = LeadNeed(lead, annex);
    const bool second = k == 1 || SecondOk(lead, t[static_cast<size_t>(6 - k)], annex);
    return need != 0 && k - 1 < need && second ? k : 0;
  }
  return 0;
}

bool KernelTailCycleModel::RunPass(const Inputs& in) const {
  return state_ == State::kRun && hold_valid_ && in.s.tvalid && !in.s.tlast;
}

int KernelTailCycleModel::OutCount() const {
  const int wrap = 1 << Log2Ceil(w_ + 1);  // the RTL's CW-bit count
  if (state_ == State::kHold) return cut_ > last_count_ ? w_ - (cut_ - last_count_) : w_;
  return ((last_count_ - cut_) % wrap + wrap) % wrap;
}

KernelTailCycleModel::Outputs KernelTailCycleModel::outputs(const Inputs& in) const {
  Outputs o;
  const bool run_pass = RunPass(in);
  o.m_tvalid = run_pass || state_ == State::kHold || state_ == State::kLast;
  o.m_tdata = state_ == State::kLast ? last_data_ : hold_data_;
  if (run_pass) {
    o.m_tkeep = all_lanes_;
  } else {
    const int n = OutCount();
    o.m_tkeep = n >= w_ ? all_lanes_ : (uint64_t{1} << n) - 1;
  }
  o.m_tlast = state_ == State::kLast || (state_ == State::kHold && cut_ >= last_count_);
  o.s_tready = state_ == State::kRun && (!hold_valid_ || in.s.tlast || in.m_tready);
  o.done = done_;
  o.sent = sent_;
  o.held_data = held_data_;
  o.held_count = static_cast<uint32_t>(held_count_);
  o.tdata_known = state_ == State::kLast ? last_known_ : hold_known_;
  o.tkeep_known = run_pass || (last_known_ && cut_known_);
  o.held_data_known = held_known_;
  return o;
}

void KernelTailCycleModel::tick(const Inputs& in) {
  const bool s_tready = state_ == State::kRun && (!hold_valid_ || in.s.tlast || in.m_tready);
  const bool take = in.s.tvalid && s_tready;
  done_ = false;
  switch (state_) {
    case State::kRun:
      if (!take) break;
      if (in.s.tlast) {
        // Bytes up to the highest kept lane; the keep is contiguous from lane 0.
        const uint64_t keep = MaskWord(in.s.tkeep, 0) & all_lanes_;
        int count = 0;
        for (int k = 0; k < w_; ++k) {
          if ((keep >> k) & 1) count = k + 1;
        }
        last_data_ = in.s.tdata;
        last_count_ = count;
        last_known_ = true;
        // The five bytes ending at byte count - 1 of this beat, reaching back
        // into the held beat's top four. A last beat keeps at least one byte;
        // with none (outside the block's use) the model takes zeros.
        for (int i = 0; i < 5; ++i) {
          // byte `at` of {the held beat's top four, this beat}
          const int at = count - 1 + i;
          const int held_at = w_ - 4 + at;
          const int beat_at = at - 4;
          uint8_t b = 0;
          if (count > 0) {
            b = at < 4 ? hold_data_[static_cast<size_t>(held_at)]
                       : in.s.tdata[static_cast<size_t>(beat_at)];
          }
          tail_[static_cast<size_t>(i)] = b;
        }
        avail_ = hold_valid_ || count >= 5 ? 5 : count;
        state_ = State::kGather;
      } else {
        hold_data_ = in.s.tdata;
        hold_known_ = true;
        if (hold_valid_) sent_q_ = true;
        hold_valid_ = true;
      }
      break;
    case State::kGather:
      // The RTL marks the five bytes here and picks the cut in kFind; the
      // cut (and so the keep it shapes) changes a clock later.
      cut_next_ = in.cfg_partial ? TailCut(tail_, avail_, in.cfg_mode) : 0;
      state_ = State::kFind;
      break;
    case State::kFind:
      cut_ = cut_next_;
      cut_known_ = true;
      held_count_ = cut_;
      held_known_ = true;
      held_data_ = 0;
      for (int i = 0; i < cut_; ++i) {
        const int from = 5 - cut_ + i;
        held_data_ |= uint64_t{tail_[static_cast<size_t>(from)]} << (8 * i);
      }
      if (hold_valid_) {
        state_ = State::kHold;
      } else {
        state_ = cut_ < last_count_ ? State::kLast : State::kDone;
      }
      break;
    case State::kHold:
      if (in.m_tready) {
        sent_q_ = true;
        state_ = cut_ < last_count_ ? State::kLast : State::kDone;
      }
      break;
    case State::kLast:
      if (in.m_tready) {
        sent_q_ = true;
        state_ = State::kDone;
      }
      break;
    case State::kDone:
      done_ = true;
      sent_ = sent_q_;
      hold_valid_ = false;
      sent_q_ = false;
      state_ = State::kRun;
      break;
  }
  if (in.rst) {
    state_ = State::kRun;
    hold_valid_ = false;
    sent_q_ = false;
    done_ = false;
    sent_ = false;
    held_count_ = 0;
  }
}

}  // namespace utf8core
