// Cycle model of the memory-mapped kernel; see utf8_kernel.h. The wiring and
// the control block follow rtl/kernel/utf8_kernel.v line by line.
#include "utf8_kernel.h"

#include <algorithm>
#include <stdexcept>

namespace utf8core {

namespace {

constexpr uint32_t kIdle = 0, kSums = 1, kRun = 2, kDone = 3, kCheck = 4, kStart = 5;
constexpr uint32_t kOpSanitize = 1, kOpDecode = 2, kOpStrings = 3;
constexpr int kAddrWidth = 64;

int CheckedBytes(int data_width) {
  if (data_width != 64 && data_width != 128 && data_width != 256 && data_width != 512) {
    throw std::invalid_argument("utf8_kernel: DATA_WIDTH must be 64, 128, 256 or 512");
  }
  return data_width / 8;
}

uint32_t CheckedOps(uint32_t ops) {
  if (ops < 1 || ops > 15) throw std::invalid_argument("utf8_kernel: OPS must be 1 to 15");
  return ops;
}

// Past the end of the 64-bit address space: the sum carries out and does not
// land exactly on the top (src_past, dst_past).
bool Past(uint64_t base, uint64_t len) {
  const uint64_t end = base + len;
  return end < base && end != 0;
}

// utf8_unit_utf8's encode: cp in n bytes, first byte at out[0].
int Encode(uint32_t cp, uint32_t n, uint8_t* out) {
  auto cont = [cp](int shift) { return static_cast<uint8_t>(0x80 | ((cp >> shift) & 0x3F)); };
  switch (n) {
    case 0:
      return 0;
    case 1:
      out[0] = static_cast<uint8_t>(cp & 0x7F);
      return 1;
    case 2:
      out[0] = static_cast<uint8_t>(0xC0 | ((cp >> 6) & 0x1F));
      out[1] = cont(0);
      return 2;
    case 3:
      out[0] = static_cast<uint8_t>(0xE0 | ((cp >> 12) & 0x0F));
      out[1] = cont(6);
      out[2] = cont(0);
      return 3;
    case 4:
      out[0] = static_cast<uint8_t>(0xF0 | ((cp >> 18) & 0x07));
      out[1] = cont(12);
      out[2] = cont(6);
      out[3] = cont(0);
      return 4;
    case 5:
      out[0] = static_cast<uint8_t>(0xF8 | ((cp >> 24) & 0x03));
      out[1] = cont(18);
      out[2] = cont(12);
      out[3] = cont(6);
      out[4] = cont(0);
      return 5;
    default:  // 6, and 7 as the RTL's default case
      out[0] = static_cast<uint8_t>(0xFC | ((cp >> 30) & 0x01));
      out[1] = cont(24);
      out[2] = cont(18);
      out[3] = cont(12);
      out[4] = cont(6);
      out[5] = cont(0);
      return 6;
  }
}

}  // namespace

KernelCycleModel::KernelCycleModel(int data_width, uint32_t ops)
    : w_(CheckedBytes(data_width)),
      ops_(CheckedOps(ops)),
      regs_(static_cast<uint32_t>(data_width), ops, kAddrWidth),
      rd_(KernelRdParams{{w_, kAddrWidth, 16}, 8}),
      tail_(w_),
      decoder_(w_),
      units_(w_),
      utf8_(8, 3 * w_ + 3, w_),
      ucs4_(32, w_, w_ / 4),
      wr_(KernelWrParams{{w_, kAddrWidth, 16}, 32}),
      rd2_(KernelRdParams{{w_, kAddrWidth, 16}, 8}),
      mux_(KernelRdMuxParams{w_, kAddrWidth, 16}),
      offsets_(w_),
      sv_(w_),
      bitmap_(w_) {}

bool KernelCycleModel::Writes() const {
  return c_.op == kOpSanitize || c_.op == kOpDecode || c_.op == kOpStrings;
}

KernelRdMuxCycleModel::Inputs KernelCycleModel::MuxInputs(const KernelRdCycleModel::Outputs& rd,
                                                          const KernelRdCycleModel::Outputs& rd2,
                                                          const AxiReadMasterInputs& m) const {
  KernelRdMuxCycleModel::Inputs mi;
  mi.s[0] = rd;
  mi.s[1] = rd2;
  mi.m = m;
  return mi;
}

bool KernelCycleModel::BadArgs() const {
  // OP 3 is none; an OP left out of OPS is refused like it. src_past and
  // dst_past are the RTL's sums registered in ST_SUMS, from the same
  // arguments (they do not change until the next job).
  return ((ops_ >> c_.op) & 1) == 0 || (c_.op == kOpDecode && (c_.dst & 3) != 0) || c_.src_past ||
         (Writes() && c_.dst_past) || (c_.op == kOpStrings && c_.off_past);
}

KernelCycleModel::Outputs KernelCycleModel::outputs() const {
  const KernelRegsCycleModel::Outputs r = regs_.outputs();
  const KernelRdCycleModel::Outputs rd = rd_.outputs();
  const KernelWrCycleModel::Outputs wr = wr_.outputs();
  Outputs o;
  o.s_axil_awready = r.awready;
  o.s_axil_wready = r.wready;
  o.s_axil_bresp = r.bresp;
  o.s_axil_bvalid = r.bvalid;
  o.s_axil_arready = r.arready;
  o.s_axil_rdata = r.rdata;
  o.s_axil_rresp = r.rresp;
  o.s_axil_rvalid = r.rvalid;
  o.irq = r.irq;
  // The AXI4 master's ports are the engines', passed through whole, or with
  // VALIDATE_STRINGS built the read mux's (its AR register, and rready from
  // the engines' registers alone).
  if (HasStrings()) {
    static_cast<AxiReadMasterOutputs&>(o) = mux_.outputs(MuxInputs(rd, rd2_.outputs(), {})).m;
  } else {
    static_cast<AxiReadMasterOutputs&>(o) = rd;
  }
  static_cast<AxiWriteMasterOutputs&>(o) = wr;
  return o;
}

void KernelCycleModel::UnitBytes(const KernelUnitsCycleModel::UnitBeat& b) {
  // The merge tree ORs each unit's bytes, zero past its count, in at the
  // count of the units before it; bytes past the beat's count are zero.
  const size_t xb = static_cast<size_t>(3 * w_ + 3);
  uint8_t bytes[RepackCycleModel::kMaxIn + 8] = {};
  uint32_t at = 0;
  for (int k = 0; k < w_; ++k) {
    if (!((b.tkeep >> k) & 1)) continue;
    const uint8_t user = b.tuser[static_cast<size_t>(k)];
    const uint32_t cls = user & 7;
    const uint32_t n = cls == 0 ? (user >> 3) & 7 : 3;
    uint8_t enc[6];
    const int got = Encode(b.tdata[static_cast<size_t>(k)], n, enc);
    for (int i = 0; i < got; ++i) {
      if (at + static_cast<uint32_t>(i) < xb) bytes[at + static_cast<uint32_t>(i)] |= enc[i];
    }
    at += n;
  }
  for (size_t i = 0; i < xb; ++i) in_utf8_.s_data[i] = bytes[i];
  in_utf8_.s_count = at;
}

void KernelCycleModel::tick(const Inputs& in) {
  const bool front_rst = in.rst || c_.front_rst;
  const bool run = c_.state == kRun;
  const uint32_t op = c_.op;
  const bool strings = op == kOpStrings;
  const bool has_strings = HasStrings();

  // Registered outputs first: everything that does not wait on a ready.
  const KernelRdCycleModel::Outputs rd = rd_.outputs();
  const KernelWrCycleModel::Outputs wr = wr_.outputs();
  const WideDecoderCycleModel::Outputs dec = decoder_.outputs();

  // Unit stage: its output beat and figures are registers; only s_tready
  // waits on the chain behind it.
  KernelUnitsCycleModel::Inputs& iu = in_units_;
  iu.rst = front_rst;
  iu.start = c_.units_start;
  iu.op = op;
  iu.cap = c_.cap;
  iu.finish = c_.units_finish;
  iu.halt = run && c_.bus_err;
  iu.s.tdata = dec.m_tdata;
  iu.s.tkeep = MaskWord(dec.m_tkeep, 0);  // the kernel's decoder has at most 64 lanes
  iu.s.tuser = dec.m_tuser;
  iu.s.tlast = dec.m_tlast;
  iu.s_tvalid = dec.m_tvalid;
  // The register slice between the unit stage and the back ends (only when
  // something is written): its outputs and its ready are registers.
  const bool has_write = (ops_ & 6) != 0;
  iu.m_tready = has_write ? slice_.s_ready() : true;
  const KernelUnitsCycleModel::Outputs units = units_.outputs(iu);
  const KernelUnitsCycleModel::UnitBeat& cut = has_write ? slice_.m_beat() : units.m;
  const bool cut_tvalid = has_write ? slice_.m_valid() : units.m_tvalid;

  // The write engine's ready, muxed by op, into the two repackings and the bitmap.
  const bool wr_tready = wr.s_axis_tready;
  const bool san_tready = wr_tready && op != kOpDecode && !strings;
  const bool u32_ready = wr_tready && op == kOpDecode;

  RepackCycleModel::Inputs& i8 = in_utf8_;
  i8.rst = front_rst;
  UnitBytes(cut);
  i8.s_valid = cut_tvalid && op == kOpSanitize;
  i8.s_last = cut.tlast;
  i8.m_ready = san_tready;
  const RepackCycleModel::Outputs san = utf8_.outputs(i8);

  RepackCycleModel::Inputs& i32 = in_ucs4_;
  i32.rst = front_rst;
  uint32_t cut_count = 0;
  for (int k = 0; k < w_; ++k) {
    i32.s_data[static_cast<size_t>(k)] = cut.tdata[static_cast<size_t>(k)];
    if ((cut.tkeep >> k) & 1) cut_count = static_cast<uint32_t>(k) + 1;
  }
  i32.s_count = cut_count;
  i32.s_valid = cut_tvalid && op == kOpDecode;
  i32.s_last = cut.tlast;
  i32.m_ready = u32_ready;
  const RepackCycleModel::Outputs u32 = ucs4_.outputs(i32);

  const bool cut_tready = op == kOpSanitize ? san.s_ready : op == kOpDecode ? u32.s_ready : true;
  if (!has_write) iu.m_tready = cut_tready;  // always ready: VALIDATE's units end here

  // Decoder: its ready is the credit, a register.
  WideDecoderCycleModel::Inputs& id = in_dec_;
  id.rst = front_rst;
  id.cfg_mode = c_.mode;
  id.m_tready = units.s_tready;

  // VALIDATE_STRINGS: offsets stage, string validator and bitmap (the RTL
  // ties what they give off to zero when they are not built). The bitmap's
  // and the validator's outputs are registers.
  StringsView sv;
  KernelOffsetsCycleModel::Inputs& io = in_off_;
  StringValidatorCycleModel::Inputs& isv = in_sv_;
  KernelBitmapCycleModel::Inputs& ib = in_bmp_;
  if (has_strings) {
    sv.rd2 = rd2_.outputs();
    sv.bmp = bitmap_.outputs();
    sv.sv = sv_.outputs();
    io.rst = front_rst;
    io.cfg_o64 = c_.o64;
    io.cfg_len = c_.len;
    io.off.tdata = sv.rd2.m_axis_tdata;
    io.off.tkeep = sv.rd2.m_axis_tkeep;
    io.off.tvalid = sv.rd2.m_axis_tvalid;
    io.off.tlast = sv.rd2.m_axis_tlast;
    io.dat.tdata = rd.m_axis_tdata;
    io.dat.tkeep = rd.m_axis_tkeep;
    io.dat.tvalid = rd.m_axis_tvalid && strings;
    io.dat.tlast = rd.m_axis_tlast;
    io.m_tready = sv.sv.s_tready;
    io.grp_ready = sv.bmp.s_grp_ready;
    sv.off = offsets_.outputs(io);

    isv.rst = front_rst;
    isv.cfg_mode = c_.mode;
    std::copy(sv.off.m_tdata.begin(), sv.off.m_tdata.end(), isv.s.tdata.begin());
    isv.s.tkeep = LaneMask(sv.off.m_tkeep);
    isv.s.tuser = LaneMask(sv.off.m_tuser);
    isv.s.tvalid = sv.off.m_tvalid;
    isv.s.tlast = sv.off.m_tlast;
    isv.m_tready = sv.bmp.s_ver_ready;

    ib.rst = front_rst;
    ib.grp_full = sv.off.grp_full;
    ib.grp_count = sv.off.grp_count;
    ib.grp_last = sv.off.grp_last;
    ib.grp_valid = sv.off.grp_valid;
    ib.ver_keep = MaskWord(sv.sv.m_tkeep, 0);
    ib.ver_ok = MaskWord(sv.sv.m_tdata, 0);
    ib.ver_valid = sv.sv.m_tvalid;
    ib.m_tready = wr_tready && strings;
  }

  // Tail holder between the read engine and the decoder.
  KernelTailCycleModel::Inputs& it = in_tail_;
  it.rst = front_rst;
  it.cfg_mode = c_.mode;
  it.cfg_partial = c_.partial;
  std::copy(rd.m_axis_tdata.begin(), rd.m_axis_tdata.end(), it.s.tdata.begin());
  it.s.tkeep = LaneMask(rd.m_axis_tkeep);
  it.s.tvalid = rd.m_axis_tvalid && !strings;
  it.s.tlast = rd.m_axis_tlast;
  it.m_tready = dec.s_tready;
  const KernelTailCycleModel::Outputs tail = tail_.outputs(it);
  id.s.tdata = tail.m_tdata;
  id.s.tkeep = tail.m_tkeep;
  id.s.tvalid = tail.m_tvalid;
  id.s.tlast = tail.m_tlast;

  // Read engine
  KernelRdCycleModel::Inputs& ir = in_rd_;
  ir.rst = in.rst;
  ir.cmd_valid = c_.rd_cmd;
  ir.cmd_addr = strings ? c_.dat_addr : c_.src;
  ir.cmd_len = strings ? c_.dat_len : c_.len;
  ir.cmd_held_data = strings ? 0 : c_.cont ? c_.held : 0;
  ir.cmd_held_count = static_cast<uint8_t>(strings ? 0 : c_.cont ? c_.held_n : 0);
  ir.cmd_abort = run && (units.out_full || c_.bus_err || (strings && sv.off.data_done));
  ir.m_axis_tready = strings ? sv.off.s_dat_tready : tail.s_tready;

  // The read channels: the memory's, or through the mux shared with the
  // offsets engine.
  KernelRdCycleModel::Inputs& ir2 = in_rd2_;
  KernelRdMuxCycleModel::Inputs mi;
  if (has_strings) {
    mi = MuxInputs(rd, sv.rd2, in);
    mi.rst = in.rst;
    const KernelRdMuxCycleModel::Outputs mo = mux_.outputs(mi);
    static_cast<AxiReadMasterInputs&>(ir) = mo.s[0];
    ir2.rst = in.rst;
    ir2.cmd_valid = c_.rd2_cmd;
    ir2.cmd_addr = c_.offsets;
    ir2.cmd_len = c_.off_len;
    ir2.cmd_held_data = 0;
    ir2.cmd_held_count = 0;
    ir2.cmd_abort = run && (c_.bus_err || sv.off.bad);
    static_cast<AxiReadMasterInputs&>(ir2) = mo.s[1];
    ir2.m_axis_tready = sv.off.s_off_tready;
  } else {
    static_cast<AxiReadMasterInputs&>(ir) = in;
  }

  // Write engine: UTF-32 words little-endian, each word's keep on its 4 bytes.
  KernelWrCycleModel::Inputs& iw = in_wr_;
  iw.rst = in.rst;
  iw.cmd_valid = c_.wr_cmd;
  iw.cmd_addr = c_.dst;
  iw.cmd_abort = run && (wr.error || (strings && (c_.bus_err || (c_.bmp_done && sv.bmp.strings == 0))));
  if (strings) {
    for (int k = 0; k < w_; ++k) iw.s_axis_tdata[static_cast<size_t>(k)] = sv.bmp.m_tdata[static_cast<size_t>(k)];
    iw.s_axis_tkeep = sv.bmp.m_tkeep;
    iw.s_axis_tvalid = sv.bmp.m_tvalid;
    iw.s_axis_tlast = sv.bmp.m_tlast;
  } else if (op == kOpDecode) {
    uint64_t keep = 0;
    for (int q = 0; q < w_ / 4; ++q) {
      const uint32_t word = static_cast<uint32_t>(u32.m_data[static_cast<size_t>(q)]);
      for (int b = 0; b < 4; ++b) {
        iw.s_axis_tdata[static_cast<size_t>(4 * q + b)] = static_cast<uint8_t>(word >> (8 * b));
      }
      if ((u32.m_keep >> q) & 1) keep |= uint64_t{0xF} << (4 * q);
    }
    iw.s_axis_tkeep = keep;
    iw.s_axis_tvalid = u32.m_valid;
    iw.s_axis_tlast = u32.m_last;
  } else {
    for (int k = 0; k < w_; ++k) {
      iw.s_axis_tdata[static_cast<size_t>(k)] =
          static_cast<uint8_t>(san.m_data[static_cast<size_t>(k)]);
    }
    iw.s_axis_tkeep = san.m_keep;
    iw.s_axis_tvalid = san.m_valid;
    iw.s_axis_tlast = san.m_last;
  }
  static_cast<AxiWriteMasterInputs&>(iw) = in;

  // Registers: the results are the kernel's registers before this edge.
  KernelRegsCycleModel::Inputs& ig = in_regs_;
  ig.rst = in.rst;
  ig.awaddr = in.s_axil_awaddr;
  ig.awvalid = in.s_axil_awvalid;
  ig.wdata = in.s_axil_wdata;
  ig.wstrb = in.s_axil_wstrb;
  ig.wvalid = in.s_axil_wvalid;
  ig.bready = in.s_axil_bready;
  ig.araddr = in.s_axil_araddr;
  ig.arvalid = in.s_axil_arvalid;
  ig.rready = in.s_axil_rready;
  ig.job_done = c_.job_done;
  ig.res_status = c_.res_status;
  ig.res_err_class = c_.res_err_class;
  ig.res_err_offset = c_.res_err_offset;
  ig.res_in_bytes = c_.res_in_bytes;
  ig.res_out_bytes = c_.res_out_bytes;
  ig.res_units = c_.res_units;
  ig.res_utf16_units = c_.res_utf16_units;
  ig.res_cycles = c_.res_cycles;
  ig.res_class_count = c_.res_class_count;
  ig.res_bad_strings = c_.res_bad_strings;
  ig.res_first_bad = c_.res_first_bad;

  // The control block reads this clock's values, then every block takes the edge.
  ControlTick(in, rd, wr, tail, units, sv);
  regs_.tick(ig);
  rd_.tick(ir);
  tail_.tick(it);
  decoder_.tick(id);
  units_.tick(iu);
  slice_.tick(front_rst, units.m_tvalid, units.m, cut_tready);
  utf8_.tick(i8);
  ucs4_.tick(i32);
  wr_.tick(iw);
  if (has_strings) {
    rd2_.tick(ir2);
    mux_.tick(mi);
    offsets_.tick(io);
    sv_.tick(isv);
    bitmap_.tick(ib);
  }
}

void KernelCycleModel::ControlTick(const Inputs& in, const KernelRdCycleModel::Outputs& rd,
                                   const KernelWrCycleModel::Outputs& wr,
                                   const KernelTailCycleModel::Outputs& tail,
                                   const KernelUnitsCycleModel::Outputs& u, const StringsView& sv) {
  const KernelRegsCycleModel::Outputs regs = regs_.outputs();
  const Control& c = c_;
  Control n = c_;  // nonblocking: every right-hand side reads c

  const bool writes = Writes();
  const bool bad_args = BadArgs();
  const uint32_t h_n = c.cont ? c.held_n : 0;
  const uint64_t h_b = c.cont ? c.held : 0;
  const bool empty_job = h_n == 0 && c.len == 0;
  const bool all_in = !c.rd_cmd && !c.wr_cmd && !rd.busy && !wr.busy && u.ended && !c.units_start;
  const bool u_took_held = u.in_bytes >= h_n;
  const uint64_t u_in_src = u_took_held ? u.in_bytes - h_n : 0;
  const bool strings = c.op == kOpStrings;
  const bool str_in = !c.rd_cmd && !c.rd2_cmd && !c.wr_cmd && !rd.busy && !sv.rd2.busy && !wr.busy &&
                      (c.bus_err || (sv.off.ended && c.bmp_done && (sv.off.in_bytes == 0 || c.sv_stat)));

  n.job_done = false;
  n.units_start = false;
  n.units_finish = false;
  n.front_rst = false;
  // a job that has ended but waits for the last one's AP_CONTINUE is not counted
  if (c.state != kIdle && !(c.state == kDone && !regs.res_ready)) n.cycles = c.cycles + 1;

  if (tail.done) {
    n.tail_done = true;
    n.tail_sent = tail.sent;
    n.tail_held = tail.held_data;
    n.tail_n = tail.held_count;
    if (!tail.sent) n.units_finish = true;
  }
  // an engine's error counts once it has taken this job's command (utf8_kernel.v's eng_error)
  const bool eng_error = (rd.error && c.rd_used && !c.rd_cmd) || (sv.rd2.error && strings && !c.rd2_cmd) ||
                         (wr.error && c.wr_used && !c.wr_cmd);
  if (eng_error && c.state == kRun) n.bus_err = true;
  if (sv.bmp.done) n.bmp_done = true;
  if (sv.sv.stat_valid) {
    n.sv_stat = true;
    n.sv_class = sv.sv.stat_err_class;
    n.sv_str_off = sv.sv.stat_err_str_offset & 0xFFFFFFFFu;
  }

  switch (c.state) {
    case kIdle:
      if (regs.job_start) {
        n.op = regs.job_op;
        n.mode = regs.job_flags & 1;
        n.cont = (regs.job_flags >> 1) & 1;
        n.partial = (regs.job_flags >> 2) & 1;
        n.o64 = (regs.job_flags >> 3) & 1;
        n.offsets = regs.job_offsets;
        n.count = regs.job_count;
        n.src = regs.job_src;
        n.len = regs.job_len;
        n.dst = regs.job_dst;
        n.cap = regs.job_cap;
        n.cycles = 1;
        n.state = kSums;
      }
      break;
    case kSums:
      n.src_past = Past(c.src, c.len);
      n.dst_past = Past(c.dst, c.cap);
      {
        // COUNT cut to the bits CAP holds; the offsets' end, of COUNT + 1
        const bool cap8_big = (c.cap >> 61) != 0;
        const uint64_t cap8 = c.cap << 3;
        const bool cut = !cap8_big && c.count > cap8;
        n.count_eff = cut ? cap8 : c.count;
        n.str_full = cut;
        const unsigned __int128 bytes = (static_cast<unsigned __int128>(c.count) + 1) << (c.o64 ? 3 : 2);
        const unsigned __int128 end = static_cast<unsigned __int128>(c.offsets) + bytes;
        const uint64_t above = static_cast<uint64_t>(end >> 64);
        n.off_past = above > 1 || (above == 1 && static_cast<uint64_t>(end) != 0);
      }
      n.state = kCheck;
      break;
    case kCheck:
      n.bad = bad_args;
      n.off_len = (c.count_eff + 1) << (c.o64 ? 3 : 2);
      n.state = kStart;
      break;
    case kStart:
      n.bus_err = false;
      n.tail_done = false;
      n.tail_sent = false;
      n.tail_n = 0;
      n.dat_go = false;
      n.bmp_done = false;
      n.sv_stat = false;
      if (c.bad) {
        n.state = kDone;
      } else if (strings) {
        n.rd2_cmd = true;
        n.wr_cmd = true;
        n.wr_used = true;
        n.rd_used = false;
        n.state = kRun;
      } else {
        n.units_start = true;
        n.units_finish = empty_job;
        n.rd_cmd = !empty_job;
        n.rd_used = !empty_job;
        n.wr_cmd = writes;
        n.wr_used = writes;
        n.state = kRun;
      }
      break;
    case kRun:
      if (c.rd_cmd && rd.cmd_ready) n.rd_cmd = false;
      if (c.rd2_cmd && sv.rd2.cmd_ready) n.rd2_cmd = false;
      if (c.wr_cmd && wr.cmd_ready) n.wr_cmd = false;
      if (strings && sv.off.first_valid && !c.dat_go && !sv.off.data_done && !c.bus_err) {
        n.dat_go = true;
        n.dat_addr = c.src + sv.off.first_offset;
        n.dat_len = c.len - sv.off.first_offset;
        n.rd_cmd = true;
        n.rd_used = true;
      }
      if (strings ? str_in : all_in) n.state = kDone;
      break;
    default: {  // ST_DONE (and the unused codes, as the RTL's default), once the last job is acknowledged
      if (!regs.res_ready) break;
      n.job_done = true;
      n.front_rst = true;
      n.state = kIdle;
      n.res_cycles = c.cycles;
      n.res_units = c.bad ? 0 : u.units;
      n.res_utf16_units = c.bad ? 0 : u.utf16_units;
      if (c.bad) {
        n.res_class_count.fill(0);
      } else {
        n.res_class_count = u.class_count;
      }
      n.res_out_bytes = (c.bad || !c.wr_used) ? 0 : wr.bytes;
      n.res_bad_strings = 0;
      n.res_first_bad = 0;
      if (c.bad) {
        n.res_in_bytes = 0;
        n.res_status = 0x10 | (c.held_n != 0 ? 0x08u : 0u) | (c.err ? 1u : 0u);
        n.res_err_class = c.err_class;
        n.res_err_offset = c.err_off;
      } else if (strings) {
        // The column's first ill-formed string: carried, or this job's first.
        bool e = c.cont && c.err;
        uint32_t ec = e ? c.err_class : 0;
        uint64_t eo = e ? c.err_off : 0;
        uint64_t fb = e ? c.first_bad : 0;
        if (!e && sv.bmp.first_bad_found) {
          e = true;
          ec = c.sv_class;
          eo = c.sv_str_off;
          fb = (c.cont ? c.text : 0) + sv.bmp.first_bad;
        }
        n.res_units = sv.bmp.strings;
        n.res_utf16_units = 0;
        for (int k = 0; k < 6; ++k) {
          n.res_class_count[static_cast<size_t>(k)] = static_cast<uint32_t>(sv.sv.err_count[static_cast<size_t>(k)]);
        }
        n.res_in_bytes = sv.off.in_bytes;
        n.res_bad_strings = sv.bmp.bad_strings;
        n.res_first_bad = fb;
        n.res_status = (sv.off.bad ? 0x20u : 0u) | (c.bus_err ? 0x04u : 0u) |
                       (c.str_full && !sv.off.bad && !c.bus_err ? 0x02u : 0u) | (e ? 1u : 0u);
        n.res_err_class = ec;
        n.res_err_offset = eo;
        n.held_n = 0;
        if (c.bus_err) {
          n.text = 0;
          n.err = false;
          n.err_class = 0;
          n.err_off = 0;
          n.first_bad = 0;
        } else {
          n.text = (c.cont ? c.text : 0) + sv.bmp.strings;
          n.err = e;
          n.err_class = ec;
          n.err_off = eo;
          n.first_bad = fb;
        }
      } else {
        // The text's first error: carried, or this job's first.
        bool e = c.cont && c.err;
        uint32_t ec = e ? c.err_class : 0;
        uint64_t eo = e ? c.err_off : 0;
        uint32_t hn = 0;
        if (!e && u.err_found) {
          e = true;
          ec = u.err_class;
          eo = (c.cont ? c.text : 0) + u.err_pos;
        }
        if (c.bus_err) {
          hn = 0;
          n.res_in_bytes = u_in_src;
          n.held_n = 0;
          n.text = 0;
          n.err = false;
          n.err_class = 0;
          n.err_off = 0;
        } else {
          if (u.out_full) {
            // stopped at a unit boundary: held bytes stay unless a unit took them
            hn = u_took_held && u.in_bytes != 0 ? 0 : h_n;
            n.res_in_bytes = u_in_src;
            n.held = hn != 0 ? h_b : 0;
          } else {
            hn = c.tail_done ? c.tail_n : 0;
            n.res_in_bytes = c.len;
            n.held = c.tail_held;
          }
          n.held_n = hn;
          n.text = (c.cont ? c.text : 0) + u.in_bytes;
          n.err = e;
          n.err_class = ec;
          n.err_off = eo;
        }
        n.res_status = (hn != 0 ? 0x08u : 0u) | (c.bus_err ? 0x04u : 0u) |
                       (u.out_full ? 0x02u : 0u) | (e ? 1u : 0u);
        n.res_err_class = ec;
        n.res_err_offset = eo;
        n.first_bad = 0;
      }
      break;
    }
  }

  if (in.rst) {
    n.state = kIdle;
    n.job_done = false;
    n.rd_cmd = false;
    n.rd2_cmd = false;
    n.wr_cmd = false;
    n.rd_used = false;
    n.wr_used = false;
    n.units_start = false;
    n.units_finish = false;
    n.tail_done = false;
    n.bus_err = false;
    n.front_rst = false;
    n.held_n = 0;
    n.text = 0;
    n.err = false;
    n.err_class = 0;
    n.err_off = 0;
    n.first_bad = 0;
    n.dat_go = false;
    n.bmp_done = false;
    n.sv_stat = false;
  }
  c_ = n;
}

}  // namespace utf8core
