// Cycle model of the kernel's register block; see utf8_kernel_regs.h. One
// tick is one rising edge of rtl/kernel/utf8_kernel_regs.v: the next values are
// worked out from the registers and this clock's inputs as its always @*
// blocks do, then the reset overrides the control state, leaving the AXI
// holding registers (address, data, read data) as they were.
#include "utf8_kernel_regs.h"

#include <stdexcept>

namespace utf8core {
namespace {

// Byte offsets of the map, as the RTL's localparams give them.
enum : uint32_t {
  kCtrl = 0x000,
  kGie = 0x004,
  kIer = 0x008,
  kIsr = 0x00C,
  kOp = 0x010,
  kFlags = 0x014,
  kSrcLo = 0x018,
  kSrcHi = 0x01C,
  kLenLo = 0x020,
  kLenHi = 0x024,
  kDstLo = 0x028,
  kDstHi = 0x02C,
  kCapLo = 0x030,
  kCapHi = 0x034,
  kOffsetsLo = 0x038,
  kOffsetsHi = 0x03C,
  kStatus = 0x040,
  kErrClass = 0x044,
  kErrOffsetLo = 0x048,
  kErrOffsetHi = 0x04C,
  kInBytesLo = 0x050,
  kInBytesHi = 0x054,
  kOutBytesLo = 0x058,
  kOutBytesHi = 0x05C,
  kUnitsLo = 0x060,
  kUnitsHi = 0x064,
  kUtf16UnitsLo = 0x068,
  kUtf16UnitsHi = 0x06C,
  kCyclesLo = 0x070,
  kCyclesHi = 0x074,
  kClassCount1 = 0x080,  // class c at 0x080 + 4 * (c - 1)
  kClassCount6 = 0x094,
  kCountLo = 0x0A0,
  kCountHi = 0x0A4,
  kBadStringsLo = 0x0A8,
  kBadStringsHi = 0x0AC,
  kFirstBadLo = 0x0B0,
  kFirstBadHi = 0x0B4,
  kId = 0x0F0,
  kVersion = 0x0F4,
  kCaps = 0x0F8,
};

constexpr uint32_t kIdValue = 0x55384B31;       // "U8K1"
constexpr uint32_t kVersionValue = 0x00010001;  // major 1, minor 1 (VALIDATE_STRINGS)

uint32_t Lo(uint64_t x) { return static_cast<uint32_t>(x); }
uint32_t Hi(uint64_t x) { return static_cast<uint32_t>(x >> 32); }

// The bytes of old that strb leaves alone, the rest from data.
uint32_t Merge(uint32_t old, uint32_t data, uint32_t strb) {
  uint32_t m = 0;
  for (int b = 0; b < 4; ++b) {
    if ((strb >> b) & 1) m |= 0xFFu << (8 * b);
  }
  return (old & ~m) | (data & m);
}

// A 32-bit half of a 64-bit register written through Merge.
void MergeHalf(uint64_t* reg, bool high, uint32_t data, uint32_t strb) {
  const int sh = high ? 32 : 0;
  const uint32_t old = static_cast<uint32_t>(*reg >> sh);
  *reg = (*reg & ~(uint64_t{0xFFFFFFFF} << sh)) | (uint64_t{Merge(old, data, strb)} << sh);
}

}  // namespace

KernelRegsCycleModel::KernelRegsCycleModel(uint32_t data_width, uint32_t ops, uint32_t addr_width) {
  if (data_width < 1 || data_width > 65535) {
    throw std::invalid_argument("utf8_kernel_regs: DATA_WIDTH must be 1 to 65535");
  }
  if (addr_width < 1 || addr_width > 64) {
    throw std::invalid_argument("utf8_kernel_regs: ADDR_WIDTH must be 1 to 64");
  }
  caps_ = ((ops & 0xFF) << 16) | (data_width & 0xFFFF);
  addr_mask_ = addr_width >= 64 ? ~uint64_t{0} : (uint64_t{1} << addr_width) - 1;
}

KernelRegsCycleModel::Outputs KernelRegsCycleModel::outputs() const {
  Outputs o;
  o.awready = aw_ready_;
  o.wready = w_ready_;
  o.bresp = 0;
  o.bvalid = b_valid_;
  o.arready = ar_ready_;
  o.rdata = r_data_;
  o.rresp = 0;
  o.rvalid = r_valid_;
  o.res_ready = !held_;
  o.job_start = job_start_;
  o.job_op = p_op_;
  o.job_flags = p_flags_;
  o.job_src = p_src_;
  o.job_len = p_len_;
  o.job_dst = p_dst_;
  o.job_cap = p_cap_;
  o.job_offsets = p_offsets_;
  o.job_count = p_count_;
  o.irq = irq_;
  return o;
}

uint32_t KernelRegsCycleModel::ReadWord(uint32_t addr) const {
  if (addr >= kClassCount1 && addr <= kClassCount6) {
    return class_count_[(addr - kClassCount1) / 4];
  }
  // The 64-bit registers, each read as two words: its low half at its _LO
  // offset, its high half at its _HI one.
  struct Wide {
    uint32_t lo, hi;
    uint64_t value;
  };
  const Wide wide[] = {{kSrcLo, kSrcHi, src_},
                       {kLenLo, kLenHi, len_},
                       {kDstLo, kDstHi, dst_},
                       {kCapLo, kCapHi, cap_},
                       {kOffsetsLo, kOffsetsHi, offsets_},
                       {kCountLo, kCountHi, count_},
                       {kBadStringsLo, kBadStringsHi, bad_strings_},
                       {kFirstBadLo, kFirstBadHi, first_bad_},
                       {kErrOffsetLo, kErrOffsetHi, err_offset_},
                       {kInBytesLo, kInBytesHi, in_bytes_},
                       {kOutBytesLo, kOutBytesHi, out_bytes_},
                       {kUnitsLo, kUnitsHi, units_},
                       {kUtf16UnitsLo, kUtf16UnitsHi, utf16_units_},
                       {kCyclesLo, kCyclesHi, cycles_}};
  for (const Wide& r : wide) {
    if (addr == r.lo) return Lo(r.value);
    if (addr == r.hi) return Hi(r.value);
  }
  switch (addr) {
    case kCtrl:
      return (ap_ready_ ? 8u : 0u) | (busy_ || pend_ ? 0u : 4u) | (ap_done_ ? 2u : 0u) |
             (ap_start_ ? 1u : 0u);
    case kGie:
      return gie_ ? 1u : 0u;
    case kIer:
      return ier_;
    case kIsr:
      return isr_;
    case kOp:
      return op_;
    case kFlags:
      return flags_;
    case kStatus:
      return status_;
    case kErrClass:
      return err_class_;
    case kId:
      return kIdValue;
    case kVersion:
      return kVersionValue;
    case kCaps:
      return caps_;
    default:
      return 0;
  }
}

void KernelRegsCycleModel::tick(const Inputs& in) {
  const bool aw_take = in.awvalid && aw_ready_;
  const bool w_take = in.wvalid && w_ready_;
  // one response outstanding: a write waits until the last one's B is taken
  const bool wr_do = aw_full_ && w_full_ && !b_valid_;
  const bool ar_take = in.arvalid && ar_ready_;
  const uint32_t wr_addr = aw_addr_ & 0xFFC;
  const uint32_t rd_addr = in.araddr & 0xFFC;
  const bool ctrl_read = ar_take && rd_addr == kCtrl;
  const bool done_ev = in.job_done && busy_;

  const bool aw_full_d = (aw_full_ && !wr_do) || aw_take;
  const bool w_full_d = (w_full_ && !wr_do) || w_take;
  const bool b_valid_d = (b_valid_ && !in.bready) || wr_do;
  // a read's word waits in rd_word_ until R is free
  const bool rd_move = rd_pend_ && (!r_valid_ || in.rready);
  const bool r_valid_d = (r_valid_ && !in.rready) || rd_move;
  const bool rd_pend_d = (rd_pend_ && !rd_move) || ar_take;

  bool ap_start_d = ap_start_ && !take_;
  const bool ap_done_d = (ap_done_ && !ctrl_read) || done_ev;
  const bool ap_ready_d = (ap_ready_ && !ctrl_read) || take_;
  const bool busy_d = (busy_ && !in.job_done) || job_start_;
  const bool pend_d = (pend_ && !job_start_) || take_;
  const bool continue_w = wr_do && wr_addr == kCtrl && (w_strb_ & 1) && (w_data_ & 16);
  const bool held_d = (held_ && !continue_w) || done_ev;
  bool gie_d = gie_;
  uint32_t ier_d = ier_;
  uint32_t isr_d = isr_;
  uint32_t op_d = op_;
  uint32_t flags_d = flags_;
  uint64_t src_d = src_, len_d = len_, dst_d = dst_, cap_d = cap_, offsets_d = offsets_, count_d = count_;
  if (wr_do) {
    const bool byte0 = w_strb_ & 1;
    switch (wr_addr) {
      case kCtrl:
        if (byte0 && (w_data_ & 1)) ap_start_d = true;
        break;
      case kGie:
        if (byte0) gie_d = w_data_ & 1;
        break;
      case kIer:
        if (byte0) ier_d = w_data_ & 3;
        break;
      case kIsr:
        if (byte0) isr_d = isr_ ^ (w_data_ & 3);
        break;
      case kOp:
        if (byte0) op_d = w_data_ & 3;
        break;
      case kFlags:
        if (byte0) flags_d = w_data_ & 15;
        break;
      case kSrcLo:
      case kSrcHi:
        MergeHalf(&src_d, wr_addr == kSrcHi, w_data_, w_strb_);
        break;
      case kLenLo:
      case kLenHi:
        MergeHalf(&len_d, wr_addr == kLenHi, w_data_, w_strb_);
        break;
      case kDstLo:
      case kDstHi:
        MergeHalf(&dst_d, wr_addr == kDstHi, w_data_, w_strb_);
        break;
      case kCapLo:
      case kCapHi:
        MergeHalf(&cap_d, wr_addr == kCapHi, w_data_, w_strb_);
        break;
      case kOffsetsLo:
      case kOffsetsHi:
        MergeHalf(&offsets_d, wr_addr == kOffsetsHi, w_data_, w_strb_);
        break;
      case kCountLo:
      case kCountHi:
        MergeHalf(&count_d, wr_addr == kCountHi, w_data_, w_strb_);
        break;
      default:
        break;
    }
  }
  src_d &= addr_mask_;
  dst_d &= addr_mask_;
  offsets_d &= addr_mask_;
  // the kernel's set wins over a toggle in the same clock
  isr_d |= (take_ ? 2u : 0u) | (done_ev ? 1u : 0u);

  // The read captures the registers as they are before this edge.
  if (rd_move) r_data_ = rd_word_;
  if (ar_take) rd_word_ = ReadWord(rd_addr);
  if (aw_take) aw_addr_ = in.awaddr & 0xFFF;
  if (w_take) {
    w_data_ = in.wdata;
    w_strb_ = in.wstrb & 0xF;
  }
  if (done_ev) {
    status_ = in.res_status & 0x3F;
    err_class_ = in.res_err_class & 7;
    err_offset_ = in.res_err_offset;
    in_bytes_ = in.res_in_bytes;
    out_bytes_ = in.res_out_bytes;
    units_ = in.res_units;
    utf16_units_ = in.res_utf16_units;
    cycles_ = in.res_cycles;
    class_count_ = in.res_class_count;
    bad_strings_ = in.res_bad_strings;
    first_bad_ = in.res_first_bad;
  }

  aw_full_ = aw_full_d;
  aw_ready_ = !aw_full_d;
  w_full_ = w_full_d;
  w_ready_ = !w_full_d;
  b_valid_ = b_valid_d;
  r_valid_ = r_valid_d;
  rd_pend_ = rd_pend_d;
  ar_ready_ = !rd_pend_d;
  ap_start_ = ap_start_d;
  ap_done_ = ap_done_d;
  ap_ready_ = ap_ready_d;
  busy_ = busy_d;
  if (take_) {
    p_op_ = op_;
    p_flags_ = flags_;
    p_src_ = src_;
    p_len_ = len_;
    p_dst_ = dst_;
    p_cap_ = cap_;
    p_offsets_ = offsets_;
    p_count_ = count_;
  }
  take_ = ap_start_d && !pend_d;
  pend_ = pend_d;
  job_start_ = pend_d && !busy_d;
  held_ = held_d;
  gie_ = gie_d;
  ier_ = ier_d;
  isr_ = isr_d;
  irq_ = gie_d && (isr_d & ier_d) != 0;
  op_ = op_d;
  flags_ = flags_d;
  src_ = src_d;
  len_ = len_d;
  dst_ = dst_d;
  cap_ = cap_d;
  offsets_ = offsets_d;
  count_ = count_d;

  if (in.rst) {
    // ready stays low in reset and for a clock after it
    aw_ready_ = aw_full_ = false;
    w_ready_ = w_full_ = false;
    b_valid_ = false;
    ar_ready_ = r_valid_ = rd_pend_ = false;
    ap_start_ = ap_done_ = ap_ready_ = busy_ = job_start_ = false;
    take_ = pend_ = held_ = false;
    gie_ = false;
    ier_ = isr_ = 0;
    irq_ = false;
    op_ = flags_ = 0;
    src_ = len_ = dst_ = cap_ = offsets_ = count_ = 0;
    status_ = err_class_ = 0;
    err_offset_ = in_bytes_ = out_bytes_ = units_ = utf16_units_ = cycles_ = 0;
    class_count_ = {};
    bad_strings_ = first_bad_ = 0;
  }
}

}  // namespace utf8core
