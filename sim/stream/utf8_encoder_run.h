// Runner of the Verilated encoder (rtl/stream/utf8_encoder.v) beside its cycle model
// (model/stream/utf8_encoder.h). EncoderBench is one clock at a time with the same
// inputs to both and every output compared every cycle; the tests drive it with
// their own stimulus. RunUtf8Encoder sends one packet through it and returns what
// the RTL produced: the tests' one-packet checks and `utf8core encode --engine rtl`.
#ifndef UTF8CORE_SIM_UTF8_ENCODER_RUN_H_
#define UTF8CORE_SIM_UTF8_ENCODER_RUN_H_

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "harness.h"
#include "rtl_run.h"
#include "utf8_encoder.h"
#include "utf8_model.h"

namespace utf8core {
namespace sim {

// The Verilated encoder behind a small interface, so the bench can hold any
// verilated parameter set (the template is in utf8_encoder_rtl_of.h).
class EncoderRtl {
 public:
  virtual ~EncoderRtl() = default;
  // One rising edge with these inputs; clk is low before and after.
  virtual void Clock(const EncoderCycleModel::Inputs& in, bool dump) = 0;
  virtual void Read(EncoderCycleModel::Outputs* out) const = 0;
  virtual void Flush() = 0;
};

// A verilated parameter set: its COUNT_WIDTH and the factory of its model.
struct EncoderVariant {
  int count_width;
  std::unique_ptr<EncoderRtl> (*make)(const std::string& trace_path, int count_width);
};
// COUNT_WIDTH 32: the block as shipped (sim/stream/utf8_encoder_run.cpp).
extern const EncoderVariant kEncoderDefault;
// COUNT_WIDTH 4, so that a test can drive the error counters into saturation
// in a few dozen code points; tests only (library utf8_encoder_cw4_rtl).
extern const EncoderVariant kEncoderCount4;

class EncoderBench {
 public:
  using Inputs = EncoderCycleModel::Inputs;
  using Outputs = EncoderCycleModel::Outputs;

  // A wave is written to trace_path when it is not empty, from cycle trace_from on.
  explicit EncoderBench(uint64_t seed, const std::string& trace_path = "",
                        const EncoderVariant& variant = kEncoderDefault, uint64_t trace_from = 0);
  ~EncoderBench();
  EncoderBench(const EncoderBench&) = delete;
  EncoderBench& operator=(const EncoderBench&) = delete;

  // This cycle's outputs as the RTL drives them, and as the model has them.
  const Outputs& rtl() const { return rtl_; }
  const Outputs& model() const { return model_.outputs(); }

  // Compares this cycle's outputs, all of them, tdata/tkeep/tuser/tlast included
  // while tvalid is low (both hold the last beat; before the first beat they
  // are undefined and not compared), then clocks `in` into the RTL
  // and the model. Returns false from the first mismatch on (see checker()); a
  // wave, if any, is flushed at that point.
  bool step(const Inputs& in);

  uint64_t cycle() const { return cycle_; }
  const CycleChecker& checker() const { return checker_; }
  bool ok() const { return checker_.ok(); }

 private:
  void compare();

  std::unique_ptr<EncoderRtl> rtl_model_;
  EncoderCycleModel model_;
  CycleChecker checker_;
  uint64_t trace_from_;
  Outputs rtl_;
  bool loaded_ = false;  // an output beat has loaded the data registers
  uint64_t cycle_ = 0;
};

}  // namespace sim

struct EncoderRun {
  std::vector<uint8_t> bytes;           // the RTL's octets, in order
  std::vector<ErrorClass> classes;      // m_axis_tuser of each beat: one per code point
  std::vector<uint8_t> lengths;         // octets of each beat (its tkeep lanes)
  std::array<uint64_t, 6> err_count{};  // after the packet; class c at [c-1]
  sim::RunReport report;
};

// What the encoder gives, beat by beat, as it gives it.
class EncoderSink {
 public:
  virtual ~EncoderSink() = default;
  // One output beat: the octets of one code point and its class.
  virtual void Beat(const uint8_t* octets, int n, ErrorClass cls) = 0;
};

// Where the code points of one packet come from, one at a time.
class CodePointSource {
 public:
  virtual ~CodePointSource() = default;
  // The next code point; *last when it ends the packet. False on a read failure.
  virtual bool Next(uint32_t* cp, bool* last) = 0;
  virtual std::string error() const { return ""; }
};

// Resets the encoder and sends `source`'s code points as one packet (tlast on
// the last), which must hold at least one; the beats go to `sink` (run.bytes,
// classes and lengths stay empty), so memory stays bounded.
EncoderRun RunUtf8EncoderStream(CodePointSource* source, Mode mode, EncoderSink* sink,
                                const sim::RunOptions& options);

// Resets the encoder, sends `cps` as one packet (tlast on the last code point)
// in `mode`, and collects the output until its tlast. An empty list is no packet:
// nothing is run. report.ok is false when the RTL and the cycle model disagreed,
// the RTL's output did not match the packet's beat count, or it hung.
EncoderRun RunUtf8Encoder(const std::vector<uint32_t>& cps, Mode mode,
                          const sim::RunOptions& options);

}  // namespace utf8core

#endif  // UTF8CORE_SIM_UTF8_ENCODER_RUN_H_
