// Writes the seed corpus of every harness, framed as each reads it (framing.h),
// from what the tests use: the built-in sample, the boundary-biased byte
// strings and error-sprinkled text of the model tests (modeltest::, with the
// seeds fixed), overlong forms of the boundary values, and the command lines of
// the CLI tests. Kuhn's stress test is added at run time when it is present
// (run_fuzzer.py): it is not ours to ship.
//
// Usage: make_seeds <folder>; writes <folder>/{decode,roundtrip,cli}/seed_<n>.
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "framing.h"
#include "harness.h"
#include "model_check.h"
#include "utf8_model.h"
#include "utf8_sample.h"

namespace {

using Bytes = std::vector<uint8_t>;

bool Write(const std::string& path, const Bytes& b) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return false;
  const bool ok = std::fwrite(b.data(), 1, b.size(), f) == b.size();
  return std::fclose(f) == 0 && ok;
}

Bytes Le32(const std::vector<uint32_t>& cps) {
  Bytes b;
  for (uint32_t cp : cps) {
    for (int k = 0; k < 4; ++k) b.push_back(static_cast<uint8_t>(cp >> (8 * k)));
  }
  return b;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace utf8core;
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_seeds <folder>\n");
    return 2;
  }
  const std::string dir = argv[1];

  // Packets: the sample, the model tests' generators, overlong forms.
  std::vector<Bytes> packets = {SampleUtf8()};
  sim::Rng rng(0xF022);
  for (int i = 0; i < 40; ++i)
    packets.push_back(modeltest::RandomBoundaryBytes(&rng, i % 10 ? 32 : 200));
  for (int i = 0; i < 20; ++i) packets.push_back(modeltest::RandomTextWithErrors(&rng, 200));
  for (uint32_t v : {0x7Fu, 0x80u, 0x7FFu, 0xD800u, 0xFFFFu, 0x10FFFFu, 0x110000u, 0x3FFFFFFu}) {
    for (int len = 1; len <= 6; ++len) packets.push_back(modeltest::ForceLength(v, len));
  }

  int n = 0;
  bool ok = true;
  auto put = [&](const char* harness, const Bytes& b) {
    ok = Write(dir + "/" + harness + "/seed_" + std::to_string(n++), b) && ok;
  };
  const std::vector<uint8_t> kChunks[] = {{}, {1}, {3, 0, 7}, {16, 1}};
  for (size_t i = 0; i < packets.size(); ++i) {
    const Mode mode = i % 2 ? Mode::kAnnexR : Mode::kRfc3629;
    put("decode", fuzz::DecodeSeed(mode, kChunks[i % 4], packets[i]));
    Bytes r = {static_cast<uint8_t>(mode == Mode::kAnnexR)};
    r.insert(r.end(), packets[i].begin(), packets[i].end());
    put("roundtrip", r);
  }
  Bytes cps = {1};
  const Bytes sample_cps = Le32(SampleCodePoints());
  cps.insert(cps.end(), sample_cps.begin(), sample_cps.end());
  put("roundtrip", cps);

  // Command lines of the CLI tests, on the sample and on a few packets.
  const std::vector<std::vector<std::string>> kArgs = {
      {"decode"},
      {"decode", "--to", "text", "-"},
      {"decode", "--mode", "annex-r", "--to", "ucs4le", "-"},
      {"decode", "--engine", "model", "--stats", "-"},
      {"validate", "-"},
      {"validate", "--mode", "annex-r", "-"},
      {"encode", "-"},
      {"encode", "--mode", "annex-r", "--stats", "-"},
      {"--help"},
      {"--version"},
      {"decode", "--lanes", "8"},
      {"validate", "--engine", "rtl", "--lanes", "8", "-"}};
  for (size_t a = 0; a < kArgs.size(); ++a) {
    const bool encode = kArgs[a][0] == "encode";
    put("cli", fuzz::CliSeed(kArgs[a], encode ? sample_cps : packets[a % packets.size()]));
  }
  if (!ok) {
    std::fprintf(stderr, "make_seeds: cannot write the seeds under %s\n", dir.c_str());
    return 1;
  }
  return 0;
}
