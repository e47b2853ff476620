// Cycle model of rtl/stream/utf8_encoder.v: the encoder's ports, clock by clock.
//
// The RTL is three pipeline stages in front of a two-entry output buffer whose
// head is the m_axis register (docs/interface.md, rtl/stream/utf8_encoder.v header). The
// stages advance together on a registered enable that is also s_axis_tready: it is
// high unless the buffer's second entry (the skid) will hold a beat, so the stages
// never wait on m_axis_tready itself. This class keeps the same visible state: the
// stages, the buffer, the registered ready and the error counters, so that ticked
// with the RTL's inputs it gives the RTL's outputs on every clock.
//
// The data registers are not reset and load on copies of the control flops that
// are not reset either (see the RTL): after a reset they may move once more on
// what the control computed before it. The model keeps those copies as state of
// their own, and carries every stage's data whether or not it holds a beat, so that
// m_axis_tdata and friends match the RTL even while m_axis_tvalid is low. The octets
// come from the functional model's EncodeOne(); the pipeline only decides when they
// appear.
#ifndef UTF8CORE_MODEL_UTF8_ENCODER_H_
#define UTF8CORE_MODEL_UTF8_ENCODER_H_

#include <array>
#include <cstdint>

#include "utf8_model.h"

namespace utf8core {

class EncoderCycleModel {
 public:
  // Cycles from a beat's handshake on s_axis to its m_axis_tvalid, with no stall.
  static constexpr int kLatency = 4;

  struct Inputs {
    bool rst = false;
    bool cfg_mode = false;  // 0 rfc3629, 1 annex-r
    uint32_t s_axis_tdata = 0;
    bool s_axis_tvalid = false;
    bool s_axis_tlast = false;
    bool m_axis_tready = false;
  };

  struct Outputs {
    bool s_axis_tready = false;
    uint64_t m_axis_tdata = 0;  // 48 bits, octet k in bits [8k+7:8k]
    uint8_t m_axis_tkeep = 0;   // 6 bits
    bool m_axis_tvalid = false;
    bool m_axis_tlast = false;
    uint8_t m_axis_tuser = 0;  // ErrorClass
    // err_count, one entry per class 1..6 (index c-1): the port's COUNT_WIDTH slices.
    std::array<uint64_t, 6> err_count{};
  };

  // count_width: the RTL's COUNT_WIDTH (4..64), where the counters saturate.
  explicit EncoderCycleModel(int count_width = 32);

  // This cycle's outputs: a function of the state only (every RTL output is a register).
  const Outputs& outputs() const { return out_; }

  // One rising clock edge with these inputs.
  void tick(const Inputs& in);

 private:
  // A stage's content: the code point as it came in, with its tlast and its
  // packet's mode. The RTL stores what it derived from them; the derivation is
  // a function of these three, so they stand for it.
  struct Stage {
    bool valid = false;
    uint32_t cp = 0;
    bool last = false;
    Mode mode = Mode::kRfc3629;
  };
  // An output beat as the buffer holds it.
  struct Beat {
    uint64_t data = 0;
    uint8_t keep = 0;
    bool last = false;
    uint8_t user = 0;
  };
  static Beat Encode(const Stage& s);

  // A rejected code point counts one clock after it leaves stage 3, and err_count
  // is the count itself.
  struct Counter {
    bool event = false;
    uint64_t count = 0;
  };

  uint64_t count_max_;
  bool adv_ = false;     // the stages advance this clock; s_axis_tready
  bool adv_cp_ = false;  // the data flops' copy of it (not reset)
  std::array<Stage, 3> stage_;
  bool head_valid_ = false;
  bool head_valid_cp_ = false;  // the head data's copy of head_valid_ (not reset)
  bool skid_valid_ = false;
  bool skid_valid_cp_ = false;  // the skid data's copy of skid_valid_ (not reset)
  Beat head_;
  Beat skid_;
  bool pkt_open_ = false;
  Mode pkt_mode_ = Mode::kRfc3629;
  Counter surrogate_;
  Counter too_large_;
  Outputs out_;
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_ENCODER_H_
