// String columns (utf8_model.h, ValidateStrings): each string of an Arrow-layout
// column validated alone, as the kernel's VALIDATE_STRINGS and the CLI's
// validate-strings define it (SPEC §9 OP 3, §7).
#include <cassert>

#include "utf8_model.h"

namespace utf8core {

int64_t StringOffset(const uint8_t* offsets, uint64_t i, int offset_bytes) {
  const uint8_t* p = offsets + i * static_cast<uint64_t>(offset_bytes);
  uint64_t v = 0;
  for (int b = offset_bytes - 1; b >= 0; --b) v = (v << 8) | p[b];  // little-endian
  if (offset_bytes == 4) return static_cast<int32_t>(static_cast<uint32_t>(v));
  return static_cast<int64_t>(v);
}

StringsVerdict ValidateStrings(const uint8_t* data, uint64_t len, const uint8_t* offsets,
                               uint64_t count, int offset_bytes, Mode mode,
                               std::vector<uint8_t>* bitmap) {
  assert(offset_bytes == 4 || offset_bytes == 8);
  StringsVerdict v;
  if (bitmap) bitmap->assign((count + 7) / 8, 0);
  const int64_t end = static_cast<int64_t>(len);
  int64_t start = StringOffset(offsets, 0, offset_bytes);
  if (start < 0 || start > end) {
    v.bad_offsets = true;
    v.bad_offset_index = 0;
    return v;
  }
  for (uint64_t i = 0; i < count; ++i) {
    const int64_t stop = StringOffset(offsets, i + 1, offset_bytes);
    if (stop < start || stop > end) {
      v.bad_offsets = true;
      v.bad_offset_index = i + 1;
      return v;
    }
    const size_t n = static_cast<size_t>(stop - start);
    const Verdict s = Validate(data + start, n, mode);
    ++v.strings;
    v.bytes += n;
    v.units += s.units;
    for (int c = 0; c < kNumClasses; ++c) v.counts.n[c] += s.counts.n[c];
    if (s.valid) {
      if (bitmap) (*bitmap)[i / 8] |= static_cast<uint8_t>(1u << (i % 8));
    } else {
      if (v.bad_strings == 0) {
        v.first_bad = i;
        v.first_bad_class = s.first_error_class;
        v.first_bad_offset = s.first_error_offset;
      }
      ++v.bad_strings;
    }
    start = stop;
  }
  return v;
}

}  // namespace utf8core
