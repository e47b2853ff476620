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

inline size_t AsciiRun(const uint8_t* p, size_t n) {
  size_t i = 0;
  while (i + 8 <= n) {
    uint64_t w;
    std::memcpy(&w, p + i, 8);
    if (w & 0x8080808080808080ULL) break;
    i += 8;
  }
  while (i < n && p[i] < 0x80) ++i;
  return i;
}

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
  Verdict v;
  size_t i = 0;
  while (i < n) {
    const size_t a = AsciiRun(data + i, n - i);
    v.counts.n[0] += a;
    i += a;
    if (i >= n) break;
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
  for (uint64_t c : v.counts.n) v.units += c;
  return v;
}

size_t DecodeToUcs4(const uint8_t* data, size_t n, Mode mode, uint32_t* out) {
  const Table& t = TableFor(mode);
  size_t i = 0, o = 0;
  while (i < n) {
    // Widening an ASCII run is the common case of real text.
    while (i + 8 <= n) {
      uint64_t w;
      std::memcpy(&w, data + i, 8);
      if (w & 0x8080808080808080ULL) break;
      for (int k = 0; k < 8; ++k) out[o + k] = data[i + k];
      i += 8;
      o += 8;
    }
    if (i >= n) break;
    if (data[i] < 0x80) {
      out[o++] = data[i++];
      continue;
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
