// The utf8core command line as a library (docs/spec.md): argument parsing, the
// three commands on streams, and the I/O around them. main.cpp only
// calls Main(); tests call ParseArgs() and Execute() directly, and the binary.
#ifndef UTF8CORE_CLI_CLI_H_
#define UTF8CORE_CLI_CLI_H_

#include <cstdint>
#include <string>
#include <vector>

#include "engine.h"
#include "stream.h"
#include "utf8_model.h"

namespace utf8core {
namespace cli {

// Exit statuses (docs/spec.md, command line).
constexpr int kExitOk = 0;
constexpr int kExitInvalid = 1;  // validate found an error
constexpr int kExitUsage = 2;    // usage or I/O error

enum class Command { kDecode, kEncode, kValidate };
enum class Format { kUtf8, kUcs4le, kText };

struct Options {
  bool help = false;     // --help: print usage, nothing else
  bool version = false;  // --version
  Command command = Command::kDecode;
  Mode mode = Mode::kRfc3629;
  EngineConfig engine;
  Format to = Format::kUtf8;  // decode only
  bool stats = false;
  std::string input;  // empty: the built-in sample; "-": standard input; else a path
  // Set with a "not in this build" problem: the lane count or the kernel asked
  // for is not linked into this program (see FullProgram()).
  bool needs_full_build = false;
};

// The program that has every engine built in, when this one is the small build
// (utf8core beside utf8core-full, cli/CMakeLists.txt): its file name, else "".
std::string FullProgram();
// What to build when a lane count or the kernel is missing from this program:
// "" in the full program, else "; the build target ... has ...".
std::string FullBuildHint();

// args are argv without the program name. Returns an empty string on success,
// otherwise the problem as one line without the "utf8core: " prefix.
std::string ParseArgs(const std::vector<std::string>& args, Options* options);

std::string HelpText();

// What a command produced besides its standard output: the exit status and
// what goes to standard error (the --stats JSON line, or the one-line message).
// In memory (Execute) `out` holds standard output too.
struct Outcome {
  int exit_code = kExitOk;
  std::string out;  // Execute only: standard output
  std::string err;  // for standard error: the --stats JSON line or the message
};

// Runs a parsed command on `in`, writing its output to `out` as it is produced.
// A failure part-way drops what `out` holds unsent and says how many bytes had
// already left. The input is read as the engine needs it: memory stays bounded.
Outcome Run(const Options& options, ByteReader* in, ByteWriter* out, Engine* engine);

// The same in memory, for tests: when options.input is empty the built-in
// sample is used and `input` is ignored. Does no I/O. On a usage or I/O error
// out is empty.
Outcome Execute(const Options& options, const std::vector<uint8_t>& input);
// The same on a given engine (options.engine is then not consulted).
Outcome Execute(const Options& options, const std::vector<uint8_t>& input, Engine* engine);

// What one command-line argument is to the commands' parsers: an operand
// (anything not starting with '-' but "-" itself, and everything after "--"),
// the "--" that ends the options (it sets *options_done), or an option.
enum class ArgKind { kOperand, kEndOfOptions, kOption };
ArgKind Classify(const std::string& arg, bool* options_done);
// An option as the commands' parsers read it: "--name=value" split at the
// first '=' (long options only), else the whole argument as the name.
struct OptionArg {
  std::string name;
  std::string value;
  bool has_value = false;
};
OptionArg SplitOption(const std::string& arg);
// The value of option `name` given without "=value": the next argument, taken
// (++*i), unless it is missing or is itself an option ("--mode --stats" means
// the value was forgotten). Returns "" or the problem.
std::string NextValue(const std::vector<std::string>& args, size_t* i, const std::string& name,
                      std::string* value);

// An argument as a message shows it: in single quotes, control characters as \xNN.
std::string Quote(const std::string& s);
// The "classes" member of the --stats JSON object (every class, zeros included).
std::string ClassesJson(const ClassCounts& counts);

// One line of `decode --to text`, newline included (column format in HelpText()).
std::string TextLine(const Unit& unit);

// Writes all of data to fd; on failure says how far it got and why.
bool WriteAll(int fd, const std::string& data, const char* what, std::string* error);

// The whole program: parse, read, execute, write. Returns the exit status.
// full: the full program's file name when this is the small build (it runs
// that program, found beside itself, for what it lacks), else nullptr.
int Main(int argc, char** argv, const char* full = nullptr);

}  // namespace cli
}  // namespace utf8core

#endif  // UTF8CORE_CLI_CLI_H_
