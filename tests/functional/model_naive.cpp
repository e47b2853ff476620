// The functional model against the naive Annex R reference (tests/functional/reference/):
// every 1-, 2- and 3-byte string in both modes, then millions of random longer
// strings biased to the decoder's boundary bytes. Each input goes through the
// streaming Decoder, Decode, Validate and DecodeToUcs4 (ModelVsNaive::Check).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "model_check.h"
#include "utf8_model.h"

namespace utf8core {
namespace {

using modeltest::ModelVsNaive;

class ModelVsNaiveTest : public ::testing::TestWithParam<Mode> {};

std::string ModeParamName(const ::testing::TestParamInfo<Mode>& info) {
  return info.param == Mode::kAnnexR ? "AnnexR" : "Rfc3629";
}

constexpr int kMaxReported = 10;

// Runs every string of `len` bytes whose first byte is in [first_lo, first_hi];
// reports the first few disagreements.
void Sweep(Mode mode, int len, int first_lo, int first_hi, bool with_decode_helper) {
  ModelVsNaive check;
  uint8_t b[4] = {};
  int reported = 0;
  uint64_t checked = 0;
  const uint32_t tail = len > 1 ? 1u << (8 * (len - 1)) : 1u;
  for (int first = first_lo; first <= first_hi; ++first) {
    for (uint32_t rest = 0; rest < tail; ++rest) {
      b[0] = static_cast<uint8_t>(first);
      for (int k = 1; k < len; ++k) b[k] = static_cast<uint8_t>(rest >> (8 * (len - 1 - k)));
      const std::string diff = check.Check(b, static_cast<size_t>(len), mode, with_decode_helper);
      ++checked;
      if (!diff.empty()) {
        ADD_FAILURE() << diff;
        if (++reported == kMaxReported) return;
      }
    }
  }
  EXPECT_EQ(checked, static_cast<uint64_t>(first_hi - first_lo + 1) * tail);
}

TEST_P(ModelVsNaiveTest, EmptyPacket) {
  ModelVsNaive check;
  const uint8_t none[1] = {0};
  EXPECT_EQ(check.Check(none, 0, GetParam()), "");
}

TEST_P(ModelVsNaiveTest, Every1ByteString) { Sweep(GetParam(), 1, 0, 255, true); }
TEST_P(ModelVsNaiveTest, Every2ByteString) { Sweep(GetParam(), 2, 0, 255, true); }
TEST_P(ModelVsNaiveTest, Every3ByteString) { Sweep(GetParam(), 3, 0, 255, false); }

// Strings shorter than 16 bytes never reach the model's multi-byte fast paths
// (16-byte ASCII blocks, 8-byte words, same-length runs), so the sweep above holds
// only NextUnit and the Decoder. Here every 3-byte string sits inside text of
// each kind those paths are built for, at rotating alignments, with at least 16
// bytes of context after it.
TEST_P(ModelVsNaiveTest, Every3ByteStringInsideText) {
  static const std::vector<uint8_t> kChars[4] = {
      {0x61}, {0xC3, 0xA9}, {0xE2, 0x82, 0xAC}, {0xF0, 0x9F, 0x98, 0x80}};
  ModelVsNaive check;
  std::vector<uint8_t> b;
  int reported = 0;
  for (uint32_t x = 0; x < (1u << 24) && reported < kMaxReported; ++x) {
    const std::vector<uint8_t>& c = kChars[x % 4];
    b.clear();
    for (uint32_t k = 0, before = (x / 4) % 7; k < before; ++k) b.insert(b.end(), c.begin(), c.end());
    b.push_back(static_cast<uint8_t>(x >> 16));
    b.push_back(static_cast<uint8_t>(x >> 8));
    b.push_back(static_cast<uint8_t>(x));
    const size_t after = b.size() + 16;
    while (b.size() < after) b.insert(b.end(), c.begin(), c.end());
    const std::string diff = check.Check(b.data(), b.size(), GetParam(), false);
    if (!diff.empty()) {
      ADD_FAILURE() << diff;
      ++reported;
    }
  }
}

TEST_P(ModelVsNaiveTest, RandomBoundaryBiasedStrings) {
  const Mode mode = GetParam();
  sim::Rng rng(modeltest::TestSeed(mode == Mode::kAnnexR ? 0xA22E : 0x3629, "random strings"));
  ModelVsNaive check;
  constexpr int kStrings = 1500000;
  int reported = 0;
  uint64_t bytes = 0;
  for (int i = 0; i < kStrings && reported < kMaxReported; ++i) {
    // Mostly short strings, where boundaries are dense; some long enough for the
    // 8-byte ASCII skips to run several words.
    const size_t max_len = i % 16 == 0 ? 256 : 24;
    const std::vector<uint8_t> b = modeltest::RandomBoundaryBytes(&rng, max_len);
    bytes += b.size();
    const std::string diff = check.Check(b.data(), b.size(), mode, i % 8 == 0);
    if (!diff.empty()) {
      ADD_FAILURE() << "string " << i << ": " << diff;
      ++reported;
    }
  }
  std::cout << "[ info     ] " << kStrings << " strings, " << bytes << " bytes" << std::endl;
}

TEST_P(ModelVsNaiveTest, RandomTextWithRareErrors) {
  // Long clean stretches with errors now and then: the fast paths' territory.
  const Mode mode = GetParam();
  sim::Rng rng(modeltest::TestSeed(mode == Mode::kAnnexR ? 0x7E47A : 0x7E473, "random text"));
  ModelVsNaive check;
  constexpr int kStrings = 300000;
  int reported = 0;
  for (int i = 0; i < kStrings && reported < kMaxReported; ++i) {
    const std::vector<uint8_t> b = modeltest::RandomTextWithErrors(&rng, i % 4 == 0 ? 400 : 64);
    const std::string diff = check.Check(b.data(), b.size(), mode, i % 8 == 0);
    if (!diff.empty()) {
      ADD_FAILURE() << "string " << i << ": " << diff;
      ++reported;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Modes, ModelVsNaiveTest,
                         ::testing::Values(Mode::kRfc3629, Mode::kAnnexR), ModeParamName);

// The reference must itself be able to tell the model wrong: a checker that never
// fails proves nothing. These inputs differ between the modes, so holding one
// mode's model to the other mode's reference has to produce a difference.
TEST(ModelVsNaiveSelfCheck, CatchesAWrongAnswer) {
  std::vector<naive::Unit> ref;
  const uint8_t f4_90[4] = {0xF4, 0x90, 0x80, 0x80};
  naive::Decode(f4_90, 4, naive::Mode::kAnnexR, &ref);
  const std::vector<Unit> model = Decode(f4_90, 4, Mode::kRfc3629);
  ASSERT_EQ(ref.size(), 1u);
  EXPECT_NE(model.size(), ref.size());
}

}  // namespace
}  // namespace utf8core
