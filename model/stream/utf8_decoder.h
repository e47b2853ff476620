// Cycle model of the scalar decoder (rtl/stream/utf8_decoder.v): the block's ports as two
// structs, outputs() from state, tick() for one rising edge. Ticked with the RTL's
// inputs every clock it gives the RTL's outputs every clock.
//
// The timing skeleton is the RTL's (docs/interface.md, rtl/stream/utf8_decoder.v header):
//   - an input register, then a three-byte queue, behind a registered
//     s_axis_tready (low only when both are full); an accepted byte enters the
//     input register and moves on to the queue's tail when it has room;
//   - the byte at the head is decided when the next byte is in the queue or the
//     head carries tlast, and the internal ready (registered) is high; a unit
//     ending at that byte goes to the unit register, which always moves on into
//     a three-entry output FIFO whose head is m_axis (so a unit is shown two
//     clocks after its decision, without backpressure); the internal ready
//     reserves FIFO room for every decided byte;
//   - stat_* pulse, and err_count moves, three clocks after that decision.
// What is decided (does a unit end at this byte, which one) comes from the
// functional model: every accepted byte is pushed into a utf8core::Decoder and its
// units are matched to the head byte by their end offset. The model therefore
// never repeats the RTL's lead decode or range checks.
#ifndef UTF8CORE_MODEL_UTF8_DECODER_H_
#define UTF8CORE_MODEL_UTF8_DECODER_H_

#include <array>
#include <cstdint>
#include <deque>
#include <vector>

#include "utf8_model.h"

namespace utf8core {

class DecoderCycleModel {
 public:
  struct Inputs {
    bool rst = false;
    uint8_t s_axis_tdata = 0;
    bool s_axis_tvalid = false;
    bool s_axis_tlast = false;
    bool m_axis_tready = false;
    bool cfg_mode = false;  // 0 rfc3629, 1 annex-r
  };
  struct Outputs {
    bool s_axis_tready = false;
    uint32_t m_axis_tdata = 0;
    uint8_t m_axis_tuser = 0;  // [2:0] class, [5:3] length
    bool m_axis_tvalid = false;
    bool m_axis_tlast = false;
    bool stat_valid = false;
    bool stat_error = false;
    uint64_t stat_err_offset = 0;
    uint8_t stat_err_class = 0;
    std::array<uint64_t, 6> err_count{};  // class c at [c - 1]
  };

  // Widths as the RTL's parameters of the same names (1..64).
  explicit DecoderCycleModel(int offset_width = 32, int count_width = 32);

  // The state after configuration-time initial values (what the RTL starts in).
  void power_on();
  Outputs outputs() const;
  void tick(const Inputs& in);

 private:
  struct Entry {
    uint8_t byte;
    bool last;
  };
  void capture_verdict();

  struct Beat {
    bool valid = false;
    uint32_t data = 0;
    uint8_t user = 0;
    bool last = false;
  };

  uint64_t offset_mask_;
  uint64_t count_max_;

  // input side
  bool s_ready_ = true;
  bool in_pkt_ = false;

  // input register, the queue (head first) and the functional model fed with
  // every byte accepted
  bool ir_valid_ = false;
  Entry ir_{};
  std::deque<Entry> queue_;
  uint64_t head_pos_ = 0;  // offset of the head byte in its packet
  Decoder decoder_;
  std::deque<Unit> pending_;  // units not yet emitted, in order
  std::vector<Unit> fresh_;   // the units one byte completes; kept so a tick does not allocate

  // registered internal ready, the unit register (also the unit event of the
  // status and counters) and the output FIFO
  bool ready_int_ = true;
  Beat u_;
  ErrorClass ev_cls_ = ErrorClass::kOk;
  uint64_t ev_off_ = 0;
  std::deque<Beat> fifo_;

  // status pipeline: flags of the unit event, then the captures
  bool seen_ = false;  // an earlier unit of this packet was an error
  bool f_first_ = false;
  bool f_last_ = false;
  bool f_had_ = false;
  ErrorClass f_cls_ = ErrorClass::kOk;
  uint64_t f_off_ = 0;
  uint64_t perr_off_ = 0;
  ErrorClass perr_cls_ = ErrorClass::kOk;

  int inc_ = 0;  // class whose counter steps at the next edge, 0 for none

  bool stat_valid_ = false;
  bool stat_error_ = false;
  uint64_t stat_off_ = 0;
  ErrorClass stat_cls_ = ErrorClass::kOk;
  std::array<uint64_t, 6> count_{};
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_DECODER_H_
