// The engine registry of the command line as the fuzzing build has it, in place
// of cli/engines.cpp, cli/rtl_engine.cpp, cli/kernel_engine.cpp and
// cli/strings_rtl.cpp: the
// functional model only. The
// harnesses are built with clang and the Verilated blocks are not, so this
// program has no RTL engine, and says so the way a build without one would:
// "rtl" and "kernel" are unknown engines and no lane count is built.
#include <memory>
#include <string>
#include <vector>

#include "engine.h"
#include "kernel_engine.h"
#include "model_engine.h"
#include "rtl_engine.h"
#include "strings_rtl.h"

namespace utf8core {
namespace cli {

std::vector<std::string> EngineNames() { return {"model"}; }

std::unique_ptr<Engine> MakeEngine(const EngineConfig& config, std::string* error) {
  if (config.name == "model") return std::make_unique<ModelEngine>();
  *error = "unknown engine '" + config.name + "' (available: model)";
  return nullptr;
}

std::vector<int> RtlDecodeLanes() { return {}; }
std::vector<int> RtlValidateLanes() { return {}; }
std::vector<int> KernelLanes() { return {}; }
std::vector<int> StringsRtlLanes() { return {}; }

std::string RunColumnRtl(const StringsOptions& options, const uint8_t*, const uint8_t*, uint64_t, int,
                         const StringsVerdict&, const std::vector<uint8_t>&, std::vector<uint8_t>*,
                         StringsVerdict*, uint64_t*) {
  return "no string validator RTL with " + std::to_string(StringsLanes(options)) +
         " lanes in this build (built: none)";
}

std::string RunColumnKernel(const StringsOptions&, const uint8_t*, uint64_t, const uint8_t*, uint64_t, int,
                            const StringsVerdict&, const std::vector<uint8_t>&, std::vector<uint8_t>*,
                            StringsVerdict*, uint64_t*) {
  return "no kernel in this build";
}

}  // namespace cli
}  // namespace utf8core
