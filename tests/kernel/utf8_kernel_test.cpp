// Memory-mapped kernel (rtl/kernel/utf8_kernel.v) tests on the simulated card
// (sim/kernel/kernel_card.h): the Verilated kernel beside the AXI4 memory model,
// driven through the host library (host/utf8core_host.h) as a real host would.
// Every job's output in memory and every result register is compared with the
// functional model on the whole text as one packet, with the memory stalling
// on all five channels, and the memory model checks the kernel's AXI4 side
// (4 KiB boundaries, burst lengths, strobes only inside [DST, DST+CAP)). Runs
// at every DATA_WIDTH the build has (UTF8CORE_KERNEL_WIDTHS).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "kernel_card.h"
#include "kuhn_file.h"
#include "utf8_model.h"
#include "utf8_sample.h"
#include "utf8core_host.h"
#include "wide_test_util.h"

namespace utf8core {
namespace {

using sim::KernelCard;
using sim::KernelCardConfig;

constexpr uint64_t kSrcBase = 0x10000;   // input buffers start here
constexpr uint64_t kDstBase = 0x400000;  // output buffers start here
constexpr uint64_t kMemSize = 0x1000000;

// What the model says a text comes to, for one operation.
struct Expected {
  std::vector<Unit> units;
  std::vector<uint8_t> out;  // SANITIZE: UTF-8; DECODE_UTF32: UTF-32LE; VALIDATE: nothing
  uint64_t utf16 = 0;
  uint32_t class_count[6] = {0, 0, 0, 0, 0, 0};
  bool error = false;
  uint32_t err_class = 0;
  uint64_t err_offset = 0;
};

Expected Expect(const std::vector<uint8_t>& text, unsigned op, Mode mode) {
  Expected e;
  e.units = Decode(text, mode);
  for (const Unit& u : e.units) {
    e.utf16 += (u.cls == ErrorClass::kOk && u.code_point > 0xFFFF) ? 2 : 1;
    if (u.cls != ErrorClass::kOk) {
      e.class_count[static_cast<int>(u.cls) - 1]++;
      if (!e.error) {
        e.error = true;
        e.err_class = static_cast<uint32_t>(u.cls);
        e.err_offset = u.offset;
      }
    }
  }
  if (op == UTF8K_SANITIZE) UnitsToUtf8(e.units, &e.out);
  if (op == UTF8K_DECODE_UTF32) {
    for (const Unit& u : e.units)
      for (int k = 0; k < 4; ++k) e.out.push_back(static_cast<uint8_t>(u.code_point >> (8 * k)));
  }
  return e;
}

const char* OpName(unsigned op) {
  return op == UTF8K_VALIDATE ? "VALIDATE" : op == UTF8K_SANITIZE ? "SANITIZE" : "DECODE_UTF32";
}

// The card, the host library on it, and the checks every kernel test shares;
// dw_ and ops_ say which kernel build.
class KernelFixture : public testing::Test {
 protected:
  KernelFixture(unsigned dw, unsigned ops) : dw_(dw), ops_(ops) {}
  void MakeCard(const KernelCardConfig& base) {
    KernelCardConfig cfg = base;
    cfg.data_width = dw_;
    cfg.ops = ops_;
    cfg.mem.size = kMemSize;
    cfg.seed = sim::SeedFromEnv(cfg.seed);
    seed_ = cfg.seed;
    cfg.trace_path = sim::TracePath(sim::SafeName(testing::UnitTest::GetInstance()->current_test_info()->name()));
    card_ = std::make_unique<KernelCard>(cfg);
    host_ = sim::HostCard(card_.get(), use_irq_);
  }
  void SetUp() override {
    KernelCardConfig cfg;
    cfg.mem.read_latency = 20;
    MakeCard(cfg);
  }
  void TearDown() override {
    if (card_) {
      for (const std::string& v : card_->mem().violations()) ADD_FAILURE() << "AXI: " << v;
      // The cycle model ran beside the RTL every clock of the test.
      EXPECT_GT(card_->model_clocks(), 0u) << "cycle model not compared";
      if (!card_->model_mismatch().empty()) {
        ADD_FAILURE() << "cycle model (model/kernel/utf8_kernel.h) against the RTL: " << card_->model_mismatch()
                      << " (width " << dw_ << " OPS " << ops_ << " seed " << seed_ << ")";
      }
    }
  }
  // A card whose memory stalls on every channel and whose register bus waits.
  void MakeStallingCard(uint64_t seed) {
    KernelCardConfig cfg;
    cfg.seed = seed;
    cfg.mem.seed = seed;
    cfg.mem.read_latency = 64;
    cfg.mem.write_latency = 12;
    cfg.mem.ar_stall = cfg.mem.r_stall = cfg.mem.aw_stall = cfg.mem.w_stall = cfg.mem.b_stall = 0.3;
    cfg.axil_stall = 0.3;
    MakeCard(cfg);
  }

  // Runs a whole text at src through the kernel in pieces of the given sizes
  // (their sum is the text's length) and checks everything against the model.
  void CheckText(const std::vector<uint8_t>& text, unsigned op, Mode mode, uint64_t src, uint64_t dst,
                 const std::vector<uint64_t>& pieces, const std::string& what) {
    SCOPED_TRACE(what + " " + OpName(op) + " " + ModeName(mode) + " width " + std::to_string(dw_) +
                 " seed " + std::to_string(seed_) + " len " + std::to_string(text.size()));
    card_->mem().Write(src, text.data(), text.size());
    const Expected e = Expect(text, op, mode);
    const uint64_t cap = 4 * text.size() + 64;
    std::vector<uint8_t> guard(cap + 128, 0xA5);
    card_->mem().Write(dst - 64, guard.data(), guard.size());
    card_->mem().SetWriteWindow(dst, dst + cap);

    utf8k_text t;
    utf8k_text_begin(&t, &host_, op, mode == Mode::kAnnexR ? UTF8K_MODE_ANNEX_R : 0);
    uint64_t done = 0, out = 0;
    for (size_t i = 0; i < pieces.size(); ++i) {
      uint64_t in = 0, o = 0;
      const int rc = utf8k_text_feed(&t, src + done, pieces[i], dst + out, cap - out, i + 1 == pieces.size(), &in, &o);
      ASSERT_EQ(rc, UTF8K_OK) << utf8k_strerror(rc) << " at piece " << i;
      ASSERT_EQ(in, pieces[i]);
      done += in;
      out += o;
    }
    card_->mem().ClearWriteWindow();
    EXPECT_EQ(t.units, e.units.size());
    EXPECT_EQ(t.utf16_units, e.utf16);
    EXPECT_EQ(t.error, e.error ? 1 : 0);
    EXPECT_EQ(t.err_class, e.err_class);
    EXPECT_EQ(t.err_offset, e.err_offset);
    EXPECT_FALSE(t.held);
    for (int c = 0; c < 6; ++c) EXPECT_EQ(t.class_count[c], e.class_count[c]) << "class " << c + 1;
    EXPECT_EQ(t.out_bytes, e.out.size());
    std::vector<uint8_t> got(out);
    card_->mem().Read(dst, got.data(), got.size());
    EXPECT_EQ(got, e.out) << "expected " << test::Hex(e.out) << "\n got " << test::Hex(got);
    // nothing written around the output
    std::vector<uint8_t> before(64), after(64);
    card_->mem().Read(dst - 64, before.data(), 64);
    card_->mem().Read(dst + out, after.data(), 64);
    EXPECT_EQ(before, std::vector<uint8_t>(64, 0xA5));
    EXPECT_EQ(after, std::vector<uint8_t>(64, 0xA5));
  }

  void CheckAllOps(const std::vector<uint8_t>& text, Mode mode, uint64_t src, uint64_t dst,
                   const std::vector<uint64_t>& pieces, const std::string& what) {
    for (unsigned op : {UTF8K_VALIDATE, UTF8K_SANITIZE, UTF8K_DECODE_UTF32}) {
      CheckText(text, op, mode, src, op == UTF8K_DECODE_UTF32 ? dst & ~uint64_t{3} : dst, pieces, what);
    }
  }

  std::vector<uint64_t> RandomPieces(sim::Rng& rng, uint64_t n, uint64_t max_piece) {
    std::vector<uint64_t> p;
    uint64_t left = n;
    while (left > 0) {
      const uint64_t k = std::min<uint64_t>(left, rng.below(static_cast<uint32_t>(max_piece)) + 1);
      p.push_back(k);
      left -= k;
    }
    if (p.empty() || rng.chance(0.2)) p.push_back(0);  // an empty last job ends the text
    return p;
  }

  utf8k_result RunJob(const utf8k_job& job, int expect_rc = UTF8K_OK) {
    utf8k_result r{};
    const int rc = utf8k_run(&host_, &job, &r);
    EXPECT_EQ(rc, expect_rc) << utf8k_strerror(rc);
    return r;
  }

  const unsigned dw_;
  const unsigned ops_;
  bool use_irq_ = false;
  uint64_t seed_ = 1;
  std::unique_ptr<KernelCard> card_;
  utf8k_card host_{};
};

// The kernels with every operation, at each DATA_WIDTH the build has.
class KernelTest : public KernelFixture, public testing::WithParamInterface<unsigned> {
 protected:
  KernelTest() : KernelFixture(GetParam(), 7) {}
};

TEST_P(KernelTest, ProbeReadsIdAndCaps) {
  uint32_t dw = 0, ops = 0;
  ASSERT_EQ(utf8k_probe(&host_, &dw, &ops), UTF8K_OK);
  EXPECT_EQ(dw, dw_);
  EXPECT_EQ(ops, 0x07u);
}

TEST_P(KernelTest, SampleEveryOpBothModes) {
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    const std::vector<uint8_t>& s = SampleUtf8();
    CheckAllOps(s, mode, kSrcBase, kDstBase, {s.size()}, "sample");
  }
}

TEST_P(KernelTest, EmptyAndOneByteJobs) {
  for (const std::vector<uint8_t>& text :
       {std::vector<uint8_t>{}, std::vector<uint8_t>{'A'}, std::vector<uint8_t>{0xC3},
        std::vector<uint8_t>{0x80}, std::vector<uint8_t>{0xF0, 0x9F}}) {
    CheckAllOps(text, Mode::kRfc3629, kSrcBase + 3, kDstBase + 1, {text.size()}, "tiny");
  }
}

TEST_P(KernelTest, EveryAlignmentOfSrcAndDst) {
  sim::Rng rng(seed_);
  const unsigned w = dw_ / 8;
  for (unsigned a = 0; a < w; a += (w > 16 ? 3 : 1)) {
    const std::vector<uint8_t> text = test::RandomPacket(rng, Mode::kRfc3629, 5 * w + 20);
    CheckAllOps(text, Mode::kRfc3629, kSrcBase + a, kDstBase + ((a * 7) % w), {text.size()},
                "alignment " + std::to_string(a));
  }
}

TEST_P(KernelTest, ChainsWithContinueAndPartialAtRandomSplits) {
  sim::Rng rng(seed_ + 1);
  for (int i = 0; i < 12; ++i) {
    const Mode mode = rng.chance(0.5) ? Mode::kAnnexR : Mode::kRfc3629;
    const std::vector<uint8_t> text = test::RandomPacket(rng, mode, 300);
    const std::vector<uint64_t> pieces = RandomPieces(rng, text.size(), 1 + rng.below(40));
    CheckAllOps(text, mode, kSrcBase + rng.below(64), kDstBase + rng.below(64), pieces,
                "chain " + std::to_string(i));
  }
}

TEST_P(KernelTest, SplitsInsideEverySequenceLength) {
  // Every cut point of texts made of long sequences, incomplete ones among them.
  const std::vector<uint8_t> text = {0xF0, 0x9F, 0x98, 0x80, 0xE2, 0x82, 0xAC, 0xC3, 0xA9, 0xF0, 0x9F,
                                     0x98, 'x',  0xED, 0xA0, 0x80, 0xE0, 0x80, 0xF4, 0x90, 0xF8, 0x88,
                                     0x80, 0x80, 0x80, 0xFC, 0x84, 0x80, 0x80, 0x80, 0x80, 0xE2, 0x82};
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    for (uint64_t cut = 0; cut <= text.size(); ++cut) {
      CheckText(text, UTF8K_DECODE_UTF32, mode, kSrcBase + 5, kDstBase, {cut, text.size() - cut},
                "cut " + std::to_string(cut));
    }
  }
}

TEST_P(KernelTest, RandomBytesUnderStallsOnEveryChannel) {
  MakeStallingCard(seed_ + 2);
  sim::Rng rng(seed_ + 2);
  for (int i = 0; i < 4; ++i) {
    const std::vector<uint8_t> text = test::RandomBytes(rng, 200 + rng.below(800));
    const std::vector<uint64_t> pieces = RandomPieces(rng, text.size(), 400);
    CheckAllOps(text, Mode::kRfc3629, kSrcBase + rng.below(64), kDstBase + rng.below(64), pieces,
                "random bytes " + std::to_string(i));
  }
}

TEST_P(KernelTest, LongTextCrossesBurstsAndPages) {
  sim::Rng rng(seed_ + 3);
  std::vector<uint8_t> text = test::RepeatedText(20000);
  text[12345] = 0xFF;
  CheckAllOps(text, Mode::kRfc3629, kSrcBase + 4090, kDstBase + 4093, {text.size()}, "20 KB");
}

TEST_P(KernelTest, KuhnStressTest) {
  std::vector<uint8_t> kuhn;
  std::string why;
  if (!test::ReadKuhnFile(&kuhn, &why)) GTEST_SKIP() << why;
  sim::Rng rng(seed_ + 4);
  for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
    CheckAllOps(kuhn, mode, kSrcBase + 1, kDstBase + 2, RandomPieces(rng, kuhn.size(), 4000), "Kuhn");
  }
}

TEST_P(KernelTest, OutFullStopsAtAUnitAndTheTextContinues) {
  sim::Rng rng(seed_ + 5);
  for (unsigned op : {UTF8K_SANITIZE, UTF8K_DECODE_UTF32}) {
    for (int i = 0; i < 6; ++i) {
      const std::vector<uint8_t> text = test::RandomPacket(rng, Mode::kRfc3629, 200);
      const Expected e = Expect(text, op, Mode::kRfc3629);
      SCOPED_TRACE(std::string(OpName(op)) + " text " + test::Hex(text));
      card_->mem().Write(kSrcBase, text.data(), text.size());
      utf8k_text t;
      utf8k_text_begin(&t, &host_, op, 0);
      uint64_t done = 0, out = 0;
      std::vector<uint8_t> got;
      int jobs = 0;
      while (true) {
        const uint64_t cap = rng.below(40);   // small: most jobs stop OUT_FULL
        card_->mem().SetWriteWindow(kDstBase, kDstBase + cap);
        uint64_t in = 0, o = 0;
        const int rc = utf8k_text_feed(&t, kSrcBase + done, text.size() - done, kDstBase, cap, 1, &in, &o);
        card_->mem().ClearWriteWindow();
        ASSERT_TRUE(rc == UTF8K_OK || rc == UTF8K_E_OUT_FULL) << utf8k_strerror(rc);
        ASSERT_LE(o, cap);
        std::vector<uint8_t> piece(o);
        card_->mem().Read(kDstBase, piece.data(), o);
        got.insert(got.end(), piece.begin(), piece.end());
        // the output so far ends at a unit boundary of the model's output
        ASSERT_TRUE(std::equal(got.begin(), got.end(), e.out.begin())) << "output diverged";
        done += in;
        out += o;
        ++jobs;
        ASSERT_LT(jobs, 1000);
        if (rc == UTF8K_OK) break;
      }
      EXPECT_EQ(got, e.out);
      EXPECT_EQ(done, text.size());
      EXPECT_EQ(t.units, e.units.size());
      EXPECT_EQ(t.err_offset, e.err_offset);
      EXPECT_EQ(t.err_class, e.err_class);
    }
  }
}

TEST_P(KernelTest, BadArgumentsAreRefusedAndNothingMoves) {
  const uint64_t reads = card_->mem().counters().read_bursts;
  const uint64_t writes = card_->mem().counters().write_bursts;
  utf8k_result r = RunJob({3, 0, kSrcBase, 10, kDstBase, 100}, UTF8K_E_BAD_ARGS);
  EXPECT_TRUE(r.status & UTF8K_ST_BAD_ARGS);
  r = RunJob({UTF8K_DECODE_UTF32, 0, kSrcBase, 10, kDstBase + 2, 100}, UTF8K_E_BAD_ARGS);
  r = RunJob({UTF8K_VALIDATE, 0, ~uint64_t{0} - 4, 10, 0, 0}, UTF8K_E_BAD_ARGS);
  r = RunJob({UTF8K_SANITIZE, 0, kSrcBase, 10, ~uint64_t{0} - 4, 100}, UTF8K_E_BAD_ARGS);
  EXPECT_EQ(card_->mem().counters().read_bursts, reads);
  EXPECT_EQ(card_->mem().counters().write_bursts, writes);
  // the last byte of the address space is still in it
  r = RunJob({UTF8K_VALIDATE, 0, ~uint64_t{0}, 1, 0, 0}, UTF8K_E_BUS);
}

TEST_P(KernelTest, BusErrorsStopTheJobAndTheKernelGoesOn) {
  const std::vector<uint8_t> text = test::RepeatedText(3000);
  card_->mem().Write(kSrcBase, text.data(), text.size());
  card_->mem().InjectReadError(kSrcBase + 1500, kSrcBase + 1501, 2);
  utf8k_result r = RunJob({UTF8K_SANITIZE, 0, kSrcBase, text.size(), kDstBase, 10000}, UTF8K_E_BUS);
  EXPECT_TRUE(r.status & UTF8K_ST_BUS_ERROR);
  card_->mem().ClearErrors();
  card_->mem().InjectWriteError(kDstBase + 1000, kDstBase + 1001, 3);
  r = RunJob({UTF8K_DECODE_UTF32, 0, kSrcBase, text.size(), kDstBase, 20000}, UTF8K_E_BUS);
  EXPECT_TRUE(r.status & UTF8K_ST_BUS_ERROR);
  card_->mem().ClearErrors();
  CheckAllOps(text, Mode::kRfc3629, kSrcBase, kDstBase, {text.size()}, "after bus errors");
}

TEST_P(KernelTest, ResetMidJobLeavesTheKernelIdleAndWorking) {
  const std::vector<uint8_t> text = test::RepeatedText(5000);
  card_->mem().Write(kSrcBase, text.data(), text.size());
  const utf8k_job job{UTF8K_SANITIZE, 0, kSrcBase, text.size(), kDstBase, 20000};
  ASSERT_EQ(utf8k_start(&host_, &job), UTF8K_OK);
  card_->Tick(150);
  card_->Reset();
  CheckAllOps(text, Mode::kRfc3629, kSrcBase, kDstBase, {text.size()}, "after reset");
}

TEST_P(KernelTest, InterruptSignalsDone) {
  use_irq_ = true;
  host_ = sim::HostCard(card_.get(), true);
  const std::vector<uint8_t>& s = SampleUtf8();
  CheckAllOps(s, Mode::kRfc3629, kSrcBase, kDstBase, {s.size() / 2, s.size() - s.size() / 2}, "irq");
  EXPECT_FALSE(card_->irq()) << "the interrupt stays raised after the host cleared ISR";
}

std::string WidthName(const testing::TestParamInfo<unsigned>& info) {
  return "w" + std::to_string(info.param);
}

INSTANTIATE_TEST_SUITE_P(Widths, KernelTest, testing::ValuesIn(sim::KernelWidths()), WidthName);

// The kernels built with fewer operations (UTF8CORE_KERNEL_SUBSETS): CAPS
// says which; each OP built runs as in the full kernel, each OP left out is
// refused with BAD_ARGS without a byte read or written, and the kernel goes
// on working after it.
class KernelSubsetTest : public KernelFixture,
                         public testing::WithParamInterface<std::pair<unsigned, unsigned>> {
 protected:
  KernelSubsetTest() : KernelFixture(GetParam().first, GetParam().second) {}
  bool Built(unsigned op) const { return ((ops_ >> op) & 1) != 0; }
};

TEST_P(KernelSubsetTest, CapsNameTheOperationsBuilt) {
  uint32_t dw = 0, ops = 0;
  ASSERT_EQ(utf8k_probe(&host_, &dw, &ops), UTF8K_OK);
  EXPECT_EQ(dw, dw_);
  EXPECT_EQ(ops, ops_);
}

TEST_P(KernelSubsetTest, OpsLeftOutAreRefusedAndOpsBuiltRun) {
  MakeStallingCard(sim::SeedFromEnv(5));
  const std::vector<uint8_t> text = test::RepeatedText(2000);
  const std::vector<uint8_t> guard(512, 0x5A);
  for (int round = 0; round < 2; ++round) {
    for (unsigned op : {UTF8K_VALIDATE, UTF8K_SANITIZE, UTF8K_DECODE_UTF32}) {
      if (Built(op)) {
        CheckText(text, op, Mode::kRfc3629, kSrcBase + 3, kDstBase, {700, text.size() - 700}, "built");
        continue;
      }
      SCOPED_TRACE(std::string("left out: ") + OpName(op));
      card_->mem().Write(kSrcBase, text.data(), text.size());
      card_->mem().Write(kDstBase, guard.data(), guard.size());
      const uint64_t reads = card_->mem().counters().read_bursts;
      const uint64_t writes = card_->mem().counters().write_bursts;
      const utf8k_result r = RunJob({op, 0, kSrcBase, text.size(), kDstBase, guard.size()}, UTF8K_E_BAD_ARGS);
      EXPECT_TRUE(r.status & UTF8K_ST_BAD_ARGS);
      EXPECT_EQ(r.in_bytes, 0u);
      EXPECT_EQ(r.out_bytes, 0u);
      EXPECT_EQ(r.units, 0u);
      EXPECT_EQ(card_->mem().counters().read_bursts, reads);
      EXPECT_EQ(card_->mem().counters().write_bursts, writes);
      std::vector<uint8_t> got(guard.size());
      card_->mem().Read(kDstBase, got.data(), got.size());
      EXPECT_EQ(got, guard);
    }
  }
}

std::string SubsetName(const testing::TestParamInfo<std::pair<unsigned, unsigned>>& info) {
  return "w" + std::to_string(info.param.first) + "_ops" + std::to_string(info.param.second);
}

GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(KernelSubsetTest);
INSTANTIATE_TEST_SUITE_P(Subsets, KernelSubsetTest, testing::ValuesIn(sim::KernelSubsets()), SubsetName);

}  // namespace
}  // namespace utf8core
