// Cycle model of the kernel's validity bitmap (rtl/kernel/utf8_kernel_bitmap.v):
// ticked with the RTL's inputs every clock it gives the RTL's outputs every
// clock. Groups (per G = W/4 strings, which are non-empty) and the string
// validator's verdicts (one per non-empty string) become the Arrow bitmap as
// a byte stream of W bytes a beat, 32 groups a beat, with the job's counts.
//
// Every output comes from a register, so outputs() takes no inputs.
//
// The verdict pipeline (stages A..E, then the ring of 4W bits) is kept as its
// timing and each beat's packed verdicts: the RTL's two packing networks put
// the verdicts at the write pointer in order, which is all that any output
// can see (the lanes past a beat's verdicts that the RTL writes into the ring
// too are never read into a bit). Stage by stage otherwise as the RTL.
//
// The model starts as the RTL after a reset (its state has no value before
// one, so a bench resets first). The RTL resets only control state: the
// output register (m_axis_tdata, tkeep, tlast) keeps its value through a
// reset and holds X until first loaded, which Verilator shows as 0; the model
// follows it and says in Outputs::tdata_known whether it has had a value
// since power-on.
#ifndef UTF8CORE_MODEL_UTF8_KERNEL_BITMAP_H_
#define UTF8CORE_MODEL_UTF8_KERNEL_BITMAP_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

namespace utf8core {

class KernelBitmapCycleModel {
 public:
  struct Inputs {
    bool rst = false;
    // s_grp_*: strings nG .. nG+count-1, full bit i = string nG+i is non-empty
    uint32_t grp_full = 0;
    uint32_t grp_count = 0;
    bool grp_last = false;
    bool grp_valid = false;
    // s_ver_*: a verdict in each lane k where keep bit k, ok bit k = well-formed
    uint64_t ver_keep = 0;
    uint64_t ver_ok = 0;
    bool ver_valid = false;
    bool m_tready = false;
  };
  struct Outputs {
    bool s_grp_ready = false;
    bool s_ver_ready = false;
    std::array<uint8_t, 64> m_tdata{};  // lanes 0..W-1
    uint64_t m_tkeep = 0;
    bool m_tvalid = false;
    bool m_tlast = false;
    bool done = false;
    uint64_t strings = 0;
    uint64_t bad_strings = 0;
    bool first_bad_found = false;
    uint64_t first_bad = 0;
    // m_tdata, m_tkeep and m_tlast have had a value since power-on
    bool tdata_known = false;
  };

  // W: bytes per beat, 8, 16, 32 or 64; others throw std::invalid_argument.
  explicit KernelBitmapCycleModel(int w);
  int w() const { return w_; }
  int g() const { return g_; }
  // Groups the queue holds, and the ring's bits (the RTL's CAP and B).
  static constexpr int kQueue = 64;
  int ring_bits() const { return 4 * w_; }

  Outputs outputs() const;
  void tick(const Inputs& in);

 private:
  // A verdict beat in the pipeline: its verdicts packed from bit 0.
  struct VerBeat {
    bool valid = false;
    int m = 0;           // verdicts
    uint64_t dense = 0;  // bit r: the r-th verdict
  };
  // A queued group, as the RTL's queue entry.
  struct Group {
    uint32_t full = 0;
    int count = 0;
    bool last = false;
    int need = 0;      // non-empty strings
    int slot = 0;      // place in its beat, 0..31
    bool pold = false;  // sends the beat before
    bool pfin = false;  // sends its own
  };
  struct P1 {
    bool valid = false;
    uint32_t win = 0;  // 2G ring bits from the read pointer's G-bit chunk
    int b = 0;         // the read pointer within that chunk
    Group grp;
  };
  struct P2 {
    bool valid = false;
    uint32_t sh = 0;  // G ring bits from the read pointer
    Group grp;
    uint64_t keep = 0;  // the final beat's keep
  };
  struct P3 {
    bool valid = false;
    uint32_t bits = 0;
    Group grp;
    uint64_t keep = 0;
  };
  struct P4 {
    bool valid = false;
    int nbad = 0;
    bool has = false;
    int zidx = 0;
    int count = 0;
    bool last = false;
  };

  bool RingBit(int at) const { return ring_[static_cast<size_t>(at % ring_bits())] != 0; }

  int w_;
  int g_;
  uint64_t all_lanes_;
  bool ver_ready_ = false;
  bool grp_ready_ = false;
  VerBeat a_, b_, c_, d_, e_;
  std::vector<uint8_t> ring_;
  int wr_ptr_ = 0;
  int rd_ptr_ = 0;
  int avail_ = 0;
  int cred_ = 0;
  std::deque<Group> queue_;
  int enq_slot_ = 0;
  bool enq_started_ = false;
  bool closed_ = false;
  int beats_ = 0;
  P1 p1_;
  P2 p2_;
  P3 p3_;
  P4 p4_;
  std::vector<uint8_t> bm_;  // 8W bits of the beat being assembled
  bool bm_done_ = false;
  uint64_t bm_keep_ = 0;
  std::array<uint8_t, 64> out_{};
  uint64_t out_keep_ = 0;
  bool out_last_ = false;
  bool out_valid_ = false;
  bool out_known_ = false;
  uint64_t strings_ = 0;
  uint64_t bad_strings_ = 0;
  bool first_bad_found_ = false;
  uint64_t first_bad_ = 0;
  uint64_t gidx_ = 0;
  bool ended_ = false;
  bool finished_ = false;
  bool done_ = false;
};

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_KERNEL_BITMAP_H_
