// How each libFuzzer harness reads its input, shared by the harnesses and the
// seed writer (make_seeds.cpp) so that the seeds mean what the harnesses read.
#ifndef UTF8CORE_FUZZ_FRAMING_H_
#define UTF8CORE_FUZZ_FRAMING_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "utf8_model.h"

namespace utf8core {
namespace fuzz {

// fuzz_decode: byte 0 holds the mode (bit 0: annex-r) and, in bits 1..4, the
// number k of chunk lengths that follow; the packet is what comes after them.
// The streaming decoder takes the packet in chunks of those lengths, cycled
// (0: an empty push), so the fuzzer chooses the split points.
struct DecodeInput {
  Mode mode = Mode::kRfc3629;
  std::vector<uint8_t> chunks;
  const uint8_t* packet = nullptr;
  size_t size = 0;
};
inline DecodeInput ReadDecodeInput(const uint8_t* data, size_t n) {
  DecodeInput in;
  if (n == 0) return in;
  in.mode = (data[0] & 1) ? Mode::kAnnexR : Mode::kRfc3629;
  size_t k = (data[0] >> 1) & 15;
  if (k > n - 1) k = n - 1;
  in.chunks.assign(data + 1, data + 1 + k);
  in.packet = data + 1 + k;
  in.size = n - 1 - k;
  return in;
}
inline std::vector<uint8_t> DecodeSeed(Mode mode, const std::vector<uint8_t>& chunks,
                                       const std::vector<uint8_t>& packet) {
  std::vector<uint8_t> s;
  s.push_back(static_cast<uint8_t>((mode == Mode::kAnnexR ? 1 : 0) | (chunks.size() & 15) << 1));
  s.insert(s.end(), chunks.begin(), chunks.begin() + static_cast<long>(chunks.size() & 15));
  s.insert(s.end(), packet.begin(), packet.end());
  return s;
}

// fuzz_roundtrip: byte 0 holds the mode (bit 0: annex-r); the rest is read both
// as bytes (decode, re-encode, decode again) and as 32-bit little-endian code
// points (encode, then decode), a trailing partial word ignored.
inline Mode ReadRoundTripMode(const uint8_t* data, size_t n) {
  return n > 0 && (data[0] & 1) ? Mode::kAnnexR : Mode::kRfc3629;
}

// fuzz_cli: the command line's arguments, each ended by a NUL, up to an empty
// one (two NULs in a row); the rest is the input (standard input or the file).
// Without an empty argument everything is arguments and the input is empty.
struct CliInput {
  std::vector<std::string> args;
  std::vector<uint8_t> input;
};
inline CliInput ReadCliInput(const uint8_t* data, size_t n) {
  CliInput in;
  size_t i = 0;
  while (i < n) {
    size_t j = i;
    while (j < n && data[j] != 0) ++j;
    if (j == i && j < n) {  // the empty argument: the input follows
      in.input.assign(data + j + 1, data + n);
      return in;
    }
    in.args.emplace_back(reinterpret_cast<const char*>(data + i), j - i);
    i = j + 1;
  }
  return in;
}
inline std::vector<uint8_t> CliSeed(const std::vector<std::string>& args,
                                    const std::vector<uint8_t>& input) {
  std::vector<uint8_t> s;
  for (const std::string& a : args) {
    s.insert(s.end(), a.begin(), a.end());
    s.push_back(0);
  }
  s.push_back(0);
  s.insert(s.end(), input.begin(), input.end());
  return s;
}

}  // namespace fuzz
}  // namespace utf8core

#endif  // UTF8CORE_FUZZ_FRAMING_H_
