// DecoderRtl for one Verilated scalar decoder class (any parameter set): the
// only code that touches the decoder's Verilated ports. Included by the source
// of each verilated parameter set (utf8_decoder_run.cpp, utf8_decoder_narrow.cpp).
#ifndef UTF8CORE_SIM_UTF8_DECODER_RTL_OF_H_
#define UTF8CORE_SIM_UTF8_DECODER_RTL_OF_H_

#include <atomic>
#include <cstdlib>
#include <memory>
#include <string>
#include <unistd.h>

#include "fst_trace.h"
#include "utf8_decoder_run.h"
#include "verilated_ports.h"

namespace utf8core {
namespace sim {

template <class Top>
class DecoderRtlOf : public DecoderRtl {
 public:
  DecoderRtlOf(const std::string& trace_path, int count_width)
      : ctx_(MakeContext()), top_(std::make_unique<Top>(ctx_.get(), "TOP")),
        count_width_(count_width) {
    wave_.open(ctx_.get(), top_.get(), trace_path);
    top_->clk = 0;
    top_->eval();
  }
  ~DecoderRtlOf() override {
    top_->final();
    wave_.close();
#if VM_COVERAGE
    // One file per bench: each context has its own counters; verilator_coverage
    // merges them.
    static std::atomic<int> serial{0};
    const char* dir = std::getenv("UTF8CORE_COVERAGE_DIR");
    const std::string d = dir && *dir ? dir : ".";
    ctx_->coveragep()->write((d + "/decoder_" + std::to_string(getpid()) + "_" +
                              std::to_string(serial++) + ".dat")
                                 .c_str());
#endif
  }

  DecoderCycleModel::Outputs Low(const DecoderCycleModel::Inputs& in) override {
    Top& t = *top_;
    t.clk = 0;
    t.rst = in.rst;
    t.s_axis_tdata = in.s_axis_tdata;
    t.s_axis_tvalid = in.s_axis_tvalid;
    t.s_axis_tlast = in.s_axis_tlast;
    t.m_axis_tready = in.m_axis_tready;
    t.cfg_mode = in.cfg_mode;
    t.eval();
    wave_.dump();
    ctx_->timeInc(1);
    DecoderCycleModel::Outputs o;
    o.s_axis_tready = t.s_axis_tready;
    o.m_axis_tvalid = t.m_axis_tvalid;
    o.m_axis_tdata = t.m_axis_tdata;
    o.m_axis_tuser = t.m_axis_tuser;
    o.m_axis_tlast = t.m_axis_tlast;
    o.stat_valid = t.stat_valid;
    o.stat_error = t.stat_error;
    o.stat_err_offset = t.stat_err_offset;
    o.stat_err_class = t.stat_err_class;
    for (int c = 0; c < 6; ++c) o.err_count[c] = PortBits(t.err_count, c * count_width_, count_width_);
    return o;
  }
  void Rise() override {
    top_->clk = 1;
    top_->eval();
    wave_.dump();
    ctx_->timeInc(1);
  }
  void Flush() override { wave_.flush(); }
  const std::string& trace_path() const override { return wave_.path(); }

 private:
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Top> top_;
  FstTrace<Top> wave_;
  int count_width_;
};

}  // namespace sim
}  // namespace utf8core

#endif  // UTF8CORE_SIM_UTF8_DECODER_RTL_OF_H_
