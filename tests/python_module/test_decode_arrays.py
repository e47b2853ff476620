"""utf8core.decode_arrays: the units of decode() as four array.arrays (code
points 'I', offsets 'Q', lengths 'B', class numbers 'B'). It must equal
decode() unit for unit, in both modes, and take and refuse the same arguments.
Its class numbers are the project's error class codes, read here from the RTL's
own list (rtl/common/utf8_class_codes.vh), not from the module."""

import array
import os
import random
import re

import pytest

import utf8core
from boundary_bytes import boundary_bytes, encode_table4

MODES = ["rfc3629", "annex-r"]
CLASS_CODES = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "rtl", "common",
                           "utf8_class_codes.vh")
# decode_arrays goes through the input 65536 bytes at a time; the units that
# cross a cut must come out whole.
CHUNK = 1 << 16


def rtl_class_codes():
    """{name: number} of the localparams CLS_<name> = 3'd<number>."""
    text = open(CLASS_CODES, encoding="utf-8").read()
    codes = {name: int(num) for name, num in re.findall(r"CLS_(\w+)\s*=\s*3'd(\d+)", text)}
    assert len(codes) == 7, codes
    return codes


def as_units(arrays):
    """decode()'s list of tuples from decode_arrays()'s four arrays."""
    cps, offsets, lengths, classes = arrays
    return [(cp, off, ln, utf8core.CLASSES[cls])
            for cp, off, ln, cls in zip(cps, offsets, lengths, classes)]


def check_equal(data, mode):
    arrays = utf8core.decode_arrays(data, mode)
    assert len({len(a) for a in arrays}) == 1
    assert as_units(arrays) == utf8core.decode(data, mode), (data[:80], mode)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("seed", range(3))
def test_equals_decode_on_random_bytes(mode, seed):
    rng = random.Random(seed)
    for i in range(1500):
        if i % 2:
            data = rng.randbytes(rng.randint(0, 60))
        else:
            data = boundary_bytes(rng, rng.randint(0, 80), annex_r=mode == "annex-r")
        check_equal(data, mode)


def mixed_text(rng, length, annex_r):
    """Well-formed characters of every length with a few ill-formed pieces."""
    out = bytearray()
    while len(out) < length:
        r = rng.random()
        if r < 0.3:
            out += rng.choice([b"a", b"Z", b" ", b"\n"])
        elif r < 0.5:
            out += encode_table4(rng.randint(0x80, 0x7FF))
        elif r < 0.7:
            out += encode_table4(rng.choice([rng.randint(0x800, 0xD7FF), 0xFFFD]))
        elif r < 0.9:
            out += encode_table4(rng.randint(0x10000, 0x10FFFF))
        elif r < 0.95 and annex_r:
            out += encode_table4(rng.randint(0x200000, 0x7FFFFFFF))
        else:
            out += boundary_bytes(rng, rng.randint(1, 4), annex_r)
    return bytes(out[:length])


@pytest.mark.parametrize("mode", MODES)
def test_equals_decode_on_long_inputs(mode):
    rng = random.Random(11)
    for length in (CHUNK - 1, CHUNK + 1, 3 * CHUNK + 17):
        check_equal(mixed_text(rng, length, mode == "annex-r"), mode)
        check_equal(rng.randbytes(length), mode)


def to_arrays(units, shift=0):
    """decode()'s units as decode_arrays() gives them, offsets moved by `shift`."""
    codes = rtl_class_codes()
    return (array.array("I", [u[0] for u in units]),
            array.array("Q", [u[1] + shift for u in units]),
            array.array("B", [u[2] for u in units]),
            array.array("B", [codes[u[3]] for u in units]))


def ascii_units(char, start, count):
    """The arrays of `count` units of the ASCII `char` from offset `start`."""
    return (array.array("I", [ord(char)]) * count, array.array("Q", range(start, start + count)),
            array.array("B", [1]) * count, array.array("B", [0]) * count)


def joined(*parts):
    return tuple(sum((p[k] for p in parts[1:]), parts[0][k]) for k in range(4))


# Pieces to put across the first cut: well-formed sequences (U+FFFD among them)
# and ill-formed ones, some of whose class depends on the bytes after the cut.
ACROSS = [b"\xc3\xa9", b"\xe2\x82\xac", b"\xef\xbf\xbd", b"\xf0\x9f\x98\x80", b"\xe2\x82",
          b"\xf0\x9f\x98", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xe0\x80\xaf", b"\xf8",
          b"\xf8\x88\x80\x80\x80", b"\xfc\x84\x80\x80\x80\x80", b"\xfd\xbf\xbf\xbf\xbf\xbf"]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("piece", ACROSS)
@pytest.mark.parametrize("tail", [1, CHUNK], ids=["short", "long"])
def test_unit_across_a_chunk_boundary(mode, piece, tail):
    # ASCII, then the piece at every position from just before the first cut to
    # just after it, then ASCII again: `tail` bytes of it, so that there are
    # fewer units than bytes in a chunk (short) or more (long), which decide
    # where decode_arrays puts a chunk's code points. The ASCII on either side
    # decodes to a unit per byte, so only the piece is left to decode().
    piece_units = utf8core.decode(piece + b"c", mode)[:-1]
    for before in range(CHUNK - len(piece), CHUNK + 1):
        data = b"a" * before + piece + b"c" * tail
        expected = joined(ascii_units("a", 0, before), to_arrays(piece_units, before),
                          ascii_units("c", before + len(piece), tail))
        assert utf8core.decode_arrays(data, mode) == expected, (piece, before)


@pytest.mark.parametrize("mode", MODES)
def test_empty_input(mode):
    arrays = utf8core.decode_arrays(b"", mode)
    assert [a.typecode for a in arrays] == ["I", "Q", "B", "B"]
    assert [len(a) for a in arrays] == [0, 0, 0, 0]
    assert utf8core.decode(b"", mode) == []


@pytest.mark.parametrize("data", [b"", b"A", b"A\xc3\xa9\xff\xe2\x82",
                                  "ÀÉ€😀".encode() * 1000 + b"\xff"])
def test_tuple_of_four_arrays_with_typecodes_and_equal_lengths(data):
    result = utf8core.decode_arrays(data)
    assert type(result) is tuple and len(result) == 4
    assert all(type(a) is array.array for a in result)
    assert [a.typecode for a in result] == ["I", "Q", "B", "B"]
    assert [len(a) for a in result] == [len(utf8core.decode(data))] * 4


def test_known_arrays():
    cps, offsets, lengths, classes = utf8core.decode_arrays(b"A\xc3\xa9\xff\xe2\x82")
    assert list(cps) == [0x41, 0xE9, 0xFFFD, 0xFFFD]
    assert list(offsets) == [0, 1, 3, 4]
    assert list(lengths) == [1, 2, 1, 2]
    codes = rtl_class_codes()
    assert list(classes) == [codes["OK"], codes["OK"], codes["HEADER_BITS"], codes["TOO_SHORT"]]


# One input per class, each of them decoding to that class among others.
CLASS_EXAMPLES = [
    (b"A", "rfc3629", "OK"),
    (b"\xe2\x82", "rfc3629", "TOO_SHORT"),
    (b"\x80", "rfc3629", "TOO_LONG"),
    (b"\xc0\x80", "rfc3629", "OVERLONG"),
    (b"\xe0\x80\x80", "rfc3629", "OVERLONG"),
    (b"\xed\xa0\x80", "rfc3629", "SURROGATE"),
    (b"\xf4\x90\x80\x80", "rfc3629", "TOO_LARGE"),
    (b"\xf5", "rfc3629", "TOO_LARGE"),
    (b"\xf8", "rfc3629", "HEADER_BITS"),
    (b"\xfe", "annex-r", "HEADER_BITS"),
    (b"\xf8\x80\x80\x80\x80", "annex-r", "OVERLONG"),
]


def test_class_numbers_are_the_rtl_class_codes():
    codes = rtl_class_codes()
    assert set(codes) == set(utf8core.CLASSES)
    assert all(utf8core.CLASSES[num] == name for name, num in codes.items())
    seen = set()
    for data, mode, name in CLASS_EXAMPLES:
        units = utf8core.decode(data, mode)
        numbers = utf8core.decode_arrays(data, mode)[3]
        assert name in [u[3] for u in units]
        assert list(numbers) == [codes[u[3]] for u in units], (data, mode)
        seen.add(name)
    assert seen == set(codes)


@pytest.mark.parametrize("mode", MODES)
def test_class_numbers_match_decode_names_on_random_bytes(mode):
    codes = rtl_class_codes()
    rng = random.Random(5)
    data = b"".join(boundary_bytes(rng, 40, annex_r=mode == "annex-r") for _ in range(500))
    names = [u[3] for u in utf8core.decode(data, mode)]
    numbers = utf8core.decode_arrays(data, mode)[3]
    assert list(numbers) == [codes[n] for n in names]
    assert set(names) == set(codes) - ({"TOO_LARGE"} if mode == "annex-r" else set())


@pytest.mark.parametrize("wrap", [bytes, bytearray, memoryview,
                                  lambda b: memoryview(bytearray(b)),
                                  lambda b: array.array("B", b)])
def test_accepts_what_decode_accepts(wrap):
    data = b"a\xc3\xa9\xff\xe2\x82"
    assert as_units(utf8core.decode_arrays(wrap(data))) == utf8core.decode(wrap(data))


def test_any_contiguous_buffer_is_read_as_its_bytes():
    a = array.array("H", [0xA9C3])
    assert as_units(utf8core.decode_arrays(a)) == utf8core.decode(a) == [(0xE9, 0, 2, "OK")]


def test_mode_by_keyword_and_default():
    data = b"\xf8\x88\x80\x80\x80"
    assert as_units(utf8core.decode_arrays(data, mode="annex-r")) == [(0x200000, 0, 5, "OK")]
    assert as_units(utf8core.decode_arrays(data)) == utf8core.decode(data, "rfc3629")


def raised(call):
    with pytest.raises((TypeError, ValueError)) as info:
        call()
    return type(info.value), str(info.value)


# Each bad call of decode, as (data, mode) or a call of its own; decode_arrays
# must raise the same exception with the same message, its own name in it.
BAD_ARGS = [
    ("text", "rfc3629"),
    (None, "rfc3629"),
    (42, "rfc3629"),
    ([0x41], "rfc3629"),
    (memoryview(b"abcdef")[::2], "rfc3629"),
    (b"a", "utf-8"),
    (b"a", "RFC3629"),
    (b"a", ""),
    (b"a", None),
    (b"a", 1),
    (b"a", b"rfc3629"),
    ("text", "utf-8"),  # both bad: the same one is reported
    ("text", None),
]


@pytest.mark.parametrize("data,mode", BAD_ARGS)
def test_bad_arguments_raise_as_decode_does(data, mode):
    exc, message = raised(lambda: utf8core.decode(data, mode))
    assert message.startswith("decode(): ")
    assert raised(lambda: utf8core.decode_arrays(data, mode)) == (
        exc, "decode_arrays(): " + message[len("decode(): "):])


@pytest.mark.parametrize("args,kwargs", [
    ((), {}),
    ((b"", "rfc3629", 3), {}),
    ((b"",), {"moda": "rfc3629"}),
])
def test_wrong_arity_is_type_error_as_in_decode(args, kwargs):
    for func in (utf8core.decode, utf8core.decode_arrays):
        with pytest.raises(TypeError):
            func(*args, **kwargs)
