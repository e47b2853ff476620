// The board demo's expected answers, from the functional model (see board_expect.h).
#include "board_expect.h"

#include <cstdio>

namespace utf8core {
namespace sim {

std::vector<std::vector<uint8_t>> SplitPackets(const std::vector<uint8_t>& bytes) {
  std::vector<std::vector<uint8_t>> packets;
  std::vector<uint8_t> cur;
  for (uint8_t b : bytes) {
    cur.push_back(b);
    if (b == '\r' || b == '\n') {
      packets.push_back(std::move(cur));
      cur.clear();
    }
  }
  if (!cur.empty()) packets.push_back(std::move(cur));
  return packets;
}

namespace {
std::string Hex(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04X", v);
  return buf;
}
}  // namespace

std::string UnitLine(uint32_t code_point, uint8_t class_code) {
  const char* name =
      class_code < kNumClasses ? ClassName(static_cast<ErrorClass>(class_code)) : "?";
  return "U+" + Hex(code_point) + " " + name + "\r\n";
}

std::string DropLine(uint32_t count) { return "DROPPED 0x" + Hex(count) + "\r\n"; }

std::string TextAnswer(const std::vector<uint8_t>& packet, Mode mode) {
  std::string s;
  for (const Unit& u : Decode(packet, mode)) {
    s += UnitLine(u.code_point, static_cast<uint8_t>(u.cls));
  }
  return s;
}

std::vector<uint8_t> EchoAnswer(const std::vector<uint8_t>& packet, Mode mode) {
  std::vector<uint8_t> out;
  UnitsToUtf8(Decode(packet, mode), &out);
  return out;
}

}  // namespace sim
}  // namespace utf8core
