// The engine behind the utf8core command line: what actually decodes, validates
// and encodes. The CLI only parses arguments, moves bytes and formats results, so
// the functional model and (later) the Verilated RTL are interchangeable behind
// this interface and give the same answers, which the tests hold them to.
#ifndef UTF8CORE_CLI_ENGINE_H_
#define UTF8CORE_CLI_ENGINE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "utf8_model.h"

namespace utf8core {
namespace cli {

// What an engine reports besides its data. An engine that fails (the RTL and
// its cycle model disagree, a simulation hangs) sets error; the CLI then writes
// nothing to stdout and exits 2, because a half-trusted result is worse than none.
struct EngineRun {
  std::string error;        // empty on success; one line, no "utf8core:" prefix
  bool has_cycles = false;  // engines with a clock report how long the packet took
  uint64_t cycles = 0;
};

class Engine {
 public:
  virtual ~Engine() = default;

  virtual const char* name() const = 0;

  // Each call is one packet (SPEC §3): nothing carries over between calls.
  virtual EngineRun Decode(const std::vector<uint8_t>& in, Mode mode, std::vector<Unit>* units) = 0;
  virtual EngineRun Validate(const std::vector<uint8_t>& in, Mode mode, Verdict* verdict) = 0;
  virtual EngineRun Encode(const std::vector<uint32_t>& code_points, Mode mode,
                           std::vector<uint8_t>* out, EncodeStats* stats) = 0;
};

// How the command line asked for an engine. Fields an engine does not use are
// ignored by it; ParseArgs only lets through combinations that mean something.
struct EngineConfig {
  std::string name = "model";
  int lanes = 1;           // rtl: 1 = scalar decoder, N = wide decoder / validator
  std::string trace_path;  // rtl: FST waveform of the run, "" for none
};

// The names MakeEngine knows, for messages and --help ("model", ...).
std::vector<std::string> EngineNames();

// nullptr with *error set when the name is unknown or the engine cannot start.
std::unique_ptr<Engine> MakeEngine(const EngineConfig& config, std::string* error);

}  // namespace cli
}  // namespace utf8core

#endif  // UTF8CORE_CLI_ENGINE_H_
