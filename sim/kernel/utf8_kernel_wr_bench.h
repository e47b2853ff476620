// The kernel's AXI4 write engine (rtl/kernel/utf8_kernel_wr.v) beside the AXI4 memory
// model (axi_mem.h), clocked together: the bench offers commands, abort and
// reset, and drives the byte stream of the current command (beats full but the
// last, which may be empty; random gaps, a beat held until taken). The memory
// checks the AXI side, the strobes against the write window the test sets, and
// holds what was written. The engine's cycle model (model/kernel/utf8_kernel_wr.h)
// runs beside the RTL on the same inputs: every output is compared every
// clock, every payload lane the RTL has given a value included, from the reset
// the bench starts with. Used by tests/kernel/utf8_kernel_wr_test.cpp and the
// throughput benchmark (bench/kernel_axi_bench.cpp).
#ifndef UTF8CORE_SIM_UTF8_KERNEL_WR_BENCH_H_
#define UTF8CORE_SIM_UTF8_KERNEL_WR_BENCH_H_

#include <cstdint>
#include <string>
#include <vector>

#include "axi_mem.h"
#include "kernel_engine_bench.h"
#include "utf8_kernel_wr.h"

namespace utf8core {
namespace sim {

struct WrCommand {
  uint64_t addr = 0;
  std::vector<uint8_t> data;
  // End the packet with an extra empty beat (tkeep all zero, tlast); always
  // so when data is empty.
  bool empty_last = false;
};

// What the bench drives and reads (utf8_kernel_wr_bench.cpp).
struct WrIn;
struct WrOut;

// The Verilated engine: the ports both engines have, and bytes.
class KernelWrPorts : public KernelEnginePorts<WrIn, WrOut> {
 public:
  virtual uint64_t Bytes() const = 0;
};

// The write engine, for the benches' templates (kernel_engine_bench.h).
struct KernelWrEngine {
  using Params = KernelWrParams;
  using Model = KernelWrCycleModel;
  using In = WrIn;
  using Out = WrOut;
  using Ports = KernelWrPorts;
  static constexpr char kBlock[] = "utf8_kernel_wr";
  static constexpr char kOwnParam[] = "FIFO_DEPTH";
  static constexpr int Params::*kOwn = &KernelWrParams::fifo_depth;
};

class KernelWrBench : public KernelEngineBench<KernelWrEngine> {
 public:
  // data_bytes: the widths verilated with the default parameters, 8 and 64
  // (KernelWrWidths()); the memory model takes the same width. trace_path ""
  // writes no wave.
  KernelWrBench(unsigned data_bytes, AxiMemConfig mem_cfg, uint64_t seed,
                const std::string& trace_path = "");
  // params: one of KernelWrBuilds().
  KernelWrBench(const KernelWrParams& params, AxiMemConfig mem_cfg, uint64_t seed,
                const std::string& trace_path = "");
  ~KernelWrBench() override;

  // Offers the command from the next clock until the engine takes it, and its
  // stream from then on.
  void Command(const WrCommand& cmd);
  // Probability of a clock with no stream beat offered (when none is waiting).
  void set_stream_gap(double p) { stream_gap_ = p; }

  void Clock() override;

  uint64_t bytes() const;  // the engine's count of bytes written and acknowledged
  // Stream beats taken of the current command, and whether its tlast was.
  uint64_t beats_taken() const { return beats_taken_; }
  bool tlast_taken() const { return tlast_taken_; }

 private:
  void Compare(const WrOut& got) override;

  WrCommand cmd_;
  bool streaming_ = false;  // the stream of the current command is being offered
  size_t sent_ = 0;         // stream bytes taken
  bool offered_ = false;    // a beat was offered last clock and not taken
  double stream_gap_ = 0;

  uint64_t beats_taken_ = 0;
  bool tlast_taken_ = false;
  uint64_t last_bytes_ = 0;
};

// The widths (bytes a beat) the write engine is verilated at with its
// default parameters.
std::vector<unsigned> KernelWrWidths();
// Every set of parameters it is verilated at (sim/kernel/kernel_axi.cmake): the
// defaults at each of KernelWrWidths(), then corners.
std::vector<KernelWrParams> KernelWrBuilds();

}  // namespace sim
}  // namespace utf8core

#endif  // UTF8CORE_SIM_UTF8_KERNEL_WR_BENCH_H_
