// The functional-model engine of the utf8core command line (--engine model):
// the definition of behaviour, run directly with no clock, block by block.
#ifndef UTF8CORE_CLI_MODEL_ENGINE_H_
#define UTF8CORE_CLI_MODEL_ENGINE_H_

#include "engine.h"

namespace utf8core {
namespace cli {

class ModelEngine : public Engine {
 public:
  const char* name() const override { return "model"; }
  EngineRun Decode(ByteReader* in, Mode mode, UnitSink* out) override;
  EngineRun Validate(ByteReader* in, Mode mode, Verdict* verdict) override;
  EngineRun Encode(CodePointReader* in, Mode mode, ByteWriter* out, EncodeStats* stats) override;
};

}  // namespace cli
}  // namespace utf8core

#endif  // UTF8CORE_CLI_MODEL_ENGINE_H_
