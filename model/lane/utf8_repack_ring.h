// Cycle model of the repacking ring (rtl/lane/utf8_repack_ring.v): the port
// contract of the repacking accumulator (utf8_repack.h, whose Inputs and
// Outputs it takes and gives) built as a ring of rows of OUT items. Ticked
// with the RTL's inputs every clock it gives the RTL's outputs every clock.
//
// s_ready is the input slice's (a register slice in front of the input
// register, utf8_axis_skid.h), and the output beat is a register, so
// outputs() reads nothing of the inputs but keeps the accumulator's
// signature.
//
// The model starts as the RTL after a reset (a bench resets first). The
// ring's items are not reset: an item never written since power-on holds X,
// which Verilator shows as 0, as the model starts them.
#ifndef UTF8CORE_MODEL_UTF8_REPACK_RING_H_
#define UTF8CORE_MODEL_UTF8_REPACK_RING_H_

#include <cstdint>
#include <vector>

#include "utf8_axis_skid.h"
#include "utf8_repack.h"

namespace utf8core {

class RepackRingCycleModel {
 public:
  using Inputs = RepackCycleModel::Inputs;
  using Outputs = RepackCycleModel::Outputs;

  // The RTL's parameters: ITEM 1..64 bits, IN 1..256, OUT 1..64. Others throw
  // std::invalid_argument.
  RepackRingCycleModel(int item, int in, int out);
  Outputs outputs(const Inputs& in) const;
  void tick(const Inputs& in);

 private:
  // The input register's beat against the ring: its rows and whether it goes.
  struct Take {
    uint32_t need, adv, rem;
    bool take;
  };
  Take Decide() const;

  int in_, out_, k_, rows_;
  uint64_t item_mask_;
  uint32_t count_mask_;  // s_count's width
  uint32_t ptr_mask_;    // the row pointers' width: one bit above a row

  // Input slice: a beat as it arrived (the RTL's slice also holds what the
  // count decodes to, a function of the count)
  struct SliceBeat {
    std::vector<uint64_t> data;
    uint32_t count = 0;
    bool last = false;
  };
  AxisSkidModel<SliceBeat> slice_;
  SliceBeat s_beat_;  // tick's input beat, kept to reuse its storage
  // Input register
  bool in_valid_ = false;
  std::vector<uint64_t> in_data_;  // IN items
  uint32_t in_count_ = 0;
  bool in_last_ = false;
  // Write position, rows complete, row to read
  uint32_t wrow_ = 0, wcol_ = 0, drow_ = 0, rrow_ = 0;
  // Shift stage: the beat's K rows of OUT items and their mask; per ring row
  // the beat's row it takes (-1: none) and the packet's last row
  std::vector<uint64_t> sh_data_;
  std::vector<bool> sh_mask_;
  std::vector<int> sh_hot_;
  std::vector<bool> sh_last_;
  uint32_t sh_done_ = 0;
  // Ring: row r's items at [OUT * r + j]
  std::vector<uint64_t> ring_;
  std::vector<bool> vld_;
  std::vector<bool> rlast_;
  // Output register
  bool o_valid_ = false;
  std::vector<uint64_t> o_data_;
  uint64_t o_keep_ = 0;
  bool o_last_ = false;
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_REPACK_RING_H_
