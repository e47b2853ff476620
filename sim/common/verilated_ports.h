// Reading and writing Verilated ports of any width, for every bench: ports up
// to 64 bits are integers, wider ones VlWide arrays of 32-bit words, least
// significant first. The one place that knows that layout.
#ifndef UTF8CORE_SIM_VERILATED_PORTS_H_
#define UTF8CORE_SIM_VERILATED_PORTS_H_

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace utf8core {
namespace sim {

// Bits [lsb, lsb + width) of a word array, width <= 64.
inline uint64_t WordBits(const uint32_t* words, int lsb, int width) {
  const int w = lsb / 32, sh = lsb % 32;
  uint64_t v = words[w] >> sh;
  int have = 32 - sh;
  for (int i = w + 1; have < width; ++i, have += 32) v |= uint64_t{words[i]} << have;
  return width >= 64 ? v : v & ((uint64_t{1} << width) - 1);
}

// Number of 32-bit words a port occupies.
template <class T>
constexpr size_t PortWords() {
  return (sizeof(T) + 3) / 4;
}

// Copies a port into words[0 .. PortWords<T>()), least significant first.
template <class T, std::enable_if_t<std::is_integral<T>::value, int> = 0>
void ReadPort(const T& port, uint32_t* words) {
  const uint64_t v = static_cast<uint64_t>(port);
  words[0] = static_cast<uint32_t>(v);
  if (sizeof(T) > 4) words[1] = static_cast<uint32_t>(v >> 32);
}
template <class W, std::enable_if_t<!std::is_integral<W>::value, int> = 0>
void ReadPort(const W& port, uint32_t* words) {
  for (size_t i = 0; i < PortWords<W>(); ++i) words[i] = port.m_storage[i];
}

// Sets a port from words[0 .. PortWords<T>()), least significant first (the
// inverse of ReadPort).
template <class T, std::enable_if_t<std::is_integral<T>::value, int> = 0>
void WritePort(T& port, const uint32_t* words) {
  uint64_t v = words[0];
  if (sizeof(T) > 4) v |= uint64_t{words[1]} << 32;
  port = static_cast<T>(v);
}
template <class W, std::enable_if_t<!std::is_integral<W>::value, int> = 0>
void WritePort(W& port, const uint32_t* words) {
  for (size_t i = 0; i < PortWords<W>(); ++i) port.m_storage[i] = words[i];
}

// Bits [lsb, lsb + width) of a port, width <= 64.
template <class T, std::enable_if_t<std::is_integral<T>::value, int> = 0>
uint64_t PortBits(const T& port, int lsb, int width) {
  const uint64_t v = static_cast<uint64_t>(port) >> lsb;
  return width >= 64 ? v : v & ((uint64_t{1} << width) - 1);
}
template <class W, std::enable_if_t<!std::is_integral<W>::value, int> = 0>
uint64_t PortBits(const W& port, int lsb, int width) {
  return WordBits(port.m_storage, lsb, width);
}

// Sets a port from bytes, byte k at bits [8k, 8k + 8); bytes past n are zero.
template <class T, std::enable_if_t<std::is_integral<T>::value, int> = 0>
void SetPortBytes(T& port, const uint8_t* bytes, size_t n) {
  uint64_t v = 0;
  for (size_t k = 0; k < n && k < sizeof(T); ++k) v |= uint64_t{bytes[k]} << (8 * k);
  port = static_cast<T>(v);
}
template <class W, std::enable_if_t<!std::is_integral<W>::value, int> = 0>
void SetPortBytes(W& port, const uint8_t* bytes, size_t n) {
  for (size_t w = 0; w < PortWords<W>(); ++w) {
    uint32_t v = 0;
    for (size_t k = 0; k < 4; ++k) {
      const size_t i = 4 * w + k;
      if (i < n) v |= uint32_t{bytes[i]} << (8 * k);
    }
    port.m_storage[w] = v;
  }
}

// Sets a port from 32-bit words, least significant first.
template <class T, std::enable_if_t<std::is_integral<T>::value, int> = 0>
void SetPortWords(T& port, const uint32_t* words) {
  uint64_t v = words[0];
  if (sizeof(T) > 4) v |= uint64_t{words[1]} << 32;
  port = static_cast<T>(v);
}
template <class W, std::enable_if_t<!std::is_integral<W>::value, int> = 0>
void SetPortWords(W& port, const uint32_t* words) {
  for (size_t w = 0; w < PortWords<W>(); ++w) port.m_storage[w] = words[w];
}

}  // namespace sim
}  // namespace utf8core

#endif  // UTF8CORE_SIM_VERILATED_PORTS_H_
