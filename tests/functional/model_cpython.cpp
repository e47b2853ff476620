// The functional model (rfc3629) against CPython's UTF-8 codec, run as a
// subprocess (tests/py/cpython_decode.py): Markus Kuhn's stress test, every 1- and
// 2-byte string, and thousands of seeded random boundary-biased strings. Per
// string: the code points of bytes.decode('utf-8', 'replace'), the start and end
// of every decode error (so each maximal subpart), UnicodeDecodeError.start of a
// strict decode against the first error offset, and CPython's reason for each
// error against the model's class.
#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "kuhn_file.h"
#include "model_check.h"
#include "utf8_model.h"

namespace utf8core {
namespace {

using modeltest::Hex;
using modeltest::PyResult;

// CPython's wording is coarser than the classes; each must be one of the classes
// that can give that wording.
bool ReasonFits(uint32_t reason, const Unit& u, size_t packet_size) {
  switch (reason) {
    case 1:  // invalid start byte
      return u.length == 1 &&
             (u.cls == ErrorClass::kTooLong || u.cls == ErrorClass::kOverlong ||
              u.cls == ErrorClass::kTooLarge || u.cls == ErrorClass::kHeaderBits);
    case 2:  // invalid continuation byte
      return u.cls == ErrorClass::kTooShort || u.cls == ErrorClass::kOverlong ||
             u.cls == ErrorClass::kSurrogate || u.cls == ErrorClass::kTooLarge;
    case 3:  // unexpected end of data
      return u.cls == ErrorClass::kTooShort && u.offset + u.length == packet_size;
  }
  return false;
}

// "" when the model agrees with CPython on `b`, else the first difference.
std::string Compare(const std::vector<uint8_t>& b, const PyResult& py) {
  const std::vector<Unit> units = Decode(b, Mode::kRfc3629);
  std::ostringstream s;
  s << Hex(b) << ": ";
  if (units.size() != py.code_points.size()) {
    s << "model has " << units.size() << " units, CPython " << py.code_points.size() << " code points";
    return s.str();
  }
  for (size_t k = 0; k < units.size(); ++k) {
    if (units[k].code_point != py.code_points[k]) {
      s << "code point " << k << ": model " << modeltest::Describe(units[k]) << ", CPython U+"
        << std::hex << std::uppercase << py.code_points[k];
      return s.str();
    }
  }
  size_t e = 0;
  for (const Unit& u : units) {
    if (u.cls == ErrorClass::kOk) continue;
    if (e == py.errors.size()) {
      s << "model error unit " << modeltest::Describe(u) << " has no CPython error";
      return s.str();
    }
    const PyResult::Error& pe = py.errors[e++];
    if (u.offset != pe.start || u.offset + u.length != pe.end) {
      s << "model error unit " << modeltest::Describe(u) << ", CPython error [" << pe.start << ", "
        << pe.end << ")";
      return s.str();
    }
    if (!ReasonFits(pe.reason, u, b.size())) {
      s << "model class " << ClassName(u.cls) << " for " << modeltest::Describe(u)
        << " does not fit CPython's reason " << pe.reason;
      return s.str();
    }
  }
  if (e != py.errors.size()) {
    s << "CPython has " << py.errors.size() << " errors, model " << e;
    return s.str();
  }
  const Verdict v = Validate(b.data(), b.size(), Mode::kRfc3629);
  const int64_t first = v.valid ? -1 : static_cast<int64_t>(v.first_error_offset);
  if (first != py.first_error) {
    s << "first error offset: model " << first << ", CPython UnicodeDecodeError.start " << py.first_error;
    return s.str();
  }
  return "";
}

void CompareAll(const std::vector<std::vector<uint8_t>>& inputs, const char* what) {
  std::vector<PyResult> py;
  std::string why;
  ASSERT_TRUE(modeltest::RunCPython(inputs, &py, &why)) << why;
  ASSERT_EQ(py.size(), inputs.size());
  int failures = 0;
  size_t with_errors = 0;
  for (size_t i = 0; i < inputs.size(); ++i) {
    with_errors += !py[i].errors.empty();
    const std::string diff = Compare(inputs[i], py[i]);
    if (!diff.empty()) {
      ADD_FAILURE() << what << " #" << i << ": " << diff;
      if (++failures == 10) return;
    }
  }
  std::cout << "[ info     ] " << what << ": " << inputs.size() << " strings, " << with_errors
            << " of them ill-formed" << std::endl;
}

TEST(KuhnStressTest, WholeFileMatchesCPython) {
  UTF8CORE_KUHN_OR_SKIP(text);
  ASSERT_GT(text.size(), 10000u) << "too short for Kuhn's stress test: " << UTF8CORE_KUHN_TEST;
  CompareAll({text}, "UTF-8-test.txt");
}

TEST(KuhnStressTest, EveryLineAsAPacketMatchesCPython) {
  // Per line, the first error offset is checked for every malformed case in the
  // file rather than only for the first one.
  UTF8CORE_KUHN_OR_SKIP(text);
  ASSERT_FALSE(text.empty()) << "empty: " << UTF8CORE_KUHN_TEST;
  std::vector<std::vector<uint8_t>> lines(1);
  for (uint8_t c : text) {
    if (c == '\n') {
      lines.emplace_back();
    } else {
      lines.back().push_back(c);
    }
  }
  size_t bad = 0;
  for (const auto& l : lines) bad += !Validate(l.data(), l.size(), Mode::kRfc3629).valid;
  EXPECT_GT(bad, 50u) << "the stress test should have many malformed lines";
  CompareAll(lines, "UTF-8-test.txt lines");
}

TEST(CPythonDifferential, Every1And2ByteString) {
  std::vector<std::vector<uint8_t>> inputs;
  for (int a = 0; a < 256; ++a) inputs.push_back({static_cast<uint8_t>(a)});
  for (int a = 0; a < 256; ++a) {
    for (int b = 0; b < 256; ++b) inputs.push_back({static_cast<uint8_t>(a), static_cast<uint8_t>(b)});
  }
  CompareAll(inputs, "1- and 2-byte strings");
}

TEST(CPythonDifferential, RandomBoundaryBiasedStrings) {
  sim::Rng rng(modeltest::TestSeed(0xC0FFEE, "CPython differential"));
  std::vector<std::vector<uint8_t>> inputs;
  for (int i = 0; i < 20000; ++i) inputs.push_back(modeltest::RandomBoundaryBytes(&rng, i % 10 ? 32 : 200));
  CompareAll(inputs, "random strings");
}

TEST(CPythonDifferential, RandomTextWithRareErrors) {
  sim::Rng rng(modeltest::TestSeed(0xC0FFEF, "CPython differential, text"));
  std::vector<std::vector<uint8_t>> inputs;
  for (int i = 0; i < 10000; ++i) inputs.push_back(modeltest::RandomTextWithErrors(&rng, 300));
  CompareAll(inputs, "random text");
}

}  // namespace
}  // namespace utf8core
