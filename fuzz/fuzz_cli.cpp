// libFuzzer harness of the command line (cli/cli.h), in memory: arguments and
// input from the fuzzer (framing.h) through ParseArgs and Execute on the
// functional-model engine. A parse must either fail with a one-line message or
// give options that run; a run's output and exit status must be what the
// functional model says for that input: decode's three formats, validate's
// verdict line, encode's octets (or a usage error when the input is not whole
// 32-bit words). Any difference aborts with the arguments and the input.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "cli.h"
#include "framing.h"
#include "model_check.h"
#include "model_engine.h"
#include "utf8_model.h"
#include "utf8_sample.h"

namespace {

using utf8core::fuzz::CliInput;

[[noreturn]] void Fail(const CliInput& in, const std::string& what) {
  std::string args;
  for (const std::string& a : in.args) args += " '" + a + "'";
  std::fprintf(stderr, "fuzz_cli: %s (arguments%s, input %s)\n", what.c_str(), args.c_str(),
               utf8core::modeltest::Hex(in.input).c_str());
  std::abort();
}

void AppendLe32(uint32_t v, std::string* s) {
  for (int k = 0; k < 4; ++k) s->push_back(static_cast<char>(v >> (8 * k)));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t n) {
  using namespace utf8core;
  using namespace utf8core::cli;
  const fuzz::CliInput in = fuzz::ReadCliInput(data, n);
  Options opt;
  const std::string error = ParseArgs(in.args, &opt);
  if (!error.empty()) {
    if (error.find('\n') != std::string::npos)
      Fail(in, "a usage message of more than one line: " + error);
    return 0;
  }
  if (opt.help || opt.version) return 0;

  ModelEngine engine;
  const Outcome o = Execute(opt, in.input, &engine);
  // What Execute reads: the input, or the built-in sample without a FILE.
  std::vector<uint8_t> bytes = in.input;
  if (opt.input.empty()) {
    if (opt.command == Command::kEncode) {
      std::string le;
      for (uint32_t cp : SampleCodePoints()) AppendLe32(cp, &le);
      bytes.assign(le.begin(), le.end());
    } else {
      bytes = SampleUtf8();
    }
  }

  std::string want;
  int want_exit = kExitOk;
  switch (opt.command) {
    case Command::kDecode: {
      const std::vector<Unit> units = Decode(bytes, opt.mode);
      if (opt.to == Format::kUtf8) {
        std::vector<uint8_t> b;
        UnitsToUtf8(units, &b);
        want.assign(b.begin(), b.end());
      } else if (opt.to == Format::kUcs4le) {
        for (const Unit& u : units) AppendLe32(u.code_point, &want);
      } else {
        for (const Unit& u : units) want += TextLine(u);
      }
      break;
    }
    case Command::kValidate: {
      const Verdict v = Validate(bytes.data(), bytes.size(), opt.mode);
      want_exit = v.valid ? kExitOk : kExitInvalid;
      want = v.valid ? "valid\n"
                     : "invalid at byte " + std::to_string(v.first_error_offset) + ": " +
                           ClassName(v.first_error_class) + "\n";
      break;
    }
    case Command::kEncode: {
      if (bytes.size() % 4 != 0) {
        want_exit = kExitUsage;
        break;
      }
      std::vector<uint32_t> cps(bytes.size() / 4);
      for (size_t i = 0; i < cps.size(); ++i) {
        cps[i] = uint32_t{bytes[4 * i]} | uint32_t{bytes[4 * i + 1]} << 8 |
                 uint32_t{bytes[4 * i + 2]} << 16 | uint32_t{bytes[4 * i + 3]} << 24;
      }
      std::vector<uint8_t> b;
      Encode(cps.data(), cps.size(), opt.mode, &b);
      want.assign(b.begin(), b.end());
      break;
    }
  }
  if (o.exit_code != want_exit) {
    Fail(in, "exit status " + std::to_string(o.exit_code) + ", the model says " +
                 std::to_string(want_exit) + " (stderr: " + o.err + ")");
  }
  if (want_exit != kExitUsage && o.out != want)
    Fail(in, "standard output differs from the model's");
  if (o.err.find('\n') != std::string::npos && o.err.find('\n') + 1 != o.err.size()) {
    Fail(in, "standard error of more than one line: " + o.err);
  }
  return 0;
}
