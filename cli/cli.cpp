// The utf8core command line; see cli.h and docs/spec.md.
#include "cli.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <memory>

#include "kernel_engine.h"
#include "rtl_engine.h"
#include "validate_strings.h"
#include "utf8_sample.h"

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


// The small build's program name (cli.h, FullProgram()); set once by Main.
const char* full_program = "";

// The kernel this program runs, for --help.
std::string KernelBuilt() {
  const std::vector<int> k = KernelLanes();
  return k.empty() ? std::string("not in this build") : std::to_string(8 * k.back()) + " bits";
}

// --help of the small build when the full one is not built yet.
std::string SmallBuildNote() {
  if (FullProgram().empty()) return "";
  return "              This build has the scalar blocks only; every lane count and the\n"
         "              kernel come with the build target " + FullProgram() + ".\n";
}


// This program's folder (where utf8core-full lands beside utf8core), from /proc.
std::string ProgramDir() {
  char buf[4096];
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return "";
  std::string path(buf, static_cast<size_t>(n));
  return path.substr(0, path.rfind('/') + 1);
}

// Runs the full program in this one's place with the same arguments; returns
// only when there is none to run.
void ExecFullProgram(char** argv) {
  const std::string dir = ProgramDir();
  if (dir.empty()) return;
  const std::string path = dir + FullProgram();
  if (access(path.c_str(), X_OK) != 0) return;
  execv(path.c_str(), argv);
}

std::string LaneList(const std::vector<int>& lanes) {
  std::string s;
  for (int n : lanes) s += (s.empty() ? "" : ", ") + std::to_string(n);
  return s;
}

// Compute units --kernels allows: as many as Vitis commonly places of one
// kernel on a card, and what the simulated card is tested with.
constexpr int kMaxKernels = 8;

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

// One JSON object on one line.
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
  j += "," + ClassesJson(counts);
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

// An argument as a message shows it. Control characters are written as \xNN:
// a message is one line whatever the arguments hold (a file name with a
// newline, bytes a script passed by mistake).
std::string Quote(const std::string& s) {
  std::string q = "'";
  for (const char c : s) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7F) {
      static const char kHex[] = "0123456789ABCDEF";
      q += "\\x";
      q += kHex[u >> 4];
      q += kHex[u & 15];
    } else {
      q += c;
    }
  }
  return q + "'";
}

// The "classes" member of the --stats JSON: every class, zeros included, so
// that scripts can index the object without checking for missing keys.
std::string ClassesJson(const ClassCounts& counts) {
  std::string j = "\"classes\":{";
  for (int c = 0; c < kNumClasses; ++c) {
    if (c) j += ",";
    j += "\"";
    j += ClassName(static_cast<ErrorClass>(c));
    j += "\":" + std::to_string(counts.n[c]);
  }
  return j + "}";
}

std::string HelpText() {
  std::string engines;
  for (const std::string& n : EngineNames()) engines += (engines.empty() ? "" : "|") + n;
  const std::string common = "[--mode rfc3629|annex-r] [--engine " + engines + "]";
  return "usage: utf8core decode   " + common +
         "\n"
         "                         [--lanes N] [--kernels N] [--to utf8|ucs4le|text] [--stats]\n"
         "                         [--trace FILE.fst] [FILE|-]\n"
         "       utf8core encode   " +
         common +
         "\n"
         "                         [--stats] [--trace FILE.fst] [FILE|-]\n"
         "       utf8core validate " +
         common +
         "\n"
         "                         [--lanes N] [--kernels N] [--stats] [--trace FILE.fst] [FILE|-]\n"
         "       utf8core validate-strings --offsets FILE [--offsets64] [--bitmap OUT]\n"
         "                         [--mode rfc3629|annex-r] [--engine model|rtl] [--lanes N]\n"
         "                         [--stats] DATA\n"
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
         "  validate-strings  an Apache Arrow string column: DATA and its COUNT + 1\n"
         "            offsets (--offsets, little-endian int32; int64 with --offsets64),\n"
         "            each string validated alone. Prints 'valid: COUNT strings' (exit 0)\n"
         "            or 'invalid: B of COUNT strings; first: string I at byte N: CLASS'\n"
         "            (exit 1, N counted inside string I); --bitmap OUT writes the validity\n"
         "            bitmap, (COUNT + 7) / 8 bytes, bit I % 8 of byte I / 8 set when string\n"
         "            I is well-formed (Arrow's order). An offset outside 0..DATA's length\n"
         "            or below the one before is a bad column: exit 2, no bitmap.\n"
         "            --engine rtl runs the string validator RTL (--lanes N, default 8),\n"
         "            --engine kernel the kernel's VALIDATE_STRINGS. --stats adds\n"
         "            strings and bad_strings, and counts the strings' bytes and units.\n"
         "\n"
         "options:\n"
         "  --mode M    rfc3629 (default: 1-4 octets, up to U+10FFFF) or\n"
         "              annex-r (ISO/IEC 10646 Annex R: 1-6 octets, up to 0x7FFFFFFF)\n"
         "  --engine E  model (default): the C++ functional model\n"
         "              rtl: the Verilated RTL, its cycle model checked every clock; a\n"
         "              disagreement is an error (exit 2, see below)\n"
         "              kernel: the memory-mapped kernel on a simulated card (AXI4 memory\n"
         "              model, 64 clocks read latency) through the host library, in jobs\n"
         "              of 64 KiB: validate VALIDATE, decode --to utf8 SANITIZE, --to\n"
         "              ucs4le|text DECODE_UTF32; not for encode\n"
         "  --lanes N   rtl, decode and validate: 1 (default) the scalar decoder (validate\n"
         "              reads its stat_* outputs), N the wide block with N bytes per clock:\n"
         "              decode --to utf8 the sanitizer, --to ucs4le|text the decoder,\n"
         "              validate the validator; built: decode " +
         LaneList(RtlDecodeLanes()) + ", validate " + LaneList(RtlValidateLanes()) +
         ".\n"
         "              Not for encode, nor for the model or kernel engines (the kernel's\n"
         "              width is its DATA_WIDTH: " + KernelBuilt() + ").\n" + SmallBuildNote() +
         "  --kernels N kernel, decode and validate: N compute units (1-8, default 1) on one\n"
         "              simulated memory; the input is cut where units start, the parts\n"
         "              run on the N kernels at once, and the results are stitched into\n"
         "              one kernel's answer (the wave of --trace is unit 0's)\n"
         "  --trace F   rtl and kernel: write the run's FST waveform to F (an empty input is no\n"
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
         "              model's (its error counts must equal the model's); with kernel,\n"
         "              cycles are the CYCLES registers (AP_START to AP_DONE) of its jobs,\n"
         "              with --kernels above 1 the card's clocks from each round's first\n"
         "              register write to its last result read\n"
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
         "'utf8core: <problem>' on standard error. Output leaves in 64 KiB blocks as it\n"
         "is produced: a run that fails before its first block has written nothing; one\n"
         "that fails later says how many output bytes were already written.\n";
}

std::string FullProgram() { return full_program; }

std::string FullBuildHint() {
  if (FullProgram().empty()) return "";
  return "; the build target " + FullProgram() + " has every lane count and the kernel";
}

ArgKind Classify(const std::string& arg, bool* options_done) {
  if (*options_done || arg.size() < 2 || arg[0] != '-') return ArgKind::kOperand;
  if (arg == "--") {
    *options_done = true;
    return ArgKind::kEndOfOptions;
  }
  return ArgKind::kOption;
}

OptionArg SplitOption(const std::string& arg) {
  OptionArg o;
  o.name = arg;
  const size_t eq = arg.find('=');
  if (arg.compare(0, 2, "--") == 0 && eq != std::string::npos) {
    o.name = arg.substr(0, eq);
    o.value = arg.substr(eq + 1);
    o.has_value = true;
  }
  return o;
}

std::string NextValue(const std::vector<std::string>& args, size_t* i, const std::string& name,
                      std::string* value) {
  if (*i + 1 >= args.size() || args[*i + 1].compare(0, 2, "--") == 0) {
    return "option " + Quote(name) + " needs a value";
  }
  *value = args[++*i];
  return "";
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
  if (args.empty()) return "missing command (decode, encode, validate or validate-strings; see --help)";
  if (args[0] == "--version") {
    options->version = true;
    return "";
  }
  if (!ParseCommand(args[0], &options->command)) {
    if (!args[0].empty() && args[0][0] == '-') {
      return "missing command before " + Quote(args[0]) +
             " (decode, encode, validate or validate-strings)";
    }
    return "unknown command " + Quote(args[0]) + " (decode, encode, validate or validate-strings)";
  }
  bool have_file = false;
  bool have_lanes = false;
  bool have_trace = false;
  bool have_kernels = false;
  bool options_done = false;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    const ArgKind kind = Classify(a, &options_done);
    if (kind == ArgKind::kEndOfOptions) continue;
    if (kind == ArgKind::kOperand) {
      if (have_file)
        return "more than one input file (" + Quote(options->input) + ", " + Quote(a) + ")";
      options->input = a;
      have_file = true;
      continue;
    }
    const OptionArg opt = SplitOption(a);
    const std::string& name = opt.name;
    std::string value = opt.value;
    const bool has_value = opt.has_value;
    const bool takes_value = name == "--mode" || name == "--engine" || name == "--to" ||
                             name == "--lanes" || name == "--trace" || name == "--kernels";
    if (name == "--stats") {
      if (has_value) return "option '--stats' takes no value";
      options->stats = true;
      continue;
    }
    if (!takes_value) return "unknown option " + Quote(name) + " (see --help)";
    if (name == "--to" && options->command != Command::kDecode) {
      return std::string("option '--to' is only for decode, not ") + CommandName(options->command);
    }
    if ((name == "--lanes" || name == "--kernels") && options->command == Command::kEncode) {
      return "option '" + name + "' is only for decode and validate, not encode";
    }
    if (!has_value) {
      const std::string problem = NextValue(args, &i, name, &value);
      if (!problem.empty()) return problem;
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
    } else if (name == "--kernels") {
      if (!ParseLanes(value, &options->engine.kernels) || options->engine.kernels > kMaxKernels) {
        return "bad kernel count " + Quote(value) + " for --kernels (1 to " +
               std::to_string(kMaxKernels) + ")";
      }
      have_kernels = true;
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
  const bool kernel = options->engine.name == "kernel";
  // The model has neither lanes nor a clock: accepting these options there would
  // let a script believe it measured or traced something it did not.
  if (have_lanes && !rtl) {
    return kernel ? "option '--lanes' is not for --engine kernel (its width is its DATA_WIDTH)"
                  : "option '--lanes' needs --engine rtl";
  }
  if (have_trace && !rtl && !kernel) return "option '--trace' needs --engine rtl or kernel";
  if (have_kernels && !kernel) return "option '--kernels' needs --engine kernel";
  if (kernel && options->command == Command::kEncode) {
    return "the kernel has no encoder: encode runs on --engine model or rtl";
  }
  if (kernel) {
    // The kernel a card carries: the widest built (its lanes are DATA_WIDTH / 8).
    const std::vector<int> built = KernelLanes();
    if (built.empty()) {
      options->needs_full_build = !FullProgram().empty();
      return "the kernel is not in this build" + FullBuildHint();
    }
    options->engine.lanes = built.back();
  }
  if (rtl && options->command != Command::kEncode) {
    const std::vector<int> built =
        options->command == Command::kDecode ? RtlDecodeLanes() : RtlValidateLanes();
    if (std::find(built.begin(), built.end(), options->engine.lanes) == built.end()) {
      options->needs_full_build = !FullProgram().empty();
      return std::string("no ") + CommandName(options->command) + " RTL with " +
             std::to_string(options->engine.lanes) + " lanes in this build (built: " +
             LaneList(built) + ")" + FullBuildHint();
    }
  }
  return "";
}

namespace {

// Appends one `--to text` line to out: the columns of HelpText() by hand, since
// a large input prints one line per unit and printf would dominate the run.
void AppendTextLine(const Unit& u, std::string* out) {
  char line[64];
  char* p = line + 20;  // the offset, right-aligned in 8 (more digits push left)
  char* const end = p;
  uint64_t off = u.offset;
  do {
    *--p = static_cast<char>('0' + off % 10);
    off /= 10;
  } while (off);
  while (end - p < 8) *--p = ' ';
  out->append(p, static_cast<size_t>(end - p));
  char* q = line;
  *q++ = ' ';
  *q++ = static_cast<char>('0' + u.length);
  *q++ = ' ';
  char* const cp_start = q;
  *q++ = 'U';
  *q++ = '+';
  static const char kHex[] = "0123456789ABCDEF";
  int digits = 4;
  while (digits < 8 && (u.code_point >> (4 * digits)) != 0) ++digits;
  for (int d = digits - 1; d >= 0; --d) *q++ = kHex[(u.code_point >> (4 * d)) & 15];
  while (q - cp_start < 10) *q++ = ' ';
  *q++ = ' ';
  out->append(line, static_cast<size_t>(q - line));
  out->append(ClassName(u.cls));
  out->push_back('\n');
}

}  // namespace

std::string TextLine(const Unit& u) {
  std::string s;
  AppendTextLine(u, &s);
  return s;
}

namespace {

// Units formatted as --to asks, into the output as they come, and tallied for
// --stats.
class FormatSink : public UnitSink {
 public:
  FormatSink(Format to, ByteWriter* out) : to_(to), out_(out) {}
  bool Put(const Unit* units, size_t n) override {
    tally_.Add(units, n);
    text_.clear();
    switch (to_) {
      case Format::kUtf8:  // Engine::Sanitize, not units
        break;
      case Format::kUcs4le:
        for (size_t i = 0; i < n; ++i) AppendLe32(units[i].code_point, &text_);
        break;
      case Format::kText:
        for (size_t i = 0; i < n; ++i) AppendTextLine(units[i], &text_);
        break;
    }
    return out_->Put(text_);
  }
  const UnitTally& tally() const { return tally_; }

 private:
  Format to_;
  ByteWriter* out_;
  UnitTally tally_;
  std::string text_;
};

}  // namespace

Outcome Run(const Options& options, ByteReader* in, ByteWriter* out, Engine* engine) {
  Outcome o;
  // A failure part-way: what is buffered is dropped, and the message says how
  // much had already left, so a partial output never passes for a whole one.
  auto fail = [&](std::string problem) {
    out->Discard();
    if (out->written() > 0) {
      problem += " (" + std::to_string(out->written()) + " bytes of output were already written)";
    }
    return Fail(problem);
  };
  switch (options.command) {
    case Command::kDecode: {
      // --to utf8 is the engine's sanitizer; the other formats its units.
      FormatSink sink(options.to, out);
      UnitTally utf8_tally;
      const EngineRun run = options.to == Format::kUtf8
                                ? engine->Sanitize(in, options.mode, out, &utf8_tally)
                                : engine->Decode(in, options.mode, &sink);
      if (!out->ok()) return Fail(out->error());
      if (!run.error.empty()) return fail(run.error);
      if (options.stats) {
        const UnitTally& t = options.to == Format::kUtf8 ? utf8_tally : sink.tally();
        o.err = StatsJson(options.command, options.mode, *engine, in->bytes_read(), t.units,
                          t.counts, run);
      }
      break;
    }
    case Command::kValidate: {
      Verdict v;
      const EngineRun run = engine->Validate(in, options.mode, &v);
      if (!run.error.empty()) return fail(run.error);
      if (v.valid) {
        out->Put("valid\n");
      } else {
        out->Put("invalid at byte " + std::to_string(v.first_error_offset) + ": " +
                 ClassName(v.first_error_class) + "\n");
        o.exit_code = kExitInvalid;
      }
      if (options.stats) {
        o.err = StatsJson(options.command, options.mode, *engine, in->bytes_read(), v.units,
                          v.counts, run);
      }
      break;
    }
    case Command::kEncode: {
      CodePointReader cps(in);
      EncodeStats stats;
      // Counts the UTF-8 bytes encode writes, for --stats.
      struct Counting : ByteWriter {
        ByteWriter* to;
        uint64_t bytes = 0;
        bool Put(const uint8_t* d, size_t n) override {
          bytes += n;
          if (!to->Put(d, n)) error_ = to->error();
          return ok();
        }
        uint64_t written() const override { return to->written(); }
      } counting;
      counting.to = out;
      const EngineRun run = engine->Encode(&cps, options.mode, &counting, &stats);
      if (!out->ok()) return Fail(out->error());
      if (!run.error.empty()) return fail(run.error);
      if (options.stats) {
        o.err = StatsJson(options.command, options.mode, *engine, counting.bytes, stats.code_points,
                          stats.counts, run);
      }
      break;
    }
  }
  if (!out->Flush()) return Fail(out->error());
  return o;
}

namespace {

// The built-in sample as the command's input: UTF-8 for decode and validate,
// 32-bit little-endian code points for encode.
std::vector<uint8_t> SampleInput(Command command) {
  if (command != Command::kEncode) return SampleUtf8();
  std::string le;
  for (uint32_t cp : SampleCodePoints()) AppendLe32(cp, &le);
  return std::vector<uint8_t>(le.begin(), le.end());
}

}  // namespace

Outcome Execute(const Options& options, const std::vector<uint8_t>& input) {
  std::string error;
  std::unique_ptr<Engine> engine = MakeEngine(options.engine, &error);
  if (!engine) return Fail(error);
  return Execute(options, input, engine.get());
}

Outcome Execute(const Options& options, const std::vector<uint8_t>& input, Engine* engine) {
  const std::vector<uint8_t> bytes = options.input.empty() ? SampleInput(options.command) : input;
  MemoryReader in(bytes.data(), bytes.size());
  StringWriter out;
  Outcome o = Run(options, &in, &out, engine);
  if (o.exit_code != kExitUsage) o.out = std::move(out.str());
  return o;
}

bool WriteAll(int fd, const std::string& data, const char* what, std::string* error) {
  size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = write(fd, data.data() + done, data.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      *error = std::string("cannot write ") + what;
      if (done) error->append(" after " + std::to_string(done) + " bytes");
      *error += std::string(": ") + std::strerror(errno);
      return false;
    }
    done += static_cast<size_t>(n);
  }
  return true;
}

int Main(int argc, char** argv, const char* full) {
  full_program = full ? full : "";
  std::vector<std::string> args(argv + 1, argv + argc);
  // validate-strings has arguments of its own (validate_strings.h); --help is everyone's.
  if (!args.empty() && args[0] == "validate-strings") {
    bool help = false;
    for (const std::string& a : args) {
      if (a == "--") break;
      help = help || a == "-h" || a == "--help";
    }
    if (!help) {
      const std::vector<std::string> rest(args.begin() + 1, args.end());
      // The small build hands the string validator RTL to the full program.
      StringsOptions strings;
      if (ParseStringsArgs(rest, &strings).empty() && StringsNeedFullBuild(strings)) ExecFullProgram(argv);
      return StringsMain(rest);
    }
  }
  Options options;
  const std::string problem = ParseArgs(args, &options);
  // The small build hands what it lacks (and --help, which lists what is built)
  // to the full program beside it, when that has been built.
  if (options.needs_full_build || (options.help && !FullProgram().empty())) ExecFullProgram(argv);
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
  std::string engine_error;
  std::unique_ptr<Engine> engine = MakeEngine(options.engine, &engine_error);
  if (!engine) return report(engine_error);
  // Input: the sample, standard input, or the file, read as the engine needs it.
  std::vector<uint8_t> sample;
  std::unique_ptr<ByteReader> in;
  int fd = -1;
  if (options.input.empty()) {
    sample = SampleInput(options.command);
    in = std::make_unique<MemoryReader>(sample.data(), sample.size());
  } else if (options.input == "-") {
    in = std::make_unique<FdReader>(0, "standard input");
  } else {
    fd = open(options.input.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return report("cannot open " + Quote(options.input) + ": " + std::strerror(errno));
    struct stat st;
    // A regular file that encode would reject is refused before anything runs.
    if (options.command == Command::kEncode && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
        st.st_size % 4 != 0) {
      close(fd);
      return report("encode input is " + std::to_string(st.st_size) +
                    " bytes, not a multiple of 4 (32-bit little-endian code points)");
    }
    in = std::make_unique<FdReader>(fd, Quote(options.input));
  }
  FdWriter out(1, "standard output");
  const Outcome o = Run(options, in.get(), &out, engine.get());
  if (fd >= 0) close(fd);
  if (!o.err.empty() && !WriteAll(2, o.err, "standard error", &error)) return kExitUsage;
  return o.exit_code;
}

}  // namespace cli
}  // namespace utf8core
