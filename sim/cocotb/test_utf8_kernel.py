"""cocotb bench of the memory-mapped kernel (rtl/kernel/utf8_kernel.v, SPEC section 9)
under Icarus, as a client from outside the project would write it: an
AxiLiteMaster on the register port, an AxiRam as the memory (through
sim/cocotb/utf8_kernel_tb.v, which adds the AXI4 IDs the kernel does not have),
every offset and mask parsed from the generated header host/utf8_kernel_regs.h,
and CPython's own UTF-8 codec as the reference instead of the project's model.
In rfc3629 mode, on seeded texts of five kinds (ASCII, multilingual, random
bytes, truncated sequences, ill-formed forms), it checks VALIDATE (verdict,
ERR_OFFSET = UnicodeDecodeError.start, ERR_CLASS and CLASS_COUNT from CPython's
error reasons, UNITS and UTF16_UNITS from the 'replace' text), SANITIZE (DST =
decode('utf-8', 'replace').encode('utf-8')) and DECODE_UTF32 (=
.encode('utf-32-le')), each with and without random pauses on all five AXI
channels; a text split into a PARTIAL and a CONTINUE job at a random point
(held bytes per SPEC section 9, units from CPython's codec on the whole text;
see held_bytes for why not its incremental decoder); OUT_FULL with small
capacities, chained until the text is done (each output a prefix ending at a
unit boundary, IN_BYTES where the next job starts); the interrupt (GIE, IER,
ISR write-1-to-toggle); VALIDATE_STRINGS on Arrow-layout columns (int32 and
int64 offsets, empty strings, strings cut inside sequences: the bitmap bit of
each string is whether CPython decodes it strictly, BAD_STRINGS, FIRST_BAD and
the first bad string's ERR_CLASS and ERR_OFFSET from CPython's codec on that
string); and BAD_ARGS. After every job the whole memory is
compared with what the job may change, and every burst is checked (INCR, full
beats, inside one 4 KiB page and inside the job's buffers). Built and run by
sim/cocotb/run_bench.py kernel --data-width 64|512 (CTest:
cocotb.utf8_kernel_w64 and cocotb.utf8_kernel_w512, label quick; the 512-bit
kernel, four times slower under Icarus, gets a quarter of the texts);
UTF8CORE_SEED replays a run. annex-r mode is left to the C++ tests, CPython
having no codec for it.
"""

import random

import cocotb
from cocotb.regression import TestFactory
from cocotb.triggers import ClockCycles, RisingEdge, with_timeout

from kernel_bench import (DECODE_UTF32, DST_AREA, OP_NAMES, SANITIZE, SRC_AREA, VALIDATE,
                          VALIDATE_STRINGS, KernelBench, PAGE, bench_seed, check, cpython_chunks,
                          cpython_units,
                          describe, expect, output_of, random_text,
                          strict_error_start)

TEXTS_PER_OP = 24       # single jobs per operation and stall setting
SPLITS = 18             # texts run as a PARTIAL job and a CONTINUE job
OUT_FULL_TEXTS = 6      # texts run as chains of jobs with small capacities
STALL = 0.3             # probability of a pause on each memory channel each clock


def texts(bench, count):
    """Icarus runs the kernel slower the wider it is: at 256 and 512 bits the
    bench takes a half and a quarter of the texts, to stay quick."""
    return max(2, count * 128 // max(128, 8 * bench.width))


async def setup(dut, name):
    bench = KernelBench(dut)
    await bench.reset()
    seed = bench_seed()
    bench.log.info("%s: seed %d (UTF8CORE_SEED=%d replays it), DATA_WIDTH %d",
                   name, seed, seed, 8 * bench.width)
    return bench, seed, random.Random(f"{seed}-{name}")


def text_length(rng):
    r = rng.random()
    return 0 if r < 0.04 else rng.randint(1, 16) if r < 0.3 else rng.randint(17, 300)


@cocotb.test()
async def register_map(dut):
    """After reset: the identification registers, the kernel idle, irq low;
    the argument registers hold what is written."""
    bench, _seed, rng = await setup(dut, "register_map")
    r = bench.regs
    assert await bench.read("ID") == r.reset("ID", "ID")
    version = await bench.read("VERSION")
    assert r.field("VERSION", "MAJOR", version) == r.reset("VERSION", "MAJOR")
    caps = await bench.read("CAPS")
    assert r.field("CAPS", "DATA_WIDTH", caps) == 8 * bench.width, hex(caps)
    assert r.field("CAPS", "OPS", caps) == 0b1111, hex(caps)
    ctrl = await bench.read("CTRL")
    assert ctrl == r.mask("CTRL", "AP_IDLE"), f"CTRL {ctrl:#x} after reset"
    assert await bench.read("STATUS") == 0
    assert not dut.irq.value
    for name in ("SRC", "LEN", "DST", "CAP"):
        value = rng.getrandbits(64)
        await bench.write64(name, value)
        assert await bench.read64(name) == value, name
    for reg, field in (("OP", "OP"), ("FLAGS", "PARTIAL"), ("IER", "READY"), ("GIE", "GIE")):
        await bench.write(reg, r.mask(reg, field))
        assert await bench.read(reg) == r.mask(reg, field), reg
        await bench.write(reg, 0)
    assert bench.irq_rises == 0


async def one_job_per_text(dut, op, stalls):
    """Texts of every kind as single jobs at random SRC and DST alignments."""
    name = f"{OP_NAMES[op]}{' stalls' if stalls else ''}"
    bench, seed, rng = await setup(dut, name)
    if stalls:
        bench.set_stalls(rng, STALL)
    for _ in range(texts(bench, TEXTS_PER_OP)):
        data = random_text(rng, text_length(rng))
        units = cpython_units(data)
        text = "".join(u[2] for u in units)
        errors = [(u[0], u[3]) for u in units if u[3]]
        want, out = expect(op, text, [cls for _o, cls in errors],
                           errors[0] if errors else None, len(data))
        # CAP is what the output needs, or a little more
        cap = len(out) + rng.choice((0, 0, 1, 3, 64))
        src = bench.place(rng, len(data), SRC_AREA)
        dst = bench.place(rng, cap, DST_AREA, 4 if op == DECODE_UTF32 else 1)
        bench.ram.write(src, data)
        before = bench.image()
        args = dict(src=src, length=len(data), dst=dst, cap=cap)
        context = describe(op, data, seed, **args)
        got = await bench.run(op, **args)
        check(got, want, context)
        # the same in CPython's plainest terms, without the walk over units
        start = strict_error_start(data)
        replaced = data.decode("utf-8", "replace")
        assert (got["ERROR"], got["ERR_OFFSET"]) == (start is not None, start or 0), context
        assert got["UNITS"] == len(replaced), context
        assert got["UTF16_UNITS"] == len(replaced.encode("utf-16-le")) // 2, context
        bench.check_memory(before, dst, out, context)
        bench.check_bursts((src, src + len(data)),
                           (dst, dst + cap) if op != VALIDATE else None, context)
    bench.report(name)


ops = TestFactory(one_job_per_text)
ops.add_option("op", [VALIDATE, SANITIZE, DECODE_UTF32])
ops.add_option("stalls", [False, True])
ops.generate_tests()


@cocotb.test()
async def partial_then_continue(dut):
    """A text as two jobs split at a random point: the first PARTIAL (an
    incomplete sequence at its end held, HELD set), the second CONTINUE (the
    held bytes in front of its input, offsets counted from the text's start,
    the first error carried), its output right after the first's."""
    bench, seed, rng = await setup(dut, "partial_then_continue")
    for _ in range(texts(bench, SPLITS)):
        bench.set_stalls(rng, rng.choice((0, STALL)))
        op = rng.choice((VALIDATE, SANITIZE, DECODE_UTF32))
        data = random_text(rng, text_length(rng))
        # splits inside multi-byte sequences are the interesting ones
        inside = [i for i in range(1, len(data)) if 0x80 <= data[i] <= 0xBF]
        k = rng.choice(inside) if inside and rng.random() < 0.6 else rng.randint(0, len(data))
        parts = (data[:k], data[k:])
        pieces = cpython_chunks(parts)
        dst = bench.place(rng, 4 * len(data) + 8, DST_AREA, 4)
        first_error = None
        done = 0
        for i, (part, (text, errors, held)) in enumerate(zip(parts, pieces)):
            first_error = first_error or (errors[0] if errors else None)
            want, out = expect(op, text, [cls for _o, cls in errors], first_error, len(part),
                               held=bool(held))
            src = bench.place(rng, len(part), SRC_AREA)
            bench.ram.write(src, part)
            before = bench.image()
            args = dict(src=src, length=len(part), dst=dst + done, cap=len(out) + 4,
                        cont=i == 1, partial=i == 0)
            context = describe(op, data, seed, split=k, job=i + 1, **args)
            got = await bench.run(op, **args)
            check(got, want, context)
            bench.check_memory(before, dst + done, out, context)
            bench.check_bursts((src, src + len(part)),
                               (dst + done, dst + done + len(out) + 4) if op != VALIDATE
                               else None, context)
            done += len(out)
        whole = output_of(op, data.decode("utf-8", "replace"))
        assert bytes(bench.ram.read(dst, done)) == whole, describe(op, data, seed, split=k)
    bench.report("partial_then_continue")


@cocotb.test()
async def out_full_chain(dut):
    """SANITIZE and DECODE_UTF32 with capacities of 4 to 40 bytes: each job
    stops before the first unit that does not fit (OUT_FULL), its output a
    whole number of units and IN_BYTES their input; the next job continues at
    SRC + IN_BYTES with CONTINUE, until the text is done."""
    bench, seed, rng = await setup(dut, "out_full_chain")
    for t in range(texts(bench, OUT_FULL_TEXTS)):
        bench.set_stalls(rng, rng.choice((0, STALL)))
        op = (SANITIZE, DECODE_UTF32)[t % 2]
        data = random_text(rng, rng.randint(60, 200))
        units = cpython_units(data)
        src = bench.place(rng, len(data), SRC_AREA)
        dst = bench.place(rng, 4 * len(data) + 64, DST_AREA, 4)
        bench.ram.write(src, data)
        taken, consumed, written, jobs = 0, 0, 0, 0
        first_error = None
        while True:
            # at least 4, the most a unit writes, so that every job moves on
            cap = rng.randint(4, 40)
            # what fits: whole units, in order, while their bytes fit in CAP
            end, size = taken, 0
            while end < len(units):
                n = len(output_of(op, units[end][2]))
                if size + n > cap:
                    break
                size += n
                end += 1
            mine = units[taken:end]
            first_error = first_error or next(((u[0], u[3]) for u in mine if u[3]), None)
            want, out = expect(op, "".join(u[2] for u in mine), [u[3] for u in mine if u[3]],
                               first_error, sum(u[1] for u in mine),
                               out_full=end < len(units))
            before = bench.image()
            args = dict(src=src + consumed, length=len(data) - consumed, dst=dst + written,
                        cap=cap, cont=jobs > 0)
            context = describe(op, data, seed, job=jobs + 1, **args)
            got = await bench.run(op, **args)
            check(got, want, context)
            bench.check_memory(before, dst + written, out, context)
            bench.check_bursts((src + consumed, src + len(data)),
                               (dst + written, dst + written + cap), context)
            taken = end
            consumed += want["IN_BYTES"]
            written += len(out)
            jobs += 1
            if end == len(units):
                break
        want_all = output_of(op, data.decode("utf-8", "replace"))
        assert bytes(bench.ram.read(dst, written)) == want_all, describe(op, data, seed)
        assert jobs > 1, "the capacities never cut this text"
    bench.report("out_full_chain")


@cocotb.test()
async def interrupt(dut):
    """ISR records AP_DONE whatever IER says; irq is high exactly while GIE is
    set and an ISR bit is enabled in IER; writing 1 to an ISR bit toggles it."""
    bench, _seed, rng = await setup(dut, "interrupt")
    r = bench.regs
    done_bit = r.mask("ISR", "DONE")
    data = random_text(rng, 100, "multilingual")
    src = bench.place(rng, len(data), SRC_AREA)
    bench.ram.write(src, data)

    # IER set, GIE clear: the job ends, ISR says so, irq stays low
    await bench.write("IER", r.mask("IER", "DONE"))
    await bench.run(VALIDATE, src=src, length=len(data))
    isr = await bench.read("ISR")
    assert isr & done_bit, f"ISR {isr:#x} after a job"
    assert not dut.irq.value and bench.irq_rises == 0, "irq without GIE"
    # GIE set: the pending DONE raises irq
    await bench.write("GIE", r.mask("GIE", "GIE"))
    await ClockCycles(dut.clk, 2)
    assert dut.irq.value and bench.irq_rises == 1, "GIE set with ISR.DONE pending"
    # writing back what was read clears every set bit; irq falls
    await bench.write("ISR", isr)
    await ClockCycles(dut.clk, 2)
    assert await bench.read("ISR") == 0
    assert not dut.irq.value

    # a job's end raises irq by itself, and the results are there
    await bench.start(VALIDATE, src=src, length=len(data))
    await with_timeout(RisingEdge(dut.irq), 200, "us")
    ctrl = await bench.read("CTRL")
    assert r.field("CTRL", "AP_DONE", ctrl), f"irq before AP_DONE (CTRL {ctrl:#x})"
    got = await bench.results()
    assert got["UNITS"] == len(data.decode("utf-8")) and not got["ERROR"]
    # IER.READY clear: ISR.READY (set by the start) alone keeps irq low
    isr = await bench.read("ISR")
    await bench.write("ISR", done_bit)
    await ClockCycles(dut.clk, 2)
    assert await bench.read("ISR") == isr & ~done_bit
    assert not dut.irq.value, "irq from a bit IER does not enable"
    # toggle, not clear: writing 1 to the clear DONE bit sets it again
    await bench.write("ISR", done_bit)
    await ClockCycles(dut.clk, 2)
    assert dut.irq.value and bench.irq_rises == 3, "ISR.DONE toggled on"
    await bench.write("ISR", done_bit)
    await ClockCycles(dut.clk, 2)
    assert not dut.irq.value
    await bench.write("GIE", 0)
    await bench.write("IER", 0)


@cocotb.test()
async def bad_args(dut):
    """VALIDATE_STRINGS with its bitmap's room past the end of the address space,
    a UTF-32 destination off a 4-byte boundary, and a source running past the
    end of the address space: BAD_ARGS, nothing read or written, no counts; the
    next job runs as usual."""
    bench, seed, rng = await setup(dut, "bad_args")
    data = random_text(rng, 64, "multilingual")
    src = bench.place(rng, len(data), SRC_AREA)
    bench.ram.write(src, data)
    top = 1 << len(dut.m_axi_araddr)
    cases = (
        (3, dict(src=src, length=len(data), dst=top - 16, cap=256)),
        (DECODE_UTF32, dict(src=src, length=len(data), dst=DST_AREA[0] + 2, cap=256)),
        (VALIDATE, dict(src=top - 16, length=len(data), dst=0, cap=0)),
    )
    for op, args in cases:
        before = bench.image()
        context = describe(op, data, seed, **args)
        got = await bench.run(op, **args)
        want = {"BAD_ARGS": 1, "ERROR": 0, "OUT_FULL": 0, "BUS_ERROR": 0, "HELD": 0,
                "IN_BYTES": 0, "OUT_BYTES": 0, "UNITS": 0, "UTF16_UNITS": 0,
                "CLASS_COUNT": (0,) * 6}
        check(got, want, context)
        bench.check_memory(before, 0, b"", context)
        bench.check_bursts(None, None, context)
    got = await bench.run(SANITIZE, src=src, length=len(data), dst=DST_AREA[0], cap=4 * 64)
    assert got["BAD_ARGS"] == 0 and got["IN_BYTES"] == len(data), got
    assert bytes(bench.ram.read(DST_AREA[0], got["OUT_BYTES"])) == output_of(
        SANITIZE, data.decode("utf-8", "replace"))


@cocotb.test()
async def string_columns(dut):
    """Arrow-layout columns, each string checked alone: the bitmap at DST is
    CPython's strict decode of each string, empty strings well-formed; the
    registers give the count of ill-formed strings, the first one, and its
    first error (class and offset inside it) as CPython's codec finds them;
    nothing else in memory changes, and every read falls in the data's or
    the offsets' beats. Half the columns with pauses on every channel."""
    bench, seed, rng = await setup(dut, "string_columns")
    for k in range(max(2, texts(bench, 8))):
        bench.set_stalls(rng, STALL if k % 2 else 0)
        offsets64 = k % 3 == 1
        width = 8 if offsets64 else 4
        text = random_text(rng, rng.randint(1, 900))
        # cut into strings of 0..40 bytes, anywhere, inside sequences too
        cuts, at = [rng.randint(0, 8)], 0
        at = cuts[0]
        while at < len(text):
            at = min(len(text), at + (0 if rng.random() < 0.1 else rng.randint(1, 40)))
            cuts.append(at)
        count = len(cuts) - 1
        strings = [text[cuts[i]:cuts[i + 1]] for i in range(count)]
        src = bench.place(rng, len(text), (SRC_AREA[0], SRC_AREA[1] // 2))
        table = b"".join(c.to_bytes(width, "little") for c in cuts)
        offs = bench.place(rng, len(table), (SRC_AREA[1] // 2, SRC_AREA[1]))
        dst = bench.place(rng, (count + 7) // 8, DST_AREA)
        bench.ram.write(src, text)
        bench.ram.write(offs, table)
        ok = [strict_error_start(s) is None for s in strings]
        bitmap = bytearray((count + 7) // 8)
        for i, good in enumerate(ok):
            bitmap[i // 8] |= good << (i % 8)
        bad = [i for i, good in enumerate(ok) if not good]
        before = bench.image()
        context = (f"{OP_NAMES[VALIDATE_STRINGS]} src={src:#x} offsets={offs:#x} count={count} "
                   f"int{8 * width} dst={dst:#x} (UTF8CORE_SEED={seed})")
        got = await bench.run(VALIDATE_STRINGS, src=src, length=len(text), dst=dst,
                              cap=len(bitmap), offsets=offs, count=count, offsets64=offsets64)
        assert got["ERROR"] == bool(bad) and got["BAD_ARGS"] == 0, context
        assert got["UNITS"] == count and got["OUT_BYTES"] == len(bitmap), f"{context}: {got}"
        assert await bench.read64("BAD_STRINGS") == len(bad), context
        if bad:
            first = strings[bad[0]]
            units = [u for u in cpython_units(first) if u[3]]
            assert await bench.read64("FIRST_BAD") == bad[0], context
            assert (got["ERR_CLASS"], got["ERR_OFFSET"]) == (units[0][3], units[0][0]), context
        bench.check_memory(before, dst, bytes(bitmap), context)
        for ch, addr, beats in bench.bursts:
            end = addr + beats * bench.width
            inside = [lo - lo % bench.width <= addr and end <= -(-hi // bench.width) * bench.width
                      for lo, hi in ((src, src + len(text)), (offs, offs + len(table)))]
            assert ch == "aw" or any(inside), f"{context}: AR {addr:#x} x{beats} outside the column"
        assert not bench.violations, f"{context}: " + "; ".join(bench.violations)
        bench.bursts.clear()
        bench.seen["strings"] += count
        bench.seen["ill-formed strings"] += len(bad)
        bench.seen["int64 columns"] += offsets64
        if any(addr // PAGE != (addr + n - 1) // PAGE for addr, n in ((src, len(text)), (offs, len(table)))):
            bench.seen["across 4 KiB"] += 1
    bench.set_stalls(rng, 0)
    bench.report("string_columns")
