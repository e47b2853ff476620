// In-process tests of the cli library (cli/cli.h): argument parsing into
// Options, the --to text line format, and Execute() without any I/O. The
// program-level behaviour is tested through the binary in cli_test.cpp.
#include <string>
#include <vector>

#include "cli.h"
#include "gtest/gtest.h"
#include "model_engine.h"
#include "utf8_sample.h"

namespace utf8core {
namespace cli {
namespace {

Options Parse(const std::vector<std::string>& args) {
  Options o;
  const std::string error = ParseArgs(args, &o);
  EXPECT_EQ(error, "");
  return o;
}

TEST(CliParse, Defaults) {
  const Options o = Parse({"decode"});
  EXPECT_EQ(o.command, Command::kDecode);
  EXPECT_EQ(o.mode, Mode::kRfc3629);
  EXPECT_EQ(o.engine.name, "model");
  EXPECT_EQ(o.to, Format::kUtf8);
  EXPECT_FALSE(o.stats);
  EXPECT_EQ(o.input, "");  // the built-in sample
}

TEST(CliParse, OptionsAnywhereBothSpellings) {
  const Options o =
      Parse({"decode", "in.bin", "--mode=annex-r", "--to", "text", "--stats", "--engine=model"});
  EXPECT_EQ(o.mode, Mode::kAnnexR);
  EXPECT_EQ(o.to, Format::kText);
  EXPECT_TRUE(o.stats);
  EXPECT_EQ(o.input, "in.bin");
  EXPECT_EQ(Parse({"validate", "-"}).input, "-");
  EXPECT_EQ(Parse({"encode", "--", "--stats"}).input, "--stats");
  EXPECT_FALSE(Parse({"encode", "--", "--stats"}).stats);
  EXPECT_EQ(Parse({"decode", "--mode", "annex-r", "--mode", "rfc3629"}).mode, Mode::kRfc3629);
}

TEST(CliParse, RtlOptionsReachTheEngineConfig) {
  Options o = Parse({"validate", "--engine=rtl", "--lanes", "64", "--trace=w.fst", "in.bin"});
  EXPECT_EQ(o.engine.name, "rtl");
  EXPECT_EQ(o.engine.lanes, 64);
  EXPECT_EQ(o.engine.trace_path, "w.fst");
  EXPECT_EQ(o.input, "in.bin");
  o = Parse({"encode", "--engine", "rtl"});
  EXPECT_EQ(o.engine.lanes, 1);  // the scalar blocks unless told otherwise
  EXPECT_EQ(o.engine.trace_path, "");
}

TEST(CliParse, Errors) {
  Options o;
  EXPECT_EQ(ParseArgs({"decode", "--to", "ucs2"}, &o),
            "bad output format 'ucs2' for --to (utf8, ucs4le or text)");
  EXPECT_EQ(ParseArgs({"validate", "--engine", "fpga"}, &o),
            "unknown engine 'fpga' (available: model, rtl, kernel)");
  EXPECT_EQ(ParseArgs({"decode", "--lanes=8"}, &o), "option '--lanes' needs --engine rtl");
  // A message stays one line whatever an argument holds (found by fuzz/fuzz_cli).
  EXPECT_EQ(ParseArgs({"decod\n2.3.2"}, &o),
            "unknown command 'decod\\x0A2.3.2' (decode, encode, validate or validate-strings)");
  EXPECT_EQ(ParseArgs({"decode", "a\tb", "c\x7F"}, &o), "more than one input file ('a\\x09b', 'c\\x7F')");
}

TEST(CliText, LineFormat) {
  EXPECT_EQ(TextLine(Unit{0x41, 0, 1, ErrorClass::kOk}), "       0 1 U+0041     OK\n");
  EXPECT_EQ(TextLine(Unit{0x1F600, 12345678, 4, ErrorClass::kOk}), "12345678 4 U+1F600    OK\n");
  // Offsets wider than the column push it right rather than being cut.
  EXPECT_EQ(TextLine(Unit{kReplacement, 123456789012ull, 3, ErrorClass::kSurrogate}),
            "123456789012 3 U+FFFD     SURROGATE\n");
  EXPECT_EQ(TextLine(Unit{0x7FFFFFFF, 7, 6, ErrorClass::kOk}), "       7 6 U+7FFFFFFF OK\n");
}

TEST(CliExecute, InMemory) {
  Options o = Parse({"validate", "-"});
  const std::string bad = "ab\xF4\x90\x80\x80";
  Outcome r = Execute(o, std::vector<uint8_t>(bad.begin(), bad.end()));
  EXPECT_EQ(r.exit_code, kExitInvalid);
  EXPECT_EQ(r.out, "invalid at byte 2: TOO_LARGE\n");
  o.mode = Mode::kAnnexR;
  r = Execute(o, std::vector<uint8_t>(bad.begin(), bad.end()));
  EXPECT_EQ(r.exit_code, kExitOk);
  EXPECT_EQ(r.out, "valid\n");

  o = Parse({"encode", "-"});
  r = Execute(o, {0x41, 0, 0});
  EXPECT_EQ(r.exit_code, kExitUsage);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "utf8core: encode input is 3 bytes, not a multiple of 4 (32-bit little-endian "
            "code points)\n");
}

TEST(CliExecute, SampleIgnoresInputBytes) {
  const Options o = Parse({"decode", "--to", "text"});
  const Outcome a = Execute(o, {});
  const Outcome b = Execute(o, {0xFF, 0xFF});
  EXPECT_EQ(a.out, b.out);
  const std::vector<uint8_t>& s = SampleUtf8();
  const Outcome c = Execute(Parse({"decode", "--to", "text", "-"}), s);
  EXPECT_EQ(a.out, c.out);
}

// Stands in for a clocked engine (the RTL one): the model's data, a made-up
// cycle count, and an optional failure such as an RTL/cycle-model mismatch.
class ClockedEngine : public ModelEngine {
 public:
  std::string fail;
  const char* name() const override { return "clocked"; }
  EngineRun Decode(ByteReader* in, Mode mode, UnitSink* out) override {
    EngineRun r = ModelEngine::Decode(in, mode, out);
    r.error = fail;
    r.has_cycles = true;
    r.cycles = in->bytes_read() / 2;
    return r;
  }
};

TEST(CliExecute, StatsOfAClockedEngine) {
  ClockedEngine engine;
  const Options o = Parse({"decode", "--stats", "-"});
  const Outcome r = Execute(o, {'a', 'b', 'c', 'd', 0xC3, 0xA9, 0x80, 'e'}, &engine);
  EXPECT_EQ(r.exit_code, kExitOk);
  EXPECT_EQ(r.out,
            "abcd\xC3\xA9\xEF\xBF\xBD"
            "e");
  EXPECT_EQ(r.err,
            "{\"command\":\"decode\",\"mode\":\"rfc3629\",\"engine\":\"clocked\",\"bytes\":8,"
            "\"units\":7,\"errors\":1,\"classes\":{\"OK\":6,\"TOO_SHORT\":0,\"TOO_LONG\":1,"
            "\"OVERLONG\":0,\"SURROGATE\":0,\"TOO_LARGE\":0,\"HEADER_BITS\":0},"
            "\"cycles\":4,\"bytes_per_cycle\":2.0000}\n");
}

TEST(CliExecute, EngineFailureWritesNoOutput) {
  ClockedEngine engine;
  engine.fail = "rtl and cycle model disagree at cycle 7";
  const Outcome r = Execute(Parse({"decode", "--stats", "-"}), {'a'}, &engine);
  EXPECT_EQ(r.exit_code, kExitUsage);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "utf8core: rtl and cycle model disagree at cycle 7\n");
}

}  // namespace
}  // namespace cli
}  // namespace utf8core
