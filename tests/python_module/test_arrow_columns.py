"""String columns built by Apache Arrow itself (pyarrow, pinned in
scripts/requirements.txt), checked by utf8core on the model (the module's
validate_strings), on the string validator RTL (`utf8core validate-strings
--engine rtl` at 8 and 64 lanes, which holds the RTL to its cycle model every
clock) and on the kernel's VALIDATE_STRINGS (`--engine kernel`: the simulated
card at DATA_WIDTH 512, its cycle model held to it every clock). Each string's bit is CPython's strict decode of that string, and a
column is well-formed exactly when pyarrow's validate(full=True) accepts it.
Columns: random strings with empty ones, strings cut inside a sequence, every
error class at every position modulo 64, as String (int32 offsets) and
LargeString (int64)."""

import os
import random
import subprocess
import tempfile

import pyarrow as pa
import pytest

import utf8core
from boundary_bytes import boundary_bytes

BIN = os.environ.get("UTF8CORE_BIN", "")

# One ill-formed stretch per error class (SPEC §3), and a cut sequence.
ERRORS = [b"\xe2\x82", b"\x80", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xff"]


def arrow_column(strings, large):
    """The strings as an Arrow (Large)String array, built from its buffers
    without Arrow's check, as an ingest would receive them."""
    binary = pa.array(strings, type=pa.large_binary() if large else pa.binary())
    return binary.view(pa.large_string() if large else pa.string())


def arrow_accepts(array):
    try:
        array.validate(full=True)
        return True
    except pa.ArrowInvalid:
        return False


def buffers(array):
    """The data and offsets buffers' bytes, as a reader of an Arrow file gets them."""
    _, offsets, data = array.buffers()
    width = 8 if pa.types.is_large_string(array.type) else 4
    return (data.to_pybytes() if data is not None else b"",
            offsets.to_pybytes()[: (len(array) + 1) * width], width)


def cpython_ok(s):
    try:
        s.decode("utf-8", "strict")
        return True
    except UnicodeDecodeError:
        return False


def bits(bitmap, n):
    return [(bitmap[i // 8] >> (i % 8)) & 1 == 1 for i in range(n)]


def run_engine(data, offsets, width, engine):
    """utf8core validate-strings with the engine's options: (exit status, the bitmap)."""
    assert BIN, "UTF8CORE_BIN (set by CTest) names the utf8core program"
    with tempfile.TemporaryDirectory() as d:
        paths = [os.path.join(d, n) for n in ("data", "offsets", "bitmap")]
        for p, b in zip(paths, (data, offsets)):
            with open(p, "wb") as f:
                f.write(b)
        args = [BIN, "validate-strings", *engine,
                "--offsets", paths[1], "--bitmap", paths[2], paths[0]]
        if width == 8:
            args.insert(2, "--offsets64")
        r = subprocess.run(args, capture_output=True, check=False)
        assert r.returncode in (0, 1), r.stderr.decode()
        with open(paths[2], "rb") as f:
            return r.returncode, f.read()


def check(strings, large, rtl=True):
    array = arrow_column(strings, large)
    data, offsets, width = buffers(array)
    expected = [cpython_ok(s) for s in strings]
    assert arrow_accepts(array) == all(expected)
    model = utf8core.validate_strings(data, memoryview(offsets).cast("q" if width == 8 else "i"))
    assert bits(model, len(strings)) == expected
    if rtl:
        for engine in (["--engine", "rtl", "--lanes", "8"], ["--engine", "rtl", "--lanes", "64"],
                       ["--engine", "kernel"]):
            status, bitmap = run_engine(data, offsets, width, engine)
            assert bitmap == model, " ".join(engine)
            assert status == (0 if all(expected) else 1)


def random_strings(rng, n):
    out = []
    for _ in range(n):
        k = rng.randrange(6)
        if k == 0:
            out.append(b"")
        elif k == 1:
            out.append(bytes(rng.choice(b"abcdef ") for _ in range(rng.randrange(1, 40))))
        elif k == 2:
            out.append("".join(rng.choice("aé€😀中") for _ in range(rng.randrange(1, 12))).encode())
        else:
            out.append(boundary_bytes(rng, rng.randrange(1, 20)))
    return out


@pytest.mark.parametrize("large", [False, True], ids=["String", "LargeString"])
def test_random_columns_with_empty_strings(large):
    rng = random.Random(2026 + large)
    for n in (1, 7, 300):
        check(random_strings(rng, n), large)


@pytest.mark.parametrize("large", [False, True], ids=["String", "LargeString"])
def test_well_formed_column_is_accepted_by_both(large):
    rng = random.Random(7)
    strings = ["".join(rng.choice("xyzéß€😀") for _ in range(rng.randrange(0, 30))).encode()
               for _ in range(500)]
    check(strings, large)


def test_strings_cut_inside_a_sequence():
    text = "aé€😀b\U0010ffff\ud7ff".encode("utf-8", "surrogatepass")
    strings = []
    for cut in range(1, len(text)):
        strings += [text[:cut], text[cut:]]
    check(strings, False)


def test_every_error_class_at_every_position_modulo_64():
    for k, e in enumerate(ERRORS):
        # the error at byte p of the column (p = 0..63) and at every place in
        # its string: alone, after a prefix, before a suffix
        strings = []
        for p in range(64):
            strings += [b"." * p, e, b"q" * (p % 5) + e + b"r" * (p % 3)]
        check(strings, k % 2 == 1)


def test_no_strings_and_only_empty_strings():
    check([b"", b"", b""], False)
    assert utf8core.validate_strings(b"", memoryview(bytes(4)).cast("i")) == b""
