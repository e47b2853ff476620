// The functional-model engine; see model_engine.h.
#include "model_engine.h"

namespace utf8core {
namespace cli {

EngineRun ModelEngine::Decode(const std::vector<uint8_t>& in, Mode mode, std::vector<Unit>* units) {
  *units = utf8core::Decode(in, mode);
  return {};
}

EngineRun ModelEngine::Validate(const std::vector<uint8_t>& in, Mode mode, Verdict* verdict) {
  *verdict = utf8core::Validate(in.data(), in.size(), mode);
  return {};
}

EngineRun ModelEngine::Encode(const std::vector<uint32_t>& code_points, Mode mode,
                              std::vector<uint8_t>* out, EncodeStats* stats) {
  out->clear();
  *stats = EncodeStats{};
  utf8core::Encode(code_points.data(), code_points.size(), mode, out, stats);
  return {};
}

}  // namespace cli
}  // namespace utf8core
