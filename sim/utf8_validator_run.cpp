// Runner of the Verilated wide validator beside ValidatorCycleModel; see
// utf8_validator_run.h. One template instance per verilated lane count.
#include "utf8_validator_run.h"

#include <memory>
#include <string>

#include "fst_trace.h"
#include "harness.h"

#if UTF8CORE_HAVE_VALIDATOR_L1
#include "Vutf8_validator_l1.h"
#endif
#if UTF8CORE_HAVE_VALIDATOR_L2
#include "Vutf8_validator_l2.h"
#endif
#if UTF8CORE_HAVE_VALIDATOR_L4
#include "Vutf8_validator_l4.h"
#endif
#if UTF8CORE_HAVE_VALIDATOR_L8
#include "Vutf8_validator_l8.h"
#endif
#if UTF8CORE_HAVE_VALIDATOR_L16
#include "Vutf8_validator_l16.h"
#endif
#if UTF8CORE_HAVE_VALIDATOR_L32
#include "Vutf8_validator_l32.h"
#endif
#if UTF8CORE_HAVE_VALIDATOR_L64
#include "Vutf8_validator_l64.h"
#endif

namespace utf8core {
namespace sim {

WideBeatIn WideDriver::next(bool drained, bool* rst) {
  *rst = false;
  WideBeatIn idle;
  // Idle cycles carry noise: nothing may depend on tdata/tkeep/tlast without tvalid.
  idle.tdata.resize(static_cast<size_t>(lanes_));
  for (auto& b : idle.tdata) b = static_cast<uint8_t>(rng_->below(256));
  idle.tkeep = rng_->u64();
  idle.tlast = rng_->chance(0.5);
  if (reset_wait_ >= 0) {
    if (reset_wait_-- == 0) {
      *rst = true;
      ++pkt_;
      beat_ = 0;
    }
    return idle;
  }
  if (pkt_ >= packets_.size()) return idle;
  if (presenting_) return cur_;
  const WidePacket& p = packets_[pkt_];
  const size_t beats = BeatsOf(p.bytes.size(), lanes_);
  const bool aborts = p.abort_after_beats >= 0 && static_cast<size_t>(p.abort_after_beats) < beats;
  if (aborts && beat_ == 0 && !drained) return idle;
  if (aborts && beat_ == static_cast<size_t>(p.abort_after_beats)) {
    reset_wait_ = static_cast<int>(rng_->below(4));
    return idle;
  }
  if (rng_->chance(traffic_.gap)) return idle;
  cur_ = WideBeatIn();
  cur_.tdata.assign(static_cast<size_t>(lanes_), 0);
  const size_t from = beat_ * static_cast<size_t>(lanes_);
  for (size_t k = 0; k < static_cast<size_t>(lanes_) && from + k < p.bytes.size(); ++k) {
    cur_.tdata[k] = p.bytes[from + k];
    cur_.tkeep |= uint64_t{1} << k;
  }
  cur_.tvalid = true;
  cur_.tlast = beat_ + 1 == beats;
  presenting_ = true;
  return cur_;
}

void WideDriver::taken(bool fire) {
  if (!fire || !presenting_) return;
  presenting_ = false;
  ++beat_;
  if (beat_ == BeatsOf(packets_[pkt_].bytes.size(), lanes_)) {
    ++pkt_;
    beat_ = 0;
  }
}

}  // namespace sim

namespace {

template <class V>
ValidatorRun RunImpl(int lanes, const std::vector<sim::WidePacket>& packets,
                     const sim::RunOptions& opt) {
  ValidatorRun run;
  auto ctx = sim::MakeContext();
  auto top = std::make_unique<V>(ctx.get(), "TOP");
  sim::FstTrace<V> wave;
  wave.open(ctx.get(), top.get(), opt.trace_path);
  ValidatorCycleModel model(lanes);
  sim::Rng rng(opt.seed);
  sim::WideDriver drv(lanes, packets, opt.traffic, &rng);
  sim::CycleChecker chk("utf8_validator LANES=" + std::to_string(lanes), opt.seed);

  // Verdicts owed by the packets before index i (aborted packets owe none).
  std::vector<size_t> owed(packets.size() + 1, 0);
  size_t total_beats = 0;
  for (size_t i = 0; i < packets.size(); ++i) {
    const size_t beats = sim::BeatsOf(packets[i].bytes.size(), lanes);
    total_beats += beats;
    const bool aborts = packets[i].abort_after_beats >= 0 &&
                        static_cast<size_t>(packets[i].abort_after_beats) < beats;
    owed[i + 1] = owed[i] + (aborts ? 0 : 1);
  }
  const uint64_t limit = 1000 + 64 * (total_beats + packets.size());

  auto edge = [&](bool level) {
    top->clk = level;
    top->eval();
    wave.dump();
    ctx->timeInc(1);
  };

  int64_t first_offer = -1, last_take = -1;
  int tail = -1;  // cycles still to run once everything is out
  uint64_t cycle = 0;
  for (;; ++cycle) {
    ValidatorCycleModel::Inputs in;
    if (cycle < 2) {
      in.rst = true;
      in.s.tdata.assign(static_cast<size_t>(lanes), 0);
    } else {
      const size_t done_pkts = drv.packet() < packets.size() ? drv.packet() : packets.size();
      // Drained: verdict and status pulse of every earlier packet are out.
      const bool drained = run.verdicts.size() >= owed[done_pkts] && run.stats.size() >= owed[done_pkts];
      in.s = drv.next(drained, &in.rst);
      in.m_tready = !rng.chance(opt.traffic.stall);
    }
    // The mode input is only sampled with a packet's first beat: noise otherwise.
    in.cfg_mode = rng.chance(0.5);
    if (in.s.tvalid && drv.packet() < packets.size()) {
      in.cfg_mode = packets[drv.packet()].mode == Mode::kAnnexR;
    }

    top->rst = in.rst;
    top->cfg_mode = in.cfg_mode;
    sim::SetPortBytes(top->s_axis_tdata, in.s.tdata);
    top->s_axis_tkeep = in.s.tkeep & (lanes == 64 ? ~uint64_t{0} : ((uint64_t{1} << lanes) - 1));
    top->s_axis_tvalid = in.s.tvalid;
    top->s_axis_tlast = in.s.tlast;
    top->m_axis_tready = in.m_tready;
    top->eval();

    chk.set_cycle(cycle);
    const ValidatorCycleModel::Outputs exp = model.outputs();
    if (cycle >= 2) {
      chk.check("s_axis_tready", exp.s_tready, top->s_axis_tready);
      chk.check("m_axis_tvalid", exp.m_tvalid, top->m_axis_tvalid);
      chk.check("m_axis_tlast", exp.m_tlast, top->m_axis_tlast);
      if (exp.m_tvalid) {
        chk.check("m_axis_tdata", exp.m_tdata, top->m_axis_tdata);
        chk.check("m_axis_tuser", exp.m_tuser, top->m_axis_tuser);
      }
      chk.check("stat_valid", exp.stat_valid, top->stat_valid);
      chk.check("stat_error", exp.stat_error, top->stat_error);
      chk.check("stat_err_offset", exp.stat_err_offset, top->stat_err_offset);
      chk.check("stat_err_class", exp.stat_err_class, top->stat_err_class);
      for (int c = 0; c < 6; ++c) {
        const std::string name = "err_count[" + std::string(ClassName(static_cast<ErrorClass>(c + 1))) + "]";
        chk.check(name.c_str(), exp.err_count[c], sim::PortBits(top->err_count, 32 * c, 32));
      }
    }
    if (!chk.ok()) break;

    const bool s_fire = in.s.tvalid && top->s_axis_tready;
    const bool m_fire = top->m_axis_tvalid && in.m_tready;
    if (in.s.tvalid && first_offer < 0) first_offer = static_cast<int64_t>(cycle);
    if (s_fire) ++run.beats_in;
    if (cycle >= 2 && !in.rst) {
      if (m_fire) {
        ValidatorVerdict v;
        v.error = top->m_axis_tuser & 1;
        v.cls = static_cast<ErrorClass>((top->m_axis_tuser >> 1) & 7);
        v.offset = top->m_axis_tdata;
        run.verdicts.push_back(v);
        last_take = static_cast<int64_t>(cycle);
      }
      if (top->stat_valid) {
        ValidatorVerdict v;
        v.error = top->stat_error;
        v.cls = static_cast<ErrorClass>(top->stat_err_class);
        v.offset = top->stat_err_offset;
        run.stats.push_back(v);
      }
    }
    drv.taken(s_fire && !in.rst);

    edge(true);
    model.tick(in);
    edge(false);

    if (tail < 0 && drv.done() && run.verdicts.size() >= owed[packets.size()] &&
        run.stats.size() >= owed[packets.size()]) {
      tail = 4;
    }
    if (tail >= 0 && tail-- == 0) break;
    if (cycle > limit) {
      run.report.ok = false;
      run.report.mismatch = "utf8_validator LANES=" + std::to_string(lanes) +
                            ": no progress, stopped at cycle " + std::to_string(cycle) +
                            ", seed " + std::to_string(opt.seed);
      break;
    }
  }
  if (!chk.ok()) {
    run.report.ok = false;
    run.report.mismatch = chk.message();
  }
  for (int c = 0; c < 6; ++c) run.err_count[c] = sim::PortBits(top->err_count, 32 * c, 32);
  run.report.cycles = first_offer >= 0 && last_take >= first_offer
                          ? static_cast<uint64_t>(last_take - first_offer + 1)
                          : 0;
  wave.flush();
  top->final();
  return run;
}

}  // namespace

std::vector<int> ValidatorLaneCounts() {
  std::vector<int> v;
#if UTF8CORE_HAVE_VALIDATOR_L1
  v.push_back(1);
#endif
#if UTF8CORE_HAVE_VALIDATOR_L2
  v.push_back(2);
#endif
#if UTF8CORE_HAVE_VALIDATOR_L4
  v.push_back(4);
#endif
#if UTF8CORE_HAVE_VALIDATOR_L8
  v.push_back(8);
#endif
#if UTF8CORE_HAVE_VALIDATOR_L16
  v.push_back(16);
#endif
#if UTF8CORE_HAVE_VALIDATOR_L32
  v.push_back(32);
#endif
#if UTF8CORE_HAVE_VALIDATOR_L64
  v.push_back(64);
#endif
  return v;
}

ValidatorRun RunUtf8ValidatorPackets(int lanes, const std::vector<sim::WidePacket>& packets,
                                     const sim::RunOptions& opt) {
  for (const auto& p : packets) {
    if (p.bytes.empty()) {
      ValidatorRun run;
      run.report.ok = false;
      run.report.mismatch = "utf8_validator: an empty packet cannot be sent (AXI4-Stream beats carry at least one byte)";
      return run;
    }
  }
  switch (lanes) {
#if UTF8CORE_HAVE_VALIDATOR_L1
    case 1: return RunImpl<Vutf8_validator_l1>(lanes, packets, opt);
#endif
#if UTF8CORE_HAVE_VALIDATOR_L2
    case 2: return RunImpl<Vutf8_validator_l2>(lanes, packets, opt);
#endif
#if UTF8CORE_HAVE_VALIDATOR_L4
    case 4: return RunImpl<Vutf8_validator_l4>(lanes, packets, opt);
#endif
#if UTF8CORE_HAVE_VALIDATOR_L8
    case 8: return RunImpl<Vutf8_validator_l8>(lanes, packets, opt);
#endif
#if UTF8CORE_HAVE_VALIDATOR_L16
    case 16: return RunImpl<Vutf8_validator_l16>(lanes, packets, opt);
#endif
#if UTF8CORE_HAVE_VALIDATOR_L32
    case 32: return RunImpl<Vutf8_validator_l32>(lanes, packets, opt);
#endif
#if UTF8CORE_HAVE_VALIDATOR_L64
    case 64: return RunImpl<Vutf8_validator_l64>(lanes, packets, opt);
#endif
    default: break;
  }
  ValidatorRun run;
  run.built = false;
  run.report.ok = false;
  run.report.mismatch = "utf8_validator with LANES=" + std::to_string(lanes) + " is not built";
  return run;
}

ValidatorRun RunUtf8Validator(int lanes, const std::vector<uint8_t>& bytes, Mode mode,
                              const sim::RunOptions& opt) {
  sim::WidePacket p;
  p.bytes = bytes;
  p.mode = mode;
  return RunUtf8ValidatorPackets(lanes, {p}, opt);
}

}  // namespace utf8core
