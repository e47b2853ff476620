// The kernel engine; see kernel_engine.h.
#include "kernel_engine.h"

#include <cstring>

#include "kernel_card.h"
#include "strings_rtl.h"
#include "utf8core_host.h"

namespace utf8core {
namespace cli {
namespace {

// One kernel: the input goes in jobs of kJob bytes, two at a time in the
// kernel's queue, so it goes from one job to the next without waiting for the
// host; at 64 bytes a clock a job of 1 MiB is 16,384 clocks, against the
// hundred or so a job costs to start (the memory's latency, the pipeline's fill).
// Two slots of the card's memory take the queued jobs' input and their worst
// case out (4 bytes a unit, held bytes included).
constexpr uint64_t kJob = 1 << 20;
constexpr uint64_t kSrc = 0x10000;
constexpr uint64_t kCap = 4 * kJob + 64;
constexpr uint64_t kDst = kSrc + 2 * kJob;

std::string HostError(int rc) { return std::string("kernel: ") + utf8k_strerror(rc); }

// Several compute units: each round gives each kernel about this many bytes,
// enough that starting the jobs and reading their results (register traffic
// the kernels wait through) is a few percent of the round.
constexpr uint64_t kSplitPiece = 1 << 20;

uint64_t Page(uint64_t n) { return (n + 4095) / 4096 * 4096; }

// The whole text's tally from the host library's sums.
void FillTally(const utf8k_text& text, UnitTally* tally) {
  if (!tally) return;
  tally->units = text.units;
  tally->bytes = text.in_bytes;
  uint64_t errors = 0;
  for (int c = 1; c <= 6; ++c) {
    tally->counts.n[c] = text.class_count[c - 1];
    errors += text.class_count[c - 1];
  }
  tally->counts.n[0] = text.units - errors;
  tally->error = text.error != 0;
  tally->first_error_offset = text.err_offset;
  tally->first_error_class = static_cast<ErrorClass>(text.err_class);
}

}  // namespace

std::vector<int> KernelLanes() {
  std::vector<int> lanes;
  for (unsigned w : sim::KernelWidths()) lanes.push_back(static_cast<int>(w / 8));
  return lanes;
}

KernelEngine::KernelEngine(unsigned data_width, const std::string& trace_path, unsigned kernels)
    : data_width_(data_width), trace_path_(trace_path), kernels_(kernels) {}

KernelEngine::~KernelEngine() = default;

template <class Take>
EngineRun KernelEngine::RunText(ByteReader* in, Mode mode, unsigned op, UnitTally* tally, Take take) {
  if (kernels_ > 1) return RunSplit(in, mode, op, tally, take);
  EngineRun run;
  if (!card_) {
    sim::KernelCardConfig cfg;
    cfg.data_width = data_width_;
    cfg.mem.size = kDst + 2 * kCap + 4096;
    cfg.mem.read_latency = 64;
    cfg.trace_path = trace_path_;
    card_ = std::make_unique<sim::KernelCard>(cfg);
  }
  const utf8k_card host = sim::HostCard(card_.get(), false);
  utf8k_text text;
  utf8k_text_begin(&text, &host, op, mode == Mode::kAnnexR ? UTF8K_MODE_ANNEX_R : 0);
  // Job k uses slot k % 2; a job is pulled (and its output taken) before its
  // slot takes the job after next. The last job is an empty one, as the end
  // of the input shows only when a read gives nothing.
  std::vector<uint8_t> block[2] = {std::vector<uint8_t>(kJob), std::vector<uint8_t>(kJob)};
  size_t got[2] = {0, 0};
  std::vector<uint8_t> out;
  uint64_t pushed = 0, pulled = 0, clocks = 0;
  bool ended = false;
  const auto pull = [&]() {
    const unsigned slot = pulled % 2;
    uint64_t used = 0, wrote = 0;
    const uint64_t t0 = card_->clocks();
    const int rc = utf8k_text_pull(&text, &used, &wrote);
    clocks += card_->clocks() - t0;
    ++pulled;
    // The kernel's cycle model runs beside the RTL on the card: a disagreement
    // is an error, as with --engine rtl.
    if (!card_->model_mismatch().empty()) {
      run.error = "kernel: RTL and cycle model disagree at " + card_->model_mismatch();
      return false;
    }
    if (rc != UTF8K_OK) {
      run.error = HostError(rc);
      return false;
    }
    out.resize(wrote);
    card_->mem().Read(kDst + slot * kCap, out.data(), wrote);
    return take(block[slot].data(), got[slot], out, got[slot] == 0, text, &run);
  };
  while (!ended) {
    if (text.queued == UTF8K_QUEUE && !pull()) return run;
    const unsigned slot = pushed % 2;
    if (!in->Read(block[slot].data(), kJob, &got[slot])) {
      run.error = in->error();
      return run;
    }
    ended = got[slot] == 0;
    card_->mem().Write(kSrc + slot * kJob, block[slot].data(), got[slot]);
    const uint64_t t0 = card_->clocks();
    const int rc = utf8k_text_push(&text, kSrc + slot * kJob, got[slot], kDst + slot * kCap, kCap, ended);
    clocks += card_->clocks() - t0;
    if (rc != UTF8K_OK) {
      run.error = HostError(rc);
      return run;
    }
    ++pushed;
  }
  while (text.queued != 0) {
    if (!pull()) return run;
  }
  // Clocks of the card from the first job's start to the last one's results
  // (the host's own work between register accesses takes none)
  run.has_cycles = true;
  run.cycles = clocks;
  FillTally(text, tally);
  return run;
}

template <class Take>
EngineRun KernelEngine::RunSplit(ByteReader* in, Mode mode, unsigned op, UnitTally* tally, Take take) {
  EngineRun run;
  const unsigned n = kernels_;
  const unsigned flags = mode == Mode::kAnnexR ? UTF8K_MODE_ANNEX_R : 0;
  // A part is at most kSplitPiece + 5 bytes (a cut moves back at most 5); its
  // output region holds the worst case.
  const uint64_t round = n * kSplitPiece;
  const uint64_t per = op == UTF8K_SANITIZE ? 3 : op == UTF8K_DECODE_UTF32 ? 4 : 0;
  const uint64_t region = Page(per * (kSplitPiece + 8) + 64);
  const uint64_t src = 0x10000;
  const uint64_t dst = src + Page(round);
  if (!card_) {
    sim::KernelCardConfig cfg;
    cfg.data_width = data_width_;
    cfg.kernels = n;
    cfg.mem.size = dst + n * region + 4096;
    cfg.mem.read_latency = 64;
    cfg.trace_path = trace_path_;
    card_ = std::make_unique<sim::KernelCard>(cfg);
  }
  std::vector<utf8k_card> hosts;
  for (unsigned cu = 0; cu < n; ++cu) hosts.push_back(sim::HostCard(card_.get(), cu, false));
  utf8k_text text;
  utf8k_text_begin(&text, &hosts[0], op, flags);
  std::vector<uint8_t> buf, out;
  std::vector<uint64_t> at(n + 1), srcs(n), lens(n), dsts(n), caps(n), outs(n);
  bool eof = false;
  uint64_t clocks = 0;
  while (!eof || !buf.empty()) {
    // A round: up to n pieces' bytes, cut where a unit starts unless the input ends.
    while (!eof && buf.size() < round) {
      const size_t had = buf.size();
      buf.resize(round);
      size_t got = 0;
      if (!in->Read(buf.data() + had, round - had, &got)) {
        run.error = in->error();
        return run;
      }
      buf.resize(had + got);
      eof = got == 0;
    }
    const uint64_t len = buf.size();
    const uint64_t end = eof ? len : utf8k_unit_cut(buf.data(), len, len - 1, flags);
    utf8k_split_points(buf.data(), end, flags, n, at.data());
    for (unsigned i = 0; i < n; ++i) {
      srcs[i] = src + at[i];
      lens[i] = at[i + 1] - at[i];
      dsts[i] = dst + i * region;
      caps[i] = region;
    }
    card_->mem().Write(src, buf.data(), static_cast<size_t>(end));
    const uint64_t t0 = card_->clocks();
    const int rc = utf8k_text_feed_split(&text, hosts.data(), n, srcs.data(), lens.data(),
                                         dsts.data(), caps.data(), outs.data());
    clocks += card_->clocks() - t0;
    if (!card_->model_mismatch().empty()) {
      run.error = "kernel: RTL and cycle model disagree at " + card_->model_mismatch();
      return run;
    }
    if (rc != UTF8K_OK) {
      run.error = HostError(rc);
      return run;
    }
    out.clear();
    for (unsigned i = 0; i < n; ++i) {
      const size_t had = out.size();
      out.resize(had + outs[i]);
      card_->mem().Read(dsts[i], out.data() + had, outs[i]);
    }
    if (!take(buf.data(), end, out, true, text, &run)) return run;
    buf.erase(buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(end));
  }
  // Clocks of the card from each round's first start to its last result read
  run.has_cycles = true;
  run.cycles = clocks;
  FillTally(text, tally);
  return run;
}

EngineRun KernelEngine::Validate(ByteReader* in, Mode mode, Verdict* verdict) {
  UnitTally tally;
  EngineRun r = RunText(in, mode, UTF8K_VALIDATE, &tally,
                        [](const uint8_t*, size_t, const std::vector<uint8_t>&, bool, const utf8k_text&,
                           EngineRun*) { return true; });
  *verdict = tally.verdict();
  return r;
}

EngineRun KernelEngine::Sanitize(ByteReader* in, Mode mode, ByteWriter* out, UnitTally* tally) {
  return RunText(in, mode, UTF8K_SANITIZE, tally,
                 [out](const uint8_t*, size_t, const std::vector<uint8_t>& bytes, bool, const utf8k_text&,
                       EngineRun* run) {
                   if (!out->Put(bytes.data(), bytes.size())) {
                     run->error = out->error();
                     return false;
                   }
                   return true;
                 });
}

EngineRun KernelEngine::Decode(ByteReader* in, Mode mode, UnitSink* sink) {
  // Bytes of the text not yet covered by a unit, from text offset `base` on.
  std::vector<uint8_t> pending;
  uint64_t base = 0;
  std::vector<Unit> units;
  uint64_t errors_seen[6] = {0, 0, 0, 0, 0, 0};
  return RunText(
      in, mode, UTF8K_DECODE_UTF32, nullptr,
      [&](const uint8_t* bytes, size_t n, const std::vector<uint8_t>& out, bool last, const utf8k_text& text,
          EngineRun* run) {
        pending.insert(pending.end(), bytes, bytes + n);
        units.clear();
        size_t pos = 0;
        for (size_t i = 0; i + 4 <= out.size(); i += 4) {
          uint32_t cp;
          std::memcpy(&cp, &out[i], 4);
          // The unit at pos as the input bytes give it; it must be the kernel's code point.
          const size_t avail = pending.size() - pos;
          const std::vector<Unit> first = utf8core::Decode(&pending[pos], avail < 6 ? avail : 6, mode);
          Unit u = first.empty() ? Unit{} : first[0];
          if (first.empty() || u.code_point != cp ||
              (u.cls == ErrorClass::kTooShort && pos + u.length == pending.size() && !last && avail < 6)) {
            run->error = "kernel: its code point U+" + std::to_string(cp) + " at byte " +
                         std::to_string(base + pos) + " does not match the input";
            return false;
          }
          u.offset = base + pos;
          pos += u.length;
          if (u.cls != ErrorClass::kOk) errors_seen[static_cast<int>(u.cls) - 1]++;
          units.push_back(u);
        }
        for (int c = 0; c < 6; ++c) {
          if (errors_seen[c] != text.class_count[c]) {
            run->error = "kernel: its CLASS_COUNT registers disagree with the units it gave";
            return false;
          }
        }
        pending.erase(pending.begin(), pending.begin() + static_cast<std::ptrdiff_t>(pos));
        base += pos;
        if (last && !pending.empty()) {
          run->error = "kernel: bytes left without a unit at the end of the input";
          return false;
        }
        return sink->Put(units.data(), units.size());
      });
}

EngineRun KernelEngine::Encode(CodePointReader*, Mode, ByteWriter*, EncodeStats*) {
  EngineRun r;
  r.error = "the kernel has no encoder (encode runs on --engine model or rtl)";
  return r;
}

std::string RunColumnKernel(const StringsOptions& options, const uint8_t* data, uint64_t len,
                            const uint8_t* offsets, uint64_t count, int width, const StringsVerdict& model,
                            const std::vector<uint8_t>& model_bitmap, std::vector<uint8_t>* bitmap,
                            StringsVerdict* v, uint64_t* cycles) {
  const std::vector<unsigned> widths = sim::KernelWidths();
  if (widths.empty()) return "no kernel in this build" + FullBuildHint();
  // The card's memory: the data, the offsets and the bitmap, each on a page of its own.
  const uint64_t src = 0x1000;
  const uint64_t offs = src + Page(len);
  const uint64_t offs_bytes = (count + 1) * static_cast<uint64_t>(width);
  const uint64_t dst = offs + Page(offs_bytes);
  const uint64_t bytes = (count + 7) / 8;
  sim::KernelCardConfig cfg;
  cfg.data_width = widths.back();
  cfg.mem.size = dst + Page(bytes) + 4096;
  cfg.mem.read_latency = 64;
  cfg.trace_path = "";
  sim::KernelCard card(cfg);
  card.mem().Write(src, data, static_cast<size_t>(len));
  card.mem().Write(offs, offsets, static_cast<size_t>(offs_bytes));
  const utf8k_card host = sim::HostCard(&card, false);
  utf8k_strings r{};
  const int rc = utf8k_validate_strings(&host, options.mode == Mode::kAnnexR ? UTF8K_MODE_ANNEX_R : 0, src, len,
                                        offs, width == 8, count, dst, 0, &r);
  if (!card.model_mismatch().empty()) return "kernel: RTL and cycle model disagree at " + card.model_mismatch();
  if (rc != UTF8K_OK) return HostError(rc);
  bitmap->assign(static_cast<size_t>(bytes), 0);
  card.mem().Read(dst, bitmap->data(), bitmap->size());
  *cycles = r.cycles;
  *v = model;  // units and per-class counts are the model's
  v->strings = r.strings;
  v->bytes = r.in_bytes;
  v->bad_strings = r.bad_strings;
  v->first_bad = r.error ? r.first_bad : 0;
  v->first_bad_class = r.error ? static_cast<ErrorClass>(r.err_class) : ErrorClass::kOk;
  v->first_bad_offset = r.error ? r.err_offset : 0;
  return ColumnDisagreement("the kernel", "kernel", *v, *bitmap, model, model_bitmap);
}

}  // namespace cli
}  // namespace utf8core
