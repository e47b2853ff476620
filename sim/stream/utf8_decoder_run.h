// Verilated scalar decoder (rtl/stream/utf8_decoder.v) run beside its cycle model
// (model/stream/utf8_decoder.h): DecoderBench steps both with the same inputs and
// compares every output every clock; RunUtf8Decoder is the one-packet runner the
// CLI's RTL engine and the tests use. The Verilated class stays inside the .cpp,
// so users of this header need no Verilator include paths.
#ifndef UTF8CORE_SIM_UTF8_DECODER_RUN_H_
#define UTF8CORE_SIM_UTF8_DECODER_RUN_H_

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "harness.h"
#include "packet_source.h"
#include "rtl_run.h"
#include "utf8_decoder.h"
#include "utf8_model.h"

namespace utf8core {
namespace sim {

// The Verilated decoder behind a small interface, so the bench can hold any
// verilated parameter set without Verilator's headers leaking into its users
// (the template is in utf8_decoder_rtl_of.h).
class DecoderRtl {
 public:
  virtual ~DecoderRtl() = default;
  // Applies the inputs with the clock low and settles; returns the outputs.
  virtual DecoderCycleModel::Outputs Low(const DecoderCycleModel::Inputs& in) = 0;
  virtual void Rise() = 0;
  virtual void Flush() = 0;
  virtual const std::string& trace_path() const = 0;
};

// A verilated parameter set: its widths and the factory of its Verilated model.
struct DecoderVariant {
  int offset_width;
  int count_width;
  std::unique_ptr<DecoderRtl> (*make)(const std::string& trace_path, int count_width);
};
// OFFSET_WIDTH 32, COUNT_WIDTH 32: the block as shipped (sim/stream/utf8_decoder_run.cpp).
extern const DecoderVariant kDecoderDefault;
// OFFSET_WIDTH 4, COUNT_WIDTH 3, on which offsets wrap and counters saturate
// within a short test; tests only (library utf8_decoder_narrow_rtl).
extern const DecoderVariant kDecoderNarrow;

// Both implementations in lock step. Each step() is one clock: the inputs are
// applied, this cycle's outputs of RTL and model are compared (tdata, tuser and
// tlast only while tvalid: AXI4-Stream defines them only then), then the rising
// edge. The first mismatch is kept in checker(); the wave, if any, is flushed.
class DecoderBench {
 public:
  using Inputs = DecoderCycleModel::Inputs;
  using Outputs = DecoderCycleModel::Outputs;

  // trace_path: FST file, or "" for none. Under a coverage build (VM_COVERAGE)
  // the coverage data goes to $UTF8CORE_COVERAGE_DIR at destruction.
  DecoderBench(uint64_t seed, const std::string& trace_path,
               const DecoderVariant& variant = kDecoderDefault);
  ~DecoderBench();
  DecoderBench(const DecoderBench&) = delete;
  DecoderBench& operator=(const DecoderBench&) = delete;

  // One clock; returns the RTL's outputs during it (before the edge), which is
  // what a handshake at this edge sees.
  Outputs step(const Inputs& in);

  const CycleChecker& checker() const { return checker_; }
  uint64_t cycles() const { return cycle_; }
  const std::string& trace_path() const;

 private:
  std::unique_ptr<DecoderRtl> rtl_;
  DecoderCycleModel model_;
  CycleChecker checker_;
  uint64_t cycle_ = 0;
};

}  // namespace sim

struct DecoderRun {
  std::vector<Unit> units;            // m_axis beats as units (offsets counted from the lengths)
  bool stat_seen = false;             // a stat_valid pulse came
  bool stat_error = false;            // stat_* at that pulse
  uint64_t stat_err_offset = 0;
  ErrorClass stat_err_class = ErrorClass::kOk;
  std::array<uint64_t, 6> err_count{};  // at the end (class c at [c - 1])
  sim::RunReport report;
};

// What the decoder gives, unit by unit, as it gives it.
class DecoderSink {
 public:
  virtual ~DecoderSink() = default;
  virtual void Unit(const utf8core::Unit& u) = 0;
};

// Decodes the first packet of `source` (one frame, tlast on its last byte) on
// the RTL after a reset, with opt's traffic shaping, the cycle model checked
// alongside; the units go to `sink` (run.units stays empty), so memory stays
// bounded whatever the packet's length. No packet: nothing runs.
DecoderRun RunUtf8DecoderStream(sim::PacketSource* source, DecoderSink* sink,
                                const sim::RunOptions& opt);

// The same on a packet in memory, the units collected in run.units. An empty
// packet is no frame at all: no units, no cycles.
DecoderRun RunUtf8Decoder(const std::vector<uint8_t>& packet, Mode mode,
                          const sim::RunOptions& opt);

}  // namespace utf8core

#endif  // UTF8CORE_SIM_UTF8_DECODER_RUN_H_
