// Tests of the kernel's register block (rtl/kernel/utf8_kernel_regs.v) against the map
// generated from rtl/kernel/utf8_kernel.rdl (host/utf8_kernel_regs.h). Every offset,
// mask, bit position and reset value comes from that header, except in the
// SpecMap tests, which compare the header with a table typed from the
// specification's register table (docs/spec.md section 9), so that a typo in
// the RDL fails there.
//
// The bench is an AXI4-Lite master (AW and W in either order or together, with
// random delays; random bready/rready) and plays the kernel core: it records
// the arguments at each job_start and pulses job_done with results when a test
// asks, driving random values on the result inputs at every other clock. It
// checks the slave's side of the protocol every clock, and runs the block's
// cycle model (model/kernel/utf8_kernel_regs.h) beside it with the same inputs,
// comparing every output every clock: the first mismatch fails the test with
// its cycle, signal, both values and the seed. Seed: UTF8CORE_SEED; waves:
// UTF8CORE_TRACE=<dir>.
//
// The generated map (host/) and the block's cycle model (model/, below) share
// a file name, so both are included by their folder.
#include "host/utf8_kernel_regs.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <map>
#include <memory>
#include <ostream>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "Vutf8_kernel_regs.h"
#include "Vutf8_kernel_regs_narrow.h"
#include "fst_trace.h"
#include "harness.h"
#include "model/kernel/utf8_kernel_regs.h"

namespace utf8core {
namespace sim {
namespace {

// Offsets and fields, from the generated header only.
#define KREG(member) static_cast<uint32_t>(offsetof(utf8_kernel_t, member))
#define KMASK(reg, field) static_cast<uint32_t>(UTF8_KERNEL__##reg##__##field##_bm)
#define KPOS(reg, field) (UTF8_KERNEL__##reg##__##field##_bp)
#define KRESET(reg, field) \
  (static_cast<uint32_t>(UTF8_KERNEL__##reg##__##field##_reset) << KPOS(reg, field))

constexpr uint32_t kWordBytes = sizeof(utf8_kernel_t{}.CTRL);
constexpr uint32_t kMapBytes = sizeof(utf8_kernel_t);
constexpr uint32_t kWindowBytes = 4096;  // the 12-bit AXI4-Lite address

uint32_t ClassCountOffset(int c) {  // class c = 1..6
  return KREG(CLASS_COUNT) + static_cast<uint32_t>(c - 1) * kWordBytes;
}

// The parameter sets the tests verilate (tests/kernel/utf8_kernel_regs.cmake).
struct Params {
  uint32_t data_width;
  uint32_t ops;
  uint32_t addr_width;
};
constexpr Params kDefaultParams{512, 0x0F, 64};
constexpr Params kNarrowParams{UTF8CORE_KREGS_NARROW_DATA_WIDTH, UTF8CORE_KREGS_NARROW_OPS,
                               UTF8CORE_KREGS_NARROW_ADDR_WIDTH};

// The parameters each verilated top was built with.
template <class Top>
constexpr Params ParamsOf() {
  return std::is_same<Top, Vutf8_kernel_regs_narrow>::value ? kNarrowParams : kDefaultParams;
}

uint64_t AddrMask(const Params& p) {
  return p.addr_width >= 64 ? ~uint64_t{0} : (uint64_t{1} << p.addr_width) - 1;
}

// ---------------------------------------------------------------------------
// The map as the tests see it: every register, how software may change it,
// and its reset value, all from the header.
enum class Kind {
  kRw,    // plain read/write fields (mask: the writable bits)
  kRo,    // read-only
  kCtrl,  // CTRL: AP_START write-one-to-set, the rest read-only
  kIsr,   // ISR: write one to toggle
};

struct RegInfo {
  std::string name;
  uint32_t offset;
  Kind kind;
  uint32_t mask;   // kRw: writable bits
  uint32_t reset;  // the map's reset value (CAPS: of the default build)
};

std::vector<RegInfo> MapRegs() {
  const uint32_t ctrl_reset = KRESET(CTRL, AP_START) | KRESET(CTRL, AP_DONE) |
                              KRESET(CTRL, AP_IDLE) | KRESET(CTRL, AP_READY);
  std::vector<RegInfo> r = {
      {"CTRL", KREG(CTRL), Kind::kCtrl, 0, ctrl_reset},
      {"GIE", KREG(GIE), Kind::kRw, KMASK(GIE, GIE), KRESET(GIE, GIE)},
      {"IER", KREG(IER), Kind::kRw, KMASK(IER, DONE) | KMASK(IER, READY),
       KRESET(IER, DONE) | KRESET(IER, READY)},
      {"ISR", KREG(ISR), Kind::kIsr, 0, KRESET(ISR, DONE) | KRESET(ISR, READY)},
      {"OP", KREG(OP), Kind::kRw, KMASK(OP, OP), KRESET(OP, OP)},
      {"FLAGS", KREG(FLAGS), Kind::kRw,
       KMASK(FLAGS, MODE) | KMASK(FLAGS, CONTINUE) | KMASK(FLAGS, PARTIAL) | KMASK(FLAGS, OFFSETS64),
       KRESET(FLAGS, MODE) | KRESET(FLAGS, CONTINUE) | KRESET(FLAGS, PARTIAL) |
           KRESET(FLAGS, OFFSETS64)},
#define KARG(reg) {#reg, KREG(reg), Kind::kRw, KMASK(reg, VALUE), KRESET(reg, VALUE)}
      KARG(SRC_LO),
      KARG(SRC_HI),
      KARG(LEN_LO),
      KARG(LEN_HI),
      KARG(DST_LO),
      KARG(DST_HI),
      KARG(CAP_LO),
      KARG(CAP_HI),
      KARG(OFFSETS_LO),
      KARG(OFFSETS_HI),
      KARG(COUNT_LO),
      KARG(COUNT_HI),
#undef KARG
      {"STATUS", KREG(STATUS), Kind::kRo, 0,
       KRESET(STATUS, ERROR) | KRESET(STATUS, OUT_FULL) | KRESET(STATUS, BUS_ERROR) |
           KRESET(STATUS, HELD) | KRESET(STATUS, BAD_ARGS) | KRESET(STATUS, BAD_OFFSETS)},
      {"ERR_CLASS", KREG(ERR_CLASS), Kind::kRo, 0, KRESET(ERR_CLASS, CLASS)},
#define KRES(reg) {#reg, KREG(reg), Kind::kRo, 0, KRESET(reg, VALUE)}
      KRES(ERR_OFFSET_LO),
      KRES(ERR_OFFSET_HI),
      KRES(IN_BYTES_LO),
      KRES(IN_BYTES_HI),
      KRES(OUT_BYTES_LO),
      KRES(OUT_BYTES_HI),
      KRES(UNITS_LO),
      KRES(UNITS_HI),
      KRES(UTF16_UNITS_LO),
      KRES(UTF16_UNITS_HI),
      KRES(CYCLES_LO),
      KRES(CYCLES_HI),
      KRES(BAD_STRINGS_LO),
      KRES(BAD_STRINGS_HI),
      KRES(FIRST_BAD_LO),
      KRES(FIRST_BAD_HI),
#undef KRES
      {"ID", KREG(ID), Kind::kRo, 0, KRESET(ID, ID)},
      {"VERSION", KREG(VERSION), Kind::kRo, 0, KRESET(VERSION, MAJOR) | KRESET(VERSION, MINOR)},
      {"CAPS", KREG(CAPS), Kind::kRo, 0, KRESET(CAPS, DATA_WIDTH) | KRESET(CAPS, OPS)},
  };
  for (int c = 1; c <= 6; ++c) {
    r.push_back({"CLASS_COUNT[" + std::to_string(c - 1) + "]", ClassCountOffset(c), Kind::kRo, 0,
                 KRESET(CLASS_COUNTX, COUNT)});
  }
  return r;
}

// CAPS as an instance with parameters p must read.
uint32_t CapsFor(const Params& p) {
  return ((p.data_width << KPOS(CAPS, DATA_WIDTH)) & KMASK(CAPS, DATA_WIDTH)) |
         ((p.ops << KPOS(CAPS, OPS)) & KMASK(CAPS, OPS));
}

// Writable bits of a read/write register in an instance (SRC, DST and OFFSETS
// keep only ADDR_WIDTH bits).
uint32_t WritableMask(const RegInfo& r, const Params& p) {
  const uint64_t am = AddrMask(p);
  if (r.offset == KREG(SRC_LO) || r.offset == KREG(DST_LO) || r.offset == KREG(OFFSETS_LO))
    return r.mask & static_cast<uint32_t>(am);
  if (r.offset == KREG(SRC_HI) || r.offset == KREG(DST_HI) || r.offset == KREG(OFFSETS_HI)) {
    return r.mask & static_cast<uint32_t>(am >> 32);
  }
  return r.mask;
}

uint32_t StrbMask(uint32_t strb) {
  uint32_t m = 0;
  for (int b = 0; b < 4; ++b) {
    if (strb & (1u << b)) m |= 0xFFu << (8 * b);
  }
  return m;
}

// ---------------------------------------------------------------------------
// What the core reports at job_done, and what it saw at job_start.
struct Results {
  uint32_t status = 0;     // 6 bits, STATUS bits 5:0
  uint32_t err_class = 0;  // 3 bits
  uint64_t err_offset = 0, in_bytes = 0, out_bytes = 0, units = 0, utf16_units = 0, cycles = 0;
  uint64_t bad_strings = 0, first_bad = 0;
  uint32_t class_count[6] = {};
};

Results RandomResults(Rng* rng) {
  Results r;
  r.status = rng->below(64);
  r.err_class = rng->below(8);
  r.err_offset = rng->u64();
  r.in_bytes = rng->u64();
  r.out_bytes = rng->u64();
  r.units = rng->u64();
  r.utf16_units = rng->u64();
  r.cycles = rng->u64();
  for (uint32_t& c : r.class_count) c = static_cast<uint32_t>(rng->u64());
  r.bad_strings = rng->u64();
  r.first_bad = rng->u64();
  return r;
}

// Every result register's offset and the value it must read for results r.
std::vector<std::pair<uint32_t, uint32_t>> ExpectedResultReads(const Results& r) {
  const uint32_t status =
      ((r.status & 1) ? KMASK(STATUS, ERROR) : 0) | ((r.status & 2) ? KMASK(STATUS, OUT_FULL) : 0) |
      ((r.status & 4) ? KMASK(STATUS, BUS_ERROR) : 0) | ((r.status & 8) ? KMASK(STATUS, HELD) : 0) |
      ((r.status & 16) ? KMASK(STATUS, BAD_ARGS) : 0) | ((r.status & 32) ? KMASK(STATUS, BAD_OFFSETS) : 0);
  std::vector<std::pair<uint32_t, uint32_t>> v = {
      {KREG(STATUS), status},
      {KREG(ERR_CLASS), (r.err_class << KPOS(ERR_CLASS, CLASS)) & KMASK(ERR_CLASS, CLASS)},
  };
  auto pair64 = [&v](uint32_t lo, uint32_t hi, uint64_t x) {
    v.push_back({lo, static_cast<uint32_t>(x)});
    v.push_back({hi, static_cast<uint32_t>(x >> 32)});
  };
  pair64(KREG(ERR_OFFSET_LO), KREG(ERR_OFFSET_HI), r.err_offset);
  pair64(KREG(IN_BYTES_LO), KREG(IN_BYTES_HI), r.in_bytes);
  pair64(KREG(OUT_BYTES_LO), KREG(OUT_BYTES_HI), r.out_bytes);
  pair64(KREG(UNITS_LO), KREG(UNITS_HI), r.units);
  pair64(KREG(UTF16_UNITS_LO), KREG(UTF16_UNITS_HI), r.utf16_units);
  pair64(KREG(CYCLES_LO), KREG(CYCLES_HI), r.cycles);
  pair64(KREG(BAD_STRINGS_LO), KREG(BAD_STRINGS_HI), r.bad_strings);
  pair64(KREG(FIRST_BAD_LO), KREG(FIRST_BAD_HI), r.first_bad);
  for (int c = 1; c <= 6; ++c) v.push_back({ClassCountOffset(c), r.class_count[c - 1]});
  return v;
}

// ---------------------------------------------------------------------------
// The RTL beside its cycle model: the inputs a top was given this clock, and
// every output compared. CompareRegs is true when this clock brought the run's
// first mismatch, which is the one reported.
template <class Top>
KernelRegsCycleModel::Inputs RegsInputs(const Top& t) {
  KernelRegsCycleModel::Inputs m;
  m.rst = t.rst;
  m.awaddr = t.s_axil_awaddr;
  m.awvalid = t.s_axil_awvalid;
  m.wdata = t.s_axil_wdata;
  m.wstrb = t.s_axil_wstrb;
  m.wvalid = t.s_axil_wvalid;
  m.bready = t.s_axil_bready;
  m.araddr = t.s_axil_araddr;
  m.arvalid = t.s_axil_arvalid;
  m.rready = t.s_axil_rready;
  m.job_done = t.job_done;
  m.res_status = t.res_status;
  m.res_err_class = t.res_err_class;
  m.res_err_offset = t.res_err_offset;
  m.res_in_bytes = t.res_in_bytes;
  m.res_out_bytes = t.res_out_bytes;
  m.res_units = t.res_units;
  m.res_utf16_units = t.res_utf16_units;
  m.res_cycles = t.res_cycles;
  for (int i = 0; i < 6; ++i) m.res_class_count[i] = t.res_class_count[i];
  m.res_bad_strings = t.res_bad_strings;
  m.res_first_bad = t.res_first_bad;
  return m;
}

template <class Top>
bool CompareRegs(const KernelRegsCycleModel::Outputs& e, const Top& t, CycleChecker* k) {
  const bool was_ok = k->ok();
  k->check("s_axil_awready", e.awready, t.s_axil_awready);
  k->check("s_axil_wready", e.wready, t.s_axil_wready);
  k->check("s_axil_bresp", e.bresp, t.s_axil_bresp);
  k->check("s_axil_bvalid", e.bvalid, t.s_axil_bvalid);
  k->check("s_axil_arready", e.arready, t.s_axil_arready);
  k->check("s_axil_rdata", e.rdata, t.s_axil_rdata);
  k->check("s_axil_rresp", e.rresp, t.s_axil_rresp);
  k->check("s_axil_rvalid", e.rvalid, t.s_axil_rvalid);
  k->check("res_ready", e.res_ready, t.res_ready);
  k->check("job_start", e.job_start, t.job_start);
  k->check("job_op", e.job_op, t.job_op);
  k->check("job_flags", e.job_flags, t.job_flags);
  k->check("job_src", e.job_src, t.job_src);
  k->check("job_len", e.job_len, t.job_len);
  k->check("job_dst", e.job_dst, t.job_dst);
  k->check("job_cap", e.job_cap, t.job_cap);
  k->check("job_offsets", e.job_offsets, t.job_offsets);
  k->check("job_count", e.job_count, t.job_count);
  k->check("irq", e.irq, t.irq);
  return was_ok && !k->ok();
}

struct JobArgs {
  uint32_t op = 0, flags = 0;
  uint64_t src = 0, len = 0, dst = 0, cap = 0, offsets = 0, count = 0;
  uint64_t cycle = 0;
};

enum class Order { kTogether, kAwFirst, kWFirst, kRandom };
const char* OrderName(Order o) {
  switch (o) {
    case Order::kTogether:
      return "together";
    case Order::kAwFirst:
      return "aw_first";
    case Order::kWFirst:
      return "w_first";
    default:
      return "random";
  }
}

// ---------------------------------------------------------------------------
template <class Top>
class Bench {
 public:
  struct Options {
    Order order = Order::kTogether;
    int max_delay = 0;      // random clocks before a valid rises (and between AW and W)
    double bstall = 0.0;    // probability of bready low in a clock
    double rstall = 0.0;    // probability of rready low in a clock
    bool pipeline = false;  // issue the next request before the last response
  };

  Bench(uint64_t seed, const std::string& wave_name)
      : rng_(seed),
        ctx_(MakeContext()),
        top_(std::make_unique<Top>(ctx_.get(), "TOP")),
        model_(ParamsOf<Top>().data_width, ParamsOf<Top>().ops, ParamsOf<Top>().addr_width),
        chk_("utf8_kernel_regs", seed) {
    wave_.open(ctx_.get(), top_.get(), TracePath(SafeName("kernel_regs_" + wave_name)));
    top_->clk = 0;
    Idle();
    Reset();
  }

  Options& options() { return opt_; }
  Top* top() { return top_.get(); }
  Rng& rng() { return rng_; }
  uint64_t cycle() const { return cycle_; }
  uint64_t seed() const { return rng_.seed(); }
  const std::vector<JobArgs>& jobs() const { return jobs_; }
  bool core_busy() const { return core_busy_; }
  // clocks a scheduled job_done waited for res_ready
  uint64_t done_waits() const { return done_waits_; }
  uint64_t last_ar_cycle() const { return last_ar_cycle_; }
  uint64_t last_aw_cycle() const { return last_aw_cycle_; }
  uint64_t last_w_cycle() const { return last_w_cycle_; }
  uint64_t writes_done() const { return writes_done_; }
  uint64_t reads_done() const { return reads_done_; }
  const std::vector<uint32_t>& read_log() const { return read_log_; }

  std::string where() const {
    std::ostringstream s;
    s << "cycle " << cycle_ << ", seed " << rng_.seed();
    return s.str();
  }

  void Reset(int clocks = 2) {
    top_->rst = 1;
    wq_.clear();
    rq_.clear();
    writes_in_flight_ = reads_in_flight_ = 0;
    done_at_.clear();
    core_busy_ = false;
    for (int i = 0; i < clocks; ++i) Step();
    top_->rst = 0;
    Step();  // ready rises a clock after reset
  }

  // The core's answer: job_done high in clock `at` with results r.
  void ScheduleDone(uint64_t at, const Results& r) { done_at_.push_back({at, r}); }

  void QueueWrite(uint32_t addr, uint32_t data, uint32_t strb = 0xF) {
    WriteOp op;
    op.addr = addr;
    op.data = data;
    op.strb = strb;
    op.order = opt_.order;
    if (op.order == Order::kRandom) op.order = static_cast<Order>(rng_.below(3));
    op.aw_delay = static_cast<int>(rng_.below(opt_.max_delay + 1));
    op.w_delay = static_cast<int>(rng_.below(opt_.max_delay + 1));
    if (op.order == Order::kTogether) op.w_delay = op.aw_delay;
    wq_.push_back(op);
  }
  void QueueRead(uint32_t addr) {
    rq_.push_back(ReadOp{addr, static_cast<int>(rng_.below(opt_.max_delay + 1))});
  }

  // Runs until every queued request has its response.
  void Drain() {
    const uint64_t limit = cycle_ + 200 + 40 * (wq_.size() + rq_.size());
    while ((!wq_.empty() || writes_in_flight_ || !rq_.empty() || reads_in_flight_) &&
           cycle_ < limit) {
      Step();
    }
    if (!wq_.empty() || writes_in_flight_ || !rq_.empty() || reads_in_flight_) {
      Fail("requests still without a response (hung)");
    }
  }

  void Write(uint32_t addr, uint32_t data, uint32_t strb = 0xF) {
    QueueWrite(addr, data, strb);
    Drain();
  }
  uint32_t Read(uint32_t addr) {
    const uint64_t before = reads_done_;
    QueueRead(addr);
    Drain();
    return reads_done_ > before ? read_log_.back() : 0xDEADBEEF;
  }

  void Clocks(int n) {
    for (int i = 0; i < n; ++i) Step();
  }

  // One clock: drive this clock's inputs, check the outputs, rising edge.
  void Step() {
    DriveWrite();
    DriveRead();
    top_->s_axil_bready = !rng_.chance(opt_.bstall);
    top_->s_axil_rready = !rng_.chance(opt_.rstall);
    DriveCore();
    top_->clk = 0;
    top_->eval();
    wave_.dump();
    ctx_->timeInc(1);

    const KernelRegsCycleModel::Inputs model_in = RegsInputs(*top_);
    CompareWithModel();
    const bool in_reset = top_->rst;
    if (!in_reset) CheckSlave();
    const bool aw_hs = top_->s_axil_awvalid && top_->s_axil_awready;
    const bool w_hs = top_->s_axil_wvalid && top_->s_axil_wready;
    const bool b_hs = top_->s_axil_bvalid && top_->s_axil_bready;
    const bool ar_hs = top_->s_axil_arvalid && top_->s_axil_arready;
    const bool r_hs = top_->s_axil_rvalid && top_->s_axil_rready;
    if (!in_reset && top_->job_start) {
      if (core_busy_) Fail("job_start while a job runs");
      JobArgs a;
      a.op = top_->job_op;
      a.flags = top_->job_flags;
      a.src = top_->job_src;
      a.len = top_->job_len;
      a.dst = top_->job_dst;
      a.cap = top_->job_cap;
      a.offsets = top_->job_offsets;
      a.count = top_->job_count;
      a.cycle = cycle_;
      jobs_.push_back(a);
      core_busy_ = true;
    }
    if (top_->job_done) core_busy_ = false;
    prev_b_held_ = top_->s_axil_bvalid && !top_->s_axil_bready;
    prev_r_held_ = top_->s_axil_rvalid && !top_->s_axil_rready;
    prev_rdata_ = top_->s_axil_rdata;
    const uint32_t rdata = top_->s_axil_rdata;

    top_->clk = 1;
    top_->eval();
    wave_.dump();
    ctx_->timeInc(1);
    model_.tick(model_in);
    ++cycle_;
    if (in_reset) return;

    if (!wq_.empty()) {
      WriteOp& op = wq_.front();
      if (aw_hs) {
        op.aw_done = true;
        last_aw_cycle_ = cycle_ - 1;
      }
      if (w_hs) {
        op.w_done = true;
        last_w_cycle_ = cycle_ - 1;
      }
      if (op.aw_done && op.w_done) {
        wq_.pop_front();
        ++writes_in_flight_;
      }
    }
    if (b_hs) {
      if (writes_in_flight_ == 0) Fail("B response without a write whose AW and W were taken");
      if (writes_in_flight_ > 0) --writes_in_flight_;
      ++writes_done_;
    }
    if (ar_hs) {
      rq_.pop_front();
      ++reads_in_flight_;
      last_ar_cycle_ = cycle_ - 1;
    }
    if (r_hs) {
      if (reads_in_flight_ == 0) Fail("R response without a read");
      if (reads_in_flight_ > 0) --reads_in_flight_;
      ++reads_done_;
      read_log_.push_back(rdata);
    }
  }

  void Fail(const std::string& what) {
    wave_.flush();
    ADD_FAILURE() << "utf8_kernel_regs: " << what << " at " << where();
  }

 private:
  struct WriteOp {
    uint32_t addr = 0, data = 0, strb = 0;
    Order order = Order::kTogether;
    int aw_delay = 0, w_delay = 0;
    bool aw_done = false, w_done = false;
  };
  struct ReadOp {
    uint32_t addr;
    int delay;
  };

  void Idle() {
    top_->s_axil_awvalid = 0;
    top_->s_axil_wvalid = 0;
    top_->s_axil_arvalid = 0;
    top_->s_axil_bready = 0;
    top_->s_axil_rready = 0;
    top_->job_done = 0;
  }

  void DriveWrite() {
    top_->s_axil_awvalid = 0;
    top_->s_axil_wvalid = 0;
    // An idle channel carries noise: nothing may be taken from it.
    top_->s_axil_awaddr = rng_.below(kWindowBytes);
    top_->s_axil_wdata = static_cast<uint32_t>(rng_.u64());
    top_->s_axil_wstrb = rng_.below(16);
    top_->s_axil_awprot = rng_.below(8);
    if (wq_.empty() || top_->rst) return;
    if (!opt_.pipeline && writes_in_flight_ != 0) return;
    WriteOp& op = wq_.front();
    const bool aw_ok = !op.aw_done && (op.order != Order::kWFirst || op.w_done);
    const bool w_ok = !op.w_done && (op.order != Order::kAwFirst || op.aw_done);
    if (aw_ok) {
      if (op.aw_delay > 0) {
        --op.aw_delay;
      } else {
        top_->s_axil_awvalid = 1;
        top_->s_axil_awaddr = op.addr;
      }
    }
    if (w_ok) {
      if (op.w_delay > 0) {
        --op.w_delay;
      } else {
        top_->s_axil_wvalid = 1;
        top_->s_axil_wdata = op.data;
        top_->s_axil_wstrb = op.strb;
      }
    }
  }

  void DriveRead() {
    top_->s_axil_arvalid = 0;
    top_->s_axil_araddr = rng_.below(kWindowBytes);
    top_->s_axil_arprot = rng_.below(8);
    if (rq_.empty() || top_->rst) return;
    if (!opt_.pipeline && reads_in_flight_ != 0) return;
    ReadOp& op = rq_.front();
    if (op.delay > 0) {
      --op.delay;
      return;
    }
    top_->s_axil_arvalid = 1;
    top_->s_axil_araddr = op.addr;
  }

  void DriveCore() {
    Results r = RandomResults(&rng_);  // noise unless job_done
    top_->job_done = 0;
    if (!done_at_.empty() && done_at_.front().first <= cycle_) {
      if (done_at_.front().first < cycle_) Fail("a job_done was scheduled in the past");
      if (top_->res_ready) {
        top_->job_done = 1;
        r = done_at_.front().second;
        done_at_.pop_front();
      } else {
        // as the core does: the job waits until the last one is acknowledged
        done_at_.front().first = cycle_ + 1;
        ++done_waits_;
      }
    }
    top_->res_status = r.status;
    top_->res_err_class = r.err_class;
    top_->res_err_offset = r.err_offset;
    top_->res_in_bytes = r.in_bytes;
    top_->res_out_bytes = r.out_bytes;
    top_->res_units = r.units;
    top_->res_utf16_units = r.utf16_units;
    top_->res_cycles = r.cycles;
    for (int i = 0; i < 6; ++i) top_->res_class_count[i] = r.class_count[i];
    top_->res_bad_strings = r.bad_strings;
    top_->res_first_bad = r.first_bad;
  }

  // Every output against the cycle model, every clock; the first mismatch
  // fails the test (later ones are only counted).
  void CompareWithModel() {
    chk_.set_cycle(cycle_);
    if (CompareRegs(model_.outputs(), *top_, &chk_)) {
      wave_.flush();
      ADD_FAILURE() << chk_.message();
    }
  }

  // The slave's side of AXI4-Lite, every clock.
  void CheckSlave() {
    if (prev_b_held_ && !top_->s_axil_bvalid) Fail("bvalid fell before bready");
    if (prev_r_held_ && !top_->s_axil_rvalid) Fail("rvalid fell before rready");
    if (prev_r_held_ && top_->s_axil_rdata != prev_rdata_) Fail("rdata changed before rready");
    if (top_->s_axil_bvalid && top_->s_axil_bresp != 0) Fail("bresp not OKAY");
    if (top_->s_axil_rvalid && top_->s_axil_rresp != 0) Fail("rresp not OKAY");
  }

  Options opt_;
  Rng rng_;
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Top> top_;
  FstTrace<Top> wave_;
  KernelRegsCycleModel model_;
  CycleChecker chk_;
  uint64_t cycle_ = 0;

  std::deque<WriteOp> wq_;
  std::deque<ReadOp> rq_;
  int writes_in_flight_ = 0, reads_in_flight_ = 0;
  uint64_t writes_done_ = 0, reads_done_ = 0;
  std::vector<uint32_t> read_log_;
  uint64_t last_ar_cycle_ = 0, last_aw_cycle_ = 0, last_w_cycle_ = 0;
  bool prev_b_held_ = false, prev_r_held_ = false;
  uint32_t prev_rdata_ = 0;

  std::deque<std::pair<uint64_t, Results>> done_at_;
  bool core_busy_ = false;
  uint64_t done_waits_ = 0;
  std::vector<JobArgs> jobs_;
};

using DefaultBench = Bench<Vutf8_kernel_regs>;
using NarrowBench = Bench<Vutf8_kernel_regs_narrow>;

std::string Hex(uint32_t x) {
  std::ostringstream s;
  s << "0x" << std::hex << x;
  return s.str();
}

// Every register in the map and every unmapped word of the window.
template <class B>
void ExpectResetValues(B* b, const Params& p) {
  std::map<uint32_t, uint32_t> want;
  for (const RegInfo& r : MapRegs()) want[r.offset] = r.reset;
  want[KREG(CAPS)] = CapsFor(p);
  for (uint32_t a = 0; a < kWindowBytes; a += kWordBytes) {
    const auto it = want.find(a);
    const uint32_t expect = it == want.end() ? 0 : it->second;
    EXPECT_EQ(b->Read(a), expect) << "register at " << Hex(a) << " after reset, " << b->where();
  }
}

// ---------------------------------------------------------------------------
// The header against the specification's table (typed here from section 9).

TEST(SpecMap, EveryRegisterAtItsOffset) {
  struct SpecReg {
    const char* name;
    uint32_t spec;
    uint32_t header;
  };
  const SpecReg regs[] = {
      {"CTRL", 0x000, KREG(CTRL)},
      {"GIE", 0x004, KREG(GIE)},
      {"IER", 0x008, KREG(IER)},
      {"ISR", 0x00C, KREG(ISR)},
      {"OP", 0x010, KREG(OP)},
      {"FLAGS", 0x014, KREG(FLAGS)},
      {"SRC_LO", 0x018, KREG(SRC_LO)},
      {"SRC_HI", 0x01C, KREG(SRC_HI)},
      {"LEN_LO", 0x020, KREG(LEN_LO)},
      {"LEN_HI", 0x024, KREG(LEN_HI)},
      {"DST_LO", 0x028, KREG(DST_LO)},
      {"DST_HI", 0x02C, KREG(DST_HI)},
      {"CAP_LO", 0x030, KREG(CAP_LO)},
      {"CAP_HI", 0x034, KREG(CAP_HI)},
      {"OFFSETS_LO", 0x038, KREG(OFFSETS_LO)},
      {"OFFSETS_HI", 0x03C, KREG(OFFSETS_HI)},
      {"STATUS", 0x040, KREG(STATUS)},
      {"ERR_CLASS", 0x044, KREG(ERR_CLASS)},
      {"ERR_OFFSET_LO", 0x048, KREG(ERR_OFFSET_LO)},
      {"ERR_OFFSET_HI", 0x04C, KREG(ERR_OFFSET_HI)},
      {"IN_BYTES_LO", 0x050, KREG(IN_BYTES_LO)},
      {"IN_BYTES_HI", 0x054, KREG(IN_BYTES_HI)},
      {"OUT_BYTES_LO", 0x058, KREG(OUT_BYTES_LO)},
      {"OUT_BYTES_HI", 0x05C, KREG(OUT_BYTES_HI)},
      {"UNITS_LO", 0x060, KREG(UNITS_LO)},
      {"UNITS_HI", 0x064, KREG(UNITS_HI)},
      {"UTF16_UNITS_LO", 0x068, KREG(UTF16_UNITS_LO)},
      {"UTF16_UNITS_HI", 0x06C, KREG(UTF16_UNITS_HI)},
      {"CYCLES_LO", 0x070, KREG(CYCLES_LO)},
      {"CYCLES_HI", 0x074, KREG(CYCLES_HI)},
      {"CLASS_COUNT 1", 0x080, KREG(CLASS_COUNT[0])},
      {"CLASS_COUNT 2", 0x084, KREG(CLASS_COUNT[1])},
      {"CLASS_COUNT 3", 0x088, KREG(CLASS_COUNT[2])},
      {"CLASS_COUNT 4", 0x08C, KREG(CLASS_COUNT[3])},
      {"CLASS_COUNT 5", 0x090, KREG(CLASS_COUNT[4])},
      {"CLASS_COUNT 6", 0x094, KREG(CLASS_COUNT[5])},
      {"COUNT_LO", 0x0A0, KREG(COUNT_LO)},
      {"COUNT_HI", 0x0A4, KREG(COUNT_HI)},
      {"BAD_STRINGS_LO", 0x0A8, KREG(BAD_STRINGS_LO)},
      {"BAD_STRINGS_HI", 0x0AC, KREG(BAD_STRINGS_HI)},
      {"FIRST_BAD_LO", 0x0B0, KREG(FIRST_BAD_LO)},
      {"FIRST_BAD_HI", 0x0B4, KREG(FIRST_BAD_HI)},
      {"ID", 0x0F0, KREG(ID)},
      {"VERSION", 0x0F4, KREG(VERSION)},
      {"CAPS", 0x0F8, KREG(CAPS)},
  };
  for (const SpecReg& r : regs) EXPECT_EQ(r.header, r.spec) << r.name;
  // Nothing else in the map: the registers above and the gaps between them
  // fill it exactly, so the RDL has no register the specification lacks.
  const uint32_t gaps = sizeof(utf8_kernel_t{}.RESERVED_78_7f) +
                        sizeof(utf8_kernel_t{}.RESERVED_98_9f) +
                        sizeof(utf8_kernel_t{}.RESERVED_b8_ef);
  EXPECT_EQ(sizeof regs / sizeof regs[0] * 4 + gaps, kMapBytes);
  EXPECT_EQ(kMapBytes, 0x0FCu);
  EXPECT_EQ(kWordBytes, 4u);
}

TEST(SpecMap, FieldsAndConstants) {
  struct SpecField {
    const char* name;
    uint32_t spec_mask;
    uint32_t header_mask;
  };
  const SpecField fields[] = {
      {"CTRL.AP_START", 1u << 0, KMASK(CTRL, AP_START)},
      {"CTRL.AP_DONE", 1u << 1, KMASK(CTRL, AP_DONE)},
      {"CTRL.AP_IDLE", 1u << 2, KMASK(CTRL, AP_IDLE)},
      {"CTRL.AP_READY", 1u << 3, KMASK(CTRL, AP_READY)},
      {"GIE", 1u << 0, KMASK(GIE, GIE)},
      {"IER.done", 1u << 0, KMASK(IER, DONE)},
      {"IER.ready", 1u << 1, KMASK(IER, READY)},
      {"ISR.done", 1u << 0, KMASK(ISR, DONE)},
      {"ISR.ready", 1u << 1, KMASK(ISR, READY)},
      {"OP", 0x3, KMASK(OP, OP)},
      {"FLAGS.MODE", 1u << 0, KMASK(FLAGS, MODE)},
      {"FLAGS.CONTINUE", 1u << 1, KMASK(FLAGS, CONTINUE)},
      {"FLAGS.PARTIAL", 1u << 2, KMASK(FLAGS, PARTIAL)},
      {"FLAGS.OFFSETS64", 1u << 3, KMASK(FLAGS, OFFSETS64)},
      {"SRC_LO", 0xFFFFFFFF, KMASK(SRC_LO, VALUE)},
      {"CAP_HI", 0xFFFFFFFF, KMASK(CAP_HI, VALUE)},
      {"STATUS.ERROR", 1u << 0, KMASK(STATUS, ERROR)},
      {"STATUS.OUT_FULL", 1u << 1, KMASK(STATUS, OUT_FULL)},
      {"STATUS.BUS_ERROR", 1u << 2, KMASK(STATUS, BUS_ERROR)},
      {"STATUS.HELD", 1u << 3, KMASK(STATUS, HELD)},
      {"STATUS.BAD_ARGS", 1u << 4, KMASK(STATUS, BAD_ARGS)},
      {"STATUS.BAD_OFFSETS", 1u << 5, KMASK(STATUS, BAD_OFFSETS)},
      {"ERR_CLASS", 0x7, KMASK(ERR_CLASS, CLASS)},
      {"CLASS_COUNT", 0xFFFFFFFF, KMASK(CLASS_COUNTX, COUNT)},
      {"VERSION.major", 0xFFFF0000, KMASK(VERSION, MAJOR)},
      {"VERSION.minor", 0x0000FFFF, KMASK(VERSION, MINOR)},
      {"CAPS.DATA_WIDTH", 0x0000FFFF, KMASK(CAPS, DATA_WIDTH)},
      {"CAPS.OPS", 0x00FF0000, KMASK(CAPS, OPS)},
  };
  for (const SpecField& f : fields) EXPECT_EQ(f.header_mask, f.spec_mask) << f.name;
  EXPECT_EQ(KRESET(ID, ID), 0x55384B31u);
  EXPECT_EQ(KRESET(VERSION, MAJOR) | KRESET(VERSION, MINOR), 0x00010001u);
  EXPECT_EQ(KRESET(CAPS, DATA_WIDTH) | KRESET(CAPS, OPS), 0x000F0200u);
  EXPECT_EQ(KRESET(CTRL, AP_IDLE), KMASK(CTRL, AP_IDLE)) << "idle after reset";
}

// ---------------------------------------------------------------------------
// The RTL against the header.

TEST(KernelRegs, ResetValues) {
  DefaultBench b(SeedFromEnv(1), "ResetValues");
  ExpectResetValues(&b, kDefaultParams);
  // ...and again after a reset that interrupts a job and follows writes
  for (const RegInfo& r : MapRegs()) {
    if (r.kind == Kind::kRw) b.Write(r.offset, 0xFFFFFFFF);
  }
  b.Write(KREG(CTRL), KMASK(CTRL, AP_START));
  b.Clocks(3);
  ASSERT_TRUE(b.core_busy());
  b.Reset();
  ExpectResetValues(&b, kDefaultParams);
  EXPECT_FALSE(b.top()->irq);
}

TEST(KernelRegs, ReadWriteEveryRegister) {
  DefaultBench b(SeedFromEnv(2), "ReadWriteEveryRegister");
  Rng& rng = b.rng();
  const std::vector<RegInfo> regs = MapRegs();
  std::map<uint32_t, uint32_t> now;  // what each register holds
  for (const RegInfo& r : regs)
    now[r.offset] = r.offset == KREG(CAPS) ? CapsFor(kDefaultParams) : r.reset;
  for (int round = 0; round < 8; ++round) {
    for (const RegInfo& r : regs) {
      if (r.kind == Kind::kIsr) continue;  // ISR toggles: its own test
      uint32_t v = static_cast<uint32_t>(rng.u64());
      if (round == 0) v = 0xFFFFFFFF;
      if (round == 1) v = 0;
      // CTRL: AP_START would start a job; its own test. Every other bit is read-only.
      if (r.kind == Kind::kCtrl) v &= ~KMASK(CTRL, AP_START);
      b.Write(r.offset, v);
      if (r.kind == Kind::kRw) now[r.offset] = v & r.mask;
      // read back at once, then every register: nothing else moved
      EXPECT_EQ(b.Read(r.offset), now[r.offset])
          << r.name << " after writing " << Hex(v) << ", " << b.where();
    }
    for (const RegInfo& r : regs) {
      EXPECT_EQ(b.Read(r.offset), now[r.offset])
          << r.name << ", round " << round << ", " << b.where();
    }
  }
  EXPECT_TRUE(b.jobs().empty()) << "no job was asked for";
  // the arguments as the core sees them when it takes the job
  b.Write(KREG(CTRL), KMASK(CTRL, AP_START));
  b.Clocks(2);
  ASSERT_EQ(b.jobs().size(), 1u);
  const JobArgs& t = b.jobs()[0];
  EXPECT_EQ(t.op, (now[KREG(OP)] & KMASK(OP, OP)) >> KPOS(OP, OP));
  EXPECT_EQ(t.src, (uint64_t{now[KREG(SRC_HI)]} << 32) | now[KREG(SRC_LO)]);
  EXPECT_EQ(t.len, (uint64_t{now[KREG(LEN_HI)]} << 32) | now[KREG(LEN_LO)]);
  EXPECT_EQ(t.dst, (uint64_t{now[KREG(DST_HI)]} << 32) | now[KREG(DST_LO)]);
  EXPECT_EQ(t.cap, (uint64_t{now[KREG(CAP_HI)]} << 32) | now[KREG(CAP_LO)]);
  EXPECT_EQ(t.offsets, (uint64_t{now[KREG(OFFSETS_HI)]} << 32) | now[KREG(OFFSETS_LO)]);
  EXPECT_EQ(t.count, (uint64_t{now[KREG(COUNT_HI)]} << 32) | now[KREG(COUNT_LO)]);
}

TEST(KernelRegs, UnmappedAndUnalignedAddresses) {
  DefaultBench b(SeedFromEnv(3), "UnmappedAndUnalignedAddresses");
  Rng& rng = b.rng();
  std::map<uint32_t, const RegInfo*> mapped;
  const std::vector<RegInfo> regs = MapRegs();
  for (const RegInfo& r : regs) mapped[r.offset] = &r;
  for (const RegInfo& r : regs) {
    if (r.kind == Kind::kRw) b.Write(r.offset, static_cast<uint32_t>(rng.u64()));
  }
  std::vector<uint32_t> before;
  for (const RegInfo& r : regs) before.push_back(b.Read(r.offset));
  // Every unmapped word of the window: written, then read back as 0.
  for (uint32_t a = 0; a < kWindowBytes; a += kWordBytes) {
    if (mapped.count(a) == 0) b.Write(a, static_cast<uint32_t>(rng.u64()));
  }
  for (uint32_t a = 0; a < kWindowBytes; a += kWordBytes) {
    if (mapped.count(a) == 0) {
      EXPECT_EQ(b.Read(a), 0u) << "unmapped " << Hex(a) << ", " << b.where();
    }
  }
  for (size_t i = 0; i < regs.size(); ++i) {
    EXPECT_EQ(b.Read(regs[i].offset), before[i]) << regs[i].name << " changed by unmapped writes";
  }
  // Bits 1:0 of an address are ignored: a word is read and written whole.
  for (uint32_t lsb = 1; lsb < 4; ++lsb) {
    EXPECT_EQ(b.Read(KREG(ID) + lsb), KRESET(ID, ID));
    b.Write(KREG(LEN_LO) + lsb, 0x12345678u + lsb);
    EXPECT_EQ(b.Read(KREG(LEN_LO)), 0x12345678u + lsb);
  }
  EXPECT_TRUE(b.jobs().empty());
}

TEST(KernelRegs, WriteStrobes) {
  DefaultBench b(SeedFromEnv(4), "WriteStrobes");
  Rng& rng = b.rng();
  const std::vector<RegInfo> regs = MapRegs();
  std::map<uint32_t, uint32_t> now;
  for (const RegInfo& r : regs) {
    if (r.kind != Kind::kRw) continue;
    b.Write(r.offset, 0);
    now[r.offset] = 0;
  }
  for (int i = 0; i < 400; ++i) {
    const RegInfo& r = regs[rng.below(static_cast<uint32_t>(regs.size()))];
    if (r.kind != Kind::kRw) continue;
    const uint32_t strb = (i < 32) ? static_cast<uint32_t>(i & 15) : rng.below(16);
    const uint32_t v = static_cast<uint32_t>(rng.u64());
    b.Write(r.offset, v, strb);
    const uint32_t m = StrbMask(strb) & r.mask;
    now[r.offset] = (now[r.offset] & ~m) | (v & m);
    EXPECT_EQ(b.Read(r.offset), now[r.offset])
        << r.name << " written " << Hex(v) << " with wstrb " << Hex(strb) << ", " << b.where();
  }
  // AP_START is in byte 0: a set bit 0 without its strobe starts nothing.
  b.Write(KREG(CTRL), KMASK(CTRL, AP_START), 0xE);
  b.Clocks(4);
  EXPECT_TRUE(b.jobs().empty()) << "AP_START set without its byte's strobe";
  b.Write(KREG(CTRL), KMASK(CTRL, AP_START), 0x1);
  b.Clocks(4);
  EXPECT_EQ(b.jobs().size(), 1u);
  // ISR's toggle, likewise
  b.Write(KREG(ISR), KMASK(ISR, DONE) | KMASK(ISR, READY), 0xE);
  EXPECT_EQ(b.Read(KREG(ISR)), KMASK(ISR, READY)) << "only the job's READY; no toggle";
}

// The ap_ctrl_chain sequence, with the bench as the core.
TEST(KernelRegs, CtrlSequencing) {
  DefaultBench b(SeedFromEnv(5), "CtrlSequencing");
  Rng& rng = b.rng();
  const uint32_t kStart = KMASK(CTRL, AP_START), kDone = KMASK(CTRL, AP_DONE),
                 kIdle = KMASK(CTRL, AP_IDLE), kReady = KMASK(CTRL, AP_READY),
                 kContinue = KMASK(CTRL, AP_CONTINUE);
  auto check_results = [&b](const Results& r, const char* when) {
    for (const auto& [off, v] : ExpectedResultReads(r)) {
      EXPECT_EQ(b.Read(off), v) << "result at " << Hex(off) << " " << when << ", " << b.where();
    }
  };
  auto check_args = [](const JobArgs& got, const JobArgs& want) {
    EXPECT_EQ(got.op, want.op);
    EXPECT_EQ(got.flags, want.flags);
    EXPECT_EQ(got.src, want.src);
    EXPECT_EQ(got.len, want.len);
    EXPECT_EQ(got.dst, want.dst);
    EXPECT_EQ(got.cap, want.cap);
    EXPECT_EQ(got.offsets, want.offsets);
    EXPECT_EQ(got.count, want.count);
  };
  // Ends the running job with results r and waits until the core is free.
  auto finish = [&b, &rng](const Results& r) {
    b.ScheduleDone(b.cycle() + 1 + rng.below(20), r);
    const uint64_t limit = b.cycle() + 200;
    while (b.core_busy() && b.cycle() < limit) b.Step();
    ASSERT_FALSE(b.core_busy()) << "job_done never came, " << b.where();
    b.Clocks(1);
  };
  Results last{};  // what the result registers hold: reset values until a job ends
  size_t jobs = 0;
  for (int job = 0; job < 12; ++job) {
    JobArgs want;
    want.op = rng.below(4);
    want.flags = rng.below(16);
    want.src = rng.u64();
    want.len = rng.u64();
    want.dst = rng.u64();
    want.cap = rng.u64();
    want.offsets = rng.u64();
    want.count = rng.u64();
    b.Write(KREG(OP), want.op << KPOS(OP, OP));
    b.Write(KREG(FLAGS), ((want.flags & 1) ? KMASK(FLAGS, MODE) : 0) |
                             ((want.flags & 2) ? KMASK(FLAGS, CONTINUE) : 0) |
                             ((want.flags & 4) ? KMASK(FLAGS, PARTIAL) : 0) |
                             ((want.flags & 8) ? KMASK(FLAGS, OFFSETS64) : 0));
    b.Write(KREG(SRC_LO), static_cast<uint32_t>(want.src));
    b.Write(KREG(SRC_HI), static_cast<uint32_t>(want.src >> 32));
    b.Write(KREG(LEN_LO), static_cast<uint32_t>(want.len));
    b.Write(KREG(LEN_HI), static_cast<uint32_t>(want.len >> 32));
    b.Write(KREG(DST_LO), static_cast<uint32_t>(want.dst));
    b.Write(KREG(DST_HI), static_cast<uint32_t>(want.dst >> 32));
    b.Write(KREG(CAP_LO), static_cast<uint32_t>(want.cap));
    b.Write(KREG(CAP_HI), static_cast<uint32_t>(want.cap >> 32));
    b.Write(KREG(OFFSETS_LO), static_cast<uint32_t>(want.offsets));
    b.Write(KREG(OFFSETS_HI), static_cast<uint32_t>(want.offsets >> 32));
    b.Write(KREG(COUNT_LO), static_cast<uint32_t>(want.count));
    b.Write(KREG(COUNT_HI), static_cast<uint32_t>(want.count >> 32));
    EXPECT_EQ(b.jobs().size(), jobs) << "a job started without AP_START";
    EXPECT_EQ(b.Read(KREG(CTRL)), kIdle) << b.where();

    // AP_START, with noise in the read-only bits (AP_CONTINUE with nothing to
    // acknowledge does nothing)
    const uint64_t asked = b.cycle();
    b.Write(KREG(CTRL), kStart | (static_cast<uint32_t>(rng.u64()) & ~kStart));
    b.Clocks(2);
    ASSERT_EQ(b.jobs().size(), ++jobs) << "AP_START did not start a job, " << b.where();
    EXPECT_GT(b.jobs().back().cycle, asked);
    check_args(b.jobs().back(), want);

    // Arguments written while the job runs are the next job's.
    JobArgs next = want;
    next.op = rng.below(4);
    next.len = (want.len & ~uint64_t{0xFFFFFFFF}) | static_cast<uint32_t>(rng.u64());
    b.Write(KREG(OP), next.op << KPOS(OP, OP));
    b.Write(KREG(LEN_LO), static_cast<uint32_t>(next.len));

    // taken: AP_START clear, AP_READY set until CTRL is read (reads of the
    // other registers leave it), not idle, not done
    check_results(last, "while a job runs");
    EXPECT_EQ(b.Read(KREG(CTRL)), kReady) << b.where();
    EXPECT_EQ(b.Read(KREG(CTRL)), 0u) << "AP_READY not cleared by the read, " << b.where();

    const Results res = RandomResults(&rng);
    if (job % 2 == 0) {
      // One job alone: it ends, its results stay until AP_CONTINUE.
      finish(res);
      last = res;
      check_results(last, "after the job");
      EXPECT_EQ(b.Read(KREG(CTRL)), kDone | kIdle) << b.where();
      EXPECT_EQ(b.Read(KREG(CTRL)), kIdle) << "AP_DONE not cleared by the read, " << b.where();
      b.Write(KREG(CTRL), kContinue);
      continue;
    }
    // Queued: the next job is taken at once into the pending slot (AP_READY),
    // but does not start while this one runs; a third AP_START then waits
    // (reads 1) for the slot.
    b.Write(KREG(CTRL), kStart);
    b.Clocks(2);
    EXPECT_EQ(b.Read(KREG(CTRL)), kReady) << "the queued start not taken, " << b.where();
    EXPECT_EQ(b.jobs().size(), jobs) << "started while a job runs";
    b.Write(KREG(CTRL), kStart);
    b.Clocks(2);
    EXPECT_EQ(b.Read(KREG(CTRL)), kStart) << "a third job taken, " << b.where();
    // The first ends: the second starts from the slot, and the third is taken.
    finish(res);
    b.Clocks(3);  // the second starts, the slot frees, the third is taken
    last = res;
    ASSERT_EQ(b.jobs().size(), ++jobs) << b.where();
    check_args(b.jobs().back(), next);
    EXPECT_EQ(b.Read(KREG(CTRL)), kDone | kReady) << b.where();
    check_results(res, "of the job before, while the next runs");
    // The second job ends, but waits for AP_CONTINUE: the results stay the first's.
    const Results res2 = RandomResults(&rng);
    const uint64_t waits = b.done_waits();
    b.ScheduleDone(b.cycle() + 1, res2);
    b.Clocks(30);
    EXPECT_TRUE(b.core_busy()) << "a job ended before the last was acknowledged, " << b.where();
    EXPECT_GT(b.done_waits(), waits);
    check_results(res, "while the next waits for AP_CONTINUE");
    EXPECT_EQ(b.Read(KREG(CTRL)), 0u) << b.where();
    b.Write(KREG(CTRL), kContinue);
    b.Clocks(4);
    // the second ends, and the third starts in its place
    ASSERT_EQ(b.jobs().size(), ++jobs) << "AP_CONTINUE did not let the job end, " << b.where();
    EXPECT_TRUE(b.core_busy());
    check_args(b.jobs().back(), next);
    check_results(res2, "of the second job");
    EXPECT_EQ(b.Read(KREG(CTRL)), kDone) << b.where();
    b.Write(KREG(CTRL), kContinue);
    // the third
    last = RandomResults(&rng);
    finish(last);
    check_results(last, "after the third job");
    EXPECT_EQ(b.Read(KREG(CTRL)), kDone | kIdle) << b.where();
    b.Write(KREG(CTRL), kContinue);
  }
}

// job_done with no job running changes nothing; a read of CTRL in the clock
// AP_DONE is set returns it clear and does not clear it.
TEST(KernelRegs, DoneEdgeCases) {
  DefaultBench b(SeedFromEnv(6), "DoneEdgeCases");
  Rng& rng = b.rng();
  const Results stray = RandomResults(&rng);
  b.ScheduleDone(b.cycle() + 1, stray);
  b.Clocks(4);
  EXPECT_EQ(b.Read(KREG(CTRL)), KMASK(CTRL, AP_IDLE));
  EXPECT_EQ(b.Read(KREG(ISR)), 0u);
  for (const auto& [off, v] : ExpectedResultReads(Results{})) {
    EXPECT_EQ(b.Read(off), v) << "stray job_done latched " << Hex(off);
  }

  b.Write(KREG(CTRL), KMASK(CTRL, AP_START));
  b.Clocks(2);
  ASSERT_EQ(b.jobs().size(), 1u);
  EXPECT_EQ(b.Read(KREG(CTRL)), KMASK(CTRL, AP_READY));
  // A read issued with no delay in an idle bench has its address taken in the
  // clock it is issued: put job_done in that clock.
  const Results res = RandomResults(&rng);
  const uint64_t c0 = b.cycle();
  b.ScheduleDone(c0, res);
  const uint32_t seen = b.Read(KREG(CTRL));
  ASSERT_EQ(b.last_ar_cycle(), c0) << "the read was not taken where expected";
  EXPECT_EQ(seen & KMASK(CTRL, AP_DONE), 0u) << "the read saw AP_DONE of its own clock";
  EXPECT_EQ(b.Read(KREG(CTRL)), KMASK(CTRL, AP_DONE) | KMASK(CTRL, AP_IDLE))
      << "AP_DONE lost to a read in the clock that set it";
  EXPECT_EQ(b.Read(KREG(CTRL)), KMASK(CTRL, AP_IDLE));
}

TEST(KernelRegs, IsrToggleAndEvents) {
  DefaultBench b(SeedFromEnv(7), "IsrToggleAndEvents");
  const uint32_t kD = KMASK(ISR, DONE), kR = KMASK(ISR, READY);
  // toggles from software alone
  uint32_t isr = 0;
  for (uint32_t w : {kD, kR, kD | kR, kD, 0u, kR, kD | kR, kD | kR}) {
    b.Write(KREG(ISR), w);
    isr ^= w;
    EXPECT_EQ(b.Read(KREG(ISR)), isr) << "after writing " << Hex(w);
  }
  b.Write(KREG(ISR), isr);  // clear
  ASSERT_EQ(b.Read(KREG(ISR)), 0u);
  // the kernel's events set them (whatever IER says)
  b.Write(KREG(CTRL), KMASK(CTRL, AP_START));
  EXPECT_EQ(b.Read(KREG(ISR)), kR);
  b.ScheduleDone(b.cycle() + 3, Results{});
  b.Clocks(6);
  EXPECT_EQ(b.Read(KREG(ISR)), kD | kR);
  b.Write(KREG(ISR), kR);
  EXPECT_EQ(b.Read(KREG(ISR)), kD);
  b.Write(KREG(CTRL), KMASK(CTRL, AP_CONTINUE));

  // A set by the kernel in the clock a toggle reaches ISR wins. Find that
  // clock: a write issued with no delay in an idle bench first shows on irq
  // (a register fed from the next values, as every control register is)
  // `lag` clocks after the clock it is issued in, so it changes its register
  // at the end of clock issue + lag - 1. ISR.DONE is set here; GIE goes 0 to 1
  // with IER.DONE set.
  b.Write(KREG(IER), KMASK(IER, DONE));
  ASSERT_FALSE(b.top()->irq);
  const uint64_t t0 = b.cycle();
  b.QueueWrite(KREG(GIE), KMASK(GIE, GIE));
  uint64_t lag = 0;
  while (lag == 0 && b.cycle() < t0 + 50) {
    b.Step();
    if (b.top()->irq) lag = b.cycle() - t0;
  }
  b.Drain();
  ASSERT_GT(lag, 0u) << "the write to GIE never reached irq";
  b.Write(KREG(GIE), 0);
  b.Write(KREG(IER), 0);
  for (int k = -3; k <= 3; ++k) {
    // ISR.DONE set; a job runs; a write of 1 toggles DONE while job_done comes
    // k clocks from the clock of the toggle.
    b.Write(KREG(ISR), b.Read(KREG(ISR)) ^ kD);
    b.Write(KREG(CTRL), KMASK(CTRL, AP_START));
    b.Clocks(2);
    ASSERT_TRUE(b.core_busy());
    b.Write(KREG(ISR), kR);  // READY, set by the start
    ASSERT_EQ(b.Read(KREG(ISR)), kD);
    const uint64_t issue = b.cycle() + 4;
    b.ScheduleDone(issue + lag - 1 + k, Results{});
    b.Clocks(4);
    ASSERT_EQ(b.cycle(), issue);
    b.Write(KREG(ISR), kD);
    b.Clocks(6);
    ASSERT_FALSE(b.core_busy());
    // before the toggle: set, then toggled clear; with it or after: set
    const uint32_t want = k >= 0 ? kD : 0u;
    EXPECT_EQ(b.Read(KREG(ISR)), want) << "job_done " << k << " clocks from the toggle";
    b.Write(KREG(CTRL), KMASK(CTRL, AP_CONTINUE));
  }
}

TEST(KernelRegs, IrqFromGieIerIsr) {
  DefaultBench b(SeedFromEnv(8), "IrqFromGieIerIsr");
  const uint32_t kD = KMASK(ISR, DONE), kR = KMASK(ISR, READY);
  uint32_t isr = 0;
  for (uint32_t gie = 0; gie < 2; ++gie) {
    for (uint32_t ier = 0; ier < 4; ++ier) {
      for (uint32_t want_isr = 0; want_isr < 4; ++want_isr) {
        const uint32_t ier_bits =
            ((ier & 1) ? KMASK(IER, DONE) : 0) | ((ier & 2) ? KMASK(IER, READY) : 0);
        const uint32_t isr_bits = ((want_isr & 1) ? kD : 0) | ((want_isr & 2) ? kR : 0);
        b.Write(KREG(GIE), gie ? KMASK(GIE, GIE) : 0);
        b.Write(KREG(IER), ier_bits);
        b.Write(KREG(ISR), isr ^ isr_bits);
        isr = isr_bits;
        const bool want = gie && (ier & want_isr);
        for (int c = 0; c < 3; ++c) {
          EXPECT_EQ(b.top()->irq, want)
              << "GIE " << gie << " IER " << ier << " ISR " << want_isr << ", " << b.where();
          b.Step();
        }
      }
    }
  }
  // raised by the kernel's events: READY at the start, DONE at the end
  b.Write(KREG(ISR), isr);
  b.Write(KREG(GIE), KMASK(GIE, GIE));
  b.Write(KREG(IER), KMASK(IER, DONE));
  b.Write(KREG(CTRL), KMASK(CTRL, AP_START));
  EXPECT_FALSE(b.top()->irq) << "READY is not enabled";
  b.ScheduleDone(b.cycle() + 5, Results{});
  for (int c = 0; c < 5; ++c) {
    EXPECT_FALSE(b.top()->irq);
    b.Step();
  }
  b.Step();
  EXPECT_TRUE(b.top()->irq) << "the clock after job_done";
  b.Read(KREG(CTRL));  // reading CTRL does not touch ISR
  EXPECT_TRUE(b.top()->irq);
  b.Write(KREG(GIE), 0);
  EXPECT_FALSE(b.top()->irq);
  b.Write(KREG(GIE), KMASK(GIE, GIE));
  EXPECT_TRUE(b.top()->irq);
  b.Write(KREG(ISR), kD);
  EXPECT_FALSE(b.top()->irq);
  b.Write(KREG(IER), KMASK(IER, READY));
  EXPECT_TRUE(b.top()->irq) << "ISR.READY from the start, now enabled";
}

// Random register traffic in every AW/W order, with random delays and random
// bready/rready, against a plain model of the map.
struct StressCase {
  Order order;
  double stall;
};

void PrintTo(const StressCase& c, std::ostream* os) {
  *os << OrderName(c.order) << ", stall " << c.stall;
}

class KernelRegsStress : public ::testing::TestWithParam<StressCase> {};

TEST_P(KernelRegsStress, MatchesMapModel) {
  const StressCase sc = GetParam();
  DefaultBench b(SeedFromEnv(100 + static_cast<int>(sc.order) * 2 + (sc.stall > 0)),
                 std::string("Stress_") + OrderName(sc.order) + (sc.stall > 0 ? "_stall" : ""));
  b.options().order = sc.order;
  b.options().max_delay = 3;
  b.options().bstall = sc.stall;
  b.options().rstall = sc.stall;
  Rng& rng = b.rng();
  const std::vector<RegInfo> regs = MapRegs();
  std::map<uint32_t, uint32_t> now;
  std::map<uint32_t, const RegInfo*> info;
  for (const RegInfo& r : regs) {
    now[r.offset] = r.offset == KREG(CAPS) ? CapsFor(kDefaultParams) : r.reset;
    info[r.offset] = &r;
  }
  for (int i = 0; i < 600; ++i) {
    const uint32_t a = rng.chance(0.85) ? regs[rng.below(static_cast<uint32_t>(regs.size()))].offset
                                        : rng.below(kWindowBytes / kWordBytes) * kWordBytes;
    const auto it = info.find(a);
    if (rng.chance(0.5)) {
      if (a == KREG(CTRL)) continue;  // a job start: CtrlSequencing
      const uint32_t v = static_cast<uint32_t>(rng.u64());
      const uint32_t strb = rng.chance(0.5) ? 0xF : rng.below(16);
      b.Write(a, v, strb);
      if (it == info.end()) continue;
      const RegInfo& r = *it->second;
      if (r.kind == Kind::kRw) {
        const uint32_t m = StrbMask(strb) & r.mask;
        now[a] = (now[a] & ~m) | (v & m);
      } else if (r.kind == Kind::kIsr && (strb & 1)) {
        now[a] ^= v & (KMASK(ISR, DONE) | KMASK(ISR, READY));
      }
    } else {
      const uint32_t want = it == info.end() ? 0 : now[a];
      EXPECT_EQ(b.Read(a), want) << "at " << Hex(a) << ", " << b.where();
    }
  }
  EXPECT_TRUE(b.jobs().empty());
}

INSTANTIATE_TEST_SUITE_P(
    Orders, KernelRegsStress,
    ::testing::Values(StressCase{Order::kTogether, 0.0}, StressCase{Order::kTogether, 0.5},
                      StressCase{Order::kAwFirst, 0.0}, StressCase{Order::kAwFirst, 0.5},
                      StressCase{Order::kWFirst, 0.0}, StressCase{Order::kWFirst, 0.5},
                      StressCase{Order::kRandom, 0.0}, StressCase{Order::kRandom, 0.5}),
    [](const ::testing::TestParamInfo<StressCase>& p) {
      return std::string(OrderName(p.param.order)) + (p.param.stall > 0 ? "_stall" : "");
    });

// AW before W and W before AW by many clocks: the slave holds what came first.
TEST(KernelRegs, FarApartAddressAndData) {
  DefaultBench b(SeedFromEnv(9), "FarApartAddressAndData");
  b.options().max_delay = 12;
  for (Order o : {Order::kAwFirst, Order::kWFirst}) {
    b.options().order = o;
    for (int i = 0; i < 20; ++i) {
      const uint32_t v = static_cast<uint32_t>(b.rng().u64());
      const uint32_t a = (i & 1) ? KREG(CAP_LO) : KREG(DST_HI);
      b.Write(a, v);
      EXPECT_EQ(b.Read(a), v) << OrderName(o) << ", " << b.where();
    }
  }
}

// One write and one read every two clocks at least, both at once, with the
// master ready for every response and the next request waiting.
TEST(KernelRegs, Throughput) {
  DefaultBench b(SeedFromEnv(10), "Throughput");
  b.options().pipeline = true;
  const int n = 64;
  uint64_t t0 = b.cycle();
  for (int i = 0; i < n; ++i) b.QueueWrite(KREG(SRC_LO), static_cast<uint32_t>(i));
  b.Drain();
  const uint64_t writes_only = b.cycle() - t0;
  t0 = b.cycle();
  const size_t log0 = b.read_log().size();
  for (int i = 0; i < n; ++i) b.QueueRead(KREG(ID));
  b.Drain();
  const uint64_t reads_only = b.cycle() - t0;
  t0 = b.cycle();
  for (int i = 0; i < n; ++i) {
    b.QueueWrite(KREG(LEN_LO), static_cast<uint32_t>(i));
    b.QueueRead(KREG(VERSION));
  }
  b.Drain();
  const uint64_t both = b.cycle() - t0;
  std::printf(
      "utf8_kernel_regs: %d writes in %llu clocks, %d reads in %llu, both at once in %llu\n", n,
      static_cast<unsigned long long>(writes_only), n, static_cast<unsigned long long>(reads_only),
      static_cast<unsigned long long>(both));
  EXPECT_LE(writes_only, 2u * n + 3);
  EXPECT_LE(reads_only, 2u * n + 3);
  EXPECT_LE(both, 2u * n + 3);
  EXPECT_EQ(b.Read(KREG(SRC_LO)), static_cast<uint32_t>(n - 1));
  EXPECT_EQ(b.Read(KREG(LEN_LO)), static_cast<uint32_t>(n - 1));
  const uint32_t version = KRESET(VERSION, MAJOR) | KRESET(VERSION, MINOR);
  ASSERT_EQ(b.read_log().size(), log0 + 2 * n + 2);
  for (int i = 0; i < 2 * n; ++i) {
    EXPECT_EQ(b.read_log()[log0 + i], i < n ? KRESET(ID, ID) : version) << "read " << i;
  }
}

// Another parameter set: CAPS follows the parameters, SRC and DST keep
// ADDR_WIDTH bits.
TEST(KernelRegsNarrow, CapsAndAddressWidth) {
  NarrowBench b(SeedFromEnv(11), "Narrow");
  ExpectResetValues(&b, kNarrowParams);
  const uint64_t am = AddrMask(kNarrowParams);
  for (const RegInfo& r : MapRegs()) {
    if (r.kind != Kind::kRw) continue;
    b.Write(r.offset, 0xFFFFFFFF);
    EXPECT_EQ(b.Read(r.offset), WritableMask(r, kNarrowParams)) << r.name;
  }
  b.Write(KREG(SRC_HI), 0xA5A5A5A5);
  b.Write(KREG(SRC_LO), 0x5A5A5A5A);
  b.Write(KREG(DST_HI), 0x12345678);
  b.Write(KREG(DST_LO), 0x9ABCDEF0);
  b.Write(KREG(OFFSETS_HI), 0x0F0F0F0F);
  b.Write(KREG(OFFSETS_LO), 0xF0F0F0F0);
  b.Write(KREG(CTRL), KMASK(CTRL, AP_START));
  b.Clocks(2);
  ASSERT_EQ(b.jobs().size(), 1u);
  EXPECT_EQ(b.jobs()[0].src, 0xA5A5A5A55A5A5A5Aull & am);
  EXPECT_EQ(b.jobs()[0].dst, 0x123456789ABCDEF0ull & am);
  EXPECT_EQ(b.jobs()[0].len, ~uint64_t{0}) << "LEN keeps 64 bits";
  EXPECT_EQ(b.jobs()[0].cap, ~uint64_t{0}) << "CAP keeps 64 bits";
  EXPECT_EQ(b.jobs()[0].offsets, 0x0F0F0F0FF0F0F0F0ull & am);
  EXPECT_EQ(b.jobs()[0].count, ~uint64_t{0}) << "COUNT keeps 64 bits";
}

// ---------------------------------------------------------------------------
// The RTL beside its cycle model on inputs random every clock: requests that
// come and go without waiting for ready, writes of AP_START, job_done at any
// time (with no job too), ready low at random and resets in the middle of it
// all. Nothing is checked here but the model against the RTL, every output
// every clock; the counts say the traffic reached every part of the block.
template <class Top>
void RegsBesideModel(uint64_t seed, const Params& p, const std::string& wave_name) {
  Rng rng(seed);
  auto ctx = MakeContext();
  auto top = std::make_unique<Top>(ctx.get(), "TOP");
  FstTrace<Top> wave;
  wave.open(ctx.get(), top.get(), TracePath(SafeName("kernel_regs_" + wave_name)));
  KernelRegsCycleModel model(p.data_width, p.ops, p.addr_width);
  CycleChecker chk("utf8_kernel_regs", seed);
  std::vector<uint32_t> addrs;
  for (const RegInfo& r : MapRegs()) addrs.push_back(r.offset);
  const uint32_t control[] = {KREG(CTRL), KREG(GIE), KREG(IER), KREG(ISR)};
  auto pick = [&]() -> uint32_t {
    const uint32_t lsb = rng.chance(0.1) ? rng.below(4) : 0;
    if (rng.chance(0.4)) return control[rng.below(4)] + lsb;
    if (rng.chance(0.8)) return addrs[rng.below(static_cast<uint32_t>(addrs.size()))] + lsb;
    return rng.below(kWindowBytes);
  };
  uint64_t writes = 0, reads = 0, starts = 0, resets = 0, irqs = 0;
  const uint64_t kClocks = 20000;
  for (uint64_t cycle = 0; cycle < kClocks && chk.ok(); ++cycle) {
    top->rst = cycle < 2 || rng.chance(0.002);
    top->s_axil_awvalid = rng.chance(0.4);
    top->s_axil_awaddr = pick();
    top->s_axil_awprot = rng.below(8);
    top->s_axil_wvalid = rng.chance(0.4);
    top->s_axil_wdata = static_cast<uint32_t>(rng.u64());
    top->s_axil_wstrb = rng.chance(0.5) ? 0xF : rng.below(16);
    top->s_axil_bready = rng.chance(0.7);
    top->s_axil_arvalid = rng.chance(0.4);
    top->s_axil_araddr = pick();
    top->s_axil_arprot = rng.below(8);
    top->s_axil_rready = rng.chance(0.7);
    const Results r = RandomResults(&rng);
    // the core ends a job only while res_ready (the last one is acknowledged)
    top->job_done = rng.chance(0.05) && top->res_ready;
    top->res_status = r.status;
    top->res_err_class = r.err_class;
    top->res_err_offset = r.err_offset;
    top->res_in_bytes = r.in_bytes;
    top->res_out_bytes = r.out_bytes;
    top->res_units = r.units;
    top->res_utf16_units = r.utf16_units;
    top->res_cycles = r.cycles;
    for (int i = 0; i < 6; ++i) top->res_class_count[i] = r.class_count[i];
    top->res_bad_strings = r.bad_strings;
    top->res_first_bad = r.first_bad;
    top->clk = 0;
    top->eval();
    wave.dump();
    ctx->timeInc(1);

    chk.set_cycle(cycle);
    if (CompareRegs(model.outputs(), *top, &chk)) wave.flush();
    if (!top->rst) {
      writes += top->s_axil_bvalid && top->s_axil_bready;
      reads += top->s_axil_rvalid && top->s_axil_rready;
      starts += top->job_start;
      irqs += top->irq;
    }
    resets += top->rst;
    const KernelRegsCycleModel::Inputs in = RegsInputs(*top);
    top->clk = 1;
    top->eval();
    wave.dump();
    ctx->timeInc(1);
    model.tick(in);
  }
  ASSERT_TRUE(chk.ok()) << chk.message();
  std::printf(
      "utf8_kernel_regs beside its model, %s: %llu clocks, %llu writes, %llu reads, "
      "%llu jobs, %llu resets, irq high %llu clocks\n",
      wave_name.c_str(), static_cast<unsigned long long>(kClocks),
      static_cast<unsigned long long>(writes), static_cast<unsigned long long>(reads),
      static_cast<unsigned long long>(starts), static_cast<unsigned long long>(resets),
      static_cast<unsigned long long>(irqs));
  EXPECT_GT(writes, 1000u);
  EXPECT_GT(reads, 1000u);
  EXPECT_GT(starts, 50u);
  EXPECT_GT(irqs, 100u);
}

TEST(KernelRegsModel, RandomTrafficDefault) {
  RegsBesideModel<Vutf8_kernel_regs>(SeedFromEnv(12), kDefaultParams, "ModelDefault");
}
TEST(KernelRegsModel, RandomTrafficNarrow) {
  RegsBesideModel<Vutf8_kernel_regs_narrow>(SeedFromEnv(13), kNarrowParams, "ModelNarrow");
}

}  // namespace
}  // namespace sim
}  // namespace utf8core
