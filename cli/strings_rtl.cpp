// utf8core validate-strings on the string validator RTL; see strings_rtl.h.
#include "strings_rtl.h"

#include <algorithm>
#include <cstring>

#include "utf8_string_validator_run.h"

namespace utf8core {
namespace cli {

std::vector<int> StringsRtlLanes() { return sim::WideLaneCounts("utf8_string_validator"); }

namespace {

// The column's non-empty strings, end to end, as one packet, with a start mark
// at each string's first byte. Empty strings hold no byte: their bits are
// written around the verdicts (ColumnBitmap).
class ColumnSource : public sim::PacketSource {
 public:
  ColumnSource(const uint8_t* data, const uint8_t* offsets, uint64_t count, int width)
      : data_(data), offsets_(offsets), count_(count), width_(width),
        first_(static_cast<uint64_t>(StringOffset(offsets, 0, width))),
        end_(static_cast<uint64_t>(StringOffset(offsets, count, width))) {}
  bool empty() const { return end_ == first_; }
  uint64_t bytes() const { return end_ - first_; }
  bool NextPacket(int /*lanes*/, Packet* p) override {
    if (sent_ || empty()) return false;
    sent_ = true;
    p->mode = mode_;
    p->abort_after_beats = -1;
    return true;
  }
  size_t NextBeat(int lanes, uint8_t* bytes, bool* last) override {
    const uint64_t at = first_ + pos_;
    const size_t n = static_cast<size_t>(std::min<uint64_t>(static_cast<uint64_t>(lanes), end_ - at));
    std::memcpy(bytes, data_ + at, n);
    starts_.reset();
    // string i starts a run of bytes at offset i when it is not empty
    while (next_ < count_) {
      const uint64_t o = static_cast<uint64_t>(StringOffset(offsets_, next_, width_));
      if (o >= at + n) break;
      if (static_cast<uint64_t>(StringOffset(offsets_, next_ + 1, width_)) > o) starts_.set(static_cast<size_t>(o - at));
      ++next_;
    }
    pos_ += n;
    *last = first_ + pos_ == end_;
    return n;
  }
  LaneMask BeatStarts() const override { return starts_; }
  void set_mode(Mode m) { mode_ = m; }

 private:
  const uint8_t* data_;
  const uint8_t* offsets_;
  uint64_t count_;
  int width_;
  uint64_t first_, end_;
  Mode mode_ = Mode::kRfc3629;
  bool sent_ = false;
  uint64_t pos_ = 0;   // bytes sent
  uint64_t next_ = 0;  // next string whose start is to be marked
  LaneMask starts_;
};

// The validity bitmap from the RTL's verdicts, which come for the non-empty
// strings only, in order; an empty string's bit is set as its turn comes.
class ColumnBitmap : public StringValidatorSink {
 public:
  ColumnBitmap(const uint8_t* offsets, uint64_t count, int width, std::vector<uint8_t>* bitmap)
      : offsets_(offsets), count_(count), width_(width), bitmap_(bitmap) {
    bitmap_->assign(static_cast<size_t>((count + 7) / 8), 0);
  }
  void String(bool well_formed) override {
    SkipEmpty();
    if (next_ >= count_) {
      extra_ = true;
      return;
    }
    Set(next_, well_formed);
    if (!well_formed && !bad_) {
      bad_ = true;
      first_bad_ = next_;
    }
    ++next_;
  }
  void Close() override { ++closed_; }
  void Stat(const sim::StatVerdict& v) override {
    stat_ = v;
    ++stats_;
  }
  // After the run: the empty strings after the last non-empty one (so before
  // Problem(), which counts them).
  void Finish() { SkipEmpty(); }
  // "" or what is wrong with the output the RTL gave.
  std::string Problem() const {
    if (extra_) return "more verdicts than strings";
    if (next_ != count_) return std::to_string(next_) + " of " + std::to_string(count_) + " strings given a verdict";
    if (closed_ != 1 || stats_ != 1) return "not one tlast and one stat pulse for the column";
    return "";
  }
  bool bad() const { return bad_; }
  uint64_t first_bad() const { return first_bad_; }
  const sim::StatVerdict& stat() const { return stat_; }

 private:
  void SkipEmpty() {
    while (next_ < count_ &&
           StringOffset(offsets_, next_ + 1, width_) == StringOffset(offsets_, next_, width_)) {
      Set(next_++, true);
    }
  }
  void Set(uint64_t i, bool v) {
    if (v) (*bitmap_)[static_cast<size_t>(i / 8)] |= static_cast<uint8_t>(1u << (i % 8));
  }
  const uint8_t* offsets_;
  uint64_t count_;
  int width_;
  std::vector<uint8_t>* bitmap_;
  uint64_t next_ = 0;
  bool extra_ = false, bad_ = false;
  uint64_t first_bad_ = 0;
  uint64_t closed_ = 0, stats_ = 0;
  sim::StatVerdict stat_;
};

}  // namespace

// The column on the string validator RTL; *v is filled as ValidateStrings()
// fills it, from the RTL's output, and must equal the model's (*model).
// Returns "" or the problem. The column's offsets are known good.
std::string RunColumnRtl(const StringsOptions& options, const uint8_t* data, const uint8_t* offsets,
                         uint64_t count, int width, const StringsVerdict& model,
                         const std::vector<uint8_t>& model_bitmap, std::vector<uint8_t>* bitmap,
                         StringsVerdict* v, uint64_t* cycles) {
  const int lanes = StringsLanes(options);
  const std::vector<int> built = StringsRtlLanes();
  if (std::find(built.begin(), built.end(), lanes) == built.end()) {
    std::string list;
    for (int n : built) list += (list.empty() ? "" : ", ") + std::to_string(n);
    return "no string validator RTL with " + std::to_string(lanes) + " lanes in this build (built: " +
           (list.empty() ? std::string("none") : list) + ")" + FullBuildHint();
  }
  ColumnSource source(data, offsets, count, width);
  source.set_mode(options.mode);
  if (source.bytes() >> 32) return "the column's strings are 4 GiB or more: past the RTL's 32-bit offsets";
  ColumnBitmap sink(offsets, count, width, bitmap);
  *cycles = 0;
  if (!source.empty()) {
    sim::RunOptions opt;  // full rate: the figures are the block's own throughput
    const sim::WideRunStats run = RunUtf8StringValidatorStream(lanes, &source, &sink, opt);
    if (!run.report.ok) return run.report.mismatch;
    *cycles = run.report.cycles;
    sink.Finish();
    const std::string bad = sink.Problem();
    if (!bad.empty()) return "utf8_string_validator LANES=" + std::to_string(lanes) + ": " + bad;
    for (int c = 1; c < kNumClasses; ++c) {
      if (run.err_count[c - 1] != model.counts.n[c]) {
        return "utf8_string_validator err_count[" + std::string(ClassName(static_cast<ErrorClass>(c))) +
               "] is " + std::to_string(run.err_count[c - 1]) + " but the model finds " +
               std::to_string(model.counts.n[c]);
      }
    }
  } else {
    sink.Finish();
  }
  *v = model;  // bytes, units and counts (the RTL's counts agree, above)
  v->bad_strings = source.empty() ? 0 : sink.stat().bad_strings;
  v->first_bad = sink.first_bad();
  v->first_bad_class = sink.bad() ? sink.stat().cls : ErrorClass::kOk;
  v->first_bad_offset = sink.bad() ? sink.stat().str_offset : 0;
  return ColumnDisagreement("the string validator RTL", "RTL", *v, *bitmap, model, model_bitmap);
}

std::string ColumnDisagreement(const char* what, const char* who, const StringsVerdict& v,
                               const std::vector<uint8_t>& bitmap, const StringsVerdict& model,
                               const std::vector<uint8_t>& model_bitmap) {
  if (bitmap == model_bitmap && v.strings == model.strings && v.bytes == model.bytes &&
      v.bad_strings == model.bad_strings && v.first_bad == model.first_bad &&
      v.first_bad_class == model.first_bad_class && v.first_bad_offset == model.first_bad_offset) {
    return "";
  }
  return std::string(what) + " and the model disagree on this column (" + who + ": " +
         std::to_string(v.bad_strings) + " ill-formed, first " + std::to_string(v.first_bad) + "; model: " +
         std::to_string(model.bad_strings) + ", first " + std::to_string(model.first_bad) + ")";
}


}  // namespace cli
}  // namespace utf8core
