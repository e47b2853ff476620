// The kernel's AXI4 read engine (rtl/kernel/utf8_kernel_rd.v) beside the AXI4 memory
// model (axi_mem.h), clocked together: the bench offers commands, abort and
// reset, shapes backpressure on the byte stream, records the stream of the
// current command and checks every beat against the stream rules (tkeep
// contiguous from lane 0 and never empty, only the last beat partial, tlast
// once and nothing after it, a beat held while not taken). The memory checks
// the AXI side. The engine's cycle model (model/kernel/utf8_kernel_rd.h) runs beside
// the RTL on the same inputs: every output is compared every clock, every
// payload lane the RTL has given a value included, from the reset the bench
// starts with. Used by tests/kernel/utf8_kernel_rd_test.cpp and the throughput
// benchmark (bench/kernel_axi_bench.cpp).
#ifndef UTF8CORE_SIM_UTF8_KERNEL_RD_BENCH_H_
#define UTF8CORE_SIM_UTF8_KERNEL_RD_BENCH_H_

#include <cstdint>
#include <string>
#include <vector>

#include "axi_mem.h"
#include "kernel_engine_bench.h"
#include "utf8_kernel_rd.h"

namespace utf8core {
namespace sim {

struct RdCommand {
  uint64_t addr = 0;
  uint64_t len = 0;
  std::vector<uint8_t> held;  // 0..5 bytes put in front of the memory bytes
};

// What the bench drives and reads (utf8_kernel_rd_bench.cpp).
struct RdIn;
struct RdOut;

// The read engine, for the benches' templates (kernel_engine_bench.h).
struct KernelRdEngine {
  using Params = KernelRdParams;
  using Model = KernelRdCycleModel;
  using In = RdIn;
  using Out = RdOut;
  using Ports = KernelEnginePorts<RdIn, RdOut>;
  static constexpr char kBlock[] = "utf8_kernel_rd";
  static constexpr char kOwnParam[] = "OUTSTANDING";
  static constexpr int Params::*kOwn = &KernelRdParams::outstanding;
};

class KernelRdBench : public KernelEngineBench<KernelRdEngine> {
 public:
  // data_bytes: the widths verilated with the default parameters, 8 and 64
  // (KernelRdWidths()); the memory model takes the same width. trace_path ""
  // writes no wave.
  KernelRdBench(unsigned data_bytes, AxiMemConfig mem_cfg, uint64_t seed,
                const std::string& trace_path = "");
  // params: one of KernelRdBuilds().
  KernelRdBench(const KernelRdParams& params, AxiMemConfig mem_cfg, uint64_t seed,
                const std::string& trace_path = "");
  ~KernelRdBench() override;

  // Offers the command from the next clock until the engine takes it; the
  // recorded stream starts again then.
  void Command(const RdCommand& cmd);
  // Probability of a clock with m_axis_tready low.
  void set_stream_stall(double p) { stream_stall_ = p; }

  void Clock() override;

  const std::vector<uint8_t>& stream() const { return stream_; }
  uint64_t beats() const { return beats_; }
  bool got_tlast() const { return got_tlast_; }
  uint64_t beats_after_abort() const { return beats_after_abort_; }
  // AR handshakes of the current command.
  uint64_t ar_count() const { return ar_count_; }

 private:
  void Compare(const RdOut& got) override;

  RdCommand cmd_;
  double stream_stall_ = 0;

  bool aborted_ = false;  // abort seen during the current command
  bool prev_abort_ = false;

  std::vector<uint8_t> stream_;
  uint64_t beats_ = 0;
  bool got_tlast_ = false;
  uint64_t beats_after_abort_ = 0;
  uint64_t ar_count_ = 0;

  // The beat offered last clock and not taken: it must be offered again.
  bool held_ = false;
  uint64_t held_keep_ = 0;
  bool held_last_ = false;
  std::vector<uint8_t> held_bytes_;
};

// The widths (bytes a beat) the read engine is verilated at with its
// default parameters.
std::vector<unsigned> KernelRdWidths();
// Every set of parameters it is verilated at (sim/kernel/kernel_axi.cmake): the
// defaults at each of KernelRdWidths(), then corners.
std::vector<KernelRdParams> KernelRdBuilds();

}  // namespace sim
}  // namespace utf8core

#endif  // UTF8CORE_SIM_UTF8_KERNEL_RD_BENCH_H_
