// Cycle model of the kernel's AXI4 read engine; see utf8_kernel_rd.h. tick()
// follows rtl/kernel/utf8_kernel_rd.v: the same wires under the same names, the
// next-state block in its order, then the registers without reset, then the
// reset. Sums that the RTL makes 65 bits wide are split so that they fit 64.
#include "utf8_kernel_rd.h"

#include <algorithm>
#include <stdexcept>

namespace utf8core {

KernelRdCycleModel::KernelRdCycleModel(const KernelRdParams& p)
    : KernelAxiEngine("utf8_kernel_rd", p), p_(p) {
  if (!PowerOfTwo(p.outstanding) || p.outstanding < 2)
    throw std::invalid_argument("utf8_kernel_rd: OUTSTANDING must be a power of two, at least 2");
  depth_ = static_cast<uint64_t>(p.outstanding) * static_cast<uint64_t>(p.max_burst);
  const unsigned pw = Log2(depth_);
  cw_mask_ = Ones(std::max(pw + 1, 10U));
  ow_mask_ = Ones(Log2(static_cast<uint64_t>(p.outstanding) + 1));
  ptr_mask_ = Ones(pw + 1);
  buf_.resize(depth_);
  buf_known_.assign(depth_, 0);
}

KernelRdCycleModel::Outputs KernelRdCycleModel::outputs() const {
  Outputs o;
  o.cmd_ready = !busy_;
  o.busy = busy_;
  o.error = error_;
  o.m_axi_araddr = araddr_;
  o.m_axi_arlen = arlen_;
  o.m_axi_arsize = static_cast<uint8_t>(logw_);
  o.m_axi_arburst = kBurstIncr;
  o.m_axi_arcache = kCache;
  o.m_axi_arprot = kProt;
  o.m_axi_arvalid = arvalid_;
  o.m_axi_rready = true;
  o.m_axis_tdata = tdata_;
  o.m_axis_tkeep = tkeep_;
  o.m_axis_tvalid = tvalid_;
  o.m_axis_tlast = tlast_;
  o.ar_known = ar_known_;
  o.tdata_known = tdata_known_;
  o.tkeep_known = tkeep_known_;
  return o;
}

void KernelRdCycleModel::tick(const Inputs& in) {
  const uint64_t lane_mask = w_ - 1;

  // Command: taken into c_addr_, c_len_ and the held bytes' registers; the
  // setup and load clocks after it work out the rest from those (the RTL
  // splits the sums between the two; they stay fixed while the job runs, so
  // the model works them out in the load clock whole).
  const bool cmd_take = in.cmd_valid && !busy_;
  const uint64_t cmd_addr = c_addr_;
  const unsigned held = held_count_;
  const uint64_t cmd_off = cmd_addr & lane_mask;
  const bool cmd_len_zero = c_len_ == 0;
  const uint64_t cmd_mem_lane = cmd_len_zero ? 0 : cmd_off;
  // LOGW + 1 bits; the top one says the held bytes need a beat of their own.
  const uint64_t cmd_front = (cmd_mem_lane - held) & Ones(logw_ + 1);
  const uint64_t len_lo = c_len_ & lane_mask;
  const uint64_t cmd_src_beats =
      cmd_len_zero ? 0 : (c_len_ >> logw_) + ((len_lo + cmd_off + w_ - 1) >> logw_);
  const uint64_t cmd_out_beats = (c_len_ >> logw_) + ((len_lo + held + w_ - 1) >> logw_);
  const uint64_t cmd_tail = (len_lo + held) & lane_mask;
  const uint64_t cmd_last_keep = cmd_tail == 0 ? all_keep_ : Ones(static_cast<unsigned>(cmd_tail));

  // Requests: the cap and the short flag are registers, and so are the next
  // ones; a short burst is the command's last, so ar_next moves by the cap
  // whatever the burst's length.
  const uint64_t cmd_cap = BurstCap(cmd_addr);
  // short: no more beats than the cap, so the burst takes every beat left
  const bool cmd_short = cmd_src_beats <= cmd_cap;
  const uint64_t ar_len = ar_short_ ? (ar_beats_ & cw_mask_) : ar_cap_;
  const uint64_t ar_len_m1 = (ar_len - 1) & cw_mask_;
  const uint64_t ar_after = After(ar_next_, ar_cap_);
  const uint64_t ar_cap_after = BurstCap(ar_after);
  const uint64_t ar_beats_less = ar_beats_ - ar_cap_;
  const bool ar_short_after = ar_short_ || ar_beats_less <= ar_cap_after;

  const bool r_take = in.m_axi_rvalid && busy_;
  const bool r_bad = r_take && !stop_ && (in.m_axi_rresp & 2) != 0;
  const bool halt = stop_ || in.cmd_abort || r_bad;
  const bool ar_load = busy_ && !halt && !ar_wait_ && ar_beats_ != 0 && (!arvalid_ || in.m_axi_arready) &&
                       free_ >= ar_len && bursts_ != static_cast<uint64_t>(p_.outstanding);

  // Buffer and realigner
  // an R beat kept goes to the buffer a clock later, from rq_
  const bool r_keep = r_take && !halt;
  const bool buf_write = rq_valid_ && !halt;
  const bool out_free = !tvalid_ || in.m_axis_tready;
  const bool take_src = busy_ && !halt && src_valid_ && out_free;
  const bool emit_flush =
      busy_ && !halt && src_left_ == 0 && have_prev_ && out_left_ != 0 && out_free;
  const bool emit = (take_src && have_prev_) || emit_flush;
  // the buffer's read register, its output register, then src_: a
  // three-entry pipeline
  const bool src_load = busy_ && !halt && mid_valid_ && (!src_valid_ || take_src);
  const bool mid_load = busy_ && !halt && ram_valid_ && (!mid_valid_ || src_load);
  const bool buf_read = busy_ && !halt && wr_ptr_ != rd_ptr_ && (!ram_valid_ || mid_load);
  const bool out_last = out_left_ == 1;

  // Next state
  bool busy_d = busy_;
  bool setup_d = false;
  bool load_d = false;
  bool stop_d = stop_;
  bool error_d = error_;
  uint64_t ar_next_d = ar_next_;
  uint64_t ar_beats_d = ar_beats_;
  uint64_t ar_cap_d = ar_cap_;
  bool ar_short_d = ar_short_;
  bool ar_wait_d = false;
  uint64_t free_d = free_;
  uint64_t due_d = due_;
  uint64_t bursts_d = bursts_;
  bool arvalid_d = arvalid_ && !in.m_axi_arready;
  uint64_t wr_ptr_d = wr_ptr_;
  uint64_t rd_ptr_d = rd_ptr_;
  bool ram_valid_d = ram_valid_;
  bool mid_valid_d = mid_valid_;
  bool src_valid_d = src_valid_;
  uint64_t src_left_d = src_left_;
  uint64_t out_left_d = out_left_;
  bool have_prev_d = have_prev_;
  bool first_d = first_;
  bool tvalid_d = tvalid_ && !in.m_axis_tready;

  if (cmd_take) {
    // nothing owed or requested; every action waits for the load clock
    busy_d = true;
    setup_d = true;
    stop_d = false;
    error_d = false;
    ar_beats_d = 0;
    free_d = depth_ & cw_mask_;
    due_d = 0;
    bursts_d = 0;
    wr_ptr_d = 0;
    rd_ptr_d = 0;
    ram_valid_d = false;
    mid_valid_d = false;
    src_valid_d = false;
    have_prev_d = false;
  } else if (setup_) {
    if (in.cmd_abort) stop_d = true;
    load_d = true;
  } else if (load_) {
    if (in.cmd_abort) stop_d = true;
    ar_next_d = cmd_addr & ~lane_mask;
    ar_beats_d = cmd_src_beats;
    ar_cap_d = cmd_cap;
    ar_short_d = cmd_short;
    ar_wait_d = true;
    src_left_d = cmd_src_beats;
    out_left_d = cmd_out_beats;
    have_prev_d = (cmd_front >> logw_) != 0;
    first_d = true;
  } else if (busy_) {
    if (halt) stop_d = true;
    if (r_bad) error_d = true;

    if (ar_load) {
      arvalid_d = true;
      ar_next_d = ar_after_q_;
      ar_beats_d = ar_short_ ? 0 : ar_beats_less_q_;
      ar_cap_d = ar_cap_after_q_;
      ar_short_d = ar_short_after_q_;
      ar_wait_d = true;
    }
    free_d = (free_ - (ar_load ? ar_len : 0) + (buf_read ? 1 : 0)) & cw_mask_;
    due_d = (due_ + (ar_load ? ar_len : 0) - (r_take ? 1 : 0)) & cw_mask_;
    bursts_d = (bursts_ + (ar_load ? 1 : 0) - (r_take && in.m_axi_rlast ? 1 : 0)) & ow_mask_;

    if (buf_write) wr_ptr_d = (wr_ptr_ + 1) & ptr_mask_;
    if (buf_read) rd_ptr_d = (rd_ptr_ + 1) & ptr_mask_;
    if (buf_read) {
      ram_valid_d = true;
    } else if (mid_load) {
      ram_valid_d = false;
    }
    if (mid_load) {
      mid_valid_d = true;
    } else if (src_load) {
      mid_valid_d = false;
    }
    if (src_load) {
      src_valid_d = true;
    } else if (take_src) {
      src_valid_d = false;
    }
    if (take_src) {
      src_left_d = src_left_ - 1;
      have_prev_d = true;
    } else if (emit_flush) {
      have_prev_d = false;
    }
    if (emit) {
      out_left_d = out_left_ - 1;
      first_d = false;
      tvalid_d = true;
    }
    if (halt) tvalid_d = false;

    // (every burst requested, which the stream's end implies: the RTL says so for its proof)
    if (due_ == 0 && !arvalid_ && (stop_ || (ar_beats_ == 0 && out_left_ == 0 && !tvalid_))) busy_d = false;
  }

  // Registers without reset, each from this clock's values.
  // The beat's bytes load whenever the register is free, beat or no beat;
  // tkeep and tlast with a beat.
  if (out_free) {
    // {src, prev} shifted right by shift lanes: prev's top lanes, then src's
    // bottom ones; the first beat's low lanes carry the held bytes instead.
    // The buffer holds each beat rotated down by shift (utf8_kernel_rd.v), so
    // those are lane for lane prev's below from_prev and src's from there; the
    // RTL's lane mask follows shift a clock late (from_src_q), which only a
    // job's first clock can see (a beat of held bytes alone).
    const unsigned sel = mask_shift_;
    const unsigned from_prev = w_ - sel;
    std::copy_n(prev_.begin(), from_prev, tdata_.begin());
    std::copy_n(src_.begin() + from_prev, sel, tdata_.begin() + from_prev);
    uint64_t known = prev_known_ >> sel;
    if (sel != 0) known = (known | (src_known_ << from_prev)) & all_keep_;
    if (first_) {
      for (unsigned k = 0; k < 5 && k < held_count_; ++k) {
        tdata_[k] = static_cast<uint8_t>(held_data_ >> (8 * k));
        known |= uint64_t{1} << k;
      }
    }
    tdata_known_ = known;
  }
  if (emit) {
    tkeep_ = out_last ? last_keep_ : all_keep_;
    tlast_ = out_last;
    tkeep_known_ = true;
  }
  if (ar_load) {
    araddr_ = ar_next_;
    arlen_ = static_cast<uint8_t>(ar_len_m1);
    ar_known_ = true;
  }
  if (take_src) {
    prev_ = src_;
    prev_known_ = src_known_;
  }
  if (src_load) {
    src_ = mid_;
    src_known_ = mid_known_;
  }
  if (mid_load) {
    mid_ = ram_;
    mid_known_ = ram_known_;
  }
  if (buf_read) {
    const uint64_t at = rd_ptr_ & (depth_ - 1);
    ram_ = buf_[at];
    ram_known_ = buf_known_[at] ? all_keep_ : 0;
  }
  // (the RTL rotates by whole groups of eight lanes into rq_q and by the
  // rest out of it; shift_ stays while a job runs, so one rotation here)
  if (buf_write) {
    const uint64_t at = wr_ptr_ & (depth_ - 1);
    for (unsigned k = 0; k < w_; ++k) buf_[at][k] = rq_[(k + shift_) % w_];
    buf_known_[at] = 1;
  }
  if (r_keep) std::copy_n(in.m_axi_rdata.begin(), w_, rq_.begin());
  rq_valid_ = r_keep;
  mask_shift_ = shift_;
  if (setup_) {
    shift_ = static_cast<unsigned>(cmd_front & lane_mask);
    last_keep_ = cmd_last_keep;
  }
  if (cmd_take) {
    c_addr_ = in.cmd_addr & addr_mask_;
    c_len_ = in.cmd_len;
    held_count_ = in.cmd_held_count & 7U;
    held_data_ = in.cmd_held_data & Ones(40);
  }

  busy_ = busy_d;
  setup_ = setup_d;
  load_ = load_d;
  stop_ = stop_d;
  error_ = error_d;
  ar_next_ = ar_next_d;
  ar_beats_ = ar_beats_d;
  ar_cap_ = ar_cap_d;
  ar_short_ = ar_short_d;
  ar_wait_ = ar_wait_d;
  ar_after_q_ = ar_after;
  ar_beats_less_q_ = ar_beats_less;
  ar_cap_after_q_ = ar_cap_after;
  ar_short_after_q_ = ar_short_after;
  free_ = free_d;
  due_ = due_d;
  bursts_ = bursts_d;
  arvalid_ = arvalid_d;
  wr_ptr_ = wr_ptr_d;
  rd_ptr_ = rd_ptr_d;
  ram_valid_ = ram_valid_d;
  mid_valid_ = mid_valid_d;
  src_valid_ = src_valid_d;
  src_left_ = src_left_d;
  out_left_ = out_left_d;
  have_prev_ = have_prev_d;
  first_ = first_d;
  tvalid_ = tvalid_d;

  if (in.rst) {
    busy_ = false;
    setup_ = false;
    load_ = false;
    stop_ = false;
    error_ = false;
    ar_wait_ = false;
    arvalid_ = false;
    rq_valid_ = false;
    ram_valid_ = false;
    mid_valid_ = false;
    src_valid_ = false;
    tvalid_ = false;
  }
}

}  // namespace utf8core
