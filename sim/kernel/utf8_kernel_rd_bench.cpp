#include "utf8_kernel_rd_bench.h"

#include <stdexcept>

#include "Vutf8_kernel_rd_w32_small.h"
#include "Vutf8_kernel_rd_w64.h"
#include "Vutf8_kernel_rd_w8.h"
#include "Vutf8_kernel_rd_w8_long.h"
#include "kernel_engine_rtl.h"
#include "verilated_ports.h"

namespace utf8core {
namespace sim {

struct RdIn {
  bool rst = false;
  bool cmd_valid = false;
  uint64_t cmd_addr = 0;
  uint64_t cmd_len = 0;
  uint64_t held_data = 0;
  unsigned held_count = 0;
  bool abort = false;
  bool tready = false;
};

struct RdOut {
  bool cmd_ready = false;
  bool busy = false;
  bool error = false;
  AxiMasterPorts axi;
  uint8_t arcache = 0;
  uint8_t arprot = 0;
  bool tvalid = false;
  bool tlast = false;
  uint64_t tkeep = 0;
  std::array<uint32_t, 16> tdata{};
};

namespace {

using KernelRdPorts = KernelRdEngine::Ports;

template <class Top>
class KernelRdPortsOf final : public KernelEngineRtl<Top, KernelRdPorts> {
 public:
  using KernelEngineRtl<Top, KernelRdPorts>::KernelEngineRtl;

  void Low(const RdIn& in, const AxiSlavePorts& axi, RdOut* out) override {
    Top& t = this->top();
    t.rst = in.rst;
    t.cmd_valid = in.cmd_valid;
    t.cmd_addr = in.cmd_addr;
    t.cmd_len = in.cmd_len;
    t.cmd_held_data = in.held_data;
    t.cmd_held_count = static_cast<uint8_t>(in.held_count);
    t.cmd_abort = in.abort;
    t.m_axi_arready = axi.arready;
    WritePort(t.m_axi_rdata, axi.rdata.data());
    t.m_axi_rresp = axi.rresp;
    t.m_axi_rlast = axi.rlast;
    t.m_axi_rvalid = axi.rvalid;
    t.m_axis_tready = in.tready;
    this->Settle();

    out->cmd_ready = t.cmd_ready;
    out->busy = t.busy;
    out->error = t.error;
    out->axi.arvalid = t.m_axi_arvalid;
    out->axi.araddr = t.m_axi_araddr;
    out->axi.arlen = t.m_axi_arlen;
    out->axi.arsize = t.m_axi_arsize;
    out->axi.arburst = t.m_axi_arburst;
    out->arcache = t.m_axi_arcache;
    out->arprot = t.m_axi_arprot;
    out->axi.rready = t.m_axi_rready;
    out->tvalid = t.m_axis_tvalid;
    out->tlast = t.m_axis_tlast;
    out->tkeep = t.m_axis_tkeep;
    ReadPort(t.m_axis_tdata, out->tdata.data());
  }
};

template <class Top>
std::unique_ptr<KernelRdPorts> Make(const std::string& trace_path) {
  return std::make_unique<KernelRdPortsOf<Top>>(trace_path);
}

KernelRdParams Defaults(unsigned data_bytes) { return EngineDefaults<KernelRdEngine>(data_bytes); }

// Every build (sim/kernel/kernel_axi.cmake): the defaults at each width, then
// the corners.
const std::vector<EngineBuild<KernelRdEngine>>& Builds() {
  static const std::vector<EngineBuild<KernelRdEngine>> kBuilds = {
      {Defaults(8), Make<Vutf8_kernel_rd_w8>},
      {Defaults(64), Make<Vutf8_kernel_rd_w64>},
      {EngineParams<KernelRdEngine>(32, 20, 1, 2), Make<Vutf8_kernel_rd_w32_small>},
      {EngineParams<KernelRdEngine>(8, 64, 256, 2), Make<Vutf8_kernel_rd_w8_long>},
  };
  return kBuilds;
}

}  // namespace

std::vector<unsigned> KernelRdWidths() { return DefaultWidths(Builds()); }

std::vector<KernelRdParams> KernelRdBuilds() { return BuildParams(Builds()); }

KernelRdBench::KernelRdBench(unsigned data_bytes, AxiMemConfig mem_cfg, uint64_t seed,
                             const std::string& trace_path)
    : KernelRdBench(Defaults(data_bytes), mem_cfg, seed, trace_path) {}

KernelRdBench::KernelRdBench(const KernelRdParams& params, AxiMemConfig mem_cfg, uint64_t seed,
                             const std::string& trace_path)
    : KernelEngineBench(params, MakeEngine(Builds(), params, trace_path, "KernelRdBuilds()"),
                        mem_cfg, seed) {
  ResetFirst();
}

KernelRdBench::~KernelRdBench() = default;

void KernelRdBench::Command(const RdCommand& cmd) {
  if (cmd.held.size() > 5) throw std::invalid_argument("at most 5 held bytes");
  cmd_ = cmd;
  pending_ = true;
}

// Every output against the model's; payload lanes where the model says the RTL
// has given them a value (Verilator shows X as 0), which a handshake's payload
// must always have.
void KernelRdBench::Compare(const RdOut& got) {
  const KernelRdCycleModel::Outputs e = Expected(got);
  chk_.check("m_axi_arvalid", e.m_axi_arvalid, got.axi.arvalid);
  if (e.ar_known) {
    chk_.check("m_axi_araddr", e.m_axi_araddr, got.axi.araddr);
    chk_.check("m_axi_arlen", e.m_axi_arlen, got.axi.arlen);
  }
  chk_.check("m_axi_arsize", e.m_axi_arsize, got.axi.arsize);
  chk_.check("m_axi_arburst", e.m_axi_arburst, got.axi.arburst);
  chk_.check("m_axi_arcache", e.m_axi_arcache, got.arcache);
  chk_.check("m_axi_arprot", e.m_axi_arprot, got.arprot);
  chk_.check("m_axi_rready", e.m_axi_rready, got.axi.rready);
  chk_.check("m_axis_tvalid", e.m_axis_tvalid, got.tvalid);
  if (e.tkeep_known) {
    chk_.check("m_axis_tkeep", e.m_axis_tkeep, got.tkeep);
    chk_.check("m_axis_tlast", e.m_axis_tlast, got.tlast);
  }
  for (unsigned k = 0; k < data_bytes_; ++k) {
    if ((e.tdata_known >> k) & 1)
      chk_.check_lane("m_axis_tdata", static_cast<int>(k), e.m_axis_tdata[k], Lane(got.tdata, k));
  }
  if (!Agreed()) return;
  if (e.m_axi_arvalid && !e.ar_known) {
    Fail("the model offers an AR with no payload");
  } else if (e.m_axis_tvalid && (!e.tkeep_known || (e.m_axis_tkeep & ~e.tdata_known) != 0)) {
    Fail("the model offers a stream beat with kept lanes that have no value");
  }
}

void KernelRdBench::Clock() {
  RdIn in;
  in.rst = reset_;
  in.cmd_valid = pending_ && !reset_;
  in.cmd_addr = cmd_.addr;
  in.cmd_len = cmd_.len;
  for (size_t i = 0; i < cmd_.held.size(); ++i) in.held_data |= uint64_t{cmd_.held[i]} << (8 * i);
  in.held_count = static_cast<unsigned>(cmd_.held.size());
  in.abort = abort_;
  in.tready = !rng_.chance(stream_stall_);
  RdOut out;
  const AxiSlavePorts& axi = Sample(in, &out);

  // The model's inputs: the RTL's, lane by lane.
  KernelRdCycleModel::Inputs& m = model_in_;
  m.rst = in.rst;
  m.cmd_valid = in.cmd_valid;
  m.cmd_addr = in.cmd_addr;
  m.cmd_len = in.cmd_len;
  m.cmd_held_data = in.held_data;
  m.cmd_held_count = static_cast<uint8_t>(in.held_count);
  m.cmd_abort = in.abort;
  m.m_axi_arready = axi.arready;
  for (unsigned k = 0; k < data_bytes_; ++k) m.m_axi_rdata[k] = Lane(axi.rdata, k);
  m.m_axi_rresp = axi.rresp;
  m.m_axi_rlast = axi.rlast;
  m.m_axi_rvalid = axi.rvalid;
  m.m_axis_tready = in.tready;

  if (reset_) {
    held_ = false;
    prev_abort_ = false;
    ResetEdge();
    return;
  }

  const uint64_t all = data_bytes_ >= 64 ? ~uint64_t{0} : (uint64_t{1} << data_bytes_) - 1;
  std::vector<uint8_t> bytes;
  if (out.tvalid) {
    const uint64_t keep = out.tkeep & all;
    if (keep == 0) Fail("a beat with tkeep all zero");
    if ((keep & (keep + 1)) != 0) Fail("tkeep not contiguous from lane 0");
    if (!out.tlast && keep != all) Fail("a partial beat without tlast");
    if (got_tlast_) Fail("a beat after tlast");
    for (unsigned k = 0; k < data_bytes_ && ((keep >> k) & 1); ++k)
      bytes.push_back(Lane(out.tdata, k));
  }
  // A beat offered and not taken stays until taken, unless the command stopped
  // (abort last clock, or an error response, which the engine shows with it).
  if (held_ && !prev_abort_ && !out.error) {
    if (!out.tvalid) {
      Fail("tvalid withdrawn before the beat was taken");
    } else if (out.tkeep != held_keep_ || out.tlast != held_last_ || bytes != held_bytes_) {
      Fail("a beat changed while waiting for tready");
    }
  }
  if (out.tvalid && in.tready) {
    stream_.insert(stream_.end(), bytes.begin(), bytes.end());
    ++beats_;
    if (out.tlast) got_tlast_ = true;
    if (aborted_) ++beats_after_abort_;
  }
  held_ = out.tvalid && !in.tready;
  held_keep_ = out.tkeep;
  held_last_ = out.tlast;
  held_bytes_ = bytes;

  if (out.axi.arvalid && mem_.outputs().arready) ++ar_count_;
  bool accepted = false;
  if (in.cmd_valid && out.cmd_ready) {
    Accepted();
    accepted = true;
    stream_.clear();
    beats_ = 0;
    got_tlast_ = false;
    aborted_ = false;
    beats_after_abort_ = 0;
    ar_count_ = 0;
  }
  if (abort_ && running_ && !accepted) aborted_ = true;
  prev_abort_ = abort_;

  Edge(out.axi);
  if (running_ && !rtl_->Busy()) Ended();
}

}  // namespace sim
}  // namespace utf8core
