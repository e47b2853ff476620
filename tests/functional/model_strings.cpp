// ValidateStrings (utf8_model.h): an Arrow string column, each string validated
// alone. Held to Validate() of each string in both modes, to CPython's strict
// decode of each string (rfc3629), and to the column rules of SPEC §9 OP 3: an
// offset outside 0..len or below the one before stops the column there, the
// strings before it checked, none after.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "model_check.h"
#include "utf8_model.h"

namespace utf8core {
namespace {

struct Column {
  std::vector<uint8_t> data;
  std::vector<int64_t> offsets;  // count + 1 values
  std::vector<uint8_t> Raw(int width) const {
    std::vector<uint8_t> raw(offsets.size() * static_cast<size_t>(width));
    for (size_t i = 0; i < offsets.size(); ++i) {
      const uint64_t v = static_cast<uint64_t>(offsets[i]);
      for (int b = 0; b < width; ++b) raw[i * width + b] = static_cast<uint8_t>(v >> (8 * b));
    }
    return raw;
  }
  uint64_t count() const { return offsets.empty() ? 0 : offsets.size() - 1; }
};

// Strings from the model tests' generators, with empty ones among them, laid
// end to end after `lead` bytes that no string covers.
Column RandomColumn(sim::Rng* rng, size_t strings, size_t lead) {
  Column c;
  for (size_t i = 0; i < lead; ++i) c.data.push_back(static_cast<uint8_t>(rng->u64()));
  c.offsets.push_back(static_cast<int64_t>(lead));
  for (size_t i = 0; i < strings; ++i) {
    std::vector<uint8_t> s;
    switch (rng->below(4)) {
      case 0:
        break;  // empty
      case 1:
        s = modeltest::RandomBoundaryBytes(rng, 12);
        break;
      default:
        s = modeltest::RandomTextWithErrors(rng, 40);
        break;
    }
    c.data.insert(c.data.end(), s.begin(), s.end());
    c.offsets.push_back(static_cast<int64_t>(c.data.size()));
  }
  return c;
}

StringsVerdict Check(const Column& c, int width, Mode mode, std::vector<uint8_t>* bitmap) {
  const std::vector<uint8_t> raw = c.Raw(width);
  return ValidateStrings(c.data.data(), c.data.size(), raw.data(), c.count(), width, mode, bitmap);
}

// Every string's verdict and bit against Validate() of that string alone.
void ExpectPerString(const Column& c, int width, Mode mode) {
  std::vector<uint8_t> bitmap;
  const StringsVerdict v = Check(c, width, mode, &bitmap);
  ASSERT_FALSE(v.bad_offsets);
  ASSERT_EQ(bitmap.size(), (c.count() + 7) / 8);
  uint64_t bad = 0, units = 0, bytes = 0;
  bool first = true;
  for (uint64_t i = 0; i < c.count(); ++i) {
    const size_t n = static_cast<size_t>(c.offsets[i + 1] - c.offsets[i]);
    const Verdict s = Validate(c.data.data() + c.offsets[i], n, mode);
    const bool bit = (bitmap[i / 8] >> (i % 8)) & 1;
    ASSERT_EQ(bit, s.valid) << "string " << i << ": "
                            << modeltest::Hex(c.data.data() + c.offsets[i], n);
    units += s.units;
    bytes += n;
    if (!s.valid) {
      if (first) {
        EXPECT_EQ(v.first_bad, i);
        EXPECT_EQ(v.first_bad_class, s.first_error_class);
        EXPECT_EQ(v.first_bad_offset, s.first_error_offset);
        first = false;
      }
      ++bad;
    }
  }
  // the bits past COUNT in the last byte stay 0
  if (c.count() % 8) EXPECT_EQ(bitmap.back() >> (c.count() % 8), 0);
  EXPECT_EQ(v.strings, c.count());
  EXPECT_EQ(v.bad_strings, bad);
  EXPECT_EQ(v.units, units);
  EXPECT_EQ(v.bytes, bytes);
}

TEST(ModelStrings, EachStringAsValidateAloneInt32AndInt64BothModes) {
  sim::Rng rng(modeltest::TestSeed(0x57a1, "ModelStrings"));
  for (int round = 0; round < 40; ++round) {
    const Column c = RandomColumn(&rng, 1 + rng.below(300), rng.below(3));
    for (int width : {4, 8}) {
      for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
        SCOPED_TRACE("round " + std::to_string(round) + " width " + std::to_string(width) +
                     " mode " + ModeName(mode));
        ExpectPerString(c, width, mode);
      }
    }
  }
}

// Every error class at every position 0..63 of a string, between well-formed
// strings: one ill-formed string each, found with its class and in-string offset.
TEST(ModelStrings, EveryClassAtEveryPositionInsideTheString) {
  const std::vector<std::pair<std::vector<uint8_t>, ErrorClass>> errors = {
      {{0xE2, 0x82}, ErrorClass::kTooShort}, {{0x80}, ErrorClass::kTooLong},
      {{0xC0, 0xAF}, ErrorClass::kOverlong}, {{0xED, 0xA0, 0x80}, ErrorClass::kSurrogate},
      {{0xF4, 0x90, 0x80, 0x80}, ErrorClass::kTooLarge}, {{0xF8}, ErrorClass::kHeaderBits}};
  for (const auto& e : errors) {
    for (size_t pos = 0; pos < 64; ++pos) {
      Column c;
      c.offsets.push_back(0);
      const std::string ok = "\xC3\xA9t\xC3\xA9";  // well-formed neighbours
      c.data.insert(c.data.end(), ok.begin(), ok.end());
      c.offsets.push_back(static_cast<int64_t>(c.data.size()));
      for (size_t i = 0; i < pos; ++i) c.data.push_back('a');
      c.data.insert(c.data.end(), e.first.begin(), e.first.end());
      c.data.push_back('z');
      c.offsets.push_back(static_cast<int64_t>(c.data.size()));
      c.data.insert(c.data.end(), ok.begin(), ok.end());
      c.offsets.push_back(static_cast<int64_t>(c.data.size()));
      std::vector<uint8_t> bitmap;
      const StringsVerdict v = Check(c, 4, Mode::kRfc3629, &bitmap);
      ASSERT_EQ(v.bad_strings, 1u) << ClassName(e.second) << " at " << pos;
      EXPECT_EQ(v.first_bad, 1u);
      EXPECT_EQ(v.first_bad_class, e.second);
      EXPECT_EQ(v.first_bad_offset, pos);
      ASSERT_EQ(bitmap.size(), 1u);
      EXPECT_EQ(bitmap[0], 0x05);  // strings 0 and 2
    }
  }
}

// A sequence cut by a string boundary is two ill-formed strings, though the
// same bytes as one string are well-formed: each string stands alone.
TEST(ModelStrings, SequenceCutByABoundaryIsIllFormedOnBothSides) {
  Column c;
  c.data = {0xE2, 0x82, 0xAC};  // U+20AC
  c.offsets = {0, 1, 3};
  std::vector<uint8_t> bitmap;
  StringsVerdict v = Check(c, 4, Mode::kRfc3629, &bitmap);
  EXPECT_EQ(v.bad_strings, 2u);
  EXPECT_EQ(v.first_bad_class, ErrorClass::kTooShort);
  EXPECT_EQ(bitmap, std::vector<uint8_t>{0x00});
  c.offsets = {0, 3};
  v = Check(c, 4, Mode::kRfc3629, &bitmap);
  EXPECT_EQ(v.bad_strings, 0u);
  EXPECT_EQ(bitmap, std::vector<uint8_t>{0x01});
}

TEST(ModelStrings, EmptyStringsAndNoStrings) {
  Column c;
  c.data = {'x'};
  c.offsets = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1};  // nine empty strings after the data
  std::vector<uint8_t> bitmap;
  StringsVerdict v = Check(c, 8, Mode::kAnnexR, &bitmap);
  EXPECT_FALSE(v.bad_offsets);
  EXPECT_EQ(v.strings, 9u);
  EXPECT_EQ(v.bad_strings, 0u);
  EXPECT_EQ(v.units, 0u);
  EXPECT_EQ(bitmap, (std::vector<uint8_t>{0xFF, 0x01}));
  c.offsets = {0};  // a column of no strings
  v = Check(c, 4, Mode::kRfc3629, &bitmap);
  EXPECT_EQ(v.strings, 0u);
  EXPECT_TRUE(bitmap.empty());
}

// SPEC §9 OP 3: an offset outside 0..LEN or below the one before stops the
// column; the strings before it are checked and have their bits, none after.
TEST(ModelStrings, BadOffsetStopsTheColumnThere) {
  Column c;
  c.data = {'a', 'b', 0x80, 'c', 'd'};
  struct Case {
    std::vector<int64_t> offsets;
    uint64_t index;    // the bad offset
    uint64_t checked;  // strings checked before it
  };
  const std::vector<Case> cases = {
      {{0, 1, 3, 2, 5}, 3, 2},   // below the one before
      {{0, 1, 6, 6}, 2, 1},      // past the data's end
      {{-1, 1, 2}, 0, 0},        // negative first offset
      {{6, 6}, 0, 0},            // first offset past the end
      {{0, 2, 3, -4}, 3, 2},     // a negative offset later
  };
  for (const Case& k : cases) {
    c.offsets = k.offsets;
    for (int width : {4, 8}) {
      std::vector<uint8_t> bitmap;
      const StringsVerdict v = Check(c, width, Mode::kRfc3629, &bitmap);
      EXPECT_TRUE(v.bad_offsets);
      EXPECT_EQ(v.bad_offset_index, k.index);
      EXPECT_EQ(v.strings, k.checked);
      ASSERT_EQ(bitmap.size(), (c.count() + 7) / 8);
      for (uint64_t i = k.checked; i < c.count(); ++i) {
        EXPECT_EQ((bitmap[i / 8] >> (i % 8)) & 1, 0) << "string " << i << " after the bad offset";
      }
    }
  }
  // the ill-formed string before a bad offset is counted
  c.offsets = {0, 2, 3, 1};
  std::vector<uint8_t> bitmap;
  const StringsVerdict v = Check(c, 4, Mode::kRfc3629, &bitmap);
  EXPECT_EQ(v.strings, 2u);
  EXPECT_EQ(v.bad_strings, 1u);
  EXPECT_EQ(v.first_bad, 1u);
  EXPECT_EQ(bitmap, std::vector<uint8_t>{0x01});
}

// An int32 offset is sign-extended: 0xFFFFFFFF is -1, outside the data, not 4 GiB.
TEST(ModelStrings, Int32OffsetsAreSigned) {
  const uint8_t raw[8] = {0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF};
  EXPECT_EQ(StringOffset(raw, 1, 4), -1);
  EXPECT_EQ(StringOffset(raw, 0, 8), -4294967296LL);
}

// Each string's verdict against CPython's strict decode of that string alone.
TEST(ModelStrings, EachVerdictEqualsCPythonStrictDecode) {
  sim::Rng rng(modeltest::TestSeed(0xc0de, "ModelStrings.CPython"));
  const Column c = RandomColumn(&rng, 2000, 0);
  std::vector<std::vector<uint8_t>> strings;
  for (uint64_t i = 0; i < c.count(); ++i) {
    strings.emplace_back(c.data.begin() + c.offsets[i], c.data.begin() + c.offsets[i + 1]);
  }
  std::vector<modeltest::PyResult> py;
  std::string why;
  ASSERT_TRUE(modeltest::RunCPython(strings, &py, &why)) << why;
  ASSERT_EQ(py.size(), strings.size());
  std::vector<uint8_t> bitmap;
  const StringsVerdict v = Check(c, 4, Mode::kRfc3629, &bitmap);
  uint64_t bad = 0;
  for (size_t i = 0; i < strings.size(); ++i) {
    const bool ok = py[i].first_error < 0;
    bad += !ok;
    ASSERT_EQ((bitmap[i / 8] >> (i % 8)) & 1, ok ? 1 : 0)
        << "string " << i << ": " << modeltest::Hex(strings[i]);
  }
  EXPECT_EQ(v.bad_strings, bad);
  EXPECT_GT(bad, 0u);                  // the column has ill-formed strings
  EXPECT_LT(bad, strings.size() - 1);  // and well-formed ones
}

}  // namespace
}  // namespace utf8core
