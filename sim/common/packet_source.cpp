// Packet sources; see packet_source.h.
#include "packet_source.h"

#include <algorithm>
#include <cstring>

namespace utf8core {
namespace sim {

bool PacketListSource::NextPacket(int lanes, Packet* p) {
  if (next_ >= packets_.size()) return false;
  const WidePacket& w = packets_[next_++];
  p->mode = w.mode;
  p->abort_after_beats = Aborted(w, lanes) ? w.abort_after_beats : -1;
  pos_ = 0;
  return true;
}

size_t PacketListSource::NextBeat(int lanes, uint8_t* bytes, bool* last) {
  const std::vector<uint8_t>& b = packets_[next_ - 1].bytes;
  const size_t n = std::min(static_cast<size_t>(lanes), b.size() - pos_);
  std::memcpy(bytes, b.data() + pos_, n);
  pos_ += n;
  *last = pos_ == b.size();
  return n;
}

}  // namespace sim
}  // namespace utf8core
