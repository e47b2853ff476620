// Helpers for the functional-model tests; see model_check.h.
#include "model_check.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace utf8core {
namespace modeltest {

naive::Mode ToNaive(Mode m) {
  return m == Mode::kAnnexR ? naive::Mode::kAnnexR : naive::Mode::kRfc3629;
}

ErrorClass FromNaive(naive::Class c) {
  switch (c) {
    case naive::Class::kOk: return ErrorClass::kOk;
    case naive::Class::kTooShort: return ErrorClass::kTooShort;
    case naive::Class::kTooLong: return ErrorClass::kTooLong;
    case naive::Class::kOverlong: return ErrorClass::kOverlong;
    case naive::Class::kSurrogate: return ErrorClass::kSurrogate;
    case naive::Class::kTooLarge: return ErrorClass::kTooLarge;
    case naive::Class::kHeaderBits: return ErrorClass::kHeaderBits;
  }
  return ErrorClass::kOk;
}

std::string Hex(const uint8_t* p, size_t n) {
  static const char kDigits[] = "0123456789ABCDEF";
  std::string s;
  for (size_t i = 0; i < n; ++i) {
    if (i) s += ' ';
    s += kDigits[p[i] >> 4];
    s += kDigits[p[i] & 15];
  }
  return n ? s : "(empty)";
}

uint64_t TestSeed(uint64_t fallback, const char* what) {
  const uint64_t seed = sim::SeedFromEnv(fallback);
  std::cout << "[ seed     ] " << what << ": UTF8CORE_SEED=" << seed << std::endl;
  return seed;
}

std::vector<uint8_t> ForceLength(uint32_t value, int len) {
  std::vector<uint8_t> b(static_cast<size_t>(len));
  if (len == 1) {
    b[0] = static_cast<uint8_t>(value);
    return b;
  }
  uint32_t v = value;
  for (int k = len - 1; k > 0; --k) {
    b[static_cast<size_t>(k)] = static_cast<uint8_t>(0x80 | (v & 0x3F));
    v >>= 6;
  }
  const uint8_t prefix = static_cast<uint8_t>(0xFF00u >> len);
  b[0] = static_cast<uint8_t>(prefix | (v & (0x7Fu >> len)));
  return b;
}

namespace {

// Bytes at which the SPEC §2 ranges or Table 1's formats change.
const uint8_t kEdgeBytes[] = {
    0x00, 0x01, 0x0A, 0x41, 0x7F, 0x80, 0x81, 0x83, 0x84, 0x87, 0x88, 0x8F, 0x90, 0x9F,
    0xA0, 0xBE, 0xBF, 0xC0, 0xC1, 0xC2, 0xC3, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF,
    0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xF9, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF};

// Code points at the length, range and surrogate boundaries of both modes.
const uint32_t kEdgeValues[] = {
    0x0,      0x7F,      0x80,      0x7FF,     0x800,     0xFFF,      0x1000,   0xD7FF,
    0xD800,   0xDBFF,    0xDC00,    0xDFFF,    0xE000,    0xFFFD,     0xFFFE,   0xFFFF,
    0x10000,  0x3FFFF,   0x40000,   0xFFFFF,   0x100000,  0x10FFFF,   0x110000, 0x13FFFF,
    0x140000, 0x1FFFFF,  0x200000,  0x3FFFFFF, 0x4000000, 0x7FFFFFFF};

uint32_t RandomValue(sim::Rng* r) {
  switch (r->below(4)) {
    case 0: return kEdgeValues[r->below(sizeof kEdgeValues / sizeof kEdgeValues[0])];
    case 1: {
      const uint32_t base = kEdgeValues[r->below(sizeof kEdgeValues / sizeof kEdgeValues[0])];
      return (base + r->below(5) - 2) & 0x7FFFFFFF;
    }
    case 2: return r->below(0x110000);
    default: {
      // Uniform over the bit length, so that 5- and 6-octet forms come up.
      const int bits = 1 + static_cast<int>(r->below(31));
      return static_cast<uint32_t>(r->u64() & ((1ull << bits) - 1));
    }
  }
}

int ShortestLength(uint32_t v) {
  if (v < 0x80) return 1;
  if (v < 0x800) return 2;
  if (v < 0x10000) return 3;
  if (v < 0x200000) return 4;
  if (v < 0x4000000) return 5;
  return 6;
}

}  // namespace

std::vector<uint8_t> RandomBoundaryBytes(sim::Rng* r, size_t max_len) {
  const size_t target = r->below(static_cast<uint32_t>(max_len + 1));
  std::vector<uint8_t> b;
  b.reserve(target + 6);
  while (b.size() < target) {
    const uint32_t pick = r->below(100);
    if (pick < 25) {
      b.push_back(kEdgeBytes[r->below(sizeof kEdgeBytes)]);
    } else if (pick < 35) {
      b.push_back(static_cast<uint8_t>(r->below(256)));
    } else if (pick < 45) {
      const uint32_t run = 1 + r->below(40);
      for (uint32_t k = 0; k < run; ++k) b.push_back(static_cast<uint8_t>(0x20 + r->below(95)));
    } else if (pick < 80) {
      const uint32_t v = RandomValue(r);
      const auto e = ForceLength(v, ShortestLength(v));
      b.insert(b.end(), e.begin(), e.end());
    } else if (pick < 90) {
      const uint32_t v = RandomValue(r);
      const auto e = ForceLength(v, ShortestLength(v));
      b.insert(b.end(), e.begin(), e.begin() + 1 + r->below(static_cast<uint32_t>(e.size())));
    } else {
      // Overlong: a value written in more octets than it needs.
      const uint32_t v = r->below(2) ? r->below(0x80) : RandomValue(r);
      const int shortest = ShortestLength(v);
      if (shortest < 6) {
        const int len = shortest + 1 + static_cast<int>(r->below(static_cast<uint32_t>(6 - shortest)));
        const auto e = ForceLength(v, len);
        b.insert(b.end(), e.begin(), e.end());
      }
    }
  }
  if (b.size() > max_len) b.resize(max_len);
  return b;
}

std::vector<uint8_t> RandomTextWithErrors(sim::Rng* r, size_t max_len) {
  const size_t target = r->below(static_cast<uint32_t>(max_len + 1));
  const uint32_t kind = r->below(6);
  // Per-string error rate, from none to dense, so that both long clean stretches
  // and errors next to each other come up.
  const uint32_t error_per_mille = r->below(4) == 0 ? 0 : 1 + r->below(r->below(2) ? 20 : 300);
  std::vector<uint8_t> b;
  b.reserve(target + 6);
  while (b.size() < target) {
    if (r->below(1000) < error_per_mille) {
      if (r->below(2)) {
        b.push_back(kEdgeBytes[r->below(sizeof kEdgeBytes)]);
      } else {
        const uint32_t v = RandomValue(r);
        const auto e = ForceLength(v, ShortestLength(v));
        b.insert(b.end(), e.begin(), e.begin() + 1 + r->below(static_cast<uint32_t>(e.size())));
      }
      continue;
    }
    uint32_t cp;
    switch (kind == 5 ? r->below(5) : kind) {
      case 0: cp = 0x20 + r->below(0x5F); break;
      case 1: cp = r->below(2) ? 0x20 + r->below(0x5F) : 0x80 + r->below(0x780); break;
      case 2: cp = r->below(16) ? 0x800 + r->below(0xF800) : 0x20; break;
      case 3: cp = r->below(16) ? 0x10000 + r->below(0x100000) : 0x20; break;
      default: cp = r->below(8) ? 0x200000 + r->below(0x7FE00000) : 0x10000 + r->below(0x1F0000); break;
    }
    const auto e = ForceLength(cp, ShortestLength(cp));
    b.insert(b.end(), e.begin(), e.end());
  }
  if (b.size() > max_len) b.resize(max_len);
  return b;
}

std::string Describe(const Unit& u) {
  std::ostringstream s;
  s << "{U+" << std::hex << std::uppercase << u.code_point << std::dec << " at " << u.offset
    << " len " << int{u.length} << " " << ClassName(u.cls) << "}";
  return s.str();
}

std::string Describe(const naive::Unit& u) {
  Unit m{u.code_point, u.offset, static_cast<uint8_t>(u.length), FromNaive(u.cls)};
  return Describe(m);
}

std::string ModelVsNaive::Check(const uint8_t* p, size_t n, Mode mode, bool with_decode_helper) {
  ref_.clear();
  naive::Decode(p, n, ToNaive(mode), &ref_);
  auto where = [&](const char* what) {
    return std::string(ModeName(mode)) + " " + Hex(p, n) + ": " + what;
  };

  // The streaming Decoder, byte by byte: the definition.
  units_.clear();
  Decoder dec(mode);
  for (size_t i = 0; i < n; ++i) dec.push(p[i], &units_);
  dec.end_of_packet(&units_);
  if (units_.size() != ref_.size()) {
    std::ostringstream s;
    s << "Decoder gave " << units_.size() << " units, naive " << ref_.size();
    for (const Unit& u : units_) s << " m" << Describe(u);
    for (const naive::Unit& u : ref_) s << " n" << Describe(u);
    return where(s.str().c_str());
  }
  for (size_t k = 0; k < ref_.size(); ++k) {
    const Unit want{ref_[k].code_point, ref_[k].offset, static_cast<uint8_t>(ref_[k].length),
                    FromNaive(ref_[k].cls)};
    if (units_[k] != want) {
      const std::string s = "unit " + std::to_string(k) + ": Decoder " + Describe(units_[k]) +
                            ", naive " + Describe(ref_[k]);
      return where(s.c_str());
    }
  }

  if (with_decode_helper && Decode(p, n, mode) != units_) {
    return where("Decode() differs from the streaming Decoder");
  }

  // Validate against a verdict tallied from the naive units.
  Verdict want;
  for (const naive::Unit& u : ref_) {
    const ErrorClass c = FromNaive(u.cls);
    if (c != ErrorClass::kOk && want.valid) {
      want.valid = false;
      want.first_error_offset = u.offset;
      want.first_error_class = c;
    }
    ++want.counts.n[static_cast<int>(c)];
  }
  want.units = ref_.size();
  const Verdict got = Validate(p, n, mode);
  if (got.valid != want.valid || got.units != want.units ||
      (!want.valid && (got.first_error_offset != want.first_error_offset ||
                       got.first_error_class != want.first_error_class))) {
    std::ostringstream s;
    s << "Validate valid=" << got.valid << " units=" << got.units << " first=" << got.first_error_offset
      << " " << ClassName(got.first_error_class) << "; naive valid=" << want.valid
      << " units=" << want.units << " first=" << want.first_error_offset << " "
      << ClassName(want.first_error_class);
    return where(s.str().c_str());
  }
  for (int c = 0; c < kNumClasses; ++c) {
    if (got.counts.n[c] != want.counts.n[c]) {
      const std::string s = std::string("Validate count of ") + ClassName(static_cast<ErrorClass>(c)) +
                            " is " + std::to_string(got.counts.n[c]) + ", naive " +
                            std::to_string(want.counts.n[c]);
      return where(s.c_str());
    }
  }

  // DecodeToUcs4: the code points of the units, nothing more. One spare slot
  // catches a write past the count it returns.
  ucs4_.assign(n + 1, 0xDEADBEEF);
  const size_t m = DecodeToUcs4(p, n, mode, ucs4_.data());
  if (m != ref_.size()) {
    return where(("DecodeToUcs4 returned " + std::to_string(m) + " code points, naive " +
                  std::to_string(ref_.size()) + " units").c_str());
  }
  for (size_t k = 0; k < m; ++k) {
    if (ucs4_[k] != ref_[k].code_point) {
      std::ostringstream s;
      s << "DecodeToUcs4[" << k << "] = U+" << std::hex << std::uppercase << ucs4_[k]
        << ", naive U+" << ref_[k].code_point;
      return where(s.str().c_str());
    }
  }
  if (ucs4_[n] != 0xDEADBEEF) return where("DecodeToUcs4 wrote past n code points");
  return "";
}

namespace {

void PutU32(std::ostream& o, uint32_t v) {
  const char b[4] = {static_cast<char>(v), static_cast<char>(v >> 8), static_cast<char>(v >> 16),
                     static_cast<char>(v >> 24)};
  o.write(b, 4);
}

bool GetU32(std::istream& in, uint32_t* v) {
  unsigned char b[4];
  if (!in.read(reinterpret_cast<char*>(b), 4)) return false;
  *v = b[0] | (b[1] << 8) | (b[2] << 16) | (static_cast<uint32_t>(b[3]) << 24);
  return true;
}

}  // namespace

bool RunCPython(const std::vector<std::vector<uint8_t>>& inputs, std::vector<PyResult>* out,
                std::string* why) {
  static int calls = 0;
  const auto dir = std::filesystem::temp_directory_path();
  const std::string stem = "utf8core-model-" + std::to_string(getpid()) + "-" + std::to_string(calls++);
  const auto in_path = dir / (stem + ".in");
  const auto out_path = dir / (stem + ".out");
  {
    std::ofstream f(in_path, std::ios::binary);
    for (const auto& b : inputs) {
      PutU32(f, static_cast<uint32_t>(b.size()));
      f.write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
    }
    if (!f) {
      *why = "cannot write " + in_path.string();
      return false;
    }
  }
  const std::string cmd = std::string("\"") + UTF8CORE_PYTHON + "\" \"" + UTF8CORE_CPYTHON_HELPER +
                          "\" \"" + in_path.string() + "\" \"" + out_path.string() + "\"";
  const int rc = std::system(cmd.c_str());
  std::filesystem::remove(in_path);
  if (rc != 0) {
    *why = "helper failed (status " + std::to_string(rc) + "): " + cmd;
    std::filesystem::remove(out_path);
    return false;
  }
  std::ifstream f(out_path, std::ios::binary);
  out->clear();
  for (size_t r = 0; r < inputs.size(); ++r) {
    PyResult res;
    uint32_t n;
    bool ok = GetU32(f, &n);
    for (uint32_t k = 0; ok && k < n; ++k) {
      uint32_t cp;
      ok = GetU32(f, &cp);
      res.code_points.push_back(cp);
    }
    ok = ok && GetU32(f, &n);
    for (uint32_t k = 0; ok && k < n; ++k) {
      PyResult::Error e;
      ok = GetU32(f, &e.start) && GetU32(f, &e.end) && GetU32(f, &e.reason);
      res.errors.push_back(e);
    }
    uint32_t lo, hi;
    ok = ok && GetU32(f, &lo) && GetU32(f, &hi);
    if (!ok) {
      *why = "short answer file from the helper at record " + std::to_string(r);
      std::filesystem::remove(out_path);
      return false;
    }
    res.first_error = static_cast<int64_t>((static_cast<uint64_t>(hi) << 32) | lo);
    out->push_back(std::move(res));
  }
  std::filesystem::remove(out_path);
  return true;
}

}  // namespace modeltest
}  // namespace utf8core
