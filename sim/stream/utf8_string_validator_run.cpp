// Runner of the Verilated string validator; see utf8_string_validator_run.h.
#include "utf8_string_validator_run.h"

#include <algorithm>
#include <cstring>

#include "utf8_string_validator.h"

namespace utf8core {

bool StringPacketSource::NextPacket(int lanes, Packet* p) {
  if (next_ >= packets_.size()) return false;
  const StringPacket& s = packets_[next_++];
  p->mode = s.mode;
  const bool aborted = s.abort_after_beats >= 0 &&
                       static_cast<size_t>(s.abort_after_beats) < sim::BeatsOf(s.bytes.size(), lanes);
  p->abort_after_beats = aborted ? s.abort_after_beats : -1;
  pos_ = 0;
  start_ = 0;
  return true;
}

size_t StringPacketSource::NextBeat(int lanes, uint8_t* bytes, bool* last) {
  const StringPacket& s = packets_[next_ - 1];
  const size_t n = std::min(static_cast<size_t>(lanes), s.bytes.size() - pos_);
  std::memcpy(bytes, s.bytes.data() + pos_, n);
  starts_.reset();
  while (start_ < s.starts.size() && s.starts[start_] < pos_ + n) {
    if (s.starts[start_] >= pos_) starts_.set(static_cast<size_t>(s.starts[start_] - pos_));
    ++start_;
  }
  pos_ += n;
  *last = pos_ == s.bytes.size();
  return n;
}

namespace {

// What the wide bench needs to know of the string validator: one output beat
// per input beat, tkeep the string ends, tdata which of them are well-formed.
struct StringValidatorBlock {
  using Model = StringValidatorCycleModel;
  static constexpr char kName[] = "utf8_string_validator";

  // m_axis_tdata, one bit per lane, from the port's 32-bit words
  static LaneMask Mask(const sim::WideOut& a, int lanes) {
    LaneMask m;
    for (int w = (lanes + 31) / 32; w-- > 0;) m = (m << 32) | LaneMask(a.m_tdata[static_cast<size_t>(w)]);
    return m & FirstLanes(lanes);
  }
  static void Compare(const Model::Outputs& e, const sim::WideOut& a, int lanes, sim::CycleChecker* k) {
    if (e.m_tvalid) {
      k->check("m_axis_tlast", e.m_tlast, a.m_tlast);
      sim::CheckTkeep(k, lanes, e.m_tkeep, a.m_tkeep);
      const LaneMask d = Mask(a, lanes);
      k->check("m_axis_tdata", MaskWord(e.m_tdata, 0), MaskWord(d, 0));
      if (lanes > 64) k->check("m_axis_tdata[127:64]", MaskWord(e.m_tdata, 1), MaskWord(d, 1));
    }
    if (e.stat_valid) {
      k->check("stat_err_str_offset", e.stat_err_str_offset, a.stat_err_str_offset);
      k->check("stat_first_bad", e.stat_first_bad, a.stat_first_bad);
      k->check("stat_bad_strings", e.stat_bad_strings, a.stat_bad_strings);
    }
  }
  static bool Collect(const sim::WideOut& o, int lanes, StringValidatorSink* sink) {
    const LaneMask d = Mask(o, lanes);
    for (int k = 0; k < lanes; ++k) {
      if (o.m_tkeep.test(static_cast<size_t>(k))) sink->String(d.test(static_cast<size_t>(k)));
    }
    if (o.m_tlast) sink->Close();
    return o.m_tlast;
  }
};

class Collector : public StringValidatorSink {
 public:
  explicit Collector(StringValidatorRun* run) : run_(run) {}
  void String(bool ok) override { open_.push_back(ok); }
  void Close() override {
    run_->verdicts.push_back(open_);
    open_.clear();
  }
  void Stat(const sim::StatVerdict& v) override { run_->stats.push_back(v); }
  void Reset() override { open_.clear(); }

 private:
  StringValidatorRun* run_;
  std::vector<bool> open_;
};

}  // namespace

sim::WideRunStats RunUtf8StringValidatorStream(int lanes, sim::PacketSource* source,
                                               StringValidatorSink* sink, const sim::RunOptions& opt) {
  return sim::RunWide<StringValidatorBlock>(lanes, source, sink, opt);
}

StringValidatorRun RunUtf8StringValidatorPackets(int lanes, const std::vector<StringPacket>& packets,
                                                 const sim::RunOptions& opt) {
  StringValidatorRun run;
  for (const auto& p : packets) {
    if (p.bytes.empty()) {
      run.report.ok = false;
      run.report.mismatch = "utf8_string_validator: an empty packet cannot be sent (AXI4-Stream beats carry at least one byte)";
      return run;
    }
  }
  StringPacketSource source(packets);
  Collector sink(&run);
  static_cast<sim::WideRunStats&>(run) = RunUtf8StringValidatorStream(lanes, &source, &sink, opt);
  return run;
}

}  // namespace utf8core
