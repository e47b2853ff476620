// What the tests that hold a block's RTL to its cycle model every clock on
// their own bench share (tests/kernel/utf8_kernel_tail_test.cpp,
// tests/kernel/utf8_kernel_units_test.cpp, tests/lane/utf8_repack_test.cpp):
// the Verilated block and its model clocked together (ClockedBench), fields of
// a width packed into a wide port (SetFields), and the traffic matrix's four
// shapes. Each test keeps its block's ports, its comparison and its stimulus.
// Waves: UTF8CORE_TRACE=<dir> (harness.h).
#ifndef UTF8CORE_TESTS_CLOCKED_BENCH_H_
#define UTF8CORE_TESTS_CLOCKED_BENCH_H_

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "fst_trace.h"
#include "harness.h"
#include "verilated_ports.h"

namespace utf8core {
namespace sim {

// Fields of `width` bits (1 to 32), field k at bits [width * k], set into a
// port; bits past the n fields are zero.
template <class Port, class T>
void SetFields(Port& port, const T* fields, int n, int width) {
  uint32_t words[PortWords<Port>()] = {};
  for (int k = 0; k < n; ++k) {
    const uint64_t v = static_cast<uint64_t>(fields[k]) & ((uint64_t{1} << width) - 1);
    const int lsb = width * k;
    words[lsb / 32] |= static_cast<uint32_t>(v << (lsb % 32));
    if (lsb % 32 + width > 32) words[lsb / 32 + 1] |= static_cast<uint32_t>(v >> (32 - lsb % 32));
  }
  SetPortWords(port, words);
}

// The traffic matrix: full rate, gaps, backpressure, both.
inline const Traffic kTrafficMatrix[] = {{0, 0}, {0.3, 0}, {0, 0.4}, {0.3, 0.4}};

// The Verilated block Top and its cycle model Model, clocked together; the
// block's bench (Derived) says how its ports map to the model's Inputs and
// Outputs and what it compares:
//   void Drive(const Inputs& in, Top& t);       the inputs onto the ports
//   void Read(Top& t, Outputs* a);              the outputs from the ports
//   void Compare(const Outputs& e, const Outputs& a);  model (e) against RTL
//                                               (a), with chk_
template <class Derived, class Top, class Model>
class ClockedBench {
 public:
  using Inputs = typename Model::Inputs;
  using Outputs = typename Model::Outputs;

  // One clock with inputs `in`: the RTL's outputs (before the edge) in *out,
  // compared with the model's. False from the first mismatch on; the wave (if
  // any) is flushed at it.
  bool Step(const Inputs& in, Outputs* out) {
    Top& t = *top_;
    self().Drive(in, t);
    t.clk = 0;
    t.eval();
    wave_.dump();
    ctx_->timeInc(1);

    self().Read(t, out);
    // Before its first reset the RTL's control state has no value.
    if (reset_seen_) {
      const bool was_ok = chk_.ok();
      self().Compare(model_.outputs(in), *out);
      if (was_ok && !chk_.ok()) wave_.flush();
    }

    t.clk = 1;
    t.eval();
    wave_.dump();
    ctx_->timeInc(1);
    model_.tick(in);
    if (in.rst) reset_seen_ = true;
    chk_.set_cycle(chk_.cycle() + 1);
    return chk_.ok();
  }

  // Step(), the first mismatch added as a test failure.
  bool Stepped(const Inputs& in, Outputs* out) {
    if (Step(in, out)) return true;
    ADD_FAILURE() << chk_.message();
    return false;
  }

  const CycleChecker& checker() const { return chk_; }

 protected:
  // `block` names the block in mismatches, `wave` its wave's file (made safe);
  // the model is made from `model_args`.
  template <class... ModelArgs>
  ClockedBench(const std::string& block, uint64_t seed, const std::string& wave,
               ModelArgs&&... model_args)
      : ctx_(MakeContext()),
        top_(std::make_unique<Top>(ctx_.get(), "TOP")),
        model_(std::forward<ModelArgs>(model_args)...),
        chk_(block, seed) {
    wave_.open(ctx_.get(), top_.get(), TracePath(SafeName(wave)));
  }

 private:
  Derived& self() { return static_cast<Derived&>(*this); }

  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Top> top_;
  FstTrace<Top> wave_;
  Model model_;

 protected:
  CycleChecker chk_;

 private:
  bool reset_seen_ = false;
};

}  // namespace sim
}  // namespace utf8core

#endif  // UTF8CORE_TESTS_CLOCKED_BENCH_H_
