// WideRtl for one Verilated wide block class: the only code that touches a
// wide block's Verilated ports. Included by the per-lane factory sources that
// sim/lane/wide_blocks.cmake generates from wide_rtl_of.cpp.in.
#ifndef UTF8CORE_SIM_WIDE_RTL_OF_H_
#define UTF8CORE_SIM_WIDE_RTL_OF_H_

#include <array>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include "fst_trace.h"
#include "verilated_ports.h"
#include "wide_rtl.h"

namespace utf8core {
namespace sim {

// Whether the block has an m_axis_tkeep port (the validator has none).
template <class T, class = void>
struct HasTkeep : std::false_type {};
template <class T>
struct HasTkeep<T, std::void_t<decltype(std::declval<T&>().m_axis_tkeep)>> : std::true_type {};
// Whether the block has an m_axis_tuser port (the sanitizer's bytes have none).
template <class T, class = void>
struct HasTuser : std::false_type {};
template <class T>
struct HasTuser<T, std::void_t<decltype(std::declval<T&>().m_axis_tuser)>> : std::true_type {};

// Whether the block takes string starts on s_axis_tuser and gives the string
// sums on stat_* (the string validator).
template <class T, class = void>
struct HasStrings : std::false_type {};
template <class T>
struct HasStrings<T, std::void_t<decltype(std::declval<T&>().s_axis_tuser)>> : std::true_type {};

// A lane mask as the 32-bit words of a Verilated port, least significant first, and back.
inline std::array<uint32_t, kMaxLanes / 32> MaskWords(const LaneMask& m) {
  std::array<uint32_t, kMaxLanes / 32> w{};
  for (int i = 0; i < kMaxLanes / 32; ++i) {
    w[static_cast<size_t>(i)] = static_cast<uint32_t>(MaskWord(m, i / 2) >> (32 * (i % 2)));
  }
  return w;
}
inline LaneMask WordsMask(const uint32_t* words, size_t n) {
  LaneMask m;
  for (size_t i = n; i-- > 0;) m = (m << 32) | LaneMask(words[i]);
  return m;
}

template <class Top>
class WideRtlOf : public WideRtl {
 public:
  WideRtlOf(int lanes, const std::string& trace_path)
      : ctx_(MakeContext()), top_(std::make_unique<Top>(ctx_.get(), "TOP")),
        keep_mask_(FirstLanes(lanes)) {
    static_assert(PortWords<decltype(top_->m_axis_tdata)>() <= std::tuple_size<decltype(WideOut::m_tdata)>::value,
                  "m_axis_tdata wider than WideOut holds");
    if constexpr (HasTuser<Top>::value) {
      static_assert(PortWords<decltype(top_->m_axis_tuser)>() <= std::tuple_size<decltype(WideOut::m_tuser)>::value,
                    "m_axis_tuser wider than WideOut holds");
    }
    wave_.open(ctx_.get(), top_.get(), trace_path);
  }
  ~WideRtlOf() override {
    wave_.flush();
    top_->final();
  }

  void Low(const WideIn& in, WideOut* out) override {
    Top& t = *top_;
    t.rst = in.rst;
    t.cfg_mode = in.cfg_mode;
    SetPortBytes(t.s_axis_tdata, in.s.tdata.data(), in.s.tdata.size());
    SetPortWords(t.s_axis_tkeep, MaskWords(in.s.tkeep & keep_mask_).data());
    if constexpr (HasStrings<Top>::value) {
      SetPortWords(t.s_axis_tuser, MaskWords(in.s.tuser & keep_mask_).data());
    }
    t.s_axis_tvalid = in.s.tvalid;
    t.s_axis_tlast = in.s.tlast;
    t.m_axis_tready = in.m_tready;
    t.eval();
    out->s_tready = t.s_axis_tready;
    out->m_tvalid = t.m_axis_tvalid;
    out->m_tlast = t.m_axis_tlast;
    if constexpr (HasTkeep<Top>::value) {
      std::array<uint32_t, kMaxLanes / 32> w{};
      ReadPort(t.m_axis_tkeep, w.data());
      out->m_tkeep = WordsMask(w.data(), PortWords<decltype(t.m_axis_tkeep)>());
    }
    ReadPort(t.m_axis_tdata, out->m_tdata.data());
    if constexpr (HasTuser<Top>::value) ReadPort(t.m_axis_tuser, out->m_tuser.data());
    out->stat_valid = t.stat_valid;
    out->stat_error = t.stat_error;
    out->stat_err_offset = t.stat_err_offset;
    out->stat_err_class = t.stat_err_class;
    if constexpr (HasStrings<Top>::value) {
      out->stat_err_str_offset = t.stat_err_str_offset;
      out->stat_first_bad = t.stat_first_bad;
      out->stat_bad_strings = t.stat_bad_strings;
    }
    for (int c = 0; c < 6; ++c) out->err_count[c] = PortBits(t.err_count, 32 * c, 32);
  }
  void Rise() override {
    Edge(true);
    Edge(false);
  }
  void Flush() override { wave_.flush(); }

 private:
  void Edge(bool level) {
    top_->clk = level;
    top_->eval();
    wave_.dump();
    ctx_->timeInc(1);
  }

  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Top> top_;
  FstTrace<Top> wave_;
  LaneMask keep_mask_;
};

}  // namespace sim
}  // namespace utf8core

#endif  // UTF8CORE_SIM_WIDE_RTL_OF_H_
