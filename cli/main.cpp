// utf8core: the command-line front end of the UTF-8 codec IP (docs/spec.md).
// Everything lives in the cli library so that tests can reach it. The small
// build (target utf8core) names the full one (utf8core-full) that it hands the
// wide blocks and the kernel to; see cli/CMakeLists.txt.
#include "cli.h"

int main(int argc, char** argv) {
#ifdef UTF8CORE_FULL_PROGRAM
  return utf8core::cli::Main(argc, argv, UTF8CORE_FULL_PROGRAM);
#else
  return utf8core::cli::Main(argc, argv);
#endif
}
