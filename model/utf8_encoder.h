// Cycle model of rtl/utf8_encoder.v: the encoder's ports, clock by clock.
//
// The RTL is a one-entry skid buffer in front of a four-stage pipeline that moves
// as a whole whenever its output register is empty or read (docs/interface.md,
// docs/spec.md, encoding and hardware interface). This class keeps the same visible state: which
// stages hold a beat, the skid buffer, the registered tready, the output register
// and the error counters, so that ticked with the RTL's inputs it gives the RTL's
// outputs on every clock. The octets come from the functional model's EncodeOne();
// the pipeline only decides when they appear.
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
  struct Beat {
    bool valid = false;
    uint32_t cp = 0;
    bool last = false;
    Mode mode = Mode::kRfc3629;
  };
  // A rejected code point counts one clock after it enters the output register,
  // and err_count shows each count one clock after that (the RTL's registered
  // event and split counter).
  struct Counter {
    bool event = false;
    uint64_t count = 0;
    uint64_t shown = 0;
  };

  uint64_t count_max_;
  bool s_ready_ = false;
  Beat skid_;
  std::array<Beat, 3> stage_;  // pipeline stages 1..3; stage 4 is out_
  bool pkt_open_ = false;
  Mode pkt_mode_ = Mode::kRfc3629;
  Counter surrogate_;
  Counter too_large_;
  Outputs out_;
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_ENCODER_H_
