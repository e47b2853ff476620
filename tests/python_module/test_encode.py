"""utf8core.encode: round trips through decode, CPython's encoder as the
reference in rfc3629 mode, and U+FFFD for what the mode cannot encode."""

import random

import pytest

import utf8core
from boundary_bytes import encode_table4, random_code_point


@pytest.mark.parametrize("mode", ["rfc3629", "annex-r"])
def test_round_trip(mode):
    rng = random.Random(11)
    annex_r = mode == "annex-r"
    for _ in range(300):
        cps = [random_code_point(rng, annex_r) for _ in range(rng.randint(0, 30))]
        data = utf8core.encode(cps, mode)
        assert data == b"".join(encode_table4(cp) for cp in cps)
        units = utf8core.decode(data, mode)
        assert [u[0] for u in units] == cps
        assert all(u[3] == "OK" for u in units)


def test_equals_cpython_encoder():
    rng = random.Random(12)
    for _ in range(300):
        cps = [random_code_point(rng) for _ in range(rng.randint(0, 30))]
        assert utf8core.encode(cps) == "".join(map(chr, cps)).encode("utf-8")


def test_every_code_point_round_trips_rfc3629():
    cps = [cp for cp in range(0x110000) if not 0xD800 <= cp <= 0xDFFF]
    data = utf8core.encode(cps)
    assert data == "".join(map(chr, cps)).encode("utf-8")
    assert utf8core.validate(data) == (True, None, None)


@pytest.mark.parametrize("cp,mode", [
    (0xD800, "rfc3629"), (0xDFFF, "annex-r"), (0x110000, "rfc3629"),
    (0xFFFFFFFF, "rfc3629"), (0x80000000, "annex-r"), (0xFFFFFFFF, "annex-r"),
])
def test_unencodable_become_replacement(cp, mode):
    assert utf8core.encode([0x41, cp, 0x42], mode) == b"A\xef\xbf\xbdB"


@pytest.mark.parametrize("make", [lambda: (0x41, 0x1F600), lambda: range(0x41, 0x44),
                                  lambda: iter([0x41, 0xE9]), lambda: [],
                                  lambda: (cp for cp in [0x20AC])])
def test_accepts_iterables_of_int(make):
    expected = "".join(map(chr, make())).encode()
    assert utf8core.encode(make()) == expected
