// Cycle model of the wide decoder (rtl/stream/utf8_wide_decoder.v): ticked with the
// RTL's inputs every clock it gives the RTL's outputs every clock. The units of
// each beat come from the functional model's Decoder through LaneFrontModel;
// this class adds the shift and pack stages (a delay), the output FIFO with
// its output register and the credit that withdraws s_axis_tready
// (LaneFifoModel), and the status. With OUT_UNITS below LANES the FIFO's head
// goes into the repacking ring (RepackRingCycleModel, through its input
// slice: items of 38 bits, {code point, length, class}),
// which gives OUT_UNITS units a beat.
// Nothing but the FIFO's head (or the ring's reader) waits for m_axis_tready.
#ifndef UTF8CORE_MODEL_UTF8_WIDE_DECODER_H_
#define UTF8CORE_MODEL_UTF8_WIDE_DECODER_H_

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "utf8_lane_fifo.h"
#include "utf8_lane_front.h"
#include "utf8_lane_status.h"
#include "utf8_model.h"
#include "utf8_repack_ring.h"

namespace utf8core {

class WideDecoderCycleModel {
 public:
  // The RTL's DEPTH parameter's default: one beat per clock needs at least the
  // credit's round trip, which 16 covers at every lane count.
  static constexpr int DepthFor(int /*lanes*/) { return 16; }
  using Inputs = WideInputs;
  struct Outputs {
    bool s_tready = false;
    std::array<uint32_t, kMaxLanes> m_tdata{};  // code points; lanes past the units read 0
    LaneMask m_tkeep;
    std::array<uint8_t, kMaxLanes> m_tuser{};   // {len[5:3], class[2:0]} per lane
    bool m_tvalid = false;
    bool m_tlast = false;
    bool stat_valid = false;
    bool stat_error = false;
    uint64_t stat_err_offset = 0;
    uint8_t stat_err_class = 0;
    std::array<uint64_t, 6> err_count{};  // class c at [c - 1]
  };

  // out_units: OUT_UNITS, 1..lanes; 0 means lanes (the RTL's default).
  explicit WideDecoderCycleModel(int lanes, int out_units = 0);
  int lanes() const { return lanes_; }
  int out_units() const { return out_units_; }
  Outputs outputs() const;
  void tick(const Inputs& in);

 private:
  struct Beat {
    bool valid = false;
    bool last = false;
    std::vector<Unit> units;
  };

  RepackCycleModel::Inputs RepackIn(bool rst, bool m_tready) const;

  int lanes_;
  int out_units_;
  LaneFrontModel front_;
  LaneStatusModel status_;
  std::vector<Beat> pipe_;   // shift and pack stage registers; back() is the pack register
  // The front end's beat copied into a kept buffer, so that a tick allocates
  // nothing once every buffer has grown to LANES units.
  Beat decided_;
  LaneFifoModel<Beat> fifo_;  // output FIFO and credit
  std::unique_ptr<RepackRingCycleModel> repack_;  // OUT_UNITS < LANES only
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_WIDE_DECODER_H_
