// Cycle model of the stream register slice (rtl/common/utf8_axis_skid.v), for any
// beat type: the output register and the skid register; s_ready while the
// skid register is empty. Header only: the beat type is the owner's (the
// kernel's unit beats). With the RTL's FREE_LOAD (the wide decoder's narrow
// build) the data registers also load while no beat is taken; what they hold
// then is never read (m_valid is low), so the model keeps the last beat.
#ifndef UTF8CORE_MODEL_UTF8_AXIS_SKID_H_
#define UTF8CORE_MODEL_UTF8_AXIS_SKID_H_

namespace utf8core {

template <class Beat>
class AxisSkidModel {
 public:
  bool s_ready() const { return !skid_valid_; }
  bool m_valid() const { return out_valid_; }
  const Beat& m_beat() const { return out_; }

  // One clock: s_valid and s_beat are the input stream's, m_ready the
  // output's consumer's (all as seen before the edge).
  void tick(bool rst, bool s_valid, const Beat& s_beat, bool m_ready) {
    const bool take = s_valid && !skid_valid_;
    if (!out_valid_ || m_ready) {
      if (skid_valid_) {
        out_valid_ = true;
        out_ = skid_;
        skid_valid_ = false;
      } else {
        out_valid_ = take;
        if (take) out_ = s_beat;
      }
    } else if (take) {
      skid_valid_ = true;
      skid_ = s_beat;
    }
    if (rst) {
      out_valid_ = false;
      skid_valid_ = false;
    }
  }

 private:
  bool out_valid_ = false;
  Beat out_{};
  bool skid_valid_ = false;
  Beat skid_{};
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_AXIS_SKID_H_
