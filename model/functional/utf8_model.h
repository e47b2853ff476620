// utf8core functional model: the definition of the codec's behaviour.
//
// Untimed C++17, no Verilator dependency. Bytes -> units (decode, validate) and
// code points -> bytes (encode), in both modes of docs/spec.md:
//   rfc3629 (default): 1-4 octets, U+0000..U+10FFFF minus surrogates;
//   annex-r:           1-6 octets, 0..0x7FFFFFFF minus surrogates (ISO/IEC 10646 Annex R).
// Ill-formed input is cut into maximal subparts (Unicode §3.9, WHATWG), each one
// unit of U+FFFD carrying an error class. Every RTL block's cycle model takes its
// data from here, so a change here is a change of the product's behaviour.
#ifndef UTF8CORE_MODEL_UTF8_MODEL_H_
#define UTF8CORE_MODEL_UTF8_MODEL_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace utf8core {

enum class Mode : uint8_t { kRfc3629 = 0, kAnnexR = 1 };

// The numeric values are the RTL's 3-bit class code (tuser); keep them in step.
enum class ErrorClass : uint8_t {
  kOk = 0,
  kTooShort = 1,    // lead without enough continuation bytes
  kTooLong = 2,     // continuation byte where a lead was expected
  kOverlong = 3,    // C0, C1, or second byte below range after E0/F0/F8/FC
  kSurrogate = 4,   // ED A0..BF; encoder: D800..DFFF
  kTooLarge = 5,    // F4 90..BF or F5..F7 (rfc3629); encoder: beyond the mode
  kHeaderBits = 6,  // F8..FF (rfc3629), FE FF (annex-r)
};
constexpr int kNumClasses = 7;
constexpr uint32_t kReplacement = 0xFFFD;

const char* ClassName(ErrorClass c);  // "OK", "TOO_SHORT", ... as simdutf names them
const char* ModeName(Mode m);         // "rfc3629", "annex-r"
bool ParseMode(const std::string& s, Mode* m);

// One decoded unit: a well-formed sequence (kOk) or one maximal subpart (error,
// code_point == U+FFFD). offset is from the start of the packet.
struct Unit {
  uint32_t code_point;
  uint64_t offset;
  uint8_t length;  // 1..6 input bytes
  ErrorClass cls;
  bool operator==(const Unit& o) const {
    return code_point == o.code_point && offset == o.offset && length == o.length &&
           cls == o.cls;
  }
  bool operator!=(const Unit& o) const { return !(*this == o); }
};

// Per-lead-byte facts of the decoder's state machine (docs/spec.md, byte ranges).
struct LeadInfo {
  uint8_t need;          // continuation bytes to follow; 0 for ASCII and for errors
  uint8_t lo, hi;        // allowed range of the second byte (when need > 0)
  uint8_t value_mask;    // payload bits of the lead
  ErrorClass cls;        // kOk for ASCII and leads; the unit's class when the byte cannot start a sequence
  ErrorClass below;      // class when the second byte is a continuation below lo
  ErrorClass above;      // class when the second byte is a continuation above hi
};
const LeadInfo& Lead(uint8_t byte, Mode mode);

// Streaming decoder. Bytes may be pushed in any chunking; the units are the same
// as for one call over the whole packet. end_of_packet() closes the packet (an
// open sequence becomes one kTooShort unit) and starts the next one at offset 0.
class Decoder {
 public:
  explicit Decoder(Mode mode = Mode::kRfc3629) : mode_(mode), next_mode_(mode) {}

  // Takes effect at the start of the next packet, as the RTL samples its mode input.
  void set_mode(Mode m);
  Mode mode() const { return mode_; }

  void push(uint8_t byte, std::vector<Unit>* out);
  void push(const uint8_t* data, size_t n, std::vector<Unit>* out);
  void end_of_packet(std::vector<Unit>* out);
  // Drops any open sequence without a unit: what a reset does.
  void reset();

  bool in_sequence() const { return need_ != 0; }
  uint64_t packet_offset() const { return pos_; }  // bytes taken in this packet

 private:
  void start(uint8_t byte, std::vector<Unit>* out);

  Mode mode_;
  Mode next_mode_;
  uint64_t pos_ = 0;     // offset of the next byte in the packet
  uint64_t start_ = 0;   // offset of the open sequence's lead
  uint32_t value_ = 0;
  uint8_t need_ = 0;     // total continuation bytes of the open sequence; 0 = none open
  uint8_t have_ = 0;     // bytes of the open sequence taken so far (lead included)
  const LeadInfo* lead_ = nullptr;
};

// Whole-packet helpers.
std::vector<Unit> Decode(const uint8_t* data, size_t n, Mode mode);
inline std::vector<Unit> Decode(const std::vector<uint8_t>& b, Mode mode) {
  return Decode(b.data(), b.size(), mode);
}

struct ClassCounts {
  uint64_t n[kNumClasses] = {};
  uint64_t errors() const;
};

// Per-packet verdict: what the validator block reports.
struct Verdict {
  bool valid = true;
  uint64_t first_error_offset = 0;  // meaningful when !valid
  ErrorClass first_error_class = ErrorClass::kOk;
  uint64_t units = 0;
  ClassCounts counts;  // units per class (counts.n[0] = well-formed units)
};
Verdict Validate(const uint8_t* data, size_t n, Mode mode);
Verdict Summarize(const std::vector<Unit>& units);

// A string column in Apache Arrow's layout (SPEC §9 OP 3, §7 validate-strings):
// string i is data[offsets[i] .. offsets[i+1]), each validated alone in the mode,
// exactly as Validate() of those bytes. offsets holds count + 1 little-endian
// signed integers of offset_bytes (4: int32, Arrow's String; 8: int64,
// LargeString). An offset outside 0..len, or below the one before, stops the
// column there (bad_offsets): the strings before it are checked, none after.
struct StringsVerdict {
  uint64_t strings = 0;      // strings checked: count, or those before a bad offset
  uint64_t bad_strings = 0;  // ill-formed strings among them
  uint64_t first_bad = 0;    // index of the first ill-formed string (bad_strings > 0)
  ErrorClass first_bad_class = ErrorClass::kOk;  // its first error unit's class
  uint64_t first_bad_offset = 0;  // that unit's offset inside the string
  bool bad_offsets = false;       // the column stopped at a bad offset
  uint64_t bad_offset_index = 0;  // which offset (0..count), when bad_offsets
  uint64_t bytes = 0;             // bytes of the strings checked
  uint64_t units = 0;             // their units, and per class
  ClassCounts counts;
};
// bitmap (when not null) gets (count + 7) / 8 bytes: bit i % 8 of byte i / 8 is 1
// when string i is well-formed (Arrow's validity order); strings not checked
// have 0. offset_bytes must be 4 or 8 (anything else is a programming error).
StringsVerdict ValidateStrings(const uint8_t* data, uint64_t len, const uint8_t* offsets,
                               uint64_t count, int offset_bytes, Mode mode,
                               std::vector<uint8_t>* bitmap);
// The value of offset i of such a buffer, sign-extended.
int64_t StringOffset(const uint8_t* offsets, uint64_t i, int offset_bytes);

// Decodes straight to code points (U+FFFD for every error unit); returns the count.
// out must have room for n code points. The fast path the benchmark measures.
size_t DecodeToUcs4(const uint8_t* data, size_t n, Mode mode, uint32_t* out);

// Encoding (Annex R Table 4). Returns the number of bytes written to out[0..5]
// and sets *cls: kOk, or kSurrogate / kTooLarge with out = EF BF BD.
int EncodeOne(uint32_t code_point, Mode mode, uint8_t out[6], ErrorClass* cls);

struct EncodeStats {
  uint64_t code_points = 0;
  uint64_t rejected = 0;
  ClassCounts counts;
};
void Encode(const uint32_t* cps, size_t n, Mode mode, std::vector<uint8_t>* out,
            EncodeStats* stats = nullptr);

// Re-encodes units for `decode --to utf8`: error units as EF BF BD, annex-r values
// above U+10FFFF in their 4..6-octet forms.
void UnitsToUtf8(const std::vector<Unit>& units, std::vector<uint8_t>* out);

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_MODEL_H_
