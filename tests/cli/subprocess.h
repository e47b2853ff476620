// Runs a program as a child process for the CLI tests, the way a user or a
// script would: given standard input, captured standard output and error, and
// the exit status. Temporary files instead of pipes keep it free of deadlocks
// whatever the sizes, and let a test send standard output to a device such as
// /dev/full to provoke a write error.
#ifndef UTF8CORE_TESTS_CLI_SUBPROCESS_H_
#define UTF8CORE_TESTS_CLI_SUBPROCESS_H_

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

namespace utf8core {
namespace testing_cli {

struct Result {
  int status = -1;  // exit status; 128 + signal number when killed by a signal
  std::string out;
  std::string err;
};

// A file in the test's temporary directory that is removed when it goes out of
// scope. Unique, so ctest -j can run tests side by side.
class TempFile {
 public:
  explicit TempFile(const std::string& contents = "") {
    const char* dir = std::getenv("TMPDIR");
    std::string tmpl = std::string(dir && *dir ? dir : "/tmp") + "/utf8core-cli-XXXXXX";
    std::vector<char> buf(tmpl.begin(), tmpl.end());
    buf.push_back('\0');
    const int fd = mkstemp(buf.data());
    path_ = buf.data();
    if (fd >= 0) {
      size_t done = 0;
      while (done < contents.size()) {
        const ssize_t n = write(fd, contents.data() + done, contents.size() - done);
        if (n <= 0) break;
        done += static_cast<size_t>(n);
      }
      close(fd);
    }
  }
  ~TempFile() { unlink(path_.c_str()); }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

inline std::string ReadFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

// Runs program with args. stdout_path, when given, receives standard output
// instead of the capture (Result::out stays empty then).
inline Result Run(const std::string& program, const std::vector<std::string>& args,
                  const std::string& stdin_data = "", const std::string& stdout_path = "") {
  TempFile in(stdin_data), out, err;
  const std::string out_path = stdout_path.empty() ? out.path() : stdout_path;
  std::vector<std::string> argv_s{program};
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : argv_s) argv.push_back(&a[0]);
  argv.push_back(nullptr);

  Result r;
  const pid_t pid = fork();
  if (pid == 0) {
    const int fi = open(in.path().c_str(), O_RDONLY);
    const int fo = open(out_path.c_str(), O_WRONLY | O_TRUNC);
    const int fe = open(err.path().c_str(), O_WRONLY | O_TRUNC);
    if (fi < 0 || fo < 0 || fe < 0) _exit(125);
    dup2(fi, 0);
    dup2(fo, 1);
    dup2(fe, 2);
    execv(program.c_str(), argv.data());
    _exit(126);
  }
  if (pid < 0) return r;
  int ws = 0;
  while (waitpid(pid, &ws, 0) < 0) {
    if (errno != EINTR) return r;
  }
  r.status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
  if (stdout_path.empty()) r.out = ReadFile(out.path());
  r.err = ReadFile(err.path());
  return r;
}

}  // namespace testing_cli
}  // namespace utf8core

#endif  // UTF8CORE_TESTS_CLI_SUBPROCESS_H_
