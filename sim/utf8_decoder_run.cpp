// Verilated scalar decoder beside its cycle model; see utf8_decoder_run.h.
#include "utf8_decoder_run.h"

#include <atomic>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <unistd.h>

#include "Vutf8_decoder.h"
#include "Vutf8_decoder_narrow.h"
#include "fst_trace.h"

namespace utf8core {
namespace sim {

namespace {

// A port's bits [lsb, lsb + width) for Verilated ports of any width (integral
// up to 64 bits, VlWide above).
template <class T, std::enable_if_t<std::is_integral<T>::value, int> = 0>
uint64_t Bits(const T& port, int lsb, int width) {
  const uint64_t v = static_cast<uint64_t>(port) >> lsb;
  return width >= 64 ? v : v & ((uint64_t{1} << width) - 1);
}
template <class W, std::enable_if_t<!std::is_integral<W>::value, int> = 0>
uint64_t Bits(const W& port, int lsb, int width) {
  uint64_t v = 0;
  for (int b = 0; b < width; ++b) {
    const int i = lsb + b;
    v |= uint64_t{(port.m_storage[i / 32] >> (i % 32)) & 1u} << b;
  }
  return v;
}

}  // namespace

// One Verilated parameter set behind a small interface, so the bench can hold
// either without templates leaking into its users.
class DecoderBench::Rtl {
 public:
  virtual ~Rtl() = default;
  // Applies the inputs with the clock low and settles; returns the outputs.
  virtual Outputs low(const Inputs& in) = 0;
  virtual void high() = 0;
  virtual void flush() = 0;
  virtual const std::string& trace_path() const = 0;
};

template <class Top>
class DecoderBench::RtlOf : public DecoderBench::Rtl {
 public:
  RtlOf(const std::string& trace_path, int count_width)
      : ctx_(MakeContext()), top_(std::make_unique<Top>(ctx_.get(), "TOP")),
        count_width_(count_width) {
    wave_.open(ctx_.get(), top_.get(), trace_path);
    top_->clk = 0;
    top_->eval();
  }
  ~RtlOf() override {
    top_->final();
    wave_.close();
#if VM_COVERAGE
    // One file per bench: each context has its own counters; verilator_coverage
    // merges them.
    static std::atomic<int> serial{0};
    const char* dir = std::getenv("UTF8CORE_COVERAGE_DIR");
    const std::string d = dir && *dir ? dir : ".";
    ctx_->coveragep()->write((d + "/decoder_" + std::to_string(getpid()) + "_" +
                              std::to_string(serial++) + ".dat")
                                 .c_str());
#endif
  }

  Outputs low(const Inputs& in) override {
    Top& t = *top_;
    t.clk = 0;
    t.rst = in.rst;
    t.s_axis_tdata = in.s_axis_tdata;
    t.s_axis_tvalid = in.s_axis_tvalid;
    t.s_axis_tlast = in.s_axis_tlast;
    t.m_axis_tready = in.m_axis_tready;
    t.cfg_mode = in.cfg_mode;
    t.eval();
    wave_.dump();
    ctx_->timeInc(1);
    Outputs o;
    o.s_axis_tready = t.s_axis_tready;
    o.m_axis_tvalid = t.m_axis_tvalid;
    o.m_axis_tdata = t.m_axis_tdata;
    o.m_axis_tuser = t.m_axis_tuser;
    o.m_axis_tlast = t.m_axis_tlast;
    o.stat_valid = t.stat_valid;
    o.stat_error = t.stat_error;
    o.stat_err_offset = t.stat_err_offset;
    o.stat_err_class = t.stat_err_class;
    for (int c = 0; c < 6; ++c) o.err_count[c] = Bits(t.err_count, c * count_width_, count_width_);
    return o;
  }
  void high() override {
    top_->clk = 1;
    top_->eval();
    wave_.dump();
    ctx_->timeInc(1);
  }
  void flush() override { wave_.flush(); }
  const std::string& trace_path() const override { return wave_.path(); }

 private:
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Top> top_;
  FstTrace<Top> wave_;
  int count_width_;
};

DecoderBench::DecoderBench(uint64_t seed, const std::string& trace_path, Widths widths)
    : model_(offset_width(widths), count_width(widths)), checker_("utf8_decoder", seed) {
  if (widths == Widths::kNarrow) {
    rtl_ = std::make_unique<RtlOf<Vutf8_decoder_narrow>>(trace_path, count_width(widths));
  } else {
    rtl_ = std::make_unique<RtlOf<Vutf8_decoder>>(trace_path, count_width(widths));
  }
}

DecoderBench::~DecoderBench() = default;

const std::string& DecoderBench::trace_path() const { return rtl_->trace_path(); }

DecoderBench::Outputs DecoderBench::step(const Inputs& in) {
  const Outputs got = rtl_->low(in);
  const Outputs exp = model_.outputs();
  checker_.set_cycle(cycle_);
  CycleChecker& k = checker_;
  k.check("s_axis_tready", exp.s_axis_tready, got.s_axis_tready);
  k.check("m_axis_tvalid", exp.m_axis_tvalid, got.m_axis_tvalid);
  if (exp.m_axis_tvalid && got.m_axis_tvalid) {
    k.check("m_axis_tdata", exp.m_axis_tdata, got.m_axis_tdata);
    k.check("m_axis_tuser", exp.m_axis_tuser, got.m_axis_tuser);
    k.check("m_axis_tlast", exp.m_axis_tlast, got.m_axis_tlast);
  }
  k.check("stat_valid", exp.stat_valid, got.stat_valid);
  k.check("stat_error", exp.stat_error, got.stat_error);
  k.check("stat_err_offset", exp.stat_err_offset, got.stat_err_offset);
  k.check("stat_err_class", exp.stat_err_class, got.stat_err_class);
  static const char* kCount[6] = {"err_count[TOO_SHORT]", "err_count[TOO_LONG]",
                                  "err_count[OVERLONG]",  "err_count[SURROGATE]",
                                  "err_count[TOO_LARGE]", "err_count[HEADER_BITS]"};
  for (int c = 0; c < 6; ++c) k.check(kCount[c], exp.err_count[c], got.err_count[c]);

  rtl_->high();
  model_.tick(in);
  ++cycle_;
  if (!k.ok()) rtl_->flush();
  return got;
}

}  // namespace sim

DecoderRun RunUtf8Decoder(const std::vector<uint8_t>& packet, Mode mode,
                          const sim::RunOptions& opt) {
  DecoderRun run;
  if (packet.empty()) return run;
  sim::Rng rng(opt.seed);
  sim::DecoderBench bench(opt.seed, opt.trace_path);
  sim::DecoderBench::Inputs in;
  in.cfg_mode = mode == Mode::kAnnexR;
  in.rst = true;
  bench.step(in);
  bench.step(in);
  in.rst = false;

  size_t next = 0;       // next byte to offer
  bool offering = false;
  bool last_taken = false;
  uint64_t first_cycle = 0, end_cycle = 0;
  uint64_t offset = 0;
  const uint64_t limit = 64 * packet.size() + 1000;
  for (uint64_t n = 0; !(last_taken && run.stat_seen); ++n) {
    if (n > limit || bench.checker().mismatches() > 0) break;
    if (!offering && next < packet.size() && !rng.chance(opt.traffic.gap)) offering = true;
    in.s_axis_tvalid = offering;
    in.s_axis_tdata = offering ? packet[next] : 0;
    in.s_axis_tlast = offering && next + 1 == packet.size();
    in.m_axis_tready = !rng.chance(opt.traffic.stall);
    if (offering && next == 0 && first_cycle == 0) first_cycle = bench.cycles();
    const auto o = bench.step(in);
    if (offering && o.s_axis_tready) {
      ++next;
      offering = false;
    }
    if (o.m_axis_tvalid && in.m_axis_tready) {
      Unit u;
      u.code_point = o.m_axis_tdata;
      u.cls = static_cast<ErrorClass>(o.m_axis_tuser & 7);
      u.length = static_cast<uint8_t>(o.m_axis_tuser >> 3);
      u.offset = offset;
      offset += u.length;
      run.units.push_back(u);
      if (o.m_axis_tlast) {
        last_taken = true;
        end_cycle = bench.cycles();
      }
    }
    if (o.stat_valid) {
      run.stat_seen = true;
      run.stat_error = o.stat_error;
      run.stat_err_offset = o.stat_err_offset;
      run.stat_err_class = static_cast<ErrorClass>(o.stat_err_class);
    }
    run.err_count = o.err_count;
  }
  // The counters trail the packet's last unit by a few clocks (docs/interface.md):
  // idle clocks let them settle, so err_count covers the whole packet.
  in.s_axis_tvalid = false;
  in.s_axis_tlast = false;
  in.m_axis_tready = true;
  for (int i = 0; i < 8 && bench.checker().ok(); ++i) run.err_count = bench.step(in).err_count;
  run.report.cycles = end_cycle > first_cycle ? end_cycle - first_cycle : 0;
  run.report.ok = bench.checker().ok() && last_taken && run.stat_seen;
  if (!bench.checker().ok()) {
    run.report.mismatch = bench.checker().message();
  } else if (!run.report.ok) {
    run.report.mismatch = "utf8_decoder: no end of packet after " +
                          std::to_string(bench.cycles()) + " cycles (hang), seed " +
                          std::to_string(opt.seed);
  }
  if (!run.report.mismatch.empty() && !bench.trace_path().empty()) {
    run.report.mismatch += ", wave " + bench.trace_path();
  }
  return run;
}

}  // namespace utf8core
