// The memory-mapped kernel engine of the utf8core command line (--engine
// kernel): the input goes, 1 MiB a job with two jobs in the kernel's queue
// (ap_ctrl_chain: the next job starts as soon as one ends), into the memory of a simulated
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
//
// With kernels > 1 the card carries that many kernels on one memory: the input
// is read kSplitPiece bytes a kernel at a time, cut where units start
// (utf8k_unit_cut), and the parts run at once as jobs of their own
// (utf8k_text_feed_split), their results stitched into one kernel's answer.
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
  // data_width: the kernel's DATA_WIDTH (one this program was built with);
  // kernels: compute units on the card, 1 to 8.
  KernelEngine(unsigned data_width, const std::string& trace_path, unsigned kernels = 1);
  ~KernelEngine() override;

  const char* name() const override { return "kernel"; }
  EngineRun Decode(ByteReader* in, Mode mode, UnitSink* out) override;
  EngineRun Validate(ByteReader* in, Mode mode, Verdict* verdict) override;
  EngineRun Encode(CodePointReader* in, Mode mode, ByteWriter* out, EncodeStats* stats) override;
  EngineRun Sanitize(ByteReader* in, Mode mode, ByteWriter* out, UnitTally* tally) override;

 private:
  // Runs the whole input through one operation; each job's (or round of
  // jobs') input and output are handed to `take`, with whether the input so
  // far ends where a unit ends (at the input's end, or at a cut); false from
  // take stops the run.
  template <class Take>
  EngineRun RunText(ByteReader* in, Mode mode, unsigned op, UnitTally* tally, Take take);
  // RunText on kernels_ compute units.
  template <class Take>
  EngineRun RunSplit(ByteReader* in, Mode mode, unsigned op, UnitTally* tally, Take take);

  unsigned data_width_;
  std::string trace_path_;
  unsigned kernels_;
  std::unique_ptr<sim::KernelCard> card_;
};

// Lane counts --lanes accepts with --engine kernel: DATA_WIDTH / 8 of each
// kernel built into this program.
std::vector<int> KernelLanes();

}  // namespace cli
}  // namespace utf8core

#endif  // UTF8CORE_CLI_KERNEL_ENGINE_H_
