// Cycle model of the kernel's offsets stage for VALIDATE_STRINGS
// (rtl/kernel/utf8_kernel_offsets.v): ticked with the RTL's inputs every clock
// it gives the RTL's outputs every clock. Stage A unpacks a beat of offsets
// (int32, or two beats of int64) into a vector of up to G = W/4; stage B
// checks it, makes its offsets relative to the first and sends a group of
// string flags; stage C marks the string starts in the data beats and cuts
// the packet at the last offset.
//
// Mealy paths: s_off_tready depends on m_grp_ready; s_dat_tready on
// s_dat_tvalid and m_axis_tready, so outputs() takes this clock's inputs.
//
// The model starts as the RTL after a reset (a bench resets first). The RTL
// does not reset its payload registers (m_axis_tdata/tkeep/tuser/tlast and
// the group's payload), which hold X until first loaded and which Verilator
// shows as 0; the model follows them and says in Outputs' *_known fields
// what has had a value since power-on.
#ifndef UTF8CORE_MODEL_UTF8_KERNEL_OFFSETS_H_
#define UTF8CORE_MODEL_UTF8_KERNEL_OFFSETS_H_

#include <array>
#include <cstdint>

namespace utf8core {

class KernelOffsetsCycleModel {
 public:
  using Lanes = std::array<uint8_t, 64>;  // lane k at [k]; lanes past W unused

  struct ByteBeat {
    Lanes tdata{};
    uint64_t tkeep = 0;
    bool tvalid = false;
    bool tlast = false;
  };
  struct Inputs {
    bool rst = false;
    bool cfg_o64 = false;
    uint64_t cfg_len = 0;
    ByteBeat off;  // s_off_*
    ByteBeat dat;  // s_dat_*
    bool m_tready = false;
    bool grp_ready = false;
  };
  struct Outputs {
    bool s_off_tready = false;
    bool s_dat_tready = false;
    Lanes m_tdata{};
    uint64_t m_tkeep = 0;
    uint64_t m_tuser = 0;
    bool m_tvalid = false;
    bool m_tlast = false;
    uint32_t grp_full = 0;  // G bits
    uint32_t grp_count = 0;
    bool grp_last = false;
    bool grp_valid = false;
    bool first_valid = false;
    uint64_t first_offset = 0;
    bool bad = false;
    bool data_done = false;
    bool ended = false;
    uint64_t in_bytes = 0;
    // What has had a value since power-on.
    bool m_known = false;    // m_tdata, m_tkeep, m_tuser, m_tlast
    bool grp_known = false;  // grp_full, grp_count, grp_last
  };

  // W: bytes per beat, 8, 16, 32 or 64; others throw std::invalid_argument.
  explicit KernelOffsetsCycleModel(int w);
  int w() const { return w_; }
  Outputs outputs(const Inputs& in) const;
  void tick(const Inputs& in);

 private:
  static constexpr int kMaxG = 16;
  using Vec = std::array<uint64_t, kMaxG>;

  // Stage B's combinational view of stage A's vector.
  struct Check {
    uint32_t ok = 0;  // slot j and every slot before it good
    uint32_t ne = 0;  // the string ending at slot j is non-empty
    Vec rel{};
    uint64_t last_abs = 0;
    uint32_t hold_n = 0;
  };
  Check CheckA(uint64_t cfg_len) const;
  bool GrpFree(const Inputs& in) const { return !grp_valid_ || in.grp_ready; }
  bool CPop() const;
  bool BTake(const Inputs& in) const;
  bool Send(const Inputs& in, bool* last) const;
  uint64_t Marks() const;  // stage C's vector's marks in beat b
  bool AtT() const;        // it has an offset at exactly (b+1)W

  int w_, g_, lw_;
  uint64_t all_lanes_;
  // Stage A
  Vec a_off_{};
  uint32_t a_vm_ = 0;
  bool a_last_ = false, a_valid_ = false, a_half_ = false, off_stop_ = false;
  // Stage B
  uint64_t prev_ = 0;
  uint32_t hold_ = 0, hold_n_ = 0;
  bool fin_ = false, grp_done_ = false;
  uint32_t grp_full_ = 0, grp_count_ = 0;
  bool grp_last_ = false, grp_valid_ = false, grp_known_ = false;
  bool first_valid_ = false;
  uint64_t first_offset_ = 0;
  bool bad_ = false;
  // Stage C
  Vec c_rel_{};
  uint32_t c_vm_ = 0;
  uint64_t c_rel_last_ = 0;
  bool c_last_ = false, c_valid_ = false;
  uint64_t beat_ = 0;  // b, the RTL's beat_q (bits 63:LW of a byte index)
  uint64_t acc_ = 0;
  bool next0_ = false, end_known_ = false, data_done_ = false;
  uint64_t in_bytes_ = 0;
  Lanes m_tdata_{};
  uint64_t m_tkeep_ = 0, m_tuser_ = 0;
  bool m_tvalid_ = false, m_tlast_ = false, m_known_ = false;
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_KERNEL_OFFSETS_H_
