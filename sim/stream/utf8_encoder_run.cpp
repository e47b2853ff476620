// Runner of the Verilated encoder beside its cycle model; see utf8_encoder_run.h.
#include "utf8_encoder_run.h"

#include <string>

namespace utf8core {
namespace sim {

EncoderBench::EncoderBench(uint64_t seed, const std::string& trace_path,
                           const EncoderVariant& variant, uint64_t trace_from)
    : rtl_model_(variant.make(trace_path, variant.count_width)),
      model_(variant.count_width),
      checker_("utf8_encoder", seed),
      trace_from_(trace_from) {
  rtl_model_->Read(&rtl_);
}

EncoderBench::~EncoderBench() = default;

void EncoderBench::compare() {
  const Outputs& e = model_.outputs();
  const Outputs& a = rtl_;
  checker_.set_cycle(cycle_);
  checker_.check("s_axis_tready", e.s_axis_tready, a.s_axis_tready);
  checker_.check("m_axis_tvalid", e.m_axis_tvalid, a.m_axis_tvalid);
  // The output registers are not reset: before the first beat loads them they
  // are undefined, and a netlist may give them any value (Yosys ties a bit
  // every beat writes 1 to constant 1). From that beat on both hold it.
  if (e.m_axis_tvalid) loaded_ = true;
  if (loaded_) {
    checker_.check("m_axis_tdata", e.m_axis_tdata, a.m_axis_tdata);
    checker_.check("m_axis_tkeep", e.m_axis_tkeep, a.m_axis_tkeep);
    checker_.check("m_axis_tlast", e.m_axis_tlast, a.m_axis_tlast);
    checker_.check("m_axis_tuser", e.m_axis_tuser, a.m_axis_tuser);
  }
  for (int c = 0; c < 6; ++c) checker_.check(ErrCountName(c), e.err_count[c], a.err_count[c]);
}

bool EncoderBench::step(const Inputs& in) {
  const bool was_ok = checker_.ok();
  compare();
  if (was_ok && !checker_.ok()) rtl_model_->Flush();
  rtl_model_->Clock(in, cycle_ >= trace_from_);
  model_.tick(in);
  rtl_model_->Read(&rtl_);
  ++cycle_;
  return checker_.ok();
}

}  // namespace sim

EncoderRun RunUtf8EncoderStream(CodePointSource* source, Mode mode, EncoderSink* sink,
                                const sim::RunOptions& options) {
  using sim::EncoderBench;
  using sim::Rng;
  EncoderRun run;
  EncoderBench bench(options.seed, options.trace_path);
  Rng rng(options.seed);
  const bool annex = mode == Mode::kAnnexR;

  EncoderBench::Inputs in;
  in.cfg_mode = annex;
  in.rst = true;
  for (int k = 0; k < 2; ++k) bench.step(in);
  in.rst = false;

  bool more = true;  // code points still to offer
  bool offering = false;
  uint32_t cp = 0;
  bool cp_last = false;
  uint64_t sent = 0, beats = 0;
  bool done = false;
  bool started = false;
  uint64_t first_cycle = 0;
  uint64_t idle = 0;
  while (!done && bench.ok()) {
    if (!offering && more && !rng.chance(options.traffic.gap)) {
      if (!source->Next(&cp, &cp_last)) {
        run.report.ok = false;
        run.report.mismatch = "utf8_encoder: " + (source->error().empty() ? std::string("input ended early") : source->error());
        return run;
      }
      offering = true;
      more = !cp_last;
    }
    if (offering && !started) {
      started = true;
      first_cycle = bench.cycle();
    }
    in.s_axis_tvalid = offering;
    in.s_axis_tdata = offering ? cp : 0;
    in.s_axis_tlast = offering && cp_last;
    in.m_axis_tready = !rng.chance(options.traffic.stall);

    const EncoderBench::Outputs& out = bench.rtl();
    const bool took = offering && out.s_axis_tready;
    const bool gave = out.m_axis_tvalid && in.m_axis_tready;
    if (gave) {
      uint8_t octets[6];
      int len = 0;
      for (; len < 6 && (out.m_axis_tkeep >> len) & 1; ++len) {
        octets[len] = static_cast<uint8_t>(out.m_axis_tdata >> (8 * len));
      }
      sink->Beat(octets, len, static_cast<ErrorClass>(out.m_axis_tuser));
      ++beats;
      // Every code point sent and as many beats out: this beat must be the last.
      const bool all_out = !more && !offering && beats >= sent;
      if (out.m_axis_tlast || all_out) {
        done = true;
        run.report.cycles = bench.cycle() - first_cycle + 1;
        if (!out.m_axis_tlast || !all_out || beats != sent) {
          run.report.ok = false;
          run.report.mismatch = "utf8_encoder: " + std::to_string(beats) + " output beats for " +
                                std::to_string(sent) + (more || offering ? "+" : "") +
                                " code points (tlast " + (out.m_axis_tlast ? "early" : "missing") +
                                "), seed " + std::to_string(options.seed);
        }
      }
    }
    if (took) {
      ++sent;
      offering = false;
    }
    idle = (took || gave) ? 0 : idle + 1;
    bench.step(in);
    if (idle > sim::kHangCycles && run.report.ok) {
      run.report.ok = false;
      run.report.mismatch = "utf8_encoder: no handshake for " + std::to_string(sim::kHangCycles) +
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

EncoderRun RunUtf8Encoder(const std::vector<uint32_t>& cps, Mode mode,
                          const sim::RunOptions& options) {
  if (cps.empty()) return EncoderRun();
  struct List : CodePointSource {
    const std::vector<uint32_t>* cps;
    size_t next = 0;
    bool Next(uint32_t* cp, bool* last) override {
      *cp = (*cps)[next++];
      *last = next == cps->size();
      return true;
    }
  } source;
  source.cps = &cps;
  struct Collect : EncoderSink {
    EncoderRun got;
    void Beat(const uint8_t* octets, int n, ErrorClass cls) override {
      got.bytes.insert(got.bytes.end(), octets, octets + n);
      got.lengths.push_back(static_cast<uint8_t>(n));
      got.classes.push_back(cls);
    }
  } sink;
  EncoderRun run = RunUtf8EncoderStream(&source, mode, &sink, options);
  run.bytes = std::move(sink.got.bytes);
  run.lengths = std::move(sink.got.lengths);
  run.classes = std::move(sink.got.classes);
  return run;
}

}  // namespace utf8core
