// utf8core validate-strings: see validate_strings.h.
#include "validate_strings.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "kernel_engine.h"
#include "strings_rtl.h"

namespace utf8core {
namespace cli {
namespace {

Outcome Problem(const std::string& problem) {
  Outcome o;
  o.exit_code = kExitUsage;
  o.err = "utf8core: " + problem + "\n";
  return o;
}

// A file mapped read-only: the column is read where it lies, so memory stays
// the page cache's whatever the column's size.
class MappedFile {
 public:
  ~MappedFile() {
    if (data_ && size_) munmap(const_cast<uint8_t*>(data_), size_);
  }
  // Returns "" or the problem.
  std::string Open(const std::string& path, const char* what) {
    const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return std::string("cannot open ") + what + " " + Quote(path) + ": " + std::strerror(errno);
    struct stat st;
    std::string problem;
    if (fstat(fd, &st) != 0) {
      problem = std::string("cannot read ") + what + " " + Quote(path) + ": " + std::strerror(errno);
    } else if (!S_ISREG(st.st_mode)) {
      problem = std::string(what) + " " + Quote(path) + " is not a regular file";
    } else if (st.st_size > 0) {
      void* p = mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
      if (p == MAP_FAILED) {
        problem = std::string("cannot read ") + what + " " + Quote(path) + ": " + std::strerror(errno);
      } else {
        data_ = static_cast<const uint8_t*>(p);
        size_ = static_cast<size_t>(st.st_size);
      }
    }
    close(fd);
    return problem;
  }
  const uint8_t* data() const { return data_; }
  uint64_t size() const { return size_; }

 private:
  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
};

}  // namespace

std::string ParseStringsArgs(const std::vector<std::string>& args, StringsOptions* options) {
  *options = StringsOptions{};
  bool options_done = false;
  bool have_data = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const ArgKind kind = Classify(a, &options_done);
    if (kind == ArgKind::kEndOfOptions) continue;
    if (kind == ArgKind::kOperand) {
      if (have_data) return "more than one data file (" + Quote(options->data) + ", " + Quote(a) + ")";
      options->data = a;
      have_data = true;
      continue;
    }
    const OptionArg opt = SplitOption(a);
    const std::string& name = opt.name;
    std::string value = opt.value;
    const bool has_value = opt.has_value;
    if (name == "--stats" || name == "--offsets64") {
      if (has_value) return "option " + Quote(name) + " takes no value";
      (name == "--stats" ? options->stats : options->offsets64) = true;
      continue;
    }
    const bool takes_value = name == "--offsets" || name == "--bitmap" || name == "--mode" ||
                             name == "--engine" || name == "--lanes";
    if (!takes_value) {
      if (name == "--to" || name == "--trace" || name == "--kernels") {
        return "option " + Quote(name) + " is not for validate-strings";
      }
      return "unknown option " + Quote(name) + " (see --help)";
    }
    if (!has_value) {
      const std::string problem = NextValue(args, &i, name, &value);
      if (!problem.empty()) return problem;
    }
    if (value.empty()) return "option " + Quote(name) + " needs a value";
    if (name == "--offsets") {
      options->offsets = value;
    } else if (name == "--bitmap") {
      options->bitmap = value;
    } else if (name == "--mode") {
      if (!ParseMode(value, &options->mode)) return "bad mode " + Quote(value) + " (rfc3629 or annex-r)";
    } else if (name == "--lanes") {
      if (value.empty() || value.size() > 7 || value.find_first_not_of("0123456789") != std::string::npos ||
          std::stoi(value) < 1) {
        return "bad lane count " + Quote(value) + " (a whole number, e.g. 8)";
      }
      options->lanes = std::stoi(value);
    } else {
      options->engine = value;
    }
  }
  if (options->engine != "model" && options->engine != "rtl" && options->engine != "kernel") {
    return "unknown engine " + Quote(options->engine) + " (validate-strings: model, rtl or kernel)";
  }
  if (options->lanes != 0 && options->engine != "rtl") {
    return "option '--lanes' is for --engine rtl (the string validator's lane count)";
  }
  if (options->offsets.empty()) return "validate-strings needs --offsets FILE (the column's offsets)";
  if (!have_data) return "validate-strings needs DATA (the column's data file)";
  return "";
}

int StringsLanes(const StringsOptions& options) { return options.lanes ? options.lanes : 8; }

bool StringsNeedFullBuild(const StringsOptions& options) {
  if (FullProgram().empty()) return false;
  if (options.engine == "kernel") return KernelLanes().empty();
  if (options.engine != "rtl") return false;
  const std::vector<int> built = StringsRtlLanes();
  return std::find(built.begin(), built.end(), StringsLanes(options)) == built.end();
}

Outcome ValidateStringsColumn(const StringsOptions& options, const uint8_t* data, uint64_t len,
                              const uint8_t* offsets, uint64_t offsets_len,
                              std::vector<uint8_t>* bitmap) {
  bitmap->clear();
  const int width = options.offsets64 ? 8 : 4;
  const char* type = options.offsets64 ? "int64" : "int32";
  if (offsets_len % static_cast<uint64_t>(width) != 0) {
    return Problem("bad column: the offsets are " + std::to_string(offsets_len) +
                   " bytes, not whole " + type + " values");
  }
  // Arrow allows an empty offsets buffer for a column of no strings.
  const uint64_t values = offsets_len / static_cast<uint64_t>(width);
  const uint64_t count = values ? values - 1 : 0;
  StringsVerdict v;
  if (values) v = ValidateStrings(data, len, offsets, count, width, options.mode, bitmap);
  if (v.bad_offsets) {
    bitmap->clear();
    const uint64_t k = v.bad_offset_index;
    const int64_t value = StringOffset(offsets, k, width);
    std::string why;
    if (value < 0 || static_cast<uint64_t>(value) > len) {
      why = "outside 0.." + std::to_string(len) + " (the data's length)";
    } else {
      why = "below the one before (" + std::to_string(StringOffset(offsets, k - 1, width)) + ")";
    }
    return Problem("bad column: offset " + std::to_string(k) + " (" + std::to_string(value) +
                   ") is " + why + "; no bitmap written");
  }
  uint64_t cycles = 0;
  if ((options.engine == "rtl" || options.engine == "kernel") && values) {
    const StringsVerdict model = v;
    const std::vector<uint8_t> model_bitmap = *bitmap;
    const std::string problem =
        options.engine == "rtl"
            ? RunColumnRtl(options, data, offsets, count, width, model, model_bitmap, bitmap, &v, &cycles)
            : RunColumnKernel(options, data, len, offsets, count, width, model, model_bitmap, bitmap, &v, &cycles);
    if (!problem.empty()) {
      bitmap->clear();
      return Problem(problem);
    }
  }
  Outcome o;
  if (v.bad_strings == 0) {
    o.out = "valid: " + std::to_string(count) + " strings\n";
    o.exit_code = kExitOk;
  } else {
    o.out = "invalid: " + std::to_string(v.bad_strings) + " of " + std::to_string(count) +
            " strings; first: string " + std::to_string(v.first_bad) + " at byte " +
            std::to_string(v.first_bad_offset) + ": " + ClassName(v.first_bad_class) + "\n";
    o.exit_code = kExitInvalid;
  }
  if (options.stats) {
    std::string j = "{\"command\":\"validate-strings\",\"mode\":\"";
    j += ModeName(options.mode);
    j += "\",\"engine\":\"" + options.engine + "\",";
    if (options.engine == "rtl") {
      j += "\"lanes\":" + std::to_string(StringsLanes(options)) + ",\"cycles\":" + std::to_string(cycles) + ",";
    } else if (options.engine == "kernel") {
      j += "\"data_width\":" + std::to_string(KernelLanes().empty() ? 0 : 8 * KernelLanes().back()) +
           ",\"cycles\":" + std::to_string(cycles) + ",";
    }
    j += "\"strings\":" + std::to_string(count);
    j += ",\"bad_strings\":" + std::to_string(v.bad_strings);
    j += ",\"bytes\":" + std::to_string(v.bytes);
    j += ",\"units\":" + std::to_string(v.units);
    j += ",\"errors\":" + std::to_string(v.counts.errors());
    j += "," + ClassesJson(v.counts) + "}\n";
    o.err = j;
  }
  return o;
}

int StringsMain(const std::vector<std::string>& args) {
  std::string error;
  auto report = [&error](const std::string& msg) {
    WriteAll(2, "utf8core: " + msg + "\n", "standard error", &error);
    return kExitUsage;
  };
  StringsOptions options;
  const std::string problem = ParseStringsArgs(args, &options);
  if (!problem.empty()) return report(problem);
  MappedFile data, offsets;
  std::string open_problem = data.Open(options.data, "data file");
  if (open_problem.empty()) open_problem = offsets.Open(options.offsets, "offsets file");
  if (!open_problem.empty()) return report(open_problem);
  std::vector<uint8_t> bitmap;
  Outcome o = ValidateStringsColumn(options, data.data(), data.size(), offsets.data(),
                                    offsets.size(), &bitmap);
  if (o.exit_code != kExitUsage && !options.bitmap.empty()) {
    const int fd = open(options.bitmap.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return report("cannot write the bitmap to " + Quote(options.bitmap) + ": " + std::strerror(errno));
    const bool ok = WriteAll(fd, std::string(bitmap.begin(), bitmap.end()),
                             ("the bitmap " + Quote(options.bitmap)).c_str(), &error);
    if (close(fd) != 0 && ok) return report("cannot write the bitmap to " + Quote(options.bitmap) + ": " + std::strerror(errno));
    if (!ok) return report(error);
  }
  if (!o.out.empty() && !WriteAll(1, o.out, "standard output", &error)) return report(error);
  if (!o.err.empty() && !WriteAll(2, o.err, "standard error", &error)) return kExitUsage;
  return o.exit_code;
}

}  // namespace cli
}  // namespace utf8core
