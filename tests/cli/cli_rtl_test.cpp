// Tests of `utf8core --engine rtl` (SPEC §7) through the binary: on the built-in
// sample, Kuhn's stress test and seeded random bytes, every command's output and
// exit status must be byte-identical to --engine model's, for every --to format,
// both modes and lanes 1, 8, 64 and 128; `decode --to utf8` runs the wide sanitizer
// (its output expands error units, so its clocks show it); --stats carries the
// RTL's cycles; --trace writes an FST file; and the RTL options' usage errors.
#include <cinttypes>
#include <cstdio>
#include <memory>
#include <regex>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "harness.h"
#include "rtl_engine.h"
#include "subprocess.h"

namespace utf8core {
namespace testing_cli {
namespace {

Result Cli(const std::vector<std::string>& args, const std::string& in = "") {
  return Run(UTF8CORE_BIN, args, in, "");
}

std::vector<std::string> Cat(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

std::string Joined(const std::vector<std::string>& args) {
  std::string s = "utf8core";
  for (const std::string& a : args) s += " " + a;
  return s;
}

// Bytes that reach every decoder state: sequence pieces of every length, the
// boundary second bytes, continuations, invalid leads, some ASCII and noise.
std::string RandomBytes(sim::Rng* rng, size_t n) {
  static const uint8_t kPool[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1,
                                  0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3,
                                  0xF4, 0xF5, 0xF7, 0xF8, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF, 0x0A};
  std::string s;
  for (size_t i = 0; i < n; ++i) {
    s.push_back(
        static_cast<char>(rng->chance(0.2) ? rng->below(256) : kPool[rng->below(sizeof kPool)]));
  }
  return s;
}

// Inputs of the comparisons: "" stands for the built-in sample (no FILE).
class Inputs {
 public:
  Inputs() {
    sim::Rng rng(sim::SeedFromEnv(20261122));
    seed_ = rng.seed();
    random_ = std::make_unique<TempFile>(RandomBytes(&rng, 3000));
    // Valid text, so that validate's "valid" line is compared too.
    valid_ = std::make_unique<TempFile>(
        "plain ASCII, Gr\xC3\xBC\xC3\x9F"
        "e, \xE4\xB8\xAD\xE6\x96\x87, "
        "\xF0\x9F\x98\x80 and a last line\n");
  }
  std::vector<std::string> files() const {
    std::vector<std::string> f{"", random_->path(), valid_->path()};
#ifdef UTF8CORE_KUHN_TEST
    f.push_back(UTF8CORE_KUHN_TEST);
#endif
    return f;
  }
  uint64_t seed() const { return seed_; }

 private:
  uint64_t seed_ = 0;
  std::unique_ptr<TempFile> random_, valid_;
};

std::vector<std::string> WithFile(std::vector<std::string> args, const std::string& file) {
  if (!file.empty()) args.push_back(file);
  return args;
}

// Runs the model and the RTL with the same arguments and wants the same bytes
// and status, nothing on stderr from either.
void ExpectSameAsModel(const std::vector<std::string>& args, const std::string& lanes) {
  const std::vector<std::string> rtl_args = Cat(args, {"--engine", "rtl", "--lanes", lanes});
  SCOPED_TRACE(Joined(rtl_args));
  const Result model = Cli(Cat(args, {"--engine", "model"}));
  const Result rtl = Cli(rtl_args);
  EXPECT_EQ(rtl.err, "");
  EXPECT_EQ(rtl.status, model.status);
  EXPECT_EQ(rtl.out.size(), model.out.size());
  EXPECT_TRUE(rtl.out == model.out) << "stdout differs from the model's";
}

const char* const kModes[] = {"rfc3629", "annex-r"};
const char* const kLanes[] = {"1", "8", "64"};

TEST(CliRtl, DecodeEqualsModelEveryFormatModeAndLaneCount) {
  const Inputs inputs;
  std::printf("seed %" PRIu64 " (set UTF8CORE_SEED to repeat)\n", inputs.seed());
  for (const std::string& file : inputs.files()) {
    for (const char* mode : kModes) {
      for (const char* to : {"utf8", "ucs4le", "text"}) {
        for (const char* lanes : kLanes) {
          ExpectSameAsModel(WithFile({"decode", "--mode", mode, "--to", to}, file), lanes);
        }
      }
    }
  }
}

TEST(CliRtl, ValidateVerdictEqualsModel) {
  const Inputs inputs;
  std::printf("seed %" PRIu64 " (set UTF8CORE_SEED to repeat)\n", inputs.seed());
  int invalid = 0, valid = 0;
  for (const std::string& file : inputs.files()) {
    for (const char* mode : kModes) {
      for (const char* lanes : kLanes) {
        ExpectSameAsModel(WithFile({"validate", "--mode", mode}, file), lanes);
      }
      const int status = Cli(WithFile({"validate", "--mode", mode}, file)).status;
      invalid += status == 1;
      valid += status == 0;
    }
  }
  // Both verdict lines were compared, not just one of them.
  EXPECT_GT(invalid, 0);
  EXPECT_GT(valid, 0);
}

// The widest validator the program has (64 lanes by default, 100 GbE at 195 MHz;
// 128 when UTF8CORE_CLI_LANES has it): on a long text, valid and with one error
// far in (past 2^12 beats, where the low half of the front end's beat count
// wraps at 128 lanes), the verdict and --stats equal the model's, and the
// validator takes its lanes' bytes a clock but for the pipeline's fill.
TEST(CliRtl, ValidateWidestEqualsModelAtLineRate) {
  const int widest = cli::RtlValidateLanes().back();
  ASSERT_GE(widest, 64) << "the program's widest validator";
  const std::string lanes = std::to_string(widest);
  const std::string text =
      "Zw\xC3\xB6lf Boxk\xC3\xA4mpfer, \xE6\x97\xA5\xE6\x9C\xAC \xF0\x9F\x98\x80. ";
  std::string valid;
  while (valid.size() < (700u << 10)) valid += text;
  std::string invalid = valid;
  // On a space, so that the error unit starts exactly there.
  const size_t at = valid.find(' ', (600u << 10) + 77);
  ASSERT_NE(at, std::string::npos);
  invalid[at] = '\xC0';
  const TempFile valid_file(valid), invalid_file(invalid);
  const std::regex tail(",\"cycles\":([0-9]+),\"bytes_per_cycle\":[0-9.]+\\}\n$");
  for (const TempFile* file : {&valid_file, &invalid_file}) {
    for (const char* mode : kModes) {
      ExpectSameAsModel({"validate", "--mode", mode, file->path()}, lanes);
      const Result model = Cli({"validate", "--stats", "--mode", mode, file->path()});
      const Result rtl = Cli({"validate", "--stats", "--mode", mode, "--engine", "rtl", "--lanes",
                              lanes, file->path()});
      SCOPED_TRACE(std::string(mode) + " " + (file == &valid_file ? "valid" : "invalid"));
      std::smatch m;
      ASSERT_TRUE(std::regex_search(rtl.err, m, tail)) << rtl.err;
      std::string expected = model.err;
      expected.replace(expected.find("\"engine\":\"model\""), 16, "\"engine\":\"rtl\"");
      EXPECT_EQ(rtl.err.substr(0, m.position(0)) + "}\n", expected);
      // The fill: 16 clocks at 64 lanes; the status's sixth reduction step makes
      // it a clock longer at 128.
      const uint64_t beats = (valid.size() + widest - 1) / widest;
      EXPECT_LE(std::stoull(m[1]), beats + (widest > 64 ? 17 : 16));
      std::string verdict = "valid\n";
      if (file == &invalid_file) verdict = "invalid at byte " + std::to_string(at) + ": OVERLONG\n";
      EXPECT_EQ(rtl.out, verdict);
    }
  }
}

TEST(CliRtl, EncodeEqualsModel) {
  sim::Rng rng(sim::SeedFromEnv(20261122));
  std::printf("seed %" PRIu64 " (set UTF8CORE_SEED to repeat)\n", rng.seed());
  // Every octet length of both modes, surrogates, and values beyond each mode.
  std::string le;
  for (int i = 0; i < 2000; ++i) {
    static const uint32_t kTop[] = {0x80,     0x800,     0x10000,    0x110000,
                                    0x200000, 0x4000000, 0x80000000, 0xFFFFFFFF};
    uint32_t v = rng.below(kTop[rng.below(8)]);
    if (rng.chance(0.05)) v = 0xD800 + rng.below(0x800);
    for (int k = 0; k < 4; ++k) le.push_back(static_cast<char>((v >> (8 * k)) & 0xFF));
  }
  const TempFile random(le);
  std::vector<std::string> files{"", random.path()};
#ifdef UTF8CORE_KUHN_TEST
  const Result ucs4 = Cli({"decode", "--to", "ucs4le", UTF8CORE_KUHN_TEST});
  ASSERT_EQ(ucs4.status, 0);
  const TempFile kuhn(ucs4.out);
  files.push_back(kuhn.path());
#endif
  for (const std::string& file : files) {
    for (const char* mode : kModes) {
      const std::vector<std::string> args = WithFile({"encode", "--mode", mode}, file);
      SCOPED_TRACE(Joined(args));
      const Result model = Cli(Cat(args, {"--engine", "model"}));
      const Result rtl = Cli(Cat(args, {"--engine", "rtl"}));
      EXPECT_EQ(rtl.err, "");
      EXPECT_EQ(rtl.status, 0);
      EXPECT_EQ(model.status, 0);
      EXPECT_TRUE(rtl.out == model.out) << "stdout differs from the model's";
    }
  }
}

TEST(CliRtl, EmptyInputIsNoPacket) {
  for (const char* lanes : kLanes) {
    SCOPED_TRACE(std::string("--lanes ") + lanes);
    Result r = Cli({"decode", "--engine", "rtl", "--lanes", lanes, "--stats", "-"}, "");
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("\"units\":0,\"errors\":0"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("\"cycles\":0,"), std::string::npos) << r.err;
    r = Cli({"validate", "--engine", "rtl", "--lanes", lanes, "-"}, "");
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.out, "valid\n");
  }
  const Result e = Cli({"encode", "--engine", "rtl", "-"}, "");
  EXPECT_EQ(e.status, 0);
  EXPECT_EQ(e.out, "");
}

// The --stats object of the RTL is the model's with "engine" changed and
// cycles and bytes_per_cycle added; cycles cannot beat the lane count.
// The wide lanes' `decode --to utf8` is the sanitizer, not the wide decoder's
// units re-encoded: on input where every byte is an error unit the output is
// three times the input, and the sanitizer gives it at LANES bytes a clock, so
// its clocks are at least 3 * bytes / LANES, where the wide decoder takes
// bytes / LANES. Its bytes equal the model's.
TEST(CliRtl, DecodeToUtf8WideIsTheSanitizer) {
  const TempFile errors(std::string(6000, '\x80'));
  const std::regex cycles_key("\"cycles\":([0-9]+),");
  for (int lanes : cli::RtlDecodeLanes()) {
    if (lanes == 1) continue;
    const std::string n = std::to_string(lanes);
    SCOPED_TRACE("--lanes " + n);
    ExpectSameAsModel({"decode", "--to", "utf8", errors.path()}, n);
    const Result utf8 = Cli({"decode", "--to", "utf8", "--stats", "--engine", "rtl", "--lanes", n, errors.path()});
    const Result ucs4 = Cli({"decode", "--to", "ucs4le", "--stats", "--engine", "rtl", "--lanes", n, errors.path()});
    ASSERT_EQ(utf8.status, 0) << utf8.err;
    ASSERT_EQ(ucs4.status, 0) << ucs4.err;
    EXPECT_EQ(utf8.out.size(), 3u * 6000u);
    std::smatch a, b;
    ASSERT_TRUE(std::regex_search(utf8.err, a, cycles_key)) << utf8.err;
    ASSERT_TRUE(std::regex_search(ucs4.err, b, cycles_key)) << ucs4.err;
    EXPECT_GE(std::stoull(a[1]), 3u * 6000u / static_cast<unsigned>(lanes));
    EXPECT_LT(std::stoull(b[1]), 2u * 6000u / static_cast<unsigned>(lanes));
  }
}

TEST(CliRtl, StatsCarryCyclesAndTheModelsCounts) {
  const Inputs inputs;
  const std::regex tail(",\"cycles\":([0-9]+),\"bytes_per_cycle\":([0-9]+\\.[0-9]{4})\\}\n$");
  const std::regex bytes_key("\"bytes\":([0-9]+),");
  for (const std::string& file : inputs.files()) {
    for (const char* command : {"decode", "validate", "encode"}) {
      for (const char* lanes : kLanes) {
        const bool encode = std::string(command) == "encode";
        if (encode && std::string(lanes) != "1") continue;
        std::vector<std::string> args = WithFile({command, "--stats"}, file);
        std::unique_ptr<TempFile> cps;
        if (encode && !file.empty()) {
          const Result d = Cli({"decode", "--to", "ucs4le", file});
          cps = std::make_unique<TempFile>(d.out);
          args = {command, "--stats", cps->path()};
        }
        std::vector<std::string> rtl_args = Cat(args, {"--engine", "rtl"});
        if (!encode) rtl_args = Cat(rtl_args, {"--lanes", lanes});
        SCOPED_TRACE(Joined(rtl_args));
        const Result model = Cli(args);
        const Result rtl = Cli(rtl_args);
        ASSERT_EQ(rtl.status, model.status) << rtl.err;
        std::smatch m;
        ASSERT_TRUE(std::regex_search(rtl.err, m, tail)) << rtl.err;
        const uint64_t cycles = std::stoull(m[1]);
        const double bpc = std::stod(m[2]);
        std::string expected = model.err;
        expected.replace(expected.find("\"engine\":\"model\""), 16, "\"engine\":\"rtl\"");
        EXPECT_EQ(rtl.err.substr(0, m.position(0)) + "}\n", expected);
        std::smatch b;
        ASSERT_TRUE(std::regex_search(rtl.err, b, bytes_key));
        const uint64_t bytes = std::stoull(b[1]);
        ASSERT_GT(bytes, 0u);
        if (!encode) {
          const uint64_t n = std::stoull(lanes);
          EXPECT_GE(cycles, (bytes + n - 1) / n);
        }
        EXPECT_NEAR(bpc, static_cast<double>(bytes) / static_cast<double>(cycles), 0.0001);
      }
    }
  }
}

// An FST file starts with its header block: type 0 (FST_BL_HDR), then the
// block's length as a 64-bit big-endian number, 329 bytes.
bool LooksLikeFst(const std::string& f) {
  static const char kHeader[] = {0, 0, 0, 0, 0, 0, 0, 1, 0x49};
  return f.size() > 329 && f.compare(0, sizeof kHeader, std::string(kHeader, sizeof kHeader)) == 0;
}

TEST(CliRtl, TraceWritesAnFstFile) {
  const std::vector<std::vector<std::string>> runs = {{"decode", "--lanes", "1"},
                                                      {"decode", "--lanes", "8"},
                                                      {"validate", "--lanes", "1"},
                                                      {"validate", "--lanes", "64"},
                                                      {"encode"}};
  for (const std::vector<std::string>& run : runs) {
    const TempFile trace("");
    const std::vector<std::string> args = Cat(run, {"--engine", "rtl", "--trace", trace.path()});
    SCOPED_TRACE(Joined(args));
    const Result r = Cli(args);
    EXPECT_TRUE(r.status == 0 || r.status == 1) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_TRUE(LooksLikeFst(ReadFile(trace.path()))) << "size " << ReadFile(trace.path()).size();
  }
}

TEST(CliRtl, UnwritableTraceIsAnIoError) {
  const std::string path = "no-such-directory-utf8core/w.fst";
  for (const char* command : {"decode", "validate", "encode"}) {
    const Result r = Cli({command, "--engine", "rtl", "--trace", path});
    SCOPED_TRACE(command);
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "utf8core: cannot write trace '" + path + "': No such file or directory\n");
  }
}

TEST(CliRtl, UsageErrors) {
  std::string decode_built, validate_built;
  for (int n : cli::RtlDecodeLanes())
    decode_built += (decode_built.empty() ? "" : ", ") + std::to_string(n);
  for (int n : cli::RtlValidateLanes())
    validate_built += (validate_built.empty() ? "" : ", ") + std::to_string(n);
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const Case cases[] = {
      {{"decode", "--engine", "rtl", "--lanes", "3"},
       "no decode RTL with 3 lanes in this build (built: " + decode_built + ")"},
      {{"validate", "--lanes=5", "--engine=rtl"},
       "no validate RTL with 5 lanes in this build (built: " + validate_built + ")"},
      {{"decode", "--engine", "rtl", "--lanes", "0"},
       "bad lane count '0' for --lanes (a whole number, at least 1)"},
      {{"decode", "--engine", "rtl", "--lanes", "8x"},
       "bad lane count '8x' for --lanes (a whole number, at least 1)"},
      {{"decode", "--engine", "rtl", "--lanes"}, "option '--lanes' needs a value"},
      {{"encode", "--engine", "rtl", "--lanes", "1"},
       "option '--lanes' is only for decode and validate, not encode"},
      {{"validate", "--lanes", "8"}, "option '--lanes' needs --engine rtl"},
      {{"decode", "--engine", "model", "--lanes", "1"}, "option '--lanes' needs --engine rtl"},
      {{"encode", "--trace", "w.fst"}, "option '--trace' needs --engine rtl or kernel"},
      {{"decode", "--engine", "rtl", "--trace="}, "option '--trace' needs a file name"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(Joined(c.args));
    const Result r = Cli(c.args);
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.err, "utf8core: " + c.message + "\n");
    EXPECT_EQ(r.out, "");
  }
  // The built lane counts include what SPEC §7 promises.
  for (const std::string want : {"1", "8", "64"}) {
    EXPECT_NE((", " + decode_built + ",").find(", " + want + ","), std::string::npos);
    EXPECT_NE((", " + validate_built + ",").find(", " + want + ","), std::string::npos);
  }
  const Result help = Cli({"--help"});
  EXPECT_NE(help.out.find("--lanes N"), std::string::npos);
  EXPECT_NE(help.out.find("--trace F"), std::string::npos);
}

}  // namespace
}  // namespace testing_cli
}  // namespace utf8core
