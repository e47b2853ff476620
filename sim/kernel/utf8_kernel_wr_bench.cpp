#include "utf8_kernel_wr_bench.h"

#include <sstream>
#include <stdexcept>

#include "Vutf8_kernel_wr_w16_small.h"
#include "Vutf8_kernel_wr_w64.h"
#include "Vutf8_kernel_wr_w8.h"
#include "Vutf8_kernel_wr_w8_long.h"
#include "fst_trace.h"
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

class KernelWrPorts {
 public:
  virtual ~KernelWrPorts() = default;
  // Applies the inputs with the clock low, settles, reads the outputs.
  virtual void Low(const WrIn& in, const AxiSlavePorts& axi, WrOut* out) = 0;
  // The rising edge (dumped to the wave); the outputs are registers, so they
  // are the next clock's from here on.
  virtual void Rise() = 0;
  virtual bool Busy() const = 0;
  virtual bool Error() const = 0;
  virtual uint64_t Bytes() const = 0;
};

namespace {

template <class Top>
class KernelWrPortsOf : public KernelWrPorts {
 public:
  explicit KernelWrPortsOf(const std::string& trace_path)
      : ctx_(MakeContext()), top_(std::make_unique<Top>(ctx_.get(), "TOP")) {
    wave_.open(ctx_.get(), top_.get(), trace_path);
    top_->clk = 0;
  }
  ~KernelWrPortsOf() override {
    wave_.flush();
    top_->final();
  }

  void Low(const WrIn& in, const AxiSlavePorts& axi, WrOut* out) override {
    Top& t = *top_;
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
    t.eval();
    wave_.dump();
    ctx_->timeInc(1);

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

  void Rise() override {
    top_->clk = 1;
    top_->eval();
    wave_.dump();
    ctx_->timeInc(1);
    top_->clk = 0;
    top_->eval();
  }

  bool Busy() const override { return top_->busy; }
  bool Error() const override { return top_->error; }
  uint64_t Bytes() const override { return top_->bytes; }

 private:
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Top> top_;
  FstTrace<Top> wave_;
};

// The engine's parameters: the defaults at a width, and the corners
// (sim/kernel/kernel_axi.cmake).
KernelWrParams Defaults(unsigned data_bytes) {
  KernelWrParams p;
  p.data_bytes = static_cast<int>(data_bytes);
  return p;
}

KernelWrParams At(int data_bytes, int addr_width, int max_burst, int fifo_depth) {
  KernelWrParams p;
  p.data_bytes = data_bytes;
  p.addr_width = addr_width;
  p.max_burst = max_burst;
  p.fifo_depth = fifo_depth;
  return p;
}

bool Same(const KernelWrParams& a, const KernelWrParams& b) {
  return a.data_bytes == b.data_bytes && a.addr_width == b.addr_width &&
         a.max_burst == b.max_burst && a.fifo_depth == b.fifo_depth;
}

// The block and its parameters, for messages: only the width at the defaults.
std::string Name(const KernelWrParams& p) {
  std::string n = "utf8_kernel_wr W=" + std::to_string(p.data_bytes);
  if (!Same(p, Defaults(static_cast<unsigned>(p.data_bytes)))) {
    n += " ADDR_WIDTH=" + std::to_string(p.addr_width) +
         " MAX_BURST=" + std::to_string(p.max_burst) +
         " FIFO_DEPTH=" + std::to_string(p.fifo_depth);
  }
  return n;
}

const KernelWrParams kSmall = At(16, 20, 2, 4);
const KernelWrParams kLong = At(8, 64, 256, 512);

std::unique_ptr<KernelWrPorts> MakePorts(const KernelWrParams& p, const std::string& trace_path) {
  if (Same(p, Defaults(8)))
    return std::make_unique<KernelWrPortsOf<Vutf8_kernel_wr_w8>>(trace_path);
  if (Same(p, Defaults(64)))
    return std::make_unique<KernelWrPortsOf<Vutf8_kernel_wr_w64>>(trace_path);
  if (Same(p, kSmall))
    return std::make_unique<KernelWrPortsOf<Vutf8_kernel_wr_w16_small>>(trace_path);
  if (Same(p, kLong)) return std::make_unique<KernelWrPortsOf<Vutf8_kernel_wr_w8_long>>(trace_path);
  throw std::invalid_argument(
      "utf8_kernel_wr is not verilated at these parameters (KernelWrBuilds())");
}

AxiMemConfig WithWidth(AxiMemConfig c, unsigned data_bytes) {
  c.data_bytes = data_bytes;
  return c;
}

void SetLane(std::array<uint32_t, 16>* d, unsigned k, uint8_t v) {
  (*d)[k / 4] &= ~(uint32_t{0xFF} << (8 * (k % 4)));
  (*d)[k / 4] |= uint32_t{v} << (8 * (k % 4));
}

uint8_t Lane(const std::array<uint32_t, 16>& d, unsigned k) {
  return static_cast<uint8_t>(d[k / 4] >> (8 * (k % 4)));
}

}  // namespace

std::vector<unsigned> KernelWrWidths() { return {8, 64}; }

std::vector<KernelWrParams> KernelWrBuilds() { return {Defaults(8), Defaults(64), kSmall, kLong}; }

KernelWrBench::KernelWrBench(unsigned data_bytes, AxiMemConfig mem_cfg, uint64_t seed,
                             const std::string& trace_path)
    : KernelWrBench(Defaults(data_bytes), mem_cfg, seed, trace_path) {}

KernelWrBench::KernelWrBench(const KernelWrParams& params, AxiMemConfig mem_cfg, uint64_t seed,
                             const std::string& trace_path)
    : data_bytes_(static_cast<unsigned>(params.data_bytes)),
      mem_(WithWidth(mem_cfg, data_bytes_)),
      rng_(seed),
      rtl_(MakePorts(params, trace_path)),
      model_(params),
      name_(Name(params)),
      chk_(name_, seed) {
  // The engine's control state has a value only after a reset.
  reset_ = true;
  Clock();
  reset_ = false;
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

bool KernelWrBench::busy() const { return rtl_->Busy(); }
bool KernelWrBench::error() const { return rtl_->Error(); }
uint64_t KernelWrBench::bytes() const { return rtl_->Bytes(); }

void KernelWrBench::Fail(const std::string& what) {
  if (!failure_.empty()) return;
  std::ostringstream m;
  m << name_ << ": clock " << clocks_ << ": " << what << " (seed " << rng_.seed() << ")";
  failure_ = m.str();
}

// Every output against the model's; payload lanes where the model says the RTL
// has given them a value (Verilator shows X as 0), which a handshake's payload
// must always have.
void KernelWrBench::Compare(const WrOut& got) {
  const KernelWrCycleModel::Outputs e = model_.outputs();
  chk_.set_cycle(clocks_);
  chk_.check("cmd_ready", e.cmd_ready, got.cmd_ready);
  chk_.check("busy", e.busy, got.busy);
  chk_.check("error", e.error, got.error);
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
  if (!chk_.ok()) {
    if (failure_.empty()) failure_ = chk_.message();
  } else if (e.m_axi_awvalid && !e.aw_known) {
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
  const AxiSlavePorts& axi = mem_.outputs();
  rtl_->Low(in, axi, &out);
  if (defined_) Compare(out);
  ++clocks_;

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
    pending_ = false;
    streaming_ = false;
    offered_ = false;
    running_ = false;
    mem_.Reset();
    rtl_->Rise();
    model_.tick(m);
    defined_ = true;
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
    pending_ = false;
    accepted = true;
    accept_clock_ = clocks_;
    command_clocks_ = 0;
    running_ = true;
    beats_taken_ = taken ? 1 : 0;
    tlast_taken_ = taken && in.tlast;
    last_bytes_ = 0;
  }

  mem_.Clock(out.axi);
  rtl_->Rise();
  model_.tick(m);
  if (running_ && !accepted && !rtl_->Busy()) {
    running_ = false;
    command_clocks_ = clocks_ - accept_clock_;
    // The engine takes no more of this stream: the rest is abandoned.
    streaming_ = false;
    offered_ = false;
  }
}

bool KernelWrBench::RunUntilIdle(uint64_t limit) {
  for (uint64_t i = 0; i < limit && failure_.empty(); ++i) {
    Clock();
    if (!pending_ && !rtl_->Busy()) return true;
  }
  return false;
}

}  // namespace sim
}  // namespace utf8core
