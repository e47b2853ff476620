// Chunking property of the streaming Decoder (SPEC §6: "streaming across arbitrary
// chunk boundaries"): a stream of packets, each in its own mode, pushed in random
// chunks with set_mode / end_of_packet / reset between and inside packets, gives
// per packet exactly the units of one Decode call over that packet.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "model_check.h"
#include "utf8_model.h"

namespace utf8core {
namespace {

using modeltest::Describe;
using modeltest::Hex;

// Pushes b[from, to) in random chunks, alternating the two push overloads, and
// checks packet_offset() and in_sequence() after each chunk.
void PushChunks(sim::Rng* rng, Decoder* d, const std::vector<uint8_t>& b, size_t from, size_t to,
                std::vector<Unit>* out) {
  size_t i = from;
  while (i < to) {
    const size_t left = to - i;
    size_t n = rng->below(4) == 0 ? 0 : 1 + rng->below(static_cast<uint32_t>(std::min<size_t>(left, 17)));
    if (rng->below(8) == 0) n = left;  // sometimes the whole rest at once
    if (n > left) n = left;
    if (n == 1 && rng->below(2)) {
      d->push(b[i], out);
    } else {
      d->push(b.data() + i, n, out);
    }
    i += n;
    ASSERT_EQ(d->packet_offset(), i);
    uint64_t covered = 0;
    for (const Unit& u : *out) covered = std::max<uint64_t>(covered, u.offset + u.length);
    // Every byte taken is in an emitted unit, except those of the open sequence.
    ASSERT_EQ(d->in_sequence(), covered < i) << "after " << i << " bytes";
  }
}

TEST(Chunking, RandomSplitsMatchOneCall) {
  sim::Rng rng(modeltest::TestSeed(0xC4C4, "chunking"));
  Decoder d(Mode::kRfc3629);
  Mode current = Mode::kRfc3629;
  int packets = 0, resets = 0, early_mode_changes = 0;
  for (int p = 0; p < 200000; ++p) {
    const Mode next = rng.below(2) ? Mode::kAnnexR : Mode::kRfc3629;
    const std::vector<uint8_t> b = modeltest::RandomBoundaryBytes(&rng, p % 10 == 0 ? 300 : 40);
    const std::vector<Unit> want = Decode(b, current);
    SCOPED_TRACE("packet " + std::to_string(p) + " " + ModeName(current) + " " + Hex(b));
    ASSERT_EQ(d.mode(), current);
    ASSERT_EQ(d.packet_offset(), 0u);
    ASSERT_FALSE(d.in_sequence());

    std::vector<Unit> got;
    // Sometimes announce the next packet's mode part-way (after byte 1..n): it must
    // not touch this packet. Otherwise it is set between packets, at offset 0.
    const bool announce_early = !b.empty() && rng.below(3) == 0;
    const size_t mode_at = announce_early ? 1 + rng.below(static_cast<uint32_t>(b.size())) : SIZE_MAX;
    const bool reset_mid = !b.empty() && rng.below(20) == 0;
    const size_t reset_at = reset_mid ? rng.below(static_cast<uint32_t>(b.size())) : b.size();
    size_t pos = 0;
    if (mode_at <= reset_at) {
      PushChunks(&rng, &d, b, 0, mode_at, &got);
      d.set_mode(next);
      ++early_mode_changes;
      ASSERT_EQ(d.mode(), current) << "set_mode inside a packet changed it";
      pos = mode_at;
    }
    PushChunks(&rng, &d, b, pos, reset_at, &got);
    if (reset_mid) {
      // A reset loses this packet: what came out before it is a prefix of the
      // packet's units, and the open sequence leaves no unit.
      d.reset();
      ++resets;
      ASSERT_LE(got.size(), want.size());
      for (size_t k = 0; k < got.size(); ++k) ASSERT_EQ(got[k], want[k]) << "before reset";
      ASSERT_EQ(d.packet_offset(), 0u);
      ASSERT_FALSE(d.in_sequence());
      if (mode_at > reset_at) d.set_mode(next);
      current = next;
      continue;
    }
    d.end_of_packet(&got);
    ASSERT_EQ(got.size(), want.size()) << "units";
    for (size_t k = 0; k < want.size(); ++k) {
      ASSERT_EQ(got[k], want[k]) << "unit " << k << ": streamed " << Describe(got[k]) << ", one call "
                                 << Describe(want[k]);
    }
    if (!announce_early) d.set_mode(next);  // between packets
    current = next;
    ++packets;
  }
  std::cout << "[ info     ] " << packets << " packets compared, " << resets << " resets, "
            << early_mode_changes << " mode changes announced inside a packet" << std::endl;
  EXPECT_GT(resets, 1000);
  EXPECT_GT(early_mode_changes, 10000);
}

TEST(Chunking, ModeChangeInsidePacketWaitsForTheNextPacket) {
  // F5 80 80 80 is 0x140000 in annex-r and four errors in rfc3629.
  const std::vector<uint8_t> b = {0xF5, 0x80, 0x80, 0x80};
  Decoder d(Mode::kRfc3629);
  std::vector<Unit> u;
  d.push(b[0], &u);
  d.set_mode(Mode::kAnnexR);
  EXPECT_EQ(d.mode(), Mode::kRfc3629);
  d.push(b.data() + 1, 3, &u);
  d.end_of_packet(&u);
  EXPECT_EQ(u.size(), 4u);
  EXPECT_EQ(d.mode(), Mode::kAnnexR);
  u.clear();
  d.push(b.data(), 4, &u);
  d.end_of_packet(&u);
  ASSERT_EQ(u.size(), 1u);
  EXPECT_EQ(u[0], (Unit{0x140000, 0, 4, ErrorClass::kOk}));
}

TEST(Chunking, ResetDropsTheOpenSequence) {
  Decoder d(Mode::kRfc3629);
  std::vector<Unit> u;
  const uint8_t open[] = {0x41, 0xE2, 0x82};
  d.push(open, 3, &u);
  ASSERT_TRUE(d.in_sequence());
  d.reset();
  EXPECT_FALSE(d.in_sequence());
  d.push(0xAC, &u);  // would have completed U+20AC; now a stray at offset 0
  d.end_of_packet(&u);
  ASSERT_EQ(u.size(), 2u);
  EXPECT_EQ(u[0], (Unit{0x41, 0, 1, ErrorClass::kOk}));
  EXPECT_EQ(u[1], (Unit{kReplacement, 0, 1, ErrorClass::kTooLong}));
}

}  // namespace
}  // namespace utf8core
