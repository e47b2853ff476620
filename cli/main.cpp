// utf8core: the command-line front end of the UTF-8 codec IP (docs/spec.md).
// Everything lives in the cli library so that tests can reach it.
#include "cli.h"

int main(int argc, char** argv) { return utf8core::cli::Main(argc, argv); }
