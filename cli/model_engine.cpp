// The functional-model engine; see model_engine.h.
#include "model_engine.h"

namespace utf8core {
namespace cli {
namespace {

EngineRun ReadFailed(const ByteReader& in) {
  EngineRun r;
  r.error = in.error();
  return r;
}

}  // namespace

EngineRun ModelEngine::Decode(ByteReader* in, Mode mode, UnitSink* out) {
  Decoder dec(mode);
  std::vector<uint8_t> block(kReadBlock);
  std::vector<Unit> units;
  for (;;) {
    size_t got = 0;
    if (!in->Read(block.data(), block.size(), &got)) return ReadFailed(*in);
    units.clear();
    if (got == 0) {
      dec.end_of_packet(&units);
      out->Put(units.data(), units.size());
      return {};
    }
    dec.push(block.data(), got, &units);
    if (!out->Put(units.data(), units.size())) return {};
  }
}

EngineRun ModelEngine::Validate(ByteReader* in, Mode mode, Verdict* verdict) {
  // The same stream through the decoder, only tallied: validate's verdict and
  // counts are by definition those of decode's units.
  struct Tally : UnitSink {
    UnitTally t;
    bool Put(const Unit* u, size_t n) override {
      t.Add(u, n);
      return true;
    }
  } tally;
  EngineRun r = Decode(in, mode, &tally);
  *verdict = tally.t.verdict();
  return r;
}

EngineRun ModelEngine::Encode(CodePointReader* in, Mode mode, ByteWriter* out, EncodeStats* stats) {
  *stats = EncodeStats{};
  std::vector<uint32_t> cps;
  std::vector<uint8_t> utf8;
  bool last = false;
  while (!last) {
    cps.clear();
    uint32_t cp;
    while (cps.size() < kReadBlock / 4 && !last && in->Next(&cp, &last)) cps.push_back(cp);
    if (!in->error().empty()) {
      EngineRun r;
      r.error = in->error();
      return r;
    }
    if (cps.empty()) break;
    utf8.clear();
    utf8core::Encode(cps.data(), cps.size(), mode, &utf8, stats);
    if (!out->Put(utf8.data(), utf8.size())) break;
  }
  return {};
}

}  // namespace cli
}  // namespace utf8core
