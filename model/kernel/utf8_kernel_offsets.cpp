// Cycle model of the kernel's offsets stage; see utf8_kernel_offsets.h. Stages
// and registers as in rtl/kernel/utf8_kernel_offsets.v; a clock's updates are
// worked out from the state before it, then reset applies to the registers
// the RTL resets (the payload registers load even in a reset clock, as there).
#include "utf8_kernel_offsets.h"

#include <stdexcept>

namespace utf8core {

KernelOffsetsCycleModel::KernelOffsetsCycleModel(int w) : w_(w) {
  if (w != 8 && w != 16 && w != 32 && w != 64) {
    throw std::invalid_argument("utf8_kernel_offsets: W must be 8, 16, 32 or 64");
  }
  g_ = w / 4;
  lw_ = 0;
  while ((1 << lw_) < w) ++lw_;
  all_lanes_ = w >= 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1;
}

KernelOffsetsCycleModel::Check KernelOffsetsCycleModel::CheckA(uint64_t cfg_len) const {
  Check c;
  c.last_abs = prev_;
  const uint64_t o0 = first_valid_ ? first_offset_ : a_off_[0];
  bool run = true;
  for (int j = 0; j < g_; ++j) {
    const uint64_t o = a_off_[static_cast<size_t>(j)];
    const uint64_t pred = j == 0 ? prev_ : a_off_[static_cast<size_t>(j - 1)];
    const bool ge = (j == 0 && !first_valid_) ? true : o >= pred;
    run = run && ((a_vm_ >> j) & 1u) && o <= cfg_len && ge;
    if (run) {
      c.ok |= 1u << j;
      c.last_abs = o;
      if (j >= 1) c.hold_n = static_cast<uint32_t>(j);
    }
    if (o != pred) c.ne |= 1u << j;
    c.rel[static_cast<size_t>(j)] = o - o0;
  }
  return c;
}

bool KernelOffsetsCycleModel::CPop() const {
  const uint64_t t = (beat_ + 1) << lw_;
  return c_valid_ && !(c_rel_last_ > t);
}

bool KernelOffsetsCycleModel::BTake(const Inputs& in) const {
  return a_valid_ && !fin_ && (!c_valid_ || CPop()) && GrpFree(in);
}

bool KernelOffsetsCycleModel::Send(const Inputs& in, bool* last) const {
  const uint64_t t = (beat_ + 1) << lw_;
  const bool mid = c_valid_ && c_rel_last_ > t;
  const bool fin = !c_valid_ && end_known_ && !data_done_ && in_bytes_ != 0;
  const bool out_free = !m_tvalid_ || in.m_tready;
  *last = fin;
  return (mid || fin) && in.dat.tvalid && out_free;
}

uint64_t KernelOffsetsCycleModel::Marks() const {
  uint64_t m = 0;
  for (int j = 0; j < g_; ++j) {
    const uint64_t r = c_rel_[static_cast<size_t>(j)];
    if (((c_vm_ >> j) & 1u) && (r >> lw_) == beat_) m |= uint64_t{1} << (r & (static_cast<uint64_t>(w_) - 1));
  }
  return m;
}

bool KernelOffsetsCycleModel::AtT() const {
  for (int j = 0; j < g_; ++j) {
    const uint64_t r = c_rel_[static_cast<size_t>(j)];
    if (((c_vm_ >> j) & 1u) && (r >> lw_) == beat_ + 1 && (r & (static_cast<uint64_t>(w_) - 1)) == 0) return true;
  }
  return false;
}

KernelOffsetsCycleModel::Outputs KernelOffsetsCycleModel::outputs(const Inputs& in) const {
  Outputs o;
  o.s_off_tready = !off_stop_ && (!a_valid_ || BTake(in));
  bool last;
  o.s_dat_tready = Send(in, &last);
  o.m_tdata = m_tdata_;
  o.m_tkeep = m_tkeep_;
  o.m_tuser = m_tuser_;
  o.m_tvalid = m_tvalid_;
  o.m_tlast = m_tlast_;
  o.grp_full = grp_full_;
  o.grp_count = grp_count_;
  o.grp_last = grp_last_;
  o.grp_valid = grp_valid_;
  o.first_valid = first_valid_;
  o.first_offset = first_offset_;
  o.bad = bad_;
  o.data_done = data_done_;
  o.ended = data_done_ && grp_done_ && !grp_valid_ && !m_tvalid_;
  o.in_bytes = in_bytes_;
  o.m_known = m_known_;
  o.grp_known = grp_known_;
  return o;
}

void KernelOffsetsCycleModel::tick(const Inputs& in) {
  // Every register's next value from the state before the clock (s).
  const KernelOffsetsCycleModel s = *this;
  const bool s_off_tready = !s.off_stop_ && (!s.a_valid_ || s.BTake(in));
  const bool a_take = in.off.tvalid && s_off_tready;
  const bool b_take = s.BTake(in);
  const bool c_pop = s.CPop();
  bool send_last = false;
  const bool send = s.Send(in, &send_last);
  const bool grp_free = s.GrpFree(in);
  const Check ck = s.CheckA(in.cfg_len);
  const uint64_t o0 = s.first_valid_ ? s.first_offset_ : s.a_off_[0];

  // Stage A
  if (b_take) a_valid_ = false;
  if (a_take) {
    a_last_ = in.off.tlast;
    if (!in.cfg_o64) {
      for (int i = 0; i < g_; ++i) {
        uint32_t v = 0;
        for (int b = 0; b < 4; ++b) v |= uint32_t{in.off.tdata[static_cast<size_t>(4 * i + b)]} << (8 * b);
        a_off_[static_cast<size_t>(i)] = static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(v)));
        if ((in.off.tkeep >> (4 * i)) & 1u) {
          a_vm_ |= 1u << i;
        } else {
          a_vm_ &= ~(1u << i);
        }
      }
      a_valid_ = true;
    } else {
      const int h = g_ / 2;
      for (int i = 0; i < h; ++i) {
        uint64_t v = 0;
        for (int b = 0; b < 8; ++b) v |= uint64_t{in.off.tdata[static_cast<size_t>(8 * i + b)]} << (8 * b);
        const int slot = s.a_half_ ? h + i : i;
        a_off_[static_cast<size_t>(slot)] = v;
        if ((in.off.tkeep >> (8 * i)) & 1u) {
          a_vm_ |= 1u << slot;
        } else {
          a_vm_ &= ~(1u << slot);
        }
        if (!s.a_half_) a_vm_ &= ~(1u << (h + i));
      }
      a_valid_ = s.a_half_ || in.off.tlast;
      a_half_ = !s.a_half_ && !in.off.tlast;
    }
  }
  if (a_take && in.off.tlast) off_stop_ = true;

  // Stage B
  if (s.grp_valid_ && in.grp_ready) grp_valid_ = false;
  if (c_pop) c_valid_ = false;
  if (b_take) {
    const bool bad_vec = ck.ok != s.a_vm_;
    const bool end = s.a_last_ || bad_vec;
    c_rel_ = ck.rel;
    c_vm_ = ck.ok;
    c_last_ = end;
    c_valid_ = true;
    c_rel_last_ = (s.first_valid_ || (ck.ok & 1u)) ? ck.last_abs - o0 : 0;
    prev_ = ck.last_abs;
    if ((ck.ok & 1u) && !s.first_valid_) {
      first_valid_ = true;
      first_offset_ = s.a_off_[0];
    }
    if (s.first_valid_ && (ck.ok & 1u)) {
      grp_full_ = s.hold_ | ((ck.ne & 1u) << (g_ - 1));
      grp_count_ = static_cast<uint32_t>(g_);
      grp_last_ = false;
      grp_valid_ = true;
      grp_known_ = true;
    }
    if (ck.ok & 1u) {
      hold_ = ((ck.ne & ck.ok) >> 1) & ((1u << (g_ - 1)) - 1);
      hold_n_ = ck.hold_n;
    }
    if (end) {
      fin_ = true;
      off_stop_ = true;
    }
    if (bad_vec) bad_ = true;
  }
  if (s.fin_ && !s.grp_done_ && grp_free && !b_take) {
    grp_full_ = s.hold_;
    grp_count_ = s.hold_n_;
    grp_last_ = true;
    grp_valid_ = true;
    grp_known_ = true;
    grp_done_ = true;
  }

  // Stage C
  if (s.m_tvalid_ && in.m_tready) m_tvalid_ = false;
  if (c_pop) {
    acc_ = s.acc_ | s.Marks();
    next0_ = s.next0_ || s.AtT();
    if (s.c_last_) {
      end_known_ = true;
      in_bytes_ = s.c_rel_last_;
      if (s.c_rel_last_ == 0) data_done_ = true;
    }
  }
  if (send) {
    uint64_t last_keep = all_lanes_;
    const uint64_t end_lane = s.in_bytes_ & (static_cast<uint64_t>(w_) - 1);
    if (end_lane != 0) last_keep = (uint64_t{1} << end_lane) - 1;
    m_tdata_ = in.dat.tdata;
    m_tvalid_ = true;
    m_tlast_ = send_last;
    m_tkeep_ = send_last ? last_keep : all_lanes_;
    m_tuser_ = send_last ? (s.acc_ & last_keep) : (s.acc_ | s.Marks());
    m_known_ = true;
    acc_ = s.next0_ ? 1u : 0u;
    next0_ = false;
    beat_ = s.beat_ + 1;
    if (send_last) data_done_ = true;
  }

  if (in.rst) {
    a_valid_ = false;
    a_half_ = false;
    a_vm_ = 0;
    prev_ = 0;
    hold_ = 0;
    hold_n_ = 0;
    fin_ = false;
    grp_done_ = false;
    off_stop_ = false;
    c_valid_ = false;
    c_last_ = false;
    grp_valid_ = false;
    first_valid_ = false;
    first_offset_ = 0;
    bad_ = false;
    m_tvalid_ = false;
    beat_ = 0;
    acc_ = 0;
    next0_ = false;
    end_known_ = false;
    data_done_ = false;
    in_bytes_ = 0;
  }
}

}  // namespace utf8core
