/*
 * utf8core host library: drives the memory-mapped kernel (rtl/kernel/utf8_kernel.v,
 * registers in utf8_kernel_regs.h, generated from rtl/kernel/utf8_kernel.rdl) from
 * C or C++. C99, no allocation, no threads.
 *
 * The library knows nothing of how the registers and the memory are
 * reached: a card is three callbacks on the register window (read32,
 * write32, and optionally wait_irq), and buffers are device addresses the
 * caller has made the kernel able to reach (a DMA buffer of a real card, the
 * memory model of the simulated one). Its shape follows XRT's: set the
 * arguments, start, wait, read the results.
 *
 *   utf8k_job job = {UTF8K_VALIDATE, 0, src, len, 0, 0};
 *   utf8k_result r;
 *   if (utf8k_run(&card, &job, &r) == UTF8K_OK && (r.status & UTF8K_ST_ERROR))
 *     printf("invalid at byte %llu\n", (unsigned long long)r.err_offset);
 *
 * A text longer than one buffer, or arriving in pieces, is a chain of jobs
 * (utf8k_text_*): each piece continues the last (CONTINUE) and, but for the
 * last piece, may end inside a sequence (PARTIAL), so the answer is the
 * whole text's. The kernel queues jobs (ap_ctrl_chain): utf8k_text_push()
 * starts the next piece while the last one runs, utf8k_text_pull() collects
 * them in order, so the kernel goes from one job to the next without waiting
 * for the host.
 *
 * An Arrow string column (a data buffer and COUNT + 1 offsets) is validated
 * string by string with utf8k_validate_strings(): a validity bitmap at DST,
 * the count of ill-formed strings and the first one.
 */
#ifndef UTF8CORE_HOST_H_
#define UTF8CORE_HOST_H_

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Operations (register OP) */
enum { UTF8K_VALIDATE = 0, UTF8K_SANITIZE = 1, UTF8K_DECODE_UTF32 = 2, UTF8K_VALIDATE_STRINGS = 3 };

/* FLAGS bits */
enum { UTF8K_MODE_ANNEX_R = 1u, UTF8K_CONTINUE = 2u, UTF8K_PARTIAL = 4u, UTF8K_OFFSETS64 = 8u };

/* STATUS bits */
enum {
  UTF8K_ST_ERROR = 1u,     /* the text so far has an error unit */
  UTF8K_ST_OUT_FULL = 2u,  /* stopped before the first unit that did not fit in CAP */
  UTF8K_ST_BUS_ERROR = 4u, /* an AXI response was SLVERR or DECERR */
  UTF8K_ST_HELD = 8u,      /* bytes of an incomplete sequence wait for the next job */
  UTF8K_ST_BAD_ARGS = 16u, /* the job was refused: nothing read or written */
  UTF8K_ST_BAD_OFFSETS = 32u /* VALIDATE_STRINGS: an offset out of 0..LEN or decreasing */
};

/* Return codes: 0 or negative */
enum {
  UTF8K_OK = 0,
  UTF8K_E_NO_KERNEL = -1, /* the ID register is not the kernel's */
  UTF8K_E_BAD_ARGS = -2,  /* the kernel refused the job (STATUS.BAD_ARGS) */
  UTF8K_E_BUS = -3,       /* STATUS.BUS_ERROR: the text is lost, start again */
  UTF8K_E_TIMEOUT = -4,   /* AP_DONE never came (wait_irq gave up, or the poll limit) */
  UTF8K_E_OUT_FULL = -5,  /* the output did not fit: see utf8k_text_feed */
  UTF8K_E_INVALID = -6,   /* a bad argument to the library itself */
  UTF8K_E_BAD_OFFSETS = -7 /* VALIDATE_STRINGS: a bad offset ended the column */
};

/* How the library reaches one kernel's registers. */
typedef struct utf8k_card {
  void *ctx;
  uint32_t (*read32)(void *ctx, uint32_t offset);
  void (*write32)(void *ctx, uint32_t offset, uint32_t value);
  /* Waits for the kernel's interrupt; 0 when it came, nonzero on a timeout.
   * NULL: the library polls ISR.DONE instead. */
  int (*wait_irq)(void *ctx);
  /* Polls of a register before a timeout (ISR.DONE when wait_irq is NULL, and
   * CTRL.AP_START before a start; 0: no limit). */
  uint64_t poll_limit;
} utf8k_card;

/* One job's arguments (SPEC §9's registers OP, FLAGS, SRC, LEN, DST, CAP;
 * OFFSETS and COUNT, written for VALIDATE_STRINGS only). */
typedef struct utf8k_job {
  unsigned op;
  unsigned flags;
  uint64_t src, len, dst, cap;
  uint64_t offsets, count;
} utf8k_job;

/* One job's results, as the registers give them. */
typedef struct utf8k_result {
  uint32_t status;
  uint32_t err_class;   /* class of the text's first error unit, 0 if none */
  uint64_t err_offset;  /* its text offset */
  uint64_t in_bytes, out_bytes, units, utf16_units, cycles;
  uint32_t class_count[6];
  /* VALIDATE_STRINGS (read by utf8k_validate_strings, 0 otherwise) */
  uint64_t bad_strings, first_bad;
} utf8k_result;

/* Checks the ID register; gives DATA_WIDTH and the OPs supported (CAPS). */
int utf8k_probe(const utf8k_card *card, uint32_t *data_width, uint32_t *ops);

/* Writes the arguments and sets AP_START (the interrupt on done is enabled),
 * once the kernel has taken the job started before (CTRL.AP_START reads 0).
 * The kernel holds two jobs (one running, one taken) and a third waits in
 * the argument registers: start at most two jobs more than have been waited
 * for, or this waits for a take that needs a wait first (UTF8K_E_TIMEOUT
 * with a poll limit, a hang without one). */
int utf8k_start(const utf8k_card *card, const utf8k_job *job);
/* Waits for the oldest started job to end (ISR.DONE, by the interrupt or
 * polling; the library clears it), reads its results and acknowledges them
 * (CTRL.AP_CONTINUE), which lets the next job end. */
int utf8k_wait(const utf8k_card *card, utf8k_result *result);
/* Start, wait, and map the status to a return code (BAD_ARGS, BUS_ERROR). */
int utf8k_run(const utf8k_card *card, const utf8k_job *job, utf8k_result *result);

/* A text as a chain of jobs. */
typedef struct utf8k_text {
  const utf8k_card *card;
  unsigned op, mode;      /* mode: 0 or UTF8K_MODE_ANNEX_R */
  int started;            /* a job of this text has been started: the next continues it */
  int held;               /* bytes wait in the kernel for the next piece */
  unsigned queued;        /* pieces pushed and not yet pulled (at most UTF8K_QUEUE) */
  int broken;             /* 0, or the error that broke the chain (see utf8k_text_pull) */
  /* the whole text so far */
  uint64_t in_bytes, out_bytes, units, utf16_units, cycles, jobs;
  uint32_t class_count[6];
  int error;
  uint32_t err_class;
  uint64_t err_offset;
} utf8k_text;

void utf8k_text_begin(utf8k_text *text, const utf8k_card *card, unsigned op, unsigned mode);

/* Runs one piece of the text: len bytes at src, output at dst with room for
 * cap bytes (SANITIZE: 3 bytes per input byte always suffice, plus 15 for
 * bytes held from the last piece; DECODE_UTF32: 4 per byte, plus 20).
 * `last` is nonzero for the text's last piece (len may be 0 then, to end a
 * text whose last piece was fed as not last). *in_bytes and *out_bytes say
 * what this call consumed and wrote. When the output does not fit, returns
 * UTF8K_E_OUT_FULL having consumed *in_bytes < len: take the output, then
 * feed the rest (src + *in_bytes). */
int utf8k_text_feed(utf8k_text *text, uint64_t src, uint64_t len, uint64_t dst, uint64_t cap,
                    int last, uint64_t *in_bytes, uint64_t *out_bytes);

/* The same piece by piece with the kernel's queue: utf8k_text_push() starts
 * a piece (as utf8k_text_feed() would run it) and returns at once, so the
 * host can push the next while it runs; utf8k_text_pull() waits for the
 * oldest piece pushed and gives what utf8k_text_feed() would have. At most
 * UTF8K_QUEUE pieces are pushed and not pulled (more: UTF8K_E_INVALID).
 * A piece that has another pushed behind it must not stop short: its cap
 * must hold the worst case (see utf8k_text_feed), as the next piece
 * continues the text from the end of this one's input. When one does stop
 * short (UTF8K_E_OUT_FULL), or fails, the chain is broken: that pull and
 * every later one return that error, the later ones still collecting their
 * jobs from the kernel (their results are dropped); begin a new text after. */
enum { UTF8K_QUEUE = 2 };
int utf8k_text_push(utf8k_text *text, uint64_t src, uint64_t len, uint64_t dst, uint64_t cap,
                    int last);
int utf8k_text_pull(utf8k_text *text, uint64_t *in_bytes, uint64_t *out_bytes);

/* Validates, sanitizes or decodes a whole buffer as jobs of at most max_job
 * bytes (0: one job), the output at dst with room for cap bytes. */
int utf8k_process(utf8k_text *text, uint64_t src, uint64_t len, uint64_t dst, uint64_t cap,
                  uint64_t max_job);

/* Several compute units: one text over n kernels on one memory.
 *
 * A text cut where a unit starts falls into pieces the kernels can take on
 * their own: no sequence, well-formed or not, crosses the cut, and an error
 * unit's class does not depend on what came before it. So each piece is a
 * job with neither CONTINUE nor PARTIAL, the pieces run on n kernels at once,
 * and their results, stitched in order, are one kernel's on the whole text.
 *
 *   uint64_t at[5];
 *   utf8k_split_points(text, len, mode, 4, at);
 *   then piece i is [at[i], at[i + 1]) at src + at[i], run by
 *   utf8k_text_feed_split(&t, cards, 4, ...).
 */

/* The latest offset p <= pos at which a unit of text starts, looking at most 3
 * bytes back (5 for UTF8K_MODE_ANNEX_R, whose sequences are up to 6 bytes): a
 * byte that is not 10xxxxxx starts a unit; when all of them are 10xxxxxx, pos
 * starts one (no lead is near enough to cover it). text holds len > pos bytes
 * from the text's start or from an earlier such cut; pos >= len gives len. */
uint64_t utf8k_unit_cut(const uint8_t *text, uint64_t len, uint64_t pos, unsigned mode);

/* Where n kernels split len bytes of text: at[0] = 0, at[n] = len, and at[i]
 * the even cut i * len / n moved back to a unit start (utf8k_unit_cut), never
 * before at[i - 1] (tiny texts give empty pieces). at holds n + 1 offsets. */
void utf8k_split_points(const uint8_t *text, uint64_t len, unsigned mode, unsigned n, uint64_t *at);

/* Runs n pieces of a text on n kernels at once and adds them to the text as
 * if one kernel had run them in order: piece i is len[i] bytes at src[i] on
 * cards[i], each starting where a unit starts (utf8k_unit_cut), piece i + 1
 * following piece i in the text, the first following what the text has had
 * so far (nothing may be held: text->held is 0, as after a piece fed as last
 * or after this call). Its output goes to dst[i] with room cap[i], which must
 * be the worst case (SANITIZE 3 bytes a byte, DECODE_UTF32 4; VALIDATE
 * none); out_bytes[i] gets what it wrote. A piece of 0 bytes is not run.
 * text->card is not used; text->cycles adds each job's CYCLES (busy clocks of
 * each kernel, which overlap). A text is fed with this or with
 * utf8k_text_feed, not both: the kernels keep no text between these jobs. */
int utf8k_text_feed_split(utf8k_text *text, const utf8k_card *cards, unsigned n,
                          const uint64_t *src, const uint64_t *len, const uint64_t *dst,
                          const uint64_t *cap, uint64_t *out_bytes);

/* A string column's verdict (utf8k_validate_strings). */
typedef struct utf8k_strings {
  uint64_t strings;      /* strings checked: their bits are written */
  uint64_t bad_strings;  /* of them ill-formed */
  int error;             /* some string is ill-formed: the first one follows */
  uint64_t first_bad;    /* its index in the column */
  uint32_t err_class;    /* its first error's class */
  uint64_t err_offset;   /* and offset, counted from the string's start */
  uint64_t in_bytes;     /* data bytes of the strings checked */
  uint64_t cycles, jobs;
} utf8k_strings;

/* Validates each of the count strings of an Arrow column on its own: data at
 * src (len bytes), count + 1 offsets at offsets (int32, or int64 when
 * offsets64), the validity bitmap ((count + 7) / 8 bytes, bit i of byte i / 8
 * for string i, 1 = well-formed) at bitmap. Jobs of at most max_job strings (a
 * multiple of 8 is used; 0: one job), each continuing the last. Returns
 * UTF8K_E_BAD_OFFSETS when an offset is outside 0..len or below the one before:
 * res->strings bits are then written, none after. */
int utf8k_validate_strings(const utf8k_card *card, unsigned mode, uint64_t src, uint64_t len,
                           uint64_t offsets, int offsets64, uint64_t count, uint64_t bitmap,
                           uint64_t max_job, utf8k_strings *res);

/* A return code's name, for messages. */
const char *utf8k_strerror(int code);

#ifdef __cplusplus
}
#endif

#endif /* UTF8CORE_HOST_H_ */
