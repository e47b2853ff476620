// Cycle model of the wide sanitizer; see utf8_sanitizer.h. Stages as in
// rtl/stream/utf8_sanitizer.v: front end (LaneFrontModel) and status run every
// clock; the unit, role, count and beat-count registers delay a beat into the
// FIFO (four clocks, more where the counts take more than one); the control
// takes the FIFO head's next step when the ring has room for it; the step
// reaches the ring after its prefix count, compaction
// and rotation registers; the reader moves a whole word into the output
// register when it is committed or holds a packet's end. Every decision reads
// the registers as they were at the clock's start, as the flip-flops do.
#include "utf8_sanitizer.h"

#include <algorithm>
#include <utility>

#include "utf8_lane_stages.h"

namespace utf8core {
namespace {
constexpr uint64_t kOffsetMask = 0xFFFFFFFFull;

// Levels per clock of the RTL's prefix count, compaction and rotation
// (SCAN_STEP, PACK_STEP, ROT_STEP).
// From LANES 32 the prefix count takes a level a clock (its adders in series).
int ScanStep(int lanes) { return lanes >= 32 ? 1 : 2; }
// From LANES 16 a compaction level takes a clock: a second level's selects wait on the first's.
int PackStep(int lanes) { return lanes >= 16 ? 1 : 2; }
// From LANES 16 a rotation level takes a clock: its select goes to WIN x 9 muxes.
int RotStep(int lanes) { return lanes >= 16 ? 1 : 2; }

// Adder levels a clock of the RTL's step counts (SUM_STEP).
constexpr int kSumStep = 2;

int Half(int lanes) { return lanes >= 2 ? lanes / 2 : 1; }

// Registers before the FIFO: units, roles, the step counts' (the cuts of
// their adder trees over a half's lanes, at least one), the beat's counts.
size_t BeatStages(int lanes) {
  const int cuts = StageCuts(CeilLog2(Half(lanes)), kSumStep);
  return static_cast<size_t>(3 + std::max(1, cuts));
}
// The ring's write window (WIN): a power of two that holds a step's bytes.
int Window(int lanes) { return lanes >= 4 ? 2 * lanes : 4; }
int Rows(int lanes) { return lanes >= 4 ? 16 : 8; }

// From the control to the ring: the step register, then the cuts of the
// prefix count over a half's lanes, the compaction over its 3 slots a lane,
// the rotation over the window, then the split stage of the words' ends (the
// commit is shown to the reader a clock after the bytes are written; the
// words' end entries follow a clock later, before the reader can take them).
size_t StepStages(int lanes) {
  const int q = Half(lanes);
  return static_cast<size_t>(2 + StageCuts(CeilLog2(q), ScanStep(lanes)) +
                             StageCuts(CeilLog2(3 * q), PackStep(lanes)) +
                             StageCuts(CeilLog2(Window(lanes)), RotStep(lanes)));
}
}  // namespace

SanitizerCycleModel::SanitizerCycleModel(int lanes)
    : lanes_(lanes),
      q_(Half(lanes)),
      steps_(lanes / Half(lanes)),
      ring_size_(static_cast<uint32_t>(Rows(lanes) * Window(lanes))),
      ptr_mask_(2 * static_cast<uint32_t>(Rows(lanes) * Window(lanes)) - 1),
      front_(lanes),
      status_(lanes),
      beats_(BeatStages(lanes)),
      fifo_(DepthFor(lanes)),
      pipe_(StepStages(lanes)),
      ring_(ring_size_),
      end_(ring_size_ / static_cast<uint32_t>(lanes)),
      end_count_(ring_size_ / static_cast<uint32_t>(lanes)) {}

void SanitizerCycleModel::Roles(const DecidedBeat& d, Beat* b) const {
  b->valid = d.valid;
  b->last = d.last;
  b->retract = false;
  b->slow = false;
  b->data = d.data;
  const size_t lanes = static_cast<size_t>(lanes_);
  for (size_t i = 0; i < lanes; ++i) b->role[i] = static_cast<int>(i) < d.kept ? 1 : 0;
  for (size_t u = 0; u < d.units.size(); ++u) {
    if (d.units[u].cls == ErrorClass::kOk) continue;
    const int e = d.lanes[u];
    const int len = d.units[u].length;
    for (int i = std::max(0, e - len + 1); i < e; ++i) b->role[static_cast<size_t>(i)] = 0;
    b->role[static_cast<size_t>(e)] = 3;
    b->slow = true;
    if (len > e + 1) b->retract = true;
  }
  std::array<int, 2> last_end{-1, -1};
  for (int e : d.lanes) last_end[static_cast<size_t>(e / q_)] = e;
  for (int s = 0; s < 2; ++s) {
    const size_t ss = static_cast<size_t>(s);
    b->n[ss] = b->k[ss] = 0;
    b->any[ss] = last_end[ss] >= 0;
    if (s >= steps_) continue;
    for (int i = s * q_; i < (s + 1) * q_; ++i) {
      b->n[ss] += b->role[static_cast<size_t>(i)];
      if (i <= last_end[ss]) b->k[ss] += b->role[static_cast<size_t>(i)];
    }
  }
  b->beat_n = b->n[0] + b->n[1];
  b->beat_k = b->any[1] ? b->n[0] + b->k[1] : b->k[0];
}

SanitizerCycleModel::Outputs SanitizerCycleModel::outputs() const {
  Outputs o;
  o.s_tready = fifo_.s_ready();
  o.m_tvalid = m_valid_;
  o.m_tlast = m_last_;
  o.m_tdata = m_data_;
  o.m_tkeep = m_keep_;
  const LaneStatusModel::Status& st = status_.status();
  o.stat_valid = st.valid;
  o.stat_error = st.error;
  o.stat_err_offset = st.offset & kOffsetMask;
  o.stat_err_class = st.cls;
  o.err_count = status_.counts();
  return o;
}

void SanitizerCycleModel::tick(const Inputs& in) {
  const uint32_t lanes = static_cast<uint32_t>(lanes_);
  const DecidedBeat& f = front_.out();

  // Reader: the word at rp_ moves to the output register when committed, or
  // when a packet ends in it.
  const uint32_t word = (rp_ % ring_size_) / lanes;
  const bool rd_end = end_[word];
  // A committed word waits: from registers a clock old (the RTL's ge1_q,
  // ge2_q). A packet's end commits its last word whole; the RTL marks the
  // packet's last byte in the ring, this model the word and its byte count.
  const bool avail = loaded_ ? ge2_ : ge1_;
  // The read register's word moves on into the output register when that is
  // free or taken; the next word is read when the read register is free or moves.
  const bool rb_move = rb_valid_ && (!m_valid_ || in.m_tready);
  const bool load = avail && (!rb_valid_ || rb_move);

  // Control: the step register's step goes when the ring had room for it.
  const bool go = sp_.valid && room_;
  Step step;
  uint32_t w_next = w_, c_next = c_;
  if (go) {
    const uint32_t base = sp_.retract ? c_ : w_;
    const uint32_t end_pos = (base + sp_.n) & ptr_mask_;
    const uint32_t rounded = ((end_pos + lanes - 1) & ~(lanes - 1)) & ptr_mask_;
    // A packet's last beat commits only with its last step, which marks the end.
    c_next = sp_.end ? rounded : (sp_.any && !sp_.last ? (base + sp_.k) & ptr_mask_ : c_);
    w_next = sp_.end ? rounded : end_pos;
    step.valid = true;
    step.end = sp_.end;
    step.base = base;
    step.c = c_next;
    step.bytes = sp_.bytes;
  }

  // Step register: the FIFO head's next step (a whole beat, or one half of a
  // beat with an error unit), taken when the register is empty or its step goes.
  const bool sp_load = !sp_.valid || go;
  bool head_ready = false;
  StepDecode next;
  if (sp_load && fifo_.m_valid()) {
    const Beat& h = fifo_.m_beat();
    const size_t second = (steps_ == 2 && phase_) ? 1 : 0;
    const bool final = !h.slow || phase_ || steps_ == 1;
    head_ready = final;
    next.valid = true;
    // A packet ends with the step that writes its last byte: a last beat's
    // second half, or its first when the second has no byte.
    next.end = h.last && (!h.slow || steps_ == 1 || (phase_ ? h.n[1] != 0 : h.n[1] == 0));
    next.last = h.last;
    next.retract = h.retract && !phase_;
    next.n = !h.slow ? h.beat_n : h.n[second];
    next.k = !h.slow ? h.beat_k : h.k[second];
    next.any = !h.slow ? (h.any[0] || h.any[1]) : h.any[second];
    if (!h.slow) {
      next.bytes.assign(h.data.begin(), h.data.begin() + next.n);
    } else {
      for (size_t i = second * static_cast<size_t>(q_); i < (second + 1) * static_cast<size_t>(q_);
           ++i) {
        if (h.role[i] == 1) {
          next.bytes.push_back(h.data[i]);
        } else if (h.role[i] == 3) {
          next.bytes.insert(next.bytes.end(), {0xEF, 0xBF, 0xBD});
        }
      }
    }
    phase_ = !final;
  }
  if (sp_load) sp_ = std::move(next);

  // Output register
  const uint32_t rp_old = rp_;
  if (rb_move) {
    m_data_ = rb_data_;
    m_keep_ = rb_keep_;
    m_last_ = rb_last_;
  }
  m_valid_ = rb_move || (m_valid_ && !in.m_tready);
  if (load) {
    for (uint32_t r = 0; r < lanes; ++r) rb_data_[r] = ring_[(rp_ + r) % ring_size_];
    rb_keep_ = FirstLanes(rd_end ? end_count_[word] : lanes_);
    rb_last_ = rd_end;
    rp_ = (rp_ + lanes) & ptr_mask_;
    end_[word] = false;
  }
  rb_valid_ = load || (rb_valid_ && !rb_move);
  const uint32_t ahead = (ring_c_ - rp_old) & ptr_mask_;
  ge1_ = ahead >= lanes;
  ge2_ = ahead >= 2 * lanes;
  loaded_ = load;

  // Ring write: the last step register's bytes, the commit pointer, a packet's end.
  const Step& wr = pipe_.back();
  if (wr.valid) {
    for (size_t j = 0; j < wr.bytes.size(); ++j) ring_[(wr.base + j) % ring_size_] = wr.bytes[j];
    ring_c_ = wr.c;
    if (wr.end) {
      const uint32_t last = (wr.base + static_cast<uint32_t>(wr.bytes.size()) - 1) & ptr_mask_;
      const uint32_t w = (last % ring_size_) / lanes;
      end_[w] = true;
      end_count_[w] = static_cast<int>(last % lanes) + 1;
    }
  }
  // Every step register moves one on; the control's step enters the first.
  std::rotate(pipe_.begin(), pipe_.end() - 1, pipe_.end());
  pipe_.front() = std::move(step);
  // The room rule (the RTL's ROOM_ROWS): written fewer than all but three
  // rows ahead of the reader, a clock before a step goes.
  const uint32_t win = static_cast<uint32_t>(Window(lanes_));
  room_ = ((w_ - rp_old) & ptr_mask_) / win < static_cast<uint32_t>(Rows(lanes_) - 3);
  if (go) {
    w_ = w_next;
    c_ = c_next;
  }

  // FIFO: the last beat register writes it; the control takes its head.
  const bool s_ready = fifo_.s_ready();
  const Beat& counted = beats_.back();
  fifo_.tick(in.rst, in.s.tvalid, counted.valid ? &counted : nullptr, false, head_ready);
  std::rotate(beats_.begin(), beats_.end() - 1, beats_.end());
  Roles(f, &beats_.front());

  status_.tick(in.rst, f);
  front_.tick(in.rst, in.cfg_mode, in.s, s_ready);

  if (in.rst) {
    for (Beat& b : beats_) b.valid = false;
    for (Step& s : pipe_) s.valid = false;
    w_ = c_ = 0;
    phase_ = false;
    sp_.valid = false;
    room_ = true;
    ring_c_ = 0;
    std::fill(end_.begin(), end_.end(), false);
    rp_ = 0;
    m_valid_ = false;
    rb_valid_ = false;
    ge1_ = ge2_ = loaded_ = false;
  }
}

}  // namespace utf8core
