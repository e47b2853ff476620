// The Verilated class of one of the kernel's AXI4 engines as its bench's
// ports (KernelEnginePorts, kernel_engine_bench.h): the context, the model and
// its wave, and what both engines' ports have in common (the clock, busy,
// error). The engine's bench adds Low(), which drives and reads its own ports
// around Settle(). Included by the benches' sources only: it needs Verilator.
#ifndef UTF8CORE_SIM_KERNEL_ENGINE_RTL_H_
#define UTF8CORE_SIM_KERNEL_ENGINE_RTL_H_

#include <memory>
#include <string>

#include "fst_trace.h"

namespace utf8core {
namespace sim {

template <class Top, class Ports>
class KernelEngineRtl : public Ports {
 public:
  explicit KernelEngineRtl(const std::string& trace_path)
      : ctx_(MakeContext()), top_(std::make_unique<Top>(ctx_.get(), "TOP")) {
    wave_.open(ctx_.get(), top_.get(), trace_path);
    top_->clk = 0;
  }
  ~KernelEngineRtl() override {
    wave_.flush();
    top_->final();
  }

  void Rise() override {
    top_->clk = 1;
    top_->eval();
    wave_.dump();
    ctx_->timeInc(1);
    top_->clk = 0;
    top_->eval();
  }

  bool Busy() const override { return top_->busy; }
  bool Error() const override { return top_->error; }

 protected:
  Top& top() { return *top_; }
  const Top& top() const { return *top_; }
  // After the inputs are driven with the clock low: the outputs settle, and
  // the wave has them.
  void Settle() {
    top_->eval();
    wave_.dump();
    ctx_->timeInc(1);
  }

 private:
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Top> top_;
  FstTrace<Top> wave_;
};

}  // namespace sim
}  // namespace utf8core

#endif  // UTF8CORE_SIM_KERNEL_ENGINE_RTL_H_
