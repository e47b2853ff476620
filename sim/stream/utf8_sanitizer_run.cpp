// Runner of the Verilated wide sanitizer; see utf8_sanitizer_run.h.
#include "utf8_sanitizer_run.h"

#include <array>

#include "utf8_sanitizer.h"
#include "verilated_ports.h"

namespace utf8core {
namespace {

// What the wide bench needs to know of the sanitizer: a byte per lane (8 bits
// of m_axis_tdata), kept from lane 0 as m_axis_tkeep says; bytes outside
// tkeep are null (AXI4-Stream) and not compared.
struct SanitizerBlock {
  using Model = SanitizerCycleModel;
  static constexpr char kName[] = "utf8_sanitizer";

  static LaneMask Keep(const sim::WideOut& a, int lanes) { return a.m_tkeep & FirstLanes(lanes); }
  static uint8_t Byte(const sim::WideOut& a, int k) {
    return static_cast<uint8_t>(sim::WordBits(a.m_tdata.data(), 8 * k, 8));
  }

  static void Compare(const Model::Outputs& e, const sim::WideOut& a, int lanes,
                      sim::CycleChecker* k) {
    if (!e.m_tvalid) return;
    k->check("m_axis_tlast", e.m_tlast, a.m_tlast);
    sim::CheckTkeep(k, lanes, e.m_tkeep, Keep(a, lanes));
    for (int l = 0; l < lanes && e.m_tkeep.test(static_cast<size_t>(l)); ++l) {
      k->check_lane("m_axis_tdata", l, e.m_tdata[static_cast<size_t>(l)], Byte(a, l));
    }
  }
  static bool Collect(const sim::WideOut& o, int lanes, SanitizerSink* sink) {
    std::array<uint8_t, kMaxLanes> beat;
    const LaneMask keep = Keep(o, lanes);
    size_t n = 0;
    for (int k = 0; k < lanes && keep.test(static_cast<size_t>(k)); ++k) beat[n++] = Byte(o, k);
    sink->Bytes(beat.data(), n);
    if (o.m_tlast) sink->PacketEnd();
    return o.m_tlast;
  }
};

class Collector : public SanitizerSink {
 public:
  explicit Collector(SanitizerRun* run) : run_(run) {}
  void Bytes(const uint8_t* bytes, size_t n) override {
    open_.insert(open_.end(), bytes, bytes + n);
  }
  void PacketEnd() override {
    run_->packets.push_back(std::move(open_));
    open_.clear();
  }
  void Stat(const sim::StatVerdict& v) override { run_->stats.push_back(v); }
  void Lost() override { open_.clear(); }

 private:
  SanitizerRun* run_;
  std::vector<uint8_t> open_;  // bytes of the packet coming out
};

}  // namespace

sim::WideRunStats RunUtf8SanitizerStream(int lanes, sim::PacketSource* source, SanitizerSink* sink,
                                         const sim::RunOptions& opt) {
  return sim::RunWide<SanitizerBlock>(lanes, source, sink, opt);
}

SanitizerRun RunUtf8SanitizerPackets(int lanes, const std::vector<sim::WidePacket>& packets,
                                     const sim::RunOptions& opt) {
  return sim::RunWidePackets<SanitizerBlock, SanitizerRun, Collector>(lanes, packets, opt);
}

}  // namespace utf8core
