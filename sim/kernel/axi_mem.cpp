#include "axi_mem.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace utf8core {
namespace sim {

namespace {

constexpr uint64_t kPage = 4096;
constexpr uint8_t kBurstIncr = 1;

std::string Hex(uint64_t v) {
  std::ostringstream s;
  s << "0x" << std::hex << v;
  return s.str();
}

bool Touches(uint64_t lo, uint64_t hi, uint64_t range_lo, uint64_t range_hi) {
  return lo < range_hi && range_lo < hi;
}

}  // namespace

const char* AxiCheckName(AxiCheck c) {
  switch (c) {
    case AxiCheck::kBurstType:
      return "burst type";
    case AxiCheck::kSize:
      return "size";
    case AxiCheck::kUnaligned:
      return "unaligned";
    case AxiCheck::kCross4K:
      return "4 KiB crossing";
    case AxiCheck::kValidDropped:
      return "valid dropped";
    case AxiCheck::kPayloadChanged:
      return "payload changed";
    case AxiCheck::kWlast:
      return "wlast";
    case AxiCheck::kStrobeOutside:
      return "strobe outside window";
  }
  return "?";
}

namespace {
unsigned Log2Bytes(unsigned data_bytes) {
  switch (data_bytes) {
    case 8:
      return 3;
    case 16:
      return 4;
    case 32:
      return 5;
    case 64:
      return 6;
  }
  throw std::invalid_argument("AxiMem: data_bytes must be 8, 16, 32 or 64");
}

void CheckConfig(const AxiMemConfig& cfg) {
  if (cfg.read_latency < 1 || cfg.write_latency < 1) {
    throw std::invalid_argument("AxiMem: read_latency and write_latency must be at least 1");
  }
  if (cfg.max_reads < 1) throw std::invalid_argument("AxiMem: max_reads must be at least 1");
}
}  // namespace

AxiMem::AxiMem(const AxiMemConfig& cfg)
    : cfg_(cfg),
      log2_bytes_(Log2Bytes(cfg.data_bytes)),
      store_(std::make_shared<Store>()),
      mem_(store_->bytes),
      read_errors_(store_->read_errors),
      write_errors_(store_->write_errors),
      rng_(cfg.seed) {
  CheckConfig(cfg_);
  store_->beats_per_clock = cfg_.beats_per_clock;
  mem_.assign(cfg_.size, 0);
}

AxiMem::AxiMem(const AxiMemConfig& cfg, const AxiMem& shared)
    : cfg_(cfg),
      log2_bytes_(Log2Bytes(cfg.data_bytes)),
      store_(shared.store_),
      mem_(store_->bytes),
      read_errors_(store_->read_errors),
      write_errors_(store_->write_errors),
      rng_(cfg.seed) {
  CheckConfig(cfg_);
  counters_.clocks = shared.counters_.clocks;  // in step with the other ports from here on
  cfg_.base = shared.cfg_.base;
  cfg_.size = shared.cfg_.size;
  cfg_.beats_per_clock = shared.cfg_.beats_per_clock;
}

bool AxiMem::Beat(uint64_t now) {
  Store& s = *store_;
  if (s.clock != now) {
    s.clock = now;
    s.used = 0;
  }
  if (s.beats_per_clock != 0 && s.used >= s.beats_per_clock) return false;
  ++s.used;
  return true;
}

void AxiMem::Write(uint64_t addr, const uint8_t* p, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    const uint64_t a = addr + i;
    if (a >= cfg_.base && a - cfg_.base < cfg_.size) mem_[a - cfg_.base] = p[i];
  }
}

void AxiMem::Read(uint64_t addr, uint8_t* p, size_t n) const {
  for (size_t i = 0; i < n; ++i) {
    const uint64_t a = addr + i;
    p[i] = (a >= cfg_.base && a - cfg_.base < cfg_.size) ? mem_[a - cfg_.base] : 0;
  }
}

void AxiMem::InjectReadError(uint64_t lo, uint64_t hi, uint8_t resp) {
  read_errors_.push_back({lo, hi, resp});
}

void AxiMem::InjectWriteError(uint64_t lo, uint64_t hi, uint8_t resp) {
  write_errors_.push_back({lo, hi, resp});
}

void AxiMem::ClearErrors() {
  read_errors_.clear();
  write_errors_.clear();
}

void AxiMem::LogReads(bool on) {
  log_reads_ = on;
  read_log_.clear();
}

void AxiMem::SetWriteWindow(uint64_t lo, uint64_t hi) {
  window_set_ = true;
  window_lo_ = lo;
  window_hi_ = hi;
}

void AxiMem::ClearWriteWindow() { window_set_ = false; }

void AxiMem::Reset() {
  reads_.clear();
  writes_.clear();
  bresps_.clear();
  out_ = AxiSlavePorts{};
  last_ = AxiMasterPorts{};
  ar_waiting_ = aw_waiting_ = w_waiting_ = false;
}

void AxiMem::Violation(AxiCheck c, const std::string& what) {
  ++check_counts_[static_cast<int>(c)];
  violations_.push_back("clock " + std::to_string(counters_.clocks) + ": " + what);
}

bool AxiMem::Stall(double p) {
  return p > 0 && std::uniform_real_distribution<double>(0, 1)(rng_) < p;
}

bool AxiMem::InWindow(uint64_t lo, uint64_t hi) const {
  return lo >= cfg_.base && lo <= hi && hi - cfg_.base <= cfg_.size;
}

void AxiMem::CheckAddress(char ch, uint64_t addr, uint8_t len, uint8_t size, uint8_t burst) {
  const std::string ax = std::string("A") + ch + " ";
  if (burst != kBurstIncr) {
    Violation(AxiCheck::kBurstType, ax + "burst type " + std::to_string(burst) + " is not INCR");
  }
  if (size != log2_bytes_) {
    Violation(AxiCheck::kSize, ax + "size " + std::to_string(size) + ", the bus needs " +
                                   std::to_string(log2_bytes_));
  }
  if (addr % cfg_.data_bytes != 0) {
    Violation(AxiCheck::kUnaligned, ax + "address " + Hex(addr) + " not aligned to " +
                                        std::to_string(cfg_.data_bytes) + " bytes");
  }
  const uint64_t bytes = (uint64_t{len} + 1) << std::min<unsigned>(size, 7);
  if (addr % kPage + bytes > kPage) {
    Violation(AxiCheck::kCross4K, ax + "burst at " + Hex(addr) + " of " + std::to_string(len + 1) +
                                      " beats crosses a 4 KiB boundary");
  }
}

void AxiMem::CheckStable(const AxiMasterPorts& m) {
  if (ar_waiting_) {
    if (!m.arvalid) {
      Violation(AxiCheck::kValidDropped, "ARVALID dropped before its handshake");
    } else if (m.araddr != last_.araddr || m.arlen != last_.arlen || m.arsize != last_.arsize ||
               m.arburst != last_.arburst) {
      Violation(AxiCheck::kPayloadChanged,
                "AR payload changed while waiting for ARREADY (address " + Hex(last_.araddr) +
                    " -> " + Hex(m.araddr) + ")");
    }
  }
  if (aw_waiting_) {
    if (!m.awvalid) {
      Violation(AxiCheck::kValidDropped, "AWVALID dropped before its handshake");
    } else if (m.awaddr != last_.awaddr || m.awlen != last_.awlen || m.awsize != last_.awsize ||
               m.awburst != last_.awburst) {
      Violation(AxiCheck::kPayloadChanged,
                "AW payload changed while waiting for AWREADY (address " + Hex(last_.awaddr) +
                    " -> " + Hex(m.awaddr) + ")");
    }
  }
  if (w_waiting_) {
    if (!m.wvalid) {
      Violation(AxiCheck::kValidDropped, "WVALID dropped before its handshake");
    } else {
      const uint64_t strb_mask =
          cfg_.data_bytes >= 64 ? ~uint64_t{0} : (uint64_t{1} << cfg_.data_bytes) - 1;
      const bool data_same =
          std::equal(m.wdata.begin(), m.wdata.begin() + cfg_.data_bytes / 4, last_.wdata.begin());
      if (!data_same || (m.wstrb & strb_mask) != (last_.wstrb & strb_mask) ||
          m.wlast != last_.wlast) {
        Violation(AxiCheck::kPayloadChanged, "W payload changed while waiting for WREADY");
      }
    }
  }
}

uint8_t AxiMem::ReadBeat(uint64_t addr, std::array<uint32_t, 16>* data) const {
  data->fill(0);
  const uint64_t hi = addr + cfg_.data_bytes;
  if (!InWindow(addr, hi)) return kAxiDecErr;
  for (const ErrorRange& e : read_errors_) {
    if (Touches(addr, hi, e.lo, e.hi)) return e.resp;
  }
  const uint8_t* p = &mem_[addr - cfg_.base];
  for (unsigned k = 0; k < cfg_.data_bytes; ++k) (*data)[k / 4] |= uint32_t{p[k]} << (8 * (k % 4));
  return kAxiOkay;
}

void AxiMem::TakeWriteBeat(const AxiMasterPorts& m) {
  if (writes_.empty()) return;  // wready is low without a burst: only a model bug gets here
  WriteBurst& b = writes_.front();
  const bool last = b.done + 1 == b.beats;
  if (m.wlast != last) {
    Violation(AxiCheck::kWlast, std::string("WLAST ") + (m.wlast ? "set" : "missing") +
                                    " on beat " + std::to_string(b.done + 1) + " of a " +
                                    std::to_string(b.beats) + "-beat burst at " + Hex(b.addr));
  }
  const uint64_t beat =
      (b.addr & ~uint64_t{cfg_.data_bytes - 1}) + uint64_t{b.done} * cfg_.data_bytes;
  unsigned outside = 0;
  uint64_t first_outside = 0;
  for (unsigned k = 0; k < cfg_.data_bytes; ++k) {
    if (!((m.wstrb >> k) & 1)) continue;
    const uint64_t a = beat + k;
    if (window_set_ && (a < window_lo_ || a >= window_hi_)) {
      if (outside++ == 0) first_outside = a;
    }
    if (b.resp == kAxiOkay)
      mem_[a - cfg_.base] = static_cast<uint8_t>(m.wdata[k / 4] >> (8 * (k % 4)));
  }
  if (outside != 0) {
    Violation(AxiCheck::kStrobeOutside,
              std::to_string(outside) + " strobed byte(s) outside the write window [" +
                  Hex(window_lo_) + ", " + Hex(window_hi_) + "), first at " + Hex(first_outside));
  }
  ++b.done;
  if (last) {
    bresps_.push_back({counters_.clocks + cfg_.write_latency, b.resp});
    writes_.pop_front();
  }
}

void AxiMem::Clock(const AxiMasterPorts& m) {
  const uint64_t now = ++counters_.clocks;
  CheckStable(m);
  const AxiSlavePorts o = out_;

  if (m.arvalid && o.arready) {
    CheckAddress('R', m.araddr, m.arlen, m.arsize, m.arburst);
    reads_.push_back({m.araddr, unsigned{m.arlen} + 1, 0, now + cfg_.read_latency});
    ++counters_.read_bursts;
    if (log_reads_) {
      read_log_.push_back({m.araddr, m.araddr + ((uint64_t{m.arlen} + 1) << log2_bytes_)});
    }
    counters_.max_reads_outstanding =
        std::max(counters_.max_reads_outstanding, static_cast<unsigned>(reads_.size()));
  }
  if (o.rvalid && m.rready) {
    ReadBurst& r = reads_.front();
    ++counters_.read_beats;
    if (o.rresp != kAxiOkay) ++counters_.error_beats;
    if (++r.done == r.beats) reads_.pop_front();
  }
  if (m.awvalid && o.awready) {
    CheckAddress('W', m.awaddr, m.awlen, m.awsize, m.awburst);
    const unsigned beats = unsigned{m.awlen} + 1;
    const uint64_t lo = m.awaddr & ~uint64_t{cfg_.data_bytes - 1};
    const uint64_t hi = lo + uint64_t{beats} * cfg_.data_bytes;
    uint8_t resp = kAxiOkay;
    if (!InWindow(lo, hi)) {
      resp = kAxiDecErr;
    } else {
      for (const ErrorRange& e : write_errors_) {
        if (Touches(lo, hi, e.lo, e.hi)) {
          resp = e.resp;
          break;
        }
      }
    }
    writes_.push_back({m.awaddr, beats, 0, resp});
    ++counters_.write_bursts;
    counters_.max_writes_outstanding =
        std::max(counters_.max_writes_outstanding, writes_outstanding());
  }
  if (m.wvalid && o.wready) {
    ++counters_.write_beats;
    TakeWriteBeat(m);
  }
  if (o.bvalid && m.bready) {
    ++counters_.write_responses;
    if (o.bresp != kAxiOkay) ++counters_.error_bursts;
    bresps_.pop_front();
  }

  ar_waiting_ = m.arvalid && !o.arready;
  aw_waiting_ = m.awvalid && !o.awready;
  w_waiting_ = m.wvalid && !o.wready;
  last_ = m;

  // Next outputs. The next handshake is at clock now + 1.
  out_.arready = reads_.size() < cfg_.max_reads && !Stall(cfg_.ar_stall);
  if (o.rvalid && !m.rready) {  // a beat offered and not taken stays as it is
    Beat(now);                      // and uses the bandwidth, within the budget or not
  } else {
    out_.rvalid = false;
    out_.rlast = false;
    out_.rresp = kAxiOkay;
    if (!reads_.empty() && now + 1 >= reads_.front().first_clock && !Stall(cfg_.r_stall) &&
        Beat(now)) {
      const ReadBurst& r = reads_.front();
      const uint64_t beat =
          (r.addr & ~uint64_t{cfg_.data_bytes - 1}) + uint64_t{r.done} * cfg_.data_bytes;
      out_.rvalid = true;
      out_.rresp = ReadBeat(beat, &out_.rdata);
      out_.rlast = r.done + 1 == r.beats;
    }
  }
  out_.awready = !Stall(cfg_.aw_stall);
  out_.wready = !writes_.empty() && !Stall(cfg_.w_stall) && Beat(now);
  if (!(o.bvalid && !m.bready)) {
    out_.bvalid = false;
    out_.bresp = kAxiOkay;
    if (!bresps_.empty() && now + 1 >= bresps_.front().clock && !Stall(cfg_.b_stall)) {
      out_.bvalid = true;
      out_.bresp = bresps_.front().resp;
    }
  }
}

}  // namespace sim
}  // namespace utf8core
