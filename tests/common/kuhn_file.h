// Markus Kuhn's UTF-8 decoder stress test (UTF-8-test.txt) for the tests that use it.
// The file is not part of the repository, so a clone with nothing beside it must still
// pass: a test that needs it skips with a line saying where to put it, and runs when it
// is there. The path is compiled in as UTF8CORE_KUHN_TEST, which the tests' CMake files
// always define (from the cache variable of the same name), whether or not the file
// exists: the check happens when the test runs, so adding the file later needs no
// reconfigure.
#ifndef UTF8CORE_TESTS_KUHN_FILE_H_
#define UTF8CORE_TESTS_KUHN_FILE_H_

#include <gtest/gtest.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#ifndef UTF8CORE_KUHN_TEST
#error "UTF8CORE_KUHN_TEST is not defined: the test's CMake file must define it"
#endif

namespace utf8core {
namespace test {

// Returns true and fills *bytes when the file can be read; otherwise false and *why is
// one line: "Markus Kuhn's UTF-8-test.txt not found at <path>: put it there or configure
// with -DUTF8CORE_KUHN_TEST=<file>" (for a file that opens but cannot be read, a line
// of the same form with the system's reason).
inline bool ReadKuhnFile(std::vector<uint8_t>* bytes, std::string* why) {
  const std::string path = UTF8CORE_KUHN_TEST;
  const std::string configure = "or configure with -DUTF8CORE_KUHN_TEST=<file>";
  bytes->clear();
  // stdio rather than a stream: it reports a read error (say, a directory by that
  // name), which an istreambuf_iterator would turn into a silently empty file.
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!f) {
    *why = "Markus Kuhn's UTF-8-test.txt not found at " + path + ": put it there " + configure;
    return false;
  }
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f.get())) > 0) {
    bytes->insert(bytes->end(), buf, buf + n);
  }
  const int read_errno = errno;
  if (std::ferror(f.get())) {
    *why = "Markus Kuhn's UTF-8-test.txt at " + path + " cannot be read (" +
           std::strerror(read_errno) + "): put a readable copy there " + configure;
    bytes->clear();
    return false;
  }
  return true;
}

}  // namespace test
}  // namespace utf8core

// In a GoogleTest body (GTEST_SKIP returns from the enclosing function): declares
// std::vector<uint8_t> var holding the file, or skips the test with ReadKuhnFile's line.
#define UTF8CORE_KUHN_OR_SKIP(var)                                   \
  std::vector<uint8_t> var;                                          \
  do {                                                               \
    std::string utf8core_kuhn_why;                                   \
    if (!::utf8core::test::ReadKuhnFile(&var, &utf8core_kuhn_why)) { \
      GTEST_SKIP() << utf8core_kuhn_why;                             \
    }                                                                \
  } while (0)

#endif  // UTF8CORE_TESTS_KUHN_FILE_H_
