// What the benches of the kernel's two AXI4 engines (utf8_kernel_rd_bench.h,
// utf8_kernel_wr_bench.h) share, written once: the Verilated engine behind an
// interface, the table of the builds verilated (sim/kernel/kernel_axi.cmake)
// and the lookup in it, the bench's memory, random source, cycle model and
// per-clock checker, the command's bookkeeping (accepted, running, the clocks
// it took), the reset and the clock edge, and the run to idle. Each engine's
// bench derives from KernelEngineBench and keeps what is its own: its ports,
// its stream (read or written) and the rules it checks on it.
//
// An engine is described to these templates by a struct (KernelRdEngine,
// KernelWrEngine in the benches' headers):
//   using Params, Model;               the model's parameters and cycle model
//   using In, Out;                     what the bench drives and reads
//   using Ports;                       KernelEnginePorts<In, Out> or one derived
//   static constexpr char kBlock[];    "utf8_kernel_rd", for messages
//   static constexpr char kOwnParam[]; the RTL's name of its fourth parameter
//   static constexpr int Params::*kOwn;  that parameter in Params
#ifndef UTF8CORE_SIM_KERNEL_ENGINE_BENCH_H_
#define UTF8CORE_SIM_KERNEL_ENGINE_BENCH_H_

#include <array>
#include <cstdint>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "axi_mem.h"
#include "harness.h"
#include "kernel_axi_engine.h"

namespace utf8core {
namespace sim {

// The Verilated engine at one build, behind an interface (kernel_engine_rtl.h
// implements it for a Verilated class).
template <class In, class Out>
class KernelEnginePorts {
 public:
  virtual ~KernelEnginePorts() = default;
  // Applies the inputs with the clock low, settles, reads the outputs.
  virtual void Low(const In& in, const AxiSlavePorts& axi, Out* out) = 0;
  // The rising edge (dumped to the wave); the outputs are registers, so they
  // are the next clock's from here on.
  virtual void Rise() = 0;
  virtual bool Busy() const = 0;
  virtual bool Error() const = 0;
};

// Byte k of a beat held as 32-bit words, little-endian (AxiMemConfig's layout).
inline uint8_t Lane(const std::array<uint32_t, 16>& d, unsigned k) {
  return static_cast<uint8_t>(d[k / 4] >> (8 * (k % 4)));
}

// An engine's parameters at its defaults but the width.
template <class Engine>
typename Engine::Params EngineDefaults(unsigned data_bytes) {
  typename Engine::Params p;
  p.data_bytes = static_cast<int>(data_bytes);
  return p;
}

// An engine's parameters, in the RTL's order.
template <class Engine>
typename Engine::Params EngineParams(int data_bytes, int addr_width, int max_burst, int own) {
  typename Engine::Params p = EngineDefaults<Engine>(static_cast<unsigned>(data_bytes));
  p.addr_width = addr_width;
  p.max_burst = max_burst;
  p.*Engine::kOwn = own;
  return p;
}

template <class Engine>
bool SameParams(const typename Engine::Params& a, const typename Engine::Params& b) {
  return a.data_bytes == b.data_bytes && a.addr_width == b.addr_width &&
         a.max_burst == b.max_burst && a.*Engine::kOwn == b.*Engine::kOwn;
}

// The block and its parameters, for messages: only the width at the defaults.
template <class Engine>
std::string EngineName(const typename Engine::Params& p) {
  std::string n = std::string(Engine::kBlock) + " W=" + std::to_string(p.data_bytes);
  if (!SameParams<Engine>(p, EngineDefaults<Engine>(static_cast<unsigned>(p.data_bytes)))) {
    n += " ADDR_WIDTH=" + std::to_string(p.addr_width) +
         " MAX_BURST=" + std::to_string(p.max_burst) + " " + Engine::kOwnParam + "=" +
         std::to_string(p.*Engine::kOwn);
  }
  return n;
}

// One build of an engine (sim/kernel/kernel_axi.cmake): its parameters and
// how to make its Verilated class.
template <class Engine>
struct EngineBuild {
  using Ports = typename Engine::Ports;
  typename Engine::Params params;
  std::unique_ptr<Ports> (*make)(const std::string& trace_path);
};

// The engine built at `p` from the table of its builds; std::invalid_argument
// when none is (`builds_fn` names the list in the message).
template <class Engine>
std::unique_ptr<typename EngineBuild<Engine>::Ports> MakeEngine(
    const std::vector<EngineBuild<Engine>>& builds, const typename Engine::Params& p,
    const std::string& trace_path, const char* builds_fn) {
  for (const EngineBuild<Engine>& b : builds) {
    if (SameParams<Engine>(b.params, p)) return b.make(trace_path);
  }
  throw std::invalid_argument(std::string(Engine::kBlock) +
                              " is not verilated at these parameters (" + builds_fn + ")");
}

template <class Engine>
std::vector<typename Engine::Params> BuildParams(const std::vector<EngineBuild<Engine>>& builds) {
  std::vector<typename Engine::Params> v;
  for (const EngineBuild<Engine>& b : builds) v.push_back(b.params);
  return v;
}

// The widths (bytes a beat) built with the default parameters.
template <class Engine>
std::vector<unsigned> DefaultWidths(const std::vector<EngineBuild<Engine>>& builds) {
  std::vector<unsigned> v;
  for (const EngineBuild<Engine>& b : builds) {
    const auto w = static_cast<unsigned>(b.params.data_bytes);
    if (SameParams<Engine>(b.params, EngineDefaults<Engine>(w))) v.push_back(w);
  }
  return v;
}

// The engine beside the AXI4 memory model and its cycle model, clocked
// together. The engine's bench calls ResetFirst() when it is made, and
// implements Clock() with the helpers below:
//   Sample(in, &out)  before the edge: drive, settle, compare with the model
//   ResetEdge()       a clock in reset (the engine and the memory)
//   Accepted()        the command was taken this clock
//   Edge(axi)         the rising edge of the memory, the RTL and the model
//   Ended()           busy fell: the command's clocks are known
template <class Engine>
class KernelEngineBench {
 public:
  using Params = typename Engine::Params;
  using Model = typename Engine::Model;
  using In = typename Engine::In;
  using Out = typename Engine::Out;
  using Ports = typename Engine::Ports;

  virtual ~KernelEngineBench() = default;

  AxiMem& mem() { return mem_; }
  unsigned data_bytes() const { return data_bytes_; }
  uint64_t seed() const { return rng_.seed(); }

  void set_abort(bool on) { abort_ = on; }
  // Reset the engine and the memory (what is in flight), from the next clock.
  void set_reset(bool on) { reset_ = on; }

  virtual void Clock() = 0;
  // Clocks until no command is pending and busy is low, at most `limit`
  // clocks; false on timeout or at the first failure().
  bool RunUntilIdle(uint64_t limit) {
    for (uint64_t i = 0; i < limit && failure_.empty(); ++i) {
      Clock();
      if (!pending_ && !rtl_->Busy()) return true;
    }
    return false;
  }

  bool busy() const { return rtl_->Busy(); }    // after the last clock
  bool error() const { return rtl_->Error(); }  // after the last clock
  bool command_pending() const { return pending_; }
  uint64_t clocks() const { return clocks_; }
  // Clocks from the last command's acceptance to busy falling (0 while busy).
  uint64_t command_clocks() const { return command_clocks_; }
  // The first broken rule or the first disagreement between the RTL and its
  // cycle model (clock, signal, expected, actual), with the seed, or "".
  const std::string& failure() const { return failure_; }

 protected:
  KernelEngineBench(const Params& params, std::unique_ptr<Ports> rtl, const AxiMemConfig& mem_cfg,
                    uint64_t seed)
      : data_bytes_(static_cast<unsigned>(params.data_bytes)),
        mem_(WithWidth(mem_cfg, data_bytes_)),
        rng_(seed),
        rtl_(std::move(rtl)),
        model_(params),
        name_(EngineName<Engine>(params)),
        chk_(name_, seed) {}

  // The engine's control state has a value only after a reset: the bench
  // starts with a clock in reset.
  void ResetFirst() {
    reset_ = true;
    Clock();
    reset_ = false;
  }

  // Every output against the model's (the engine's own), from the clock after
  // the first reset.
  virtual void Compare(const Out& got) = 0;

  void Fail(const std::string& what) {
    if (!failure_.empty()) return;
    std::ostringstream m;
    m << name_ << ": clock " << clocks_ << ": " << what << " (seed " << rng_.seed() << ")";
    failure_ = m.str();
  }

  // Compare()'s start: the model's outputs this clock, and the outputs both
  // engines have.
  typename Model::Outputs Expected(const Out& got) {
    const typename Model::Outputs e = model_.outputs();
    chk_.set_cycle(clocks_);
    chk_.check("cmd_ready", e.cmd_ready, got.cmd_ready);
    chk_.check("busy", e.busy, got.busy);
    chk_.check("error", e.error, got.error);
    return e;
  }
  // Whether the RTL agreed with the model on every check of this clock; the
  // first disagreement becomes the failure.
  bool Agreed() {
    if (chk_.ok()) return true;
    if (failure_.empty()) failure_ = chk_.message();
    return false;
  }

  // The clock low: drives `in` and the memory's outputs, reads the RTL's
  // outputs and holds them to the model's. The memory's outputs are returned
  // for the model's inputs.
  const AxiSlavePorts& Sample(const In& in, Out* out) {
    const AxiSlavePorts& axi = mem_.outputs();
    rtl_->Low(in, axi, out);
    if (defined_) Compare(*out);
    ++clocks_;
    return axi;
  }
  // A clock in reset: nothing pending or running, the memory's traffic
  // dropped; the model reset with the RTL, which has values from now on.
  void ResetEdge() {
    pending_ = false;
    running_ = false;
    mem_.Reset();
    rtl_->Rise();
    model_.tick(model_in_);
    defined_ = true;
  }
  void Accepted() {
    pending_ = false;
    accept_clock_ = clocks_;
    command_clocks_ = 0;
    running_ = true;
  }
  void Edge(const AxiMasterPorts& axi) {
    mem_.Clock(axi);
    rtl_->Rise();
    model_.tick(model_in_);
  }
  void Ended() {
    running_ = false;
    command_clocks_ = clocks_ - accept_clock_;
  }

  unsigned data_bytes_;
  AxiMem mem_;
  Rng rng_;
  std::unique_ptr<Ports> rtl_;
  Model model_;
  std::string name_;  // the block and its parameters, for messages
  typename Model::Inputs model_in_;
  CycleChecker chk_;
  bool defined_ = false;  // the RTL reset once: its outputs have values

  bool pending_ = false;
  bool abort_ = false;
  bool reset_ = false;

  uint64_t clocks_ = 0;
  uint64_t accept_clock_ = 0;
  uint64_t command_clocks_ = 0;
  bool running_ = false;  // a command accepted and busy not yet seen low
  std::string failure_;

 private:
  static AxiMemConfig WithWidth(AxiMemConfig c, unsigned data_bytes) {
    c.data_bytes = data_bytes;
    return c;
  }
};

}  // namespace sim
}  // namespace utf8core

#endif  // UTF8CORE_SIM_KERNEL_ENGINE_BENCH_H_
