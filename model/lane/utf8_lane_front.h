// Cycle model of the wide blocks' shared front end (rtl/lane/utf8_lane_front.v), and
// the beat types every wide block's model uses. Ticked with the RTL's inputs
// every clock it holds the RTL's decided beat every clock; which units end in
// which beat, and their classes and code points, come from the functional
// model's Decoder, not from a second copy of the lane logic.
#ifndef UTF8CORE_MODEL_UTF8_LANE_FRONT_H_
#define UTF8CORE_MODEL_UTF8_LANE_FRONT_H_

#include <array>
#include <bitset>
#include <cstdint>
#include <vector>

#include "utf8_model.h"

namespace utf8core {

// The widest LANES a wide block is built with; beats are held in fixed arrays
// of this size so that moving one through a model or a bench allocates nothing.
constexpr int kMaxLanes = 128;

// One flag per lane, bit k for lane k (tkeep): wider than any integer type at
// LANES 128.
using LaneMask = std::bitset<kMaxLanes>;

// Lanes 0 .. n-1 set, as the tkeep of a beat of n bytes.
inline LaneMask FirstLanes(int n) {
  return n <= 0 ? LaneMask() : ~LaneMask() >> (kMaxLanes - (n < kMaxLanes ? n : kMaxLanes));
}

// Bits [64 * word, 64 * word + 64) of a mask, for the benches' 64-bit compares
// and wave dumps.
inline uint64_t MaskWord(const LaneMask& m, int word) {
  return ((m >> (64 * word)) & LaneMask(~uint64_t{0})).to_ullong();
}

// One input beat of a wide block, as on s_axis_*.
struct WideBeatIn {
  std::array<uint8_t, kMaxLanes> tdata{};  // lane k = tdata[k]; lanes >= LANES unused
  LaneMask tkeep;                          // bit k: lane k holds a byte
  LaneMask tuser;                          // bit k: a string starts at lane k (utf8_string_validator)
  bool tvalid = false;
  bool tlast = false;
};

// The inputs of every wide block, as its cycle model takes them each clock.
struct WideInputs {
  bool rst = false;
  bool cfg_mode = false;  // 0 rfc3629, 1 annex-r
  WideBeatIn s;
  bool m_tready = false;
};

// A beat of the front end's output: the units that end in it, in order, each
// at its end lane.
struct DecidedBeat {
  bool valid = false;
  bool last = false;
  uint64_t base = 0;        // packet offset of lane 0
  std::vector<Unit> units;  // units ending in this beat
  std::vector<int> lanes;   // the lane each one ends at
  std::array<uint8_t, kMaxLanes> data{};  // the beat's bytes (the RTL's dec_data)
  int kept = 0;                           // bytes in it, from lane 0 (dec_keep)
  LaneMask starts;          // a string starts at the lane (the packet's first byte too)
  LaneMask str_ends;        // a string ends at the lane (the packet's last byte too)
  // Empties the beat but keeps the vectors' storage, so a stage register that
  // is cleared and refilled every clock does not allocate.
  void clear() {
    valid = last = false;
    base = 0;
    kept = 0;
    units.clear();
    lanes.clear();
    starts.reset();
    str_ends.reset();
  }
};

// utf8_lane_front: input register, pending beat waiting for its look-ahead
// byte, window stage, take stage, decided stage. s_ready is the owner's
// registered ready. A string start (tuser) ends the string before it as a
// packet's end would and starts a new one: each string is decoded alone.
class LaneFrontModel {
 public:
  explicit LaneFrontModel(int lanes) : lanes_(lanes) {}
  // The decided beat of this cycle (the RTL's dec_* registers).
  const DecidedBeat& out() const { return dec_beat_; }
  void tick(bool rst, bool cfg_mode, const WideBeatIn& in, bool s_ready);

 private:
  struct Pending {
    bool valid = false;
    std::array<uint8_t, kMaxLanes> data{};
    LaneMask keep;
    LaneMask start;  // string starts; lane 0 of a packet's first beat set
    bool last = false;
    bool first = false;
    Mode mode = Mode::kRfc3629;
    uint64_t base = 0;
  };
  // The input register: the accepted beat and cfg_mode as it was then.
  struct Input {
    bool valid = false;
    WideBeatIn beat;
    bool mode = false;
  };
  void Decide(const Pending& p, uint8_t lookahead, bool lookahead_start, DecidedBeat* d);
  // Bytes of the string being decoded, its units moved to packet offsets.
  void Push(const uint8_t* data, size_t n);

  int lanes_;
  Input in_;
  Pending pend_;
  bool in_pkt_ = false;
  Mode in_mode_ = Mode::kRfc3629;
  uint64_t in_off_ = 0;
  Decoder dec_;              // the current string's bytes moved so far
  uint64_t str_base_ = 0;    // packet offset of the current string's first byte
  std::vector<Unit> str_units_;  // scratch for Push
  std::vector<Unit> ended_;  // scratch for Decide
  DecidedBeat win_;          // window stage (already decided: data is known at the move)
  DecidedBeat take_;         // take stage
  DecidedBeat dec_beat_;     // decided stage
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_LANE_FRONT_H_
