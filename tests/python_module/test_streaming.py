"""utf8core.Decoder against one-shot utf8core.decode: the same bytes fed at
random split points give the same units (docs/spec.md §6: streaming across
arbitrary chunk boundaries)."""

import random

import pytest

import utf8core
from boundary_bytes import boundary_bytes


def split(rng, data):
    cuts = sorted(rng.randint(0, len(data)) for _ in range(rng.randint(0, 6)))
    return [data[a:b] for a, b in zip([0] + cuts, cuts + [len(data)])]


@pytest.mark.parametrize("mode", ["rfc3629", "annex-r"])
def test_random_splits_equal_one_shot(mode):
    rng = random.Random(hash(mode) & 0xFFFF)
    decoder = utf8core.Decoder(mode)
    assert decoder.mode == mode
    for _ in range(2000):
        data = boundary_bytes(rng, rng.randint(0, 50), annex_r=(mode == "annex-r"))
        got = []
        for chunk in split(rng, data):
            got += decoder.feed(chunk)
        got += decoder.finish()
        # the same Decoder goes on to the next packet, offsets from 0 again
        assert got == utf8core.decode(data, mode), (data, mode)


def test_feed_returns_units_as_they_complete():
    d = utf8core.Decoder()
    assert d.feed(b"A\xf0\x9f") == [(0x41, 0, 1, "OK")]
    assert d.feed(b"\x98") == []
    assert d.feed(b"\x80B") == [(0x1F600, 1, 4, "OK"), (0x42, 5, 1, "OK")]
    assert d.feed(b"\xe2") == []
    assert d.finish() == [(0xFFFD, 6, 1, "TOO_SHORT")]
    assert d.finish() == []
    assert d.feed(b"\xe2\x82\xac") == [(0x20AC, 0, 3, "OK")]


def test_default_mode_is_rfc3629():
    d = utf8core.Decoder()
    assert d.mode == "rfc3629"
    assert d.feed(b"\xf8\x88\x80\x80\x80")[0] == (0xFFFD, 0, 1, "HEADER_BITS")
