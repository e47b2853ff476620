// utf8core validate-strings (SPEC §7): every string of an Apache Arrow string
// column (DATA and its COUNT + 1 offsets) validated alone. Runs on the
// functional model (ValidateStrings, utf8_model.h) or on the string validator
// RTL (--engine rtl --lanes N: rtl/stream/utf8_string_validator.v, held to its
// cycle model every clock and its answer to the model's) or on the kernel's
// VALIDATE_STRINGS (--engine kernel: the simulated card, through the host
// library's utf8k_validate_strings, its answer held to the model's).
#ifndef UTF8CORE_CLI_VALIDATE_STRINGS_H_
#define UTF8CORE_CLI_VALIDATE_STRINGS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "cli.h"
#include "utf8_model.h"

namespace utf8core {
namespace cli {

struct StringsOptions {
  Mode mode = Mode::kRfc3629;
  std::string engine = "model";
  int lanes = 0;        // --lanes (rtl only); 0: not given, 8
  std::string data;     // DATA: the column's data buffer, a file
  std::string offsets;  // --offsets: COUNT + 1 little-endian int32 (int64 with --offsets64)
  bool offsets64 = false;
  std::string bitmap;  // --bitmap: where the validity bitmap goes; empty: nowhere
  bool stats = false;
};

// args are those after "validate-strings". Returns "" or the problem, as ParseArgs.
std::string ParseStringsArgs(const std::vector<std::string>& args, StringsOptions* options);

// Checks the column in memory. out: the report line for standard output; err:
// the --stats JSON line or the message; exit 0 every string well-formed, 1 some
// not, 2 a bad column (an offsets buffer that is not whole values, an offset
// outside 0..DATA's length or below the one before), with nothing in *bitmap.
// Otherwise *bitmap holds the validity bitmap: (COUNT + 7) / 8 bytes, bit i % 8
// of byte i / 8 set when string i is well-formed.
Outcome ValidateStringsColumn(const StringsOptions& options, const uint8_t* data, uint64_t len,
                              const uint8_t* offsets, uint64_t offsets_len,
                              std::vector<uint8_t>* bitmap);

// The lanes the string validator RTL runs at: --lanes, or 8.
int StringsLanes(const StringsOptions& options);

// Whether the small build must hand these options to the full one.
bool StringsNeedFullBuild(const StringsOptions& options);

// The whole command: parse, map the two files, check, write the bitmap and the
// report. Returns the exit status.
int StringsMain(const std::vector<std::string>& args);

}  // namespace cli
}  // namespace utf8core

#endif  // UTF8CORE_CLI_VALIDATE_STRINGS_H_
