// Decodes a string through the installed utf8core::model and checks its units:
// a program outside the tree, built against the installed package only.
#include <utf8core/utf8_model.h>
#include <utf8core/utf8core_host.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

int main() {
  // "A", "é", U+1F600, then a lead cut short by the packet's end.
  const std::vector<uint8_t> bytes = {0x41, 0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80, 0xE2, 0x82};
  const std::vector<utf8core::Unit> expected = {
      {0x41, 0, 1, utf8core::ErrorClass::kOk},
      {0xE9, 1, 2, utf8core::ErrorClass::kOk},
      {0x1F600, 3, 4, utf8core::ErrorClass::kOk},
      {utf8core::kReplacement, 7, 2, utf8core::ErrorClass::kTooShort},
  };
  const std::vector<utf8core::Unit> units = utf8core::Decode(bytes, utf8core::Mode::kRfc3629);
  bool ok = units.size() == expected.size();
  for (size_t i = 0; i < units.size(); ++i) {
    const bool same = i < expected.size() && units[i] == expected[i];
    ok = ok && same;
    std::printf("%s %llu %u U+%04X %s\n", same ? "  " : "!!",
                static_cast<unsigned long long>(units[i].offset), units[i].length,
                static_cast<unsigned>(units[i].code_point), utf8core::ClassName(units[i].cls));
  }
  if (!ok) {
    std::printf("consumer: %zu units, expected %zu; marked lines differ\n", units.size(),
                expected.size());
    return 1;
  }
  // The kernel's host library links too; with no card here, it is asked only
  // what it can answer without one: a card with no callbacks is refused.
  utf8k_card none{};
  if (utf8k_probe(&none, nullptr, nullptr) != UTF8K_E_INVALID ||
      std::strcmp(utf8k_strerror(UTF8K_E_INVALID), "invalid argument") != 0) {
    std::printf("consumer: utf8core::host did not refuse a card without callbacks\n");
    return 1;
  }
  std::printf("consumer: %zu units as expected; utf8core::host linked\n", units.size());
  return 0;
}
