// Cycle model of the kernel's validity bitmap; see utf8_kernel_bitmap.h. Stages
// and registers as in rtl/kernel/utf8_kernel_bitmap.v, each tick computing every
// register's next value from the current ones, as the RTL's nonblocking
// assignments do, in the RTL's order where two assignments may meet.
#include "utf8_kernel_bitmap.h"

#include <stdexcept>

namespace utf8core {
namespace {

int PopCount(uint64_t v) {
  int n = 0;
  for (; v != 0; v &= v - 1) ++n;
  return n;
}

uint64_t LowMask(int n) { return n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1; }

int Log2(int n) {
  int b = 0;
  while ((1 << b) < n) ++b;
  return b;
}

}  // namespace

KernelBitmapCycleModel::KernelBitmapCycleModel(int w) : w_(w), g_(w / 4) {
  if (w != 8 && w != 16 && w != 32 && w != 64) {
    throw std::invalid_argument("utf8_kernel_bitmap: W must be 8, 16, 32 or 64");
  }
  all_lanes_ = LowMask(w);
  ring_.assign(static_cast<size_t>(ring_bits()), 0);
  bm_.assign(static_cast<size_t>(8 * w), 0);
}

KernelBitmapCycleModel::Outputs KernelBitmapCycleModel::outputs() const {
  Outputs o;
  o.s_grp_ready = grp_ready_;
  o.s_ver_ready = ver_ready_;
  o.m_tdata = out_;
  o.m_tkeep = out_keep_;
  o.m_tvalid = out_valid_;
  o.m_tlast = out_last_;
  o.done = done_;
  o.strings = strings_;
  o.bad_strings = bad_strings_;
  o.first_bad_found = first_bad_found_;
  o.first_bad = first_bad_;
  o.tdata_known = out_known_;
  return o;
}

void KernelBitmapCycleModel::tick(const Inputs& in) {
  const int W = w_;
  const int G = g_;
  const int B = ring_bits();
  const int cw_mask = (1 << Log2(G + 1)) - 1;  // s_grp_count's width
  const uint32_t g_mask = static_cast<uint32_t>(LowMask(G));

  const bool ver_take = in.ver_valid && ver_ready_;
  const bool grp_take = in.grp_valid && grp_ready_;
  const bool m_take = out_valid_ && in.m_tready;

  const bool have = !queue_.empty();
  const Group head = have ? queue_.front() : Group();
  const bool fire = have && avail_ >= head.need && (!(head.pold || head.pfin) || beats_ == 0);

  // Next readies
  const int cred_x = cred_ - (b_.valid ? W - b_.m : 0) - (p1_.valid ? p1_.grp.need : 0);
  const int cred_d = cred_x + (ver_take ? W : 0);
  const bool done_set = ended_ && beats_ == 0 && !finished_;
  const bool closed_d = closed_ || (grp_take && in.grp_last);
  const int occ = static_cast<int>(queue_.size());
  const bool grp_room = grp_take ? occ < kQueue - 1 : occ < kQueue;

  // P1: the ring read at the read pointer before this clock's write lands
  P1 n1;
  n1.valid = fire;
  const int ra = rd_ptr_ / G;
  for (int t = 0; t < 2 * G; ++t) {
    if (RingBit(G * ra + t)) n1.win |= uint32_t{1} << t;
  }
  n1.b = rd_ptr_ % G;
  n1.grp = head;

  // P2
  P2 n2;
  n2.valid = p1_.valid;
  n2.sh = (p1_.win >> p1_.b) & g_mask;
  n2.grp = p1_.grp;
  const int nbits = p1_.grp.slot * G + p1_.grp.count;
  n2.keep = LowMask((nbits + 7) / 8) & all_lanes_;

  // P3
  P3 n3;
  n3.valid = p2_.valid;
  n3.grp = p2_.grp;
  n3.keep = p2_.keep;
  for (int i = 0; i < G; ++i) {
    bool bit;
    if (i >= p2_.grp.count) {
      bit = false;
    } else if (!((p2_.grp.full >> i) & 1)) {
      bit = true;
    } else {
      const int rank = PopCount(p2_.grp.full & static_cast<uint32_t>(LowMask(i)));
      bit = (p2_.sh >> rank) & 1;
    }
    if (bit) n3.bits |= uint32_t{1} << i;
  }

  // P4
  P4 n4;
  n4.valid = p3_.valid;
  n4.count = p3_.grp.count;
  n4.last = p3_.grp.last;
  const uint32_t zeros = ~p3_.bits & static_cast<uint32_t>(LowMask(p3_.grp.count)) & g_mask;
  n4.nbad = PopCount(zeros);
  n4.has = zeros != 0;
  for (int i = G - 1; i >= 0; --i) {
    if ((zeros >> i) & 1) n4.zidx = i;
  }

  // Verdict pipeline and the ring
  VerBeat na;
  na.valid = ver_take;
  {
    const uint64_t keep = in.ver_keep & all_lanes_;
    int r = 0;
    for (int k = 0; k < W; ++k) {
      if (!((keep >> k) & 1)) continue;
      if ((in.ver_ok >> k) & 1) na.dense |= uint64_t{1} << r;
      ++r;
    }
    na.m = r;
  }
  int avail_in = avail_;
  if (e_.valid) {
    for (int r = 0; r < e_.m; ++r) {
      ring_[static_cast<size_t>((wr_ptr_ + r) % B)] = static_cast<uint8_t>((e_.dense >> r) & 1);
    }
    wr_ptr_ = (wr_ptr_ + e_.m) % B;
    avail_in += e_.m;
  }
  e_ = d_;
  d_ = c_;
  c_ = b_;
  b_ = a_;
  a_ = na;

  // Groups
  if (fire) queue_.pop_front();
  if (grp_take) {
    Group e;
    e.full = in.grp_full & g_mask;
    e.count = static_cast<int>(in.grp_count) & cw_mask;
    e.last = in.grp_last;
    e.need = PopCount(e.full);
    e.slot = enq_slot_;
    e.pold = enq_started_ && enq_slot_ == 0;
    e.pfin = in.grp_last && (enq_slot_ != 0 || e.count != 0);
    queue_.push_back(e);
    enq_slot_ = (enq_slot_ + 1) % 32;
    enq_started_ = true;
  }
  closed_ = closed_d;
  avail_ = fire ? avail_in - head.need : avail_in;
  if (fire) rd_ptr_ = (rd_ptr_ + head.need) % B;
  cred_ = cred_d;
  beats_ += (fire ? static_cast<int>(head.pold) + static_cast<int>(head.pfin) : 0) -
            static_cast<int>(m_take);

  // The beat (from P3 and the current bm_), then the output register
  const std::vector<uint8_t> bm_old = bm_;
  const bool bm_done_old = bm_done_;
  const uint64_t bm_keep_old = bm_keep_;
  auto load_out = [&](const std::vector<uint8_t>& bits, uint64_t keep, bool last) {
    for (int k = 0; k < W; ++k) {
      uint8_t byte = 0;
      for (int t = 0; t < 8; ++t) byte |= static_cast<uint8_t>(bits[static_cast<size_t>(8 * k + t)] << t);
      out_[static_cast<size_t>(k)] = byte;
    }
    out_keep_ = keep;
    out_last_ = last;
    out_valid_ = true;
    out_known_ = true;
  };
  const bool out_free = !out_valid_ || in.m_tready;
  if (m_take) out_valid_ = false;
  if (p3_.valid) {
    const int slot = p3_.grp.slot;
    for (int s = 0; s < 32; ++s) {
      if (s == slot) {
        for (int t = 0; t < G; ++t) bm_[static_cast<size_t>(G * s + t)] = (p3_.bits >> t) & 1;
      } else if (slot == 0) {
        for (int t = 0; t < G; ++t) bm_[static_cast<size_t>(G * s + t)] = 0;
      }
    }
    if (p3_.grp.pold) load_out(bm_old, all_lanes_, p3_.grp.last && !p3_.grp.pfin);
    if (p3_.grp.pfin) {
      bm_done_ = true;
      bm_keep_ = p3_.keep;
    }
  }
  if (bm_done_old && out_free) {
    load_out(bm_old, bm_keep_old, true);
    bm_done_ = false;
  }

  // Counts
  if (p4_.valid) {
    strings_ += static_cast<uint64_t>(p4_.count);
    bad_strings_ += static_cast<uint64_t>(p4_.nbad);
    if (p4_.has && !first_bad_found_) {
      first_bad_found_ = true;
      first_bad_ = (gidx_ << Log2(G)) | static_cast<uint64_t>(p4_.zidx);
    }
    ++gidx_;
    if (p4_.last) ended_ = true;
  }
  p1_ = n1;
  p2_ = n2;
  p3_ = n3;
  p4_ = n4;

  done_ = done_set;
  if (done_set) finished_ = true;
  ver_ready_ = !(finished_ || done_set) && cred_d <= B - W;
  grp_ready_ = !closed_d && grp_room;

  if (in.rst) {
    a_.valid = b_.valid = c_.valid = d_.valid = e_.valid = false;
    wr_ptr_ = rd_ptr_ = 0;
    avail_ = cred_ = 0;
    queue_.clear();
    enq_slot_ = 0;
    enq_started_ = false;
    closed_ = false;
    beats_ = 0;
    p1_.valid = p2_.valid = p3_.valid = false;
    p4_.valid = false;
    bm_done_ = false;
    out_valid_ = false;
    strings_ = bad_strings_ = 0;
    first_bad_found_ = false;
    first_bad_ = 0;
    gidx_ = 0;
    ended_ = false;
    finished_ = false;
    done_ = false;
    ver_ready_ = false;
    grp_ready_ = false;
  }
}

}  // namespace utf8core
