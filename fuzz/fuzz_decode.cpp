// libFuzzer harness of the functional model's decoder (framing.h): one packet
// held to the naive Annex R reference through every model entry point
// (modeltest::ModelVsNaive: the streaming Decoder byte by byte, Decode,
// Validate, DecodeToUcs4), then pushed into a streaming Decoder in the chunks
// the fuzzer chose, which must give the units of one Decode call, and
// Validate must agree with the summary of those units. Any difference aborts
// with the input in hex, so libFuzzer keeps it as a crash reproducer.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "framing.h"
#include "model_check.h"
#include "utf8_model.h"

namespace {

[[noreturn]] void Fail(const utf8core::fuzz::DecodeInput& in, const std::string& what) {
  std::fprintf(stderr, "fuzz_decode: %s (%s, packet %s)\n", what.c_str(),
               utf8core::ModeName(in.mode), utf8core::modeltest::Hex(in.packet, in.size).c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t n) {
  using namespace utf8core;
  static modeltest::ModelVsNaive check;
  const fuzz::DecodeInput in = fuzz::ReadDecodeInput(data, n);
  const std::string diff = check.Check(in.packet, in.size, in.mode);
  if (!diff.empty()) Fail(in, "model and naive reference differ: " + diff);

  const std::vector<Unit> whole = Decode(in.packet, in.size, in.mode);
  std::vector<Unit> chunked;
  Decoder dec(in.mode);
  size_t pos = 0, c = 0;
  bool any = false;  // a chunk length that moves forward
  for (uint8_t len : in.chunks) any = any || len != 0;
  while (pos < in.size) {
    size_t len = any ? in.chunks[c++ % in.chunks.size()] : in.size - pos;
    if (len > in.size - pos) len = in.size - pos;
    dec.push(in.packet + pos, len, &chunked);
    pos += len;
    if (dec.packet_offset() != pos)
      Fail(in, "packet_offset() after " + std::to_string(pos) + " bytes");
  }
  dec.end_of_packet(&chunked);
  if (chunked != whole) Fail(in, "chunked streaming differs from one Decode call");

  const Verdict v = Validate(in.packet, in.size, in.mode);
  const Verdict s = Summarize(whole);
  if (v.valid != s.valid || (!v.valid && (v.first_error_offset != s.first_error_offset ||
                                          v.first_error_class != s.first_error_class))) {
    Fail(in, "Validate differs from the summary of Decode");
  }
  return 0;
}
