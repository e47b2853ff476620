// Cycle model of the wide decoder (rtl/stream/utf8_wide_decoder.v): ticked with the
// RTL's inputs every clock it gives the RTL's outputs every clock. The units of
// each beat come from the functional model's Decoder through LaneFrontModel;
// this class adds the shift and pack stages (a delay), the output FIFO with
// its output register and the credit that withdraws s_axis_tready
// (LaneFifoModel), and the status.
// Nothing but the FIFO's head waits for m_axis_tready.
#ifndef UTF8CORE_MODEL_UTF8_WIDE_DECODER_H_
#define UTF8CORE_MODEL_UTF8_WIDE_DECODER_H_

#include <array>
#include <cstdint>
#include <vector>

#include "utf8_lane_fifo.h"
#include "utf8_lane_front.h"
#include "utf8_lane_status.h"
#include "utf8_model.h"

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

  explicit WideDecoderCycleModel(int lanes);
  int lanes() const { return lanes_; }
  Outputs outputs() const;
  void tick(const Inputs& in);

 private:
  struct Beat {
    bool valid = false;
    bool last = false;
    std::vector<Unit> units;
  };

  int lanes_;
  LaneFrontModel front_;
  LaneStatusModel status_;
  std::vector<Beat> pipe_;   // shift and pack stage registers; back() is the pack register
  // The front end's beat copied into a kept buffer, so that a tick allocates
  // nothing once every buffer has grown to LANES units.
  Beat decided_;
  LaneFifoModel<Beat> fifo_;  // output FIFO and credit
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_WIDE_DECODER_H_
