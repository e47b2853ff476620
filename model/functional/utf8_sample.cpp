// The built-in sample; see utf8_sample.h.
#include "utf8_sample.h"

#include <string>

#include "utf8_model.h"

namespace utf8core {
namespace {

// Well-formed in both modes. Kept apart from the malformed lines so the encode
// sample can reuse exactly this text. Short, because `decode --to text` prints
// one line per unit.
const char kText[] =
    "Latin: Gr\u00fc\u00dfe, \u0141\u00f3d\u017a\n"
    "Greek: \u039a\u03b1\u03bb\u03b7\u03bc\u03ad\u03c1\u03b1\n"
    "Cyrillic: \u041f\u0440\u0438\u0432\u0435\u0442\n"
    "CJK: \u4f60\u597d \u3053\u3093\u306b\u3061\u306f \uc548\ub155\n"
    "Emoji: \U0001F680\U0001F30D\U0001F44D\U0001F3FD\n";

// Each line names the class rfc3629 mode gives its first error unit; the raw
// bytes sit in brackets. Separate literals keep a hex escape from swallowing the
// next character. In annex-r mode the TOO_LARGE case (U+110000), the 5-octet
// U+200000 and the 6-octet U+7FFFFFFF are well-formed; FE stays HEADER_BITS.
const char kMalformed[] =
    "TOO_SHORT [\xE2\x82]\n"
    "TOO_LONG [\x80]\n"
    "OVERLONG [\xC0\xAF]\n"
    "SURROGATE [\xED\xA0\x80]\n"
    "TOO_LARGE [\xF4\x90\x80\x80]\n"
    "HEADER_BITS [\xF8\x88\x80\x80\x80] [\xFE]\n"
    "6 octets [\xFD\xBF\xBF\xBF\xBF\xBF]\n";

void AppendAscii(const char* s, std::vector<uint32_t>* out) {
  for (; *s; ++s) out->push_back(static_cast<unsigned char>(*s));
}

}  // namespace

const std::vector<uint8_t>& SampleUtf8() {
  static const std::vector<uint8_t> sample = [] {
    const std::string s = std::string(kText) + kMalformed;
    return std::vector<uint8_t>(s.begin(), s.end());
  }();
  return sample;
}

const std::vector<uint32_t>& SampleCodePoints() {
  static const std::vector<uint32_t> sample = [] {
    std::vector<uint32_t> cps;
    const std::string text(kText);
    for (const Unit& u :
         Decode(reinterpret_cast<const uint8_t*>(text.data()), text.size(), Mode::kRfc3629)) {
      cps.push_back(u.code_point);
    }
    const struct {
      const char* label;
      uint32_t cp;
    } cases[] = {
        {"SURROGATE U+D800 [", 0xD800},
        {"TOO_LARGE U+110000 [", 0x110000},       // annex-r: F4 90 80 80
        {"TOO_LARGE U+7FFFFFFF [", 0x7FFFFFFF},   // annex-r: FD BF BF BF BF BF
        {"TOO_LARGE 0x80000000 [", 0x80000000u},  // beyond both modes
    };
    for (const auto& c : cases) {
      AppendAscii(c.label, &cps);
      cps.push_back(c.cp);
      AppendAscii("]\n", &cps);
    }
    return cps;
  }();
  return sample;
}

}  // namespace utf8core
