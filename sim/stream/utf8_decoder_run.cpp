// Verilated scalar decoder beside its cycle model; see utf8_decoder_run.h.
#include "utf8_decoder_run.h"

#include <string>

namespace utf8core {
namespace sim {

DecoderBench::DecoderBench(uint64_t seed, const std::string& trace_path,
                           const DecoderVariant& variant)
    : rtl_(variant.make(trace_path, variant.count_width)),
      model_(variant.offset_width, variant.count_width),
      checker_("utf8_decoder", seed) {}

DecoderBench::~DecoderBench() = default;

const std::string& DecoderBench::trace_path() const { return rtl_->trace_path(); }

DecoderBench::Outputs DecoderBench::step(const Inputs& in) {
  const Outputs got = rtl_->Low(in);
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
  for (int c = 0; c < 6; ++c) k.check(ErrCountName(c), exp.err_count[c], got.err_count[c]);

  rtl_->Rise();
  model_.tick(in);
  ++cycle_;
  if (!k.ok()) rtl_->Flush();
  return got;
}

}  // namespace sim

DecoderRun RunUtf8DecoderStream(sim::PacketSource* source, DecoderSink* sink,
                                const sim::RunOptions& opt) {
  DecoderRun run;
  sim::PacketSource::Packet packet;
  if (!source->NextPacket(1, &packet)) return run;
  sim::Rng rng(opt.seed);
  sim::DecoderBench bench(opt.seed, opt.trace_path);
  sim::DecoderBench::Inputs in;
  in.cfg_mode = packet.mode == Mode::kAnnexR;
  in.rst = true;
  bench.step(in);
  bench.step(in);
  in.rst = false;

  bool more = true;      // bytes still to offer
  bool first = true;     // the next byte offered is the packet's first
  bool offering = false;
  uint8_t byte = 0;
  bool byte_last = false;
  bool last_taken = false;
  uint64_t first_cycle = 0, end_cycle = 0;
  uint64_t offset = 0;
  uint64_t quiet = 0;  // cycles since the last handshake or status pulse
  for (;;) {
    if (last_taken && run.stat_seen) break;
    if (quiet > sim::kHangCycles || bench.checker().mismatches() > 0) break;
    if (!offering && more && !rng.chance(opt.traffic.gap)) {
      if (source->NextBeat(1, &byte, &byte_last) != 1) {
        run.report.ok = false;
        run.report.mismatch = "utf8_decoder: " + (source->error().empty() ? std::string("input ended early") : source->error());
        return run;
      }
      offering = true;
      more = !byte_last;
    }
    in.s_axis_tvalid = offering;
    in.s_axis_tdata = offering ? byte : 0;
    in.s_axis_tlast = offering && byte_last;
    in.m_axis_tready = !rng.chance(opt.traffic.stall);
    if (offering && first) {
      first = false;
      first_cycle = bench.cycles();
    }
    const auto o = bench.step(in);
    const bool took = offering && o.s_axis_tready;
    const bool gave = o.m_axis_tvalid && in.m_axis_tready;
    if (took) offering = false;
    if (gave) {
      Unit u;
      u.code_point = o.m_axis_tdata;
      u.cls = static_cast<ErrorClass>(o.m_axis_tuser & 7);
      u.length = static_cast<uint8_t>(o.m_axis_tuser >> 3);
      u.offset = offset;
      offset += u.length;
      sink->Unit(u);
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
    quiet = (took || gave || o.stat_valid) ? 0 : quiet + 1;
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

DecoderRun RunUtf8Decoder(const std::vector<uint8_t>& packet, Mode mode,
                          const sim::RunOptions& opt) {
  if (packet.empty()) return DecoderRun();
  struct Collect : DecoderSink {
    std::vector<utf8core::Unit>* units;
    void Unit(const utf8core::Unit& u) override { units->push_back(u); }
  };
  std::vector<Unit> units;
  Collect sink;
  sink.units = &units;
  const std::vector<sim::WidePacket> packets = {sim::WidePacket{packet, mode, -1}};
  sim::PacketListSource source(packets);
  DecoderRun run = RunUtf8DecoderStream(&source, &sink, opt);
  run.units = std::move(units);
  return run;
}

}  // namespace utf8core
