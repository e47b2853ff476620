"""What the cocotb bench of the memory-mapped kernel (test_utf8_kernel.py) is
made of: a host that knows the kernel only through its register header and
its bus ports, the memory it works in, and CPython's UTF-8 codec as the
reference.

- KernelBench: an AxiLiteMaster on s_axil_*, an AxiRam on m_axi_* (through
  sim/cocotb/utf8_kernel_tb.v, which adds the AXI4 IDs cocotbext-axi wants),
  registers by name through kernel_regs.RegisterMap, jobs run as a host runs
  them (arguments, AP_START, poll AP_DONE or wait for irq, read the results).
  It watches every AR and AW burst (INCR, full beats, inside one 4 KiB page,
  inside the job's buffers) and compares the whole memory after each job with
  what the job may change.
- The reference: bytes.decode('utf-8', 'replace') and its incremental decoder,
  with an error handler that records where each error unit starts and ends
  and returns what 'replace' returns; each error's class (SPEC section 3) is
  read off CPython's reason and the bytes it names.
- random_text: seeded texts of five kinds (ASCII, multilingual, random bytes,
  truncated sequences, ill-formed forms).
"""

import codecs
import collections
import itertools
import logging
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge, with_timeout
from cocotbext.axi import AxiBus, AxiLiteBus, AxiLiteMaster, AxiRam, AxiResp

from kernel_regs import RegisterMap

# The OP codes of SPEC section 9 (the header gives the map, not the operations)
VALIDATE, SANITIZE, DECODE_UTF32, VALIDATE_STRINGS = 0, 1, 2, 3
OP_NAMES = ("VALIDATE", "SANITIZE", "DECODE_UTF32", "VALIDATE_STRINGS")
# Error classes, SPEC section 3 (rtl/common/utf8_class_codes.vh)
TOO_SHORT, TOO_LONG, OVERLONG, SURROGATE, TOO_LARGE, HEADER_BITS = range(1, 7)

RAM_SIZE = 0x10000
SRC_AREA = (0x0000, 0x8000)
DST_AREA = (0x8000, 0x10000)
PAGE = 0x1000
CLOCK_NS = 10
JOB_TIMEOUT_US = 400
STATUS_FIELDS = ("ERROR", "OUT_FULL", "BUS_ERROR", "HELD", "BAD_ARGS")
RESULTS = ("ERR_CLASS", "ERR_OFFSET", "IN_BYTES", "OUT_BYTES", "UNITS", "UTF16_UNITS",
           "CYCLES")
WIDE = ("SRC", "LEN", "DST", "CAP", "ERR_OFFSET", "IN_BYTES", "OUT_BYTES", "UNITS",
        "UTF16_UNITS", "CYCLES")


# The default seed is fixed, as in the project's C++ benches, so that the suite
# gives the same verdict on every run; UTF8CORE_SEED picks another.
DEFAULT_SEED = 20261124


def bench_seed():
    """UTF8CORE_SEED replays a run; otherwise DEFAULT_SEED."""
    return int(os.environ.get("UTF8CORE_SEED", DEFAULT_SEED))


# ---------------------------------------------------------------------------
# The reference: CPython's codec

def error_class(data, start, end, reason):
    """The class (SPEC section 3) of the error unit data[start:end] that
    CPython's UTF-8 decoder reported with `reason`."""
    lead = data[start]
    if reason == "unexpected end of data":
        return TOO_SHORT
    if reason == "invalid start byte":
        if 0x80 <= lead <= 0xBF:
            return TOO_LONG
        if lead in (0xC0, 0xC1):
            return OVERLONG
        if 0xF5 <= lead <= 0xF7:
            return TOO_LARGE
        if lead >= 0xF8:
            return HEADER_BITS
    if reason == "invalid continuation byte":
        # A continuation byte outside the lead's second-byte range is the
        # lead's own error; anything else ended the sequence too soon.
        second = data[start + 1]
        if end - start == 1 and 0x80 <= second <= 0xBF:
            if lead in (0xE0, 0xF0):
                return OVERLONG
            if lead == 0xED:
                return SURROGATE
            if lead == 0xF4:
                return TOO_LARGE
        return TOO_SHORT
    raise AssertionError(f"CPython reason {reason!r} on {bytes(data[start:end + 1]).hex(' ')}")


_recorded = []   # (start, end, class) of each error, start and end as CPython saw them


def _record_and_replace(exc):
    _recorded.append((exc.start, exc.end,
                      error_class(exc.object, exc.start, exc.end, exc.reason)))
    return ("\ufffd", exc.end)


ERRORS = "utf8core-kernel-bench"
codecs.register_error(ERRORS, _record_and_replace)


def strict_error_start(data):
    try:
        data.decode("utf-8")
        return None
    except UnicodeDecodeError as exc:
        return exc.start


# Second-byte ranges of the rfc3629 leads that narrow it (SPEC section 2)
_SECOND = {0xE0: (0xA0, 0xBF), 0xED: (0x80, 0x9F), 0xF0: (0x90, 0xBF), 0xF4: (0x80, 0x8F)}


def held_bytes(data):
    """How many bytes at the end of `data` a PARTIAL job keeps back (SPEC
    section 9): the incomplete last sequence, if it is a proper prefix of a
    well-formed one. CPython's incremental decoder is not used for this: with
    final=False it also keeps ED A0..BF back, which no well-formed sequence
    begins with (SPEC section 2 gives ED the second bytes 80..9F)."""
    # A sequence's bytes after its lead are continuation bytes, so the last
    # lead within the last three bytes is the only candidate.
    for n in range(1, min(3, len(data)) + 1):
        lead = data[-n]
        if 0x80 <= lead <= 0xBF:
            continue
        size = 2 if 0xC2 <= lead <= 0xDF else 3 if 0xE0 <= lead <= 0xEF else \
            4 if 0xF0 <= lead <= 0xF4 else 0
        if n >= size:
            return 0
        if n >= 2:
            lo, hi = _SECOND.get(lead, (0x80, 0xBF))
            if not lo <= data[-n + 1] <= hi:
                return 0
        return n
    return 0


def cpython_chunks(chunks):
    """A text given as `chunks`, each a PARTIAL job but the last: per chunk
    (text, errors, held), errors as (text offset, class) and held the bytes
    kept back for the next chunk. The units come from CPython decoding the
    whole text; each chunk gets those that start in its bytes, the bytes held
    before it in front and its own held bytes taken off."""
    whole = b"".join(chunks)
    units = cpython_units(whole)
    pieces = []
    offset = 0
    begin = 0           # where this chunk's units start: the held bytes before it
    for i, chunk in enumerate(chunks):
        offset += len(chunk)
        job = whole[begin:offset]      # what the job reads: the held bytes, then the chunk
        keep = 0 if i == len(chunks) - 1 else held_bytes(job)
        held = job[len(job) - keep:]
        end = offset - keep
        mine = [u for u in units if begin <= u[0] < end]
        # The reference checks itself: a chunk's end falls between units.
        assert all(pos + n <= end for pos, n, _c, _k in mine), (i, begin, end)
        text = "".join(ch for _p, _n, ch, _k in mine)
        errors = [(pos, cls) for pos, _n, _c, cls in mine if cls]
        pieces.append((text, errors, held))
        begin = end
    assert "".join(p[0] for p in pieces) == whole.decode("utf-8", "replace")
    firsts = [e for p in pieces for e in p[1]]
    assert (firsts[0][0] if firsts else None) == strict_error_start(whole)
    return pieces


def cpython_units(data):
    """Each unit of `data`: (text offset, input bytes, character, class or 0).
    The error units are where the recording handler says; between them every
    character is a well-formed sequence of the length its encoding has."""
    del _recorded[:]
    text = data.decode("utf-8", ERRORS)
    assert text == data.decode("utf-8", "replace")
    units = []
    pos = 0
    for start, end, cls in list(_recorded) + [(len(data), len(data), None)]:
        for ch in data[pos:start].decode("utf-8"):
            n = len(ch.encode("utf-8"))
            units.append((pos, n, ch, 0))
            pos += n
        if cls is not None:
            units.append((start, end - start, "\ufffd", cls))
            pos = end
    assert "".join(u[2] for u in units) == text
    return units


def output_of(op, text):
    """What the kernel writes at DST for the units of `text`."""
    if op == SANITIZE:
        return text.encode("utf-8")
    if op == DECODE_UTF32:
        return text.encode("utf-32-le")
    return b""


def expect(op, text, classes, first_error, in_bytes, held=False, out_full=False):
    """The registers after a job that completed the units of `text` (their
    error classes in `classes`), the text so far having `first_error`
    ((offset, class) or None); and the bytes the job writes."""
    counts = [0] * 6
    for cls in classes:
        counts[cls - 1] += 1
    out = output_of(op, text)
    return {
        "ERROR": int(first_error is not None),
        "OUT_FULL": int(out_full),
        "BUS_ERROR": 0,
        "HELD": int(held),
        "BAD_ARGS": 0,
        "ERR_CLASS": first_error[1] if first_error else 0,
        "ERR_OFFSET": first_error[0] if first_error else 0,
        "IN_BYTES": in_bytes,
        "OUT_BYTES": len(out),
        "UNITS": len(text),
        "UTF16_UNITS": len(text.encode("utf-16-le")) // 2,
        "CLASS_COUNT": tuple(counts),
    }, out


# ---------------------------------------------------------------------------
# Texts

# Blocks of code points a text draws its words from
SCRIPTS = (
    (0x00A0, 0x024F),     # Latin-1, Latin Extended
    (0x0370, 0x03FF),     # Greek
    (0x0400, 0x04FF),     # Cyrillic
    (0x05D0, 0x05EA),     # Hebrew
    (0x0620, 0x064A),     # Arabic
    (0x0900, 0x097F),     # Devanagari
    (0x3040, 0x30FF),     # Kana
    (0x4E00, 0x9FFF),     # CJK
    (0xAC00, 0xD7A3),     # Hangul
    (0xE000, 0xF8FF),     # private use, up to the surrogates' far side
    (0xFFF0, 0xFFFF),     # specials and the noncharacters FFFE, FFFF
    (0x10000, 0x1FFFF),   # SMP, four bytes
    (0x1F300, 0x1FAFF),   # emoji
    (0x100000, 0x10FFFF),  # the last plane
)
ILL_FORMED = (
    b"\xc0\xaf", b"\xc1\xbf", b"\xe0\x80\xaf", b"\xe0\x9f\xbf", b"\xf0\x8f\xbf\xbf",
    b"\xed\xa0\x80", b"\xed\xbf\xbf", b"\xf4\x90\x80\x80", b"\xf5\x80", b"\xf7",
    b"\xf8\x88\x80\x80\x80", b"\xfc\x84\x80\x80\x80\x80", b"\xfe", b"\xff", b"\x80",
    b"\xbf\xbf", b"\xc2\x41", b"\xe1\x80\x41", b"\xf1\x80\x80\x41",
)
KINDS = ("ascii", "multilingual", "random", "truncated", "ill-formed")


def multilingual(rng, length):
    """Words from two or three scripts, separated by ASCII: about `length` bytes."""
    scripts = rng.sample(SCRIPTS, rng.randint(1, 3))
    out = bytearray()
    while len(out) < length:
        lo, hi = rng.choice(scripts)
        word = "".join(chr(rng.randint(lo, hi)) for _ in range(rng.randint(1, 8)))
        out += word.encode("utf-8") + rng.choice((b" ", b", ", b"\n", b"-"))
    return bytes(out)


def random_text(rng, length, kind=None):
    """About `length` bytes of one kind of text: ASCII, random bytes and the
    truncated kind cut to `length` (and the truncated kind, half the time, not
    even), multilingual text at the character boundary below it, the
    ill-formed kind a little longer."""
    kind = kind or rng.choice(KINDS)
    if kind == "ascii":
        return bytes(rng.choice(b" \n\t!az09AZ~") if rng.random() < 0.2
                     else rng.randint(0x20, 0x7E) for _ in range(length))
    if kind == "multilingual":
        good = multilingual(rng, length)
        while length < len(good) and 0x80 <= good[length] <= 0xBF:
            length -= 1
        return good[:length]
    if kind == "random":
        return rng.randbytes(length)
    good = multilingual(rng, length)
    if kind == "truncated":
        # sequences cut short: drop one to three bytes after some lead bytes
        out = bytearray()
        i = 0
        while i < len(good):
            out.append(good[i])
            if good[i] >= 0xC0 and rng.random() < 0.15:
                i += rng.randint(1, 3)
                while i < len(good) and 0x80 <= good[i] <= 0xBF and rng.random() < 0.3:
                    i += 1
            i += 1
        return bytes(out[:length]) if rng.random() < 0.5 else bytes(out)
    # ill-formed: the forms of every error class spliced into good text
    out = bytearray()
    for i in range(0, len(good), 8):
        out += good[i:i + 8]
        if rng.random() < 0.3:
            out += rng.choice(ILL_FORMED)
    return bytes(out)


def pauses(rng, probability):
    while True:
        yield rng.random() < probability


# ---------------------------------------------------------------------------
# The host

class KernelBench:
    """The kernel with a clock, a register master, a memory and watchers."""

    def __init__(self, dut):
        self.dut = dut
        self.log = dut._log
        self.regs = RegisterMap()
        self.width = len(dut.m_axi_wdata) // 8
        cocotb.start_soon(Clock(dut.clk, CLOCK_NS, units="ns").start())
        self.axil = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.clk, dut.rst)
        self.ram = AxiRam(AxiBus.from_prefix(dut, "m_axi"), dut.clk, dut.rst, size=RAM_SIZE)
        for log in (self.axil.write_if.log, self.axil.read_if.log, self.ram.write_if.log,
                    self.ram.read_if.log):
            log.setLevel(logging.WARNING)
        self.bursts = []       # (channel, address, beats) since the last job started
        self.violations = []   # what the burst watcher saw wrong
        self.irq_rises = 0
        self.seen = collections.Counter()   # what the jobs so far covered
        cocotb.start_soon(self._watch_bursts())
        cocotb.start_soon(self._watch_irq())

    # The memory side

    async def _watch_bursts(self):
        dut = self.dut
        size = self.width.bit_length() - 1
        while True:
            await RisingEdge(dut.clk)
            if dut.m_axi_wvalid.value and dut.m_axi_wready.value:
                self._check_w_beat()
            for ch in ("ar", "aw"):
                if not (getattr(dut, f"m_axi_{ch}valid").value
                        and getattr(dut, f"m_axi_{ch}ready").value):
                    continue
                fields = [getattr(dut, f"m_axi_{ch}{f}").value
                          for f in ("addr", "len", "burst", "size")]
                if not all(v.is_resolvable for v in fields):
                    self.violations.append(f"{ch.upper()} with x or z: {fields}")
                    continue
                addr = int(getattr(dut, f"m_axi_{ch}addr").value)
                beats = int(getattr(dut, f"m_axi_{ch}len").value) + 1
                burst = int(getattr(dut, f"m_axi_{ch}burst").value)
                beat_size = int(getattr(dut, f"m_axi_{ch}size").value)
                self.bursts.append((ch, addr, beats))
                what = f"{ch.upper()} {addr:#x} x{beats}"
                if burst != 1 or beat_size != size:
                    self.violations.append(f"{what}: burst {burst} size {beat_size}, "
                                           f"not INCR of {self.width}-byte beats")
                if addr % self.width:
                    self.violations.append(f"{what}: not on a beat boundary")
                if addr % PAGE + beats * self.width > PAGE:
                    self.violations.append(f"{what}: crosses a 4 KiB boundary")
                if addr + beats * self.width > RAM_SIZE:
                    self.violations.append(f"{what}: beyond the memory")

    def _check_w_beat(self):
        # The bench runs with COCOTB_RESOLVE_X=ZEROS because the kernel leaves
        # the bytes of unstrobed lanes undefined, as AXI4 allows, and the AXI
        # slave converts whole beats; the bytes it does write must be defined.
        strb = self.dut.m_axi_wstrb.value
        if not strb.is_resolvable:
            self.violations.append(f"W beat with wstrb {strb.binstr}")
            return
        bits = self.dut.m_axi_wdata.value.binstr
        for lane in range(self.width):
            byte = bits[len(bits) - 8 * (lane + 1):len(bits) - 8 * lane]
            if strb.integer >> lane & 1 and not set(byte) <= {"0", "1"}:
                self.violations.append(f"W beat with wstrb {strb.integer:#x}: lane {lane} "
                                       f"is {byte}")

    def check_bursts(self, reads, writes, context):
        """Every burst since the job started inside [lo, hi) of its channel
        (rounded out to beats); `reads`/`writes` None where none may come."""
        problems = list(self.violations)
        for ch, addr, beats in self.bursts:
            window = reads if ch == "ar" else writes
            end = addr + beats * self.width
            if window is None:
                problems.append(f"{ch.upper()} {addr:#x} x{beats} where none was due")
                continue
            lo = window[0] - window[0] % self.width
            hi = -(-window[1] // self.width) * self.width
            if window[1] <= window[0] or addr < lo or end > hi:
                problems.append(f"{ch.upper()} {addr:#x} x{beats} outside "
                                f"[{window[0]:#x}, {window[1]:#x})")
        self.violations.clear()
        assert not problems, f"{context}: " + "; ".join(problems)

    def set_stalls(self, rng, probability):
        """Random pauses on all five channels of the memory, or none. An
        always-ready generator, because clear_pause_generator() leaves the
        last pause value in force."""
        channels = (self.ram.write_if.aw_channel, self.ram.write_if.w_channel,
                    self.ram.write_if.b_channel, self.ram.read_if.ar_channel,
                    self.ram.read_if.r_channel)
        for ch in channels:
            ch.set_pause_generator(pauses(random.Random(rng.random()), probability)
                                   if probability else itertools.repeat(False))

    def image(self):
        return bytes(self.ram.read(0, RAM_SIZE))

    def check_memory(self, before, dst, out, context):
        """Memory is as before the job but for `out` at `dst`."""
        want = before[:dst] + out + before[dst + len(out):]
        got = self.image()
        if got != want:
            first = next(i for i in range(RAM_SIZE) if got[i] != want[i])
            last = max(i for i in range(RAM_SIZE) if got[i] != want[i])
            where = ("inside" if dst <= first < dst + len(out) else "outside")
            raise AssertionError(
                f"{context}: memory differs at {first:#x}..{last:#x} ({where} the "
                f"{len(out)} bytes due at {dst:#x}): got "
                f"{got[first:min(last + 1, first + 16)].hex(' ')}, want "
                f"{want[first:min(last + 1, first + 16)].hex(' ')}")

    def place(self, rng, length, area, align=1):
        """An address for a buffer of `length` bytes in `area`, at a random
        alignment (a multiple of `align`); half the time across a 4 KiB
        boundary, where the kernel must cut its bursts."""
        lo, hi = area
        if length > 1 and length < PAGE and rng.random() < 0.5:
            edge = rng.randrange(lo + PAGE, hi, PAGE)
            addr = edge - rng.randint(1, length - 1)
        else:
            addr = rng.randint(lo, hi - max(length, 1) - 64)
        return addr - addr % align

    # The register side

    async def _watch_irq(self):
        while True:
            await RisingEdge(self.dut.irq)
            self.irq_rises += 1

    async def reset(self):
        self.dut.rst.value = 1
        await ClockCycles(self.dut.clk, 4)
        self.dut.rst.value = 0
        await ClockCycles(self.dut.clk, 4)
        self.bursts.clear()
        self.violations.clear()

    async def read(self, reg, index=0):
        resp = await self.axil.read(self.regs.offset(reg, index), 4)
        assert resp.resp == AxiResp.OKAY, f"reading {reg}: {resp.resp}"
        return int.from_bytes(resp.data, "little")

    async def write(self, reg, value, index=0):
        resp = await self.axil.write(self.regs.offset(reg, index), value.to_bytes(4, "little"))
        assert resp.resp == AxiResp.OKAY, f"writing {reg}: {resp.resp}"

    async def read64(self, name):
        return await self.read(f"{name}_LO") | await self.read(f"{name}_HI") << 32

    async def write64(self, name, value):
        await self.write(f"{name}_LO", value & 0xFFFFFFFF)
        await self.write(f"{name}_HI", value >> 32)

    async def start(self, op, src=0, length=0, dst=0, cap=0, cont=False, partial=False,
                    offsets=None, count=0, offsets64=False):
        """Writes a job's arguments (mode rfc3629) and starts it; OFFSETS and
        COUNT too when `offsets` is given (VALIDATE_STRINGS)."""
        r = self.regs
        await self.write("OP", r.place("OP", "OP", op))
        await self.write("FLAGS", r.place("FLAGS", "CONTINUE", int(cont))
                         | r.place("FLAGS", "PARTIAL", int(partial))
                         | r.place("FLAGS", "OFFSETS64", int(offsets64)))
        if offsets is not None:
            await self.write64("OFFSETS", offsets)
            await self.write64("COUNT", count)
        await self.write64("SRC", src)
        await self.write64("LEN", length)
        await self.write64("DST", dst)
        await self.write64("CAP", cap)
        self.bursts.clear()
        await self.write("CTRL", r.mask("CTRL", "AP_START"))

    async def wait_done(self):
        """Polls CTRL until AP_DONE (which the read clears); returns CTRL."""
        async def poll():
            while True:
                ctrl = await self.read("CTRL")
                if self.regs.field("CTRL", "AP_DONE", ctrl):
                    return ctrl
        return await with_timeout(poll(), JOB_TIMEOUT_US, "us")

    async def results(self):
        """The result registers: STATUS by field, the rest by name; then
        AP_CONTINUE lets them go."""
        status = await self.read("STATUS")
        got = {f: self.regs.field("STATUS", f, status) for f in STATUS_FIELDS}
        for name in RESULTS:
            got[name] = await (self.read64(name) if name in WIDE else self.read(name))
        got["ERR_CLASS"] = self.regs.field("ERR_CLASS", "CLASS", got["ERR_CLASS"])
        got["CLASS_COUNT"] = tuple([await self.read("CLASS_COUNT", c)
                                    for c in range(self.regs.count("CLASS_COUNT"))])
        # read: acknowledge them (ap_ctrl_chain), so the next job may end
        await self.write("CTRL", self.regs.mask("CTRL", "AP_CONTINUE"))
        return got

    async def run(self, op, **args):
        await self.start(op, **args)
        await self.wait_done()
        got = await self.results()
        self._tally(got, **args)
        return got

    def _tally(self, got, src=0, length=0, dst=0, cap=0, **_more):
        self.seen["jobs"] += 1
        for name in ("ERROR", "HELD", "OUT_FULL", "BAD_ARGS"):
            self.seen[name] += got[name]
        for c, n in enumerate(got["CLASS_COUNT"]):
            self.seen[f"class {c + 1}"] += n
        for addr, n in ((src, length), (dst, got["OUT_BYTES"])):
            if n and addr // PAGE != (addr + n - 1) // PAGE:
                self.seen["across 4 KiB"] += 1

    def report(self, name):
        """One line of what the test covered, to see that it covered it."""
        self.log.info("%s covered: %s", name,
                      ", ".join(f"{k} {v}" for k, v in sorted(self.seen.items())))


def check(got, want, context):
    """Every register of `want` as expected, else one message with them all."""
    wrong = [f"{k} {got[k]}, CPython says {v}" for k, v in want.items() if got[k] != v]
    assert not wrong, f"{context}: " + "; ".join(wrong)


def describe(op, data, seed, **args):
    """A job as a failure message names it: enough to find it again."""
    shown = data.hex(" ") if len(data) <= 48 else data[:48].hex(" ") + " ..."
    argtext = " ".join(f"{k}={v:#x}" if k in ("src", "dst") else f"{k}={v}"
                       for k, v in args.items())
    return f"{OP_NAMES[op]} {argtext} on {len(data)} bytes [{shown}] (UTF8CORE_SEED={seed})"
