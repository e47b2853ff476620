// A cycle-based AXI4 slave memory for the benches of the kernel's AXI4 masters
// (rtl/kernel/utf8_kernel_rd.v, rtl/kernel/utf8_kernel_wr.v, and the kernel that uses them).
// Plain C++17, no Verilator: a bench copies the master's ports into
// AxiMasterPorts, calls Clock() at the rising edge, and drives outputs() into
// the DUT before its next eval().
//
// What it models: one AXI ID; reads returned in order, each burst no earlier
// than read_latency clocks after its AR, one beat per clock, so that a master
// with enough bursts outstanding sees no latency; writes taken once their AW
// is in (W beats before it wait: wready low, which AXI allows a slave), a B
// write_latency clocks after a burst's last W beat. Random stalls withhold
// arready/awready/wready in a clock, and delay rvalid/bvalid before they rise
// (never withdraw them: AXI forbids it). Every output is a register: it
// depends only on the state after the last Clock().
//
// What it checks, on the master (each a violation string with the clock; a
// check that fires does not stop the model): INCR bursts only; full-width
// beats (size == log2(W)); addresses aligned to W; no burst across a 4 KiB
// boundary; arvalid/awvalid/wvalid held until their handshake with the payload
// unchanged; wlast on exactly the last beat of each burst; no strobed byte
// outside the write window (SetWriteWindow). Addresses outside the memory
// window answer DECERR (reads return zeros, writes are dropped); injected
// ranges answer the response asked for.
//
// Several ports on one memory: a port made with AxiMem(cfg, other) serves its
// own master (its own bursts, stalls and checks) on the bytes of `other`, as
// the compute units of a card share its memory. Their bandwidth is shared too:
// with beats_per_clock set, the ports together offer at most that many R beats
// and W handshakes (rvalid raised, wready raised) in one clock; a port that
// finds the clock's beats spent waits as for a stall. The caller clocks every
// port each cycle (their clock counts say which clock a beat is in; a new
// port starts at the count of the one it shares), the first one it clocks
// getting the first beats.
//
// Data layout: byte k of a beat is bits [8k+7:8k], word k/4 of rdata/wdata,
// little-endian words, as Verilator's VlWide stores a wide port.
#ifndef UTF8CORE_SIM_AXI_MEM_H_
#define UTF8CORE_SIM_AXI_MEM_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace utf8core {
namespace sim {

// AXI response codes (xRESP).
constexpr uint8_t kAxiOkay = 0;
constexpr uint8_t kAxiSlvErr = 2;
constexpr uint8_t kAxiDecErr = 3;

struct AxiMemConfig {
  unsigned data_bytes = 64;  // W = DATA_WIDTH/8: 8, 16, 32 or 64
  uint64_t base = 0;         // memory window [base, base + size)
  uint64_t size = 1 << 20;
  unsigned read_latency = 64;  // clocks from an AR handshake to that burst's first R beat (min 1)
  unsigned write_latency = 8;  // clocks from a burst's last W beat to its B (min 1)
  // per-clock probability that arready/rvalid/awready/wready/bvalid is withheld
  double ar_stall = 0, r_stall = 0, aw_stall = 0, w_stall = 0, b_stall = 0;
  unsigned max_reads = 32;  // bursts accepted and not yet fully returned; arready low beyond
  // R and W beats all ports of this memory offer in one clock (0: no limit);
  // a second port takes the first one's figure
  unsigned beats_per_clock = 0;
  uint64_t seed = 1;
};

struct AxiMasterPorts {  // what the master drives, sampled at the clock edge
  bool arvalid = false;
  uint64_t araddr = 0;
  uint8_t arlen = 0, arsize = 0, arburst = 0;
  bool rready = false;
  bool awvalid = false;
  uint64_t awaddr = 0;
  uint8_t awlen = 0, awsize = 0, awburst = 0;
  bool wvalid = false;
  std::array<uint32_t, 16> wdata{};
  uint64_t wstrb = 0;
  bool wlast = false;
  bool bready = false;
};

struct AxiSlavePorts {  // what the memory drives (registered: depends only on state)
  bool arready = false;
  bool rvalid = false;
  std::array<uint32_t, 16> rdata{};
  uint8_t rresp = 0;
  bool rlast = false;
  bool awready = false;
  bool wready = false;
  bool bvalid = false;
  uint8_t bresp = 0;
};

// The kinds of protocol violation, for tests that look for one.
enum class AxiCheck {
  kBurstType,       // AR/AW burst type not INCR
  kSize,            // AR/AW size not log2(W)
  kUnaligned,       // AR/AW address not a multiple of W
  kCross4K,         // a burst across a 4 KiB boundary
  kValidDropped,    // arvalid/awvalid/wvalid low again before its handshake
  kPayloadChanged,  // AR/AW/W payload changed while waiting for its handshake
  kWlast,           // wlast not exactly on a burst's last beat
  kStrobeOutside,   // a strobed byte outside the write window
};
constexpr int kAxiCheckKinds = 8;
const char* AxiCheckName(AxiCheck c);

struct AxiMemCounters {
  uint64_t clocks = 0;
  uint64_t read_bursts = 0;             // AR handshakes
  uint64_t read_beats = 0;              // R handshakes
  uint64_t write_bursts = 0;            // AW handshakes
  uint64_t write_beats = 0;             // W handshakes
  uint64_t write_responses = 0;         // B handshakes
  unsigned max_reads_outstanding = 0;   // most bursts accepted and not fully returned at once
  unsigned max_writes_outstanding = 0;  // most AWs accepted without their B taken at once
  uint64_t error_beats = 0;             // R beats answered SLVERR or DECERR
  uint64_t error_bursts = 0;            // B answered SLVERR or DECERR
};

class AxiMem {
 public:
  explicit AxiMem(const AxiMemConfig& cfg);
  // Another port on the memory of `shared` (its window, bytes, injected
  // errors and beats per clock; the write window stays per port); cfg gives
  // the rest (latencies, stalls, seed).
  AxiMem(const AxiMemConfig& cfg, const AxiMem& shared);

  // Host access (backdoor): bytes outside the window are ignored (Write) or
  // read as zero (Read).
  void Write(uint64_t addr, const uint8_t* p, size_t n);
  void Read(uint64_t addr, uint8_t* p, size_t n) const;

  void InjectReadError(uint64_t lo, uint64_t hi,
                       uint8_t resp);  // beats touching [lo,hi) answer resp
  void InjectWriteError(uint64_t lo, uint64_t hi,
                        uint8_t resp);  // bursts touching [lo,hi) answer resp (data not written)
  void ClearErrors();                   // forget injected errors
  void SetWriteWindow(uint64_t lo, uint64_t hi);  // a strobed byte outside it is a protocol error
  void ClearWriteWindow();                        // every byte may be strobed again
  // Keeps [addr, addr + beats * W) of every AR taken from now on (read_log),
  // or stops and forgets them.
  void LogReads(bool on);
  const std::vector<std::pair<uint64_t, uint64_t>>& read_log() const { return read_log_; }

  const AxiSlavePorts& outputs() const { return out_; }
  void Clock(const AxiMasterPorts& m);  // the rising edge: handshakes, checks, next outputs
  void Reset();                         // drop everything in flight (memory kept)

  const std::vector<std::string>& violations() const { return violations_; }
  uint64_t violation_count(AxiCheck c) const { return check_counts_[static_cast<int>(c)]; }
  const AxiMemCounters& counters() const { return counters_; }
  const AxiMemConfig& config() const { return cfg_; }

  unsigned reads_outstanding() const { return static_cast<unsigned>(reads_.size()); }
  // AWs accepted whose B has not been taken yet (W beats still due or B pending).
  unsigned writes_outstanding() const {
    return static_cast<unsigned>(writes_.size() + bresps_.size());
  }
  bool idle() const { return reads_.empty() && writes_.empty() && bresps_.empty(); }

 private:
  struct ReadBurst {
    uint64_t addr;
    unsigned beats;
    unsigned done;         // beats already returned
    uint64_t first_clock;  // the earliest clock of its first R handshake
  };
  struct WriteBurst {
    uint64_t addr;
    unsigned beats;
    unsigned done;  // W beats already taken
    uint8_t resp;   // decided at AW: OKAY, DECERR or an injected response
  };
  struct Response {
    uint64_t clock;  // the earliest clock of its B handshake
    uint8_t resp;
  };

  void Violation(AxiCheck c, const std::string& what);
  void CheckAddress(char ch, uint64_t addr, uint8_t len, uint8_t size, uint8_t burst);
  void CheckStable(const AxiMasterPorts& m);
  bool InWindow(uint64_t lo, uint64_t hi) const;
  uint8_t ReadBeat(uint64_t addr, std::array<uint32_t, 16>* data) const;
  void TakeWriteBeat(const AxiMasterPorts& m);
  bool Stall(double p);
  // A beat of this clock's shared budget: false when the ports have used it up.
  bool Beat(uint64_t now);

  struct ErrorRange {
    uint64_t lo, hi;
    uint8_t resp;
  };
  // What the ports of one memory share
  struct Store {
    std::vector<uint8_t> bytes;
    std::vector<ErrorRange> read_errors, write_errors;
    unsigned beats_per_clock = 0;
    uint64_t clock = 0;  // the clock `used` counts
    unsigned used = 0;
  };

  AxiMemConfig cfg_;
  unsigned log2_bytes_;
  std::shared_ptr<Store> store_;
  std::vector<uint8_t>& mem_;
  std::vector<ErrorRange>& read_errors_;
  std::vector<ErrorRange>& write_errors_;
  bool window_set_ = false;
  uint64_t window_lo_ = 0, window_hi_ = 0;
  bool log_reads_ = false;
  std::vector<std::pair<uint64_t, uint64_t>> read_log_;

  std::deque<ReadBurst> reads_;
  std::deque<WriteBurst> writes_;  // AW taken, W beats still due
  std::deque<Response> bresps_;    // last W beat taken, B not yet taken

  AxiSlavePorts out_;
  AxiMasterPorts last_;  // the master's ports at the last edge
  bool ar_waiting_ = false, aw_waiting_ = false, w_waiting_ = false;

  std::mt19937_64 rng_;
  std::vector<std::string> violations_;
  std::array<uint64_t, kAxiCheckKinds> check_counts_{};
  AxiMemCounters counters_;
};

}  // namespace sim
}  // namespace utf8core

#endif  // UTF8CORE_SIM_AXI_MEM_H_
