// Runner of the Verilated encoder beside its cycle model; see utf8_encoder_run.h.
#include "utf8_encoder_run.h"

#include <stdexcept>
#include <type_traits>

#include "Vutf8_encoder.h"
#include "Vutf8_encoder_cw4.h"
#include "fst_trace.h"

namespace utf8core {
namespace sim {
namespace {

// Bits [lo, lo+width) of a Verilated port of any width (width <= 64).
template <class T, std::enable_if_t<std::is_integral<T>::value, int> = 0>
uint64_t PortBits(const T& port, int lo, int width) {
  const uint64_t v = static_cast<uint64_t>(port) >> lo;
  return width >= 64 ? v : v & ((uint64_t{1} << width) - 1);
}
template <class W, std::enable_if_t<!std::is_integral<W>::value, int> = 0>
uint64_t PortBits(const W& port, int lo, int width) {
  uint64_t v = 0;
  for (int b = 0; b < width; ++b) {
    const int i = lo + b;
    v |= uint64_t{(port.m_storage[i / 32] >> (i % 32)) & 1u} << b;
  }
  return v;
}

}  // namespace

class EncoderBench::Dut {
 public:
  virtual ~Dut() = default;
  // One rising edge with these inputs; clk is low before and after.
  virtual void clock(const Inputs& in, bool dump) = 0;
  virtual void read(Outputs* out) const = 0;
  virtual void flush() = 0;
};

template <class Top>
class EncoderBench::DutOf : public EncoderBench::Dut {
 public:
  DutOf(const std::string& trace_path, int count_width)
      : ctx_(MakeContext()),
        top_(std::make_unique<Top>(ctx_.get(), "TOP")),
        count_width_(count_width) {
    top_->clk = 0;
    top_->eval();
    wave_.open(ctx_.get(), top_.get(), trace_path);
  }
  ~DutOf() override {
    wave_.close();
    top_->final();
  }

  void clock(const Inputs& in, bool dump) override {
    top_->rst = in.rst;
    top_->cfg_mode = in.cfg_mode;
    top_->s_axis_tdata = in.s_axis_tdata;
    top_->s_axis_tvalid = in.s_axis_tvalid;
    top_->s_axis_tlast = in.s_axis_tlast;
    top_->m_axis_tready = in.m_axis_tready;
    top_->clk = 0;
    top_->eval();
    if (dump) wave_.dump();
    ctx_->timeInc(1);
    top_->clk = 1;
    top_->eval();
    if (dump) wave_.dump();
    ctx_->timeInc(1);
    top_->clk = 0;
    top_->eval();
  }

  void read(Outputs* out) const override {
    out->s_axis_tready = top_->s_axis_tready;
    out->m_axis_tdata = top_->m_axis_tdata;
    out->m_axis_tkeep = top_->m_axis_tkeep;
    out->m_axis_tvalid = top_->m_axis_tvalid;
    out->m_axis_tlast = top_->m_axis_tlast;
    out->m_axis_tuser = top_->m_axis_tuser;
    for (int c = 0; c < 6; ++c) {
      out->err_count[c] = PortBits(top_->err_count, c * count_width_, count_width_);
    }
  }

  void flush() override { wave_.flush(); }

 private:
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Top> top_;
  FstTrace<Top> wave_;
  int count_width_;
};

EncoderBench::EncoderBench(uint64_t seed, const std::string& trace_path, int count_width,
                           uint64_t trace_from)
    : model_(count_width), checker_("utf8_encoder", seed), trace_from_(trace_from) {
  if (count_width == 32) {
    dut_ = std::make_unique<DutOf<Vutf8_encoder>>(trace_path, count_width);
  } else if (count_width == 4) {
    dut_ = std::make_unique<DutOf<Vutf8_encoder_cw4>>(trace_path, count_width);
  } else {
    throw std::invalid_argument("EncoderBench: only COUNT_WIDTH 32 and 4 are verilated");
  }
  dut_->read(&rtl_);
}

EncoderBench::~EncoderBench() = default;

void EncoderBench::compare() {
  const Outputs& e = model_.outputs();
  const Outputs& a = rtl_;
  checker_.set_cycle(cycle_);
  checker_.check("s_axis_tready", e.s_axis_tready, a.s_axis_tready);
  checker_.check("m_axis_tvalid", e.m_axis_tvalid, a.m_axis_tvalid);
  checker_.check("m_axis_tdata", e.m_axis_tdata, a.m_axis_tdata);
  checker_.check("m_axis_tkeep", e.m_axis_tkeep, a.m_axis_tkeep);
  checker_.check("m_axis_tlast", e.m_axis_tlast, a.m_axis_tlast);
  checker_.check("m_axis_tuser", e.m_axis_tuser, a.m_axis_tuser);
  static const char* const kCountNames[6] = {"err_count[TOO_SHORT]", "err_count[TOO_LONG]",
                                             "err_count[OVERLONG]",  "err_count[SURROGATE]",
                                             "err_count[TOO_LARGE]", "err_count[HEADER_BITS]"};
  for (int c = 0; c < 6; ++c) checker_.check(kCountNames[c], e.err_count[c], a.err_count[c]);
}

bool EncoderBench::step(const Inputs& in) {
  const bool was_ok = checker_.ok();
  compare();
  if (was_ok && !checker_.ok()) dut_->flush();
  dut_->clock(in, cycle_ >= trace_from_);
  model_.tick(in);
  dut_->read(&rtl_);
  ++cycle_;
  return checker_.ok();
}

}  // namespace sim

EncoderRun RunUtf8Encoder(const std::vector<uint32_t>& cps, Mode mode,
                          const sim::RunOptions& options) {
  using sim::EncoderBench;
  using sim::Rng;
  EncoderRun run;
  if (cps.empty()) return run;
  EncoderBench bench(options.seed, options.trace_path);
  Rng rng(options.seed);
  const bool annex = mode == Mode::kAnnexR;

  EncoderBench::Inputs in;
  in.cfg_mode = annex;
  in.rst = true;
  for (int k = 0; k < 2; ++k) bench.step(in);
  in.rst = false;

  // Cycles without any handshake after which the run counts as hung: far above
  // the pipeline's depth even under heavy backpressure.
  const uint64_t kHangCycles = 10000;
  size_t next = 0;  // next code point to offer
  bool offering = false;
  bool done = false;
  bool started = false;
  uint64_t first_cycle = 0;
  uint64_t idle = 0;
  while (!done && bench.ok()) {
    if (!offering && next < cps.size() && !rng.chance(options.traffic.gap)) offering = true;
    if (offering && !started) {
      started = true;
      first_cycle = bench.cycle();
    }
    in.s_axis_tvalid = offering;
    in.s_axis_tdata = offering ? cps[next] : 0;
    in.s_axis_tlast = offering && next + 1 == cps.size();
    in.m_axis_tready = !rng.chance(options.traffic.stall);

    const EncoderBench::Outputs& out = bench.rtl();
    const bool took = offering && out.s_axis_tready;
    const bool gave = out.m_axis_tvalid && in.m_axis_tready;
    if (gave) {
      int len = 0;
      for (; len < 6 && (out.m_axis_tkeep >> len) & 1; ++len) {
        run.bytes.push_back(static_cast<uint8_t>(out.m_axis_tdata >> (8 * len)));
      }
      run.lengths.push_back(static_cast<uint8_t>(len));
      run.classes.push_back(static_cast<ErrorClass>(out.m_axis_tuser));
      if (out.m_axis_tlast || run.classes.size() >= cps.size()) {
        done = true;
        run.report.cycles = bench.cycle() - first_cycle + 1;
        if (!out.m_axis_tlast || run.classes.size() != cps.size()) {
          run.report.ok = false;
          run.report.mismatch = "utf8_encoder: " + std::to_string(run.classes.size()) +
                                " output beats for " + std::to_string(cps.size()) +
                                " code points (tlast " + (out.m_axis_tlast ? "early" : "missing") +
                                "), seed " + std::to_string(options.seed);
        }
      }
    }
    if (took) {
      ++next;
      offering = false;
    }
    idle = (took || gave) ? 0 : idle + 1;
    bench.step(in);
    if (idle > kHangCycles && run.report.ok) {
      run.report.ok = false;
      run.report.mismatch = "utf8_encoder: no handshake for " + std::to_string(kHangCycles) +
                            " cycles at cycle " + std::to_string(bench.cycle()) + ", seed " +
                            std::to_string(options.seed);
      break;
    }
  }
  // The counters show a code point two clocks after its beat left stage 3.
  in = EncoderBench::Inputs();
  in.cfg_mode = annex;
  in.m_axis_tready = true;
  for (int k = 0; k < EncoderCycleModel::kLatency && bench.ok(); ++k) bench.step(in);
  run.err_count = bench.rtl().err_count;
  if (!bench.ok()) {
    run.report.ok = false;
    run.report.mismatch = bench.checker().message();
  }
  return run;
}

}  // namespace utf8core
