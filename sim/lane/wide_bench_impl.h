// RunWide, the run loop of wide_bench.h, and RunWidePackets; kept apart so the header reads as the
// interface. Included only by wide_bench.h.
#ifndef UTF8CORE_SIM_WIDE_BENCH_IMPL_H_
#define UTF8CORE_SIM_WIDE_BENCH_IMPL_H_

namespace utf8core {
namespace sim {

// A block's cycle model: (LANES, OUT_UNITS) where it has that constructor
// (the wide decoder), (LANES) otherwise.
template <class Model>
Model NewWideModel(int lanes, int out_units) {
  if constexpr (std::is_constructible<Model, int, int>::value) {
    return Model(lanes, out_units);
  } else {
    return Model(lanes);
  }
}

template <class Block, class Sink>
WideRunStats RunWide(int lanes, PacketSource* source, Sink* sink, const RunOptions& opt) {
  using Model = typename Block::Model;
  WideRunStats run;
  // Output lanes: OUT_UNITS where the block has it, LANES otherwise.
  const int out = opt.out_units > 0 ? opt.out_units : lanes;
  std::unique_ptr<WideRtl> rtl = MakeWideRtl(Block::kName, lanes, out, opt.trace_path);
  const std::string block = std::string(Block::kName) + " LANES=" + std::to_string(lanes) +
                            (out != lanes ? " OUT_UNITS=" + std::to_string(out) : std::string());
  if (!rtl) {
    run.built = false;
    run.report.ok = false;
    run.report.mismatch = block + " is not built";
    return run;
  }
  Model model = NewWideModel<Model>(lanes, out);
  Rng rng(opt.seed);
  WideDriver drv(lanes, source, opt.traffic, &rng);
  CycleChecker chk(block, opt.seed);
  WideIn in;
  WideOut got;

  // Outputs closed (a verdict, a packet's last beat) and status pulses, so far.
  uint64_t closed = 0, stats = 0;
  int64_t first_offer = -1, last_take = -1;
  uint64_t quiet = 0;  // cycles since the last handshake or status pulse
  int tail = -1;       // cycles still to run once everything is out
  for (uint64_t cycle = 0;; ++cycle) {
    // Two reset cycles first: the RTL's outputs are defined only after them.
    const bool resetting = cycle < 2;
    if (resetting) {
      in.rst = true;
      in.s = WideBeatIn();
      in.m_tready = false;
    } else {
      // Drained: the output and status pulse of every earlier packet are out.
      const bool drained = closed >= drv.owed() && stats >= drv.owed();
      in.s = drv.next(drained, &in.rst);
      in.m_tready = !rng.chance(opt.traffic.stall);
    }
    // The mode input is only sampled with a packet's first beat: noise otherwise.
    in.cfg_mode = rng.chance(0.5);
    if (in.s.tvalid) in.cfg_mode = drv.mode() == Mode::kAnnexR;

    rtl->Low(in, &got);
    if (!resetting) {
      chk.set_cycle(cycle);
      const typename Model::Outputs exp = model.outputs();
      chk.check("s_axis_tready", exp.s_tready, got.s_tready);
      chk.check("m_axis_tvalid", exp.m_tvalid, got.m_tvalid);
      Block::Compare(exp, got, out, &chk);
      chk.check("stat_valid", exp.stat_valid, got.stat_valid);
      chk.check("stat_error", exp.stat_error, got.stat_error);
      chk.check("stat_err_offset", exp.stat_err_offset, got.stat_err_offset);
      chk.check("stat_err_class", exp.stat_err_class, got.stat_err_class);
      for (int c = 0; c < 6; ++c) chk.check(ErrCountName(c), exp.err_count[c], got.err_count[c]);
      if (!chk.ok()) break;
    }

    const bool s_fire = in.s.tvalid && got.s_tready;
    const bool m_fire = got.m_tvalid && in.m_tready;
    if (in.s.tvalid && first_offer < 0) first_offer = static_cast<int64_t>(cycle);
    if (s_fire) ++run.beats_in;
    quiet = (s_fire || m_fire || got.stat_valid || in.rst) ? 0 : quiet + 1;
    if (!resetting && !in.rst) {
      if (m_fire) {
        ++run.beats_out;
        last_take = static_cast<int64_t>(cycle);
        if (Block::Collect(got, out, sink)) ++closed;
      }
      if (got.stat_valid) {
        StatVerdict v;
        v.error = got.stat_error;
        v.cls = static_cast<ErrorClass>(got.stat_err_class);
        v.offset = got.stat_err_offset;
        v.str_offset = got.stat_err_str_offset;
        v.first_bad = got.stat_first_bad;
        v.bad_strings = got.stat_bad_strings;
        sink->Stat(v);
        ++stats;
      }
    }
    if (in.rst && !resetting) sink->Reset();  // what was coming out belonged to the lost packet
    if (!resetting) drv.taken(s_fire && !in.rst);

    rtl->Rise();
    model.tick(in);

    if (!drv.error().empty()) {
      run.report.ok = false;
      run.report.mismatch = block + ": " + drv.error();
      break;
    }
    if (tail < 0 && drv.done() && closed >= drv.owed() && stats >= drv.owed()) tail = 4;
    if (tail >= 0 && tail-- == 0) break;
    if (quiet > kHangCycles) {
      run.report.ok = false;
      run.report.mismatch = block + ": no progress, stopped at cycle " + std::to_string(cycle) +
                            ", seed " + std::to_string(opt.seed);
      break;
    }
  }
  if (!chk.ok()) {
    run.report.ok = false;
    run.report.mismatch = chk.message();
  }
  // The counters as the last clock left them.
  rtl->Low(in, &got);
  run.err_count = got.err_count;
  run.report.cycles = first_offer >= 0 && last_take >= first_offer
                          ? static_cast<uint64_t>(last_take - first_offer + 1)
                          : 0;
  rtl->Flush();
  return run;
}

template <class Block, class Run, class Collector>
Run RunWidePackets(int lanes, const std::vector<WidePacket>& packets, const RunOptions& opt) {
  Run run;
  for (const auto& p : packets) {
    if (p.bytes.empty()) {
      run.report.ok = false;
      run.report.mismatch = std::string(Block::kName) +
                            ": an empty packet cannot be sent (AXI4-Stream beats carry at least one byte)";
      return run;
    }
  }
  PacketListSource source(packets);
  Collector sink(&run);
  static_cast<WideRunStats&>(run) = RunWide<Block>(lanes, &source, &sink, opt);
  return run;
}

}  // namespace sim
}  // namespace utf8core

#endif  // UTF8CORE_SIM_WIDE_BENCH_IMPL_H_
