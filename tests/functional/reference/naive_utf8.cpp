// Naive UTF-8 reference; see naive_utf8.h. Written for obviousness, not speed:
// every rule below is one sentence of Annex R or SPEC §2/§3.
#include "naive_utf8.h"

#include <algorithm>

namespace naive {
namespace {

constexpr uint64_t kSurrogateFirst = 0xD800;
constexpr uint64_t kSurrogateLast = 0xDFFF;

uint64_t ModeMaxValue(Mode m) { return m == Mode::kAnnexR ? 0x7FFFFFFFu : 0x10FFFFu; }
int ModeMaxLength(Mode m) { return m == Mode::kAnnexR ? 6 : 4; }

// Smallest value whose shortest form has `len` octets: one more than the Table 1
// maximum of the length below. Anything smaller in `len` octets is not shortest.
uint64_t ShortestFormMin(int len) {
  static const uint64_t kMin[7] = {0, 0, 0x80, 0x800, 0x10000, 0x200000, 0x4000000};
  return kMin[len];
}

bool IsContinuing(uint8_t b) { return b >= 0x80 && b <= 0xBF; }

// Annex R Table 5, written out once per length as the table states it. Octets
// beyond `have` are taken as `fill` (80 gives the lowest completion, BF the highest).
uint64_t Table5(const uint8_t* p, int len, int have, uint8_t fill) {
  uint64_t o[6];
  for (int k = 0; k < 6; ++k) o[k] = k < have ? p[k] : fill;
  const uint64_t z = o[0], y = o[1], x = o[2], w = o[3], v = o[4], u = o[5];
  switch (len) {
    case 1: return z;
    case 2: return (z - 0xC0) * 64 + (y - 0x80);
    case 3: return (z - 0xE0) * 4096 + (y - 0x80) * 64 + (x - 0x80);
    case 4: return (z - 0xF0) * 262144 + (y - 0x80) * 4096 + (x - 0x80) * 64 + (w - 0x80);
    case 5:
      return (z - 0xF8) * 16777216 + (y - 0x80) * 262144 + (x - 0x80) * 4096 +
             (w - 0x80) * 64 + (v - 0x80);
    case 6:
      return (z - 0xFC) * 1073741824 + (y - 0x80) * 16777216 + (x - 0x80) * 262144 +
             (w - 0x80) * 4096 + (v - 0x80) * 64 + (u - 0x80);
  }
  return 0;
}

// Whether some value in [lo, hi], written in `len` octets, is allowed in `mode`.
bool SomeAllowed(uint64_t lo, uint64_t hi, int len, Mode mode) {
  if (len > ModeMaxLength(mode)) return false;
  const uint64_t a = std::max(lo, ShortestFormMin(len));
  const uint64_t b = std::min(hi, ModeMaxValue(mode));
  if (a > b) return false;
  return !(a >= kSurrogateFirst && b <= kSurrogateLast);
}

// Why no allowed value lies in [lo, hi] for `len` octets (SPEC §3 classes).
Class WhyNotAllowed(uint64_t lo, uint64_t hi, int len, Mode mode) {
  if (len > ModeMaxLength(mode)) return Class::kHeaderBits;
  if (hi < ShortestFormMin(len)) return Class::kOverlong;
  if (lo > ModeMaxValue(mode)) return Class::kTooLarge;
  if (lo >= kSurrogateFirst && hi <= kSurrogateLast) return Class::kSurrogate;
  return Class::kOk;  // Not reachable for real input; a test comparing would fail.
}

// Class of a unit of one byte that no well-formed sequence can start with.
Class ClassOfBadStart(uint8_t b, Mode mode) {
  const int len = AnnouncedLength(b);
  if (len == 0) return IsContinuing(b) ? Class::kTooLong : Class::kHeaderBits;
  return WhyNotAllowed(Table5(&b, len, 1, 0x80), Table5(&b, len, 1, 0xBF), len, mode);
}

}  // namespace

int AnnouncedLength(uint8_t first) {
  int ones = 0;
  for (int bit = 7; bit >= 0 && (first >> bit) & 1; --bit) ++ones;
  if (ones == 0) return 1;
  if (ones == 1 || ones > 6) return 0;
  return ones;
}

bool IsWellFormed(const uint8_t* p, size_t len, Mode mode, uint32_t* value) {
  if (len < 1 || len > 6) return false;
  const int n = static_cast<int>(len);
  if (AnnouncedLength(p[0]) != n) return false;
  for (int k = 1; k < n; ++k) {
    if (!IsContinuing(p[k])) return false;
  }
  const uint64_t v = Table5(p, n, n, 0x80);
  if (!SomeAllowed(v, v, n, mode)) return false;
  *value = static_cast<uint32_t>(v);
  return true;
}

bool IsPrefixOfWellFormed(const uint8_t* p, size_t len, Mode mode) {
  const int total = AnnouncedLength(p[0]);
  if (total == 0 || len < 1 || static_cast<int>(len) > total) return false;
  for (size_t k = 1; k < len; ++k) {
    if (!IsContinuing(p[k])) return false;
  }
  const int have = static_cast<int>(len);
  return SomeAllowed(Table5(p, total, have, 0x80), Table5(p, total, have, 0xBF), total, mode);
}

void Decode(const uint8_t* p, size_t n, Mode mode, std::vector<Unit>* out) {
  size_t i = 0;
  while (i < n) {
    bool decoded = false;
    for (size_t len = 1; len <= 6 && i + len <= n; ++len) {
      uint32_t v;
      if (IsWellFormed(p + i, len, mode, &v)) {
        out->push_back(Unit{v, i, static_cast<int>(len), Class::kOk});
        i += len;
        decoded = true;
        break;
      }
    }
    if (decoded) continue;

    // Ill-formed here: the unit is the maximal subpart starting at i.
    size_t k = 0;
    for (size_t len = 1; len <= 6 && i + len <= n; ++len) {
      if (IsPrefixOfWellFormed(p + i, len, mode)) k = len;
    }
    Class cls;
    if (k == 0) {
      k = 1;
      cls = ClassOfBadStart(p[i], mode);
    } else if (i + k == n || !IsContinuing(p[i + k])) {
      cls = Class::kTooShort;  // the packet ended, or a non-continuing octet came
    } else {
      // A continuing octet that leaves no allowed completion: say why.
      const int total = AnnouncedLength(p[i]);
      const int have = static_cast<int>(k + 1);
      cls = WhyNotAllowed(Table5(p + i, total, have, 0x80), Table5(p + i, total, have, 0xBF),
                          total, mode);
    }
    out->push_back(Unit{0xFFFD, i, static_cast<int>(k), cls});
    i += k;
  }
}

int EncodeTable4(uint32_t x, uint8_t out[6]) {
  auto b = [](uint64_t v) { return static_cast<uint8_t>(v); };
  if (x <= 0x7F) {
    out[0] = b(x);
    return 1;
  }
  if (x <= 0x7FF) {
    out[0] = b(0xC0 + x / 64);
    out[1] = b(0x80 + x % 64);
    return 2;
  }
  if (x <= 0xFFFF) {
    out[0] = b(0xE0 + x / 4096);
    out[1] = b(0x80 + x / 64 % 64);
    out[2] = b(0x80 + x % 64);
    return 3;
  }
  if (x <= 0x1FFFFF) {
    out[0] = b(0xF0 + x / 262144);
    out[1] = b(0x80 + x / 4096 % 64);
    out[2] = b(0x80 + x / 64 % 64);
    out[3] = b(0x80 + x % 64);
    return 4;
  }
  if (x <= 0x3FFFFFF) {
    out[0] = b(0xF8 + x / 16777216);
    out[1] = b(0x80 + x / 262144 % 64);
    out[2] = b(0x80 + x / 4096 % 64);
    out[3] = b(0x80 + x / 64 % 64);
    out[4] = b(0x80 + x % 64);
    return 5;
  }
  out[0] = b(0xFC + x / 1073741824);
  out[1] = b(0x80 + x / 16777216 % 64);
  out[2] = b(0x80 + x / 262144 % 64);
  out[3] = b(0x80 + x / 4096 % 64);
  out[4] = b(0x80 + x / 64 % 64);
  out[5] = b(0x80 + x % 64);
  return 6;
}

}  // namespace naive
