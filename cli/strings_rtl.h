// validate-strings on the string validator RTL (rtl/stream/utf8_string_validator.v)
// and on the kernel's VALIDATE_STRINGS (rtl/kernel/utf8_kernel.v, kernel_engine.cpp):
// apart from validate_strings.cpp so that a build without the Verilated blocks
// (the fuzzing build, fuzz/cli_engines.cpp) links the command with stubs of
// these, as it does the other engines.
#ifndef UTF8CORE_CLI_STRINGS_RTL_H_
#define UTF8CORE_CLI_STRINGS_RTL_H_

#include <cstdint>
#include <string>
#include <vector>

#include "utf8_model.h"
#include "validate_strings.h"

namespace utf8core {
namespace cli {

// The string validator lane counts this program has.
std::vector<int> StringsRtlLanes();

// The column on the string validator RTL at StringsLanes(options): the
// non-empty strings as one packet, a start mark at each one's first byte. *v
// and *bitmap are filled as ValidateStrings() fills them, from the RTL's
// output, which must equal the model's (model, model_bitmap); *cycles the
// clocks it took. Returns "" or the problem. The offsets are known good.
std::string RunColumnRtl(const StringsOptions& options, const uint8_t* data, const uint8_t* offsets,
                         uint64_t count, int width, const StringsVerdict& model,
                         const std::vector<uint8_t>& model_bitmap, std::vector<uint8_t>* bitmap,
                         StringsVerdict* v, uint64_t* cycles);

// "" when an engine's answer on a column (v, bitmap) is the model's (model,
// model_bitmap), else the line saying how they differ; what names the engine
// ("the kernel"), who its side of the figures ("kernel").
std::string ColumnDisagreement(const char* what, const char* who, const StringsVerdict& v,
                               const std::vector<uint8_t>& bitmap, const StringsVerdict& model,
                               const std::vector<uint8_t>& model_bitmap);

// The column on the simulated card's kernel (VALIDATE_STRINGS, one job, the
// widest kernel this program has), through the host library; as RunColumnRtl
// otherwise: the kernel's answer must equal the model's, and its cycle model
// is held to it every clock. len is the data's length.
std::string RunColumnKernel(const StringsOptions& options, const uint8_t* data, uint64_t len,
                            const uint8_t* offsets, uint64_t count, int width, const StringsVerdict& model,
                            const std::vector<uint8_t>& model_bitmap, std::vector<uint8_t>* bitmap,
                            StringsVerdict* v, uint64_t* cycles);

}  // namespace cli
}  // namespace utf8core

#endif  // UTF8CORE_CLI_STRINGS_RTL_H_
