// utf8core validate-strings as a user runs it (SPEC §7): the report line and
// exit status, the bitmap file byte for byte, int32 and int64 offsets, --stats,
// a bad column (exit 2, no bitmap written) and the usage errors. The binary is
// run as a child process; the expected answers are worked out by hand.
#include <unistd.h>

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "subprocess.h"

namespace utf8core {
namespace testing_cli {
namespace {

Result Cli(const std::vector<std::string>& args) { return Run(UTF8CORE_BIN, args, "", ""); }

std::string Offsets(const std::vector<int64_t>& v, int width) {
  std::string s;
  for (int64_t x : v) {
    for (int b = 0; b < width; ++b) s.push_back(static_cast<char>((static_cast<uint64_t>(x) >> (8 * b)) & 0xFF));
  }
  return s;
}

// "abc", "", "h\xC3\xA9", "\xE2\x82" (cut), "ok", "\xED\xA0\x80x" (surrogate),
// "\xF0\x9F\x98\x80": strings 3 and 5 ill-formed.
const std::string kData = std::string("abc") + "h\xC3\xA9" + "\xE2\x82" + "ok" + "\xED\xA0\x80x" +
                          "\xF0\x9F\x98\x80";
const std::vector<int64_t> kOffsets = {0, 3, 3, 6, 8, 10, 14, 18};

TEST(CliStrings, ReportBitmapAndExitStatus) {
  TempFile data(kData), offsets(Offsets(kOffsets, 4)), bitmap;
  const Result r = Cli({"validate-strings", "--offsets", offsets.path(), "--bitmap", bitmap.path(),
                        data.path()});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "invalid: 2 of 7 strings; first: string 3 at byte 0: TOO_SHORT\n");
  EXPECT_EQ(r.err, "");
  // bits 0, 1, 2, 4 and 6 (Arrow's order: bit i of byte i / 8, LSB first)
  EXPECT_EQ(ReadFile(bitmap.path()), std::string("\x57", 1));
}

TEST(CliStrings, Int64OffsetsAndAValidColumn) {
  const std::string text = "\xC3\xA9t\xC3\xA9" "x";
  TempFile data(text), offsets(Offsets({0, 5, 5, 6}, 8)), bitmap;
  const Result r = Cli({"validate-strings", "--offsets64", "--offsets=" + offsets.path(),
                        "--bitmap=" + bitmap.path(), "--mode", "annex-r", data.path()});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "valid: 3 strings\n");
  EXPECT_EQ(ReadFile(bitmap.path()), std::string("\x07", 1));
}

TEST(CliStrings, ModeDecidesAFiveOctetString) {
  TempFile data("\xF8\x88\x80\x80\x80"), offsets(Offsets({0, 5}, 4));
  EXPECT_EQ(Cli({"validate-strings", "--offsets", offsets.path(), data.path()}).status, 1);
  const Result r = Cli({"validate-strings", "--mode", "annex-r", "--offsets", offsets.path(), data.path()});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "valid: 1 strings\n");
}

TEST(CliStrings, StatsCountTheStrings) {
  TempFile data(kData), offsets(Offsets(kOffsets, 4));
  const Result r = Cli({"validate-strings", "--stats", "--offsets", offsets.path(), data.path()});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err,
            "{\"command\":\"validate-strings\",\"mode\":\"rfc3629\",\"engine\":\"model\","
            "\"strings\":7,\"bad_strings\":2,\"bytes\":18,\"units\":13,\"errors\":4,"
            "\"classes\":{\"OK\":9,\"TOO_SHORT\":1,\"TOO_LONG\":2,\"OVERLONG\":0,"
            "\"SURROGATE\":1,\"TOO_LARGE\":0,\"HEADER_BITS\":0}}\n");
}

TEST(CliStrings, BadColumnExits2AndWritesNoBitmap) {
  TempFile data(kData);
  struct Case {
    std::string offsets;
    std::string message;
  };
  const std::vector<Case> cases = {
      {Offsets({0, 3, 2, 6}, 4), "bad column: offset 2 (2) is below the one before (3); no bitmap written"},
      {Offsets({0, 3, 19}, 4), "bad column: offset 2 (19) is outside 0..18 (the data's length); no bitmap written"},
      {Offsets({-1, 3}, 4), "bad column: offset 0 (-1) is outside 0..18 (the data's length); no bitmap written"},
      {std::string(6, '\0'), "bad column: the offsets are 6 bytes, not whole int32 values"},
  };
  for (const Case& k : cases) {
    TempFile offsets(k.offsets);
    const std::string bitmap_path = offsets.path() + ".bitmap";
    const Result r = Cli({"validate-strings", "--offsets", offsets.path(), "--bitmap", bitmap_path,
                          data.path()});
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.err, "utf8core: " + k.message + "\n");
    EXPECT_EQ(r.out, "");
    EXPECT_NE(access(bitmap_path.c_str(), F_OK), 0) << "a bitmap was written for " << k.message;
  }
}

// The string validator RTL gives the model's answers: the report, the bitmap
// byte for byte (empty strings included, which never reach the block) and
// --stats, at both lane counts of the program.
TEST(CliStrings, RtlEngineAgreesWithTheModel) {
  TempFile data(kData), offsets32(Offsets(kOffsets, 4)), offsets64(Offsets(kOffsets, 8));
  TempFile bitmap_model, bitmap_rtl;
  const Result m = Cli({"validate-strings", "--offsets", offsets32.path(), "--bitmap", bitmap_model.path(),
                        data.path()});
  for (const char* lanes : {"8", "64"}) {
    const Result r = Cli({"validate-strings", "--engine", "rtl", "--lanes", lanes, "--offsets64", "--offsets",
                          offsets64.path(), "--bitmap", bitmap_rtl.path(), "--stats", data.path()});
    EXPECT_EQ(r.status, 1) << lanes << ": " << r.err;
    EXPECT_EQ(r.out, m.out);
    EXPECT_EQ(ReadFile(bitmap_rtl.path()), ReadFile(bitmap_model.path()));
    EXPECT_NE(r.err.find("\"engine\":\"rtl\",\"lanes\":" + std::string(lanes) + ",\"cycles\":"), std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("\"strings\":7,\"bad_strings\":2"), std::string::npos) << r.err;
  }
  // empty strings after the last one that has bytes get their bits too
  TempFile abc("abc\x80"), trailing(Offsets({0, 3, 3, 4, 4, 4}, 4)), bits;
  const Result t = Cli({"validate-strings", "--engine", "rtl", "--offsets", trailing.path(), "--bitmap",
                        bits.path(), abc.path()});
  EXPECT_EQ(t.status, 1) << t.err;
  EXPECT_EQ(t.out, "invalid: 1 of 5 strings; first: string 2 at byte 0: TOO_LONG\n");
  EXPECT_EQ(ReadFile(bits.path()), std::string("\x1B", 1));
  // a column of empty strings only: no packet, every bit set
  TempFile none(""), zeros(Offsets({0, 0, 0, 0}, 4)), bitmap;
  const Result e = Cli({"validate-strings", "--engine", "rtl", "--offsets", zeros.path(), "--bitmap",
                        bitmap.path(), none.path()});
  EXPECT_EQ(e.status, 0) << e.err;
  EXPECT_EQ(e.out, "valid: 3 strings\n");
  EXPECT_EQ(ReadFile(bitmap.path()), std::string("\x07", 1));
  // a bad column is found before the RTL runs: exit 2, as on the model
  TempFile bad(Offsets({0, 3, 2, 18}, 4));
  const Result b = Cli({"validate-strings", "--engine", "rtl", "--offsets", bad.path(), data.path()});
  EXPECT_EQ(b.status, 2);
  EXPECT_EQ(b.err, "utf8core: bad column: offset 2 (2) is below the one before (3); no bitmap written\n");
}

TEST(CliStrings, KernelEngineAgreesWithTheModel) {
  TempFile data(kData), offsets32(Offsets(kOffsets, 4)), offsets64(Offsets(kOffsets, 8));
  TempFile bitmap_model, bitmap_kernel;
  const Result m = Cli({"validate-strings", "--offsets", offsets32.path(), "--bitmap", bitmap_model.path(),
                        data.path()});
  for (bool o64 : {false, true}) {
    std::vector<std::string> args = {"validate-strings", "--engine", "kernel", "--offsets",
                                     o64 ? offsets64.path() : offsets32.path(), "--bitmap", bitmap_kernel.path(),
                                     "--stats", data.path()};
    if (o64) args.insert(args.begin() + 3, "--offsets64");
    const Result r = Cli(args);
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_EQ(r.out, m.out);
    EXPECT_EQ(ReadFile(bitmap_kernel.path()), ReadFile(bitmap_model.path()));
    EXPECT_NE(r.err.find("\"engine\":\"kernel\",\"data_width\":"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("\"strings\":7,\"bad_strings\":2"), std::string::npos) << r.err;
  }
  // empty strings at the end, and a column of empty strings only
  TempFile abc("abc\x80"), trailing(Offsets({0, 3, 3, 4, 4, 4}, 4)), bits;
  const Result t = Cli({"validate-strings", "--engine", "kernel", "--offsets", trailing.path(), "--bitmap",
                        bits.path(), abc.path()});
  EXPECT_EQ(t.status, 1) << t.err;
  EXPECT_EQ(t.out, "invalid: 1 of 5 strings; first: string 2 at byte 0: TOO_LONG\n");
  EXPECT_EQ(ReadFile(bits.path()), std::string("\x1B", 1));
  TempFile none(""), zeros(Offsets({0, 0, 0, 0}, 4)), bitmap;
  const Result e = Cli({"validate-strings", "--engine", "kernel", "--offsets", zeros.path(), "--bitmap",
                        bitmap.path(), none.path()});
  EXPECT_EQ(e.status, 0) << e.err;
  EXPECT_EQ(e.out, "valid: 3 strings\n");
  EXPECT_EQ(ReadFile(bitmap.path()), std::string("\x07", 1));
}

TEST(CliStrings, UsageErrors) {
  TempFile data(kData), offsets(Offsets(kOffsets, 4));
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{"validate-strings", data.path()}, "validate-strings needs --offsets FILE (the column's offsets)"},
      {{"validate-strings", "--offsets", offsets.path()}, "validate-strings needs DATA (the column's data file)"},
      {{"validate-strings", "--offsets", offsets.path(), "--engine", "gpu", data.path()},
       "unknown engine 'gpu' (validate-strings: model, rtl or kernel)"},
      {{"validate-strings", "--offsets", offsets.path(), "--engine", "kernel", "--lanes", "64", data.path()},
       "option '--lanes' is for --engine rtl (the string validator's lane count)"},
      {{"validate-strings", "--offsets", offsets.path(), "--lanes", "8", data.path()},
       "option '--lanes' is for --engine rtl (the string validator's lane count)"},
      {{"validate-strings", "--offsets", offsets.path(), "--engine", "rtl", "--lanes", "3", data.path()},
       "no string validator RTL with 3 lanes in this build (built: 8, 64)"},
      {{"validate-strings", "--offsets", offsets.path(), "--engine", "rtl", "--lanes", "x", data.path()},
       "bad lane count 'x' (a whole number, e.g. 8)"},
      {{"validate-strings", "--offsets", offsets.path(), "--mode", "latin1", data.path()},
       "bad mode 'latin1' (rfc3629 or annex-r)"},
      {{"validate-strings", "--offsets", offsets.path(), data.path(), data.path()},
       "more than one data file ('" + data.path() + "', '" + data.path() + "')"},
      {{"validate-strings", "--offsets", "/nonexistent/offsets", data.path()},
       "cannot open offsets file '/nonexistent/offsets': No such file or directory"},
  };
  for (const Case& k : cases) {
    const Result r = Cli(k.args);
    EXPECT_EQ(r.status, 2) << k.message;
    EXPECT_EQ(r.err, "utf8core: " + k.message + "\n");
    EXPECT_EQ(r.out, "");
  }
}

}  // namespace
}  // namespace testing_cli
}  // namespace utf8core
