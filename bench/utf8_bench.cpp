// Throughput of the functional model's fast paths (Validate, DecodeToUcs4) against
// glibc iconv (UTF-8 -> UCS-4LE) and ICU (u_strFromUTF8WithSub and the ucnv UTF-8
// converter, both to UTF-16) on the same ~1 MiB inputs: ASCII, Latin-1 range text,
// CJK, emoji, and mixed text with 10% of its characters replaced by errors.
// A benchmark, not a test: figures go to docs/bench.md. Inputs come from a fixed
// seed, so every run measures the same bytes.
#include <benchmark/benchmark.h>
#include <errno.h>
#include <iconv.h>

#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#ifdef UTF8CORE_BENCH_ICU
#include <unicode/ucnv.h>
#include <unicode/ustring.h>
#endif

#include "utf8_model.h"

namespace {

using utf8core::Mode;

constexpr size_t kInputBytes = 1 << 20;

void Put(uint32_t cp, std::vector<uint8_t>* out) {
  uint8_t b[6];
  utf8core::ErrorClass cls;
  const int n = utf8core::EncodeOne(cp, Mode::kRfc3629, b, &cls);
  out->insert(out->end(), b, b + n);
}

// Code points of one kind of text; `rng` fixed-seeded by the caller.
uint32_t AsciiChar(std::mt19937_64& rng) {
  static const char kText[] =
      "the quick brown fox jumps over the lazy dog, while 42 engineers watch; "
      "UTF-8 validation at line rate (RFC 3629) is the point.\n";
  return static_cast<uint8_t>(kText[rng() % (sizeof kText - 1)]);
}
uint32_t Latin1Char(std::mt19937_64& rng) {
  return rng() % 2 ? AsciiChar(rng) : 0xA0 + static_cast<uint32_t>(rng() % 0x60);
}
uint32_t CjkChar(std::mt19937_64& rng) {
  return rng() % 10 == 0 ? 0x3000 + static_cast<uint32_t>(rng() % 3)  // ideographic space, comma, stop
                         : 0x4E00 + static_cast<uint32_t>(rng() % 0x5200);
}
uint32_t EmojiChar(std::mt19937_64& rng) {
  if (rng() % 10 == 0) return ' ';
  return rng() % 2 ? 0x1F300 + static_cast<uint32_t>(rng() % 0x350)
                   : 0x1F900 + static_cast<uint32_t>(rng() % 0x100);
}

enum class Kind { kAscii, kLatin1, kCjk, kEmoji, kErrors10 };

std::vector<uint8_t> MakeInput(Kind kind) {
  std::mt19937_64 rng(0x0BE4C4 + static_cast<int>(kind));
  std::vector<uint8_t> out;
  out.reserve(kInputBytes + 8);
  while (out.size() < kInputBytes) {
    switch (kind) {
      case Kind::kAscii: Put(AsciiChar(rng), &out); break;
      case Kind::kLatin1: Put(Latin1Char(rng), &out); break;
      case Kind::kCjk: Put(CjkChar(rng), &out); break;
      case Kind::kEmoji: Put(EmojiChar(rng), &out); break;
      case Kind::kErrors10: {
        if (rng() % 10 == 0) {
          // One ill-formed unit of a random kind.
          static const uint8_t kBad[][3] = {{0x80, 0, 0}, {0xBF, 0, 0}, {0xC0, 0, 0}, {0xC1, 0, 0},
                                            {0xF5, 0, 0}, {0xFF, 0, 0}, {0xE2, 0x82, 0}, {0xED, 0xA0, 0},
                                            {0xF0, 0x8F, 0}, {0xF4, 0x90, 0}};
          const auto& bad = kBad[rng() % (sizeof kBad / sizeof kBad[0])];
          for (int k = 0; k < 3 && (k == 0 || bad[k]); ++k) out.push_back(bad[k]);
        } else {
          switch (rng() % 4) {
            case 0: Put(AsciiChar(rng), &out); break;
            case 1: Put(Latin1Char(rng), &out); break;
            case 2: Put(CjkChar(rng), &out); break;
            default: Put(EmojiChar(rng), &out); break;
          }
        }
        break;
      }
    }
  }
  return out;
}

const char* KindName(Kind k) {
  switch (k) {
    case Kind::kAscii: return "ascii";
    case Kind::kLatin1: return "latin1";
    case Kind::kCjk: return "cjk";
    case Kind::kEmoji: return "emoji";
    case Kind::kErrors10: return "errors10";
  }
  return "?";
}

void Finish(benchmark::State& state, const std::vector<uint8_t>& in) {
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(in.size()));
}

void ModelValidate(benchmark::State& state, const std::vector<uint8_t>* in) {
  for (auto _ : state) {
    utf8core::Verdict v = utf8core::Validate(in->data(), in->size(), Mode::kRfc3629);
    benchmark::DoNotOptimize(v);
  }
  Finish(state, *in);
}

void ModelDecodeToUcs4(benchmark::State& state, const std::vector<uint8_t>* in) {
  std::vector<uint32_t> out(in->size());
  for (auto _ : state) {
    size_t n = utf8core::DecodeToUcs4(in->data(), in->size(), Mode::kRfc3629, out.data());
    benchmark::DoNotOptimize(n);
    benchmark::ClobberMemory();
  }
  Finish(state, *in);
}

// glibc iconv UTF-8 -> UCS-4LE over the whole input. iconv stops at an ill-formed
// sequence; to cover the same bytes as the model it writes U+FFFD, skips one byte
// and goes on (not maximal subparts: one replacement per skipped byte).
void Iconv(benchmark::State& state, const std::vector<uint8_t>* in) {
  iconv_t cd = iconv_open("UCS-4LE", "UTF-8");
  if (cd == reinterpret_cast<iconv_t>(-1)) {
    state.SkipWithError("iconv_open failed");
    return;
  }
  std::vector<char> out(in->size() * 4 + 8);
  int64_t errors = 0;
  for (auto _ : state) {
    iconv(cd, nullptr, nullptr, nullptr, nullptr);
    char* ip = const_cast<char*>(reinterpret_cast<const char*>(in->data()));
    size_t il = in->size();
    char* op = out.data();
    size_t ol = out.size();
    while (il > 0) {
      if (iconv(cd, &ip, &il, &op, &ol) != static_cast<size_t>(-1)) break;
      if (errno != EILSEQ && errno != EINVAL) break;
      ++errors;
      ++ip;
      --il;
      static const char kFffdLe[4] = {static_cast<char>(0xFD), static_cast<char>(0xFF), 0, 0};
      for (char c : kFffdLe) *op++ = c;
      ol -= 4;
    }
    benchmark::DoNotOptimize(op);
    benchmark::ClobberMemory();
  }
  iconv_close(cd);
  state.counters["skips_per_run"] = static_cast<double>(errors) / static_cast<double>(state.iterations());
  Finish(state, *in);
}

#ifdef UTF8CORE_BENCH_ICU
void IcuStrFromUtf8(benchmark::State& state, const std::vector<uint8_t>* in) {
  std::vector<UChar> out(in->size() + 8);
  for (auto _ : state) {
    int32_t len = 0, subs = 0;
    UErrorCode err = U_ZERO_ERROR;
    u_strFromUTF8WithSub(out.data(), static_cast<int32_t>(out.size()), &len,
                         reinterpret_cast<const char*>(in->data()), static_cast<int32_t>(in->size()), 0xFFFD,
                         &subs, &err);
    if (U_FAILURE(err)) {
      state.SkipWithError(u_errorName(err));
      return;
    }
    benchmark::DoNotOptimize(len);
    benchmark::ClobberMemory();
  }
  Finish(state, *in);
}

void IcuConverter(benchmark::State& state, const std::vector<uint8_t>* in) {
  UErrorCode err = U_ZERO_ERROR;
  UConverter* cnv = ucnv_open("UTF-8", &err);
  if (U_FAILURE(err)) {
    state.SkipWithError(u_errorName(err));
    return;
  }
  std::vector<UChar> out(in->size() + 8);
  for (auto _ : state) {
    ucnv_reset(cnv);
    UChar* target = out.data();
    const char* source = reinterpret_cast<const char*>(in->data());
    err = U_ZERO_ERROR;
    ucnv_toUnicode(cnv, &target, out.data() + out.size(), &source, source + in->size(), nullptr, true, &err);
    if (U_FAILURE(err)) {
      state.SkipWithError(u_errorName(err));
      break;
    }
    benchmark::DoNotOptimize(target);
    benchmark::ClobberMemory();
  }
  ucnv_close(cnv);
  Finish(state, *in);
}
#endif

}  // namespace

int main(int argc, char** argv) {
  static std::vector<uint8_t> inputs[5];
  const Kind kinds[] = {Kind::kAscii, Kind::kLatin1, Kind::kCjk, Kind::kEmoji, Kind::kErrors10};
  for (Kind k : kinds) {
    std::vector<uint8_t>* in = &inputs[static_cast<int>(k)];
    *in = MakeInput(k);
    const std::string n = KindName(k);
    benchmark::RegisterBenchmark(("model_validate/" + n).c_str(), ModelValidate, in);
    benchmark::RegisterBenchmark(("model_decode_ucs4/" + n).c_str(), ModelDecodeToUcs4, in);
    benchmark::RegisterBenchmark(("iconv_ucs4le/" + n).c_str(), Iconv, in);
#ifdef UTF8CORE_BENCH_ICU
    benchmark::RegisterBenchmark(("icu_strFromUTF8WithSub/" + n).c_str(), IcuStrFromUtf8, in);
    benchmark::RegisterBenchmark(("icu_ucnv_toUnicode/" + n).c_str(), IcuConverter, in);
#endif
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
