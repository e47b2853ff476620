// Optional FST waveform for any Verilated block, shared by the testbenches of
// every RTL block. Waves are off by default and switched on at run time (the
// Verilator examples' rule): a test asks TracePath() (harness.h) where a wave should go,
// gets "" unless UTF8CORE_TRACE names a directory, and opens the trace only then.
//
// Usage (the model must be verilated with TRACE_FST):
//   auto ctx = sim::MakeContext();                      // traceEverOn before the model
//   auto top = std::make_unique<Vutf8_foo>(ctx.get(), "TOP");
//   sim::FstTrace<Vutf8_foo> wave;
//   wave.open(ctx.get(), top.get(), path);              // no-op when path is ""
//   ... each half clock: top->eval(); wave.dump(); ctx->timeInc(1);
//   wave.close();                                       // also done by the destructor
#ifndef UTF8CORE_SIM_FST_TRACE_H_
#define UTF8CORE_SIM_FST_TRACE_H_

#include <cstdlib>
#include <memory>
#include <string>

#include <verilated.h>
#include <verilated_fst_c.h>

namespace utf8core {
namespace sim {

// One context per simulation, owned by the caller (never a static). Tracing must
// be allowed before the model is built, or trace() cannot attach to it later.
inline std::unique_ptr<VerilatedContext> MakeContext() {
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->traceEverOn(true);
  return ctx;
}

template <class Top>
class FstTrace {
 public:
  FstTrace() = default;
  FstTrace(const FstTrace&) = delete;
  FstTrace& operator=(const FstTrace&) = delete;
  ~FstTrace() { close(); }

  // Starts a wave of `top` in `path`; does nothing when path is empty. `ctx` must
  // be the model's context, made with MakeContext() or traceEverOn(true).
  void open(VerilatedContext* ctx, Top* top, const std::string& path, int depth = 99) {
    close();
    if (path.empty()) return;
    ctx_ = ctx;
    fst_ = std::make_unique<VerilatedFstC>();
    top->trace(fst_.get(), depth);
    fst_->open(path.c_str());
    path_ = path;
  }
  const std::string& path() const { return path_; }

  // Samples every traced signal at the context's current time.
  void dump() {
    if (fst_) fst_->dump(ctx_->time());
  }
  // Makes what was dumped so far readable, e.g. right before a test reports a failure.
  void flush() {
    if (fst_) fst_->flush();
  }
  void close() {
    if (!fst_) return;
    fst_->close();
    fst_.reset();
  }

 private:
  VerilatedContext* ctx_ = nullptr;
  std::unique_ptr<VerilatedFstC> fst_;
  std::string path_;
};

}  // namespace sim
}  // namespace utf8core

#endif  // UTF8CORE_SIM_FST_TRACE_H_
