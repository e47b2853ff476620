// The memory-mapped kernel engine of the utf8core command line (--engine
// kernel): the input goes, 64 KiB at a time, into the memory of a simulated
// card (sim/kernel/kernel_card.h, the Verilated rtl/kernel/utf8_kernel.v beside an AXI4
// memory model with 64 clocks of read latency, the kernel's cycle model checked
// beside it every clock) and through the host library
// (host/utf8core_host.h) as a chain of jobs with CONTINUE and PARTIAL, so the
// answer is the whole input's: validate runs VALIDATE, decode --to utf8
// SANITIZE, decode --to ucs4le|text DECODE_UTF32. The kernel gives code
// points only; for --to text each unit's offset, length and class are read
// off the input bytes on the host, each unit checked against the kernel's
// code point, and every job's error counts against the kernel's CLASS_COUNT
// registers: a disagreement is an error.
#ifndef UTF8CORE_CLI_KERNEL_ENGINE_H_
#define UTF8CORE_CLI_KERNEL_ENGINE_H_

#include <memory>
#include <string>
#include <vector>

#include "engine.h"

namespace utf8core {
namespace sim {
class KernelCard;
}
namespace cli {

class KernelEngine : public Engine {
 public:
  // data_width: the kernel's DATA_WIDTH (one this program was built with).
  KernelEngine(unsigned data_width, const std::string& trace_path);
  ~KernelEngine() override;

  const char* name() const override { return "kernel"; }
  EngineRun Decode(ByteReader* in, Mode mode, UnitSink* out) override;
  EngineRun Validate(ByteReader* in, Mode mode, Verdict* verdict) override;
  EngineRun Encode(CodePointReader* in, Mode mode, ByteWriter* out, EncodeStats* stats) override;
  EngineRun Sanitize(ByteReader* in, Mode mode, ByteWriter* out, UnitTally* tally) override;

 private:
  // Runs the whole input through one operation; each job's output is handed
  // to `take` (bytes at DST); false from take stops the run.
  template <class Take>
  EngineRun RunText(ByteReader* in, Mode mode, unsigned op, UnitTally* tally, Take take);

  unsigned data_width_;
  std::string trace_path_;
  std::unique_ptr<sim::KernelCard> card_;
};

// Lane counts --lanes accepts with --engine kernel: DATA_WIDTH / 8 of each
// kernel built into this program.
std::vector<int> KernelLanes();

}  // namespace cli
}  // namespace utf8core

#endif  // UTF8CORE_CLI_KERNEL_ENGINE_H_
