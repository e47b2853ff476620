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
  return op == UTF8K_VALIDATE ? "VALIDATE" : op == UTF8K_SANITIZE ? "SANITIZE"
         : op == UTF8K_DECODE_UTF32 ? "DECODE_UTF32" : "VALIDATE_STRINGS";
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
      for (unsigned cu = 0; cu < card_->kernels(); ++cu) {
        for (const std::string& v : card_->mem(cu).violations())
          ADD_FAILURE() << "AXI (unit " << cu << "): " << v;
      }
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

  // A whole text's sums, as the host library added them up, against the model's.
  static void ExpectTextSums(const utf8k_text& t, const Expected& e) {
    EXPECT_EQ(t.units, e.units.size());
    EXPECT_EQ(t.utf16_units, e.utf16);
    EXPECT_EQ(t.error, e.error ? 1 : 0);
    EXPECT_EQ(t.err_class, e.err_class);
    EXPECT_EQ(t.err_offset, e.err_offset);
    EXPECT_FALSE(t.held);
    for (int c = 0; c < 6; ++c) EXPECT_EQ(t.class_count[c], e.class_count[c]) << "class " << c + 1;
    EXPECT_EQ(t.out_bytes, e.out.size());
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
    ExpectTextSums(t, e);
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

  // The same with the kernel's queue (ap_ctrl_chain): each piece is pushed
  // while the one before runs (utf8k_text_push, then utf8k_text_pull a piece
  // behind), so CONTINUE jobs start with their predecessor unacknowledged.
  // Each piece writes its own region, sized for its worst case, and the
  // regions' bytes together must be the model's output.
  void CheckQueuedText(const std::vector<uint8_t>& text, unsigned op, Mode mode, uint64_t src, uint64_t dst,
                       const std::vector<uint64_t>& pieces, const std::string& what) {
    SCOPED_TRACE(what + " queued " + OpName(op) + " " + ModeName(mode) + " width " + std::to_string(dw_) +
                 " seed " + std::to_string(seed_) + " len " + std::to_string(text.size()));
    card_->mem().Write(src, text.data(), text.size());
    const Expected e = Expect(text, op, mode);
    std::vector<uint64_t> at(pieces.size() + 1, dst);  // piece i writes [at[i], at[i + 1])
    for (size_t i = 0; i < pieces.size(); ++i) at[i + 1] = at[i] + 4 * pieces[i] + 24;
    std::vector<uint8_t> guard(at.back() - dst + 128, 0xA5);
    card_->mem().Write(dst - 64, guard.data(), guard.size());
    card_->mem().SetWriteWindow(dst, at.back());

    utf8k_text t;
    utf8k_text_begin(&t, &host_, op, mode == Mode::kAnnexR ? UTF8K_MODE_ANNEX_R : 0);
    uint64_t done = 0;
    size_t pushed = 0, pulled = 0;
    std::vector<uint8_t> got;
    while (pulled < pieces.size()) {
      if (pushed < pieces.size() && t.queued < UTF8K_QUEUE) {
        const int rc = utf8k_text_push(&t, src + done, pieces[pushed], at[pushed], at[pushed + 1] - at[pushed],
                                       pushed + 1 == pieces.size());
        ASSERT_EQ(rc, UTF8K_OK) << utf8k_strerror(rc) << " pushing piece " << pushed;
        done += pieces[pushed];
        ++pushed;
        continue;
      }
      uint64_t in = 0, o = 0;
      const int rc = utf8k_text_pull(&t, &in, &o);
      ASSERT_EQ(rc, UTF8K_OK) << utf8k_strerror(rc) << " at piece " << pulled;
      ASSERT_EQ(in, pieces[pulled]);
      std::vector<uint8_t> piece(o);
      card_->mem().Read(at[pulled], piece.data(), o);
      got.insert(got.end(), piece.begin(), piece.end());
      // nothing written after the piece's output in its region
      std::vector<uint8_t> after(at[pulled + 1] - at[pulled] - o);
      card_->mem().Read(at[pulled] + o, after.data(), after.size());
      EXPECT_EQ(after, std::vector<uint8_t>(after.size(), 0xA5)) << "piece " << pulled;
      ++pulled;
    }
    card_->mem().ClearWriteWindow();
    EXPECT_EQ(t.queued, 0u);
    EXPECT_EQ(t.jobs, pieces.size());
    ExpectTextSums(t, e);
    EXPECT_EQ(got, e.out) << "expected " << test::Hex(e.out) << "\n got " << test::Hex(got);
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

// ---------------------------------------------------------------------------
// VALIDATE_STRINGS: Arrow string columns, each string checked on its own.

struct Column {
  std::vector<uint8_t> data;
  std::vector<int64_t> offsets;  // COUNT + 1
  bool o64 = false;
  uint64_t count() const { return offsets.empty() ? 0 : offsets.size() - 1; }
  std::vector<uint8_t> OffsetBytes() const {
    std::vector<uint8_t> b;
    for (int64_t o : offsets) {
      for (int k = 0; k < (o64 ? 8 : 4); ++k) b.push_back(static_cast<uint8_t>(static_cast<uint64_t>(o) >> (8 * k)));
    }
    return b;
  }
};

// A column cut from random text: strings of a realistic mix of lengths (some
// empty, some long), so they start and end anywhere, inside sequences too.
Column RandomColumn(sim::Rng& rng, Mode mode, uint64_t count, bool o64, double empty) {
  Column c;
  c.o64 = o64;
  const uint64_t lead = rng.below(20);
  std::vector<uint64_t> len;
  uint64_t total = 0;
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t n = 0;
    if (!rng.chance(empty)) {
      const uint32_t k = rng.below(20);
      n = k < 12 ? 1 + rng.below(24) : k < 19 ? 1 + rng.below(4) : 64 + rng.below(400);
    }
    len.push_back(n);
    total += n;
  }
  c.data = test::RandomBytes(rng, lead);
  while (c.data.size() < lead + total + 1) {
    const std::vector<uint8_t> t = rng.chance(0.2) ? test::RandomBytes(rng, 30) : test::RandomPacket(rng, mode, 60);
    c.data.insert(c.data.end(), t.begin(), t.end());
  }
  c.data.resize(lead + total + rng.below(10));
  uint64_t at = lead;
  c.offsets.push_back(static_cast<int64_t>(at));
  for (uint64_t n : len) {
    at += n;
    c.offsets.push_back(static_cast<int64_t>(at));
  }
  return c;
}

// The kernels with every operation, at each DATA_WIDTH the build has.
class KernelTest : public KernelFixture, public testing::WithParamInterface<unsigned> {
 protected:
  KernelTest() : KernelFixture(GetParam(), 15) {}

  // Validates column c (data at src, offsets at offs, bitmap at dst) in jobs
  // of at most max_job strings and checks the bitmap, the counts and the
  // first ill-formed string against the functional model's ValidateStrings;
  // every read falls in the data's or the offsets' beats, every bit written
  // is the column's, nothing around the bitmap moves.
  void CheckColumn(const Column& c, Mode mode, uint64_t src, uint64_t offs, uint64_t dst, uint64_t max_job,
                   const std::string& what);
};

TEST_P(KernelTest, ProbeReadsIdAndCaps) {
  uint32_t dw = 0, ops = 0;
  ASSERT_EQ(utf8k_probe(&host_, &dw, &ops), UTF8K_OK);
  EXPECT_EQ(dw, dw_);
  EXPECT_EQ(ops, 0x0Fu);
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

// ap_ctrl_chain: every piece of a chain queued behind the one before, under
// stalls on every channel and on the register bus, with polling and with the
// interrupt.
TEST_P(KernelTest, QueuedChainsEqualOneJob) {
  sim::Rng rng(seed_ + 21);
  MakeStallingCard(seed_ + 21);
  for (int i = 0; i < 8; ++i) {
    if (i == 4) {
      use_irq_ = true;
      host_ = sim::HostCard(card_.get(), true);
    }
    const Mode mode = rng.chance(0.5) ? Mode::kAnnexR : Mode::kRfc3629;
    const std::vector<uint8_t> text = test::RandomPacket(rng, mode, 400);
    const std::vector<uint64_t> pieces = RandomPieces(rng, text.size(), 1 + rng.below(120));
    for (unsigned op : {UTF8K_VALIDATE, UTF8K_SANITIZE, UTF8K_DECODE_UTF32}) {
      CheckQueuedText(text, op, mode, kSrcBase + rng.below(64), kDstBase + (op == UTF8K_DECODE_UTF32 ? 0 : rng.below(64)),
                      pieces, "queued chain " + std::to_string(i));
    }
  }
}

// Three jobs started before the first is waited for: the first runs, the
// second waits taken, the third waits in the argument registers (AP_START
// reads 1) until the second starts. The second ends only after the first is
// acknowledged, and its CYCLES leave that wait out; every job's results come
// in order.
TEST_P(KernelTest, ThreeJobsQueuedComeOutInOrder) {
  const std::vector<uint8_t> text = test::RepeatedText(3000);
  card_->mem().Write(kSrcBase, text.data(), text.size());
  const uint64_t lens[3] = {3000, 1000, 17};
  for (uint64_t len : lens) {
    const utf8k_job job{UTF8K_VALIDATE, 0, kSrcBase, len, 0, 0, 0, 0};
    ASSERT_EQ(utf8k_start(&host_, &job), UTF8K_OK);
  }
  EXPECT_TRUE(card_->Read32(0x000) & 1u) << "the third job taken with two in the kernel";
  // Long enough for every job to end, were each acknowledged: the first has
  // ended, the second started from the slot and the third was taken in its
  // place, but the second waits, so the results are still the first's.
  card_->Tick(3000);
  EXPECT_EQ(card_->Read32(0x000) & 1u, 0u) << "the third job not taken when the second started";
  EXPECT_EQ(card_->Read32(0x050), 3000u) << "IN_BYTES: a later job's results before an acknowledgement";
  uint64_t alone[3];
  for (int i = 0; i < 3; ++i) {
    utf8k_result r{};
    ASSERT_EQ(utf8k_wait(&host_, &r), UTF8K_OK) << "job " << i;
    EXPECT_EQ(r.in_bytes, lens[i]) << "job " << i << " out of order";
    EXPECT_EQ(r.units, Expect(std::vector<uint8_t>(text.begin(), text.begin() + lens[i]), UTF8K_VALIDATE,
                              Mode::kRfc3629).units.size());
    alone[i] = r.cycles;
  }
  // each job's CYCLES as when it runs alone
  for (int i = 0; i < 3; ++i) {
    const utf8k_result r = RunJob({UTF8K_VALIDATE, 0, kSrcBase, lens[i], 0, 0});
    EXPECT_EQ(r.cycles, alone[i]) << "job " << i << ": CYCLES counted the wait for AP_CONTINUE";
  }
}

// A queued piece that stops OUT_FULL breaks the chain: the piece behind it
// continued from the wrong place, so its pull fails too; a new text then runs.
TEST_P(KernelTest, OutFullWithAPieceQueuedBehindBreaksTheChain) {
  const std::vector<uint8_t> text = test::RepeatedText(600);
  card_->mem().Write(kSrcBase, text.data(), text.size());
  utf8k_text t;
  utf8k_text_begin(&t, &host_, UTF8K_SANITIZE, 0);
  ASSERT_EQ(utf8k_text_push(&t, kSrcBase, 300, kDstBase, 100, 0), UTF8K_OK);
  ASSERT_EQ(utf8k_text_push(&t, kSrcBase + 300, 300, kDstBase + 0x10000, 4 * 300 + 24, 1), UTF8K_OK);
  EXPECT_EQ(utf8k_text_push(&t, kSrcBase, 1, kDstBase, 10, 1), UTF8K_E_INVALID) << "a third piece pushed";
  uint64_t in = 0, o = 0;
  EXPECT_EQ(utf8k_text_pull(&t, &in, &o), UTF8K_E_OUT_FULL);
  EXPECT_LT(in, 300u);
  EXPECT_LE(o, 100u);
  EXPECT_EQ(utf8k_text_pull(&t, &in, &o), UTF8K_E_OUT_FULL) << "the piece behind was taken as good";
  EXPECT_EQ(t.queued, 0u);
  EXPECT_EQ(utf8k_text_pull(&t, &in, &o), UTF8K_E_INVALID) << "nothing left to pull";
  CheckText(text, UTF8K_SANITIZE, Mode::kRfc3629, kSrcBase, kDstBase, {200, 400}, "after a broken chain");
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

// OUT_FULL in a job that starts with held bytes (the incomplete sequence a
// PARTIAL piece ended with): with CAP too small for the first unit nothing is
// taken and the bytes stay held (IN_BYTES 0, HELD); with room for some units
// the held bytes go into the first and IN_BYTES counts the source bytes after
// them. Short pieces cut anywhere, most of them inside a sequence, and small
// capacities make both happen many times.
TEST_P(KernelTest, OutFullWithHeldBytesKeepsThemOrCountsPastThem) {
  sim::Rng rng(seed_ + 9);
  uint64_t held_stops = 0, past_held = 0;
  for (unsigned op : {UTF8K_SANITIZE, UTF8K_DECODE_UTF32}) {
    for (Mode mode : {Mode::kRfc3629, Mode::kAnnexR}) {
      for (int i = 0; i < 3; ++i) {
        const std::vector<uint8_t> text = test::RandomPacket(rng, mode, 160);
        const Expected e = Expect(text, op, mode);
        SCOPED_TRACE(std::string(OpName(op)) + " text " + test::Hex(text));
        card_->mem().Write(kSrcBase, text.data(), text.size());
        utf8k_text t;
        utf8k_text_begin(&t, &host_, op, mode == Mode::kAnnexR ? UTF8K_MODE_ANNEX_R : 0);
        uint64_t done = 0;
        std::vector<uint8_t> got;
        int jobs = 0;
        bool ended = false;
        while (!ended) {
          const uint64_t piece = std::min<uint64_t>(text.size() - done, 1 + rng.below(12));
          const int last = done + piece == text.size();
          uint64_t left = piece;
          while (true) {
            const uint64_t cap = rng.below(10);
            const int held_before = t.held;
            card_->mem().SetWriteWindow(kDstBase, kDstBase + cap);
            uint64_t in = 0, o = 0;
            const int rc = utf8k_text_feed(&t, kSrcBase + done, left, kDstBase, cap, last, &in, &o);
            card_->mem().ClearWriteWindow();
            ASSERT_TRUE(rc == UTF8K_OK || rc == UTF8K_E_OUT_FULL) << utf8k_strerror(rc);
            ASSERT_LE(o, cap);
            ASSERT_LE(in, left);
            std::vector<uint8_t> out(o);
            card_->mem().Read(kDstBase, out.data(), o);
            got.insert(got.end(), out.begin(), out.end());
            ASSERT_LE(got.size(), e.out.size());
            ASSERT_TRUE(std::equal(got.begin(), got.end(), e.out.begin())) << "output diverged";
            if (rc == UTF8K_E_OUT_FULL && held_before) {
              if (o == 0) {
                ++held_stops;
                EXPECT_EQ(in, 0u) << "no unit fitted, yet source bytes were counted";
                EXPECT_TRUE(t.held) << "the held bytes were dropped";
              } else {
                ++past_held;
              }
            }
            done += in;
            left -= in;
            ASSERT_LT(++jobs, 5000);
            if (rc == UTF8K_OK) break;
          }
          ended = last;
        }
        EXPECT_EQ(got, e.out);
        EXPECT_EQ(done, text.size());
        EXPECT_EQ(t.units, e.units.size());
        EXPECT_EQ(t.err_offset, e.err_offset);
        EXPECT_EQ(t.err_class, e.err_class);
      }
    }
  }
  // both cases came up
  EXPECT_GT(held_stops, 0u) << "no job stopped before taking its held bytes";
  EXPECT_GT(past_held, 0u) << "no job with held bytes got past them before OUT_FULL";
  RecordProperty("held_stops", static_cast<int>(held_stops));
  RecordProperty("past_held", static_cast<int>(past_held));
}

TEST_P(KernelTest, BadArgumentsAreRefusedAndNothingMoves) {
  const uint64_t reads = card_->mem().counters().read_bursts;
  const uint64_t writes = card_->mem().counters().write_bursts;
  utf8k_result r = RunJob({UTF8K_DECODE_UTF32, 0, kSrcBase, 10, kDstBase + 2, 100}, UTF8K_E_BAD_ARGS);
  EXPECT_TRUE(r.status & UTF8K_ST_BAD_ARGS);
  r = RunJob({UTF8K_VALIDATE, 0, ~uint64_t{0} - 4, 10, 0, 0}, UTF8K_E_BAD_ARGS);
  r = RunJob({UTF8K_SANITIZE, 0, kSrcBase, 10, ~uint64_t{0} - 4, 100}, UTF8K_E_BAD_ARGS);
  // VALIDATE_STRINGS: the offsets (COUNT + 1 of them) past the address space
  r = RunJob({UTF8K_VALIDATE_STRINGS, 0, kSrcBase, 10, kDstBase, 100, ~uint64_t{0} - 10, 2}, UTF8K_E_BAD_ARGS);
  r = RunJob({UTF8K_VALIDATE_STRINGS, UTF8K_OFFSETS64, kSrcBase, 10, kDstBase, 100, 0x1000, ~uint64_t{0}},
             UTF8K_E_BAD_ARGS);
  r = RunJob({UTF8K_VALIDATE_STRINGS, 0, kSrcBase, 10, ~uint64_t{0} - 4, 100, 0x1000, 2}, UTF8K_E_BAD_ARGS);
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
  // the next job is clean: the read engine's error was the last job's
  r = RunJob({UTF8K_VALIDATE, 0, kSrcBase, text.size(), 0, 0});
  EXPECT_EQ(r.status & UTF8K_ST_BUS_ERROR, 0u);
  EXPECT_EQ(r.in_bytes, text.size());
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

void KernelTest::CheckColumn(const Column& c, Mode mode, uint64_t src, uint64_t offs, uint64_t dst,
                             uint64_t max_job, const std::string& what) {
  const int width = c.o64 ? 8 : 4;
  const uint64_t count = c.count();
  SCOPED_TRACE(what + " " + ModeName(mode) + " width " + std::to_string(dw_) + " seed " + std::to_string(seed_) +
               " count " + std::to_string(count) + (c.o64 ? " int64" : " int32") + " max_job " +
               std::to_string(max_job));
  const std::vector<uint8_t> ob = c.OffsetBytes();
  card_->mem().Write(src, c.data.data(), c.data.size());
  card_->mem().Write(offs, ob.data(), ob.size());
  std::vector<uint8_t> bitmap;
  const StringsVerdict e =
      ValidateStrings(c.data.data(), c.data.size(), ob.data(), count, width, mode, &bitmap);
  const uint64_t bytes = (count + 7) / 8;
  const std::vector<uint8_t> guard(bytes + 128, 0xA5);
  card_->mem().Write(dst - 64, guard.data(), guard.size());
  card_->mem().SetWriteWindow(dst, dst + bytes);
  card_->mem().LogReads(true);

  utf8k_strings r{};
  const int rc = utf8k_validate_strings(&host_, mode == Mode::kAnnexR ? UTF8K_MODE_ANNEX_R : 0, src,
                                        c.data.size(), offs, c.o64, count, dst, max_job, &r);
  card_->mem().ClearWriteWindow();
  EXPECT_EQ(rc, e.bad_offsets ? UTF8K_E_BAD_OFFSETS : UTF8K_OK) << utf8k_strerror(rc);
  EXPECT_EQ(r.strings, e.strings);
  EXPECT_EQ(r.bad_strings, e.bad_strings);
  EXPECT_EQ(r.error, e.bad_strings > 0 ? 1 : 0);
  EXPECT_EQ(r.in_bytes, e.bytes);
  if (e.bad_strings > 0) {
    EXPECT_EQ(r.first_bad, e.first_bad);
    EXPECT_EQ(r.err_class, static_cast<uint32_t>(e.first_bad_class));
    EXPECT_EQ(r.err_offset, e.first_bad_offset);
  }
  // the bits of the strings checked, and nothing after them
  const uint64_t written = (e.strings + 7) / 8;
  std::vector<uint8_t> got(written);
  card_->mem().Read(dst, got.data(), got.size());
  EXPECT_EQ(got, std::vector<uint8_t>(bitmap.begin(), bitmap.begin() + static_cast<int64_t>(written)))
      << "bitmap " << test::Hex(got);
  std::vector<uint8_t> before(64), after(bytes - written + 64);
  card_->mem().Read(dst - 64, before.data(), before.size());
  card_->mem().Read(dst + written, after.data(), after.size());
  EXPECT_EQ(before, std::vector<uint8_t>(64, 0xA5));
  EXPECT_EQ(after, std::vector<uint8_t>(after.size(), 0xA5)) << "written past the strings checked";
  // Reads: only the beats of the data and of the offsets.
  const uint64_t w = dw_ / 8;
  auto hull = [w](uint64_t lo, uint64_t n, uint64_t a, uint64_t b) {
    return a >= lo / w * w && b <= (lo + n + w - 1) / w * w;
  };
  for (const auto& [a, b] : card_->mem().read_log()) {
    EXPECT_TRUE(hull(src, c.data.size(), a, b) || hull(offs, ob.size(), a, b))
        << "read [" << a << ", " << b << ") outside the data and the offsets";
  }
  card_->mem().LogReads(false);
}

TEST_P(KernelTest, StringColumnsBothOffsetWidthsAndModes) {
  sim::Rng rng(seed_ + 10);
  const unsigned w = dw_ / 8;
  for (int i = 0; i < 8; ++i) {
    const Mode mode = i % 3 == 2 ? Mode::kAnnexR : Mode::kRfc3629;
    const bool o64 = i % 2 == 1;
    const Column c = RandomColumn(rng, mode, 1 + rng.below(i < 4 ? 40 : 400), o64, i == 5 ? 0.7 : 0.05);
    CheckColumn(c, mode, kSrcBase + rng.below(w), 0x200000 + rng.below(w), kDstBase + rng.below(w), 0,
                "column " + std::to_string(i));
  }
}

TEST_P(KernelTest, StringColumnsEdgeCounts) {
  sim::Rng rng(seed_ + 11);
  for (uint64_t count : {0u, 1u, 2u, 7u, 8u, 9u, 15u, 16u, 17u, 511u, 512u, 513u}) {
    for (double empty : {0.0, 1.0, 0.5}) {
      const Column c = RandomColumn(rng, Mode::kRfc3629, count, count % 2 == 1, empty);
      CheckColumn(c, Mode::kRfc3629, kSrcBase + 1, 0x200000 + 4, kDstBase + 3, 0,
                  "edge count " + std::to_string(count));
    }
  }
}

TEST_P(KernelTest, StringColumnsAsChainedJobs) {
  sim::Rng rng(seed_ + 12);
  for (int i = 0; i < 6; ++i) {
    const Column c = RandomColumn(rng, Mode::kRfc3629, 100 + rng.below(300), i % 2 == 0, 0.1);
    CheckColumn(c, Mode::kRfc3629, kSrcBase + rng.below(64), 0x200000 + 8 * rng.below(8),
                kDstBase + rng.below(64), 8 * (1 + rng.below(12)), "chain " + std::to_string(i));
  }
}

TEST_P(KernelTest, StringColumnsEveryErrorClassAtEveryLane) {
  // String k holds k % W well-formed bytes, then one error unit of a class:
  // every class starts at every lane of a beat.
  const std::vector<std::vector<uint8_t>> errors = {
      {0xC3}, {0x80}, {0xC0, 0xAF}, {0xED, 0xA0, 0x80}, {0xF4, 0x90, 0x80, 0x80}, {0xFF}};
  const unsigned w = dw_ / 8;
  Column c;
  c.offsets.push_back(0);
  for (size_t e = 0; e < errors.size(); ++e) {
    for (unsigned k = 0; k < w; ++k) {
      for (unsigned j = 0; j < k; ++j) c.data.push_back(static_cast<uint8_t>('a' + j % 26));
      c.data.insert(c.data.end(), errors[e].begin(), errors[e].end());
      if (k % 3 == 0) c.data.push_back('z');
      c.offsets.push_back(static_cast<int64_t>(c.data.size()));
      if (k % 5 == 0) c.offsets.push_back(static_cast<int64_t>(c.data.size()));  // and an empty string
    }
  }
  CheckColumn(c, Mode::kRfc3629, kSrcBase, 0x200000, kDstBase, 0, "classes");
  c.o64 = true;
  CheckColumn(c, Mode::kAnnexR, kSrcBase + 5, 0x200000 + 3, kDstBase + 1, 64, "classes annex-r");
}

TEST_P(KernelTest, StringColumnsWithABadOffsetStopThere) {
  sim::Rng rng(seed_ + 13);
  for (int i = 0; i < 10; ++i) {
    Column c = RandomColumn(rng, Mode::kRfc3629, 20 + rng.below(200), i % 2 == 1, 0.1);
    const uint64_t at = i == 0 ? 0 : i == 1 ? c.count() : rng.below(static_cast<uint32_t>(c.count() + 1));
    switch (i % 3) {
      case 0:
        c.offsets[at] = static_cast<int64_t>(c.data.size()) + 1 + rng.below(100);
        break;
      case 1:
        c.offsets[at] = at > 0 && c.offsets[at - 1] > 0 ? c.offsets[at - 1] - 1 : -1;
        break;
      default:
        c.offsets[at] = -static_cast<int64_t>(1 + rng.below(1000));
        break;
    }
    CheckColumn(c, Mode::kRfc3629, kSrcBase + rng.below(64), 0x200000 + rng.below(64), kDstBase + rng.below(64),
                i < 5 ? 0 : 16, "bad offset " + std::to_string(at));
  }
}

TEST_P(KernelTest, StringColumnsUnderStallsOnEveryChannel) {
  MakeStallingCard(seed_ + 14);
  sim::Rng rng(seed_ + 14);
  for (int i = 0; i < 3; ++i) {
    const Column c = RandomColumn(rng, Mode::kRfc3629, 50 + rng.below(300), i == 1, 0.1);
    CheckColumn(c, Mode::kRfc3629, kSrcBase + rng.below(64), 0x200000 + rng.below(64), kDstBase + rng.below(64),
                i == 2 ? 40 : 0, "stalls " + std::to_string(i));
  }
}

TEST_P(KernelTest, StringColumnBusErrorsAndResetsLeaveTheKernelWorking) {
  sim::Rng rng(seed_ + 16);
  const Column c = RandomColumn(rng, Mode::kRfc3629, 2000, false, 0.05);
  const std::vector<uint8_t> ob = c.OffsetBytes();
  const uint64_t offs = 0x200000;
  card_->mem().Write(kSrcBase, c.data.data(), c.data.size());
  card_->mem().Write(offs, ob.data(), ob.size());
  const utf8k_job job{UTF8K_VALIDATE_STRINGS, 0, kSrcBase, c.data.size(), kDstBase, 250, offs, 2000};
  // an error response on the data, on the offsets, on the bitmap's writes
  card_->mem().InjectReadError(kSrcBase + c.data.size() / 2, kSrcBase + c.data.size() / 2 + 1, 2);
  utf8k_result r = RunJob(job, UTF8K_E_BUS);
  EXPECT_TRUE(r.status & UTF8K_ST_BUS_ERROR);
  card_->mem().ClearErrors();
  card_->mem().InjectReadError(offs + 4000, offs + 4001, 3);
  r = RunJob(job, UTF8K_E_BUS);
  EXPECT_TRUE(r.status & UTF8K_ST_BUS_ERROR);
  card_->mem().ClearErrors();
  card_->mem().InjectWriteError(kDstBase + 100, kDstBase + 101, 2);
  r = RunJob(job, UTF8K_E_BUS);
  EXPECT_TRUE(r.status & UTF8K_ST_BUS_ERROR);
  card_->mem().ClearErrors();
  // a reset in the middle of a job
  ASSERT_EQ(utf8k_start(&host_, &job), UTF8K_OK);
  card_->Tick(120);
  card_->Reset();
  // and the next columns come out right
  CheckColumn(c, Mode::kRfc3629, kSrcBase, offs, kDstBase, 0, "after bus errors and a reset");
  CheckColumn(c, Mode::kRfc3629, kSrcBase, offs, kDstBase, 512, "chained, after them");
}

TEST_P(KernelTest, StringColumnCutToCapIsOutFull) {
  sim::Rng rng(seed_ + 15);
  const Column c = RandomColumn(rng, Mode::kRfc3629, 100, false, 0.1);
  const std::vector<uint8_t> ob = c.OffsetBytes();
  card_->mem().Write(kSrcBase, c.data.data(), c.data.size());
  card_->mem().Write(0x200000, ob.data(), ob.size());
  std::vector<uint8_t> bitmap;
  const StringsVerdict e = ValidateStrings(c.data.data(), c.data.size(), ob.data(), 100, 4, Mode::kRfc3629, &bitmap);
  card_->mem().SetWriteWindow(kDstBase, kDstBase + 5);
  const utf8k_result r =
      RunJob({UTF8K_VALIDATE_STRINGS, 0, kSrcBase, c.data.size(), kDstBase, 5, 0x200000, 100});
  card_->mem().ClearWriteWindow();
  EXPECT_TRUE(r.status & UTF8K_ST_OUT_FULL);
  EXPECT_EQ(r.units, 40u) << "the strings whose bits fit in CAP";
  EXPECT_EQ(r.out_bytes, 5u);
  std::vector<uint8_t> got(5);
  card_->mem().Read(kDstBase, got.data(), 5);
  EXPECT_EQ(got, std::vector<uint8_t>(bitmap.begin(), bitmap.begin() + 5));
  (void)e;
}

TEST_P(KernelTest, InterruptSignalsDone) {
  use_irq_ = true;
  host_ = sim::HostCard(card_.get(), true);
  const std::vector<uint8_t>& s = SampleUtf8();
  CheckAllOps(s, Mode::kRfc3629, kSrcBase, kDstBase, {s.size() / 2, s.size() - s.size() / 2}, "irq");
  EXPECT_FALSE(card_->irq()) << "the interrupt stays raised after the host cleared ISR";
}

// ---------------------------------------------------------------------------
// Several compute units: a text cut where units start, the pieces run at once
// on the kernels of one card (utf8k_text_feed_split), stitched into one
// kernel's answer.

// The texts a cut must survive: sequences of every length (Annex R's five and
// six bytes too), incomplete ones, and runs of continuation bytes longer than
// any sequence.
std::vector<uint8_t> CutText(sim::Rng& rng, size_t n) {
  static const std::vector<std::vector<uint8_t>> pieces = {
      {'a'}, {0xC3, 0xA9}, {0xE2, 0x82, 0xAC}, {0xF0, 0x9F, 0x98, 0x80},
      {0xF8, 0x88, 0x80, 0x80, 0x80}, {0xFC, 0x84, 0x80, 0x80, 0x80, 0x80},
      {0xE2, 0x82}, {0xF0, 0x9F, 0x98}, {0x80}, {0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
      {0xFF}, {0xED, 0xA0, 0x80}, {0xC0, 0x80}};
  std::vector<uint8_t> t;
  while (t.size() < n) {
    const std::vector<uint8_t>& p = pieces[rng.below(static_cast<uint32_t>(pieces.size()))];
    t.insert(t.end(), p.begin(), p.end());
  }
  t.resize(n);
  return t;
}

// The property the split rests on: cut at utf8k_unit_cut, the two sides
// decode on their own to exactly the whole text's units; and the cut is at
// most 3 bytes back (5 in Annex R).
TEST(KernelSplit, UnitCutSplitsIntoIndependentTexts) {
  sim::Rng rng(sim::SeedFromEnv(11));
  for (int i = 0; i < 60; ++i) {
    const Mode mode = i % 2 ? Mode::kAnnexR : Mode::kRfc3629;
    const unsigned flags = mode == Mode::kAnnexR ? UTF8K_MODE_ANNEX_R : 0;
    const std::vector<uint8_t> text = i % 3 == 2 ? test::RandomBytes(rng, 200) : CutText(rng, 200);
    const std::vector<Unit> whole = Decode(text, mode);
    for (uint64_t pos = 0; pos < text.size(); ++pos) {
      const uint64_t p = utf8k_unit_cut(text.data(), text.size(), pos, flags);
      SCOPED_TRACE("text " + std::to_string(i) + " pos " + std::to_string(pos) + " cut " + std::to_string(p) +
                   " " + test::Hex(text));
      ASSERT_LE(p, pos);
      ASSERT_LE(pos - p, mode == Mode::kAnnexR ? 5u : 3u);
      std::vector<Unit> parts = Decode(std::vector<uint8_t>(text.begin(), text.begin() + p), mode);
      for (Unit u : Decode(std::vector<uint8_t>(text.begin() + p, text.end()), mode)) {
        u.offset += p;
        parts.push_back(u);
      }
      ASSERT_EQ(parts.size(), whole.size());
      for (size_t k = 0; k < whole.size(); ++k) {
        ASSERT_EQ(parts[k].offset, whole[k].offset) << "unit " << k;
        ASSERT_EQ(parts[k].length, whole[k].length) << "unit " << k;
        ASSERT_EQ(parts[k].code_point, whole[k].code_point) << "unit " << k;
        ASSERT_EQ(parts[k].cls, whole[k].cls) << "unit " << k;
      }
    }
    EXPECT_EQ(utf8k_unit_cut(text.data(), text.size(), text.size(), flags), text.size());
  }
  // A run of continuation bytes: the cut stays at pos once 3 (5) of them are before it.
  const std::vector<uint8_t> run(12, 0x80);
  EXPECT_EQ(utf8k_unit_cut(run.data(), run.size(), 9, 0), 9u);
  EXPECT_EQ(utf8k_unit_cut(run.data(), run.size(), 9, UTF8K_MODE_ANNEX_R), 9u);
  const std::vector<uint8_t> six = {'x', 0xFC, 0x84, 0x80, 0x80, 0x80, 0x80, 'y'};
  EXPECT_EQ(utf8k_unit_cut(six.data(), six.size(), 6, UTF8K_MODE_ANNEX_R), 1u);
  EXPECT_EQ(utf8k_unit_cut(six.data(), six.size(), 6, 0), 6u);  // FC is one byte in RFC 3629
}

TEST(KernelSplit, SplitPointsAreOrderedUnitStarts) {
  sim::Rng rng(sim::SeedFromEnv(12));
  for (int i = 0; i < 200; ++i) {
    const unsigned n = 1 + rng.below(8);
    const std::vector<uint8_t> text = CutText(rng, rng.below(40));
    const unsigned flags = i % 2 ? UTF8K_MODE_ANNEX_R : 0;
    std::vector<uint64_t> at(n + 1, 777);
    utf8k_split_points(text.data(), text.size(), flags, n, at.data());
    SCOPED_TRACE("n " + std::to_string(n) + " " + test::Hex(text));
    EXPECT_EQ(at[0], 0u);
    EXPECT_EQ(at[n], text.size());
    for (unsigned k = 1; k < n; ++k) {
      const uint64_t even = text.size() * k / n;
      EXPECT_LE(at[k - 1], at[k]);
      EXPECT_LE(at[k], even);
      // the cut is the unit start at or before the even cut, unless the piece before would go backwards
      if (even < text.size()) {
        EXPECT_EQ(at[k], std::max(at[k - 1], utf8k_unit_cut(text.data(), text.size(), even, flags)));
      }
    }
  }
}

class KernelSplitTest : public KernelFixture, public testing::WithParamInterface<unsigned> {
 protected:
  KernelSplitTest() : KernelFixture(GetParam(), 15) {}
  void SetUp() override {}
  void MakeUnits(unsigned n, unsigned beats_per_clock = 0, bool stall = false) {
    KernelCardConfig cfg;
    cfg.kernels = n;
    cfg.mem.read_latency = 20;
    cfg.mem.beats_per_clock = beats_per_clock;
    if (stall) {
      cfg.mem.ar_stall = cfg.mem.r_stall = cfg.mem.aw_stall = cfg.mem.w_stall = cfg.mem.b_stall = 0.2;
      cfg.axil_stall = 0.2;
    }
    MakeCard(cfg);
    hosts_.clear();
    for (unsigned cu = 0; cu < n; ++cu) hosts_.push_back(sim::HostCard(card_.get(), cu, false));
  }

  // Runs text in rounds (each a list of piece starts, the text's length ending
  // the last) and checks the stitched results against the model's on the
  // whole text.
  void CheckSplit(const std::vector<uint8_t>& text, unsigned op, Mode mode,
                  const std::vector<std::vector<uint64_t>>& rounds, const std::string& what) {
    SCOPED_TRACE(what + " " + OpName(op) + " " + ModeName(mode) + " width " + std::to_string(dw_) + " units " +
                 std::to_string(hosts_.size()) + " len " + std::to_string(text.size()));
    const unsigned n = static_cast<unsigned>(hosts_.size());
    card_->mem().Write(kSrcBase, text.data(), text.size());
    const Expected e = Expect(text, op, mode);
    const uint64_t region = (4 * text.size() + 64 + 4095) / 4096 * 4096;
    utf8k_text t;
    utf8k_text_begin(&t, &hosts_[0], op, mode == Mode::kAnnexR ? UTF8K_MODE_ANNEX_R : 0);
    std::vector<uint8_t> out;
    for (size_t r = 0; r < rounds.size(); ++r) {
      const std::vector<uint64_t>& at = rounds[r];
      ASSERT_EQ(at.size(), n + 1u);
      std::vector<uint64_t> src(n), len(n), dst(n), cap(n), wrote(n, 99);
      for (unsigned i = 0; i < n; ++i) {
        src[i] = kSrcBase + at[i];
        len[i] = at[i + 1] - at[i];
        dst[i] = kDstBase + i * region + (i * 13 % 4) * (op == UTF8K_DECODE_UTF32 ? 4 : 1);
        cap[i] = 4 * len[i] + 8;
      }
      const int rc =
          utf8k_text_feed_split(&t, hosts_.data(), n, src.data(), len.data(), dst.data(), cap.data(), wrote.data());
      ASSERT_EQ(rc, UTF8K_OK) << utf8k_strerror(rc) << " in round " << r;
      for (unsigned i = 0; i < n; ++i) {
        const size_t had = out.size();
        out.resize(had + wrote[i]);
        card_->mem().Read(dst[i], out.data() + had, wrote[i]);
      }
    }
    EXPECT_EQ(t.in_bytes, text.size());
    EXPECT_EQ(t.units, e.units.size());
    EXPECT_EQ(t.utf16_units, e.utf16);
    EXPECT_EQ(t.error, e.error ? 1 : 0);
    EXPECT_EQ(t.err_class, e.err_class);
    EXPECT_EQ(t.err_offset, e.err_offset);
    for (int c = 0; c < 6; ++c) EXPECT_EQ(t.class_count[c], e.class_count[c]) << "class " << c + 1;
    EXPECT_EQ(t.out_bytes, e.out.size());
    EXPECT_EQ(out, e.out) << "expected " << test::Hex(e.out) << "\n got " << test::Hex(out);
  }

  // The n + 1 piece starts of the whole text (utf8k_split_points).
  std::vector<uint64_t> EvenCuts(const std::vector<uint8_t>& text, Mode mode) {
    std::vector<uint64_t> at(hosts_.size() + 1);
    utf8k_split_points(text.data(), text.size(), mode == Mode::kAnnexR ? UTF8K_MODE_ANNEX_R : 0,
                       static_cast<unsigned>(hosts_.size()), at.data());
    return at;
  }

  std::vector<utf8k_card> hosts_;
};

TEST_P(KernelSplitTest, EveryUnitCountGivesOneKernelsAnswer) {
  sim::Rng rng(seed_ + 20);
  for (unsigned n : {1u, 2u, 3u, 4u, 8u}) {
    MakeUnits(n);
    for (int i = 0; i < 3; ++i) {
      const Mode mode = i == 1 ? Mode::kAnnexR : Mode::kRfc3629;
      const std::vector<uint8_t> text = i == 2 ? test::RandomBytes(rng, 3000) : CutText(rng, 3000);
      for (unsigned op : {UTF8K_VALIDATE, UTF8K_SANITIZE, UTF8K_DECODE_UTF32}) {
        CheckSplit(text, op, mode, {EvenCuts(text, mode)}, "even " + std::to_string(i));
      }
    }
  }
}

TEST_P(KernelSplitTest, CutsAtRandomUnitStartsOverSeveralRounds) {
  sim::Rng rng(seed_ + 21);
  MakeUnits(3);
  for (int i = 0; i < 8; ++i) {
    const Mode mode = rng.chance(0.5) ? Mode::kAnnexR : Mode::kRfc3629;
    const unsigned flags = mode == Mode::kAnnexR ? UTF8K_MODE_ANNEX_R : 0;
    const std::vector<uint8_t> text = CutText(rng, 400 + rng.below(400));
    // Two rounds of three pieces each, every cut at a random unit start
    // (empty pieces among them), the round's end one too.
    std::vector<uint64_t> cuts;
    for (int k = 0; k < 5; ++k) cuts.push_back(utf8k_unit_cut(text.data(), text.size(), rng.below(static_cast<uint32_t>(text.size())), flags));
    if (rng.chance(0.3)) cuts[1] = cuts[0];
    std::sort(cuts.begin(), cuts.end());
    const std::vector<std::vector<uint64_t>> rounds = {{0, cuts[0], cuts[1], cuts[2]},
                                                       {cuts[2], cuts[3], cuts[4], text.size()}};
    for (unsigned op : {UTF8K_VALIDATE, UTF8K_SANITIZE, UTF8K_DECODE_UTF32}) {
      CheckSplit(text, op, mode, rounds, "random cuts " + std::to_string(i));
    }
  }
}

TEST_P(KernelSplitTest, FirstErrorInALaterPieceKeepsItsTextOffset) {
  MakeUnits(4);
  std::vector<uint8_t> text = test::RepeatedText(4000);
  text.resize(4000);
  text.back() = 'z';
  // errors only in the third piece and the fourth: the third's is the text's first
  text[2600] = 0xC0;
  text[3500] = 0xFF;
  for (unsigned op : {UTF8K_VALIDATE, UTF8K_SANITIZE}) {
    CheckSplit(text, op, Mode::kRfc3629, {EvenCuts(text, Mode::kRfc3629)}, "late error");
  }
}

TEST_P(KernelSplitTest, ABudgetOfBeatsUnderStallsChangesNothingButTime) {
  sim::Rng rng(seed_ + 22);
  const std::vector<uint8_t> text = CutText(rng, 5000);
  MakeUnits(4, 2, true);
  for (unsigned op : {UTF8K_VALIDATE, UTF8K_SANITIZE, UTF8K_DECODE_UTF32}) {
    CheckSplit(text, op, Mode::kAnnexR, {EvenCuts(text, Mode::kAnnexR)}, "budget 2");
  }
}

TEST_P(KernelSplitTest, BadArgumentsAndBusErrors) {
  MakeUnits(2);
  const std::vector<uint8_t> text = test::RepeatedText(600);
  card_->mem().Write(kSrcBase, text.data(), text.size());
  utf8k_text t;
  utf8k_text_begin(&t, &hosts_[0], UTF8K_SANITIZE, 0);
  std::vector<uint64_t> src = {kSrcBase, kSrcBase + 300}, len = {300, 300},
                        dst = {kDstBase, kDstBase + 0x10000}, cap = {900, 899}, wrote(2);
  // a cap below the worst case (3 bytes a byte for SANITIZE) is refused before anything runs
  const uint64_t clocks = card_->clocks();
  EXPECT_EQ(utf8k_text_feed_split(&t, hosts_.data(), 2, src.data(), len.data(), dst.data(), cap.data(), wrote.data()),
            UTF8K_E_INVALID);
  EXPECT_EQ(card_->clocks(), clocks);
  EXPECT_EQ(t.jobs, 0u);
  // a bus error in the second piece: the first is still waited for, the text
  // reports the error, and both kernels then run the next text
  cap[1] = 900;
  card_->mem().InjectReadError(kSrcBase + 400, kSrcBase + 401, sim::kAxiSlvErr);
  EXPECT_EQ(utf8k_text_feed_split(&t, hosts_.data(), 2, src.data(), len.data(), dst.data(), cap.data(), wrote.data()),
            UTF8K_E_BUS);
  card_->mem().ClearErrors();
  CheckSplit(text, UTF8K_SANITIZE, Mode::kRfc3629, {{0, 300, 600}}, "after the bus error");
  // a text with bytes held in a kernel cannot be split
  utf8k_text held;
  utf8k_text_begin(&held, &hosts_[0], UTF8K_VALIDATE, 0);
  held.held = 1;
  EXPECT_EQ(utf8k_text_feed_split(&held, hosts_.data(), 2, src.data(), len.data(), dst.data(), cap.data(),
                                  wrote.data()),
            UTF8K_E_INVALID);
}

INSTANTIATE_TEST_SUITE_P(Widths, KernelSplitTest, testing::ValuesIn(sim::KernelWidths()),
                         [](const testing::TestParamInfo<unsigned>& info) {
                           return "w" + std::to_string(info.param);
                         });

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
    for (unsigned op : {UTF8K_VALIDATE, UTF8K_SANITIZE, UTF8K_DECODE_UTF32, UTF8K_VALIDATE_STRINGS}) {
      if (Built(op) && op == UTF8K_VALIDATE_STRINGS) continue;  // KernelTest runs it
      if (Built(op)) {
        CheckText(text, op, Mode::kRfc3629, kSrcBase + 3, kDstBase, {700, text.size() - 700}, "built");
        continue;
      }
      SCOPED_TRACE(std::string("left out: ") + OpName(op));
      card_->mem().Write(kSrcBase, text.data(), text.size());
      card_->mem().Write(kDstBase, guard.data(), guard.size());
      const uint64_t reads = card_->mem().counters().read_bursts;
      const uint64_t writes = card_->mem().counters().write_bursts;
      // (for VALIDATE_STRINGS: two strings, offsets at the text's start)
      const utf8k_result r =
          RunJob({op, 0, kSrcBase, text.size(), kDstBase, guard.size(), kSrcBase, 2}, UTF8K_E_BAD_ARGS);
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
