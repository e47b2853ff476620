// Shared pieces of the wide blocks' tests; see wide_test_util.h.
#include "wide_test_util.h"

namespace utf8core {
namespace test {

std::string LaneName(const testing::TestParamInfo<int>& info) { return "L" + std::to_string(info.param); }

std::string Hex(const std::vector<uint8_t>& b, size_t max) {
  static const char* d = "0123456789ABCDEF";
  std::string s;
  for (size_t i = 0; i < b.size() && i < max; ++i) {
    if (i) s += ' ';
    s += d[b[i] >> 4];
    s += d[b[i] & 15];
  }
  if (b.size() > max) s += " ...";
  return s;
}

std::vector<uint8_t> RandomPacket(sim::Rng& rng, Mode mode, size_t max_len) {
  // Every ill-formed stretch either block's tests ever used: both modes' overlongs,
  // surrogates, values too large, truncations and stray bytes.
  static const std::vector<std::vector<uint8_t>> kBad = {
      {0xC0, 0x80}, {0xC1, 0xBF}, {0xE0, 0x80, 0x80}, {0xE0, 0x9F}, {0xED, 0xA0, 0x80},
      {0xED, 0xBF, 0xBF}, {0xF0, 0x80, 0x80, 0x80}, {0xF0, 0x8F}, {0xF4, 0x90, 0x80, 0x80},
      {0xF5, 0x80}, {0xF7, 0xBF, 0xBF, 0xBF}, {0xF8, 0x88, 0x80, 0x80, 0x80},
      {0xF8, 0x87}, {0xFC, 0x84, 0x80, 0x80, 0x80, 0x80}, {0xFC, 0x83}, {0xFD, 0xBF},
      {0xFE}, {0xFF}, {0x80}, {0xBF, 0xBF}, {0xE2, 0x82}, {0xF0, 0x9F, 0x98}, {0xC3},
      {0xFC, 0x84, 0x80, 0x80, 0x80}, {0xDF, 0xDF}};
  const size_t len = 1 + rng.below(static_cast<uint32_t>(max_len));
  std::vector<uint8_t> b;
  while (b.size() < len) {
    switch (rng.below(6)) {
      case 0: b.push_back(static_cast<uint8_t>(0x20 + rng.below(0x5F))); break;
      case 1: {
        uint32_t cp;
        switch (rng.below(4)) {
          case 0: cp = 0x80 + rng.below(0x780); break;
          case 1: cp = 0x800 + rng.below(0xF800); break;
          case 2: cp = 0x10000 + rng.below(0x100000); break;
          default: cp = mode == Mode::kAnnexR ? static_cast<uint32_t>(rng.u64() >> 33) : rng.below(0x110000);
        }
        uint8_t out[6];
        ErrorClass c;
        const int n = EncodeOne(cp, mode, out, &c);
        b.insert(b.end(), out, out + n);
        break;
      }
      case 2: {
        const auto& s = kBad[rng.below(static_cast<uint32_t>(kBad.size()))];
        b.insert(b.end(), s.begin(), s.end());
        break;
      }
      case 3: b.push_back(static_cast<uint8_t>(rng.below(256))); break;
      case 4: b.push_back(static_cast<uint8_t>(0x80 + rng.below(0x40))); break;
      default: b.push_back(static_cast<uint8_t>(0xC0 + rng.below(0x40))); break;
    }
  }
  b.resize(len);
  return b;
}

Kept KeptPackets(int lanes, const std::vector<WidePacket>& packets) {
  Kept k;
  for (const WidePacket& p : packets) {
    if (sim::Aborted(p, lanes)) {
      k = Kept();
      continue;
    }
    k.packets.push_back(&p);
    const Verdict v = Summarize(Decode(p.bytes, p.mode));
    for (int c = 1; c < kNumClasses; ++c) k.counts[c - 1] += v.counts.n[c];
  }
  return k;
}

std::vector<uint8_t> RepeatedText(size_t n) {
  const std::string text = "Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich. "
                           "Съешь же ещё этих мягких французских булок. 日本語のテキスト 😀. ";
  std::vector<uint8_t> t;
  while (t.size() < n) t.insert(t.end(), text.begin(), text.end());
  t.resize(n);
  return t;
}

std::vector<uint8_t> RandomBytes(sim::Rng& rng, size_t n) {
  std::vector<uint8_t> r(n);
  for (auto& b : r) b = static_cast<uint8_t>(rng.below(256));
  return r;
}

}  // namespace test
}  // namespace utf8core
