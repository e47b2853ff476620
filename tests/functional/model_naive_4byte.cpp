// Label `long`: the functional model against the naive Annex R reference on every
// 4-byte string (2^32 of them) in both modes. One test per mode and first byte,
// so CTest can spread the sweep over cores and a failure names its lead byte.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <tuple>

#include "model_check.h"
#include "utf8_model.h"

namespace utf8core {
namespace {

class Every4ByteString : public ::testing::TestWithParam<std::tuple<Mode, int>> {};

TEST_P(Every4ByteString, MatchesNaiveReference) {
  const Mode mode = std::get<0>(GetParam());
  const int first = std::get<1>(GetParam());
  modeltest::ModelVsNaive check;
  uint8_t b[4] = {static_cast<uint8_t>(first), 0, 0, 0};
  int reported = 0;
  for (uint32_t rest = 0; rest < (1u << 24); ++rest) {
    b[1] = static_cast<uint8_t>(rest >> 16);
    b[2] = static_cast<uint8_t>(rest >> 8);
    b[3] = static_cast<uint8_t>(rest);
    // Decode() is the streaming Decoder plus a vector; checked on a sample only.
    const std::string diff = check.Check(b, 4, mode, (rest & 0xFFF) == 0);
    if (!diff.empty()) {
      ADD_FAILURE() << diff;
      if (++reported == 10) return;
    }
  }
}

std::string Name(const ::testing::TestParamInfo<std::tuple<Mode, int>>& info) {
  char lead[8];
  std::snprintf(lead, sizeof lead, "%02X", std::get<1>(info.param));
  return std::string(std::get<0>(info.param) == Mode::kAnnexR ? "AnnexR" : "Rfc3629") + "_Lead" + lead;
}

INSTANTIATE_TEST_SUITE_P(Modes, Every4ByteString,
                         ::testing::Combine(::testing::Values(Mode::kRfc3629, Mode::kAnnexR),
                                            ::testing::Range(0, 256)),
                         Name);

}  // namespace
}  // namespace utf8core
