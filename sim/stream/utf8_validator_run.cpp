// Runner of the Verilated wide validator; see utf8_validator_run.h.
#include "utf8_validator_run.h"

#include "utf8_validator.h"
#include "verilated_ports.h"

namespace utf8core {
namespace {

// What the wide bench needs to know of the validator: one verdict beat per
// packet, m_axis_tdata the first error's offset, m_axis_tuser {class, invalid}.
struct ValidatorBlock {
  using Model = ValidatorCycleModel;
  static constexpr char kName[] = "utf8_validator";

  static void Compare(const Model::Outputs& e, const sim::WideOut& a, int /*lanes*/,
                      sim::CycleChecker* k) {
    k->check("m_axis_tlast", e.m_tlast, a.m_tlast);
    if (e.m_tvalid) {
      k->check("m_axis_tdata", e.m_tdata, sim::WordBits(a.m_tdata.data(), 0, 64));
      k->check("m_axis_tuser", e.m_tuser, a.m_tuser[0]);
    }
  }
  static bool Collect(const sim::WideOut& o, int /*lanes*/, ValidatorSink* sink) {
    sim::StatVerdict v;
    v.error = o.m_tuser[0] & 1;
    v.cls = static_cast<ErrorClass>((o.m_tuser[0] >> 1) & 7);
    v.offset = sim::WordBits(o.m_tdata.data(), 0, 64);
    sink->Verdict(v);
    return true;
  }
};

class Collector : public ValidatorSink {
 public:
  explicit Collector(ValidatorRun* run) : run_(run) {}
  void Verdict(const sim::StatVerdict& v) override { run_->verdicts.push_back(v); }
  void Stat(const sim::StatVerdict& v) override { run_->stats.push_back(v); }

 private:
  ValidatorRun* run_;
};

}  // namespace

sim::WideRunStats RunUtf8ValidatorStream(int lanes, sim::PacketSource* source, ValidatorSink* sink,
                                         const sim::RunOptions& opt) {
  return sim::RunWide<ValidatorBlock>(lanes, source, sink, opt);
}

ValidatorRun RunUtf8ValidatorPackets(int lanes, const std::vector<sim::WidePacket>& packets, const sim::RunOptions& opt) {
  return sim::RunWidePackets<ValidatorBlock, ValidatorRun, Collector>(lanes, packets, opt);
}

}  // namespace utf8core
