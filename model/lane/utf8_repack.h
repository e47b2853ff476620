// Cycle model of the repacking accumulator (rtl/lane/utf8_repack.v): ticked with
// the RTL's inputs every clock it gives the RTL's outputs every clock. Items
// of ITEM bits (up to 64) come in beats of 0..IN from item 0 and leave in
// beats of OUT, full except a packet's last; an input register holds one
// beat, the accumulator the items not yet out.
//
// Mealy path: s_ready depends on m_ready (the accumulator takes the input
// register when this clock's output beat leaves room), so outputs() takes
// this clock's inputs; the output beat comes from registers.
//
// The model starts as the RTL after a reset (its control state has no value
// before one, so a bench resets first). The accumulator's items are not
// reset: they hold X until its first take after power-on, which Verilator
// shows as 0, and from then on every item has a value. Outputs' data_known
// says which.
#ifndef UTF8CORE_MODEL_UTF8_REPACK_H_
#define UTF8CORE_MODEL_UTF8_REPACK_H_

#include <array>
#include <cstdint>
#include <vector>

namespace utf8core {

class RepackCycleModel {
 public:
  // The largest IN and OUT the model holds in its fixed port arrays: the
  // sanitizer's back half at 64 lanes takes beats of 3 * 64 + 3 bytes. Items
  // are up to 64 bits: the wide decoder's are 38 (code point, length, class).
  static constexpr int kMaxIn = 256;
  static constexpr int kMaxOut = 64;

  struct Inputs {
    bool rst = false;
    std::array<uint64_t, kMaxIn> s_data{};  // item k at [k]; items >= IN unused
    uint32_t s_count = 0;                   // $clog2(IN + 1) bits
    bool s_valid = false;
    bool s_last = false;
    bool m_ready = false;
  };
  struct Outputs {
    bool s_ready = false;
    std::array<uint64_t, kMaxOut> m_data{};  // every item of the beat, kept or not
    uint64_t m_keep = 0;
    bool m_valid = false;
    bool m_last = false;
    bool data_known = false;  // m_data, every item, has had a value since power-on
  };

  // The RTL's parameters: ITEM 1..64 bits, IN 1..kMaxIn, OUT 1..kMaxOut.
  // Others throw std::invalid_argument.
  RepackCycleModel(int item, int in, int out);
  Outputs outputs(const Inputs& in) const;
  void tick(const Inputs& in);

 private:
  // This clock's output beat and what stays after it.
  struct Pop {
    bool full_beat, out_valid, out_last, pop;
    uint32_t rest_count;
    bool rest_end;
    bool take;
  };
  Pop Decide(bool m_ready) const;

  int in_, out_;
  uint64_t item_mask_;
  uint32_t count_mask_;  // s_count's width
  uint32_t acc_mask_;    // the accumulator's count width

  // Input register
  bool in_valid_ = false;
  std::vector<uint64_t> in_data_;  // IN items
  uint32_t in_count_ = 0;
  bool in_last_ = false;
  // Accumulator: OUT + IN items, acc_count_ of them from item 0 held.
  std::vector<uint64_t> acc_;
  uint32_t acc_count_ = 0;
  bool acc_end_ = false;
  bool acc_known_ = false;  // a take since power-on
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_REPACK_H_
