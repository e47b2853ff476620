// utf8_wavedrom_trace: runs one short scenario on a block's cycle model and prints
// its ports clock by clock, the source of the timing diagrams in
// docs/interface.md (scripts/timing_diagrams.py turns the output into WaveDrom JSON).
// Because the diagrams come from the cycle models, which the benches hold to
// the RTL every clock, their cycle numbers are the RTL's.
//
// Usage: utf8_wavedrom_trace SCENARIO     (no argument: the list of scenarios)
//
// Output: one JSON object: {"scenario": ..., "lanes": L, "cycles": [{signal:
// value, ...}, ...]}, one object per clock, the values as sampled just before
// that clock's rising edge. Data buses are integers, a wide block's lanes a
// list of integers (the lanes in use only).
//
// Every scenario drives its block as an AXI4-Stream source and sink would: a
// beat offered is held until taken; `gaps` and `ready` give, per clock, whether
// the source may offer ('1') and whether the sink takes ('1'); `rst` holds
// reset high where it has a '1' and the source then drops the rest of the
// packet it was sending.
#include <cstdint>
#include <cstdio>
#include <deque>
#include <functional>
#include <string>
#include <vector>

#include "utf8_decoder.h"
#include "utf8_encoder.h"
#include "utf8_validator.h"
#include "utf8_wide_decoder.h"

namespace {

using utf8core::DecoderCycleModel;
using utf8core::EncoderCycleModel;
using utf8core::kMaxLanes;
using utf8core::MaskWord;
using utf8core::ValidatorCycleModel;
using utf8core::WideDecoderCycleModel;
using utf8core::WideInputs;

// A scenario: the packets (bytes, or code points for the encoder) and, per
// clock, the source's permission, the sink's ready and reset. Patterns shorter
// than `cycles` repeat their last character.
struct Scenario {
  std::string name;
  std::string block;
  int lanes;
  int cycles;
  std::vector<std::vector<uint32_t>> packets;
  std::string gaps;
  std::string ready;
  std::string rst;
};

bool At(const std::string& pattern, int cycle) {
  if (pattern.empty()) return false;
  const size_t i = static_cast<size_t>(cycle) < pattern.size() ? cycle : pattern.size() - 1;
  return pattern[i] == '1';
}

std::vector<uint32_t> Bytes(const std::string& s) {
  return std::vector<uint32_t>(s.begin(), s.end());
}

std::vector<uint32_t> Repeat(uint32_t byte, int n) { return std::vector<uint32_t>(n, byte); }

// The scenarios of docs/interface.md, four per block: latency (back-to-back
// packets, sink always ready), gaps and backpressure, a stall long enough to
// withdraw s_axis_tready, and a reset in the middle of a packet.
std::vector<Scenario> Scenarios() {
  const std::vector<uint32_t> text = {0x41, 0xC3, 0xA9, 0xE2, 0x82, 0xAC};  // "Aé€"
  const std::vector<uint32_t> bad = {0xFF};
  const std::vector<uint32_t> wide_text = {0x41, 0xC3, 0xA9, 0xE2, 0x82, 0xAC,
                                           0xF0, 0x9F, 0x98, 0x80, 0x42};  // "Aé€😀B"
  const std::vector<uint32_t> wide_bad = {0x61, 0xE0, 0x80, 0x62, 0xED};
  const std::vector<uint32_t> cps = {0x41, 0xE9, 0x20AC, 0x1F600, 0xD800};
  std::vector<Scenario> s;
  // name, block, LANES, clocks, packets, gaps, ready, rst
  // clang-format off
  // scalar decoder
  s.push_back({"decoder_latency", "decoder", 1, 18, {text, bad}, "001", "1", "110"});
  s.push_back({"decoder_handshake", "decoder", 1, 24, {text, bad},
               "0010110111", "1110011011101", "110"});
  s.push_back({"decoder_stall", "decoder", 1, 26, {Bytes("stalled input")}, "001",
               "111110000000000001", "110"});
  s.push_back({"decoder_reset", "decoder", 1, 20, {text, Bytes("ok")}, "001", "1",
               "1100000110"});
  // encoder
  s.push_back({"encoder_latency", "encoder", 1, 14, {cps, {0x42}}, "001", "1", "110"});
  s.push_back({"encoder_handshake", "encoder", 1, 20, {cps, {0x42}}, "0010110111",
               "1110011011101", "110"});
  s.push_back({"encoder_stall", "encoder", 1, 20, {cps, {0x42, 0x43}}, "001",
               "1111100000000001", "110"});
  s.push_back({"encoder_reset", "encoder", 1, 16, {cps, {0x42}}, "001", "1", "110001100"});
  // wide validator, LANES 4
  s.push_back({"validator_latency", "validator", 4, 26, {wide_text, wide_bad}, "001", "1",
               "110"});
  s.push_back({"validator_handshake", "validator", 4, 30, {wide_text, wide_bad},
               "0010110111", "1" + std::string(20, '0') + "1", "110"});
  s.push_back({"validator_stall", "validator", 4, 44,
               std::vector<std::vector<uint32_t>>(40, {0x41}), "001",
               "1" + std::string(36, '0') + "1", "110"});
  s.push_back({"validator_reset", "validator", 4, 26, {wide_text, wide_bad}, "001", "1",
               "1101100"});
  // wide decoder, LANES 4
  s.push_back({"wide_decoder_latency", "wide_decoder", 4, 22, {wide_text, wide_bad}, "001",
               "1", "110"});
  s.push_back({"wide_decoder_handshake", "wide_decoder", 4, 28, {wide_text, wide_bad},
               "0010110111", "1" + std::string(17, '0') + "10101", "110"});
  s.push_back({"wide_decoder_stall", "wide_decoder", 4, 36, {Repeat(0x41, 4 * 24)}, "001",
               "1" + std::string(28, '0') + "1", "110"});
  s.push_back({"wide_decoder_reset", "wide_decoder", 4, 22, {wide_text, wide_bad}, "001", "1",
               "1101100"});
  // clang-format on
  return s;
}

// One signal's value in a cycle: an integer, or a list of lane values.
struct Value {
  std::string name;
  std::vector<uint64_t> lanes;
  bool list = false;
};
using Row = std::vector<Value>;

Value Scalar(const char* name, uint64_t v) { return {name, {v}, false}; }
Value Lanes(const char* name, std::vector<uint64_t> v) { return {name, std::move(v), true}; }

// The source's side: beats (lane values) offered in order; `last` marks a
// packet's last beat. Reset drops the rest of the packet being sent.
struct Beat {
  std::vector<uint32_t> data;
  bool last;
};

class Source {
 public:
  Source(const std::vector<std::vector<uint32_t>>& packets, int lanes) {
    for (const auto& p : packets) {
      std::deque<Beat> beats;
      for (size_t i = 0; i < p.size(); i += lanes) {
        const size_t n = std::min(p.size() - i, static_cast<size_t>(lanes));
        beats.push_back(
            {std::vector<uint32_t>(p.begin() + i, p.begin() + i + n), i + n == p.size()});
      }
      packets_.push_back(beats);
    }
  }
  const Beat* head() const {
    return packets_.empty() || packets_.front().empty() ? nullptr : &packets_.front().front();
  }
  void taken() {
    packets_.front().pop_front();
    if (packets_.front().empty()) packets_.pop_front();
  }
  // Reset: the packet under way is abandoned (one not yet started is kept).
  void reset(bool started) {
    if (started && !packets_.empty()) packets_.pop_front();
  }

 private:
  std::deque<std::deque<Beat>> packets_;
};

// Runs a scenario on a block through three adapters: set the inputs, read the
// outputs into a row, tell whether s_axis_tready is high.
template <typename Model, typename In>
std::vector<Row> Run(const Scenario& sc, Model& model,
                     const std::function<void(In*, const Beat*, bool, bool, bool)>& drive,
                     const std::function<Row(const Model&)>& sample,
                     const std::function<bool(const Model&)>& s_ready) {
  Source source(sc.packets, sc.lanes);
  std::vector<Row> rows;
  bool started = false;  // a beat of the head packet has been taken
  for (int c = 0; c < sc.cycles; ++c) {
    const bool rst = At(sc.rst, c);
    const Beat* beat = !rst && At(sc.gaps, c) ? source.head() : nullptr;
    const bool ready = At(sc.ready, c);
    In in{};
    drive(&in, beat, ready, rst, beat != nullptr);
    Row row = sample(model);
    row.insert(row.begin(), Scalar("rst", rst));
    // the inputs as offered this cycle (data shown only while valid)
    std::vector<uint64_t> data;
    if (beat != nullptr) data.assign(beat->data.begin(), beat->data.end());
    row.insert(row.begin() + 1, Scalar("s_axis_tvalid", beat != nullptr));
    row.insert(row.begin() + 2, Lanes("s_axis_tdata", data));
    row.insert(row.begin() + 3, Scalar("s_axis_tlast", beat != nullptr && beat->last));
    row.push_back(Scalar("m_axis_tready", ready));
    const bool take = beat != nullptr && s_ready(model);
    model.tick(in);
    if (rst) {
      source.reset(started);
      started = false;
    } else if (take) {
      started = !beat->last;
      source.taken();
    }
    rows.push_back(row);
  }
  return rows;
}

std::vector<Row> RunScenario(const Scenario& sc) {
  if (sc.block == "decoder") {
    DecoderCycleModel m;
    return Run<DecoderCycleModel, DecoderCycleModel::Inputs>(
        sc, m,
        [](DecoderCycleModel::Inputs* in, const Beat* b, bool ready, bool rst, bool valid) {
          in->rst = rst;
          in->s_axis_tvalid = valid;
          in->s_axis_tdata = b ? static_cast<uint8_t>(b->data[0]) : 0;
          in->s_axis_tlast = b && b->last;
          in->m_axis_tready = ready;
        },
        [](const DecoderCycleModel& m) {
          const auto o = m.outputs();
          return Row{Scalar("s_axis_tready", o.s_axis_tready),
                     Scalar("m_axis_tvalid", o.m_axis_tvalid),
                     Scalar("m_axis_tdata", o.m_axis_tdata),
                     Scalar("m_axis_tuser", o.m_axis_tuser),
                     Scalar("m_axis_tlast", o.m_axis_tlast),
                     Scalar("stat_valid", o.stat_valid),
                     Scalar("stat_error", o.stat_error),
                     Scalar("stat_err_offset", o.stat_err_offset),
                     Scalar("stat_err_class", o.stat_err_class)};
        },
        [](const DecoderCycleModel& m) { return m.outputs().s_axis_tready; });
  }
  if (sc.block == "encoder") {
    EncoderCycleModel m;
    return Run<EncoderCycleModel, EncoderCycleModel::Inputs>(
        sc, m,
        [](EncoderCycleModel::Inputs* in, const Beat* b, bool ready, bool rst, bool valid) {
          in->rst = rst;
          in->s_axis_tvalid = valid;
          in->s_axis_tdata = b ? b->data[0] : 0;
          in->s_axis_tlast = b && b->last;
          in->m_axis_tready = ready;
        },
        [](const EncoderCycleModel& m) {
          const auto& o = m.outputs();
          std::vector<uint64_t> octets;
          for (int k = 0; k < 6; ++k) {
            if (o.m_axis_tkeep >> k & 1) octets.push_back(o.m_axis_tdata >> (8 * k) & 0xFF);
          }
          return Row{Scalar("s_axis_tready", o.s_axis_tready),
                     Scalar("m_axis_tvalid", o.m_axis_tvalid),
                     Lanes("m_axis_tdata", octets),
                     Scalar("m_axis_tkeep", o.m_axis_tkeep),
                     Scalar("m_axis_tuser", o.m_axis_tuser),
                     Scalar("m_axis_tlast", o.m_axis_tlast)};
        },
        [](const EncoderCycleModel& m) { return m.outputs().s_axis_tready; });
  }
  auto drive_wide = [](WideInputs* in, const Beat* b, bool ready, bool rst, bool valid) {
    in->rst = rst;
    in->s.tvalid = valid;
    in->s.tkeep.reset();
    if (b != nullptr) {
      for (size_t k = 0; k < b->data.size() && k < static_cast<size_t>(kMaxLanes); ++k) {
        in->s.tdata[k] = static_cast<uint8_t>(b->data[k]);
        in->s.tkeep.set(k);
      }
    }
    in->s.tlast = b && b->last;
    in->m_tready = ready;
  };
  if (sc.block == "validator") {
    ValidatorCycleModel m(sc.lanes);
    return Run<ValidatorCycleModel, WideInputs>(
        sc, m, drive_wide,
        [](const ValidatorCycleModel& m) {
          const auto o = m.outputs();
          return Row{Scalar("s_axis_tready", o.s_tready),
                     Scalar("m_axis_tvalid", o.m_tvalid),
                     Scalar("m_axis_tdata", o.m_tdata),
                     Scalar("m_axis_tuser", o.m_tuser),
                     Scalar("m_axis_tlast", o.m_tlast),
                     Scalar("stat_valid", o.stat_valid),
                     Scalar("stat_error", o.stat_error),
                     Scalar("stat_err_offset", o.stat_err_offset),
                     Scalar("stat_err_class", o.stat_err_class)};
        },
        [](const ValidatorCycleModel& m) { return m.outputs().s_tready; });
  }
  if (sc.block == "wide_decoder") {
    WideDecoderCycleModel m(sc.lanes);
    return Run<WideDecoderCycleModel, WideInputs>(
        sc, m, drive_wide,
        [](const WideDecoderCycleModel& m) {
          const auto o = m.outputs();
          std::vector<uint64_t> cps, users;
          for (int k = 0; k < m.lanes(); ++k) {
            if (o.m_tkeep.test(static_cast<size_t>(k))) {
              cps.push_back(o.m_tdata[k]);
              users.push_back(o.m_tuser[k]);
            }
          }
          return Row{Scalar("s_axis_tready", o.s_tready),
                     Scalar("m_axis_tvalid", o.m_tvalid),
                     Lanes("m_axis_tdata", cps),
                     Scalar("m_axis_tkeep", MaskWord(o.m_tkeep, 0)),
                     Lanes("m_axis_tuser", users),
                     Scalar("m_axis_tlast", o.m_tlast),
                     Scalar("stat_valid", o.stat_valid),
                     Scalar("stat_error", o.stat_error),
                     Scalar("stat_err_offset", o.stat_err_offset),
                     Scalar("stat_err_class", o.stat_err_class)};
        },
        [](const WideDecoderCycleModel& m) { return m.outputs().s_tready; });
  }
  return {};
}

void Print(const Scenario& sc, const std::vector<Row>& rows) {
  std::printf("{\"scenario\": \"%s\", \"block\": \"%s\", \"lanes\": %d, \"cycles\": [\n",
              sc.name.c_str(), sc.block.c_str(), sc.lanes);
  for (size_t c = 0; c < rows.size(); ++c) {
    std::printf("  {");
    for (size_t i = 0; i < rows[c].size(); ++i) {
      const Value& v = rows[c][i];
      std::printf("%s\"%s\": ", i ? ", " : "", v.name.c_str());
      if (v.list) {
        std::printf("[");
        for (size_t k = 0; k < v.lanes.size(); ++k) {
          std::printf("%s%llu", k ? ", " : "", static_cast<unsigned long long>(v.lanes[k]));
        }
        std::printf("]");
      } else {
        std::printf("%llu", static_cast<unsigned long long>(v.lanes[0]));
      }
    }
    std::printf("}%s\n", c + 1 < rows.size() ? "," : "");
  }
  std::printf("]}\n");
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<Scenario> all = Scenarios();
  if (argc != 2) {
    for (const Scenario& sc : all) std::printf("%s\n", sc.name.c_str());
    return argc == 1 ? 0 : 2;
  }
  for (const Scenario& sc : all) {
    if (sc.name == argv[1]) {
      Print(sc, RunScenario(sc));
      return 0;
    }
  }
  std::fprintf(stderr, "utf8_wavedrom_trace: unknown scenario '%s'\n", argv[1]);
  return 2;
}
