// Runner of the Verilated string validator (rtl/stream/utf8_string_validator.v)
// beside its cycle model (model/stream/utf8_string_validator.h), on the shared
// wide bench (wide_bench.h): packets of strings in (bytes and where each
// string starts), and per packet each string's verdict and the stat_* pulse.
#ifndef UTF8CORE_SIM_UTF8_STRING_VALIDATOR_RUN_H_
#define UTF8CORE_SIM_UTF8_STRING_VALIDATOR_RUN_H_

#include <cstdint>
#include <vector>

#include "packet_source.h"
#include "rtl_run.h"
#include "utf8_model.h"
#include "wide_bench.h"

namespace utf8core {

// A packet of strings: the bytes of its strings one after another, and the
// offset where each string after the first starts (ascending, within the
// bytes). Empty strings hold no byte and are not sent (the owner's verdict).
struct StringPacket {
  std::vector<uint8_t> bytes;  // at least one byte
  Mode mode = Mode::kRfc3629;
  std::vector<uint64_t> starts;
  int abort_after_beats = -1;  // as WidePacket's
};

// The packets' beats with their string starts on s_axis_tuser.
class StringPacketSource : public sim::PacketSource {
 public:
  explicit StringPacketSource(const std::vector<StringPacket>& packets) : packets_(packets) {}
  bool NextPacket(int lanes, Packet* p) override;
  size_t NextBeat(int lanes, uint8_t* bytes, bool* last) override;
  LaneMask BeatStarts() const override { return starts_; }

 private:
  const std::vector<StringPacket>& packets_;
  size_t next_ = 0;
  size_t pos_ = 0;
  size_t start_ = 0;  // next entry of the current packet's starts
  LaneMask starts_;
};

// What the string validator gives, as it gives it.
class StringValidatorSink {
 public:
  virtual ~StringValidatorSink() = default;
  virtual void String(bool well_formed) = 0;       // a string's verdict, in order
  virtual void Close() = 0;                        // a packet's last output beat
  virtual void Stat(const sim::StatVerdict& v) = 0;  // a stat_valid pulse
  virtual void Reset() {}
};

// Any number of packets from `source` (whose BeatStarts() gives the string
// starts), the output to `sink`: memory stays bounded whatever the packets' length.
sim::WideRunStats RunUtf8StringValidatorStream(int lanes, sim::PacketSource* source,
                                               StringValidatorSink* sink, const sim::RunOptions& opt);

struct StringValidatorRun : sim::WideRunStats {
  // Per packet whose output closed (tlast), each string's verdict in order
  // (true: well-formed).
  std::vector<std::vector<bool>> verdicts;
  std::vector<sim::StatVerdict> stats;  // stat_* at each stat_valid pulse
};

StringValidatorRun RunUtf8StringValidatorPackets(int lanes, const std::vector<StringPacket>& packets,
                                                 const sim::RunOptions& opt);

}  // namespace utf8core

#endif  // UTF8CORE_SIM_UTF8_STRING_VALIDATOR_RUN_H_
