/* utf8core host library; see utf8core_host.h. */
#include "utf8core_host.h"

#include <stddef.h>

#include "utf8_kernel_regs.h"

/* Register offsets, from the generated map */
#define REG(name) ((uint32_t)offsetof(utf8_kernel_t, name))
#define KERNEL_ID 0x55384B31u

static void write64(const utf8k_card *c, uint32_t lo, uint64_t v) {
  c->write32(c->ctx, lo, (uint32_t)v);
  c->write32(c->ctx, lo + 4, (uint32_t)(v >> 32));
}

static uint64_t read64(const utf8k_card *c, uint32_t lo) {
  const uint64_t l = c->read32(c->ctx, lo);
  const uint64_t h = c->read32(c->ctx, lo + 4);
  return l | (h << 32);
}

/* Reads a register until (value & mask) != 0 is `set`, at most poll_limit
 * times (0: no limit). */
static int poll_bits(const utf8k_card *c, uint32_t reg, uint32_t mask, int set) {
  uint64_t polls = 0;
  while (((c->read32(c->ctx, reg) & mask) != 0) != (set != 0)) {
    if (c->poll_limit != 0 && ++polls >= c->poll_limit) return UTF8K_E_TIMEOUT;
  }
  return UTF8K_OK;
}

int utf8k_probe(const utf8k_card *card, uint32_t *data_width, uint32_t *ops) {
  uint32_t caps;
  if (card == NULL || card->read32 == NULL) return UTF8K_E_INVALID;
  if (card->read32(card->ctx, REG(ID)) != KERNEL_ID) return UTF8K_E_NO_KERNEL;
  caps = card->read32(card->ctx, REG(CAPS));
  if (data_width) *data_width = caps & 0xFFFFu;
  if (ops) *ops = (caps >> 16) & 0xFFu;
  return UTF8K_OK;
}

int utf8k_start(const utf8k_card *card, const utf8k_job *job) {
  if (card == NULL || job == NULL || card->write32 == NULL || card->read32 == NULL) return UTF8K_E_INVALID;
  /* The argument registers are free once the job started before is taken.
   * (This read clears CTRL.AP_DONE; the library waits on ISR.DONE instead.) */
  if (poll_bits(card, REG(CTRL), UTF8_KERNEL__CTRL__AP_START_bm, 0) != UTF8K_OK) return UTF8K_E_TIMEOUT;
  card->write32(card->ctx, REG(OP), job->op);
  card->write32(card->ctx, REG(FLAGS), job->flags);
  write64(card, REG(SRC_LO), job->src);
  write64(card, REG(LEN_LO), job->len);
  write64(card, REG(DST_LO), job->dst);
  write64(card, REG(CAP_LO), job->cap);
  if (job->op == UTF8K_VALIDATE_STRINGS) {
    write64(card, REG(OFFSETS_LO), job->offsets);
    write64(card, REG(COUNT_LO), job->count);
  }
  if (card->wait_irq != NULL) {
    card->write32(card->ctx, REG(IER), UTF8_KERNEL__IER__DONE_bm);
    card->write32(card->ctx, REG(GIE), UTF8_KERNEL__GIE__GIE_bm);
  }
  card->write32(card->ctx, REG(CTRL), UTF8_KERNEL__CTRL__AP_START_bm);
  return UTF8K_OK;
}

int utf8k_wait(const utf8k_card *card, utf8k_result *r) {
  int c;
  if (card == NULL || r == NULL) return UTF8K_E_INVALID;
  /* ISR.DONE, not CTRL.AP_DONE: a read of CTRL (utf8k_start's) clears
   * AP_DONE, while ISR.DONE stays until written. Writing its bit toggles it
   * off; no later job can set it again before AP_CONTINUE below. */
  if (card->wait_irq != NULL) {
    if (card->wait_irq(card->ctx) != 0) return UTF8K_E_TIMEOUT;
  } else if (poll_bits(card, REG(ISR), UTF8_KERNEL__ISR__DONE_bm, 1) != UTF8K_OK) {
    return UTF8K_E_TIMEOUT;
  }
  card->write32(card->ctx, REG(ISR), UTF8_KERNEL__ISR__DONE_bm);
  r->status = card->read32(card->ctx, REG(STATUS));
  r->err_class = card->read32(card->ctx, REG(ERR_CLASS));
  r->err_offset = read64(card, REG(ERR_OFFSET_LO));
  r->in_bytes = read64(card, REG(IN_BYTES_LO));
  r->out_bytes = read64(card, REG(OUT_BYTES_LO));
  r->units = read64(card, REG(UNITS_LO));
  r->utf16_units = read64(card, REG(UTF16_UNITS_LO));
  r->cycles = read64(card, REG(CYCLES_LO));
  for (c = 0; c < 6; ++c) r->class_count[c] = card->read32(card->ctx, REG(CLASS_COUNT) + 4u * (uint32_t)c);
  r->bad_strings = 0;
  r->first_bad = 0;
  /* the results are read: the next job may end and show its own */
  card->write32(card->ctx, REG(CTRL), UTF8_KERNEL__CTRL__AP_CONTINUE_bm);
  return UTF8K_OK;
}

/* A finished job's status as a return code: refused, or stopped by a bus error. */
static int status_rc(const utf8k_result *r) {
  if (r->status & UTF8K_ST_BAD_ARGS) return UTF8K_E_BAD_ARGS;
  if (r->status & UTF8K_ST_BUS_ERROR) return UTF8K_E_BUS;
  return UTF8K_OK;
}

int utf8k_run(const utf8k_card *card, const utf8k_job *job, utf8k_result *r) {
  int rc = utf8k_start(card, job);
  if (rc != UTF8K_OK) return rc;
  rc = utf8k_wait(card, r);
  if (rc != UTF8K_OK) return rc;
  return status_rc(r);
}

/* Adds a job's sums to its text's (the class counts saturate as the registers do). */
static void add_sums(utf8k_text *t, const utf8k_result *r) {
  int c;
  t->in_bytes += r->in_bytes;
  t->out_bytes += r->out_bytes;
  t->units += r->units;
  t->utf16_units += r->utf16_units;
  t->cycles += r->cycles;
  t->jobs += 1;
  for (c = 0; c < 6; ++c) {
    const uint32_t s = t->class_count[c] + r->class_count[c];
    t->class_count[c] = s < r->class_count[c] ? 0xFFFFFFFFu : s;
  }
}

void utf8k_text_begin(utf8k_text *t, const utf8k_card *card, unsigned op, unsigned mode) {
  const utf8k_text zero = {0};
  *t = zero;
  t->card = card;
  t->op = op;
  t->mode = mode & UTF8K_MODE_ANNEX_R;
}

int utf8k_text_push(utf8k_text *t, uint64_t src, uint64_t len, uint64_t dst, uint64_t cap, int last) {
  utf8k_job job;
  int rc;
  if (t == NULL || t->card == NULL || t->queued >= UTF8K_QUEUE) return UTF8K_E_INVALID;
  job.op = t->op;
  job.flags = t->mode | (t->started ? UTF8K_CONTINUE : 0u) | (last ? 0u : UTF8K_PARTIAL);
  job.src = src;
  job.len = len;
  job.dst = dst;
  job.cap = cap;
  job.offsets = 0;
  job.count = 0;
  rc = utf8k_start(t->card, &job);
  if (rc != UTF8K_OK) return rc;
  t->started = 1;
  t->queued += 1;
  return UTF8K_OK;
}

int utf8k_text_pull(utf8k_text *t, uint64_t *in_bytes, uint64_t *out_bytes) {
  utf8k_result r;
  int rc;
  if (in_bytes) *in_bytes = 0;
  if (out_bytes) *out_bytes = 0;
  if (t == NULL || t->card == NULL || t->queued == 0) return UTF8K_E_INVALID;
  rc = utf8k_wait(t->card, &r);
  if (rc != UTF8K_OK) return rc; /* the job is still the kernel's: pull again */
  t->queued -= 1;
  rc = status_rc(&r);
  if (rc == UTF8K_E_BUS) t->started = 0; /* the kernel forgot the text */
  /* a refused first job leaves no text to continue */
  if (rc == UTF8K_E_BAD_ARGS && t->jobs == 0 && t->queued == 0) t->started = 0;
  if (t->broken != 0) return t->broken;
  if (rc != UTF8K_OK) {
    if (t->queued != 0) t->broken = rc;
    return rc;
  }
  t->held = (r.status & UTF8K_ST_HELD) != 0;
  add_sums(t, &r);
  t->error = (r.status & UTF8K_ST_ERROR) != 0;
  t->err_class = r.err_class;
  t->err_offset = r.err_offset;
  if (in_bytes) *in_bytes = r.in_bytes;
  if (out_bytes) *out_bytes = r.out_bytes;
  if (r.status & UTF8K_ST_OUT_FULL) {
    /* the piece behind continues from the end of this one's input: the text is lost */
    if (t->queued != 0) t->broken = UTF8K_E_OUT_FULL;
    return UTF8K_E_OUT_FULL;
  }
  return UTF8K_OK;
}

int utf8k_text_feed(utf8k_text *t, uint64_t src, uint64_t len, uint64_t dst, uint64_t cap, int last,
                    uint64_t *in_bytes, uint64_t *out_bytes) {
  int rc;
  if (in_bytes) *in_bytes = 0;
  if (out_bytes) *out_bytes = 0;
  if (t == NULL || t->queued != 0) return UTF8K_E_INVALID;
  rc = utf8k_text_push(t, src, len, dst, cap, last);
  if (rc != UTF8K_OK) return rc;
  return utf8k_text_pull(t, in_bytes, out_bytes);
}

int utf8k_process(utf8k_text *t, uint64_t src, uint64_t len, uint64_t dst, uint64_t cap,
                  uint64_t max_job) {
  uint64_t done = 0, out = 0;
  do {
    const uint64_t rest = len - done;
    const uint64_t piece = (max_job == 0 || rest <= max_job) ? rest : max_job;
    uint64_t in = 0, o = 0;
    const int rc = utf8k_text_feed(t, src + done, piece, dst + out, cap - out, piece == rest, &in, &o);
    done += in;
    out += o;
    if (rc != UTF8K_OK) return rc;
  } while (done < len);
  return UTF8K_OK;
}

uint64_t utf8k_unit_cut(const uint8_t *text, uint64_t len, uint64_t pos, unsigned mode) {
  const uint64_t back = (mode & UTF8K_MODE_ANNEX_R) ? 5u : 3u;
  uint64_t p = pos;
  if (text == NULL || pos >= len) return len;
  for (;;) {
    if ((text[p] & 0xC0u) != 0x80u) return p;
    if (p == 0 || pos - p == back) return pos;
    --p;
  }
}

void utf8k_split_points(const uint8_t *text, uint64_t len, unsigned mode, unsigned n, uint64_t *at) {
  unsigned i;
  if (at == NULL || n == 0) return;
  at[0] = 0;
  for (i = 1; i < n; ++i) {
    /* i * len / n without overflow for any len below 2^64 / 8 */
    const uint64_t cut = utf8k_unit_cut(text, len, len / n * i + len % n * i / n, mode);
    at[i] = cut < at[i - 1] ? at[i - 1] : cut;
  }
  at[n] = len;
}

int utf8k_text_feed_split(utf8k_text *t, const utf8k_card *cards, unsigned n,
                          const uint64_t *src, const uint64_t *len, const uint64_t *dst,
                          const uint64_t *cap, uint64_t *out_bytes) {
  unsigned i;
  int rc = UTF8K_OK;
  uint64_t base;
  if (t == NULL || cards == NULL || src == NULL || len == NULL || dst == NULL || cap == NULL ||
      out_bytes == NULL || t->held || t->op == UTF8K_VALIDATE_STRINGS)
    return UTF8K_E_INVALID;
  for (i = 0; i < n; ++i) {
    const uint64_t per = t->op == UTF8K_SANITIZE ? 3u : t->op == UTF8K_DECODE_UTF32 ? 4u : 0u;
    if (per != 0 && len[i] > cap[i] / per) return UTF8K_E_INVALID;
    out_bytes[i] = 0;
  }
  /* Every piece is started before any is waited for: they run at once. */
  for (i = 0; i < n; ++i) {
    utf8k_job job;
    if (len[i] == 0) continue;
    job.op = t->op;
    job.flags = t->mode;
    job.src = src[i];
    job.len = len[i];
    job.dst = dst[i];
    job.cap = cap[i];
    job.offsets = 0;
    job.count = 0;
    rc = utf8k_start(&cards[i], &job);
    if (rc != UTF8K_OK) return rc;
  }
  /* Results in text order: offsets move by the bytes before the piece. */
  base = t->in_bytes;
  for (i = 0; i < n; ++i) {
    utf8k_result r;
    int w;
    if (len[i] == 0) continue;
    w = utf8k_wait(&cards[i], &r);
    if (w == UTF8K_OK) w = status_rc(&r);
    /* the caps hold the worst case: a kernel that stopped short is not one kernel's answer */
    if (w == UTF8K_OK && (r.status & UTF8K_ST_OUT_FULL)) w = UTF8K_E_OUT_FULL;
    if (w != UTF8K_OK) {
      if (rc == UTF8K_OK) rc = w; /* the other pieces are still waited for */
      continue;
    }
    if (rc != UTF8K_OK) continue;
    out_bytes[i] = r.out_bytes;
    add_sums(t, &r);
    if ((r.status & UTF8K_ST_ERROR) && !t->error) {
      t->error = 1;
      t->err_class = r.err_class;
      t->err_offset = base + r.err_offset;
    }
    base += len[i];
  }
  return rc;
}

int utf8k_validate_strings(const utf8k_card *card, unsigned mode, uint64_t src, uint64_t len,
                           uint64_t offsets, int offsets64, uint64_t count, uint64_t bitmap,
                           uint64_t max_job, utf8k_strings *res) {
  const utf8k_strings zero = {0};
  const uint64_t width = offsets64 ? 8u : 4u;
  uint64_t done = 0;
  int first = 1;
  if (card == NULL || res == NULL) return UTF8K_E_INVALID;
  *res = zero;
  /* whole bytes of bitmap a job, so that each job's bits start a byte */
  if (max_job != 0) max_job = max_job < 8 ? 8 : max_job & ~(uint64_t)7;
  do {
    const uint64_t rest = count - done;
    const uint64_t n = (max_job == 0 || rest <= max_job) ? rest : max_job;
    utf8k_job job;
    utf8k_result r;
    int rc;
    job.op = UTF8K_VALIDATE_STRINGS;
    job.flags = (mode & UTF8K_MODE_ANNEX_R) | (offsets64 ? UTF8K_OFFSETS64 : 0u) |
                (first ? 0u : UTF8K_CONTINUE);
    job.src = src;
    job.len = len;
    job.dst = bitmap + done / 8;
    job.cap = (n + 7) / 8;
    job.offsets = offsets + done * width;
    job.count = n;
    rc = utf8k_run(card, &job, &r);
    if (rc != UTF8K_OK) return rc;
    r.bad_strings = read64(card, REG(BAD_STRINGS_LO));
    r.first_bad = read64(card, REG(FIRST_BAD_LO));
    res->strings += r.units;
    res->bad_strings += r.bad_strings;
    res->in_bytes += r.in_bytes;
    res->cycles += r.cycles;
    res->jobs += 1;
    /* the first ill-formed string is carried from job to job */
    res->error = (r.status & UTF8K_ST_ERROR) != 0;
    res->first_bad = r.first_bad;
    res->err_class = r.err_class;
    res->err_offset = r.err_offset;
    if (r.status & UTF8K_ST_BAD_OFFSETS) return UTF8K_E_BAD_OFFSETS;
    done += n;
    first = 0;
  } while (done < count);
  return UTF8K_OK;
}

const char *utf8k_strerror(int code) {
  switch (code) {
    case UTF8K_OK: return "ok";
    case UTF8K_E_NO_KERNEL: return "no utf8core kernel at this register window";
    case UTF8K_E_BAD_ARGS: return "the kernel refused the job's arguments";
    case UTF8K_E_BUS: return "bus error: an AXI response was SLVERR or DECERR";
    case UTF8K_E_TIMEOUT: return "the kernel did not finish in time";
    case UTF8K_E_OUT_FULL: return "the output did not fit in the destination";
    case UTF8K_E_INVALID: return "invalid argument";
    case UTF8K_E_BAD_OFFSETS: return "bad column: an offset is outside the data or below the one before";
    default: return "unknown error";
  }
}
