// Cycle model of the wide blocks' output FIFO and input credit
// (rtl/lane/utf8_lane_fifo.v), for any beat type: the owner's pipeline writes a
// beat (wr) or retires one without an entry (drop); the credit withdraws
// s_ready while DEPTH beats are accepted and not yet retired; the FIFO's head
// is the output register. Header only: the beat type is the owner's (units for
// the wide decoder, bytes for the sanitizer). Beats are copied into slots
// whose buffers are reused, so a tick allocates nothing once every slot's
// buffers have grown to their largest beat.
#ifndef UTF8CORE_MODEL_UTF8_LANE_FIFO_H_
#define UTF8CORE_MODEL_UTF8_LANE_FIFO_H_

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

namespace utf8core {

template <class Beat>
class LaneFifoModel {
 public:
  explicit LaneFifoModel(int depth) : depth_(depth), fifo_(static_cast<size_t>(depth)) {}

  bool s_ready() const { return s_ready_; }
  bool m_valid() const { return out_valid_; }
  const Beat& m_beat() const { return out_; }

  // One clock: s_valid is the owner's s_axis_tvalid, wr the pipeline's beat
  // to keep (nullptr for none), drop a beat retired without an entry, m_ready
  // the head's consumer.
  void tick(bool rst, bool s_valid, const Beat* wr, bool drop, bool m_ready) {
    const bool acc = s_valid && s_ready_;
    const bool pop = out_valid_ && m_ready;
    const bool rd = count_ > 0 && (!out_valid_ || m_ready);

    credit_ += (acc ? 1 : 0) - (pop ? 1 : 0) - (drop ? 1 : 0);
    s_ready_ = credit_ < depth_;

    if (rd) {
      std::swap(out_, fifo_[head_]);  // the slot is free now; its buffer is reused
      head_ = (head_ + 1) % fifo_.size();
      --count_;
    }
    out_valid_ = rd || (out_valid_ && !m_ready);
    if (wr != nullptr) {
      if (count_ == fifo_.size()) {
        // The credit keeps the RTL's FIFO within DEPTH entries, so this never
        // happens; if the model ever disagreed, it grows rather than lose a beat.
        std::rotate(fifo_.begin(), fifo_.begin() + static_cast<std::ptrdiff_t>(head_), fifo_.end());
        head_ = 0;
        fifo_.resize(fifo_.size() * 2);
      }
      fifo_[(head_ + count_) % fifo_.size()] = *wr;
      ++count_;
    }

    if (rst) {
      credit_ = 0;
      s_ready_ = true;
      head_ = 0;
      count_ = 0;
      out_valid_ = false;
    }
  }

 private:
  int depth_;
  int credit_ = 0;  // beats accepted and not yet retired
  bool s_ready_ = true;
  std::vector<Beat> fifo_;  // a ring of DEPTH slots
  size_t head_ = 0;
  size_t count_ = 0;
  bool out_valid_ = false;
  Beat out_;
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_LANE_FIFO_H_
