// EncoderRtl for one Verilated encoder class (any parameter set): the only code
// that touches the encoder's Verilated ports. Included by the source of each
// verilated parameter set (utf8_encoder_run.cpp, utf8_encoder_cw4.cpp).
#ifndef UTF8CORE_SIM_UTF8_ENCODER_RTL_OF_H_
#define UTF8CORE_SIM_UTF8_ENCODER_RTL_OF_H_

#include <memory>
#include <string>

#include "fst_trace.h"
#include "utf8_encoder_run.h"
#include "verilated_ports.h"

namespace utf8core {
namespace sim {

template <class Top>
class EncoderRtlOf : public EncoderRtl {
 public:
  EncoderRtlOf(const std::string& trace_path, int count_width)
      : ctx_(MakeContext()),
        top_(std::make_unique<Top>(ctx_.get(), "TOP")),
        count_width_(count_width) {
    top_->clk = 0;
    top_->eval();
    wave_.open(ctx_.get(), top_.get(), trace_path);
  }
  ~EncoderRtlOf() override {
    wave_.close();
    top_->final();
  }

  void Clock(const EncoderCycleModel::Inputs& in, bool dump) override {
    top_->rst = in.rst;
    top_->cfg_mode = in.cfg_mode;
    top_->s_axis_tdata = in.s_axis_tdata;
    top_->s_axis_tvalid = in.s_axis_tvalid;
    top_->s_axis_tlast = in.s_axis_tlast;
    top_->m_axis_tready = in.m_axis_tready;
    top_->clk = 0;
    top_->eval();
    if (dump) wave_.dump();
    ctx_->timeInc(1);
    top_->clk = 1;
    top_->eval();
    if (dump) wave_.dump();
    ctx_->timeInc(1);
    top_->clk = 0;
    top_->eval();
  }

  void Read(EncoderCycleModel::Outputs* out) const override {
    out->s_axis_tready = top_->s_axis_tready;
    out->m_axis_tdata = top_->m_axis_tdata;
    out->m_axis_tkeep = top_->m_axis_tkeep;
    out->m_axis_tvalid = top_->m_axis_tvalid;
    out->m_axis_tlast = top_->m_axis_tlast;
    out->m_axis_tuser = top_->m_axis_tuser;
    for (int c = 0; c < 6; ++c) {
      out->err_count[c] = PortBits(top_->err_count, c * count_width_, count_width_);
    }
  }

  void Flush() override { wave_.flush(); }

 private:
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Top> top_;
  FstTrace<Top> wave_;
  int count_width_;
};

}  // namespace sim
}  // namespace utf8core

#endif  // UTF8CORE_SIM_UTF8_ENCODER_RTL_OF_H_
