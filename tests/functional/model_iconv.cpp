// The functional model (annex-r) against glibc's iconv(3) UTF-8 -> UCS-4LE
// converter, in-process. glibc takes 1-6 octet forms up to 0x7FFFFFFF and rejects
// non-shortest forms and surrogates, which is what SPEC §2 asks of annex-r. iconv
// stops at the first ill-formed sequence, so per string we compare validity, the
// first error offset (iconv's input position on EILSEQ / EINVAL) and the values
// converted up to there (all of them for a valid string).
#include <errno.h>
#include <gtest/gtest.h>
#include <iconv.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "model_check.h"
#include "naive_utf8.h"
#include "utf8_model.h"

namespace utf8core {
namespace {

using modeltest::Hex;

class Iconv {
 public:
  Iconv() : cd_(iconv_open("UCS-4LE", "UTF-8")) {}
  ~Iconv() {
    if (ok()) iconv_close(cd_);
  }
  bool ok() const { return cd_ != reinterpret_cast<iconv_t>(-1); }

  struct Result {
    int64_t first_error = -1;  // input offset where iconv stopped, or -1
    int err = 0;               // EILSEQ or EINVAL when it stopped
    std::vector<uint32_t> values;
  };

  Result Run(const uint8_t* p, size_t n) {
    Result r;
    iconv(cd_, nullptr, nullptr, nullptr, nullptr);  // initial state for every packet
    out_.assign(4 * n + 4, 0);
    char* in = const_cast<char*>(reinterpret_cast<const char*>(p));
    size_t in_left = n;
    char* out = reinterpret_cast<char*>(out_.data());
    size_t out_left = out_.size();
    if (iconv(cd_, &in, &in_left, &out, &out_left) == static_cast<size_t>(-1)) {
      r.err = errno;
      r.first_error = static_cast<int64_t>(n - in_left);
    }
    const size_t bytes = out_.size() - out_left;
    for (size_t k = 0; k + 4 <= bytes; k += 4) {
      r.values.push_back(out_[k] | (out_[k + 1] << 8) | (out_[k + 2] << 16) |
                         (static_cast<uint32_t>(out_[k + 3]) << 24));
    }
    return r;
  }

 private:
  iconv_t cd_;
  std::vector<uint8_t> out_;
};

// "" when the model (annex-r) agrees with iconv on b[0..n), else the difference.
std::string Compare(Iconv* cv, const uint8_t* p, size_t n) {
  const Iconv::Result r = cv->Run(p, n);
  const Verdict v = Validate(p, n, Mode::kAnnexR);
  std::ostringstream s;
  s << Hex(p, n) << ": ";
  if (r.first_error >= 0 && r.err != EILSEQ && r.err != EINVAL) {
    s << "iconv failed with errno " << r.err;
    return s.str();
  }
  const int64_t first = v.valid ? -1 : static_cast<int64_t>(v.first_error_offset);
  if (first != r.first_error) {
    s << "first error: model " << first << " (" << ClassName(v.first_error_class) << "), iconv "
      << r.first_error << (r.err == EINVAL ? " (EINVAL)" : r.err == EILSEQ ? " (EILSEQ)" : "");
    return s.str();
  }
  // EINVAL is glibc's "incomplete sequence at the end of the input". glibc says so
  // before it looks at the value, so E0 80 at the end is EINVAL although no byte
  // could complete it (the model: OVERLONG at the same offset). What EINVAL does
  // promise is that the rest of the input is a lead and fewer continuations than it
  // announces; check that, whatever the model's class.
  if (r.err == EINVAL) {
    const size_t at = static_cast<size_t>(r.first_error);
    const int announced = naive::AnnouncedLength(p[at]);
    bool truncated = announced > static_cast<int>(n - at);
    for (size_t k = at + 1; k < n; ++k) truncated = truncated && (p[k] & 0xC0) == 0x80;
    if (!truncated) {
      s << "iconv EINVAL at " << at << " but the input does not end in a truncated sequence";
      return s.str();
    }
  }
  const std::vector<Unit> units = Decode(p, n, Mode::kAnnexR);
  std::vector<uint32_t> model;
  for (const Unit& u : units) {
    if (u.cls != ErrorClass::kOk) break;
    model.push_back(u.code_point);
  }
  if (model != r.values) {
    s << "values before the first error differ: model " << model.size() << ", iconv " << r.values.size();
    for (size_t k = 0; k < model.size() && k < r.values.size(); ++k) {
      if (model[k] != r.values[k]) {
        s << "; at " << k << " model 0x" << std::hex << model[k] << ", iconv 0x" << r.values[k];
        break;
      }
    }
    return s.str();
  }
  return "";
}

class IconvTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(cv_.ok()) << "iconv_open(\"UCS-4LE\", \"UTF-8\") failed"; }
  bool Check(const uint8_t* p, size_t n) {
    const std::string diff = Compare(&cv_, p, n);
    if (diff.empty()) return true;
    ADD_FAILURE() << diff;
    return ++failures_ < 10;
  }
  Iconv cv_;
  int failures_ = 0;
};

TEST_F(IconvTest, AcceptsAnnexRLongFormsAsDocumented) {
  // The premise of this comparison: glibc decodes 5- and 6-octet forms.
  const uint8_t six[] = {0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF};
  const Iconv::Result r = cv_.Run(six, 6);
  EXPECT_EQ(r.first_error, -1);
  EXPECT_EQ(r.values, std::vector<uint32_t>{0x7FFFFFFF});
}

TEST_F(IconvTest, Every1To3ByteString) {
  uint8_t b[3];
  for (uint32_t x = 0; x < 256; ++x) {
    b[0] = static_cast<uint8_t>(x);
    if (!Check(b, 1)) return;
  }
  for (uint32_t x = 0; x < (1u << 16); ++x) {
    b[0] = static_cast<uint8_t>(x >> 8);
    b[1] = static_cast<uint8_t>(x);
    if (!Check(b, 2)) return;
  }
  for (uint32_t x = 0; x < (1u << 24); ++x) {
    b[0] = static_cast<uint8_t>(x >> 16);
    b[1] = static_cast<uint8_t>(x >> 8);
    b[2] = static_cast<uint8_t>(x);
    if (!Check(b, 3)) return;
  }
}

TEST_F(IconvTest, EveryLongFormLeadWithBoundarySecondBytes) {
  // 4- to 6-octet leads with each second byte and the rest at both ends of 80..BF.
  for (int lead = 0xF0; lead <= 0xFF; ++lead) {
    for (int y = 0; y < 256; ++y) {
      for (int len = 2; len <= 7; ++len) {
        for (uint8_t rest : {0x80, 0xBF, 0x41}) {
          std::vector<uint8_t> b(static_cast<size_t>(len), rest);
          b[0] = static_cast<uint8_t>(lead);
          b[1] = static_cast<uint8_t>(y);
          if (!Check(b.data(), b.size())) return;
        }
      }
    }
  }
}

TEST_F(IconvTest, RandomBoundaryBiasedStrings) {
  sim::Rng rng(modeltest::TestSeed(0x1C0, "iconv differential"));
  for (int i = 0; i < 200000; ++i) {
    const std::vector<uint8_t> b = modeltest::RandomBoundaryBytes(&rng, i % 10 ? 32 : 200);
    if (!Check(b.data(), b.size())) return;
  }
}

TEST_F(IconvTest, RandomTextWithRareErrors) {
  sim::Rng rng(modeltest::TestSeed(0x1C2, "iconv differential, text"));
  for (int i = 0; i < 20000; ++i) {
    const std::vector<uint8_t> b = modeltest::RandomTextWithErrors(&rng, 300);
    if (!Check(b.data(), b.size())) return;
  }
}

TEST_F(IconvTest, RandomWellFormedAnnexRText) {
  // Mostly valid text, so that iconv's values are compared over whole strings.
  sim::Rng rng(modeltest::TestSeed(0x1C1, "iconv values"));
  for (int i = 0; i < 20000; ++i) {
    std::vector<uint32_t> cps;
    for (int k = 0, n = 1 + static_cast<int>(rng.below(40)); k < n; ++k) {
      const int bits = 1 + static_cast<int>(rng.below(31));
      cps.push_back(static_cast<uint32_t>(rng.u64() & ((1ull << bits) - 1)));
    }
    std::vector<uint8_t> b;
    Encode(cps.data(), cps.size(), Mode::kAnnexR, &b);
    if (!Check(b.data(), b.size())) return;
  }
}

}  // namespace
}  // namespace utf8core
