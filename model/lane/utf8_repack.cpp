// Cycle model of the repacking accumulator; see utf8_repack.h. As in
// rtl/lane/utf8_repack.v: this clock's output beat pops OUT items (or all, at the
// packet's end) and shifts the rest down; the accumulator then takes the
// input register's beat behind what stays when at most OUT items and no
// packet end stay. Items above the count are carried as the RTL carries them
// (zeros shifted in, the input beat's items past its count), so the whole
// output beat matches, not only its kept items.
#include "utf8_repack.h"

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

}  // namespace

RepackCycleModel::RepackCycleModel(int item, int in, int out) : in_(in), out_(out) {
  if (item < 1 || item > 64 || in < 1 || in > kMaxIn || out < 1 || out > kMaxOut) {
    throw std::invalid_argument("utf8_repack model: ITEM 1..64, IN 1..256 and OUT 1..64");
  }
  item_mask_ = item >= 64 ? ~uint64_t{0} : (uint64_t{1} << item) - 1;
  count_mask_ = CountMask(in);
  acc_mask_ = CountMask(in + out);
  in_data_.assign(static_cast<size_t>(in), 0);
  acc_.assign(static_cast<size_t>(in) + static_cast<size_t>(out), 0);
}

RepackCycleModel::Pop RepackCycleModel::Decide(bool m_ready) const {
  Pop p;
  const uint32_t out = static_cast<uint32_t>(out_);
  p.full_beat = acc_count_ >= out;
  p.out_valid = p.full_beat || acc_end_;
  p.out_last = acc_end_ && acc_count_ <= out;
  p.pop = p.out_valid && m_ready;
  p.rest_count = !p.pop ? acc_count_ : (p.full_beat ? acc_count_ - out : 0);
  p.rest_end = acc_end_ && !(p.pop && p.out_last);
  p.take = in_valid_ && !p.rest_end && p.rest_count <= out;
  return p;
}

RepackCycleModel::Outputs RepackCycleModel::outputs(const Inputs& in) const {
  const Pop p = Decide(in.m_ready);
  Outputs o;
  o.s_ready = !in_valid_ || p.take;
  std::copy(acc_.begin(), acc_.begin() + out_, o.m_data.begin());
  for (int g = 0; g < out_; ++g) {
    if (acc_count_ > static_cast<uint32_t>(g)) o.m_keep |= uint64_t{1} << g;
  }
  o.m_valid = p.out_valid;
  o.m_last = p.out_last;
  o.data_known = acc_known_;
  return o;
}

void RepackCycleModel::tick(const Inputs& in) {
  const Pop p = Decide(in.m_ready);
  const bool s_ready = !in_valid_ || p.take;

  if (p.pop) {
    std::copy(acc_.begin() + out_, acc_.end(), acc_.begin());
    std::fill(acc_.end() - out_, acc_.end(), uint64_t{0});
  }
  if (p.take) {
    // the input beat goes in right behind the items that stay; above it, zeros
    const size_t at = p.rest_count;
    std::copy(in_data_.begin(), in_data_.end(), acc_.begin() + static_cast<std::ptrdiff_t>(at));
    std::fill(acc_.begin() + static_cast<std::ptrdiff_t>(at) + in_, acc_.end(), uint64_t{0});
    acc_count_ = (p.rest_count + in_count_) & acc_mask_;
    acc_end_ = in_last_;
    acc_known_ = true;
  } else {
    acc_count_ = p.rest_count;
    acc_end_ = p.rest_end;
  }

  if (s_ready) {
    for (size_t k = 0; k < in_data_.size(); ++k) in_data_[k] = in.s_data[k] & item_mask_;
    in_count_ = in.s_count & count_mask_;
    in_last_ = in.s_last;
  }
  in_valid_ = in.s_valid || (in_valid_ && !p.take);

  if (in.rst) {
    in_valid_ = false;
    acc_count_ = 0;
    acc_end_ = false;
  }
}

}  // namespace utf8core
