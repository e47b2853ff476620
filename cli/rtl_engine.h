// The Verilated-RTL engine of the utf8core command line (--engine rtl): each
// packet runs on the RTL block beside its cycle model (sim/<block>_run.h), and
// what the CLI prints comes from the RTL's own outputs. A disagreement with the
// cycle model, or between the RTL's data and its own counters, is an error.
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
  // wide decoder / wide validator with that many lanes. trace_path: FST file, or "".
  RtlEngine(int lanes, const std::string& trace_path) : lanes_(lanes), trace_path_(trace_path) {}

  const char* name() const override { return "rtl"; }
  EngineRun Decode(const std::vector<uint8_t>& in, Mode mode, std::vector<Unit>* units) override;
  EngineRun Validate(const std::vector<uint8_t>& in, Mode mode, Verdict* verdict) override;
  EngineRun Encode(const std::vector<uint32_t>& code_points, Mode mode, std::vector<uint8_t>* out,
                   EncodeStats* stats) override;

 private:
  int lanes_;
  std::string trace_path_;
};

// Lane counts --lanes accepts with the RTL engine in this build: 1 (the scalar
// decoder) and those of the verilated wide decoder / wide validator.
std::vector<int> RtlDecodeLanes();
std::vector<int> RtlValidateLanes();

}  // namespace cli
}  // namespace utf8core

#endif  // UTF8CORE_CLI_RTL_ENGINE_H_
