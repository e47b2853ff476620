"""utf8core.validate_strings: the validity bitmap of an Arrow string column,
each string validated alone. Each bit is held to CPython's strict decode of that
string (rfc3629) and to utf8core.validate() of it (both modes); the column rules
(an offset outside 0..len(data) or below the one before) raise ValueError; the
offsets may be any int32 or int64 buffer."""

import array
import random

import pytest

import utf8core
from boundary_bytes import boundary_bytes

MODES = ["rfc3629", "annex-r"]


def column(rng, count):
    """Strings of boundary bytes, ASCII and empty ones, end to end."""
    strings = []
    for _ in range(count):
        kind = rng.randrange(4)
        if kind == 0:
            strings.append(b"")
        elif kind == 1:
            strings.append(bytes(rng.choice(b"abcxyz") for _ in range(rng.randrange(1, 9))))
        else:
            strings.append(boundary_bytes(rng, rng.randrange(1, 13)))
    offsets = [0]
    for s in strings:
        offsets.append(offsets[-1] + len(s))
    return strings, b"".join(strings), offsets


def bit(bitmap, i):
    return (bitmap[i // 8] >> (i % 8)) & 1


def test_each_bit_is_cpython_strict_decode_of_the_string():
    rng = random.Random(2811)
    strings, data, offsets = column(rng, 3000)
    bitmap = utf8core.validate_strings(data, array.array("i", offsets))
    assert len(bitmap) == (len(strings) + 7) // 8
    bad = 0
    for i, s in enumerate(strings):
        try:
            s.decode("utf-8")
            ok = 1
        except UnicodeDecodeError:
            ok = 0
        bad += 1 - ok
        assert bit(bitmap, i) == ok, (i, s)
    assert 0 < bad < len(strings)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("typecode", ["i", "q"])
def test_each_bit_is_validate_of_the_string(mode, typecode):
    rng = random.Random(7 if mode == "rfc3629" else 8)
    strings, data, offsets = column(rng, 500)
    bitmap = utf8core.validate_strings(bytearray(data), array.array(typecode, offsets), mode)
    for i, s in enumerate(strings):
        assert bit(bitmap, i) == int(utf8core.validate(s, mode)[0]), (i, s)
    # the bits past the last string are zero
    if len(strings) % 8:
        assert bitmap[-1] >> (len(strings) % 8) == 0


def test_a_sequence_cut_by_a_boundary_is_ill_formed_on_both_sides():
    euro = "\u20ac".encode()
    assert utf8core.validate_strings(euro, array.array("i", [0, 1, 3])) == b"\x00"
    assert utf8core.validate_strings(euro, array.array("i", [0, 3])) == b"\x01"


def test_an_arrow_buffer_cast_to_int32():
    # Arrow's offsets buffer as raw little-endian bytes, cast as the docstring says
    raw = array.array("i", [0, 2, 2, 3]).tobytes()
    assert utf8core.validate_strings(b"ok\x80", memoryview(raw).cast("i")) == b"\x03"


def test_no_strings():
    assert utf8core.validate_strings(b"", array.array("i")) == b""
    assert utf8core.validate_strings(b"abc", array.array("q", [3])) == b""


@pytest.mark.parametrize("offsets, message", [
    ([0, 3, 2], r"offset 2 \(2\) is below the one before \(3\)"),
    ([0, 5], r"offset 1 \(5\) is outside 0\.\.4"),
    ([-1, 2], r"offset 0 \(-1\) is outside 0\.\.4"),
])
def test_bad_offsets_raise_value_error(offsets, message):
    with pytest.raises(ValueError, match=message):
        utf8core.validate_strings(b"abcd", array.array("i", offsets))


def test_bad_arguments():
    with pytest.raises(TypeError, match="offsets must be a buffer"):
        utf8core.validate_strings(b"ab", [0, 2])
    with pytest.raises(ValueError, match="int32 or int64"):
        utf8core.validate_strings(b"ab", array.array("h", [0, 2]))
    with pytest.raises(ValueError, match="int32 or int64"):
        utf8core.validate_strings(b"ab", bytes(8))
    with pytest.raises(TypeError, match="not str"):
        utf8core.validate_strings("ab", array.array("i", [0, 2]))
    with pytest.raises(ValueError, match="unknown mode"):
        utf8core.validate_strings(b"ab", array.array("i", [0, 2]), "latin1")
