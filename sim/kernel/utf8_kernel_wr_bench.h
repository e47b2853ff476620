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
#include <memory>
#include <string>
#include <vector>

#include "axi_mem.h"
#include "harness.h"
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

// The Verilated engine at one width, behind an interface, and what it drives
// (utf8_kernel_wr_bench.cpp).
class KernelWrPorts;
struct WrOut;

class KernelWrBench {
 public:
  // data_bytes: the widths verilated with the default parameters, 8 and 64
  // (KernelWrWidths()); the memory model takes the same width. trace_path ""
  // writes no wave.
  KernelWrBench(unsigned data_bytes, AxiMemConfig mem_cfg, uint64_t seed,
                const std::string& trace_path = "");
  // params: one of KernelWrBuilds().
  KernelWrBench(const KernelWrParams& params, AxiMemConfig mem_cfg, uint64_t seed,
                const std::string& trace_path = "");
  ~KernelWrBench();

  AxiMem& mem() { return mem_; }
  unsigned data_bytes() const { return data_bytes_; }
  uint64_t seed() const { return rng_.seed(); }

  // Offers the command from the next clock until the engine takes it, and its
  // stream from then on.
  void Command(const WrCommand& cmd);
  void set_abort(bool on) { abort_ = on; }
  // Reset the engine and the memory (what is in flight), from the next clock.
  void set_reset(bool on) { reset_ = on; }
  // Probability of a clock with no stream beat offered (when none is waiting).
  void set_stream_gap(double p) { stream_gap_ = p; }

  void Clock();
  // Clocks until no command is pending and busy is low, at most `limit`
  // clocks; false on timeout or at the first failure().
  bool RunUntilIdle(uint64_t limit);

  bool busy() const;
  bool error() const;
  uint64_t bytes() const;  // the engine's count of bytes written and acknowledged
  bool command_pending() const { return pending_; }
  uint64_t clocks() const { return clocks_; }
  // Clocks from the last command's acceptance to busy falling (0 while busy).
  uint64_t command_clocks() const { return command_clocks_; }
  // Stream beats taken of the current command, and whether its tlast was.
  uint64_t beats_taken() const { return beats_taken_; }
  bool tlast_taken() const { return tlast_taken_; }
  // The first broken rule seen on the engine's own ports or the first
  // disagreement between the RTL and its cycle model (clock, signal,
  // expected, actual), with the seed, or "".
  const std::string& failure() const { return failure_; }

 private:
  void Fail(const std::string& what);
  void Compare(const WrOut& got);

  unsigned data_bytes_;
  AxiMem mem_;
  Rng rng_;
  std::unique_ptr<KernelWrPorts> rtl_;
  KernelWrCycleModel model_;
  std::string name_;  // the block and its parameters, for messages
  KernelWrCycleModel::Inputs model_in_;
  CycleChecker chk_;
  bool defined_ = false;  // the RTL reset once: its outputs have values

  WrCommand cmd_;
  bool pending_ = false;
  bool streaming_ = false;  // the stream of the current command is being offered
  size_t sent_ = 0;         // stream bytes taken
  bool offered_ = false;    // a beat was offered last clock and not taken
  bool abort_ = false;
  bool reset_ = false;
  double stream_gap_ = 0;

  uint64_t clocks_ = 0;
  uint64_t accept_clock_ = 0;
  uint64_t command_clocks_ = 0;
  bool running_ = false;
  uint64_t beats_taken_ = 0;
  bool tlast_taken_ = false;
  uint64_t last_bytes_ = 0;
  std::string failure_;
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
