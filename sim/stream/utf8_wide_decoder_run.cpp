// Runner of the Verilated wide decoder; see utf8_wide_decoder_run.h.
#include "utf8_wide_decoder_run.h"

#include <array>

#include "utf8_wide_decoder.h"
#include "verilated_ports.h"

namespace utf8core {
namespace {

// What the wide bench needs to know of the wide decoder: per lane a code point
// (32 bits of m_axis_tdata) and {length, class} (6 bits of m_axis_tuser), the
// units packed from lane 0 as m_axis_tkeep says.
struct WideDecoderBlock {
  using Model = WideDecoderCycleModel;
  static constexpr char kName[] = "utf8_wide_decoder";

  static LaneMask Keep(const sim::WideOut& a, int lanes) { return a.m_tkeep & FirstLanes(lanes); }
  static uint64_t User(const sim::WideOut& a, int k) { return sim::WordBits(a.m_tuser.data(), 6 * k, 6); }

  static void Compare(const Model::Outputs& e, const sim::WideOut& a, int lanes, sim::CycleChecker* k) {
    if (!e.m_tvalid) return;
    k->check("m_axis_tlast", e.m_tlast, a.m_tlast);
    sim::CheckTkeep(k, lanes, e.m_tkeep, Keep(a, lanes));
    for (int l = 0; l < lanes; ++l) {
      k->check_lane("m_axis_tdata", l, e.m_tdata[static_cast<size_t>(l)], a.m_tdata[static_cast<size_t>(l)]);
      k->check_lane("m_axis_tuser", l, e.m_tuser[static_cast<size_t>(l)], User(a, l));
    }
  }
  static bool Collect(const sim::WideOut& o, int lanes, WideDecoderSink* sink);
};

bool WideDecoderBlock::Collect(const sim::WideOut& o, int lanes, WideDecoderSink* sink) {
  std::array<Unit, kMaxLanes> beat;
  const LaneMask keep = Keep(o, lanes);
  size_t n = 0;
  for (int k = 0; k < lanes && keep.test(static_cast<size_t>(k)); ++k) {
    const uint64_t user = User(o, k);
    Unit& u = beat[n++];
    u.code_point = o.m_tdata[static_cast<size_t>(k)];
    u.length = static_cast<uint8_t>(user >> 3);
    u.cls = static_cast<ErrorClass>(user & 7);
    u.offset = sink->next_offset;
    sink->next_offset += u.length;
  }
  sink->Units(beat.data(), n);
  if (o.m_tlast) {
    sink->next_offset = 0;
    sink->PacketEnd();
  }
  return o.m_tlast;
}

class Collector : public WideDecoderSink {
 public:
  explicit Collector(WideDecoderRun* run) : run_(run) {}
  void Units(const Unit* units, size_t n) override {
    for (size_t i = 0; i < n; ++i) open_.push_back(units[i]);
  }
  void PacketEnd() override {
    run_->packets.push_back(std::move(open_));
    open_.clear();
  }
  void Stat(const sim::StatVerdict& v) override { run_->stats.push_back(v); }
  void Lost() override { open_.clear(); }

 private:
  WideDecoderRun* run_;
  std::vector<Unit> open_;  // units of the packet coming out
};

}  // namespace

sim::WideRunStats RunUtf8WideDecoderStream(int lanes, sim::PacketSource* source, WideDecoderSink* sink,
                                           const sim::RunOptions& opt) {
  return sim::RunWide<WideDecoderBlock>(lanes, source, sink, opt);
}

WideDecoderRun RunUtf8WideDecoderPackets(int lanes, const std::vector<sim::WidePacket>& packets, const sim::RunOptions& opt) {
  return sim::RunWidePackets<WideDecoderBlock, WideDecoderRun, Collector>(lanes, packets, opt);
}

}  // namespace utf8core
