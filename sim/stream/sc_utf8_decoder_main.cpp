// SystemC testbench of the scalar decoder: the RTL verilated as a SystemC module
// (PREFIX Vutf8_decoder_sc) decodes the command line's built-in sample and Markus
// Kuhn's UTF-8 stress test in both modes, each as one packet, with some input
// gaps and output backpressure; the units, the per-packet status and the error
// counters must equal the functional model's. Exit status 0 only if all do.
//
// Usage: sc_utf8_decoder [KUHN_TEST_FILE]
#include <systemc.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "Vutf8_decoder_sc.h"
#include "utf8_model.h"
#include "utf8_sample.h"

namespace {

using utf8core::ErrorClass;
using utf8core::Mode;
using utf8core::Unit;

struct Tb {
  sc_signal<bool> clk{"clk"}, rst{"rst"};
  sc_signal<uint32_t> s_tdata{"s_tdata"};
  sc_signal<bool> s_tvalid{"s_tvalid"}, s_tready{"s_tready"}, s_tlast{"s_tlast"};
  sc_signal<uint32_t> m_tdata{"m_tdata"}, m_tuser{"m_tuser"};
  sc_signal<bool> m_tvalid{"m_tvalid"}, m_tready{"m_tready"}, m_tlast{"m_tlast"};
  sc_signal<bool> cfg_mode{"cfg_mode"}, stat_valid{"stat_valid"}, stat_error{"stat_error"};
  sc_signal<uint32_t> stat_err_offset{"stat_err_offset"}, stat_err_class{"stat_err_class"};
  sc_signal<sc_bv<192>> err_count{"err_count"};
  std::unique_ptr<Vutf8_decoder_sc> dut;

  Tb() {
    dut = std::make_unique<Vutf8_decoder_sc>("dut");
    dut->clk(clk);
    dut->rst(rst);
    dut->s_axis_tdata(s_tdata);
    dut->s_axis_tvalid(s_tvalid);
    dut->s_axis_tready(s_tready);
    dut->s_axis_tlast(s_tlast);
    dut->m_axis_tdata(m_tdata);
    dut->m_axis_tuser(m_tuser);
    dut->m_axis_tvalid(m_tvalid);
    dut->m_axis_tready(m_tready);
    dut->m_axis_tlast(m_tlast);
    dut->cfg_mode(cfg_mode);
    dut->stat_valid(stat_valid);
    dut->stat_error(stat_error);
    dut->stat_err_offset(stat_err_offset);
    dut->stat_err_class(stat_err_class);
    dut->err_count(err_count);
  }

  // Half a period low (inputs settle), then the rising edge and half a period high.
  void clock() {
    clk = false;
    sc_start(5, SC_NS);
    clk = true;
    sc_start(5, SC_NS);
  }
};

struct Result {
  std::vector<Unit> units;
  bool stat_seen = false, stat_error = false;
  uint64_t stat_offset = 0;
  int stat_class = 0;
  uint64_t counts[6] = {};
};

Result Decode(Tb& tb, const std::vector<uint8_t>& pkt, Mode mode, std::mt19937_64& rng) {
  Result r;
  tb.cfg_mode = mode == Mode::kAnnexR;
  tb.s_tvalid = false;
  tb.m_tready = true;
  tb.rst = true;
  tb.clock();
  tb.clock();
  tb.rst = false;
  size_t next = 0;
  uint64_t offset = 0;
  bool done = false;
  for (uint64_t n = 0; !(done && r.stat_seen) && n < 64 * pkt.size() + 1000; ++n) {
    // Inputs for this cycle, set while the clock is low.
    const bool offer = next < pkt.size() && rng() % 8 != 0;
    tb.s_tvalid = offer;
    tb.s_tdata = offer ? pkt[next] : 0;
    tb.s_tlast = offer && next + 1 == pkt.size();
    const bool ready = rng() % 8 != 0;
    tb.m_tready = ready;
    tb.clk = false;
    sc_start(5, SC_NS);
    // Outputs before the edge are what the handshake at the edge sees.
    if (offer && tb.s_tready.read()) ++next;
    if (tb.m_tvalid.read() && ready) {
      const uint32_t user = tb.m_tuser.read();
      Unit u{tb.m_tdata.read(), offset, static_cast<uint8_t>(user >> 3),
             static_cast<ErrorClass>(user & 7)};
      offset += u.length;
      r.units.push_back(u);
      if (tb.m_tlast.read()) done = true;
    }
    if (tb.stat_valid.read()) {
      r.stat_seen = true;
      r.stat_error = tb.stat_error.read();
      r.stat_offset = tb.stat_err_offset.read();
      r.stat_class = static_cast<int>(tb.stat_err_class.read());
    }
    const sc_bv<192> cnt = tb.err_count.read();
    for (int c = 0; c < 6; ++c) r.counts[c] = cnt.range(32 * c + 31, 32 * c).to_uint64();
    tb.clk = true;
    sc_start(5, SC_NS);
  }
  return r;
}

bool Check(const char* name, const Result& r, const std::vector<uint8_t>& pkt, Mode mode) {
  const std::vector<Unit> want = utf8core::Decode(pkt, mode);
  const utf8core::Verdict v = utf8core::Summarize(want);
  bool ok = true;
  if (r.units.size() != want.size()) {
    std::printf("%s (%s): %zu units, model %zu\n", name, utf8core::ModeName(mode), r.units.size(),
                want.size());
    ok = false;
  }
  for (size_t i = 0; ok && i < want.size(); ++i) {
    if (r.units[i] != want[i]) {
      std::printf("%s (%s): unit %zu: RTL U+%04X len %d %s, model U+%04X len %d %s\n", name,
                  utf8core::ModeName(mode), i, r.units[i].code_point, r.units[i].length,
                  utf8core::ClassName(r.units[i].cls), want[i].code_point, want[i].length,
                  utf8core::ClassName(want[i].cls));
      ok = false;
    }
  }
  if (!r.stat_seen || r.stat_error != !v.valid ||
      r.stat_offset != (v.valid ? 0 : v.first_error_offset) ||
      r.stat_class != static_cast<int>(v.first_error_class)) {
    std::printf("%s (%s): status seen=%d error=%d offset=%llu class=%d, model error=%d offset=%llu "
                "class=%d\n",
                name, utf8core::ModeName(mode), r.stat_seen, r.stat_error,
                static_cast<unsigned long long>(r.stat_offset), r.stat_class, !v.valid,
                static_cast<unsigned long long>(v.first_error_offset),
                static_cast<int>(v.first_error_class));
    ok = false;
  }
  for (int c = 1; c <= 6; ++c) {
    if (r.counts[c - 1] != v.counts.n[c]) {
      std::printf("%s (%s): err_count[%s] %llu, model %llu\n", name, utf8core::ModeName(mode),
                  utf8core::ClassName(static_cast<ErrorClass>(c)),
                  static_cast<unsigned long long>(r.counts[c - 1]),
                  static_cast<unsigned long long>(v.counts.n[c]));
      ok = false;
    }
  }
  std::printf("%s %s (%s): %zu bytes, %zu units, %llu errors\n", ok ? "PASS" : "FAIL", name,
              utf8core::ModeName(mode), pkt.size(), r.units.size(),
              static_cast<unsigned long long>(v.counts.errors()));
  return ok;
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  std::vector<std::pair<std::string, std::vector<uint8_t>>> inputs;
  inputs.emplace_back("sample", utf8core::SampleUtf8());
  if (argc > 1) {
    std::ifstream f(argv[1], std::ios::binary);
    if (!f) {
      std::printf("FAIL: cannot read %s\n", argv[1]);
      return 2;
    }
    inputs.emplace_back("kuhn", std::vector<uint8_t>(std::istreambuf_iterator<char>(f), {}));
  }
  Tb tb;
  std::mt19937_64 rng(1);
  bool ok = true;
  for (const auto& in : inputs) {
    for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
      ok = Check(in.first.c_str(), Decode(tb, in.second, mode, rng), in.second, mode) && ok;
    }
  }
  tb.dut->final();
  std::printf("%s\n", ok ? "sc_utf8_decoder: all passed" : "sc_utf8_decoder: FAILED");
  return ok ? 0 : 1;
}
