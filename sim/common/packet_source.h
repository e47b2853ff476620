// Packets of bytes for the blocks that take bytes (the scalar decoder and the
// wide blocks), and where their bytes come from: whole packets in memory, or a
// stream read as the block takes it, so that a run's memory stays bounded.
#ifndef UTF8CORE_SIM_PACKET_SOURCE_H_
#define UTF8CORE_SIM_PACKET_SOURCE_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "utf8_lane_front.h"
#include "utf8_model.h"

namespace utf8core {
namespace sim {

// One packet, held whole (the tests' packets).
struct WidePacket {
  std::vector<uint8_t> bytes;  // at least one byte
  Mode mode = Mode::kRfc3629;
  // >= 0: only this many beats are sent, then the block is reset (the packet is
  // lost, as a reset mid-packet loses it). Earlier packets are drained first.
  int abort_after_beats = -1;
};

// Number of beats a packet of n bytes takes.
inline size_t BeatsOf(size_t n, int lanes) { return (n + static_cast<size_t>(lanes) - 1) / static_cast<size_t>(lanes); }

// Whether a packet is cut short by a reset (it owes no output then).
inline bool Aborted(const WidePacket& p, int lanes) {
  return p.abort_after_beats >= 0 &&
         static_cast<size_t>(p.abort_after_beats) < BeatsOf(p.bytes.size(), lanes);
}

// Where the driver's packets come from, one beat at a time, so that a packet
// need not be in memory: the tests' packet lists, or a file streamed by the CLI.
// The scalar decoder takes its bytes from one too, a beat of one lane each.
class PacketSource {
 public:
  struct Packet {
    Mode mode = Mode::kRfc3629;
    int abort_after_beats = -1;  // >= 0 only when the packet is cut short by a reset
  };
  virtual ~PacketSource() = default;
  // Moves to the next packet; false when there is none. A packet that is cut
  // short says so only when it really is (abort_after_beats below its beats).
  virtual bool NextPacket(int lanes, Packet* p) = 0;
  // The current packet's next beat: 1..lanes bytes into bytes[]; *last when
  // they end the packet. Returns 0 on a read failure (the run then stops).
  virtual size_t NextBeat(int lanes, uint8_t* bytes, bool* last) = 0;
  // The string starts of the beat NextBeat gave last (s_axis_tuser of the
  // string validator, bit k for lane k): none unless the source has strings.
  virtual LaneMask BeatStarts() const { return LaneMask(); }
  // Why NextBeat returned 0.
  virtual std::string error() const { return ""; }
};

// A list of whole packets, by reference (the caller keeps them alive).
class PacketListSource : public PacketSource {
 public:
  explicit PacketListSource(const std::vector<WidePacket>& packets) : packets_(packets) {}
  bool NextPacket(int lanes, Packet* p) override;
  size_t NextBeat(int lanes, uint8_t* bytes, bool* last) override;

 private:
  const std::vector<WidePacket>& packets_;
  size_t next_ = 0;  // index of the next packet
  size_t pos_ = 0;   // bytes of the current packet sent
};

}  // namespace sim
}  // namespace utf8core

#endif  // UTF8CORE_SIM_PACKET_SOURCE_H_
