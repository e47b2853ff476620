"""Every bad argument raises TypeError or ValueError, with a message naming the
function and the problem (docs/spec.md §10)."""

import array

import pytest

import utf8core


def new_decoder_feed(data):
    return utf8core.Decoder().feed(data)


BYTES_FUNCS = [utf8core.decode, utf8core.decode_arrays, utf8core.validate, new_decoder_feed]


@pytest.mark.parametrize("func", BYTES_FUNCS)
@pytest.mark.parametrize("data,exc,message", [
    ("text", TypeError, "not str"),
    (None, TypeError, "not NoneType"),
    (42, TypeError, "not int"),
    ([0x41], TypeError, "not list"),
    (memoryview(b"abcdef")[::2], ValueError, "not C-contiguous"),
])
def test_bad_data(func, data, exc, message):
    with pytest.raises(exc, match=message):
        func(data)


@pytest.mark.parametrize("call", [
    lambda mode: utf8core.decode(b"a", mode),
    lambda mode: utf8core.decode_arrays(b"a", mode=mode),
    lambda mode: utf8core.validate(b"a", mode=mode),
    lambda mode: utf8core.encode([0x41], mode),
    lambda mode: utf8core.Decoder(mode),
])
@pytest.mark.parametrize("mode,exc,message", [
    ("utf-8", ValueError, "unknown mode 'utf-8': expected 'rfc3629' or 'annex-r'"),
    ("RFC3629", ValueError, "unknown mode"),
    ("", ValueError, "unknown mode"),
    (None, TypeError, "mode must be a str"),
    (1, TypeError, "mode must be a str"),
    (b"rfc3629", TypeError, "mode must be a str"),
])
def test_bad_mode(call, mode, exc, message):
    with pytest.raises(exc, match=message):
        call(mode)


@pytest.mark.parametrize("cps,exc,message", [
    ("abc", TypeError, r"not str \(use \[ord\(c\) for c in text\]\)"),
    (b"abc", TypeError, "not bytes"),
    (bytearray(b"abc"), TypeError, "not bytearray"),
    (65, TypeError, "iterable of int code points, not int"),
    (None, TypeError, "not NoneType"),
    ([0x41, 1.5], TypeError, "index 1 is float, not int"),
    ([0x41, "B"], TypeError, "index 1 is str, not int"),
    ([-1], ValueError, r"index 0 \(-1\) is outside 0..0xFFFFFFFF"),
    ([0x41, 0x100000000], ValueError, r"index 1 \(4294967296\) is outside"),
    ([2**70], ValueError, "is outside 0..0xFFFFFFFF"),
])
def test_bad_code_points(cps, exc, message):
    with pytest.raises(exc, match=message):
        utf8core.encode(cps)


@pytest.mark.parametrize("call", [
    lambda: utf8core.decode(),
    lambda: utf8core.decode(b"", "rfc3629", 3),
    lambda: utf8core.decode(b"", moda="rfc3629"),
    lambda: utf8core.Decoder().feed(),
    lambda: utf8core.Decoder().finish(b""),
])
def test_wrong_arity_is_type_error(call):
    with pytest.raises(TypeError):
        call()


def test_any_contiguous_buffer_is_read_as_its_bytes():
    # as CPython's codecs do: str(memoryview(array('H', ...)), 'utf-8')
    a = array.array("H", [0xA9C3])
    assert utf8core.decode(a) == [(0xE9, 0, 2, "OK")]


def test_mode_is_read_only():
    d = utf8core.Decoder("annex-r")
    with pytest.raises(AttributeError):
        d.mode = "rfc3629"
