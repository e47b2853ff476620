// Clock for the SystemVerilog DPI-C bench (utf8_decoder_dpi_tb.sv), which does
// everything else and ends with $finish (pass) or $fatal (a mismatch, printed).
// The seed of $urandom is UTF8CORE_SEED when set, otherwise drawn, and always
// printed so that a failing run can be replayed. Exit status 0 only if the bench
// reached $finish without an error.
#include <verilated.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>

#include "Vutf8_decoder_dpi_tb.h"

int main(int argc, char** argv) {
  uint32_t seed;
  if (const char* s = std::getenv("UTF8CORE_SEED")) {
    seed = static_cast<uint32_t>(std::strtoul(s, nullptr, 0));
  } else {
    // Verilator takes 1 to 2**31-1 (0 would mean "draw one", unprinted).
    seed = (std::random_device{}() & 0x7FFFFFFFu) | 1u;
  }
  std::printf("utf8_decoder_dpi: seed %u (UTF8CORE_SEED=%u replays it)\n", seed, seed);
  std::fflush(stdout);

  auto context = std::make_unique<VerilatedContext>();
  context->commandArgs(argc, argv);
  const std::string seed_arg = "+verilator+seed+" + std::to_string(seed);
  const char* args[] = {"", seed_arg.c_str()};
  context->commandArgs(2, args);
  auto tb = std::make_unique<Vutf8_decoder_dpi_tb>(context.get());

  const uint64_t kMaxHalfCycles = 2 * 2100000ull;  // beyond the bench's own timeout
  tb->clk = 0;
  tb->eval();
  for (uint64_t i = 0; i < kMaxHalfCycles && !context->gotFinish(); ++i) {
    context->timeInc(1);
    tb->clk = !tb->clk;
    tb->eval();
  }
  tb->final();
  if (!context->gotFinish()) {
    std::printf("utf8_decoder_dpi: the bench did not finish\n");
    return 1;
  }
  if (context->gotError()) return 1;
  return 0;
}
