// The engine registry of the command line: the one place that maps --engine
// names to implementations.
#include <string>
#include <vector>

#include "engine.h"
#include "model_engine.h"
#include "rtl_engine.h"

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

std::vector<std::string> EngineNames() { return {"model", "rtl"}; }

std::unique_ptr<Engine> MakeEngine(const EngineConfig& config, std::string* error) {
  if (config.name == "model") return std::make_unique<ModelEngine>();
  if (config.name == "rtl") return std::make_unique<RtlEngine>(config.lanes, config.trace_path);
  std::string known;
  for (const std::string& n : EngineNames()) known += (known.empty() ? "" : ", ") + n;
  *error = "unknown engine '" + config.name + "' (available: " + known + ")";
  return nullptr;
}

}  // namespace cli
}  // namespace utf8core
