// The engine behind the utf8core command line: what actually decodes, validates
// and encodes. The CLI only parses arguments, moves bytes and formats results, so
// the functional model and the Verilated RTL are interchangeable behind this
// interface and give the same answers, which the tests hold them to. Every
// engine streams: input is read as it is needed and output handed on as it is
// produced, so memory stays bounded whatever the input's size.
#ifndef UTF8CORE_CLI_ENGINE_H_
#define UTF8CORE_CLI_ENGINE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "stream.h"
#include "utf8_model.h"

namespace utf8core {
namespace cli {

// What an engine reports besides its data. An engine that fails (a read error,
// the RTL and its cycle model disagree, a simulation hangs) sets error; the CLI
// then stops with exit 2 and says how much output had already left.
struct EngineRun {
  std::string error;        // empty on success; one line, no "utf8core:" prefix
  bool has_cycles = false;  // engines with a clock report how long the packet took
  uint64_t cycles = 0;
};

class Engine {
 public:
  virtual ~Engine() = default;

  virtual const char* name() const = 0;

  // Each call is one packet (the whole input): nothing carries over between calls.
  // Decode hands every unit to `out` in order; it stops early when out->Put() fails.
  virtual EngineRun Decode(ByteReader* in, Mode mode, UnitSink* out) = 0;
  virtual EngineRun Validate(ByteReader* in, Mode mode, Verdict* verdict) = 0;
  // Encode reads 32-bit little-endian code points and writes UTF-8 to `out`.
  virtual EngineRun Encode(CodePointReader* in, Mode mode, ByteWriter* out, EncodeStats* stats) = 0;
  // `decode --to utf8`: the units re-encoded to `out` (error units as EF BF BD,
  // annex-r values above U+10FFFF in their 4-6-octet forms) and tallied into
  // *tally. By default Decode()'s units re-encoded here; an engine with a block
  // of its own for it (the RTL's wide sanitizer) overrides it.
  virtual EngineRun Sanitize(ByteReader* in, Mode mode, ByteWriter* out, UnitTally* tally);
};

// How the command line asked for an engine. Fields an engine does not use are
// ignored by it; ParseArgs only lets through combinations that mean something.
struct EngineConfig {
  std::string name = "model";
  int lanes = 1;           // rtl: 1 = scalar decoder, N = wide decoder / validator
  std::string trace_path;  // rtl: FST waveform of the run, "" for none
  int kernels = 1;         // kernel: compute units on the card, the input spread over them
};

// The names MakeEngine knows, for messages and --help ("model", ...).
std::vector<std::string> EngineNames();

// nullptr with *error set when the name is unknown or the engine cannot start.
std::unique_ptr<Engine> MakeEngine(const EngineConfig& config, std::string* error);

// The size of the blocks engines read their input in.
constexpr size_t kReadBlock = 1 << 16;

}  // namespace cli
}  // namespace utf8core

#endif  // UTF8CORE_CLI_ENGINE_H_
