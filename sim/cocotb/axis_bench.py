"""What the cocotb benches of the decoders share: the stimulus, the random gaps
and backpressure, and a scoreboard whose expected units come from the utf8core
Python module, i.e. from the functional model that defines the behaviour.

The benches are examples of the module in use; the cycle-exact checks of the
RTL are the Verilator benches (tests/*/utf8_*_test.cpp)."""

import logging
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge, with_timeout
from cocotbext.axi import AxiStreamBus, AxiStreamFrame, AxiStreamSink, AxiStreamSource

import utf8core
from boundary_bytes import boundary_bytes

MODES = ("rfc3629", "annex-r")


def bench_seed():
    """UTF8CORE_SEED replays a run; otherwise cocotb's own seed (printed by cocotb)."""
    return int(os.environ.get("UTF8CORE_SEED", cocotb.RANDOM_SEED))


def pauses(rng, probability):
    while True:
        yield rng.random() < probability


def random_packets(rng, count, mode):
    annex_r = mode == "annex-r"
    packets = []
    for i in range(count):
        length = 1 if i % 8 == 0 else rng.randint(1, 48)
        if rng.random() < 0.7:
            packets.append(boundary_bytes(rng, length, annex_r))
        else:
            packets.append(rng.randbytes(length))
    return packets


def expected_units(packet, mode):
    """(code point, length, class code) of each unit, as the RTL's tdata/tuser carry them."""
    return [(cp, length, utf8core.CLASSES.index(cls))
            for cp, _offset, length, cls in utf8core.decode(packet, mode)]


def expected_status(packet, mode):
    """(stat_error, stat_err_offset, stat_err_class) of the packet."""
    ok, offset, cls = utf8core.validate(packet, mode)
    return (0, 0, 0) if ok else (1, offset, utf8core.CLASSES.index(cls))


def frame_units(frame, lanes):
    """The units of a frame received with compact=False: tdata and tkeep per lane,
    tuser per lane repeating the beat's whole tuser (6 bits per unit lane)."""
    keep = frame.tkeep or [1] * len(frame.tdata)
    units = []
    for beat in range(0, len(frame.tdata), lanes):
        beat_keep = keep[beat:beat + lanes]
        n = sum(beat_keep)
        # tkeep is contiguous from lane 0 and a beat has at least one unit
        assert n >= 1 and beat_keep == [1] * n + [0] * (lanes - n), beat_keep
        for lane in range(n):
            user = (frame.tuser[beat + lane] >> (6 * lane)) & 0x3F
            units.append((frame.tdata[beat + lane], user >> 3, user & 7))
    return units


class DecoderBench:
    """Source, sink and status monitor around a decoder with `lanes` unit lanes;
    checks units, per-packet status and error counters."""

    def __init__(self, dut, lanes):
        self.dut = dut
        self.lanes = lanes
        self.log = dut._log
        cocotb.start_soon(Clock(dut.clk, 10, units="ns").start())
        self.source = AxiStreamSource(AxiStreamBus.from_prefix(dut, "s_axis"), dut.clk, dut.rst)
        # one 32-bit code point per unit lane
        sink_args = {} if lanes > 1 else {"byte_size": 32}
        self.sink = AxiStreamSink(AxiStreamBus.from_prefix(dut, "m_axis"), dut.clk, dut.rst,
                                  **sink_args)
        # a line per frame would bury the result
        self.source.log.setLevel(logging.WARNING)
        self.sink.log.setLevel(logging.WARNING)
        self.status = []
        cocotb.start_soon(self._watch_status())

    async def _watch_status(self):
        while True:
            await RisingEdge(self.dut.clk)
            if self.dut.stat_valid.value:
                self.status.append((int(self.dut.stat_error.value),
                                    int(self.dut.stat_err_offset.value),
                                    int(self.dut.stat_err_class.value)))

    async def reset(self, mode):
        self.dut.cfg_mode.value = MODES.index(mode)
        self.dut.rst.value = 1
        await ClockCycles(self.dut.clk, 3)
        self.dut.rst.value = 0
        await ClockCycles(self.dut.clk, 2)
        self.status.clear()

    async def check_packets(self, packets, mode, seed):
        """Receives one frame per packet and checks its units, then the status."""
        for index, packet in enumerate(packets):
            frame = await with_timeout(self.sink.recv(compact=False), 100, "us")
            got = frame_units(frame, self.lanes)
            want = expected_units(packet, mode)
            assert got == want, (f"packet {index} {packet.hex(' ')}: units {got}, "
                                 f"utf8core.decode says {want} (seed {seed})")
        # stat_valid follows a packet's last unit by a few clocks
        await ClockCycles(self.dut.clk, 40)
        want_status = [expected_status(p, mode) for p in packets]
        assert self.status == want_status, (f"status {self.status}, expected {want_status} "
                                            f"(seed {seed})")
        assert self.sink.empty()
        self.status.clear()

    def check_counters(self, packets, mode, seed):
        """err_count: the units of each error class since the last reset."""
        width = len(self.dut.err_count) // 6
        value = self.dut.err_count.value.integer
        got = [(value >> (width * (c - 1))) & ((1 << width) - 1) for c in range(1, 7)]
        want = [0] * 6
        for packet in packets:
            for _cp, _length, cls in expected_units(packet, mode):
                if cls:
                    want[cls - 1] += 1
        assert got == want, f"err_count {got}, expected {want} (seed {seed})"

    def stop_pauses(self):
        # clear_pause_generator() leaves the last pause value in force
        self.source.clear_pause_generator()
        self.sink.clear_pause_generator()
        self.source.pause = False
        self.sink.pause = False

    async def run(self, mode, idle, backpressure, count):
        seed = bench_seed()
        rng = random.Random(f"{seed}-{mode}-{idle}-{backpressure}")
        self.log.info("seed %d (UTF8CORE_SEED=%d replays it), mode %s, gaps %s, backpressure %s",
                      seed, seed, mode, idle, backpressure)
        await self.reset(mode)
        if idle:
            self.source.set_pause_generator(pauses(rng, 0.4))
        if backpressure:
            self.sink.set_pause_generator(pauses(rng, 0.5))

        packets = random_packets(rng, count, mode)
        for packet in packets:
            await self.source.send(AxiStreamFrame(packet))
        await self.check_packets(packets, mode, seed)
        self.check_counters(packets, mode, seed)
        self.stop_pauses()

    async def run_resets(self, mode, rounds):
        """A reset in the middle of a packet, `rounds` times: the packet is lost
        (no unit, no status) and the packets after it decode as usual."""
        seed = bench_seed()
        rng = random.Random(f"{seed}-{mode}-reset")
        self.log.info("seed %d (UTF8CORE_SEED=%d replays it), mode %s, resets mid-packet",
                      seed, seed, mode)
        await self.reset(mode)
        self.source.set_pause_generator(pauses(rng, 0.3))
        self.sink.set_pause_generator(pauses(rng, 0.3))
        for _ in range(rounds):
            doomed = boundary_bytes(rng, rng.randint(28, 60), mode == "annex-r")
            await self.source.send(AxiStreamFrame(doomed))
            beats = rng.randint(1, 5)
            while beats:
                await RisingEdge(self.dut.clk)
                if self.dut.s_axis_tvalid.value and self.dut.s_axis_tready.value:
                    beats -= 1
            # the source drops the rest of its frame, the sink its partial frame
            await self.reset(mode)
            packets = random_packets(rng, 4, mode)
            for packet in packets:
                await self.source.send(AxiStreamFrame(packet))
            await self.check_packets(packets, mode, seed)
            self.check_counters(packets, mode, seed)
        self.stop_pauses()
