// Helpers shared by the functional-model tests (tests/functional/model_*.cpp): the bridge
// between the naive reference's types and the model's, a boundary-biased random
// byte-string source, a checker that holds every model entry point (Decoder,
// Decode, Validate, DecodeToUcs4) to the naive reference on one input, and the
// record files exchanged with the CPython helper (tests/py/cpython_decode.py).
#ifndef UTF8CORE_TESTS_REFERENCE_MODEL_CHECK_H_
#define UTF8CORE_TESTS_REFERENCE_MODEL_CHECK_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "harness.h"
#include "naive_utf8.h"
#include "utf8_model.h"

namespace utf8core {
namespace modeltest {

naive::Mode ToNaive(Mode m);
ErrorClass FromNaive(naive::Class c);

// "E0 80 41" style, for failure messages.
std::string Hex(const uint8_t* p, size_t n);
inline std::string Hex(const std::vector<uint8_t>& b) { return Hex(b.data(), b.size()); }

// The seed of a randomised test: UTF8CORE_SEED if set, else `fallback`; printed so
// that a failure can be replayed.
uint64_t TestSeed(uint64_t fallback, const char* what);

// Random byte strings of length 0..max_len, built from pieces that sit on the
// decoder's boundaries: the bytes where the SPEC §2 ranges change, well-formed
// encodings of boundary code points (both modes' ranges, surrogates), overlong
// and truncated forms, ASCII runs long enough for the 8-byte fast paths, and
// plain random bytes.
std::vector<uint8_t> RandomBoundaryBytes(sim::Rng* rng, size_t max_len);

// Random text of one kind per string (ASCII, Latin-1 range, CJK, emoji, 5-6 octet
// annex-r forms, or a mix), each character replaced now and then by one
// ill-formed piece: long well-formed stretches with rare errors, which is what the
// model's multi-byte fast paths (ASCII blocks, 8-byte 1-2 octet words, runs of
// 3- and 4-octet characters) see in real text and where their edges are.
std::vector<uint8_t> RandomTextWithErrors(sim::Rng* rng, size_t max_len);

// Encodes `value` in exactly `len` octets with the Annex R bit layout, even when
// that is not the shortest form (for overlong test input).
std::vector<uint8_t> ForceLength(uint32_t value, int len);

// Runs one packet through the naive reference and every model entry point and
// returns "" when all agree, else a description of the first difference.
// Keeps its buffers between calls: the exhaustive sweeps call it billions of times.
class ModelVsNaive {
 public:
  std::string Check(const uint8_t* p, size_t n, Mode mode, bool with_decode_helper = true);

 private:
  std::vector<naive::Unit> ref_;
  std::vector<Unit> units_;
  std::vector<uint32_t> ucs4_;
};

std::string Describe(const Unit& u);
std::string Describe(const naive::Unit& u);

// What CPython made of one byte string (see tests/py/cpython_decode.py).
struct PyResult {
  std::vector<uint32_t> code_points;  // bytes.decode('utf-8', 'replace')
  struct Error {
    uint32_t start, end;
    uint32_t reason;  // 1 invalid start byte, 2 invalid continuation byte, 3 unexpected end
  };
  std::vector<Error> errors;   // every UnicodeDecodeError the decode raised, in order
  int64_t first_error = -1;    // UnicodeDecodeError.start of a strict decode, or -1
};

// Writes the records, runs the helper with the CMake-found interpreter, reads
// its answers. Returns false (with *why) if anything about that fails.
bool RunCPython(const std::vector<std::vector<uint8_t>>& inputs, std::vector<PyResult>* out,
                std::string* why);

}  // namespace modeltest
}  // namespace utf8core

#endif  // UTF8CORE_TESTS_REFERENCE_MODEL_CHECK_H_
