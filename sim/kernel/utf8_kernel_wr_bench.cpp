#include "utf8_kernel_wr_bench.h"

#include <algorithm>

#include "Vutf8_kernel_wr_w16_small.h"
#include "Vutf8_kernel_wr_w64.h"
#include "Vutf8_kernel_wr_w8.h"
#include "Vutf8_kernel_wr_w8_long.h"
#include "kernel_engine_rtl.h"
#include "verilated_ports.h"

namespace utf8core {
namespace sim {

struct WrIn {
  bool rst = false;
  bool cmd_valid = false;
  uint64_t cmd_addr = 0;
  bool abort = false;
  bool tvalid = false;
  bool tlast = false;
  uint64_t tkeep = 0;
  std::array<uint32_t, 16> tdata{};
};

struct WrOut {
  bool cmd_ready = false;
  bool busy = false;
  bool error = false;
  uint64_t bytes = 0;
  bool tready = false;
  AxiMasterPorts axi;
  uint8_t awcache = 0;
  uint8_t awprot = 0;
};

namespace {

template <class Top>
class KernelWrPortsOf final : public KernelEngineRtl<Top, KernelWrPorts> {
 public:
  using KernelEngineRtl<Top, KernelWrPorts>::KernelEngineRtl;

  void Low(const WrIn& in, const AxiSlavePorts& axi, WrOut* out) override {
    Top& t = this->top();
    t.rst = in.rst;
    t.cmd_valid = in.cmd_valid;
    t.cmd_addr = in.cmd_addr;
    t.cmd_abort = in.abort;
    WritePort(t.s_axis_tdata, in.tdata.data());
    t.s_axis_tkeep = in.tkeep;
    t.s_axis_tvalid = in.tvalid;
    t.s_axis_tlast = in.tlast;
    t.m_axi_awready = axi.awready;
    t.m_axi_wready = axi.wready;
    t.m_axi_bresp = axi.bresp;
    t.m_axi_bvalid = axi.bvalid;
    this->Settle();

    out->cmd_ready = t.cmd_ready;
    out->busy = t.busy;
    out->error = t.error;
    out->bytes = t.bytes;
    out->tready = t.s_axis_tready;
    out->axi.awvalid = t.m_axi_awvalid;
    out->axi.awaddr = t.m_axi_awaddr;
    out->axi.awlen = t.m_axi_awlen;
    out->axi.awsize = t.m_axi_awsize;
    out->axi.awburst = t.m_axi_awburst;
    out->awcache = t.m_axi_awcache;
    out->awprot = t.m_axi_awprot;
    out->axi.wvalid = t.m_axi_wvalid;
    ReadPort(t.m_axi_wdata, out->axi.wdata.data());
    out->axi.wstrb = t.m_axi_wstrb;
    out->axi.wlast = t.m_axi_wlast;
    out->axi.bready = t.m_axi_bready;
  }

  uint64_t Bytes() const override { return this->top().bytes; }
};

template <class Top>
std::unique_ptr<KernelWrPorts> Make(const std::string& trace_path) {
  return std::make_unique<KernelWrPortsOf<Top>>(trace_path);
}

KernelWrParams Defaults(unsigned data_bytes) { return EngineDefaults<KernelWrEngine>(data_bytes); }

// Every build (sim/kernel/kernel_axi.cmake): the defaults at each width, then
// the corners.
const std::vector<EngineBuild<KernelWrEngine>>& Builds() {
  static const std::vector<EngineBuild<KernelWrEngine>> kBuilds = {
      {Defaults(8), Make<Vutf8_kernel_wr_w8>},
      {Defaults(64), Make<Vutf8_kernel_wr_w64>},
      {EngineParams<KernelWrEngine>(16, 20, 2, 4), Make<Vutf8_kernel_wr_w16_small>},
      {EngineParams<KernelWrEngine>(8, 64, 256, 512), Make<Vutf8_kernel_wr_w8_long>},
  };
  return kBuilds;
}

void SetLane(std::array<uint32_t, 16>* d, unsigned k, uint8_t v) {
  (*d)[k / 4] &= ~(uint32_t{0xFF} << (8 * (k % 4)));
  (*d)[k / 4] |= uint32_t{v} << (8 * (k % 4));
}

}  // namespace

std::vector<unsigned> KernelWrWidths() { return DefaultWidths(Builds()); }

std::vector<KernelWrParams> KernelWrBuilds() { return BuildParams(Builds()); }

KernelWrBench::KernelWrBench(unsigned data_bytes, AxiMemConfig mem_cfg, uint64_t seed,
                             const std::string& trace_path)
    : KernelWrBench(Defaults(data_bytes), mem_cfg, seed, trace_path) {}

KernelWrBench::KernelWrBench(const KernelWrParams& params, AxiMemConfig mem_cfg, uint64_t seed,
                             const std::string& trace_path)
    : KernelEngineBench(params, MakeEngine(Builds(), params, trace_path, "KernelWrBuilds()"),
                        mem_cfg, seed) {
  ResetFirst();
}

KernelWrBench::~KernelWrBench() = default;

void KernelWrBench::Command(const WrCommand& cmd) {
  cmd_ = cmd;
  if (cmd_.data.empty()) cmd_.empty_last = true;
  pending_ = true;
  streaming_ = true;
  sent_ = 0;
  offered_ = false;
}

uint64_t KernelWrBench::bytes() const { return rtl_->Bytes(); }

// Every output against the model's; payload lanes where the model says the RTL
// has given them a value (Verilator shows X as 0), which a handshake's payload
// must always have.
void KernelWrBench::Compare(const WrOut& got) {
  const KernelWrCycleModel::Outputs e = Expected(got);
  chk_.check("bytes", e.bytes, got.bytes);
  chk_.check("s_axis_tready", e.s_axis_tready, got.tready);
  chk_.check("m_axi_awvalid", e.m_axi_awvalid, got.axi.awvalid);
  if (e.aw_known) {
    chk_.check("m_axi_awaddr", e.m_axi_awaddr, got.axi.awaddr);
    chk_.check("m_axi_awlen", e.m_axi_awlen, got.axi.awlen);
  }
  chk_.check("m_axi_awsize", e.m_axi_awsize, got.axi.awsize);
  chk_.check("m_axi_awburst", e.m_axi_awburst, got.axi.awburst);
  chk_.check("m_axi_awcache", e.m_axi_awcache, got.awcache);
  chk_.check("m_axi_awprot", e.m_axi_awprot, got.awprot);
  chk_.check("m_axi_wvalid", e.m_axi_wvalid, got.axi.wvalid);
  if (e.w_known) {
    chk_.check("m_axi_wstrb", e.m_axi_wstrb, got.axi.wstrb);
    chk_.check("m_axi_wlast", e.m_axi_wlast, got.axi.wlast);
  }
  for (unsigned k = 0; k < data_bytes_; ++k) {
    if ((e.wdata_known >> k) & 1) {
      chk_.check_lane("m_axi_wdata", static_cast<int>(k), e.m_axi_wdata[k], Lane(got.axi.wdata, k));
    }
  }
  chk_.check("m_axi_bready", e.m_axi_bready, got.axi.bready);
  if (!Agreed()) return;
  if (e.m_axi_awvalid && !e.aw_known) {
    Fail("the model offers an AW with no payload");
  } else if (e.m_axi_wvalid && (!e.w_known || (e.m_axi_wstrb & ~e.wdata_known) != 0)) {
    Fail("the model offers a W beat with strobed lanes that have no value");
  }
}

void KernelWrBench::Clock() {
  WrIn in;
  in.rst = reset_;
  in.cmd_valid = pending_ && !reset_;
  in.cmd_addr = cmd_.addr;
  in.abort = abort_;

  // The stream: a beat of min(W, left) bytes, the last with tlast unless an
  // empty beat ends the packet; lanes past tkeep hold noise that must not be
  // written. A beat offered and not taken is offered again unchanged.
  const size_t total = cmd_.data.size();
  const size_t n = std::min<size_t>(data_bytes_, total - std::min(sent_, total));
  const bool offer = streaming_ && !reset_ && (offered_ || !rng_.chance(stream_gap_));
  if (offer) {
    in.tvalid = true;
    in.tkeep = n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
    in.tlast = n == 0 || (sent_ + n == total && !cmd_.empty_last);
    uint64_t noise = sent_ * 0x9E3779B97F4A7C15ull + 1;
    for (unsigned k = 0; k < data_bytes_; ++k) {
      noise ^= noise << 13;
      noise ^= noise >> 7;
      noise ^= noise << 17;
      SetLane(&in.tdata, k, k < n ? cmd_.data[sent_ + k] : static_cast<uint8_t>(noise));
    }
  }

  WrOut out;
  const AxiSlavePorts& axi = Sample(in, &out);

  // The model's inputs: the RTL's, lane by lane.
  KernelWrCycleModel::Inputs& m = model_in_;
  m.rst = in.rst;
  m.cmd_valid = in.cmd_valid;
  m.cmd_addr = in.cmd_addr;
  m.cmd_abort = in.abort;
  for (unsigned k = 0; k < data_bytes_; ++k) m.s_axis_tdata[k] = Lane(in.tdata, k);
  m.s_axis_tkeep = in.tkeep;
  m.s_axis_tvalid = in.tvalid;
  m.s_axis_tlast = in.tlast;
  m.m_axi_awready = axi.awready;
  m.m_axi_wready = axi.wready;
  m.m_axi_bresp = axi.bresp;
  m.m_axi_bvalid = axi.bvalid;

  if (reset_) {
    streaming_ = false;
    offered_ = false;
    ResetEdge();
    return;
  }

  if (running_) {
    if (out.bytes < last_bytes_) Fail("bytes went down");
    if (out.bytes > total) Fail("bytes beyond the stream's length");
    last_bytes_ = out.bytes;
  }
  const bool taken = in.tvalid && out.tready;
  offered_ = in.tvalid && !taken;
  if (taken) {
    sent_ += n;
    ++beats_taken_;
    if (in.tlast) {
      tlast_taken_ = true;
      streaming_ = false;
    }
  }
  bool accepted = false;
  if (in.cmd_valid && out.cmd_ready) {
    Accepted();
    accepted = true;
    beats_taken_ = taken ? 1 : 0;
    tlast_taken_ = taken && in.tlast;
    last_bytes_ = 0;
  }

  Edge(out.axi);
  if (running_ && !accepted && !rtl_->Busy()) {
    Ended();
    // The engine takes no more of this stream: the rest is abandoned.
    streaming_ = false;
    offered_ = false;
  }
}

}  // namespace sim
}  // namespace utf8core
