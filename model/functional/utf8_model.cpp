// utf8core functional model; see utf8_model.h.
#include "utf8_model.h"

#include <array>
#include <cstring>

namespace utf8core {
namespace {

using Table = std::array<LeadInfo, 256>;

// Builds the lead table of one mode straight from SPEC §2 "Well-formedness as byte
// ranges". Everything else in the model (and the RTL's lead decode) follows it.
Table BuildTable(Mode mode) {
  const bool annex = mode == Mode::kAnnexR;
  Table t{};
  for (int b = 0; b < 256; ++b) {
    LeadInfo L{0, 0x80, 0xBF, 0x7F, ErrorClass::kOk, ErrorClass::kOk, ErrorClass::kOk};
    if (b < 0x80) {
      // ASCII: a complete unit by itself.
    } else if (b < 0xC0) {
      L.cls = ErrorClass::kTooLong;
    } else if (b < 0xC2) {
      L.cls = ErrorClass::kOverlong;
    } else if (b < 0xE0) {
      L.need = 1;
    } else if (b < 0xF0) {
      L.need = 2;
      if (b == 0xE0) { L.lo = 0xA0; L.below = ErrorClass::kOverlong; }
      if (b == 0xED) { L.hi = 0x9F; L.above = ErrorClass::kSurrogate; }
    } else if (b < 0xF8) {
      if (!annex && b > 0xF4) {
        L.cls = ErrorClass::kTooLarge;
      } else {
        L.need = 3;
        if (b == 0xF0) { L.lo = 0x90; L.below = ErrorClass::kOverlong; }
        if (!annex && b == 0xF4) { L.hi = 0x8F; L.above = ErrorClass::kTooLarge; }
      }
    } else if (b < 0xFC) {
      if (!annex) {
        L.cls = ErrorClass::kHeaderBits;
      } else {
        L.need = 4;
        if (b == 0xF8) { L.lo = 0x88; L.below = ErrorClass::kOverlong; }
      }
    } else if (b < 0xFE) {
      if (!annex) {
        L.cls = ErrorClass::kHeaderBits;
      } else {
        L.need = 5;
        if (b == 0xFC) { L.lo = 0x84; L.below = ErrorClass::kOverlong; }
      }
    } else {
      L.cls = ErrorClass::kHeaderBits;
    }
    // Table 5: the lead keeps (6 - need) payload bits; ASCII keeps 7.
    L.value_mask = L.need ? static_cast<uint8_t>(0x3F >> L.need) : 0x7F;
    t[b] = L;
  }
  return t;
}

const Table& TableFor(Mode m) {
  static const Table rfc = BuildTable(Mode::kRfc3629);
  static const Table annex = BuildTable(Mode::kAnnexR);
  return m == Mode::kAnnexR ? annex : rfc;
}

// The unit starting at p[0] of a packet that ends at p + n (n >= 1): a second,
// whole-buffer statement of the Decoder's rules, used by the fast paths. Tests
// hold it to Decoder on every input they try.
inline uint8_t NextUnit(const Table& t, const uint8_t* p, size_t n, uint32_t* cp,
                        ErrorClass* cls) {
  const LeadInfo& L = t[p[0]];
  if (L.need == 0) {
    *cls = L.cls;
    *cp = L.cls == ErrorClass::kOk ? p[0] : kReplacement;
    return 1;
  }
  *cp = kReplacement;
  if (n < 2) { *cls = ErrorClass::kTooShort; return 1; }
  const uint8_t b1 = p[1];
  if (b1 < L.lo || b1 > L.hi) {
    if ((b1 & 0xC0) != 0x80) *cls = ErrorClass::kTooShort;
    else *cls = b1 < L.lo ? L.below : L.above;
    return 1;
  }
  uint32_t v = (static_cast<uint32_t>(p[0] & L.value_mask) << 6) | (b1 & 0x3F);
  for (uint8_t k = 2; k <= L.need; ++k) {
    if (k >= n || (p[k] & 0xC0) != 0x80) { *cls = ErrorClass::kTooShort; return k; }
    v = (v << 6) | (p[k] & 0x3F);
  }
  *cls = ErrorClass::kOk;
  *cp = v;
  return static_cast<uint8_t>(L.need + 1);
}

inline uint32_t FromLittleEndian(uint32_t w) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  return __builtin_bswap32(w);
#else
  return w;
#endif
}

inline uint64_t FromLittleEndian(uint64_t w) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  return __builtin_bswap64(w);
#else
  return w;
#endif
}

// True when the 16 bytes at p are all ASCII.
inline bool Ascii16(const uint8_t* p) {
  uint64_t a, b;
  std::memcpy(&a, p, 8);
  std::memcpy(&b, p + 8, 8);
  return ((a | b) & 0x8080808080808080ULL) == 0;
}

// The fast paths' common case: one well-formed sequence of 1..4 octets at p, with
// p[0..3] readable. Returns its length and sets *cp, or returns 0 when p does not
// start one (ill-formed, or a 5-6 octet annex-r form): NextUnit then decides, so
// this only has to be right about what it accepts. Branch-free, because in mixed
// text the sequence length changes unpredictably from one character to the next.
// max4 is the largest 4-octet value the mode allows (0x10FFFF or 0x1FFFFF).
inline int WellFormed4(const uint8_t* p, uint32_t max4, uint32_t* cp) {
  // Indexed by the top five bits of the first octet: 0 = not a 1..4 octet lead.
  static constexpr uint8_t kLen[32] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                       0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 3, 3, 4, 0};
  static constexpr uint8_t kLeadMask[5] = {0x00, 0x7F, 0x1F, 0x0F, 0x07};
  // Shortest-form minimum per length; for "length 0" a value no input reaches.
  static constexpr uint32_t kMin[5] = {0x400000, 0, 0x80, 0x800, 0x10000};
  static constexpr uint8_t kShiftValue[5] = {0, 18, 12, 6, 0};
  static constexpr uint8_t kShiftError[5] = {0, 6, 4, 2, 0};
  const int len = kLen[p[0] >> 3];
  uint32_t c = static_cast<uint32_t>(p[0] & kLeadMask[len]) << 18;
  c |= static_cast<uint32_t>(p[1] & 0x3F) << 12;
  c |= static_cast<uint32_t>(p[2] & 0x3F) << 6;
  c |= static_cast<uint32_t>(p[3] & 0x3F);
  c >>= kShiftValue[len];
  // Error bits: 6 overlong, 7 surrogate, 8 too large; 5..0 the tag bits of p[1..3]
  // (10 each when a continuation). The shift drops the bits of octets beyond len.
  uint32_t e = static_cast<uint32_t>(c < kMin[len]) << 6;
  e |= static_cast<uint32_t>((c >> 11) == 0x1B) << 7;
  e |= static_cast<uint32_t>(c > max4) << 8;
  e |= static_cast<uint32_t>(p[1] & 0xC0) >> 2;
  e |= static_cast<uint32_t>(p[2] & 0xC0) >> 4;
  e |= static_cast<uint32_t>(p[3]) >> 6;
  e ^= 0x2A;
  e >>= kShiftError[len];
  *cp = c;
  return e ? 0 : len;
}

// One well-formed sequence of exactly L (3 or 4) octets at p, p[0..3] readable.
// Runs of same-length characters (CJK, emoji) take this loop: with the length
// fixed, the next position does not wait for the current octets to load.
template <int L>
inline bool WellFormedFixed(const uint8_t* p, uint32_t max4, uint32_t* cp) {
  uint32_t w;
  std::memcpy(&w, p, 4);
  w = FromLittleEndian(w);  // octet k at bits 8k..8k+7
  if (L == 3) {
    const uint32_t c = ((w & 0x0F) << 12) | ((w & 0x3F00) >> 2) | ((w & 0x3F0000) >> 16);
    *cp = c;
    return ((w & 0xC0C0F0) == 0x8080E0) & (c >= 0x800) & ((c >> 11) != 0x1B);
  }
  const uint32_t c = ((w & 0x07) << 18) | ((w & 0x3F00) << 4) | ((w & 0x3F0000) >> 10) |
                     ((w & 0x3F000000) >> 24);
  *cp = c;
  return ((w & 0xC0C0C0F8) == 0x808080F0) & (c - 0x10000 <= max4 - 0x10000);
}

// Text of ASCII and 2-octet characters (Latin, Greek, Cyrillic, ...): checks the 8
// bytes at p as a whole, as SWAR bit masks, so the next position does not wait on
// each character's length. Returns how many of them (8, or 7 when byte 7 is a lead
// whose continuation lies beyond) are whole well-formed 1-2 octet sequences, with
// *conts set to the continuation bytes among them (bit 7 of each byte); or 0 when
// the word holds anything else (then the other paths decide).
inline int TwoOctetWord(const uint8_t* p, uint64_t* conts) {
  constexpr uint64_t kHigh = 0x8080808080808080ULL;
  uint64_t w;
  std::memcpy(&w, p, 8);
  w = FromLittleEndian(w);  // byte k of the text at bits 8k..8k+7
  const uint64_t b7 = w & kHigh;
  const uint64_t b6 = (w << 1) & kHigh;
  const uint64_t b5 = (w << 2) & kHigh;
  const uint64_t cont = b7 & ~b6;       // 10xxxxxx
  const uint64_t lead2 = b7 & b6 & ~b5;  // 110xxxxx
  const uint64_t big = b7 & b6 & b5;     // 111xxxxx: longer sequences or invalid
  // C0 and C1 are 110 leads whose bits 4..1 are all zero: overlong.
  const uint64_t payload = w & 0x1E1E1E1E1E1E1E1EULL;
  const uint64_t nonzero = (payload + 0x7F7F7F7F7F7F7F7FULL) & kHigh;  // no carries: bytes <= 1E
  if (big | (lead2 & ~nonzero)) return 0;
  // Every continuation directly after a lead, every lead (but the last byte's)
  // directly before one.
  if (cont != (lead2 << 8)) return 0;
  const int n = (lead2 >> 63) ? 7 : 8;
  *conts = cont;
  return n;
}

constexpr unsigned kSkip = 16;

inline uint32_t Max4(Mode mode) { return mode == Mode::kAnnexR ? 0x1FFFFFu : 0x10FFFFu; }

}  // namespace

const char* ClassName(ErrorClass c) {
  switch (c) {
    case ErrorClass::kOk: return "OK";
    case ErrorClass::kTooShort: return "TOO_SHORT";
    case ErrorClass::kTooLong: return "TOO_LONG";
    case ErrorClass::kOverlong: return "OVERLONG";
    case ErrorClass::kSurrogate: return "SURROGATE";
    case ErrorClass::kTooLarge: return "TOO_LARGE";
    case ErrorClass::kHeaderBits: return "HEADER_BITS";
  }
  return "?";
}

const char* ModeName(Mode m) { return m == Mode::kAnnexR ? "annex-r" : "rfc3629"; }

bool ParseMode(const std::string& s, Mode* m) {
  if (s == "rfc3629") { *m = Mode::kRfc3629; return true; }
  if (s == "annex-r") { *m = Mode::kAnnexR; return true; }
  return false;
}

const LeadInfo& Lead(uint8_t byte, Mode mode) { return TableFor(mode)[byte]; }

uint64_t ClassCounts::errors() const {
  uint64_t e = 0;
  for (int c = 1; c < kNumClasses; ++c) e += n[c];
  return e;
}

// ---------------------------------------------------------------------------
// Streaming decoder: the definition.

void Decoder::set_mode(Mode m) {
  next_mode_ = m;
  if (pos_ == 0 && need_ == 0) mode_ = m;
}

void Decoder::reset() {
  need_ = have_ = 0;
  pos_ = start_ = 0;
  value_ = 0;
  mode_ = next_mode_;
}

void Decoder::start(uint8_t byte, std::vector<Unit>* out) {
  const LeadInfo& L = Lead(byte, mode_);
  if (L.need == 0) {
    out->push_back(Unit{L.cls == ErrorClass::kOk ? byte : kReplacement, pos_, 1, L.cls});
  } else {
    lead_ = &L;
    need_ = L.need;
    have_ = 1;
    start_ = pos_;
    value_ = byte & L.value_mask;
  }
  ++pos_;
}

void Decoder::push(uint8_t byte, std::vector<Unit>* out) {
  if (need_ == 0) {
    start(byte, out);
    return;
  }
  const bool second = have_ == 1;
  const uint8_t lo = second ? lead_->lo : 0x80;
  const uint8_t hi = second ? lead_->hi : 0xBF;
  if (byte >= lo && byte <= hi) {
    value_ = (value_ << 6) | (byte & 0x3F);
    ++pos_;
    if (++have_ == need_ + 1) {
      out->push_back(Unit{value_, start_, have_, ErrorClass::kOk});
      need_ = 0;
    }
    return;
  }
  // The byte breaks the open sequence: the bytes taken so far are one maximal
  // subpart, and the byte is read again as the start of the next unit.
  ErrorClass c = ErrorClass::kTooShort;
  if (second && (byte & 0xC0) == 0x80) c = byte < lo ? lead_->below : lead_->above;
  out->push_back(Unit{kReplacement, start_, have_, c});
  need_ = 0;
  start(byte, out);
}

void Decoder::push(const uint8_t* data, size_t n, std::vector<Unit>* out) {
  for (size_t i = 0; i < n; ++i) push(data[i], out);
}

void Decoder::end_of_packet(std::vector<Unit>* out) {
  if (need_ != 0) out->push_back(Unit{kReplacement, start_, have_, ErrorClass::kTooShort});
  need_ = 0;
  have_ = 0;
  pos_ = 0;
  mode_ = next_mode_;
}

std::vector<Unit> Decode(const uint8_t* data, size_t n, Mode mode) {
  std::vector<Unit> out;
  out.reserve(n);
  Decoder d(mode);
  d.push(data, n, &out);
  d.end_of_packet(&out);
  return out;
}

Verdict Summarize(const std::vector<Unit>& units) {
  Verdict v;
  for (const Unit& u : units) {
    if (u.cls != ErrorClass::kOk && v.valid) {
      v.valid = false;
      v.first_error_offset = u.offset;
      v.first_error_class = u.cls;
    }
    ++v.counts.n[static_cast<int>(u.cls)];
  }
  v.units = units.size();
  return v;
}

Verdict Validate(const uint8_t* data, size_t n, Mode mode) {
  const Table& t = TableFor(mode);
  const uint32_t max4 = Max4(mode);
  Verdict v;
  uint64_t ok_units = 0;
  // In mixed text the word and run paths mostly fail, and trying them costs a
  // mispredicted branch per character; after a failure they rest for kSkip
  // characters, so that each kind of text settles into predictable branches.
  unsigned skip_words = 0, skip_runs = 0;
  size_t i = 0;
  while (i < n) {
    if (n - i >= 16) {
      if (Ascii16(data + i)) {
        ok_units += 16;
        i += 16;
        continue;
      }
      if (skip_words == 0) {
        uint64_t conts;
        const int m = TwoOctetWord(data + i, &conts);
        if (m) {
          ok_units += static_cast<uint64_t>(m - __builtin_popcountll(conts));
          i += static_cast<size_t>(m);
          continue;
        }
        skip_words = kSkip;
      } else {
        --skip_words;
      }
      uint32_t cp;
      const int len = WellFormed4(data + i, max4, &cp);
      if (len) {
        ++ok_units;
        i += static_cast<size_t>(len);
        const size_t run_start = i;
        if (skip_runs) {
          --skip_runs;
        } else if (len == 3) {
          while (n - i >= 4 && WellFormedFixed<3>(data + i, max4, &cp)) { ++ok_units; i += 3; }
          if (i == run_start) skip_runs = kSkip;
        } else if (len == 4) {
          while (n - i >= 4 && WellFormedFixed<4>(data + i, max4, &cp)) { ++ok_units; i += 4; }
          if (i == run_start) skip_runs = kSkip;
        }
        continue;
      }
    }
    uint32_t cp;
    ErrorClass cls;
    const uint8_t len = NextUnit(t, data + i, n - i, &cp, &cls);
    if (cls != ErrorClass::kOk && v.valid) {
      v.valid = false;
      v.first_error_offset = i;
      v.first_error_class = cls;
    }
    ++v.counts.n[static_cast<int>(cls)];
    i += len;
  }
  v.counts.n[0] += ok_units;
  for (uint64_t c : v.counts.n) v.units += c;
  return v;
}

size_t DecodeToUcs4(const uint8_t* data, size_t n, Mode mode, uint32_t* out) {
  const Table& t = TableFor(mode);
  const uint32_t max4 = Max4(mode);
  size_t i = 0, o = 0;
  unsigned skip_words = 0, skip_runs = 0;  // as in Validate
  while (i < n) {
    if (n - i >= 16) {
      // Widening an ASCII run is the common case of real text.
      if (Ascii16(data + i)) {
        for (int k = 0; k < 16; ++k) out[o + k] = data[i + k];
        i += 16;
        o += 16;
        continue;
      }
      uint64_t conts;
      const int m = skip_words ? 0 : TwoOctetWord(data + i, &conts);
      if (skip_words) {
        --skip_words;
      } else if (!m) {
        skip_words = kSkip;
      }
      if (m) {
        // Branch-free: each byte writes a candidate; continuations do not advance o.
        // The bytes are held in registers: a store to out may alias data.
        uint64_t w;
        std::memcpy(&w, data + i, 8);
        w = FromLittleEndian(w);
        const uint64_t next = (w >> 8) | (static_cast<uint64_t>(data[i + 8]) << 56);
        // All 8 bytes, so the loop unrolls with constant shifts. When m == 7 byte 7
        // is a lead: its candidate is written and then taken back, to be decoded
        // again as the start of the next step.
        for (int k = 0; k < 8; ++k) {
          const uint32_t b = static_cast<uint32_t>(w >> (8 * k)) & 0xFF;
          const uint32_t nb = static_cast<uint32_t>(next >> (8 * k)) & 0xFF;
          const uint32_t is_cont = static_cast<uint32_t>(conts >> (8 * k + 7)) & 1;
          const uint32_t two = ((b & 0x1F) << 6) | (nb & 0x3F);
          const uint32_t lead = 0u - static_cast<uint32_t>(b >> 7 & b >> 6);  // all ones at a lead
          out[o] = (two & lead) | (b & ~lead);
          o += 1 - is_cont;
        }
        o -= static_cast<size_t>(8 - m);
        i += static_cast<size_t>(m);
        continue;
      }
      const int len = WellFormed4(data + i, max4, &out[o]);
      if (len) {
        ++o;
        i += static_cast<size_t>(len);
        const size_t run_start = i;
        if (skip_runs) {
          --skip_runs;
        } else if (len == 3) {
          while (n - i >= 4 && WellFormedFixed<3>(data + i, max4, &out[o])) { ++o; i += 3; }
          if (i == run_start) skip_runs = kSkip;
        } else if (len == 4) {
          while (n - i >= 4 && WellFormedFixed<4>(data + i, max4, &out[o])) { ++o; i += 4; }
          if (i == run_start) skip_runs = kSkip;
        }
        continue;
      }
    }
    ErrorClass cls;
    i += NextUnit(t, data + i, n - i, &out[o++], &cls);
  }
  return o;
}

// ---------------------------------------------------------------------------
// Encoder: Annex R Table 4.

int EncodeOne(uint32_t cp, Mode mode, uint8_t out[6], ErrorClass* cls) {
  const uint32_t max = mode == Mode::kAnnexR ? 0x7FFFFFFFu : 0x10FFFFu;
  *cls = ErrorClass::kOk;
  if (cp >= 0xD800 && cp <= 0xDFFF) {
    *cls = ErrorClass::kSurrogate;
  } else if (cp > max) {
    *cls = ErrorClass::kTooLarge;
  }
  if (*cls != ErrorClass::kOk) cp = kReplacement;
  if (cp < 0x80) {
    out[0] = static_cast<uint8_t>(cp);
    return 1;
  }
  int len;
  if (cp < 0x800) len = 2;
  else if (cp < 0x10000) len = 3;
  else if (cp < 0x200000) len = 4;
  else if (cp < 0x4000000) len = 5;
  else len = 6;
  for (int k = len - 1; k > 0; --k) {
    out[k] = static_cast<uint8_t>(0x80 | (cp & 0x3F));
    cp >>= 6;
  }
  // Lead: len high one-bits, a zero, then the remaining payload bits.
  out[0] = static_cast<uint8_t>((0xFF00u >> len) | cp);
  return len;
}

void Encode(const uint32_t* cps, size_t n, Mode mode, std::vector<uint8_t>* out,
            EncodeStats* stats) {
  uint8_t buf[6];
  for (size_t i = 0; i < n; ++i) {
    ErrorClass cls;
    const int len = EncodeOne(cps[i], mode, buf, &cls);
    out->insert(out->end(), buf, buf + len);
    if (stats) {
      ++stats->code_points;
      ++stats->counts.n[static_cast<int>(cls)];
      if (cls != ErrorClass::kOk) ++stats->rejected;
    }
  }
}

void UnitsToUtf8(const std::vector<Unit>& units, std::vector<uint8_t>* out) {
  uint8_t buf[6];
  for (const Unit& u : units) {
    ErrorClass cls;
    // Decoded values are always in range for annex-r, so encode in annex-r to keep
    // 4..6-octet forms of values above U+10FFFF.
    const int len = EncodeOne(u.code_point, Mode::kAnnexR, buf, &cls);
    out->insert(out->end(), buf, buf + len);
  }
}

}  // namespace utf8core
