// Cycle model of the kernel's read-channel multiplexer; see utf8_kernel_rd_mux.h.
// The same wires as rtl/kernel/utf8_kernel_rd_mux.v under the same names.
#include "utf8_kernel_rd_mux.h"

#include <stdexcept>

namespace utf8core {

KernelRdMuxCycleModel::KernelRdMuxCycleModel(const KernelRdMuxParams& p) : p_(p) {
  const int w = p.data_bytes;
  if (w != 8 && w != 16 && w != 32 && w != 64)
    throw std::invalid_argument("utf8_kernel_rd_mux: DATA_WIDTH must be 64, 128, 256 or 512");
  if (p.addr_width < 16 || p.addr_width > 64)
    throw std::invalid_argument("utf8_kernel_rd_mux: ADDR_WIDTH must be 16 to 64");
  if (p.bursts < 2 || (p.bursts & (p.bursts - 1)) != 0)
    throw std::invalid_argument("utf8_kernel_rd_mux: BURSTS must be a power of two, at least 2");
  addr_mask_ = p.addr_width >= 64 ? ~uint64_t{0} : (uint64_t{1} << p.addr_width) - 1;
  ptr_mask_ = static_cast<unsigned>(p.bursts - 1);
  owner_.assign(static_cast<size_t>(p.bursts), 0);
}

// The room is the registered count against BURSTS: a pop in the same clock
// does not make room, as in the RTL.
bool KernelRdMuxCycleModel::ArLoad(const Inputs& in) const {
  const bool ar_free = !arvalid_ || in.m.m_axi_arready;
  const bool q_room = count_ != static_cast<unsigned>(p_.bursts);
  return ar_free && q_room && (in.s[0].m_axi_arvalid || in.s[1].m_axi_arvalid);
}

// Engine 1 wins when it alone asks, or both ask and it has the turn.
bool KernelRdMuxCycleModel::Pick1(const Inputs& in) const {
  return in.s[1].m_axi_arvalid && (!in.s[0].m_axi_arvalid || turn_);
}

KernelRdMuxCycleModel::Outputs KernelRdMuxCycleModel::outputs(const Inputs& in) const {
  Outputs o;
  const bool ar_load = ArLoad(in);
  const bool pick1 = Pick1(in);
  const bool q_any = count_ != 0;
  const bool head = Head();
  for (int n = 0; n < 2; ++n) {
    AxiReadMasterInputs& s = o.s[n];
    s.m_axi_arready = ar_load && pick1 == (n == 1);
    s.m_axi_rdata = in.m.m_axi_rdata;
    s.m_axi_rresp = in.m.m_axi_rresp & 3;
    s.m_axi_rlast = in.m.m_axi_rlast;
    s.m_axi_rvalid = in.m.m_axi_rvalid && q_any && head == (n == 1);
  }
  o.m.m_axi_araddr = araddr_;
  o.m.m_axi_arlen = arlen_;
  o.m.m_axi_arsize = arsize_;
  o.m.m_axi_arburst = arburst_;
  o.m.m_axi_arcache = arcache_;
  o.m.m_axi_arprot = arprot_;
  o.m.m_axi_arvalid = arvalid_;
  o.m.m_axi_rready = q_any && in.s[head ? 1 : 0].m_axi_rready;
  o.m.ar_known = ar_known_;
  return o;
}

void KernelRdMuxCycleModel::tick(const Inputs& in) {
  const bool ar_load = ArLoad(in);
  const bool pick1 = Pick1(in);
  const bool q_any = count_ != 0;
  const bool m_rready = q_any && in.s[Head() ? 1 : 0].m_axi_rready;
  const bool r_pop = in.m.m_axi_rvalid && m_rready && in.m.m_axi_rlast;

  arvalid_ = arvalid_ && !in.m.m_axi_arready;
  if (ar_load) {
    const AxiReadMasterOutputs& s = in.s[pick1 ? 1 : 0];
    arvalid_ = true;
    turn_ = !pick1;
    araddr_ = s.m_axi_araddr & addr_mask_;
    arlen_ = s.m_axi_arlen;
    arsize_ = s.m_axi_arsize & 7;
    arburst_ = s.m_axi_arburst & 3;
    arcache_ = s.m_axi_arcache & 15;
    arprot_ = s.m_axi_arprot & 7;
    ar_known_ = true;
    owner_[wr_ptr_] = pick1 ? 1 : 0;
    wr_ptr_ = (wr_ptr_ + 1) & ptr_mask_;
  }
  if (r_pop) rd_ptr_ = (rd_ptr_ + 1) & ptr_mask_;
  count_ = count_ + (ar_load ? 1U : 0U) - (r_pop ? 1U : 0U);

  if (in.rst) {
    arvalid_ = false;
    turn_ = false;
    wr_ptr_ = 0;
    rd_ptr_ = 0;
    count_ = 0;
  }
}

}  // namespace utf8core
