// The Verilated-RTL engine of the utf8core command line (--engine rtl): each
// packet runs on the RTL block beside its cycle model (sim/<block>_run.h), and
// what the CLI prints comes from the RTL's own outputs. A disagreement with the
// cycle model, or between the RTL's data and its own counters, is an error.
// Input is fed to the block as it takes it and units leave as it gives them.
#ifndef UTF8CORE_CLI_RTL_ENGINE_H_
#define UTF8CORE_CLI_RTL_ENGINE_H_

#include <string>
#include <vector>

#include "engine.h"

namespace utf8core {
namespace cli {

class RtlEngine : public Engine {
 public:
  // lanes: 1 is the scalar decoder (decode, validate); other values pick the
  // wide decoder / wide sanitizer (decode --to utf8) / wide validator with that
  // many lanes. trace_path: FST file, or "".
  RtlEngine(int lanes, const std::string& trace_path) : lanes_(lanes), trace_path_(trace_path) {}

  const char* name() const override { return "rtl"; }
  EngineRun Decode(ByteReader* in, Mode mode, UnitSink* out) override;
  EngineRun Validate(ByteReader* in, Mode mode, Verdict* verdict) override;
  EngineRun Encode(CodePointReader* in, Mode mode, ByteWriter* out, EncodeStats* stats) override;
  // lanes 1: the scalar decoder's units re-encoded; otherwise the wide sanitizer.
  EngineRun Sanitize(ByteReader* in, Mode mode, ByteWriter* out, UnitTally* tally) override;

 private:
  int lanes_;
  std::string trace_path_;
};

// Lane counts --lanes accepts with the RTL engine in this program: 1 (the scalar
// decoder) and those of the wide decoder / wide validator linked into it.
std::vector<int> RtlDecodeLanes();
std::vector<int> RtlValidateLanes();

}  // namespace cli
}  // namespace utf8core

#endif  // UTF8CORE_CLI_RTL_ENGINE_H_
