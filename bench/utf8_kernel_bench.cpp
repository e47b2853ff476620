// Clocks of the memory-mapped kernel on the simulated card (not a test, and
// not timed: every figure is a count of clocks from the kernel's CYCLES
// register, AP_START to AP_DONE). For each DATA_WIDTH the build has, each
// operation, 1 MiB of multilingual text and of random bytes, SRC aligned and
// odd, with the memory model's read latency at 64 clocks: bytes per clock,
// against SPEC §9's floor (VALIDATE 0.95 W, SANITIZE 0.9 W on well-formed
// text, DECODE_UTF32 0.9 min(W, W/4 code points)). Then the clocks of 0-, 1-
// and 64-byte jobs. Then several compute units at the widest DATA_WIDTH: N
// kernels on one memory, the text cut where units start and each part a job
// on its own kernel, all at once (utf8k_text_feed_split): bytes per clock of
// the card from before the first job's start to after the last result is
// read, against 0.9 N W, with the memory's beats per clock unlimited and
// limited. Then jobs back to back at the widest DATA_WIDTH with the kernel's
// queue and without: 1,000 VALIDATE jobs of 4 KiB (SPEC §9: 0.9 W), and a
// 6 MB text as a chain of 64 KiB and of 1 MiB jobs, VALIDATE and SANITIZE
// (issue 27's 0.97 W and 0.95 W for `--engine kernel`). Prints Markdown.
//
//   build/bench/utf8_kernel_bench [--size BYTES] [--latency CLOCKS]
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "kernel_card.h"
#include "utf8_model.h"
#include "utf8core_host.h"

namespace {

using utf8core::sim::KernelCard;
using utf8core::sim::KernelCardConfig;

const char* const kSentences[] = {
    "The quick brown fox jumps over the lazy dog. ",
    "Zw\xc3\xb6lf Boxk\xc3\xa4mpfer jagen Viktor quer \xc3\xbc""ber den gro\xc3\x9f""en Sylter Deich. ",
    "\xce\xa4\xce\xac\xcf\x87\xce\xb9\xcf\x83\xcf\x84\xce\xb7 \xce\xb1\xce\xbb\xcf\x8e\xcf\x80\xce\xb7\xce\xbe. ",
    "\xd0\xa1\xd1\x8a\xd0\xb5\xd1\x88\xd1\x8c \xd0\xb6\xd0\xb5 \xd0\xb5\xd1\x89\xd1\x91. ",
    "\xe3\x81\x84\xe3\x82\x8d\xe3\x81\xaf\xe3\x81\xab\xe3\x81\xbb\xe3\x81\xb8\xe3\x81\xa8 ",
    "\xe6\x88\x91\xe8\x83\xbd\xe5\x90\x9e\xe4\xb8\x8b\xe7\x8e\xbb\xe7\x92\x83\xe3\x80\x82 ",
    "\xf0\x9f\x98\x80 \xf0\x9f\x9a\x80 \xf0\x9d\x84\x9e ",
};

std::vector<uint8_t> Text(size_t n, uint64_t seed) {
  std::vector<uint8_t> t;
  uint64_t x = seed;
  while (t.size() < n) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    const char* s = kSentences[(x >> 33) % (sizeof kSentences / sizeof kSentences[0])];
    t.insert(t.end(), s, s + std::strlen(s));
  }
  // end on a whole character, so the text stays well-formed
  t.resize(n);
  while (!t.empty() && (t.back() & 0xC0) == 0x80) t.pop_back();
  if (!t.empty() && t.back() >= 0xC0) t.pop_back();
  return t;
}

std::vector<uint8_t> Random(size_t n, uint64_t seed) {
  std::vector<uint8_t> r(n);
  uint64_t x = seed;
  for (auto& b : r) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    b = static_cast<uint8_t>(x >> 56);
  }
  return r;
}

const char* OpName(unsigned op) {
  return op == UTF8K_VALIDATE ? "VALIDATE" : op == UTF8K_SANITIZE ? "SANITIZE" : "DECODE_UTF32";
}

// N compute units of DATA_WIDTH dw: per_unit bytes of text for each, one round.
int SplitRows(unsigned dw, unsigned latency, size_t per_unit) {
  const uint64_t src0 = 0x100000;
  const double w = dw / 8.0;
  for (unsigned budget_per_unit : {0u, 2u, 1u}) {
    for (unsigned n : {1u, 2u, 4u, 8u}) {
      const std::vector<uint8_t> data = Text(n * per_unit, 5);
      const uint64_t region = (4 * (per_unit + 64) + 4095) / 4096 * 4096;
      const uint64_t dst0 = src0 + (data.size() + 4095) / 4096 * 4096;
      KernelCardConfig cfg;
      cfg.data_width = dw;
      cfg.kernels = n;
      cfg.mem.size = dst0 + n * region;
      cfg.mem.read_latency = latency;
      cfg.mem.beats_per_clock = budget_per_unit * n;
      KernelCard card(cfg);
      card.mem().Write(src0, data.data(), data.size());
      std::vector<utf8k_card> hosts;
      for (unsigned cu = 0; cu < n; ++cu) hosts.push_back(utf8core::sim::HostCard(&card, cu, false));
      std::vector<uint64_t> at(n + 1);
      utf8k_split_points(data.data(), data.size(), 0, n, at.data());
      std::vector<uint64_t> src(n), len(n), dst(n), cap(n), wrote(n);
      for (unsigned i = 0; i < n; ++i) {
        src[i] = src0 + at[i];
        len[i] = at[i + 1] - at[i];
        dst[i] = dst0 + i * region;
        cap[i] = region;
      }
      for (unsigned op : {UTF8K_VALIDATE, UTF8K_SANITIZE}) {
        utf8k_text t;
        utf8k_text_begin(&t, &hosts[0], op, 0);
        const uint64_t c0 = card.clocks();
        const int rc = utf8k_text_feed_split(&t, hosts.data(), n, src.data(), len.data(), dst.data(), cap.data(),
                                             wrote.data());
        const uint64_t clocks = card.clocks() - c0;
        if (rc != UTF8K_OK || !card.model_mismatch().empty()) {
          std::fprintf(stderr, "%u units %s failed: %s %s\n", n, OpName(op), utf8k_strerror(rc),
                       card.model_mismatch().c_str());
          return 1;
        }
        std::string limit = "none";
        if (budget_per_unit != 0) limit = std::to_string(budget_per_unit * n);
        std::printf("| %u | %u | %s | %s | %zu | %llu | %.1f | %.1f |\n", dw, n, limit.c_str(), OpName(op),
                    data.size(), static_cast<unsigned long long>(clocks),
                    static_cast<double>(data.size()) / static_cast<double>(clocks), 0.9 * n * w);
      }
    }
  }
  return 0;
}

// Jobs back to back at DATA_WIDTH dw: `jobs` VALIDATE jobs of `job` bytes of
// text each, independent (neither CONTINUE nor PARTIAL), with `ahead` jobs
// started before the oldest is waited for (0: start, wait, start, ...; 1: the
// kernel's queue holds the next while one runs). Clocks of the card from the
// first register write to the last result read.
bool BackToBack(unsigned dw, unsigned latency, size_t job, unsigned jobs, unsigned ahead, uint64_t* clocks) {
  const uint64_t src0 = 0x100000;
  const std::vector<uint8_t> data = Text(job * 16, 7);
  KernelCardConfig cfg;
  cfg.data_width = dw;
  cfg.mem.size = src0 + data.size() + 4096;
  cfg.mem.read_latency = latency;
  KernelCard card(cfg);
  card.mem().Write(src0, data.data(), data.size());
  const utf8k_card host = utf8core::sim::HostCard(&card, false);
  const uint64_t c0 = card.clocks();
  unsigned started = 0, done = 0;
  while (done < jobs) {
    while (started < jobs && started - done <= ahead) {
      // jobs of whole characters from 16 places of the text, in turn
      const uint64_t at = (started % 16) * job;
      const utf8k_job j{UTF8K_VALIDATE, 0, src0 + at, job, 0, 0, 0, 0};
      if (utf8k_start(&host, &j) != UTF8K_OK) return false;
      ++started;
    }
    utf8k_result r;
    if (utf8k_wait(&host, &r) != UTF8K_OK || r.in_bytes != job) return false;
    ++done;
  }
  *clocks = card.clocks() - c0;
  return card.model_mismatch().empty();
}

// A long text as a chain of CONTINUE/PARTIAL jobs of `job` bytes, pushed
// `ahead` jobs ahead (utf8k_text_push/pull), as `utf8core --engine kernel`
// runs it. Clocks of the card from the first register write to the last
// result read.
bool Chain(unsigned dw, unsigned latency, unsigned op, const std::vector<uint8_t>& text, size_t job, unsigned ahead,
           uint64_t* clocks) {
  const uint64_t src0 = 0x100000;
  const uint64_t dst0 = src0 + (text.size() + 4095) / 4096 * 4096;
  const uint64_t cap = 3 * text.size() + 64;
  KernelCardConfig cfg;
  cfg.data_width = dw;
  cfg.mem.size = dst0 + cap + 4096;
  cfg.mem.read_latency = latency;
  KernelCard card(cfg);
  card.mem().Write(src0, text.data(), text.size());
  const utf8k_card host = utf8core::sim::HostCard(&card, false);
  utf8k_text t;
  utf8k_text_begin(&t, &host, op, 0);
  const uint64_t c0 = card.clocks();
  uint64_t pushed = 0, out = 0;
  while (pushed < text.size() || t.queued != 0) {
    if (pushed < text.size() && t.queued <= ahead) {
      const uint64_t n = text.size() - pushed < job ? text.size() - pushed : job;
      // output room for the worst case of each job, after what the jobs before may write
      const uint64_t at = op == UTF8K_VALIDATE ? 0 : dst0 + 3 * pushed + (pushed / job) * 16;
      if (utf8k_text_push(&t, src0 + pushed, n, at, op == UTF8K_VALIDATE ? 0 : 3 * n + 16,
                          pushed + n == text.size()) != UTF8K_OK)
        return false;
      pushed += n;
      continue;
    }
    uint64_t in = 0, wrote = 0;
    if (utf8k_text_pull(&t, &in, &wrote) != UTF8K_OK) return false;
    out += wrote;
  }
  *clocks = card.clocks() - c0;
  return card.model_mismatch().empty() && t.in_bytes == text.size() && !t.error &&
         (op == UTF8K_VALIDATE || out == text.size());
}

int QueueRows(unsigned dw, unsigned latency) {
  const double w = dw / 8.0;
  std::printf("\nJobs back to back (ap_ctrl_chain), DATA_WIDTH %u, memory read latency %u clocks: clocks of "
              "the card from the first register write to the last result read; ahead: jobs started before "
              "the oldest is waited for (0: one at a time, 1: the next job queued while one runs).\n\n",
              dw, latency);
  std::printf("| jobs | OP | job bytes | ahead | bytes | clocks | bytes/clock | target |\n");
  std::printf("|---|---|---|---|---|---|---|---|\n");
  for (unsigned ahead : {0u, 1u}) {
    uint64_t clocks = 0;
    const unsigned jobs = 1000;
    const size_t job = 4096;
    if (!BackToBack(dw, latency, job, jobs, ahead, &clocks)) {
      std::fprintf(stderr, "back-to-back jobs failed\n");
      return 1;
    }
    std::printf("| %u | VALIDATE | %zu | %u | %zu | %llu | %.1f | %.1f (0.9 W) |\n", jobs, job, ahead, jobs * job,
                static_cast<unsigned long long>(clocks),
                static_cast<double>(jobs * job) / static_cast<double>(clocks), 0.9 * w);
  }
  const std::vector<uint8_t> text = Text(6 << 20, 11);
  for (unsigned op : {UTF8K_VALIDATE, UTF8K_SANITIZE}) {
    for (size_t job : {size_t{1} << 16, size_t{1} << 20}) {
      for (unsigned ahead : {0u, 1u}) {
        uint64_t clocks = 0;
        if (!Chain(dw, latency, op, text, job, ahead, &clocks)) {
          std::fprintf(stderr, "chain of %s jobs failed\n", OpName(op));
          return 1;
        }
        std::printf("| %zu | %s | %zu | %u | %zu | %llu | %.1f | %.1f (%.2f W) |\n", (text.size() + job - 1) / job,
                    OpName(op), job, ahead, text.size(), static_cast<unsigned long long>(clocks),
                    static_cast<double>(text.size()) / static_cast<double>(clocks),
                    (op == UTF8K_VALIDATE ? 0.97 : 0.95) * w, op == UTF8K_VALIDATE ? 0.97 : 0.95);
      }
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  size_t size = 1 << 20;
  unsigned latency = 64;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--size") && i + 1 < argc) size = std::strtoull(argv[++i], nullptr, 0);
    else if (!std::strcmp(argv[i], "--latency") && i + 1 < argc) latency = std::strtoul(argv[++i], nullptr, 0);
    else {
      std::fprintf(stderr, "usage: %s [--size BYTES] [--latency CLOCKS]\n", argv[0]);
      return 2;
    }
  }
  const uint64_t src0 = 0x100000, dst0 = 0x1000000;
  std::printf("Kernel clocks, AP_START to AP_DONE (CYCLES register); memory read latency %u clocks, "
              "no stalls; %zu bytes.\n\n",
              latency, size);
  std::printf("| DATA_WIDTH | OP | input | SRC | units | clocks | bytes/clock | floor (SPEC 9) |\n");
  std::printf("|---|---|---|---|---|---|---|---|\n");
  for (unsigned dw : utf8core::sim::KernelWidths()) {
    KernelCardConfig cfg;
    cfg.data_width = dw;
    cfg.mem.size = 0x2000000;
    cfg.mem.read_latency = latency;
    KernelCard card(cfg);
    const utf8k_card host = utf8core::sim::HostCard(&card, false);
    const double w = dw / 8.0;
    for (int input = 0; input < 2; ++input) {
      const std::vector<uint8_t> data = input == 0 ? Text(size, 1) : Random(size, 2);
      for (uint64_t src : {src0, src0 + 3}) {
        card.mem().Write(src, data.data(), data.size());
        for (unsigned op : {UTF8K_VALIDATE, UTF8K_SANITIZE, UTF8K_DECODE_UTF32}) {
          const utf8k_job job{op, 0, src, data.size(), dst0, 4 * data.size() + 64};
          utf8k_result r{};
          const int rc = utf8k_run(&host, &job, &r);
          if (rc != UTF8K_OK) {
            std::fprintf(stderr, "%s failed: %s\n", OpName(op), utf8k_strerror(rc));
            return 1;
          }
          const double bpc = static_cast<double>(data.size()) / static_cast<double>(r.cycles);
          std::string floor = "-";
          char buf[64];
          if (op == UTF8K_VALIDATE) {
            std::snprintf(buf, sizeof buf, "%.2f", 0.95 * w);
            floor = buf;
          } else if (input == 0 && op == UTF8K_SANITIZE) {
            std::snprintf(buf, sizeof buf, "%.2f", 0.9 * w);
            floor = buf;
          } else if (input == 0 && op == UTF8K_DECODE_UTF32) {
            // 0.9 x the smaller of W bytes in and W/4 code points out, in input bytes
            const double bytes_per_unit = static_cast<double>(data.size()) / static_cast<double>(r.units);
            const double bound = std::min(w, w / 4 * bytes_per_unit);
            std::snprintf(buf, sizeof buf, "%.2f", 0.9 * bound);
            floor = buf;
          }
          std::printf("| %u | %s | %s | %s | %llu | %llu | %.3f | %s |\n", dw, OpName(op),
                      input == 0 ? "text" : "random bytes", src == src0 ? "aligned" : "+3",
                      static_cast<unsigned long long>(r.units), static_cast<unsigned long long>(r.cycles), bpc,
                      floor.c_str());
        }
      }
    }
  }
  std::printf("\nSmall jobs (text at an aligned SRC): clocks from AP_START to AP_DONE.\n\n");
  std::printf("| DATA_WIDTH | OP | 0 bytes | 1 byte | 64 bytes |\n|---|---|---|---|---|\n");
  for (unsigned dw : utf8core::sim::KernelWidths()) {
    KernelCardConfig cfg;
    cfg.data_width = dw;
    cfg.mem.size = 0x2000000;
    cfg.mem.read_latency = latency;
    KernelCard card(cfg);
    const utf8k_card host = utf8core::sim::HostCard(&card, false);
    const std::vector<uint8_t> data = Text(64, 3);
    card.mem().Write(src0, data.data(), data.size());
    for (unsigned op : {UTF8K_VALIDATE, UTF8K_SANITIZE, UTF8K_DECODE_UTF32}) {
      std::printf("| %u | %s |", dw, OpName(op));
      for (uint64_t n : {uint64_t{0}, uint64_t{1}, uint64_t{64}}) {
        const utf8k_job job{op, 0, src0, n, dst0, 4 * n + 64};
        utf8k_result r{};
        if (utf8k_run(&host, &job, &r) != UTF8K_OK) return 1;
        std::printf(" %llu |", static_cast<unsigned long long>(r.cycles));
      }
      std::printf("\n");
    }
  }
  const std::vector<unsigned> widths = utf8core::sim::KernelWidths();
  if (widths.empty()) return 0;
  std::printf("\nSeveral compute units: N kernels on one memory, %zu bytes of text each, cut where units "
              "start and run at once (utf8k_text_feed_split); clocks of the card from the first register "
              "write of the first job to the last result read; beats a clock: R and W beats all the "
              "memory's ports may move together in a clock.\n\n",
              size);
  std::printf("| DATA_WIDTH | N | beats a clock | OP | bytes | clocks | bytes/clock | 0.9 N W |\n");
  std::printf("|---|---|---|---|---|---|---|---|\n");
  if (SplitRows(widths.back(), latency, size) != 0) return 1;
  return QueueRows(widths.back(), latency);
}
