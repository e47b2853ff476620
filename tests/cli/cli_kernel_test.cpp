// Tests of `utf8core --engine kernel` (SPEC §7) through the binary: validate and
// decode (every --to format, both modes, on the kernel the program carries) must give
// byte for byte the output and exit status of --engine model on the built-in
// sample, Kuhn's stress test and seeded random inputs of many sizes: below a
// beat, across bursts and 4 KiB pages, and past the engine's 64 KiB job, so
// that texts run as chains of jobs with CONTINUE and PARTIAL, cut inside
// sequences. --stats carries the kernel's clocks; encode and --lanes are refused.
// The small build (build/utf8core alone, without utf8core-full beside it) names
// the target that has the kernel and the wide blocks.
#include <sys/stat.h>
#include <unistd.h>

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "harness.h"
#include "kernel_engine.h"
#include "subprocess.h"

namespace utf8core {
namespace testing_cli {
namespace {

Result Cli(const std::vector<std::string>& args) { return Run(UTF8CORE_BIN, args, "", ""); }

std::string Joined(const std::vector<std::string>& args) {
  std::string s = "utf8core";
  for (const std::string& a : args) s += " " + a;
  return s;
}

// Text with errors sprinkled in, so every size has sequences of every length
// straddling the 64 KiB jobs, and some error units.
std::string MixedText(sim::Rng* rng, size_t n) {
  static const char* const kPieces[] = {"a", "Zw\xC3\xB6lf ", "\xE4\xB8\xAD\xE6\x96\x87", "\xF0\x9F\x98\x80",
                                        "\xE2\x82", "\xC3", "\x80", "\xF0\x9F", "\xED\xA0\x80", "\xFF",
                                        "\xF8\x88\x80\x80\x80", "\n"};
  std::string s;
  while (s.size() < n) {
    const size_t k = rng->chance(0.05) ? rng->below(12) : rng->below(4);
    s += kPieces[k];
  }
  s.resize(n);
  return s;
}

// kernels: the --kernels value for the kernel's run ("" for none).
void ExpectSameAsModel(const std::vector<std::string>& args, const std::string& file,
                       const std::string& kernels = "") {
  std::vector<std::string> m = args, k = args;
  m.insert(m.end(), {"--engine", "model"});
  k.insert(k.end(), {"--engine", "kernel"});
  if (!kernels.empty()) k.insert(k.end(), {"--kernels", kernels});
  if (!file.empty()) {
    m.push_back(file);
    k.push_back(file);
  }
  SCOPED_TRACE(Joined(k));
  const Result model = Cli(m);
  const Result kernel = Cli(k);
  EXPECT_EQ(kernel.err, "");
  EXPECT_EQ(kernel.status, model.status);
  EXPECT_EQ(kernel.out.size(), model.out.size());
  EXPECT_TRUE(kernel.out == model.out) << "stdout differs from the model's";
}

TEST(CliKernel, EqualsModelOnSampleKuhnAndRandomSizes) {
  sim::Rng rng(sim::SeedFromEnv(20261124));
  std::printf("seed %" PRIu64 " (set UTF8CORE_SEED to repeat)\n", rng.seed());
  std::vector<std::unique_ptr<TempFile>> temps;
  std::vector<std::string> files = {""};  // the built-in sample
#ifdef UTF8CORE_KUHN_TEST
  files.push_back(UTF8CORE_KUHN_TEST);
#endif
  for (size_t n : {size_t{0}, size_t{1}, size_t{7}, size_t{300}, size_t{5000}, size_t{65536 + 3},
                   size_t{140000}}) {
    temps.push_back(std::make_unique<TempFile>(MixedText(&rng, n)));
    files.push_back(temps.back()->path());
  }
  ASSERT_FALSE(cli::KernelLanes().empty()) << "the tests' program has no kernel";
  for (const std::string& file : files) {
    for (const char* mode : {"rfc3629", "annex-r"}) {
      ExpectSameAsModel({"validate", "--mode", mode}, file);
      for (const char* to : {"utf8", "ucs4le", "text"}) {
        ExpectSameAsModel({"decode", "--mode", mode, "--to", to}, file);
      }
    }
  }
}

// --kernels N: the input cut where units start, the parts run at once on N
// kernels, in rounds of N MiB; the answer must be the model's, byte for byte,
// with cuts falling inside every kind of sequence and inside a run of
// continuation bytes.
TEST(CliKernel, SeveralKernelsEqualModel) {
  sim::Rng rng(sim::SeedFromEnv(20261127));
  std::printf("seed %" PRIu64 " (set UTF8CORE_SEED to repeat)\n", rng.seed());
  std::vector<std::unique_ptr<TempFile>> temps;
  for (size_t n : {size_t{0}, size_t{5}, size_t{5000}}) temps.push_back(std::make_unique<TempFile>(MixedText(&rng, n)));
  for (const char* kernels : {"2", "3"}) {
    for (const auto& t : temps) {
      for (const char* mode : {"rfc3629", "annex-r"}) {
        ExpectSameAsModel({"validate", "--mode", mode}, t->path(), kernels);
        for (const char* to : {"utf8", "ucs4le", "text"}) {
          ExpectSameAsModel({"decode", "--mode", mode, "--to", to}, t->path(), kernels);
        }
      }
    }
  }
  // Two rounds of two kernels (2 MiB, then the rest), continuation bytes
  // around the even cut and around the round's end.
  std::string big = MixedText(&rng, (5u << 19) + 17);
  for (size_t at : {size_t{1} << 20, size_t{2} << 20}) big.replace(at - 4, 9, std::string(9, '\x80'));
  // 6-byte Annex R sequences across the second round's even cut (about
  // 2.25 MiB: the round starts a few bytes before 2 MiB)
  std::string six;
  for (int k = 0; k < 5; ++k) six += "\xFC\x84\x80\x80\x80\x80";
  big.replace((9u << 18) - 12, six.size(), six);
  const TempFile file(big);
  ExpectSameAsModel({"validate"}, file.path(), "2");
  ExpectSameAsModel({"decode", "--mode", "annex-r", "--to", "utf8"}, file.path(), "2");
  ExpectSameAsModel({"decode", "--to", "text"}, file.path(), "2");
}

TEST(CliKernel, StatsCarryTheKernelsClocks) {
  const Result r = Cli({"validate", "--engine", "kernel", "--stats"});
  EXPECT_NE(r.err.find("\"engine\":\"kernel\""), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("\"cycles\":"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("\"bytes_per_cycle\":"), std::string::npos) << r.err;
  const Result split = Cli({"validate", "--engine", "kernel", "--kernels", "2", "--stats"});
  EXPECT_NE(split.err.find("\"cycles\":"), std::string::npos) << split.err;
  EXPECT_EQ(split.status, r.status);
}

TEST(CliKernel, UsageErrors) {
  Result r = Cli({"encode", "--engine", "kernel"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "utf8core: the kernel has no encoder: encode runs on --engine model or rtl\n");
  // A flag that does not apply is a usage error (SPEC §7), whatever its value.
  for (const char* lanes : {"8", "64", "3"}) {
    r = Cli({"validate", "--engine", "kernel", "--lanes", lanes});
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err.rfind("utf8core: option '--lanes' is not for --engine kernel", 0), 0u) << r.err;
  }
  for (const char* kernels : {"0", "9", "x", ""}) {
    r = Cli({"validate", "--engine", "kernel", "--kernels", kernels});
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err.rfind("utf8core: bad kernel count", 0), 0u) << r.err;
  }
  r = Cli({"validate", "--kernels", "2"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "utf8core: option '--kernels' needs --engine kernel\n");
  r = Cli({"encode", "--kernels", "2"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "utf8core: option '--kernels' is only for decode and validate, not encode\n");
}

// build/utf8core copied alone into a folder: the scalar engines run in it, and
// a lane count or the kernel is a usage error that names the build target.
TEST(CliSmallBuild, AloneNamesTheTargetThatHasTheRest) {
  char dir_template[] = "/tmp/utf8core-small-XXXXXX";
  const char* dir = mkdtemp(dir_template);
  ASSERT_NE(dir, nullptr);
  const std::string copy = std::string(dir) + "/utf8core";
  {
    std::ifstream src(UTF8CORE_BIN, std::ios::binary);
    std::ofstream dst(copy, std::ios::binary);
    dst << src.rdbuf();
  }
  ASSERT_EQ(chmod(copy.c_str(), 0755), 0);
  Result r = testing_cli::Run(copy, {"validate", "--engine", "rtl"}, "", "");
  EXPECT_EQ(r.status, 1);  // the sample has its malformed cases
  EXPECT_EQ(r.err, "");
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"decode", "--engine", "rtl", "--lanes", "64"},
        std::vector<std::string>{"validate", "--engine", "kernel"}}) {
    SCOPED_TRACE(Joined(args));
    r = testing_cli::Run(copy, args, "", "");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("the build target utf8core-full has every lane count and the kernel"),
              std::string::npos) << r.err;
  }
  unlink(copy.c_str());
  rmdir(dir);
}

}  // namespace
}  // namespace testing_cli
}  // namespace utf8core
