// Cycle model of the kernel's AXI4 write engine; see utf8_kernel_wr.h. tick()
// follows rtl/kernel/utf8_kernel_wr.v: the same wires under the same names, the
// next-state block in its order (s_axis_tready from the next values, as the
// RTL's room check), then the registers without reset, then the reset.
#include "utf8_kernel_wr.h"

#include <algorithm>
#include <stdexcept>

namespace utf8core {
namespace {

// Bytes a keep counts (utf8_kernel_wr.v's kept()): w when its top lane is
// kept, else the OR of the lanes i where lane i - 1 is kept and lane i not,
// which for a contiguous keep is its count.
uint64_t Kept(uint64_t keep, unsigned w) {
  if ((keep >> (w - 1)) & 1) return w;
  const uint64_t lanes = w >= 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1;
  const uint64_t ends = (keep << 1) & ~keep & lanes;
  uint64_t n = 0;
  for (unsigned i = 1; i < w; ++i) {
    if ((ends >> i) & 1) n |= i;
  }
  return n;
}

}  // namespace

KernelWrCycleModel::KernelWrCycleModel(const KernelWrParams& p)
    : KernelAxiEngine("utf8_kernel_wr", p), p_(p) {
  if (!PowerOfTwo(p.fifo_depth) || p.fifo_depth < 4 || p.fifo_depth < 2 * p.max_burst)
    throw std::invalid_argument(
        "utf8_kernel_wr: FIFO_DEPTH must be a power of two, at least 2*MAX_BURST and 4");
  depth_ = static_cast<uint64_t>(p.fifo_depth);
  cw_mask_ = Ones(std::max(Log2(depth_) + 2, 10U));
  fifo_.resize(depth_);
}

KernelWrCycleModel::Outputs KernelWrCycleModel::outputs() const {
  Outputs o;
  o.cmd_ready = !busy_;
  o.busy = busy_;
  o.error = error_;
  o.bytes = bytes_;
  o.s_axis_tready = tready_;
  o.m_axi_awaddr = awaddr_;
  o.m_axi_awlen = awlen_;
  o.m_axi_awsize = static_cast<uint8_t>(logw_);
  o.m_axi_awburst = kBurstIncr;
  o.m_axi_awcache = kCache;
  o.m_axi_awprot = kProt;
  o.m_axi_awvalid = awvalid_;
  o.m_axi_wdata = wdata_;
  o.m_axi_wstrb = wstrb_;
  o.m_axi_wlast = wlast_;
  o.m_axi_wvalid = wvalid_;
  o.m_axi_bready = true;
  o.aw_known = aw_known_;
  o.wdata_known = wdata_known_;
  o.w_known = w_known_;
  return o;
}

void KernelWrCycleModel::tick(const Inputs& in) {
  const uint64_t lane_mask = w_ - 1;
  const uint64_t cmd_addr = in.cmd_addr & addr_mask_;
  const bool cmd_take = in.cmd_valid && !busy_;

  const bool b_take = in.m_axi_bvalid && busy_;
  const bool b_bad = b_take && (in.m_axi_bresp & 2) != 0;
  const bool halt = stop_ || in.cmd_abort || b_bad;

  // Input and realigner
  const bool s_take = in.s_axis_tvalid && tready_;
  const bool proc_beat = busy_ && !halt && in_valid_;
  const bool proc_flush = busy_ && !halt && flush_;
  const uint64_t cur_keep = flush_ ? 0 : in_keep_;
  // Aligned beat: lanes below off from the previous stream beat's top lanes,
  // the rest from this one's bottom lanes.
  const uint64_t beat_strb =
      ((cur_keep << off_) | (off_ != 0 ? prev_keep_ >> (w_ - off_) : 0)) & all_keep_;
  // The last stream beat's bytes that spill past its aligned beat.
  const bool spills = off_ != 0 && (in_keep_ >> (w_ - off_)) != 0;
  const bool push = (proc_beat || proc_flush) && beat_strb != 0;

  // AW, W, B
  // The cap is a register and so is the next one; a short burst is the
  // packet's last, so aw_next moves by the cap whatever the burst's length.
  const bool aw_full = avail_ >= aw_cap_;
  const uint64_t aw_len = aw_full ? aw_cap_ : avail_;
  const uint64_t aw_len_m1 = (aw_len - 1) & cw_mask_;
  const uint64_t aw_after = After(aw_next_, aw_cap_);
  const uint64_t aw_cap_after = BurstCap(aw_after);
  const uint64_t avail_less = (avail_ - aw_cap_) & cw_mask_;
  const bool aw_load = busy_ && !halt && (aw_full || (ended_ && avail_ != 0)) &&
                       (!awvalid_ || in.m_axi_awready) && due_ != cw_mask_;

  const bool w_load = busy_ && claimed_ != 0 && (!wvalid_ || in.m_axi_wready);
  const uint64_t w_cur_len = w_idx_ == 0 ? BurstCap(w_lo_) : w_len_;
  // The packet's very last beat ends its burst wherever it falls.
  const bool w_final = ended_ && held_ == 1;
  const bool w_last = ((w_idx_ + 1) & cw_mask_) == w_cur_len || w_final;

  const uint64_t b_bytes = BurstBytes(BurstCap(b_lo_));

  // Next state
  bool busy_d = busy_;
  bool stop_d = stop_;
  bool error_d = error_;
  bool tlast_in_d = tlast_in_;
  bool ended_d = ended_;
  uint64_t in_bytes_d = in_bytes_;
  uint64_t bytes_d = bytes_;
  bool in_valid_d = false;
  bool flush_d = flush_;
  uint64_t prev_keep_d = prev_keep_;
  uint64_t wr_ptr_d = wr_ptr_;
  uint64_t rd_ptr_d = rd_ptr_;
  uint64_t avail_d = avail_;
  uint64_t claimed_d = claimed_;
  uint64_t held_d = held_;
  bool awvalid_d = awvalid_ && !in.m_axi_awready;
  uint64_t aw_next_d = aw_next_;
  uint64_t aw_cap_d = aw_cap_;
  bool wvalid_d = wvalid_ && !in.m_axi_wready;
  uint64_t w_lo_d = w_lo_;
  uint64_t w_idx_d = w_idx_;
  uint64_t w_len_d = w_len_;
  uint64_t due_d = due_;
  uint64_t b_lo_d = b_lo_;
  bool b_add_d = false;
  uint64_t b_inc_d = b_inc_;
  uint64_t b_written_d = b_written_;
  bool b_clamp_d = false;

  if (cmd_take) {
    busy_d = true;
    stop_d = false;
    error_d = false;
    tlast_in_d = false;
    ended_d = false;
    in_bytes_d = 0;
    bytes_d = 0;
    flush_d = false;
    prev_keep_d = 0;
    wr_ptr_d = 0;
    rd_ptr_d = 0;
    avail_d = 0;
    claimed_d = 0;
    held_d = 0;
    aw_next_d = cmd_addr & ~lane_mask;
    aw_cap_d = BurstCap(cmd_addr);
    w_lo_d = cmd_addr & 0xFFF & ~lane_mask;
    w_idx_d = 0;
    due_d = 0;
    b_lo_d = cmd_addr & 0xFFF & ~lane_mask;
    b_written_d = uint64_t{0} - (cmd_addr & lane_mask);
  } else if (busy_) {
    if (halt) stop_d = true;
    if (b_bad) error_d = true;

    // Stream
    if (s_take && in.s_axis_tlast) tlast_in_d = true;
    in_valid_d = s_take && !halt;
    if (proc_beat) {
      prev_keep_d = in_keep_;
      in_bytes_d = in_bytes_ + Kept(in_keep_, w_);
      if (in_last_) {
        if (spills) {
          flush_d = true;
        } else {
          ended_d = true;
        }
      }
    }
    if (proc_flush) {
      flush_d = false;
      ended_d = true;
    }
    if (halt) flush_d = false;
    if (push) wr_ptr_d = (wr_ptr_ + 1) & (depth_ - 1);

    // AW
    if (aw_load) {
      awvalid_d = true;
      aw_next_d = aw_after;
      aw_cap_d = aw_cap_after;
    }
    avail_d = ((aw_load ? (aw_full ? avail_less : 0) : avail_) + (push ? 1 : 0)) & cw_mask_;
    claimed_d = (claimed_ + (aw_load ? aw_len : 0) - (w_load ? 1 : 0)) & cw_mask_;
    held_d = (held_ + (push ? 1 : 0) - (w_load ? 1 : 0)) & cw_mask_;

    // W
    if (w_load) {
      wvalid_d = true;
      rd_ptr_d = (rd_ptr_ + 1) & (depth_ - 1);
      w_lo_d = (w_lo_ + w_) & 0xFFF;
      w_idx_d = w_last ? 0 : (w_idx_ + 1) & cw_mask_;
      w_len_d = w_cur_len;
    }

    // B
    due_d = (due_ + (aw_load ? 1 : 0) - (b_take ? 1 : 0)) & cw_mask_;
    if (b_take && !b_bad && !error_) {
      b_lo_d = (b_lo_ + b_bytes) & 0xFFF;
      b_add_d = true;
      b_inc_d = b_bytes;
    }
    if (b_add_) {
      b_written_d = b_written_ + b_inc_;
      b_clamp_d = true;
    }
    if (b_clamp_) bytes_d = std::min(b_written_, in_bytes_);

    if (!awvalid_ && !wvalid_ && claimed_ == 0 && due_ == 0 && !b_add_ && !b_clamp_ &&
        (stop_ || (tlast_in_ && ended_ && avail_ == 0))) {
      busy_d = false;
    }
  }

  // Room for what may still arrive after tready is seen high: what is pending
  // (input register, extra end beat), the next beat and its extra beat.
  const uint64_t room_need =
      (held_d + (in_valid_d ? 1 : 0) + (flush_d ? 1 : 0) + 2) & (cw_mask_ * 2 + 1);
  const bool tready_d = busy_d && !tlast_in_d && (stop_d || room_need <= depth_);

  // Registers without reset, each from this clock's values.
  if (w_load) {
    const Entry& e = fifo_[rd_ptr_];
    wdata_ = e.data;
    wdata_known_ = e.data_known;
    wstrb_ = e.strb;
    wlast_ = w_last;
    w_known_ = e.strb_known;
  }
  if (push) {
    Entry& e = fifo_[wr_ptr_];
    // The input register holds its beat rotated up by off's whole groups of
    // eight lanes, and the buffer takes the beat rotated by the rest
    // (utf8_kernel_wr.v): lane j of the last beat or this one, by whether it
    // lands below off, goes to lane j + off_lo. Lanes without a strobe carry
    // whatever that lane held, as the RTL's do.
    const unsigned off_lo = off_ & 7u;
    uint64_t known = 0;
    for (unsigned j = 0; j < w_; ++j) {
      const unsigned lane = (j + off_lo) % w_;
      const bool from_prev = lane < off_;
      e.data[lane] = from_prev ? prev_data_[j] : in_data_[j];
      if (from_prev ? (prev_known_ != 0) : in_known_) known |= uint64_t{1} << lane;
    }
    e.data_known = known;
    e.strb = beat_strb;
    e.strb_known = true;
  }
  if (aw_load) {
    awaddr_ = aw_next_;
    awlen_ = static_cast<uint8_t>(aw_len_m1);
    aw_known_ = true;
  }
  if (proc_beat) {
    prev_data_ = in_data_;
    prev_known_ = in_known_ ? all_keep_ : 0;
  }
  if (s_take) {
    const unsigned off_hi = off_ & ~7u;
    for (unsigned k = 0; k < w_; ++k) in_data_[(k + off_hi) % w_] = in.s_axis_tdata[k];
    in_keep_ = in.s_axis_tkeep & all_keep_;
    in_last_ = in.s_axis_tlast;
    in_known_ = true;
  }
  if (cmd_take) off_ = static_cast<unsigned>(cmd_addr & lane_mask);

  busy_ = busy_d;
  stop_ = stop_d;
  error_ = error_d;
  tlast_in_ = tlast_in_d;
  ended_ = ended_d;
  in_bytes_ = in_bytes_d;
  bytes_ = bytes_d;
  tready_ = tready_d;
  in_valid_ = in_valid_d;
  flush_ = flush_d;
  prev_keep_ = prev_keep_d;
  wr_ptr_ = wr_ptr_d;
  rd_ptr_ = rd_ptr_d;
  avail_ = avail_d;
  claimed_ = claimed_d;
  held_ = held_d;
  awvalid_ = awvalid_d;
  aw_next_ = aw_next_d;
  aw_cap_ = aw_cap_d;
  wvalid_ = wvalid_d;
  w_lo_ = w_lo_d;
  w_idx_ = w_idx_d;
  w_len_ = w_len_d;
  due_ = due_d;
  b_lo_ = b_lo_d;
  b_add_ = b_add_d;
  b_inc_ = b_inc_d;
  b_written_ = b_written_d;
  b_clamp_ = b_clamp_d;

  if (in.rst) {
    busy_ = false;
    stop_ = false;
    error_ = false;
    bytes_ = 0;
    tready_ = false;
    in_valid_ = false;
    flush_ = false;
    awvalid_ = false;
    wvalid_ = false;
    b_add_ = false;
    b_clamp_ = false;
  }
}

}  // namespace utf8core
