// The Verilated-RTL engine; see rtl_engine.h.
#include "rtl_engine.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "rtl_run.h"
#include "utf8_decoder_run.h"
#include "utf8_encoder_run.h"
#include "utf8_validator_run.h"
#include "utf8_wide_decoder_run.h"

namespace utf8core {
namespace cli {
namespace {

// The CLI promises one line per problem; a runner's message is one already, but
// a stray newline must not split it.
EngineRun Failed(std::string what) {
  if (what.empty()) what = "the RTL run failed without saying why";
  for (char& c : what) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  EngineRun r;
  r.error = "rtl engine: " + what;
  return r;
}

EngineRun Cycles(uint64_t cycles) {
  EngineRun r;
  r.has_cycles = true;
  r.cycles = cycles;
  return r;
}

// The runners hand the path to Verilator's FST writer, which does not report a
// file it cannot create; opening it here first turns that into an I/O error.
bool TraceWritable(const std::string& path, std::string* error) {
  if (path.empty()) return true;
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) {
    *error = "cannot write trace '" + path + "': " + std::strerror(errno);
    return false;
  }
  std::fclose(f);
  return true;
}

sim::RunOptions Options(const std::string& trace_path) {
  sim::RunOptions o;  // full rate: the figures are the block's own throughput
  o.trace_path = trace_path;
  return o;
}

// The RTL's error counters against the classes of the units it delivered (or,
// for the wide validator, that the model finds): they are separate logic, so a
// disagreement means one of them is wrong and nothing printed could be trusted.
std::string CheckCounts(const char* block, const std::array<uint64_t, 6>& err_count,
                        const ClassCounts& counts) {
  for (int c = 1; c < kNumClasses; ++c) {
    if (err_count[c - 1] != counts.n[c]) {
      return std::string(block) + " err_count[" + ClassName(static_cast<ErrorClass>(c)) + "] is " +
             std::to_string(err_count[c - 1]) + " but " + std::to_string(counts.n[c]) +
             " units of that class";
    }
  }
  return "";
}

// The block's stat_* verdict against its own units.
std::string CheckStat(const char* block, const ValidatorVerdict& stat, const Verdict& units) {
  ValidatorVerdict want;
  want.error = !units.valid;
  if (want.error) {
    want.offset = units.first_error_offset;
    want.cls = units.first_error_class;
  }
  if (stat.error == want.error &&
      (!want.error || (stat.offset == want.offset && stat.cls == want.cls)))
    return "";
  auto show = [](const ValidatorVerdict& v) {
    return v.error ? "error at " + std::to_string(v.offset) + " " + ClassName(v.cls)
                   : std::string("no error");
  };
  return std::string(block) + " stat_* says " + show(stat) + " but its units say " + show(want);
}

std::vector<int> WithScalar(std::vector<int> wide) {
  // --lanes 1 is the scalar decoder whether or not a one-lane wide block is built.
  if (std::find(wide.begin(), wide.end(), 1) == wide.end()) wide.insert(wide.begin(), 1);
  return wide;
}

// One packet on the scalar decoder: its units and its stat_* verdict, each held
// against the other and against its error counters. The caller checked the trace path.
EngineRun RunScalar(const std::vector<uint8_t>& in, Mode mode, const std::string& trace_path,
                    std::vector<Unit>* units, ValidatorVerdict* stat) {
  DecoderRun run = RunUtf8Decoder(in, mode, Options(trace_path));
  if (!run.report.ok) return Failed(run.report.mismatch);
  const Verdict v = Summarize(run.units);
  *stat = ValidatorVerdict{run.stat_error, run.stat_err_offset, run.stat_err_class};
  std::string bad = CheckCounts("utf8_decoder", run.err_count, v.counts);
  if (bad.empty()) bad = CheckStat("utf8_decoder", *stat, v);
  if (!bad.empty()) return Failed(bad);
  *units = std::move(run.units);
  return Cycles(run.report.cycles);
}

}  // namespace

std::vector<int> RtlDecodeLanes() { return WithScalar(WideDecoderLaneCounts()); }
std::vector<int> RtlValidateLanes() { return WithScalar(ValidatorLaneCounts()); }

EngineRun RtlEngine::Decode(const std::vector<uint8_t>& in, Mode mode, std::vector<Unit>* units) {
  units->clear();
  // An empty input is no packet (AXI4-Stream has no empty frame): nothing runs.
  if (in.empty()) return Cycles(0);
  std::string error;
  if (!TraceWritable(trace_path_, &error)) return EngineRun{error};
  if (lanes_ == 1) {
    ValidatorVerdict stat;
    return RunScalar(in, mode, trace_path_, units, &stat);
  }
  WideDecoderRun run = RunUtf8WideDecoder(lanes_, in, mode, Options(trace_path_));
  if (!run.report.ok) return Failed(run.report.mismatch);
  if (run.packets.size() != 1 || run.stats.size() != 1) {
    return Failed("utf8_wide_decoder LANES=" + std::to_string(lanes_) + " closed " +
                  std::to_string(run.packets.size()) + " packets and gave " +
                  std::to_string(run.stats.size()) + " stat pulses for one packet");
  }
  const Verdict v = Summarize(run.packets[0]);
  std::string bad = CheckCounts("utf8_wide_decoder", run.err_count, v.counts);
  if (bad.empty()) bad = CheckStat("utf8_wide_decoder", run.stats[0], v);
  if (bad.empty()) {
    uint64_t consumed = 0;
    for (const Unit& u : run.packets[0]) consumed += u.length;
    if (consumed != in.size()) {
      bad = "utf8_wide_decoder units cover " + std::to_string(consumed) + " of " +
            std::to_string(in.size()) + " bytes";
    }
  }
  if (!bad.empty()) return Failed(bad);
  *units = std::move(run.packets[0]);
  return Cycles(run.report.cycles);
}

EngineRun RtlEngine::Validate(const std::vector<uint8_t>& in, Mode mode, Verdict* verdict) {
  *verdict = Verdict{};
  if (in.empty()) return Cycles(0);
  std::string error;
  if (!TraceWritable(trace_path_, &error)) return EngineRun{error};
  if (lanes_ == 1) {
    // The scalar decoder's stat_* outputs are its validator: the verdict is
    // theirs; units and counts come from its m_axis beats.
    std::vector<Unit> units;
    ValidatorVerdict stat;
    EngineRun run = RunScalar(in, mode, trace_path_, &units, &stat);
    if (!run.error.empty()) return run;
    *verdict = Summarize(units);
    verdict->valid = !stat.error;
    verdict->first_error_offset = stat.error ? stat.offset : 0;
    verdict->first_error_class = stat.error ? stat.cls : ErrorClass::kOk;
    return run;
  }
  ValidatorRun run = RunUtf8Validator(lanes_, in, mode, Options(trace_path_));
  if (!run.report.ok) return Failed(run.report.mismatch);
  if (run.verdicts.size() != 1 || run.stats.size() != 1) {
    return Failed("utf8_validator LANES=" + std::to_string(lanes_) + " gave " +
                  std::to_string(run.verdicts.size()) + " verdicts and " +
                  std::to_string(run.stats.size()) + " stat pulses for one packet");
  }
  if (!(run.verdicts[0] == run.stats[0])) {
    return Failed("utf8_validator m_axis verdict and stat_* disagree");
  }
  // The validator delivers no units, only the verdict and per-class error
  // counts; the unit count (and so the OK count) is the model's, and the RTL's
  // error counts must agree with it.
  const Verdict model = utf8core::Validate(in.data(), in.size(), mode);
  const std::string bad = CheckCounts("utf8_validator", run.err_count, model.counts);
  if (!bad.empty()) return Failed(bad);
  verdict->valid = !run.verdicts[0].error;
  verdict->first_error_offset = run.verdicts[0].error ? run.verdicts[0].offset : 0;
  verdict->first_error_class = run.verdicts[0].error ? run.verdicts[0].cls : ErrorClass::kOk;
  verdict->units = model.units;
  verdict->counts = model.counts;
  return Cycles(run.report.cycles);
}

EngineRun RtlEngine::Encode(const std::vector<uint32_t>& code_points, Mode mode,
                            std::vector<uint8_t>* out, EncodeStats* stats) {
  out->clear();
  *stats = EncodeStats{};
  if (code_points.empty()) return Cycles(0);
  std::string error;
  if (!TraceWritable(trace_path_, &error)) return EngineRun{error};
  EncoderRun run = RunUtf8Encoder(code_points, mode, Options(trace_path_));
  if (!run.report.ok) return Failed(run.report.mismatch);
  if (run.classes.size() != code_points.size()) {
    return Failed("utf8_encoder gave " + std::to_string(run.classes.size()) + " beats for " +
                  std::to_string(code_points.size()) + " code points");
  }
  for (ErrorClass c : run.classes) {
    ++stats->counts.n[static_cast<int>(c)];
    if (c != ErrorClass::kOk) ++stats->rejected;
  }
  stats->code_points = run.classes.size();
  const std::string bad = CheckCounts("utf8_encoder", run.err_count, stats->counts);
  if (!bad.empty()) return Failed(bad);
  *out = std::move(run.bytes);
  return Cycles(run.report.cycles);
}

}  // namespace cli
}  // namespace utf8core
