// Throughput of the kernel's AXI4 engines (rtl/kernel/utf8_kernel_rd.v and
// rtl/kernel/utf8_kernel_wr.v) in clocks, not time: each engine, verilated at 8 and 64
// bytes a beat with its default parameters, moves 1 MiB beside the AXI4 memory
// model (sim/kernel/axi_mem.h) with 64 clocks of read latency, 8 of write response
// latency and no stalls, from an aligned address and from odd ones; the stream
// side never stalls either. Reported per run: clocks from the command's
// acceptance to busy falling, bytes per clock, and that as a fraction of W.
// The goal is at least 0.95 W bytes per clock at any alignment.
// A benchmark, not a test: figures go to docs/bench.md.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "utf8_kernel_rd_bench.h"
#include "utf8_kernel_wr_bench.h"

namespace {

using utf8core::sim::AxiMemConfig;
using utf8core::sim::KernelRdBench;
using utf8core::sim::KernelWrBench;
using utf8core::sim::RdCommand;
using utf8core::sim::WrCommand;

constexpr uint64_t kBytes = 1 << 20;
constexpr uint64_t kBase = 0x100000;

AxiMemConfig Memory() {
  AxiMemConfig m;
  m.base = kBase;
  m.size = kBytes + 8192;
  m.read_latency = 64;
  m.write_latency = 8;
  return m;
}

void Report(benchmark::State& state, unsigned w, uint64_t clocks) {
  const double rate = static_cast<double>(kBytes) / static_cast<double>(clocks);
  state.counters["clocks"] = static_cast<double>(clocks);
  state.counters["bytes_per_clock"] = rate;
  state.counters["of_W"] = rate / w;
}

// Arguments: W (bytes a beat), the start address's offset from a page.
void BM_Read(benchmark::State& state) {
  const unsigned w = static_cast<unsigned>(state.range(0));
  uint64_t clocks = 0;
  for (auto _ : state) {
    KernelRdBench b(w, Memory(), 1);
    RdCommand c;
    c.addr = kBase + static_cast<uint64_t>(state.range(1));
    c.len = kBytes;
    b.Command(c);
    if (!b.RunUntilIdle(20 * kBytes) || b.stream().size() != kBytes || !b.failure().empty()) {
      state.SkipWithError("the read did not complete correctly");
      return;
    }
    clocks = b.command_clocks();
  }
  Report(state, w, clocks);
}

void BM_Write(benchmark::State& state) {
  const unsigned w = static_cast<unsigned>(state.range(0));
  const std::vector<uint8_t> data(kBytes, 0x41);
  uint64_t clocks = 0;
  for (auto _ : state) {
    KernelWrBench b(w, Memory(), 1);
    WrCommand c;
    c.addr = kBase + static_cast<uint64_t>(state.range(1));
    c.data = data;
    b.Command(c);
    if (!b.RunUntilIdle(20 * kBytes) || b.bytes() != kBytes || !b.failure().empty() ||
        !b.mem().violations().empty()) {
      state.SkipWithError("the write did not complete correctly");
      return;
    }
    clocks = b.command_clocks();
  }
  Report(state, w, clocks);
}

void Args(benchmark::internal::Benchmark* b) {
  for (int64_t w : {8, 64}) {
    for (int64_t off : {int64_t{0}, int64_t{1}, int64_t{3}, w - 1}) b->Args({w, off});
  }
  b->ArgNames({"W", "offset"})->Iterations(1)->Unit(benchmark::kMillisecond);
}

BENCHMARK(BM_Read)->Apply(Args);
BENCHMARK(BM_Write)->Apply(Args);

}  // namespace

BENCHMARK_MAIN();
