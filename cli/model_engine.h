// The functional-model engine of the utf8core command line (--engine model):
// the definition of behaviour, run directly with no clock.
#ifndef UTF8CORE_CLI_MODEL_ENGINE_H_
#define UTF8CORE_CLI_MODEL_ENGINE_H_

#include "engine.h"

namespace utf8core {
namespace cli {

class ModelEngine : public Engine {
 public:
  const char* name() const override { return "model"; }
  EngineRun Decode(const std::vector<uint8_t>& in, Mode mode, std::vector<Unit>* units) override;
  EngineRun Validate(const std::vector<uint8_t>& in, Mode mode, Verdict* verdict) override;
  EngineRun Encode(const std::vector<uint32_t>& code_points, Mode mode, std::vector<uint8_t>* out,
                   EncodeStats* stats) override;
};

}  // namespace cli
}  // namespace utf8core

#endif  // UTF8CORE_CLI_MODEL_ENGINE_H_
