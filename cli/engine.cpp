// What every engine shares (engine.h): the default Sanitize, the units of
// Decode re-encoded. Apart from the registry (engines.cpp), so that a build
// with a registry of its own (the fuzzing build's) still has it.
#include "engine.h"

#include <vector>

namespace utf8core {
namespace cli {

EngineRun Engine::Sanitize(ByteReader* in, Mode mode, ByteWriter* out, UnitTally* tally) {
  // Units re-encoded as they come, a batch at a time.
  class Utf8Sink : public UnitSink {
   public:
    Utf8Sink(ByteWriter* out, UnitTally* tally) : out_(out), tally_(tally) {}
    bool Put(const Unit* units, size_t n) override {
      tally_->Add(units, n);
      bytes_.clear();
      UnitsToUtf8(std::vector<Unit>(units, units + n), &bytes_);
      return out_->Put(bytes_.data(), bytes_.size());
    }

   private:
    ByteWriter* out_;
    UnitTally* tally_;
    std::vector<uint8_t> bytes_;
  } sink(out, tally);
  *tally = UnitTally{};
  return Decode(in, mode, &sink);
}

}  // namespace cli
}  // namespace utf8core
