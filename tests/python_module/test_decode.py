"""utf8core.decode and utf8core.validate against CPython's UTF-8 codec, an
independent reference: in rfc3629 mode the code points must equal
bytes.decode('utf-8', 'replace') and the first error offset must equal
UnicodeDecodeError.start (docs/spec.md §3)."""

import random

import pytest

import utf8core
from boundary_bytes import boundary_bytes

CLASSES = {"OK", "TOO_SHORT", "TOO_LONG", "OVERLONG", "SURROGATE", "TOO_LARGE",
           "HEADER_BITS"}


def cpython_first_error(data):
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as e:
        return e.start
    return None


def check_units_cover(units, data):
    """Every byte belongs to exactly one unit, in order."""
    pos = 0
    for cp, offset, length, cls in units:
        assert offset == pos
        assert 1 <= length <= 6
        assert cls in CLASSES
        if cls != "OK":
            assert cp == 0xFFFD
        pos += length
    assert pos == len(data)


def inputs(seed, count):
    rng = random.Random(seed)
    for i in range(count):
        if i % 2:
            yield bytes(rng.randrange(256) for _ in range(rng.randint(0, 40)))
        else:
            yield boundary_bytes(rng, rng.randint(0, 60))


@pytest.mark.parametrize("seed", range(4))
def test_decode_equals_cpython_replace(seed):
    for data in inputs(seed, 1500):
        units = utf8core.decode(data)
        assert [u[0] for u in units] == [ord(c) for c in data.decode("utf-8", "replace")], data
        check_units_cover(units, data)


@pytest.mark.parametrize("seed", range(4))
def test_first_error_offset_equals_cpython(seed):
    for data in inputs(100 + seed, 1500):
        start = cpython_first_error(data)
        ok, offset, cls = utf8core.validate(data)
        if start is None:
            assert (ok, offset, cls) == (True, None, None), data
        else:
            assert ok is False and offset == start, data
            first = next(u for u in utf8core.decode(data) if u[3] != "OK")
            assert (first[1], first[3]) == (offset, cls), data


def test_annex_r_units_cover_input_and_agree_with_validate():
    rng = random.Random(7)
    for _ in range(2000):
        data = boundary_bytes(rng, rng.randint(0, 60), annex_r=True)
        units = utf8core.decode(data, mode="annex-r")
        check_units_cover(units, data)
        errors = [u for u in units if u[3] != "OK"]
        ok, offset, cls = utf8core.validate(data, "annex-r")
        if errors:
            assert (ok, offset, cls) == (False, errors[0][1], errors[0][3])
        else:
            assert (ok, offset, cls) == (True, None, None)


@pytest.mark.parametrize("data,mode,expected", [
    # RFC 3629 §3 and docs/spec.md §3 examples
    (b"\xc0\x80", "rfc3629", [(0xFFFD, 0, 1, "OVERLONG"), (0xFFFD, 1, 1, "TOO_LONG")]),
    (b"\xe0\x41", "rfc3629", [(0xFFFD, 0, 1, "TOO_SHORT"), (0x41, 1, 1, "OK")]),
    (b"\x41\xe2\x82", "rfc3629", [(0x41, 0, 1, "OK"), (0xFFFD, 1, 2, "TOO_SHORT")]),
    (b"\xed\xa0\x80", "rfc3629", [(0xFFFD, 0, 1, "SURROGATE"), (0xFFFD, 1, 1, "TOO_LONG"),
                                  (0xFFFD, 2, 1, "TOO_LONG")]),
    (b"\xf4\x90\x80\x80", "rfc3629", [(0xFFFD, 0, 1, "TOO_LARGE")] +
     [(0xFFFD, k, 1, "TOO_LONG") for k in (1, 2, 3)]),
    (b"\xf8\x88\x80\x80\x80", "rfc3629", [(0xFFFD, 0, 1, "HEADER_BITS")] +
     [(0xFFFD, k, 1, "TOO_LONG") for k in (1, 2, 3, 4)]),
    (b"\xf8\x88\x80\x80\x80", "annex-r", [(0x200000, 0, 5, "OK")]),
    (b"\xfd\xbf\xbf\xbf\xbf\xbf", "annex-r", [(0x7FFFFFFF, 0, 6, "OK")]),
    (b"\xfe", "annex-r", [(0xFFFD, 0, 1, "HEADER_BITS")]),
    (b"", "rfc3629", []),
])
def test_known_units(data, mode, expected):
    assert utf8core.decode(data, mode) == expected
    assert utf8core.decode(data, mode=mode) == expected


@pytest.mark.parametrize("wrap", [bytes, bytearray, memoryview,
                                  lambda b: memoryview(bytearray(b))])
def test_accepts_bytes_like(wrap):
    data = b"a\xc3\xa9\xff\xe2\x82"
    expected = [(0x61, 0, 1, "OK"), (0xE9, 1, 2, "OK"), (0xFFFD, 3, 1, "HEADER_BITS"),
                (0xFFFD, 4, 2, "TOO_SHORT")]
    assert utf8core.decode(wrap(data)) == expected
    assert utf8core.validate(wrap(data)) == (False, 3, "HEADER_BITS")
    d = utf8core.Decoder()
    assert d.feed(wrap(data)) + d.finish() == expected


def test_long_input():
    data = "ÀÉ€😀".encode() * 50000 + b"\xff"
    units = utf8core.decode(data)
    assert len(units) == 200001
    assert units[-1] == (0xFFFD, len(data) - 1, 1, "HEADER_BITS")
    assert utf8core.validate(data) == (False, len(data) - 1, "HEADER_BITS")
