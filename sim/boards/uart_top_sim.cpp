// The board demo between two UART models (see uart_top_sim.h).
#include "uart_top_sim.h"

#include "Vutf8_uart_top.h"
#include "fst_trace.h"
#include "harness.h"

namespace utf8core {
namespace sim {

struct UartTopSim::Wave {
  FstTrace<Vutf8_uart_top> fst;
};

UartTopSim::UartTopSim(bool echo, Mode mode, double sender_speed, const std::string& trace_name)
    : ctx_(MakeContext()),
      top_(std::make_unique<Vutf8_uart_top>(ctx_.get(), "TOP")),
      wave_(std::make_unique<Wave>()),
      tx_(BoardSimParams::kClksPerBit / sender_speed),
      rx_(BoardSimParams::kClksPerBit) {
  if (!trace_name.empty()) wave_->fst.open(ctx_.get(), top_.get(), TracePath(SafeName(trace_name)));
  top_->cfg_echo = echo;
  top_->cfg_mode = mode == Mode::kAnnexR;
  top_->uart_rxd = 1;
  top_->rst = 1;
  for (int i = 0; i < 4; ++i) Cycle();
  top_->rst = 0;
}

UartTopSim::~UartTopSim() {
  wave_->fst.close();
  top_->final();
}

void UartTopSim::Cycle() {
  top_->uart_rxd = tx_.level();
  top_->clk = 0;
  top_->eval();
  wave_->fst.dump();
  ctx_->timeInc(1);
  top_->clk = 1;
  top_->eval();
  wave_->fst.dump();
  ctx_->timeInc(1);
  rx_.Sample(top_->uart_txd);
  if (!tx_.idle()) last_send_cycle_ = cycles_;
  tx_.Tick();
  ++cycles_;
}

void UartTopSim::Reset() {
  top_->rst = 1;
  for (int i = 0; i < 4; ++i) Cycle();
  top_->rst = 0;
}

void UartTopSim::Send(const std::vector<uint8_t>& bytes) {
  tx_.Queue(bytes);
  while (!tx_.idle()) Cycle();
}

bool UartTopSim::Settle(uint64_t max_cycles) {
  const uint64_t quiet = BoardSimParams::kIdleClks + 40 * BoardSimParams::kClksPerBit;
  const uint64_t start = cycles_;
  // Quiet since the last byte sent, too: the answer to a one-byte packet only
  // starts after it has been received.
  while (!tx_.idle() || rx_.busy() || rx_.quiet_cycles() < quiet ||
         cycles_ - last_send_cycle_ < quiet) {
    if (cycles_ - start > max_cycles) {
      wave_->fst.flush();
      return false;
    }
    Cycle();
  }
  return true;
}

uint64_t UartTopSim::drop_count() const { return top_->drop_count; }
bool UartTopSim::stat_error() const { return top_->stat_error; }

}  // namespace sim
}  // namespace utf8core
