// Holds `utf8core decode` and `validate` (rfc3629 mode) to an independent
// reference, CPython's codec, as SPEC §3 requires: units equal
// bytes.decode('utf-8', 'replace') code point for code point, and the first
// error offset equals UnicodeDecodeError.start. Inputs: seeded random byte
// strings biased towards UTF-8 structure, and Markus Kuhn's stress test.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "harness.h"
#include "subprocess.h"

namespace utf8core {
namespace testing_cli {
namespace {

// For each file argument prints one line: the first error offset (-1 if valid)
// and the hex of the decoded text as UTF-32LE.
const char kReference[] = R"(
import sys
for path in sys.argv[1:]:
    data = open(path, 'rb').read()
    try:
        data.decode('utf-8')
        start = -1
    except UnicodeDecodeError as e:
        start = e.start
    print(start, data.decode('utf-8', 'replace').encode('utf-32-le').hex())
)";

std::string Hex(const std::string& s) {
  static const char kDigits[] = "0123456789abcdef";
  std::string h;
  for (unsigned char c : s) {
    h.push_back(kDigits[c >> 4]);
    h.push_back(kDigits[c & 15]);
  }
  return h;
}

// What utf8core says about one file, in the reference's line format.
std::string CliLine(const std::string& path) {
  const Result v = Run(UTF8CORE_BIN, {"validate", path});
  std::string start = "-1";
  if (v.status == 1) {
    const size_t at = v.out.find("byte ");
    const size_t colon = v.out.find(':');
    if (at != std::string::npos && colon != std::string::npos) {
      start = v.out.substr(at + 5, colon - at - 5);
    }
  } else if (v.status != 0 || v.out != "valid\n") {
    return "validate failed: status " + std::to_string(v.status) + " " + v.err;
  }
  const Result d = Run(UTF8CORE_BIN, {"decode", "--to", "ucs4le", path});
  if (d.status != 0) return "decode failed: " + d.err;
  return start + " " + Hex(d.out);
}

std::vector<std::string> ReferenceLines(const std::vector<std::string>& paths) {
  std::vector<std::string> args{"-c", kReference};
  args.insert(args.end(), paths.begin(), paths.end());
  const Result r = Run(UTF8CORE_PYTHON, args);
  EXPECT_EQ(r.status, 0) << r.err;
  std::vector<std::string> lines;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Bytes that exercise the decoder's state machine: mostly pieces of sequences
// (leads of every length, boundary second bytes, continuations), some ASCII.
std::string RandomInput(sim::Rng* rng) {
  static const uint8_t kPool[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1,
                                  0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3,
                                  0xF4, 0xF5, 0xF7, 0xF8, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF, 0x0A};
  std::string s;
  const uint32_t n = rng->below(40);
  for (uint32_t i = 0; i < n; ++i) {
    if (rng->chance(0.15)) {
      s.push_back(static_cast<char>(rng->below(256)));
    } else {
      s.push_back(static_cast<char>(kPool[rng->below(sizeof kPool)]));
    }
  }
  return s;
}

void CompareWithReference(const std::vector<std::string>& paths) {
  const std::vector<std::string> ref = ReferenceLines(paths);
  ASSERT_EQ(ref.size(), paths.size());
  for (size_t i = 0; i < paths.size(); ++i) {
    EXPECT_EQ(CliLine(paths[i]), ref[i])
        << "input " << paths[i] << " (hex " << Hex(ReadFile(paths[i])) << ")";
  }
}

TEST(CliReference, RandomInputsMatchCPython) {
  sim::Rng rng(sim::SeedFromEnv(20261122));
  std::printf("seed %llu (set UTF8CORE_SEED to repeat)\n",
              static_cast<unsigned long long>(rng.seed()));
  std::vector<std::unique_ptr<TempFile>> files;
  std::vector<std::string> paths;
  for (int i = 0; i < 60; ++i) {
    files.push_back(std::make_unique<TempFile>(RandomInput(&rng)));
    paths.push_back(files.back()->path());
  }
  CompareWithReference(paths);
}

TEST(CliReference, KuhnStressTestMatchesCPython) {
#ifdef UTF8CORE_KUHN_TEST
  // The stress test as a whole, and each of its lines as a packet of its own
  // (a sequence cut by the end of a line is then cut by the end of the packet).
  const std::string all = ReadFile(UTF8CORE_KUHN_TEST);
  ASSERT_GT(all.size(), 10000u);
  std::vector<std::unique_ptr<TempFile>> files;
  std::vector<std::string> paths{UTF8CORE_KUHN_TEST};
  std::istringstream in(all);
  for (std::string line; std::getline(in, line);) {
    if (std::none_of(line.begin(), line.end(), [](char c) { return (c & 0x80) != 0; })) {
      continue;  // ASCII lines say nothing about the decoder
    }
    files.push_back(std::make_unique<TempFile>(line));
    paths.push_back(files.back()->path());
  }
  CompareWithReference(paths);
#else
  GTEST_SKIP() << "UTF8CORE_KUHN_TEST did not name an existing file at configure time";
#endif
}

}  // namespace
}  // namespace testing_cli
}  // namespace utf8core
