// A deliberately naive UTF-8 reference, written straight from ISO/IEC 10646-1
// Amd.2 Annex R (Table 1 for lengths, Table 4 and Table 5 arithmetic) and the
// SPEC §2/§3 rules, to check the functional model against something that shares
// none of its code or structure. It does not use the model's lead-byte table or
// its second-byte ranges: at every position it tries each sequence length, decodes
// with Table 5 and then applies the range, shortest-form and surrogate rules to
// the value; a maximal subpart is found as the longest prefix whose set of possible
// completions still contains an allowed value. Slow on purpose; used only by tests.
#ifndef UTF8CORE_TESTS_REFERENCE_NAIVE_UTF8_H_
#define UTF8CORE_TESTS_REFERENCE_NAIVE_UTF8_H_

#include <cstddef>
#include <cstdint>
#include <vector>

namespace naive {

enum class Mode { kRfc3629, kAnnexR };

// Same names as SPEC §3; kept separate from the model's enum on purpose.
enum class Class { kOk, kTooShort, kTooLong, kOverlong, kSurrogate, kTooLarge, kHeaderBits };

struct Unit {
  uint32_t code_point;
  size_t offset;
  int length;
  Class cls;
};

// Octet count announced by a first octet (Annex R Table 1), or 0 for a continuing
// octet (80..BF) and for FE, FF, which Table 1 does not use.
int AnnouncedLength(uint8_t first);

// True when p[0..len) is one well-formed sequence in `mode`; its value in *value.
bool IsWellFormed(const uint8_t* p, size_t len, Mode mode, uint32_t* value);

// True when p[0..len) (len >= 1) is a prefix of at least one well-formed sequence.
bool IsPrefixOfWellFormed(const uint8_t* p, size_t len, Mode mode);

// Decodes one packet into units; appends to *out (which is not cleared).
void Decode(const uint8_t* p, size_t n, Mode mode, std::vector<Unit>* out);

// Annex R Table 4: the octets of `value` (any 31-bit value), 1..6 of them.
int EncodeTable4(uint32_t value, uint8_t out[6]);

}  // namespace naive

#endif  // UTF8CORE_TESTS_REFERENCE_NAIVE_UTF8_H_
