// Encoding and decoding round trips (SPEC §4): every code point in rfc3629, the
// length boundaries and a sample up to 0x7FFFFFFF in annex-r, each held to the
// naive Annex R Table 4 encoder; surrogates and out-of-range values rejected with
// their class and written as EF BF BD.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "model_check.h"
#include "naive_utf8.h"
#include "utf8_model.h"

namespace utf8core {
namespace {

const std::vector<uint8_t> kReplacementBytes = {0xEF, 0xBF, 0xBD};

std::string HexValue(uint32_t v) {
  std::ostringstream s;
  s << "0x" << std::hex << std::uppercase << v;
  return s.str();
}

// An allowed value: encodes as Table 4 says, and decodes back to one unit.
// Returns "" or what went wrong.
std::string RoundTrip(uint32_t cp, Mode mode) {
  uint8_t got[6];
  ErrorClass cls;
  const int n = EncodeOne(cp, mode, got, &cls);
  uint8_t want[6];
  const int wn = naive::EncodeTable4(cp, want);
  if (cls != ErrorClass::kOk) return HexValue(cp) + ": encoder says " + ClassName(cls);
  if (n != wn || !std::equal(got, got + n, want)) {
    return HexValue(cp) + ": encoded " + modeltest::Hex(got, static_cast<size_t>(n)) +
           ", Table 4 gives " + modeltest::Hex(want, static_cast<size_t>(wn));
  }
  const std::vector<Unit> u = Decode(got, static_cast<size_t>(n), mode);
  const Unit expect{cp, 0, static_cast<uint8_t>(n), ErrorClass::kOk};
  if (u.size() != 1 || u[0] != expect) {
    return HexValue(cp) + ": " + modeltest::Hex(got, static_cast<size_t>(n)) + " decodes to " +
           std::to_string(u.size()) + " units, first " + (u.empty() ? "-" : modeltest::Describe(u[0]));
  }
  return "";
}

// A rejected value: class as given, bytes EF BF BD.
std::string Rejected(uint32_t cp, Mode mode, ErrorClass want) {
  uint8_t got[6];
  ErrorClass cls;
  const int n = EncodeOne(cp, mode, got, &cls);
  if (cls != want) return HexValue(cp) + ": class " + ClassName(cls) + ", want " + ClassName(want);
  if (std::vector<uint8_t>(got, got + n) != kReplacementBytes) {
    return HexValue(cp) + ": rejected as " + modeltest::Hex(got, static_cast<size_t>(n));
  }
  return "";
}

// The first few failures of a sweep, then stop: one bug should not print a million lines.
class Failures {
 public:
  bool Add(const std::string& s) {
    if (s.empty()) return true;
    ADD_FAILURE() << s;
    return ++count_ < 10;
  }

 private:
  int count_ = 0;
};

TEST(RoundTripRfc3629, EveryScalarValue) {
  Failures f;
  for (uint32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (cp == 0xD800) cp = 0xE000;
    if (!f.Add(RoundTrip(cp, Mode::kRfc3629))) return;
  }
}

TEST(RoundTripRfc3629, EverySurrogateRejected) {
  Failures f;
  for (uint32_t cp = 0xD800; cp <= 0xDFFF; ++cp) {
    if (!f.Add(Rejected(cp, Mode::kRfc3629, ErrorClass::kSurrogate))) return;
    if (!f.Add(Rejected(cp, Mode::kAnnexR, ErrorClass::kSurrogate))) return;
  }
}

TEST(RoundTripRfc3629, AboveU10FFFFRejected) {
  Failures f;
  // The first 64K values above the range, then a sample up to 2^32 - 1.
  for (uint32_t cp = 0x110000; cp < 0x120000; ++cp) {
    if (!f.Add(Rejected(cp, Mode::kRfc3629, ErrorClass::kTooLarge))) return;
  }
  sim::Rng rng(modeltest::TestSeed(0x110000, "values above U+10FFFF"));
  for (int i = 0; i < 200000; ++i) {
    const uint32_t cp = 0x110000 + static_cast<uint32_t>(rng.u64() % (0x100000000ull - 0x110000));
    if (!f.Add(Rejected(cp, Mode::kRfc3629, ErrorClass::kTooLarge))) return;
  }
  for (uint32_t cp : {0x1FFFFFu, 0x200000u, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu}) {
    if (!f.Add(Rejected(cp, Mode::kRfc3629, ErrorClass::kTooLarge))) return;
  }
}

TEST(RoundTripAnnexR, EveryValueUpToU10FFFF) {
  Failures f;
  for (uint32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (cp == 0xD800) cp = 0xE000;
    if (!f.Add(RoundTrip(cp, Mode::kAnnexR))) return;
  }
}

TEST(RoundTripAnnexR, EveryLengthBoundary) {
  Failures f;
  // Each Table 1 maximum and the value after it, with neighbours, and every power
  // of two with its neighbours: each bit of every octet position comes up.
  const uint32_t edges[] = {0x7F, 0x7FF, 0xFFFF, 0x1FFFFF, 0x3FFFFFF};
  for (uint32_t e : edges) {
    for (uint32_t cp = e - 2; cp <= e + 3; ++cp) {
      if (!f.Add(RoundTrip(cp, Mode::kAnnexR))) return;
    }
  }
  for (int bit = 0; bit < 31; ++bit) {
    const uint32_t p = 1u << bit;
    for (uint32_t cp : {p - 1, p, p + 1}) {
      if (cp >= 0xD800 && cp <= 0xDFFF) continue;
      if (!f.Add(RoundTrip(cp, Mode::kAnnexR))) return;
    }
  }
  if (!f.Add(RoundTrip(0x7FFFFFFE, Mode::kAnnexR))) return;
  if (!f.Add(RoundTrip(0x7FFFFFFF, Mode::kAnnexR))) return;
  for (uint32_t cp : {0x80000000u, 0x80000001u, 0xFFFFFFFFu}) {
    if (!f.Add(Rejected(cp, Mode::kAnnexR, ErrorClass::kTooLarge))) return;
  }
}

TEST(RoundTripAnnexR, SampledValuesUpTo7FFFFFFF) {
  Failures f;
  sim::Rng rng(modeltest::TestSeed(0x7FFFFFFF, "annex-r values"));
  for (int i = 0; i < 2000000; ++i) {
    // Uniform over the bit length so that 5- and 6-octet forms are not swamped.
    const int bits = 1 + static_cast<int>(rng.below(31));
    const uint32_t cp = static_cast<uint32_t>(rng.u64() & ((1ull << bits) - 1));
    if (cp >= 0xD800 && cp <= 0xDFFF) {
      if (!f.Add(Rejected(cp, Mode::kAnnexR, ErrorClass::kSurrogate))) return;
    } else if (!f.Add(RoundTrip(cp, Mode::kAnnexR))) {
      return;
    }
  }
  for (int i = 0; i < 100000; ++i) {
    const uint32_t cp = 0x80000000u | static_cast<uint32_t>(rng.u64());
    if (!f.Add(Rejected(cp, Mode::kAnnexR, ErrorClass::kTooLarge))) return;
  }
}

TEST(RoundTrip, EncodedStreamDecodesToItsCodePoints) {
  // Whole streams, both modes, rejected values included: decoding what Encode wrote
  // gives the input with every rejected value replaced by U+FFFD, and no errors.
  sim::Rng rng(modeltest::TestSeed(0xE4C0DE, "encode streams"));
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    const uint32_t max = mode == Mode::kAnnexR ? 0x7FFFFFFFu : 0x10FFFFu;
    std::vector<uint32_t> cps;
    for (int i = 0; i < 100000; ++i) {
      const int bits = 1 + static_cast<int>(rng.below(32));
      cps.push_back(static_cast<uint32_t>(rng.u64() & ((1ull << bits) - 1)));
    }
    std::vector<uint8_t> bytes;
    EncodeStats st;
    Encode(cps.data(), cps.size(), mode, &bytes, &st);
    const std::vector<Unit> units = Decode(bytes, mode);
    ASSERT_EQ(units.size(), cps.size()) << ModeName(mode);
    uint64_t rejected = 0;
    for (size_t k = 0; k < cps.size(); ++k) {
      const bool ok = cps[k] <= max && !(cps[k] >= 0xD800 && cps[k] <= 0xDFFF);
      rejected += !ok;
      ASSERT_EQ(units[k].cls, ErrorClass::kOk) << k;
      ASSERT_EQ(units[k].code_point, ok ? cps[k] : kReplacement) << k << " " << HexValue(cps[k]);
    }
    EXPECT_EQ(st.rejected, rejected);
    EXPECT_EQ(st.code_points, cps.size());
  }
}

}  // namespace
}  // namespace utf8core
