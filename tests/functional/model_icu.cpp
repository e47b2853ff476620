// The functional model (rfc3629) against ICU, in-process, two ways:
// u_strFromUTF8WithSub with U+FFFD (code points and the substitution count), and
// the ucnv "UTF-8" converter with its default substitution callback and source
// offsets (code points and the offset of every unit). ICU writes UTF-16, so
// surrogate pairs are joined back into code points before comparing.
#include <gtest/gtest.h>
#include <unicode/ucnv.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "model_check.h"
#include "utf8_model.h"

namespace utf8core {
namespace {

using modeltest::Hex;

struct CodePointAt {
  uint32_t cp;
  int32_t offset;  // source offset of the unit it came from; -1 when not known
  bool operator==(const CodePointAt& o) const { return cp == o.cp && offset == o.offset; }
};

// UTF-16 (with optional per-UChar source offsets) -> code points.
std::vector<CodePointAt> Join(const UChar* s, int32_t n, const int32_t* offsets) {
  std::vector<CodePointAt> out;
  int32_t i = 0;
  while (i < n) {
    const int32_t at = i;
    UChar32 c;
    U16_NEXT(s, i, n, c);
    out.push_back({static_cast<uint32_t>(c), offsets ? offsets[at] : -1});
  }
  return out;
}

std::vector<CodePointAt> ModelUnits(const std::vector<Unit>& units, bool with_offsets) {
  std::vector<CodePointAt> out;
  for (const Unit& u : units) {
    out.push_back({u.code_point, with_offsets ? static_cast<int32_t>(u.offset) : -1});
  }
  return out;
}

std::string Show(const std::vector<CodePointAt>& v) {
  std::ostringstream s;
  s << std::hex << std::uppercase;
  for (const CodePointAt& c : v) s << " U+" << c.cp << "@" << std::dec << c.offset << std::hex;
  return s.str();
}

class IcuTest : public ::testing::Test {
 protected:
  void SetUp() override {
    UErrorCode err = U_ZERO_ERROR;
    cnv_ = ucnv_open("UTF-8", &err);
    ASSERT_TRUE(U_SUCCESS(err)) << u_errorName(err);
  }
  void TearDown() override {
    if (cnv_) ucnv_close(cnv_);
  }

  // Compares both ICU paths with the model on one packet; false after 10 failures.
  bool Check(const std::vector<uint8_t>& b) {
    const std::vector<Unit> units = Decode(b, Mode::kRfc3629);
    const Verdict v = Summarize(units);
    std::string diff;

    // u_strFromUTF8WithSub.
    buf_.assign(b.size() * 2 + 2, 0);
    int32_t len = 0, subs = 0;
    UErrorCode err = U_ZERO_ERROR;
    u_strFromUTF8WithSub(buf_.data(), static_cast<int32_t>(buf_.size()), &len,
                         reinterpret_cast<const char*>(b.data()), static_cast<int32_t>(b.size()),
                         0xFFFD, &subs, &err);
    if (U_FAILURE(err)) {
      diff = std::string("u_strFromUTF8WithSub: ") + u_errorName(err);
    } else {
      const auto icu = Join(buf_.data(), len, nullptr);
      const auto model = ModelUnits(units, false);
      if (icu != model) {
        diff = "u_strFromUTF8WithSub gives" + Show(icu) + "; model" + Show(model);
      } else if (static_cast<uint64_t>(subs) != v.counts.errors()) {
        diff = "u_strFromUTF8WithSub made " + std::to_string(subs) + " substitutions, model has " +
               std::to_string(v.counts.errors()) + " error units";
      }
    }

    // ucnv with offsets: every unit's position, not only its value.
    if (diff.empty()) {
      ucnv_reset(cnv_);
      offsets_.assign(buf_.size(), -1);
      UChar* target = buf_.data();
      const char* source = reinterpret_cast<const char*>(b.data());
      err = U_ZERO_ERROR;
      ucnv_toUnicode(cnv_, &target, buf_.data() + buf_.size(), &source, source + b.size(),
                     offsets_.data(), true, &err);
      if (U_FAILURE(err)) {
        diff = std::string("ucnv_toUnicode: ") + u_errorName(err);
      } else {
        const auto icu = Join(buf_.data(), static_cast<int32_t>(target - buf_.data()), offsets_.data());
        const auto model = ModelUnits(units, true);
        if (icu != model) diff = "ucnv_toUnicode gives" + Show(icu) + "; model" + Show(model);
      }
    }
    // The model's own fast path must say the same as its Decoder.
    if (diff.empty()) {
      ucs4_.assign(b.size() + 1, 0);
      ucs4_.resize(DecodeToUcs4(b.data(), b.size(), Mode::kRfc3629, ucs4_.data()));
      const Verdict fast = Validate(b.data(), b.size(), Mode::kRfc3629);
      if (ModelUnits(units, false) != [&] {
            std::vector<CodePointAt> c;
            for (uint32_t cp : ucs4_) c.push_back({cp, -1});
            return c;
          }()) {
        diff = "DecodeToUcs4 differs from the model's Decoder";
      } else if (fast.valid != v.valid || fast.first_error_offset != v.first_error_offset ||
                 fast.counts.errors() != v.counts.errors()) {
        diff = "Validate differs from the model's Decoder";
      }
    }
    if (diff.empty()) return true;
    ADD_FAILURE() << Hex(b) << ": " << diff;
    return ++failures_ < 10;
  }

  UConverter* cnv_ = nullptr;
  std::vector<UChar> buf_;
  std::vector<int32_t> offsets_;
  std::vector<uint32_t> ucs4_;
  int failures_ = 0;
};

TEST_F(IcuTest, Every1And2ByteString) {
  for (int a = 0; a < 256; ++a) {
    if (!Check({static_cast<uint8_t>(a)})) return;
  }
  for (int a = 0; a < 256; ++a) {
    for (int c = 0; c < 256; ++c) {
      if (!Check({static_cast<uint8_t>(a), static_cast<uint8_t>(c)})) return;
    }
  }
}

TEST_F(IcuTest, Every3ByteStringWithANonAsciiLead) {
  for (uint32_t x = 0x800000; x < (1u << 24); ++x) {
    if (!Check({static_cast<uint8_t>(x >> 16), static_cast<uint8_t>(x >> 8), static_cast<uint8_t>(x)})) return;
  }
}

TEST_F(IcuTest, RandomBoundaryBiasedStrings) {
  sim::Rng rng(modeltest::TestSeed(0x1C4, "ICU differential"));
  for (int i = 0; i < 200000; ++i) {
    if (!Check(modeltest::RandomBoundaryBytes(&rng, i % 10 ? 32 : 200))) return;
  }
}

TEST_F(IcuTest, RandomTextWithRareErrors) {
  sim::Rng rng(modeltest::TestSeed(0x1C5, "ICU differential, text"));
  for (int i = 0; i < 20000; ++i) {
    if (!Check(modeltest::RandomTextWithErrors(&rng, 300))) return;
  }
}

TEST_F(IcuTest, SupplementaryPlanesJoinBackFromSurrogatePairs) {
  // U+10000, U+1F600 and U+10FFFF arrive from ICU as pairs of UTF-16 units.
  EXPECT_TRUE(Check({0xF0, 0x90, 0x80, 0x80, 0xF0, 0x9F, 0x98, 0x80, 0xF4, 0x8F, 0xBF, 0xBF}));
}

}  // namespace
}  // namespace utf8core
