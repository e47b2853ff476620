// Tests of the utf8core program as a user runs it (SPEC §7): every usage and I/O
// error's exit status and message, the three commands' output bytes on small
// inputs worked out by hand from SPEC §2-§4, the two modes, --stats, and the
// built-in sample. The binary is run as a child process.
#include <sys/stat.h>
#include <unistd.h>

#include <regex>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "subprocess.h"

namespace utf8core {
namespace testing_cli {
namespace {

Result Cli(const std::vector<std::string>& args, const std::string& in = "",
           const std::string& stdout_path = "") {
  return Run(UTF8CORE_BIN, args, in, stdout_path);
}

std::string Le32(const std::vector<uint32_t>& cps) {
  std::string s;
  for (uint32_t v : cps) {
    for (int k = 0; k < 4; ++k) s.push_back(static_cast<char>((v >> (8 * k)) & 0xFF));
  }
  return s;
}

// A usage or I/O error: exit 2, exactly one line on stderr, nothing on stdout.
void ExpectUsageError(const Result& r, const std::string& message) {
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "utf8core: " + message + "\n");
  EXPECT_EQ(r.out, "");
}

// ---------------------------------------------------------------------------
// Usage errors.

struct UsageCase {
  std::vector<std::string> args;
  std::string message;
};

TEST(CliUsage, EveryUsageErrorExits2WithOneLine) {
  const UsageCase cases[] = {
      {{}, "missing command (decode, encode, validate or validate-strings; see --help)"},
      {{"frobnicate"}, "unknown command 'frobnicate' (decode, encode, validate or validate-strings)"},
      {{"--mode", "rfc3629"}, "missing command before '--mode' (decode, encode, validate or validate-strings)"},
      {{"decode", "--frob"}, "unknown option '--frob' (see --help)"},
      {{"decode", "-x"}, "unknown option '-x' (see --help)"},
      // The RTL engine's options mean nothing to the model (cli_rtl_test has the rest).
      {{"decode", "--lanes", "8"}, "option '--lanes' needs --engine rtl"},
      {{"decode", "--trace", "w.fst"}, "option '--trace' needs --engine rtl or kernel"},
      {{"decode", "--mode"}, "option '--mode' needs a value"},
      {{"decode", "--mode", "--stats"}, "option '--mode' needs a value"},
      {{"decode", "--to"}, "option '--to' needs a value"},
      {{"validate", "--engine"}, "option '--engine' needs a value"},
      {{"decode", "--mode", "utf16"}, "bad mode 'utf16' (rfc3629 or annex-r)"},
      {{"encode", "--mode=ANNEX-R"}, "bad mode 'ANNEX-R' (rfc3629 or annex-r)"},
      {{"decode", "--to", "latin1"}, "bad output format 'latin1' for --to (utf8, ucs4le or text)"},
      {{"validate", "--to", "text"}, "option '--to' is only for decode, not validate"},
      {{"encode", "--to=utf8"}, "option '--to' is only for decode, not encode"},
      {{"decode", "--engine", "fpga"}, "unknown engine 'fpga' (available: model, rtl, kernel)"},
      {{"decode", "--stats=yes"}, "option '--stats' takes no value"},
      {{"decode", "a", "b"}, "more than one input file ('a', 'b')"},
  };
  for (const UsageCase& c : cases) {
    std::string joined;
    for (const std::string& a : c.args) joined += " " + a;
    SCOPED_TRACE("utf8core" + joined);
    ExpectUsageError(Cli(c.args), c.message);
  }
}

TEST(CliUsage, HelpAndVersion) {
  for (const std::vector<std::string>& args : {std::vector<std::string>{"--help"},
                                               {"-h"},
                                               {"decode", "--help"},
                                               {"validate", "--bogus", "-h"}}) {
    const Result r = Cli(args);
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(r.out.rfind("usage: utf8core decode", 0), 0u) << r.out;
    EXPECT_NE(r.out.find("--to"), std::string::npos);
  }
  const Result v = Cli({"--version"});
  EXPECT_EQ(v.status, 0);
  EXPECT_TRUE(std::regex_match(v.out, std::regex("utf8core [0-9]+\\.[0-9]+\\.[0-9]+\n"))) << v.out;
}

TEST(CliUsage, EncodeInputNotAMultipleOf4) {
  for (size_t n : {1u, 3u, 5u, 7u}) {
    TempFile f(std::string(n, 'A'));
    ExpectUsageError(Cli({"encode", f.path()}),
                     "encode input is " + std::to_string(n) +
                         " bytes, not a multiple of 4 (32-bit little-endian code points)");
    ExpectUsageError(Cli({"encode", "-"}, std::string(n, '\0')),
                     "encode input is " + std::to_string(n) +
                         " bytes, not a multiple of 4 (32-bit little-endian code points)");
  }
}

// ---------------------------------------------------------------------------
// I/O errors.

TEST(CliIo, MissingFile) {
  TempFile gone;
  const std::string path = gone.path() + ".absent";
  for (const char* cmd : {"decode", "encode", "validate"}) {
    ExpectUsageError(Cli({cmd, path}), "cannot open '" + path + "': No such file or directory");
  }
}

TEST(CliIo, DirectoryIsUnreadable) {
  TempFile anchor;
  const std::string dir = anchor.path() + ".d";
  ASSERT_EQ(mkdir(dir.c_str(), 0700), 0);
  const Result r = Cli({"validate", dir});
  rmdir(dir.c_str());
  ExpectUsageError(r, "cannot read '" + dir + "': Is a directory");
}

TEST(CliIo, ReadErrorAfterOpen) {
  // Opening succeeds, reading fails (EIO: address 0 of the reader is unmapped).
  ExpectUsageError(Cli({"decode", "/proc/self/mem"}),
                   "cannot read '/proc/self/mem': Input/output error");
}

TEST(CliIo, PermissionDenied) {
  if (geteuid() == 0) GTEST_SKIP() << "root reads files whatever their mode";
  TempFile f("abc");
  ASSERT_EQ(chmod(f.path().c_str(), 0), 0);
  ExpectUsageError(Cli({"decode", f.path()}), "cannot open '" + f.path() + "': Permission denied");
}

TEST(CliIo, WriteErrorIsReportedNotSilent) {
  if (access("/dev/full", W_OK) != 0) GTEST_SKIP() << "no /dev/full on this system";
  const std::vector<std::vector<std::string>> runs = {{"decode"},
                                                      {"decode", "--to", "text"},
                                                      {"decode", "--to", "ucs4le", "--stats"},
                                                      {"encode"},
                                                      {"validate"},
                                                      {"validate", "--mode", "annex-r"},
                                                      {"--help"}};
  for (const auto& args : runs) {
    SCOPED_TRACE(args[0]);
    const Result r = Cli(args, "", "/dev/full");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.err, "utf8core: cannot write standard output: No space left on device\n");
  }
}

TEST(CliIo, StdinIsTheDash) {
  const Result r = Cli({"decode", "--to", "ucs4le", "-"}, "h\xC3\xA9");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, Le32({0x68, 0xE9}));
  // "--" ends options, so a file may be named like one.
  const Result r2 = Cli({"validate", "--", "-"}, "ok");
  EXPECT_EQ(r2.status, 0);
  EXPECT_EQ(r2.out, "valid\n");
}

TEST(CliIo, FileInput) {
  TempFile f("\xCE\xB1\xCE\xB2");
  const Result r = Cli({"decode", "--to", "ucs4le", f.path()});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, Le32({0x3B1, 0x3B2}));
}

TEST(CliIo, LargeInputIsOnePacket) {
  // Well over the read buffer, so input arrives in many reads, and two thirds of
  // the 64 KiB read boundaries fall inside a 3-byte character.
  std::string big = "A";
  while (big.size() < (3u << 20)) big += "\xE2\x82\xAC";
  TempFile f(big + "\xF0\x9F");
  const Result v = Cli({"validate", f.path()});
  EXPECT_EQ(v.status, 1);
  EXPECT_EQ(v.out, "invalid at byte " + std::to_string(big.size()) + ": TOO_SHORT\n");
  const Result d = Cli({"decode", "-"}, big);
  EXPECT_EQ(d.status, 0);
  EXPECT_TRUE(d.out == big) << "decode --to utf8 of " << big.size() << " bytes differs";
  const Result u = Cli({"decode", "--to", "ucs4le", "--stats", "-"}, big);
  EXPECT_EQ(u.out.size(), 4 * (1 + (big.size() - 1) / 3));
  EXPECT_NE(u.err.find("\"bytes\":" + std::to_string(big.size()) + ","), std::string::npos);
}

// ---------------------------------------------------------------------------
// validate.

TEST(CliValidate, ValidInput) {
  for (const char* mode : {"rfc3629", "annex-r"}) {
    for (const std::string& in :
         {std::string(""), std::string("plain ASCII\n"),
          std::string("Gr\xC3\xBC\xC3\x9F"
                      "e \xCE\xBA\xCF\x8C\xCF\x83\xCE\xBC\xCE\xB5 "
                      "\xD0\xBC\xD0\xB8\xD1\x80 \xE4\xB8\x96\xE7\x95\x8C \xF0\x9F\x9A\x80"),
          std::string("\xEF\xBF\xBF\xF4\x8F\xBF\xBF\xED\x9F\xBF\xEE\x80\x80")}) {
      const Result r = Cli({"validate", "--mode", mode, "-"}, in);
      EXPECT_EQ(r.status, 0) << mode;
      EXPECT_EQ(r.out, "valid\n");
      EXPECT_EQ(r.err, "");
    }
  }
}

struct ValidateCase {
  const char* mode;
  std::string in;
  const char* expected;  // stdout
};

// Every error class, in each mode where it can occur, from SPEC §2-§3's tables.
TEST(CliValidate, EachErrorClass) {
  const ValidateCase cases[] = {
      {"rfc3629", "ab\xE2\x82", "invalid at byte 2: TOO_SHORT\n"},  // packet ends
      {"rfc3629", "a\xE2\x82z", "invalid at byte 1: TOO_SHORT\n"},  // non-continuation
      {"rfc3629", "\xF0\x9F\x98", "invalid at byte 0: TOO_SHORT\n"},
      {"rfc3629", "abc\x80", "invalid at byte 3: TOO_LONG\n"},
      {"rfc3629", "\xC3\xA9\xBF", "invalid at byte 2: TOO_LONG\n"},
      {"rfc3629", "\xC0\xAF", "invalid at byte 0: OVERLONG\n"},
      {"rfc3629", "xx\xC1\xBF", "invalid at byte 2: OVERLONG\n"},
      {"rfc3629", "x\xE0\x80\x80", "invalid at byte 1: OVERLONG\n"},
      {"rfc3629", "\xF0\x8F\xBF\xBF", "invalid at byte 0: OVERLONG\n"},
      {"rfc3629", "\xED\xA0\x80", "invalid at byte 0: SURROGATE\n"},
      {"rfc3629", "ok\xED\xBF\xBF", "invalid at byte 2: SURROGATE\n"},
      {"rfc3629", "\xF4\x90\x80\x80", "invalid at byte 0: TOO_LARGE\n"},
      {"rfc3629", "a\xF5\x80\x80\x80", "invalid at byte 1: TOO_LARGE\n"},
      {"rfc3629", "\xF7", "invalid at byte 0: TOO_LARGE\n"},
      {"rfc3629", "\xF8\x88\x80\x80\x80", "invalid at byte 0: HEADER_BITS\n"},
      {"rfc3629", "abcd\xFF", "invalid at byte 4: HEADER_BITS\n"},
      {"rfc3629", "\xFD\xBF\xBF\xBF\xBF\xBF", "invalid at byte 0: HEADER_BITS\n"},
      {"annex-r", "\xF8\x88\x80", "invalid at byte 0: TOO_SHORT\n"},
      {"annex-r", "a\x80", "invalid at byte 1: TOO_LONG\n"},
      {"annex-r", "\xF8\x87\xBF\xBF\xBF", "invalid at byte 0: OVERLONG\n"},
      {"annex-r", "\xFC\x83\xBF\xBF\xBF\xBF", "invalid at byte 0: OVERLONG\n"},
      {"annex-r", "\xED\xA0\x80", "invalid at byte 0: SURROGATE\n"},
      {"annex-r", "\xFE", "invalid at byte 0: HEADER_BITS\n"},
      {"annex-r", "xyz\xFF", "invalid at byte 3: HEADER_BITS\n"},
      // Only the first error is reported.
      {"rfc3629", "a\x80\xC0\xFF", "invalid at byte 1: TOO_LONG\n"},
  };
  for (const ValidateCase& c : cases) {
    SCOPED_TRACE(std::string(c.mode) + " " + c.expected);
    TempFile f(c.in);
    const Result rf = Cli({"validate", "--mode", c.mode, f.path()});
    EXPECT_EQ(rf.status, 1);
    EXPECT_EQ(rf.out, c.expected);
    EXPECT_EQ(rf.err, "");
  }
}

// ---------------------------------------------------------------------------
// decode.

TEST(CliDecode, TextColumns) {
  const Result r = Cli({"decode", "--to", "text", "-"}, "A\xC3\xA9\xF0\x9F\x98\x80\xE2\x82");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out,
            "       0 1 U+0041     OK\n"
            "       1 2 U+00E9     OK\n"
            "       3 4 U+1F600    OK\n"
            "       7 2 U+FFFD     TOO_SHORT\n");
  EXPECT_EQ(r.err, "");
}

TEST(CliDecode, TextMaximalSubparts) {
  // SPEC §3's examples: C0 80 is two units; E0 41 is U+FFFD then 'A'.
  const Result r = Cli({"decode", "--to=text", "-"}, "\xC0\x80\xE0\x41");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out,
            "       0 1 U+FFFD     OVERLONG\n"
            "       1 1 U+FFFD     TOO_LONG\n"
            "       2 1 U+FFFD     TOO_SHORT\n"
            "       3 1 U+0041     OK\n");
}

TEST(CliDecode, Utf8ReplacesErrorUnits) {
  const Result r = Cli({"decode", "--to", "utf8", "-"}, "A\xC0\x80\xF0\x9F\x98\x80\xED\xA0\x80z");
  EXPECT_EQ(r.status, 0);  // replacing errors is success
  EXPECT_EQ(r.out,
            "A\xEF\xBF\xBD\xEF\xBF\xBD\xF0\x9F\x98\x80"
            "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBDz");
  // utf8 is the default.
  EXPECT_EQ(Cli({"decode", "-"}, "A\xC0\x80\xF0\x9F\x98\x80\xED\xA0\x80z").out, r.out);
}

TEST(CliDecode, Ucs4le) {
  const Result r = Cli({"decode", "--to", "ucs4le", "-"},
                       "\xE2\x82\xAC\x80"
                       "A");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, Le32({0x20AC, 0xFFFD, 0x41}));
}

TEST(CliDecode, EmptyInput) {
  for (const char* to : {"utf8", "ucs4le", "text"}) {
    const Result r = Cli({"decode", "--to", to, "-"}, "");
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.out, "");
  }
}

// ---------------------------------------------------------------------------
// The two modes on a 5-octet sequence (U+200000, Annex R Table 5).

TEST(CliModes, FiveOctetSequence) {
  const std::string five = "\xF8\x88\x80\x80\x80";
  const Result rv = Cli({"validate", "-"}, five);
  EXPECT_EQ(rv.status, 1);
  EXPECT_EQ(rv.out, "invalid at byte 0: HEADER_BITS\n");
  const Result av = Cli({"validate", "--mode", "annex-r", "-"}, five);
  EXPECT_EQ(av.status, 0);
  EXPECT_EQ(av.out, "valid\n");

  EXPECT_EQ(Cli({"decode", "--mode", "rfc3629", "--to", "text", "-"}, five).out,
            "       0 1 U+FFFD     HEADER_BITS\n"
            "       1 1 U+FFFD     TOO_LONG\n"
            "       2 1 U+FFFD     TOO_LONG\n"
            "       3 1 U+FFFD     TOO_LONG\n"
            "       4 1 U+FFFD     TOO_LONG\n");
  EXPECT_EQ(Cli({"decode", "--mode", "annex-r", "--to", "text", "-"}, five).out,
            "       0 5 U+200000   OK\n");
  EXPECT_EQ(Cli({"decode", "--mode", "annex-r", "--to", "ucs4le", "-"}, five).out,
            Le32({0x200000}));
  // annex-r keeps the 5-octet form when re-encoding; rfc3629 has five U+FFFD.
  EXPECT_EQ(Cli({"decode", "--mode", "annex-r", "-"}, five).out, five);
  std::string fffd5;
  for (int i = 0; i < 5; ++i) fffd5 += "\xEF\xBF\xBD";
  EXPECT_EQ(Cli({"decode", "-"}, five).out, fffd5);
}

TEST(CliModes, SixOctetMaximum) {
  const std::string six = "\xFD\xBF\xBF\xBF\xBF\xBF";
  EXPECT_EQ(Cli({"decode", "--mode", "annex-r", "--to", "text", "-"}, six).out,
            "       0 6 U+7FFFFFFF OK\n");
  EXPECT_EQ(Cli({"encode", "--mode", "annex-r", "-"}, Le32({0x7FFFFFFF})).out, six);
  EXPECT_EQ(Cli({"encode", "-"}, Le32({0x7FFFFFFF})).out, "\xEF\xBF\xBD");
}

// ---------------------------------------------------------------------------
// encode.

TEST(CliEncode, TableFourAndRejections) {
  const Result r =
      Cli({"encode", "-"},
          Le32({0x41, 0xE9, 0x20AC, 0x1F600, 0x10FFFF, 0xD800, 0xDFFF, 0x110000, 0x80000000u}));
  EXPECT_EQ(r.status, 0);  // rejected values are replaced, not failures
  EXPECT_EQ(r.out,
            "A\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\xF4\x8F\xBF\xBF"
            "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
  const Result a = Cli({"encode", "--mode", "annex-r", "-"},
                       Le32({0x110000, 0x200000, 0x3FFFFFF, 0x4000000, 0xD800, 0x80000000u}));
  EXPECT_EQ(a.status, 0);
  EXPECT_EQ(a.out,
            "\xF4\x90\x80\x80\xF8\x88\x80\x80\x80\xFB\xBF\xBF\xBF\xBF"
            "\xFC\x84\x80\x80\x80\x80\xEF\xBF\xBD\xEF\xBF\xBD");
}

TEST(CliEncode, RoundTripThroughDecode) {
  const std::string text =
      "Latin \xC3\xA9 Greek \xCE\xB1 Cyrillic \xD0\xB6 CJK \xE4\xB8\xAD emoji \xF0\x9F\x98\x80"
      " max \xF4\x8F\xBF\xBF nonchar \xEF\xBF\xBF";
  for (const char* mode : {"rfc3629", "annex-r"}) {
    const Result d = Cli({"decode", "--mode", mode, "--to", "ucs4le", "-"}, text);
    ASSERT_EQ(d.status, 0);
    const Result e = Cli({"encode", "--mode", mode, "-"}, d.out);
    EXPECT_EQ(e.status, 0);
    EXPECT_EQ(e.out, text) << mode;
  }
  const std::string wide = "\xF8\x88\x80\x80\x80\xFD\xBF\xBF\xBF\xBF\xBF\xF7\xBF\xBF\xBF";
  const Result d = Cli({"decode", "--mode", "annex-r", "--to", "ucs4le", "-"}, wide);
  EXPECT_EQ(Cli({"encode", "--mode", "annex-r", "-"}, d.out).out, wide);
}

// ---------------------------------------------------------------------------
// --stats.

TEST(CliStats, DecodeKeysAndCounts) {
  const Result r = Cli({"decode", "--stats", "--to", "ucs4le", "-"}, "A\x80\xC3\xA9\xED\xA0\x80");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, Le32({0x41, 0xFFFD, 0xE9, 0xFFFD, 0xFFFD, 0xFFFD}));
  EXPECT_EQ(r.err,
            "{\"command\":\"decode\",\"mode\":\"rfc3629\",\"engine\":\"model\",\"bytes\":7,"
            "\"units\":6,\"errors\":4,\"classes\":{\"OK\":2,\"TOO_SHORT\":0,\"TOO_LONG\":3,"
            "\"OVERLONG\":0,\"SURROGATE\":1,\"TOO_LARGE\":0,\"HEADER_BITS\":0}}\n");
}

TEST(CliStats, ValidateAndEncode) {
  const Result v = Cli({"validate", "--mode", "annex-r", "--stats", "-"},
                       "\xFE"
                       "ab");
  EXPECT_EQ(v.status, 1);
  EXPECT_EQ(v.out, "invalid at byte 0: HEADER_BITS\n");
  EXPECT_EQ(v.err,
            "{\"command\":\"validate\",\"mode\":\"annex-r\",\"engine\":\"model\",\"bytes\":3,"
            "\"units\":3,\"errors\":1,\"classes\":{\"OK\":2,\"TOO_SHORT\":0,\"TOO_LONG\":0,"
            "\"OVERLONG\":0,\"SURROGATE\":0,\"TOO_LARGE\":0,\"HEADER_BITS\":1}}\n");
  // encode: bytes are the UTF-8 bytes written, units the code points read.
  const Result e = Cli({"encode", "--stats", "-"}, Le32({0xE9, 0xD800, 0x110000}));
  EXPECT_EQ(e.status, 0);
  EXPECT_EQ(e.err,
            "{\"command\":\"encode\",\"mode\":\"rfc3629\",\"engine\":\"model\",\"bytes\":8,"
            "\"units\":3,\"errors\":2,\"classes\":{\"OK\":1,\"TOO_SHORT\":0,\"TOO_LONG\":0,"
            "\"OVERLONG\":0,\"SURROGATE\":1,\"TOO_LARGE\":1,\"HEADER_BITS\":0}}\n");
  // Without --stats, standard error stays empty.
  EXPECT_EQ(Cli({"encode", "-"}, Le32({0xD800})).err, "");
}

// ---------------------------------------------------------------------------
// The built-in sample, in every command and both modes.

int Count(const std::string& hay, const std::string& needle) {
  int n = 0;
  for (size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
  return n;
}

TEST(CliSample, DecodeShowsEveryClassInRfc3629) {
  const Result r = Cli({"decode", "--to", "text"});
  ASSERT_EQ(r.status, 0);
  for (const char* cls : {" OK\n", " TOO_SHORT\n", " TOO_LONG\n", " OVERLONG\n", " SURROGATE\n",
                          " TOO_LARGE\n", " HEADER_BITS\n"}) {
    EXPECT_GT(Count(r.out, cls), 0) << cls;
  }
  // Multilingual: Greek, Cyrillic, CJK and an emoji are in it.
  EXPECT_NE(r.out.find(" U+039A "), std::string::npos);
  EXPECT_NE(r.out.find(" U+041F "), std::string::npos);
  EXPECT_NE(r.out.find(" U+4F60 "), std::string::npos);
  EXPECT_NE(r.out.find(" 4 U+1F680 "), std::string::npos);
}

TEST(CliSample, AnnexRDecodesTheLongForms) {
  const Result r = Cli({"decode", "--mode", "annex-r", "--to", "text"});
  ASSERT_EQ(r.status, 0);
  EXPECT_NE(r.out.find(" 4 U+110000   OK\n"), std::string::npos);
  EXPECT_NE(r.out.find(" 5 U+200000   OK\n"), std::string::npos);
  EXPECT_NE(r.out.find(" 6 U+7FFFFFFF OK\n"), std::string::npos);
  EXPECT_EQ(Count(r.out, " TOO_LARGE\n"), 0);
  for (const char* cls :
       {" TOO_SHORT\n", " TOO_LONG\n", " OVERLONG\n", " SURROGATE\n", " HEADER_BITS\n"}) {
    EXPECT_GT(Count(r.out, cls), 0) << cls;
  }
}

TEST(CliSample, EveryCommandRuns) {
  for (const char* mode : {"rfc3629", "annex-r"}) {
    SCOPED_TRACE(mode);
    for (const char* to : {"utf8", "ucs4le", "text"}) {
      const Result r = Cli({"decode", "--mode", mode, "--to", to, "--stats"});
      EXPECT_EQ(r.status, 0) << to;
      EXPECT_FALSE(r.out.empty());
      EXPECT_NE(r.err.find("\"errors\":"), std::string::npos);
    }
    const Result v = Cli({"validate", "--mode", mode});
    EXPECT_EQ(v.status, 1);
    EXPECT_TRUE(std::regex_match(v.out, std::regex("invalid at byte [0-9]+: TOO_SHORT\n")))
        << v.out;
    const Result e = Cli({"encode", "--mode", mode, "--stats"});
    EXPECT_EQ(e.status, 0);
    EXPECT_FALSE(e.out.empty());
    // The encode sample carries a surrogate and values beyond each mode.
    EXPECT_NE(e.err.find("\"SURROGATE\":1"), std::string::npos) << e.err;
    EXPECT_NE(e.err.find(std::string("\"TOO_LARGE\":") + (mode[0] == 'r' ? "3" : "1")),
              std::string::npos)
        << e.err;
    // Encoding never emits ill-formed UTF-8.
    const Result check = Cli({"validate", "--mode", mode, "-"}, e.out);
    EXPECT_EQ(check.status, 0) << check.out;
  }
}

TEST(CliSample, DecodeUtf8EqualsEncodeOfUcs4) {
  for (const char* mode : {"rfc3629", "annex-r"}) {
    const Result u = Cli({"decode", "--mode", mode, "--to", "ucs4le"});
    const Result t = Cli({"decode", "--mode", mode, "--to", "utf8"});
    const Result e = Cli({"encode", "--mode", "annex-r", "-"}, u.out);
    ASSERT_EQ(u.status, 0);
    ASSERT_EQ(t.status, 0);
    ASSERT_EQ(e.status, 0);
    EXPECT_GT(t.out.size(), 200u);
    EXPECT_EQ(e.out, t.out) << mode;
  }
}

}  // namespace
}  // namespace testing_cli
}  // namespace utf8core
