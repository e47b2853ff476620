// Cycle model of the wide sanitizer; see utf8_sanitizer.h. Stages as in
// rtl/utf8_sanitizer.v: the wide decoder (its own cycle model), whose output
// beat moves into the expansion register when that is empty or taken; the
// accumulator takes the expansion register when, after this clock's output
// beat, it holds at most LANES bytes and no packet end.
#include "utf8_sanitizer.h"

#include <algorithm>

namespace utf8core {

SanitizerCycleModel::SanitizerCycleModel(int lanes) : lanes_(lanes), units_(lanes) {}

bool SanitizerCycleModel::out_valid() const {
  return acc_.size() >= static_cast<size_t>(lanes_) || (acc_end_ && !acc_.empty());
}

bool SanitizerCycleModel::out_last() const {
  return acc_end_ && acc_.size() <= static_cast<size_t>(lanes_);
}

SanitizerCycleModel::Outputs SanitizerCycleModel::outputs() const {
  const WideDecoderCycleModel::Outputs u = units_.outputs();
  Outputs o;
  o.s_tready = u.s_tready;
  o.m_tvalid = out_valid();
  o.m_tlast = out_last();
  const size_t n = std::min(acc_.size(), static_cast<size_t>(lanes_));
  for (size_t k = 0; k < n; ++k) {
    o.m_tdata[k] = acc_[k];
    o.m_tkeep.set(k);
  }
  o.stat_valid = u.stat_valid;
  o.stat_error = u.stat_error;
  o.stat_err_offset = u.stat_err_offset;
  o.stat_err_class = u.stat_err_class;
  o.err_count = u.err_count;
  return o;
}

void SanitizerCycleModel::tick(const Inputs& in) {
  const WideDecoderCycleModel::Outputs u = units_.outputs();
  const size_t lanes = static_cast<size_t>(lanes_);

  const bool pop = out_valid() && in.m_tready;
  const bool rest_end = acc_end_ && !(pop && out_last());
  if (pop)
    acc_.erase(acc_.begin(),
               acc_.begin() + static_cast<std::ptrdiff_t>(std::min(acc_.size(), lanes)));
  const bool take = exp_valid_ && !rest_end && acc_.size() <= lanes;
  const bool unit_ready = !exp_valid_ || take;

  if (take) {
    acc_.insert(acc_.end(), exp_bytes_.begin(), exp_bytes_.end());
    acc_end_ = exp_last_;
  } else {
    acc_end_ = rest_end;
  }

  if (unit_ready && u.m_tvalid) {
    std::vector<Unit> beat;
    for (int k = 0; k < lanes_ && u.m_tkeep.test(static_cast<size_t>(k)); ++k) {
      const uint8_t user = u.m_tuser[static_cast<size_t>(k)];
      beat.push_back(Unit{u.m_tdata[static_cast<size_t>(k)], 0, static_cast<uint8_t>(user >> 3),
                          static_cast<ErrorClass>(user & 7)});
    }
    exp_bytes_.clear();
    UnitsToUtf8(beat, &exp_bytes_);
    exp_last_ = u.m_tlast;
  }
  exp_valid_ = u.m_tvalid || (exp_valid_ && !take);

  Inputs to_units = in;
  to_units.m_tready = unit_ready;
  units_.tick(to_units);

  if (in.rst) {
    exp_valid_ = false;
    acc_.clear();
    acc_end_ = false;
  }
}

}  // namespace utf8core
