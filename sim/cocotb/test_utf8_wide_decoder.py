"""cocotb bench of the wide decoder (rtl/stream/utf8_wide_decoder.v, LANES as built by
sim/cocotb/run_bench.py) under Icarus: random packets in both modes under
{no gaps, random gaps} x {no backpressure, random backpressure}, and resets in
the middle of a packet (that packet lost, the next ones whole); the units of
every packet, unpacked from the unit lanes, and its status checked against the
utf8core module."""

from cocotb.regression import TestFactory

from axis_bench import MODES, DecoderBench


async def run_test(dut, mode, idle, backpressure):
    await DecoderBench(dut, lanes=len(dut.m_axis_tkeep)).run(mode, idle, backpressure, count=100)


async def reset_test(dut, mode):
    await DecoderBench(dut, lanes=len(dut.m_axis_tkeep)).run_resets(mode, rounds=12)


factory = TestFactory(run_test)
factory.add_option("mode", MODES)
factory.add_option("idle", [False, True])
factory.add_option("backpressure", [False, True])
factory.generate_tests()

resets = TestFactory(reset_test)
resets.add_option("mode", MODES)
resets.generate_tests(prefix="reset_mid_packet_")
