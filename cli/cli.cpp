// The utf8core command line; see cli.h and SPEC §7.
#include "cli.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <memory>

#include "rtl_engine.h"
#include "sample.h"

#ifndef UTF8CORE_VERSION
#define UTF8CORE_VERSION "unknown"
#endif

namespace utf8core {
namespace cli {
namespace {

const char* CommandName(Command c) {
  switch (c) {
    case Command::kDecode:
      return "decode";
    case Command::kEncode:
      return "encode";
    case Command::kValidate:
      return "validate";
  }
  return "?";
}

bool ParseCommand(const std::string& s, Command* c) {
  if (s == "decode") {
    *c = Command::kDecode;
    return true;
  }
  if (s == "encode") {
    *c = Command::kEncode;
    return true;
  }
  if (s == "validate") {
    *c = Command::kValidate;
    return true;
  }
  return false;
}

bool ParseFormat(const std::string& s, Format* f) {
  if (s == "utf8") {
    *f = Format::kUtf8;
    return true;
  }
  if (s == "ucs4le") {
    *f = Format::kUcs4le;
    return true;
  }
  if (s == "text") {
    *f = Format::kText;
    return true;
  }
  return false;
}

std::string Quote(const std::string& s) { return "'" + s + "'"; }

std::string LaneList(const std::vector<int>& lanes) {
  std::string s;
  for (int n : lanes) s += (s.empty() ? "" : ", ") + std::to_string(n);
  return s;
}

// Whole decimal number in [1, 1 << 20]; anything else is not a lane count.
bool ParseLanes(const std::string& s, int* lanes) {
  if (s.empty() || s.size() > 7 || s.find_first_not_of("0123456789") != std::string::npos) {
    return false;
  }
  *lanes = std::stoi(s);
  return *lanes >= 1;
}

void AppendLe32(uint32_t v, std::string* out) {
  for (int k = 0; k < 4; ++k) out->push_back(static_cast<char>((v >> (8 * k)) & 0xFF));
}

// One JSON object on one line. Every class appears, zeros included, so scripts
// can index the object without checking for missing keys.
std::string StatsJson(Command command, Mode mode, const Engine& engine, uint64_t bytes,
                      uint64_t units, const ClassCounts& counts, const EngineRun& run) {
  std::string j = "{\"command\":\"";
  j += CommandName(command);
  j += "\",\"mode\":\"";
  j += ModeName(mode);
  j += "\",\"engine\":\"";
  j += engine.name();
  j += "\",\"bytes\":" + std::to_string(bytes);
  j += ",\"units\":" + std::to_string(units);
  j += ",\"errors\":" + std::to_string(counts.errors());
  j += ",\"classes\":{";
  for (int c = 0; c < kNumClasses; ++c) {
    if (c) j += ",";
    j += "\"";
    j += ClassName(static_cast<ErrorClass>(c));
    j += "\":" + std::to_string(counts.n[c]);
  }
  j += "}";
  if (run.has_cycles) {
    j += ",\"cycles\":" + std::to_string(run.cycles);
    char bpc[32];
    std::snprintf(bpc, sizeof bpc, "%.4f",
                  run.cycles ? static_cast<double>(bytes) / static_cast<double>(run.cycles) : 0.0);
    j += ",\"bytes_per_cycle\":";
    j += bpc;
  }
  j += "}\n";
  return j;
}

Outcome Fail(const std::string& problem) {
  Outcome o;
  o.exit_code = kExitUsage;
  o.err = "utf8core: " + problem + "\n";
  return o;
}

}  // namespace

std::string HelpText() {
  std::string engines;
  for (const std::string& n : EngineNames()) engines += (engines.empty() ? "" : "|") + n;
  const std::string common = "[--mode rfc3629|annex-r] [--engine " + engines + "]";
  return "usage: utf8core decode   " + common +
         "\n"
         "                         [--lanes N] [--to utf8|ucs4le|text] [--stats]\n"
         "                         [--trace FILE.fst] [FILE|-]\n"
         "       utf8core encode   " +
         common +
         "\n"
         "                         [--stats] [--trace FILE.fst] [FILE|-]\n"
         "       utf8core validate " +
         common +
         "\n"
         "                         [--lanes N] [--stats] [--trace FILE.fst] [FILE|-]\n"
         "       utf8core --help | --version\n"
         "\n"
         "The UTF-8 codec of the utf8core IP on the command line. The whole input is one\n"
         "packet. With no FILE a built-in sample is used (Latin, Greek, Cyrillic, CJK and\n"
         "emoji text, then one malformed case per error class); '-' reads standard input.\n"
         "\n"
         "commands:\n"
         "  decode    UTF-8 -> units. Ill-formed input is cut into maximal subparts, each\n"
         "            one unit U+FFFD with an error class.\n"
         "  encode    32-bit little-endian code points -> UTF-8; surrogates and values\n"
         "            beyond the mode become EF BF BD. Input length must be a multiple of 4.\n"
         "  validate  prints 'valid' (exit 0) or 'invalid at byte N: CLASS' (exit 1),\n"
         "            N being the offset of the first byte of the first error unit.\n"
         "\n"
         "options:\n"
         "  --mode M    rfc3629 (default: 1-4 octets, up to U+10FFFF) or\n"
         "              annex-r (ISO/IEC 10646 Annex R: 1-6 octets, up to 0x7FFFFFFF)\n"
         "  --engine E  model (default): the C++ functional model\n"
         "              rtl: the Verilated RTL, its cycle model checked every clock; a\n"
         "              disagreement is an error (exit 2, nothing on standard output)\n"
         "  --lanes N   rtl, decode and validate: 1 (default) the scalar decoder (validate\n"
         "              reads its stat_* outputs), N the wide decoder / wide validator with\n"
         "              N bytes per clock; built: decode " +
         LaneList(RtlDecodeLanes()) + ", validate " + LaneList(RtlValidateLanes()) +
         ".\n"
         "              Not for encode, nor for the model engine (it has no lanes).\n"
         "  --trace F   rtl only: write the run's FST waveform to F (an empty input is no\n"
         "              packet: nothing runs and no file is written)\n"
         "  --to F      decode output: utf8 (default; error units as EF BF BD),\n"
         "              ucs4le (32-bit little-endian code points), text (see below)\n"
         "  --stats     one JSON object on standard error: command, mode, engine, bytes\n"
         "              (UTF-8 bytes read, or written by encode), units (code points for\n"
         "              encode), errors, classes {OK, TOO_SHORT, ...: count}; with rtl\n"
         "              also cycles (first input beat offered to last output beat taken)\n"
         "              and bytes_per_cycle (bytes / cycles). rtl counts are the RTL's:\n"
         "              its units and error counters, checked against each other; the\n"
         "              wide validator counts only errors, so its units and OK are the\n"
         "              model's (its error counts must equal the model's)\n"
         "  -h, --help  this text\n"
         "  --version   the version\n"
         "Options take their value as '--mode annex-r' or '--mode=annex-r'; '--' ends options.\n"
         "\n"
         "decode --to text: one line per unit, four columns separated by spaces:\n"
         "  OFFSET  byte offset of the unit in the input, decimal, right-aligned in 8\n"
         "  LENGTH  input bytes of the unit, 1-6\n"
         "  U+XXXX  code point, upper-case hex, at least 4 digits, left-aligned in 10\n"
         "          (U+FFFD for an error unit)\n"
         "  CLASS   OK TOO_SHORT TOO_LONG OVERLONG SURROGATE TOO_LARGE HEADER_BITS\n"
         "\n"
         "exit status: 0 success (decode and encode succeed even when they replaced\n"
         "errors), 1 validate found invalid input, 2 usage or I/O error, with one line\n"
         "'utf8core: <problem>' on standard error and nothing on standard output.\n";
}

std::string ParseArgs(const std::vector<std::string>& args, Options* options) {
  *options = Options{};
  for (const std::string& a : args) {
    if (a == "--") break;
    if (a == "-h" || a == "--help") {
      options->help = true;
      return "";
    }
  }
  if (args.empty()) return "missing command (decode, encode or validate; see --help)";
  if (args[0] == "--version") {
    options->version = true;
    return "";
  }
  if (!ParseCommand(args[0], &options->command)) {
    if (!args[0].empty() && args[0][0] == '-') {
      return "missing command before " + Quote(args[0]) + " (decode, encode or validate)";
    }
    return "unknown command " + Quote(args[0]) + " (decode, encode or validate)";
  }
  bool have_file = false;
  bool have_lanes = false;
  bool have_trace = false;
  bool options_done = false;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool is_option = !options_done && a.size() > 1 && a[0] == '-';
    if (!is_option) {
      if (have_file)
        return "more than one input file (" + Quote(options->input) + ", " + Quote(a) + ")";
      options->input = a;
      have_file = true;
      continue;
    }
    if (a == "--") {
      options_done = true;
      continue;
    }
    std::string name = a, value;
    bool has_value = false;
    const size_t eq = a.find('=');
    if (a.compare(0, 2, "--") == 0 && eq != std::string::npos) {
      name = a.substr(0, eq);
      value = a.substr(eq + 1);
      has_value = true;
    }
    const bool takes_value = name == "--mode" || name == "--engine" || name == "--to" ||
                             name == "--lanes" || name == "--trace";
    if (name == "--stats") {
      if (has_value) return "option '--stats' takes no value";
      options->stats = true;
      continue;
    }
    if (!takes_value) return "unknown option " + Quote(name) + " (see --help)";
    if (name == "--to" && options->command != Command::kDecode) {
      return std::string("option '--to' is only for decode, not ") + CommandName(options->command);
    }
    if (name == "--lanes" && options->command == Command::kEncode) {
      return "option '--lanes' is only for decode and validate, not encode";
    }
    if (!has_value) {
      // "--mode --stats" means the value was forgotten, not that it is "--stats".
      if (i + 1 >= args.size() || args[i + 1].compare(0, 2, "--") == 0) {
        return "option " + Quote(name) + " needs a value";
      }
      value = args[++i];
    }
    if (name == "--mode") {
      if (!ParseMode(value, &options->mode)) {
        return "bad mode " + Quote(value) + " (rfc3629 or annex-r)";
      }
    } else if (name == "--engine") {
      options->engine.name = value;
    } else if (name == "--lanes") {
      if (!ParseLanes(value, &options->engine.lanes)) {
        return "bad lane count " + Quote(value) + " for --lanes (a whole number, at least 1)";
      }
      have_lanes = true;
    } else if (name == "--trace") {
      if (value.empty()) return "option '--trace' needs a file name";
      options->engine.trace_path = value;
      have_trace = true;
    } else if (!ParseFormat(value, &options->to)) {
      return "bad output format " + Quote(value) + " for --to (utf8, ucs4le or text)";
    }
  }
  // An unknown engine is a usage error like any other; checking the name alone
  // keeps parsing cheap for engines that are costly to start.
  const std::vector<std::string> names = EngineNames();
  bool known = false;
  std::string list;
  for (const std::string& n : names) {
    known = known || n == options->engine.name;
    list += (list.empty() ? "" : ", ") + n;
  }
  if (!known) return "unknown engine " + Quote(options->engine.name) + " (available: " + list + ")";
  const bool rtl = options->engine.name == "rtl";
  // The model has neither lanes nor a clock: accepting these options there would
  // let a script believe it measured or traced something it did not.
  if (have_lanes && !rtl) return "option '--lanes' needs --engine rtl";
  if (have_trace && !rtl) return "option '--trace' needs --engine rtl";
  if (rtl && options->command != Command::kEncode) {
    const std::vector<int> built =
        options->command == Command::kDecode ? RtlDecodeLanes() : RtlValidateLanes();
    if (std::find(built.begin(), built.end(), options->engine.lanes) == built.end()) {
      return std::string("no ") + CommandName(options->command) + " RTL with " +
             std::to_string(options->engine.lanes) +
             " lanes in this build (built: " + LaneList(built) + ")";
    }
  }
  return "";
}

std::string TextLine(const Unit& u) {
  char cp[16];
  std::snprintf(cp, sizeof cp, "U+%04" PRIX32, u.code_point);
  char line[96];
  std::snprintf(line, sizeof line, "%8" PRIu64 " %u %-10s %s\n", u.offset,
                static_cast<unsigned>(u.length), cp, ClassName(u.cls));
  return line;
}

Outcome Execute(const Options& options, const std::vector<uint8_t>& input) {
  std::string error;
  std::unique_ptr<Engine> engine = MakeEngine(options.engine, &error);
  if (!engine) return Fail(error);
  return Execute(options, input, engine.get());
}

Outcome Execute(const Options& options, const std::vector<uint8_t>& input, Engine* engine) {
  const bool sample = options.input.empty();
  const std::vector<uint8_t>& bytes = sample ? SampleUtf8() : input;
  Outcome o;

  switch (options.command) {
    case Command::kDecode: {
      std::vector<Unit> units;
      const EngineRun run = engine->Decode(bytes, options.mode, &units);
      if (!run.error.empty()) return Fail(run.error);
      switch (options.to) {
        case Format::kUtf8: {
          std::vector<uint8_t> utf8;
          UnitsToUtf8(units, &utf8);
          o.out.assign(utf8.begin(), utf8.end());
          break;
        }
        case Format::kUcs4le:
          o.out.reserve(4 * units.size());
          for (const Unit& u : units) AppendLe32(u.code_point, &o.out);
          break;
        case Format::kText:
          for (const Unit& u : units) o.out += TextLine(u);
          break;
      }
      if (options.stats) {
        const Verdict v = Summarize(units);
        o.err =
            StatsJson(options.command, options.mode, *engine, bytes.size(), v.units, v.counts, run);
      }
      break;
    }
    case Command::kValidate: {
      Verdict v;
      const EngineRun run = engine->Validate(bytes, options.mode, &v);
      if (!run.error.empty()) return Fail(run.error);
      if (v.valid) {
        o.out = "valid\n";
      } else {
        o.out = "invalid at byte " + std::to_string(v.first_error_offset) + ": " +
                ClassName(v.first_error_class) + "\n";
        o.exit_code = kExitInvalid;
      }
      if (options.stats) {
        o.err =
            StatsJson(options.command, options.mode, *engine, bytes.size(), v.units, v.counts, run);
      }
      break;
    }
    case Command::kEncode: {
      std::vector<uint32_t> cps;
      if (sample) {
        cps = SampleCodePoints();
      } else {
        if (input.size() % 4 != 0) {
          return Fail("encode input is " + std::to_string(input.size()) +
                      " bytes, not a multiple of 4 (32-bit little-endian code points)");
        }
        cps.resize(input.size() / 4);
        for (size_t i = 0; i < cps.size(); ++i) {
          const uint8_t* p = &input[4 * i];
          cps[i] = static_cast<uint32_t>(p[0]) | static_cast<uint32_t>(p[1]) << 8 |
                   static_cast<uint32_t>(p[2]) << 16 | static_cast<uint32_t>(p[3]) << 24;
        }
      }
      std::vector<uint8_t> utf8;
      EncodeStats stats;
      const EngineRun run = engine->Encode(cps, options.mode, &utf8, &stats);
      if (!run.error.empty()) return Fail(run.error);
      o.out.assign(utf8.begin(), utf8.end());
      if (options.stats) {
        o.err = StatsJson(options.command, options.mode, *engine, utf8.size(), stats.code_points,
                          stats.counts, run);
      }
      break;
    }
  }
  return o;
}

bool ReadInput(const std::string& path, std::vector<uint8_t>* data, std::string* error) {
  const bool is_stdin = path == "-";
  const std::string what = is_stdin ? "standard input" : Quote(path);
  int fd = 0;
  if (!is_stdin) {
    fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
      *error = "cannot open " + what + ": " + std::strerror(errno);
      return false;
    }
  }
  data->clear();
  uint8_t buf[1 << 16];
  bool ok = true;
  for (;;) {
    const ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      *error = "cannot read " + what + ": " + std::strerror(errno);
      ok = false;
      break;
    }
    if (n == 0) break;
    data->insert(data->end(), buf, buf + n);
  }
  if (!is_stdin) close(fd);
  return ok;
}

bool WriteAll(int fd, const std::string& data, const char* what, std::string* error) {
  size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = write(fd, data.data() + done, data.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      *error = std::string("cannot write ") + what;
      if (done) {
        *error += " (output incomplete: " + std::to_string(done) + " of " +
                  std::to_string(data.size()) + " bytes written)";
      }
      *error += std::string(": ") + std::strerror(errno);
      return false;
    }
    done += static_cast<size_t>(n);
  }
  return true;
}

int Main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  Options options;
  const std::string problem = ParseArgs(args, &options);
  std::string error;
  auto report = [&error](const std::string& msg) {
    // Best effort: with standard error gone there is nobody left to tell.
    WriteAll(2, "utf8core: " + msg + "\n", "standard error", &error);
    return kExitUsage;
  };
  if (!problem.empty()) return report(problem);
  if (options.help || options.version) {
    const std::string text =
        options.help ? HelpText() : std::string("utf8core ") + UTF8CORE_VERSION + "\n";
    return WriteAll(1, text, "standard output", &error) ? kExitOk : report(error);
  }
  std::vector<uint8_t> input;
  if (!options.input.empty() && !ReadInput(options.input, &input, &error)) return report(error);
  const Outcome o = Execute(options, input);
  if (!WriteAll(1, o.out, "standard output", &error)) return report(error);
  if (!o.err.empty() && !WriteAll(2, o.err, "standard error", &error)) return kExitUsage;
  return o.exit_code;
}

}  // namespace cli
}  // namespace utf8core
