// The functional model against the worked examples of its sources, copied here by
// hand from ../shared/seeds/: Annex R Tables 2 and 3, RFC 3629 §3 and §7, RFC 2044
// §3, every example of SPEC §3, and each error class of SPEC §3 with the inputs
// that define it, in both directions (decode and encode) and both modes.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdint>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "model_check.h"
#include "utf8_model.h"

namespace utf8core {
namespace {

using modeltest::Hex;
using Bytes = std::vector<uint8_t>;

constexpr ErrorClass OK = ErrorClass::kOk;
constexpr ErrorClass TOO_SHORT = ErrorClass::kTooShort;
constexpr ErrorClass TOO_LONG = ErrorClass::kTooLong;
constexpr ErrorClass OVERLONG = ErrorClass::kOverlong;
constexpr ErrorClass SURROGATE = ErrorClass::kSurrogate;
constexpr ErrorClass TOO_LARGE = ErrorClass::kTooLarge;
constexpr ErrorClass HEADER_BITS = ErrorClass::kHeaderBits;
constexpr Mode kRfc = Mode::kRfc3629;
constexpr Mode kAnnex = Mode::kAnnexR;

// "E0 A0 80" or "E0; A0; 80;" (as the tables write it) -> bytes.
Bytes ParseHex(const std::string& s) {
  Bytes b;
  std::string digits;
  for (char c : s + " ") {
    if (std::isxdigit(static_cast<unsigned char>(c))) {
      digits += c;
    } else if (!digits.empty()) {
      b.push_back(static_cast<uint8_t>(std::stoul(digits, nullptr, 16)));
      digits.clear();
    }
  }
  return b;
}

// "00000000 00000000 00000111 11111111" -> its value; "11011111; 10111111;" -> bytes.
uint32_t ParseBinaryValue(const std::string& s) {
  uint32_t v = 0;
  for (char c : s) {
    if (c == '0' || c == '1') v = (v << 1) | static_cast<uint32_t>(c - '0');
  }
  return v;
}
Bytes ParseBinaryOctets(const std::string& s) {
  Bytes b;
  std::string bits;
  for (char c : s + ";") {
    if (c == '0' || c == '1') {
      bits += c;
    } else if (c == ';' && !bits.empty()) {
      b.push_back(static_cast<uint8_t>(std::stoul(bits, nullptr, 2)));
      bits.clear();
    }
  }
  return b;
}

Bytes EncodeAll(const std::vector<uint32_t>& cps, Mode mode) {
  Bytes out;
  Encode(cps.data(), cps.size(), mode, &out);
  return out;
}

std::vector<uint32_t> CodePoints(const std::vector<Unit>& units) {
  std::vector<uint32_t> cps;
  for (const Unit& u : units) cps.push_back(u.code_point);
  return cps;
}

struct Want {
  uint32_t cp;
  uint8_t len;
  ErrorClass cls;
};

// Decodes `hex` and checks every unit, offsets following from the lengths; also
// checks that Validate reports the first error unit and DecodeToUcs4 the same code points.
void ExpectUnits(Mode mode, const std::string& hex, const std::vector<Want>& want) {
  const Bytes b = ParseHex(hex);
  SCOPED_TRACE(std::string(ModeName(mode)) + " " + Hex(b));
  const std::vector<Unit> got = Decode(b, mode);
  ASSERT_EQ(got.size(), want.size());
  uint64_t off = 0;
  const Unit* first_error = nullptr;
  for (size_t k = 0; k < want.size(); ++k) {
    const Unit expect{want[k].cp, off, want[k].len, want[k].cls};
    EXPECT_EQ(got[k], expect) << "unit " << k << ": got " << modeltest::Describe(got[k])
                              << ", want " << modeltest::Describe(expect);
    if (!first_error && got[k].cls != OK) first_error = &got[k];
    off += want[k].len;
  }
  EXPECT_EQ(off, b.size());
  const Verdict v = Validate(b.data(), b.size(), mode);
  EXPECT_EQ(v.valid, first_error == nullptr);
  if (first_error) {
    EXPECT_EQ(v.first_error_offset, first_error->offset);
    EXPECT_EQ(v.first_error_class, first_error->cls);
  }
  std::vector<uint32_t> ucs4(b.size() + 1);
  ucs4.resize(DecodeToUcs4(b.data(), b.size(), mode, ucs4.data()));
  EXPECT_EQ(ucs4, CodePoints(got));
}

// --- ISO/IEC 10646-1 Amd.2 Annex R, Table 3 (hexadecimal) and Table 2 (binary).

struct TableRow {
  const char* ucs4;
  const char* utf8;
};

const TableRow kTable3[] = {
    {"0000 0001", "01;"},
    {"0000 007F", "7F;"},
    {"0000 0080", "C2; 80;"},
    {"0000 07FF", "DF; BF;"},
    {"0000 0800", "E0; A0; 80;"},
    {"0000 FFFF", "EF; BF; BF;"},
    {"0001 0000", "F0; 90; 80; 80;"},
    {"0010 FFFF", "F4; 8F; BF; BF;"},
    {"001F FFFF", "F7; BF; BF; BF;"},
    {"0020 0000", "F8; 88; 80; 80; 80;"},
    {"03FF FFFF", "FB; BF; BF; BF; BF;"},
    {"0400 0000", "FC; 84; 80; 80; 80;80;"},
    {"7FFF FFFF", "FD; BF; BF; BF; BF; BF;"},
};

const TableRow kTable2[] = {
    {"00000000 00000000 00000000 00000001", "00000001;"},
    {"00000000 00000000 00000000 01111111", "01111111;"},
    {"00000000 00000000 00000000 10000000", "11000010; 10000000;"},
    {"00000000 00000000 00000111 11111111", "11011111; 10111111;"},
    {"00000000 00000000 00001000 00000000", "11100000; 10100000; 10000000;"},
    {"00000000 00000000 11111111 11111111", "11101111; 10111111; 10111111;"},
    {"00000000 00000001 00000000 00000000", "11110000; 10010000; 10000000;10000000;"},
    {"00000000 00011111 11111111 11111111", "11110111; 10111111; 10111111;10111111;"},
    {"00000000 00100000 00000000 00000000",
     "11111000; 10001000; 10000000;10000000; 10000000;"},
    {"00000011 11111111 11111111 11111111",
     "11111011; 10111111; 10111111;10111111; 10111111;"},
    {"00000100 00000000 00000000 00000000",
     "11111100; 10000100; 10000000;10000000; 10000000; 10000000;"},
    {"01111111 11111111 11111111 11111111",
     "11111101; 10111111; 10111111;10111111; 10111111; 10111111;"},
};

// One table row in both directions. annex-r takes every row; rfc3629 takes the rows
// up to U+10FFFF and must reject the others (encode: TOO_LARGE as EF BF BD).
void CheckTableRow(uint32_t value, const Bytes& utf8) {
  SCOPED_TRACE("value 0x" + [&] { std::ostringstream s; s << std::hex << value; return s.str(); }() +
               " = " + Hex(utf8));
  uint8_t buf[6];
  ErrorClass cls;
  // annex-r: every row is well-formed.
  int n = EncodeOne(value, kAnnex, buf, &cls);
  EXPECT_EQ(cls, OK);
  EXPECT_EQ(Bytes(buf, buf + n), utf8);
  const std::vector<Unit> a = Decode(utf8, kAnnex);
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(a[0], (Unit{value, 0, static_cast<uint8_t>(utf8.size()), OK}));
  // rfc3629.
  n = EncodeOne(value, kRfc, buf, &cls);
  const std::vector<Unit> r = Decode(utf8, kRfc);
  if (value <= 0x10FFFF) {
    EXPECT_EQ(cls, OK);
    EXPECT_EQ(Bytes(buf, buf + n), utf8);
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0], a[0]);
  } else {
    EXPECT_EQ(cls, TOO_LARGE);
    EXPECT_EQ(Bytes(buf, buf + n), ParseHex("EF BF BD"));
    // Lead F5..F7 is TOO_LARGE, F8..FF HEADER_BITS; the continuations are strays.
    ASSERT_EQ(r.size(), utf8.size());
    EXPECT_EQ(r[0].cls, utf8[0] < 0xF8 ? TOO_LARGE : HEADER_BITS);
    for (size_t k = 0; k < r.size(); ++k) {
      EXPECT_EQ(r[k].code_point, kReplacement);
      EXPECT_EQ(r[k].length, 1);
      if (k > 0) {
        EXPECT_EQ(r[k].cls, TOO_LONG);
      }
    }
  }
}

TEST(AnnexR, Table3HexExamplesBothDirections) {
  for (const TableRow& row : kTable3) {
    CheckTableRow(static_cast<uint32_t>(std::stoul(
                      [&] { std::string s(row.ucs4); s.erase(s.find(' '), 1); return s; }(),
                      nullptr, 16)),
                  ParseHex(row.utf8));
  }
}

TEST(AnnexR, Table2BinaryExamplesBothDirections) {
  for (const TableRow& row : kTable2) {
    CheckTableRow(ParseBinaryValue(row.ucs4), ParseBinaryOctets(row.utf8));
  }
}

TEST(AnnexR, Tables2And3AgreeWithEachOther) {
  // A slip in copying one table shows up as a disagreement with the other.
  ASSERT_EQ(std::size(kTable2), std::size(kTable3) - 1);  // Table 2 has no 0010 FFFF row
  size_t t3 = 0;
  for (const TableRow& row : kTable2) {
    if (std::string(kTable3[t3].ucs4) == "0010 FFFF") ++t3;
    EXPECT_EQ(ParseBinaryOctets(row.utf8), ParseHex(kTable3[t3].utf8)) << row.ucs4;
    ++t3;
  }
}

// --- RFC 3629 §7 and RFC 2044 §3.

struct TextExample {
  std::vector<uint32_t> cps;
  const char* utf8;
};

void CheckTextExample(const TextExample& ex) {
  const Bytes b = ParseHex(ex.utf8);
  for (Mode m : {kRfc, kAnnex}) {
    SCOPED_TRACE(std::string(ModeName(m)) + " " + ex.utf8);
    EXPECT_EQ(EncodeAll(ex.cps, m), b);
    const std::vector<Unit> u = Decode(b, m);
    EXPECT_EQ(CodePoints(u), ex.cps);
    EXPECT_TRUE(Summarize(u).valid);
    EXPECT_TRUE(Validate(b.data(), b.size(), m).valid);
  }
}

TEST(Rfc3629Section7, AlphaNotIdenticalTo) {
  CheckTextExample({{0x0041, 0x2262, 0x0391, 0x002E}, "41 E2 89 A2 CE 91 2E"});
}
TEST(Rfc3629Section7, KoreanHangugeo) {
  CheckTextExample({{0xD55C, 0xAD6D, 0xC5B4}, "ED 95 9C EA B5 AD EC 96 B4"});
}
TEST(Rfc3629Section7, JapaneseNihongo) {
  CheckTextExample({{0x65E5, 0x672C, 0x8A9E}, "E6 97 A5 E6 9C AC E8 AA 9E"});
}
TEST(Rfc3629Section7, StumpOfTreeWithByteOrderMark) {
  // The decoder keeps the BOM as U+FEFF: stripping a signature is the protocol's business.
  CheckTextExample({{0xFEFF, 0x233B4}, "EF BB BF F0 A3 8E B4"});
}

TEST(Rfc2044Section3, AlphaNotIdenticalTo) {
  CheckTextExample({{0x0041, 0x2262, 0x0391, 0x002E}, "41 E2 89 A2 CE 91 2E"});
}
TEST(Rfc2044Section3, HiMom) {
  CheckTextExample({{0x48, 0x69, 0x20, 0x4D, 0x6F, 0x6D, 0x20, 0x263A, 0x21},
                    "48 69 20 4D 6F 6D 20 E2 98 BA 21"});
}
TEST(Rfc2044Section3, JapaneseNihongo) {
  CheckTextExample({{0x65E5, 0x672C, 0x8A9E}, "E6 97 A5 E6 9C AC E8 AA 9E"});
}

TEST(Rfc3629Section3, OverlongC080IsNotNul) {
  for (Mode m : {kRfc, kAnnex}) {
    ExpectUnits(m, "C0 80", {{0xFFFD, 1, OVERLONG}, {0xFFFD, 1, TOO_LONG}});
  }
}

TEST(Rfc3629Section3, SurrogatePairIsNotU233B4) {
  for (Mode m : {kRfc, kAnnex}) {
    ExpectUnits(m, "ED A1 8C ED BE B4",
                {{0xFFFD, 1, SURROGATE}, {0xFFFD, 1, TOO_LONG}, {0xFFFD, 1, TOO_LONG},
                 {0xFFFD, 1, SURROGATE}, {0xFFFD, 1, TOO_LONG}, {0xFFFD, 1, TOO_LONG}});
  }
}

// --- SPEC §3 examples.

TEST(Spec3, C080IsTwoUnits) {
  ExpectUnits(kRfc, "C0 80", {{0xFFFD, 1, OVERLONG}, {0xFFFD, 1, TOO_LONG}});
}
TEST(Spec3, E041IsReplacementThenA) {
  ExpectUnits(kRfc, "E0 41", {{0xFFFD, 1, TOO_SHORT}, {0x41, 1, OK}});
}
TEST(Spec3, OpenSequenceAtEndOfPacket) {
  ExpectUnits(kRfc, "41 E2 82", {{0x41, 1, OK}, {0xFFFD, 2, TOO_SHORT}});
}
TEST(Spec3, BreakingByteStartsTheNextUnit) {
  // The byte that broke the sequence is read again: here it is a complete sequence.
  ExpectUnits(kRfc, "E2 82 C3 A9", {{0xFFFD, 2, TOO_SHORT}, {0xE9, 2, OK}});
  ExpectUnits(kAnnex, "FC 84 80 E2 82 AC", {{0xFFFD, 3, TOO_SHORT}, {0x20AC, 3, OK}});
}
TEST(Spec3, PacketsDoNotShareSequences) {
  Decoder d(kRfc);
  std::vector<Unit> u;
  d.push(ParseHex("41 E2 82").data(), 3, &u);
  d.end_of_packet(&u);
  d.push(0xAC, &u);
  d.end_of_packet(&u);
  ASSERT_EQ(u.size(), 3u);
  EXPECT_EQ(u[1], (Unit{0xFFFD, 1, 2, TOO_SHORT}));
  EXPECT_EQ(u[2], (Unit{0xFFFD, 0, 1, TOO_LONG}));  // offset restarts at the new packet
}
TEST(Spec3, FirstErrorOffsetIsTheFirstErrorUnit) {
  const Bytes b = ParseHex("41 C3 A9 E2 82 41 FF");
  const Verdict v = Validate(b.data(), b.size(), kRfc);
  EXPECT_FALSE(v.valid);
  EXPECT_EQ(v.first_error_offset, 3u);
  EXPECT_EQ(v.first_error_class, TOO_SHORT);
  EXPECT_EQ(v.units, 5u);
  EXPECT_EQ(v.counts.errors(), 2u);
  EXPECT_EQ(v.counts.n[static_cast<int>(HEADER_BITS)], 1u);
}

// --- Each error class of SPEC §3 with the inputs that define it.

TEST(ErrorClassTooShort, LeadFollowedByNonContinuation) {
  for (Mode m : {kRfc, kAnnex}) {
    ExpectUnits(m, "C2 41", {{0xFFFD, 1, TOO_SHORT}, {0x41, 1, OK}});
    ExpectUnits(m, "E1 80 41", {{0xFFFD, 2, TOO_SHORT}, {0x41, 1, OK}});
    ExpectUnits(m, "F1 80 80 C2", {{0xFFFD, 3, TOO_SHORT}, {0xFFFD, 1, TOO_SHORT}});
    ExpectUnits(m, "E0 E0 A0 80", {{0xFFFD, 1, TOO_SHORT}, {0x800, 3, OK}});
  }
  ExpectUnits(kAnnex, "F8 88 80 80 41", {{0xFFFD, 4, TOO_SHORT}, {0x41, 1, OK}});
  ExpectUnits(kAnnex, "FD BF BF BF BF 7F", {{0xFFFD, 5, TOO_SHORT}, {0x7F, 1, OK}});
}
TEST(ErrorClassTooShort, PacketEndsInsideSequence) {
  for (Mode m : {kRfc, kAnnex}) {
    ExpectUnits(m, "DF", {{0xFFFD, 1, TOO_SHORT}});
    ExpectUnits(m, "EF BF", {{0xFFFD, 2, TOO_SHORT}});
    ExpectUnits(m, "F4 8F BF", {{0xFFFD, 3, TOO_SHORT}});
  }
  ExpectUnits(kAnnex, "FC 84 80 80 80", {{0xFFFD, 5, TOO_SHORT}});
}
TEST(ErrorClassTooLong, ContinuationWhereALeadWasExpected) {
  for (Mode m : {kRfc, kAnnex}) {
    for (int c = 0x80; c <= 0xBF; ++c) {
      ExpectUnits(m, Hex(Bytes{static_cast<uint8_t>(c)}), {{0xFFFD, 1, TOO_LONG}});
    }
    ExpectUnits(m, "C2 80 80", {{0x80, 2, OK}, {0xFFFD, 1, TOO_LONG}});
    ExpectUnits(m, "F0 90 80 80 BF", {{0x10000, 4, OK}, {0xFFFD, 1, TOO_LONG}});
  }
  // A 5th continuation after a 4-octet sequence is a stray in both modes.
  ExpectUnits(kAnnex, "F7 BF BF BF BF", {{0x1FFFFF, 4, OK}, {0xFFFD, 1, TOO_LONG}});
}
TEST(ErrorClassOverlong, C0AndC1) {
  for (Mode m : {kRfc, kAnnex}) {
    ExpectUnits(m, "C0 AF", {{0xFFFD, 1, OVERLONG}, {0xFFFD, 1, TOO_LONG}});
    ExpectUnits(m, "C1 BF", {{0xFFFD, 1, OVERLONG}, {0xFFFD, 1, TOO_LONG}});
    ExpectUnits(m, "C1", {{0xFFFD, 1, OVERLONG}});
  }
}
TEST(ErrorClassOverlong, SecondByteBelowRangeAfterE0F0F8FC) {
  for (Mode m : {kRfc, kAnnex}) {
    for (int y = 0x80; y < 0xA0; ++y) {
      const Bytes b{0xE0, static_cast<uint8_t>(y), 0x80};
      ExpectUnits(m, Hex(b), {{0xFFFD, 1, OVERLONG}, {0xFFFD, 1, TOO_LONG}, {0xFFFD, 1, TOO_LONG}});
    }
    for (int y = 0x80; y < 0x90; ++y) {
      const Bytes b{0xF0, static_cast<uint8_t>(y)};
      ExpectUnits(m, Hex(b), {{0xFFFD, 1, OVERLONG}, {0xFFFD, 1, TOO_LONG}});
    }
  }
  for (int y = 0x80; y < 0x88; ++y) {
    ExpectUnits(kAnnex, Hex(Bytes{0xF8, static_cast<uint8_t>(y)}),
                {{0xFFFD, 1, OVERLONG}, {0xFFFD, 1, TOO_LONG}});
  }
  for (int y = 0x80; y < 0x84; ++y) {
    ExpectUnits(kAnnex, Hex(Bytes{0xFC, static_cast<uint8_t>(y)}),
                {{0xFFFD, 1, OVERLONG}, {0xFFFD, 1, TOO_LONG}});
  }
  // The lowest well-formed second bytes are not overlong.
  ExpectUnits(kAnnex, "F8 88 80 80 80", {{0x200000, 5, OK}});
  ExpectUnits(kAnnex, "FC 84 80 80 80 80", {{0x4000000, 6, OK}});
}
TEST(ErrorClassSurrogate, EDFollowedByA0ToBF) {
  for (Mode m : {kRfc, kAnnex}) {
    for (int y = 0xA0; y <= 0xBF; ++y) {
      ExpectUnits(m, Hex(Bytes{0xED, static_cast<uint8_t>(y), 0x80}),
                  {{0xFFFD, 1, SURROGATE}, {0xFFFD, 1, TOO_LONG}, {0xFFFD, 1, TOO_LONG}});
    }
    ExpectUnits(m, "ED 9F BF", {{0xD7FF, 3, OK}});
    ExpectUnits(m, "EE 80 80", {{0xE000, 3, OK}});
  }
}
TEST(ErrorClassTooLarge, F4Above8FAndF5ToF7InRfc3629) {
  for (int y = 0x90; y <= 0xBF; ++y) {
    ExpectUnits(kRfc, Hex(Bytes{0xF4, static_cast<uint8_t>(y)}),
                {{0xFFFD, 1, TOO_LARGE}, {0xFFFD, 1, TOO_LONG}});
  }
  for (int lead = 0xF5; lead <= 0xF7; ++lead) {
    ExpectUnits(kRfc, Hex(Bytes{static_cast<uint8_t>(lead), 0x80, 0x80, 0x80}),
                {{0xFFFD, 1, TOO_LARGE}, {0xFFFD, 1, TOO_LONG}, {0xFFFD, 1, TOO_LONG},
                 {0xFFFD, 1, TOO_LONG}});
  }
  // annex-r takes the same bytes as values above U+10FFFF.
  ExpectUnits(kAnnex, "F4 90 80 80", {{0x110000, 4, OK}});
  ExpectUnits(kAnnex, "F5 80 80 80", {{0x140000, 4, OK}});
}
TEST(ErrorClassHeaderBits, F8ToFFInRfc3629FEFFInAnnexR) {
  for (int lead = 0xF8; lead <= 0xFF; ++lead) {
    ExpectUnits(kRfc, Hex(Bytes{static_cast<uint8_t>(lead), 0x80}),
                {{0xFFFD, 1, HEADER_BITS}, {0xFFFD, 1, TOO_LONG}});
  }
  for (int lead = 0xFE; lead <= 0xFF; ++lead) {
    ExpectUnits(kAnnex, Hex(Bytes{static_cast<uint8_t>(lead), 0x80}),
                {{0xFFFD, 1, HEADER_BITS}, {0xFFFD, 1, TOO_LONG}});
  }
}
TEST(Noncharacters, AreWellFormed) {
  for (Mode m : {kRfc, kAnnex}) {
    ExpectUnits(m, "EF BF BE EF BF BF EF B7 90", {{0xFFFE, 3, OK}, {0xFFFF, 3, OK}, {0xFDD0, 3, OK}});
    ExpectUnits(m, "F4 8F BF BF", {{0x10FFFF, 4, OK}});
  }
}

// --- Encoder classes (SPEC §4).

TEST(Encoder, RejectsSurrogatesAndOutOfRangeAsReplacement) {
  struct Case {
    uint32_t cp;
    Mode mode;
    ErrorClass cls;
  };
  const Case cases[] = {
      {0xD800, kRfc, SURROGATE},    {0xDFFF, kRfc, SURROGATE},      {0xD800, kAnnex, SURROGATE},
      {0xDBFF, kAnnex, SURROGATE},  {0x110000, kRfc, TOO_LARGE},    {0xFFFFFFFF, kRfc, TOO_LARGE},
      {0x80000000, kAnnex, TOO_LARGE}, {0xFFFFFFFF, kAnnex, TOO_LARGE},
  };
  for (const Case& c : cases) {
    uint8_t buf[6];
    ErrorClass cls;
    const int n = EncodeOne(c.cp, c.mode, buf, &cls);
    EXPECT_EQ(cls, c.cls) << std::hex << c.cp << " " << ModeName(c.mode);
    EXPECT_EQ(Bytes(buf, buf + n), ParseHex("EF BF BD")) << std::hex << c.cp;
  }
  EncodeStats st;
  Bytes out;
  const uint32_t cps[] = {0x41, 0xD800, 0x110000, 0x10FFFF};
  Encode(cps, 4, kRfc, &out, &st);
  EXPECT_EQ(out, ParseHex("41 EF BF BD EF BF BD F4 8F BF BF"));
  EXPECT_EQ(st.code_points, 4u);
  EXPECT_EQ(st.rejected, 2u);
  EXPECT_EQ(st.counts.n[static_cast<int>(SURROGATE)], 1u);
  EXPECT_EQ(st.counts.n[static_cast<int>(TOO_LARGE)], 1u);
}

TEST(UnitsToUtf8, ErrorsAsReplacementAnnexValuesInLongForms) {
  const Bytes in = ParseHex("41 C0 FC 84 80 80 80 80 E2 82");
  Bytes out;
  UnitsToUtf8(Decode(in, kAnnex), &out);
  EXPECT_EQ(out, ParseHex("41 EF BF BD FC 84 80 80 80 80 EF BF BD"));
}

}  // namespace
}  // namespace utf8core
