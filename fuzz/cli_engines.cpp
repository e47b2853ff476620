// The engine registry of the command line as the fuzzing build has it, in place
// of cli/engines.cpp, cli/rtl_engine.cpp and cli/kernel_engine.cpp: the
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

}  // namespace cli
}  // namespace utf8core
