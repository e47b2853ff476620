// libFuzzer harness of the functional model's encoder and decoder together
// (framing.h). Code points -> Encode -> Decode gives back each code point the
// mode accepts (EncodeOne says which) and U+FFFD for each it rejects, one
// well-formed unit per code point, with the lengths EncodeOne gives. Bytes ->
// Decode -> UnitsToUtf8 -> Decode gives the same code points again, now all
// well-formed (error units come back as U+FFFD). Any difference aborts.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "framing.h"
#include "model_check.h"
#include "utf8_model.h"

namespace {

[[noreturn]] void Fail(utf8core::Mode mode, const uint8_t* p, size_t n, const std::string& what) {
  std::fprintf(stderr, "fuzz_roundtrip: %s (%s, input %s)\n", what.c_str(),
               utf8core::ModeName(mode), utf8core::modeltest::Hex(p, n).c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t n) {
  using namespace utf8core;
  if (n == 0) return 0;
  const Mode mode = fuzz::ReadRoundTripMode(data, n);
  const uint8_t* p = data + 1;
  const size_t len = n - 1;

  // Code points out and back.
  std::vector<uint32_t> cps(len / 4);
  for (size_t i = 0; i < cps.size(); ++i) {
    cps[i] = uint32_t{p[4 * i]} | uint32_t{p[4 * i + 1]} << 8 | uint32_t{p[4 * i + 2]} << 16 |
             uint32_t{p[4 * i + 3]} << 24;
  }
  std::vector<uint8_t> bytes;
  EncodeStats stats;
  Encode(cps.data(), cps.size(), mode, &bytes, &stats);
  const std::vector<Unit> units = Decode(bytes, mode);
  if (units.size() != cps.size())
    Fail(mode, p, len, "Encode then Decode changed the number of code points");
  uint64_t rejected = 0, offset = 0;
  for (size_t i = 0; i < cps.size(); ++i) {
    uint8_t one[6];
    ErrorClass cls;
    const int k = EncodeOne(cps[i], mode, one, &cls);
    const uint32_t want = cls == ErrorClass::kOk ? cps[i] : 0xFFFD;
    if (cls != ErrorClass::kOk) ++rejected;
    const Unit& u = units[i];
    if (u.cls != ErrorClass::kOk || u.code_point != want || u.length != k || u.offset != offset) {
      Fail(
          mode, p, len,
          "code point " + std::to_string(i) + " did not come back: unit " + modeltest::Describe(u));
    }
    offset += static_cast<uint64_t>(k);
  }
  if (stats.code_points != cps.size() || stats.rejected != rejected || offset != bytes.size()) {
    Fail(mode, p, len, "Encode's statistics or length disagree with EncodeOne");
  }

  // Bytes in, re-encoded, and in again.
  const std::vector<Unit> first = Decode(p, len, mode);
  std::vector<uint8_t> again;
  UnitsToUtf8(first, &again);
  const std::vector<Unit> second = Decode(again, mode);
  if (second.size() != first.size()) Fail(mode, p, len, "re-encoded units decode to another count");
  for (size_t i = 0; i < first.size(); ++i) {
    const uint32_t want = first[i].cls == ErrorClass::kOk ? first[i].code_point : 0xFFFD;
    if (second[i].cls != ErrorClass::kOk || second[i].code_point != want) {
      Fail(mode, p, len,
           "unit " + std::to_string(i) + " " + modeltest::Describe(first[i]) +
               " re-encoded decodes to " + modeltest::Describe(second[i]));
    }
  }
  return 0;
}
