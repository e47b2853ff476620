// The engine registry of the command line: the one place that maps --engine
// names to implementations.
#include <string>
#include <vector>

#include "engine.h"
#include "kernel_engine.h"
#include "model_engine.h"
#include "rtl_engine.h"

namespace utf8core {
namespace cli {

std::vector<std::string> EngineNames() { return {"model", "rtl", "kernel"}; }

std::unique_ptr<Engine> MakeEngine(const EngineConfig& config, std::string* error) {
  if (config.name == "model") return std::make_unique<ModelEngine>();
  if (config.name == "rtl") return std::make_unique<RtlEngine>(config.lanes, config.trace_path);
  if (config.name == "kernel") {
    return std::make_unique<KernelEngine>(static_cast<unsigned>(8 * config.lanes), config.trace_path,
                                          static_cast<unsigned>(config.kernels));
  }
  std::string known;
  for (const std::string& n : EngineNames()) known += (known.empty() ? "" : ", ") + n;
  *error = "unknown engine '" + config.name + "' (available: " + known + ")";
  return nullptr;
}

}  // namespace cli
}  // namespace utf8core
