// Cycle model of the repacking ring; see utf8_repack_ring.h. As in
// rtl/lane/utf8_repack_ring.v: a beat passes the input slice into the input
// register; the input register's beat goes when the most
// rows it may need from the write row on are not unread; the shift stage moves its items
// up by the write column and marks which ring row takes which of its rows;
// the ring takes them a clock later and the complete rows' pointer moves on.
// The output register takes the row at the read pointer while it is behind
// that one.
#include "utf8_repack_ring.h"

#include <algorithm>
#include <stdexcept>

namespace utf8core {
namespace {

// Bits of a count up to n: the RTL's $clog2(n + 1).
uint32_t CountMask(int n) {
  int b = 0;
  while ((1 << b) < n + 1) ++b;
  return (1u << b) - 1;
}

// $clog2(n)
int Clog2(int n) {
  int b = 0;
  while ((1 << b) < n) ++b;
  return b;
}

}  // namespace

RepackRingCycleModel::RepackRingCycleModel(int item, int in, int out) : in_(in), out_(out) {
  if (item < 1 || item > 64 || in < 1 || in > RepackCycleModel::kMaxIn || out < 1 ||
      out > RepackCycleModel::kMaxOut) {
    throw std::invalid_argument("utf8_repack_ring model: ITEM 1..64, IN 1..256 and OUT 1..64");
  }
  k_ = (in + 2 * out - 2) / out;
  const int rb = Clog2(k_ + 3);
  rows_ = 1 << rb;
  ptr_mask_ = (2u << rb) - 1;
  item_mask_ = item >= 64 ? ~uint64_t{0} : (uint64_t{1} << item) - 1;
  count_mask_ = CountMask(in);
  in_data_.assign(static_cast<size_t>(in), 0);
  s_beat_.data.assign(static_cast<size_t>(in), 0);
  const size_t v = static_cast<size_t>(k_) * static_cast<size_t>(out);
  sh_data_.assign(v, 0);
  sh_mask_.assign(v, false);
  sh_hot_.assign(static_cast<size_t>(rows_), -1);
  sh_last_.assign(static_cast<size_t>(rows_), false);
  ring_.assign(static_cast<size_t>(rows_) * static_cast<size_t>(out), 0);
  vld_.assign(ring_.size(), false);
  rlast_.assign(static_cast<size_t>(rows_), false);
  o_data_.assign(static_cast<size_t>(out), 0);
}

RepackRingCycleModel::Take RepackRingCycleModel::Decide() const {
  Take t;
  const uint32_t out = static_cast<uint32_t>(out_);
  const uint32_t pos = wcol_ + in_count_;
  const uint32_t full = pos / out;
  t.rem = pos % out;
  t.need = t.rem != 0 ? full + 1 : (in_last_ && pos == 0) ? 1 : full;
  t.adv = in_last_ ? t.need : full;
  // The room rule reads registers only: the most rows the beat may need at
  // any column (its whole rows, and one or two more for its rest)
  const uint32_t occ = (wrow_ - rrow_) & ptr_mask_;
  const uint32_t most = in_count_ / out + (in_count_ % out == 0 ? 1 : 2);
  t.take = in_valid_ && occ + most <= static_cast<uint32_t>(rows_);
  return t;
}

RepackRingCycleModel::Outputs RepackRingCycleModel::outputs(const Inputs&) const {
  Outputs o;
  o.s_ready = slice_.s_ready();
  std::copy(o_data_.begin(), o_data_.end(), o.m_data.begin());
  o.m_keep = o_keep_;
  o.m_valid = o_valid_;
  o.m_last = o_last_;
  o.data_known = true;  // never-written items are Verilator's zeros, as here
  return o;
}

void RepackRingCycleModel::tick(const Inputs& in) {
  const Take t = Decide();
  const bool in_ready = !in_valid_ || t.take;  // the input register takes a beat
  // the output register takes the read row when it is complete and the
  // register is empty or its beat leaves
  const bool pop = rrow_ != drow_ && (!o_valid_ || in.m_ready);
  const uint32_t row_mask = static_cast<uint32_t>(rows_ - 1);
  const size_t out = static_cast<size_t>(out_);
  if (pop) {
    const size_t row = static_cast<size_t>(rrow_ & row_mask) * out;
    o_keep_ = 0;
    for (size_t j = 0; j < out; ++j) {
      o_data_[j] = ring_[row + j];
      if (vld_[row + j]) o_keep_ |= uint64_t{1} << j;
    }
    o_last_ = rlast_[rrow_ & row_mask];
  }
  o_valid_ = pop || (o_valid_ && !in.m_ready);

  // The ring takes the shift stage's rows; a row read is emptied.
  for (int r = 0; r < rows_; ++r) {
    const size_t base = static_cast<size_t>(r) * out;
    if (pop && (rrow_ & row_mask) == static_cast<uint32_t>(r)) {
      for (size_t j = 0; j < out; ++j) vld_[base + j] = false;
      rlast_[static_cast<size_t>(r)] = false;
    }
    const int k = sh_hot_[static_cast<size_t>(r)];
    if (k >= 0) {
      for (size_t j = 0; j < out; ++j) {
        const size_t from = static_cast<size_t>(k) * out + j;
        if (sh_mask_[from]) {
          ring_[base + j] = sh_data_[from];
          vld_[base + j] = true;
        }
      }
    }
    if (sh_last_[static_cast<size_t>(r)]) rlast_[static_cast<size_t>(r)] = true;
  }
  drow_ = (drow_ + sh_done_) & ptr_mask_;
  if (pop) rrow_ = (rrow_ + 1) & ptr_mask_;

  // Shift stage: every clock, the input register's items up by the column.
  std::fill(sh_data_.begin(), sh_data_.end(), uint64_t{0});
  std::fill(sh_mask_.begin(), sh_mask_.end(), false);
  for (size_t i = 0; i < in_data_.size(); ++i) {
    sh_data_[wcol_ + i] = in_data_[i];
    sh_mask_[wcol_ + i] = in_count_ > i;
  }
  const uint32_t last_row = (wrow_ + t.need - 1) & row_mask;
  for (int r = 0; r < rows_; ++r) {
    int hot = -1;
    for (int k = 0; k < k_; ++k) {
      if (((wrow_ + static_cast<uint32_t>(k)) & row_mask) == static_cast<uint32_t>(r)) hot = k;
    }
    sh_hot_[static_cast<size_t>(r)] = t.take ? hot : -1;
    sh_last_[static_cast<size_t>(r)] = t.take && in_last_ && last_row == static_cast<uint32_t>(r);
  }
  sh_done_ = t.take ? t.adv : 0;
  if (t.take) {
    wrow_ = (wrow_ + t.adv) & ptr_mask_;
    wcol_ = in_last_ ? 0 : t.rem;
  }

  // The input register takes the slice's beat, the slice the input's.
  const bool f_valid = slice_.m_valid();
  if (in_ready) {
    const SliceBeat& f = slice_.m_beat();
    if (!f.data.empty()) std::copy(f.data.begin(), f.data.end(), in_data_.begin());
    in_count_ = f.count;
    in_last_ = f.last;
  }
  in_valid_ = f_valid || (in_valid_ && !t.take);
  for (size_t k = 0; k < s_beat_.data.size(); ++k) s_beat_.data[k] = in.s_data[k] & item_mask_;
  s_beat_.count = in.s_count & count_mask_;
  s_beat_.last = in.s_last;
  slice_.tick(in.rst, in.s_valid, s_beat_, in_ready);

  if (in.rst) {
    in_valid_ = false;
    o_valid_ = false;
    wrow_ = wcol_ = drow_ = rrow_ = 0;
    std::fill(sh_hot_.begin(), sh_hot_.end(), -1);
    std::fill(sh_last_.begin(), sh_last_.end(), false);
    sh_done_ = 0;
    std::fill(vld_.begin(), vld_.end(), false);
    std::fill(rlast_.begin(), rlast_.end(), false);
  }
}

}  // namespace utf8core
