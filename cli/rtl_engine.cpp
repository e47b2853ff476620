// The Verilated-RTL engine; see rtl_engine.h.
#include "rtl_engine.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "packet_source.h"
#include "rtl_run.h"
#include "utf8_decoder_run.h"
#include "utf8_encoder_run.h"
#include "utf8_sanitizer_run.h"
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
std::string CheckStat(const char* block, const sim::StatVerdict& stat, const Verdict& units) {
  sim::StatVerdict want;
  want.error = !units.valid;
  if (want.error) {
    want.offset = units.first_error_offset;
    want.cls = units.first_error_class;
  }
  if (stat.error == want.error &&
      (!want.error || (stat.offset == want.offset && stat.cls == want.cls)))
    return "";
  auto show = [](const sim::StatVerdict& v) {
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

// The CLI's input as the one packet a block takes, read a block at a time as
// the driver asks for beats. Optionally every byte also goes through the
// functional model (the wide validator delivers no units: their count is the
// model's). A failed output stops the run by ending the feed.
class ReaderSource : public sim::PacketSource {
 public:
  ReaderSource(ByteReader* in, Mode mode, bool tally) : in_(in), mode_(mode), dec_(mode), tally_on_(tally) {
    buf_.resize(kReadBlock);
  }
  // Reads the first block: false on a read error.
  bool Prime() { return Refill(1); }
  bool empty() const { return eof_ && end_ == pos_; }
  void Stop() { stopped_ = true; }
  bool stopped() const { return stopped_; }
  const UnitTally& tally() {
    if (tally_on_ && !closed_) {
      closed_ = true;
      dec_.end_of_packet(&units_);
      Tally();
    }
    return tally_;
  }

  bool NextPacket(int /*lanes*/, Packet* p) override {
    if (started_ || empty()) return false;
    started_ = true;
    p->mode = mode_;
    p->abort_after_beats = -1;
    return true;
  }
  size_t NextBeat(int lanes, uint8_t* bytes, bool* last) override {
    if (stopped_) {
      error_ = "stopped: the output failed";
      return 0;
    }
    // One byte more than the beat, or the end, so that tlast is known.
    if (!Refill(static_cast<size_t>(lanes) + 1)) {
      error_ = in_->error();
      return 0;
    }
    const size_t n = std::min(static_cast<size_t>(lanes), end_ - pos_);
    std::memcpy(bytes, buf_.data() + pos_, n);
    if (tally_on_) {
      dec_.push(bytes, n, &units_);
      Tally();
    }
    pos_ += n;
    *last = empty();
    return n;
  }
  std::string error() const override { return error_; }

 private:
  bool Refill(size_t want) {
    if (eof_ || end_ - pos_ >= want) return true;
    std::memmove(buf_.data(), buf_.data() + pos_, end_ - pos_);
    end_ -= pos_;
    pos_ = 0;
    while (!eof_ && end_ < want) {
      size_t got = 0;
      if (!in_->Read(buf_.data() + end_, buf_.size() - end_, &got)) return false;
      if (got == 0) eof_ = true;
      end_ += got;
    }
    return true;
  }
  void Tally() {
    tally_.Add(units_.data(), units_.size());
    units_.clear();
  }

  ByteReader* in_;
  Mode mode_;
  std::vector<uint8_t> buf_;
  size_t pos_ = 0, end_ = 0;
  bool eof_ = false;
  bool started_ = false;
  bool stopped_ = false;
  std::string error_;
  Decoder dec_;
  bool tally_on_;
  bool closed_ = false;
  std::vector<Unit> units_;
  UnitTally tally_;
};

// Units on their way to the CLI's sink, in batches, tallied as they pass.
class UnitBatch {
 public:
  UnitBatch(UnitSink* out, ReaderSource* source) : out_(out), source_(source) { batch_.reserve(kBatch); }
  void Add(const Unit* u, size_t n) {
    tally_.Add(u, n);
    if (!out_) return;
    batch_.insert(batch_.end(), u, u + n);
    if (batch_.size() >= kBatch) Flush();
  }
  void Flush() {
    if (out_ && !batch_.empty() && !out_->Put(batch_.data(), batch_.size())) source_->Stop();
    batch_.clear();
  }
  const UnitTally& tally() const { return tally_; }

 private:
  static constexpr size_t kBatch = 4096;
  UnitSink* out_;
  ReaderSource* source_;
  std::vector<Unit> batch_;
  UnitTally tally_;
};

// One packet on the scalar decoder: its units to `out` (none when null), its
// stat_* verdict, each held against the other and against its error counters.
EngineRun RunScalar(ReaderSource* source, const std::string& trace_path, UnitSink* out,
                    UnitTally* tally, sim::StatVerdict* stat) {
  struct Sink : DecoderSink {
    UnitBatch* batch;
    void Unit(const utf8core::Unit& u) override { batch->Add(&u, 1); }
  } sink;
  UnitBatch batch(out, source);
  sink.batch = &batch;
  const DecoderRun run = RunUtf8DecoderStream(source, &sink, Options(trace_path));
  batch.Flush();
  if (source->stopped()) return {};
  if (!run.report.ok) return Failed(run.report.mismatch);
  *tally = batch.tally();
  *stat = sim::StatVerdict{run.stat_error, run.stat_err_offset, run.stat_err_class};
  std::string bad = CheckCounts("utf8_decoder", run.err_count, tally->counts);
  if (bad.empty()) bad = CheckStat("utf8_decoder", *stat, tally->verdict());
  if (!bad.empty()) return Failed(bad);
  return Cycles(run.report.cycles);
}

}  // namespace

std::vector<int> RtlDecodeLanes() { return WithScalar(sim::WideLaneCounts("utf8_wide_decoder")); }
std::vector<int> RtlValidateLanes() { return WithScalar(sim::WideLaneCounts("utf8_validator")); }

EngineRun RtlEngine::Decode(ByteReader* in, Mode mode, UnitSink* out) {
  ReaderSource source(in, mode, false);
  if (!source.Prime()) return EngineRun{in->error()};
  // An empty input is no packet (AXI4-Stream has no empty frame): nothing runs.
  if (source.empty()) return Cycles(0);
  std::string error;
  if (!TraceWritable(trace_path_, &error)) return EngineRun{error};
  if (lanes_ == 1) {
    UnitTally tally;
    sim::StatVerdict stat;
    return RunScalar(&source, trace_path_, out, &tally, &stat);
  }
  struct Sink : WideDecoderSink {
    UnitBatch* batch;
    uint64_t packets = 0, stats = 0;
    sim::StatVerdict stat;
    void Units(const Unit* u, size_t n) override { batch->Add(u, n); }
    void PacketEnd() override { ++packets; }
    void Stat(const sim::StatVerdict& v) override {
      if (stats++ == 0) stat = v;
    }
    void Lost() override {}
  } sink;
  UnitBatch batch(out, &source);
  sink.batch = &batch;
  const sim::WideRunStats run = RunUtf8WideDecoderStream(lanes_, &source, &sink, Options(trace_path_));
  batch.Flush();
  if (source.stopped()) return {};
  if (!run.report.ok) return Failed(run.report.mismatch);
  const std::string block = "utf8_wide_decoder LANES=" + std::to_string(lanes_);
  if (sink.packets != 1 || sink.stats != 1) {
    return Failed(block + " closed " + std::to_string(sink.packets) + " packets and gave " +
                  std::to_string(sink.stats) + " stat pulses for one packet");
  }
  const UnitTally& t = batch.tally();
  std::string bad = CheckCounts("utf8_wide_decoder", run.err_count, t.counts);
  if (bad.empty()) bad = CheckStat("utf8_wide_decoder", sink.stat, t.verdict());
  if (bad.empty() && t.bytes != in->bytes_read()) {
    bad = "utf8_wide_decoder units cover " + std::to_string(t.bytes) + " of " +
          std::to_string(in->bytes_read()) + " bytes";
  }
  if (!bad.empty()) return Failed(bad);
  return Cycles(run.report.cycles);
}

EngineRun RtlEngine::Sanitize(ByteReader* in, Mode mode, ByteWriter* out, UnitTally* tally) {
  *tally = UnitTally{};
  if (lanes_ == 1) return Engine::Sanitize(in, mode, out, tally);
  // The sanitizer gives bytes, not units: the model counts the units beside it.
  ReaderSource source(in, mode, true);
  if (!source.Prime()) return EngineRun{in->error()};
  if (source.empty()) return Cycles(0);
  std::string error;
  if (!TraceWritable(trace_path_, &error)) return EngineRun{error};
  struct Sink : SanitizerSink {
    ByteWriter* out;
    ReaderSource* source;
    uint64_t packets = 0, stats = 0;
    sim::StatVerdict stat;
    void Bytes(const uint8_t* b, size_t n) override {
      if (!out->Put(b, n)) source->Stop();
    }
    void PacketEnd() override { ++packets; }
    void Stat(const sim::StatVerdict& v) override {
      if (stats++ == 0) stat = v;
    }
    void Lost() override {}
  } sink;
  sink.out = out;
  sink.source = &source;
  const sim::WideRunStats run = RunUtf8SanitizerStream(lanes_, &source, &sink, Options(trace_path_));
  if (source.stopped()) return {};
  if (!run.report.ok) return Failed(run.report.mismatch);
  const std::string block = "utf8_sanitizer LANES=" + std::to_string(lanes_);
  if (sink.packets != 1 || sink.stats != 1) {
    return Failed(block + " closed " + std::to_string(sink.packets) + " packets and gave " +
                  std::to_string(sink.stats) + " stat pulses for one packet");
  }
  *tally = source.tally();
  std::string bad = CheckCounts("utf8_sanitizer", run.err_count, tally->counts);
  if (bad.empty()) bad = CheckStat("utf8_sanitizer", sink.stat, tally->verdict());
  if (!bad.empty()) return Failed(bad);
  return Cycles(run.report.cycles);
}

EngineRun RtlEngine::Validate(ByteReader* in, Mode mode, Verdict* verdict) {
  *verdict = Verdict{};
  // The wide validator gives no units: the model counts them beside it.
  ReaderSource source(in, mode, lanes_ != 1);
  if (!source.Prime()) return EngineRun{in->error()};
  if (source.empty()) return Cycles(0);
  std::string error;
  if (!TraceWritable(trace_path_, &error)) return EngineRun{error};
  if (lanes_ == 1) {
    // The scalar decoder's stat_* outputs are its validator: the verdict is
    // theirs; units and counts come from its m_axis beats.
    UnitTally tally;
    sim::StatVerdict stat;
    EngineRun run = RunScalar(&source, trace_path_, nullptr, &tally, &stat);
    if (!run.error.empty()) return run;
    *verdict = tally.verdict();
    verdict->valid = !stat.error;
    verdict->first_error_offset = stat.error ? stat.offset : 0;
    verdict->first_error_class = stat.error ? stat.cls : ErrorClass::kOk;
    return run;
  }
  struct Sink : ValidatorSink {
    uint64_t verdicts = 0, stats = 0;
    sim::StatVerdict verdict, stat;
    void Verdict(const sim::StatVerdict& v) override {
      if (verdicts++ == 0) verdict = v;
    }
    void Stat(const sim::StatVerdict& v) override {
      if (stats++ == 0) stat = v;
    }
  } sink;
  const sim::WideRunStats run = RunUtf8ValidatorStream(lanes_, &source, &sink, Options(trace_path_));
  if (!run.report.ok) return Failed(run.report.mismatch);
  const std::string block = "utf8_validator LANES=" + std::to_string(lanes_);
  if (sink.verdicts != 1 || sink.stats != 1) {
    return Failed(block + " gave " + std::to_string(sink.verdicts) + " verdicts and " +
                  std::to_string(sink.stats) + " stat pulses for one packet");
  }
  if (!(sink.verdict == sink.stat)) return Failed("utf8_validator m_axis verdict and stat_* disagree");
  // The validator delivers no units, only the verdict and per-class error
  // counts; the unit count (and so the OK count) is the model's, and the RTL's
  // error counts must agree with it.
  const Verdict model = source.tally().verdict();
  const std::string bad = CheckCounts("utf8_validator", run.err_count, model.counts);
  if (!bad.empty()) return Failed(bad);
  verdict->valid = !sink.verdict.error;
  verdict->first_error_offset = sink.verdict.error ? sink.verdict.offset : 0;
  verdict->first_error_class = sink.verdict.error ? sink.verdict.cls : ErrorClass::kOk;
  verdict->units = model.units;
  verdict->counts = model.counts;
  return Cycles(run.report.cycles);
}

EngineRun RtlEngine::Encode(CodePointReader* in, Mode mode, ByteWriter* out, EncodeStats* stats) {
  *stats = EncodeStats{};
  if (in->empty()) return Cycles(0);
  if (!in->error().empty()) return EngineRun{in->error()};
  std::string error;
  if (!TraceWritable(trace_path_, &error)) return EngineRun{error};
  struct Source : CodePointSource {
    CodePointReader* in;
    ByteWriter* out;
    uint64_t read = 0;
    bool Next(uint32_t* cp, bool* last) override {
      if (!out->ok() || !in->Next(cp, last)) return false;
      ++read;
      return true;
    }
    std::string error() const override { return out->ok() ? in->error() : "stopped: the output failed"; }
  } source;
  source.in = in;
  source.out = out;
  struct Sink : EncoderSink {
    ByteWriter* out;
    EncodeStats* stats;
    void Beat(const uint8_t* octets, int n, ErrorClass cls) override {
      out->Put(octets, static_cast<size_t>(n));
      ++stats->code_points;
      ++stats->counts.n[static_cast<int>(cls)];
      if (cls != ErrorClass::kOk) ++stats->rejected;
    }
  } sink;
  sink.out = out;
  sink.stats = stats;
  const EncoderRun run = RunUtf8EncoderStream(&source, mode, &sink, Options(trace_path_));
  if (!out->ok()) return {};
  if (!in->error().empty()) return EngineRun{in->error()};
  if (!run.report.ok) return Failed(run.report.mismatch);
  if (stats->code_points != source.read) {
    return Failed("utf8_encoder gave " + std::to_string(stats->code_points) + " beats for " +
                  std::to_string(source.read) + " code points");
  }
  const std::string bad = CheckCounts("utf8_encoder", run.err_count, stats->counts);
  if (!bad.empty()) return Failed(bad);
  return Cycles(run.report.cycles);
}

}  // namespace cli
}  // namespace utf8core
