// What the board demo (rtl/boards/utf8_uart_top.v) must answer, derived from the
// functional model: the packet rule of the UART (a packet ends after CR or LF), the
// text-mode line format and the echo-mode bytes. docs/boards.md states the same rules
// for people; this file states them for the tests.
#ifndef UTF8CORE_TESTS_BOARDS_BOARD_EXPECT_H_
#define UTF8CORE_TESTS_BOARDS_BOARD_EXPECT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "utf8_model.h"

namespace utf8core {
namespace sim {

// Cuts a byte stream sent without pauses into the packets the board sees: each CR
// or LF ends one (and belongs to it); what follows the last one is a packet of its
// own, ended by the idle timeout.
std::vector<std::vector<uint8_t>> SplitPackets(const std::vector<uint8_t>& bytes);

// "U+" + upper-case hex (at least 4 digits) + " " + class name + "\r\n". Class codes
// outside 0..6 print as "?".
std::string UnitLine(uint32_t code_point, uint8_t class_code);
// "DROPPED 0x" + the count in the same hex form + "\r\n".
std::string DropLine(uint32_t count);

// The answer to one packet in text mode and in echo mode.
std::string TextAnswer(const std::vector<uint8_t>& packet, Mode mode);
std::vector<uint8_t> EchoAnswer(const std::vector<uint8_t>& packet, Mode mode);

}  // namespace sim
}  // namespace utf8core

#endif  // UTF8CORE_TESTS_BOARDS_BOARD_EXPECT_H_
