"""Random byte strings biased to UTF-8's boundaries, for the Python tests and the
cocotb benches (a seeded random.Random in, bytes out).

Pieces are drawn from: ASCII; well-formed sequences of code points at the edges
of each length class and of the surrogate gap; the same sequences cut short;
bytes that can never start a sequence (continuations, C0, C1, F5..FF); leads
followed by a second byte just outside their range (E0 80, ED A0, F0 80, F4 90);
and, for annex-r, the 5- and 6-octet forms and their overlongs.
"""

import random

# Code points at the edges where a decoder's decisions change.
EDGES = (
    0x00, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000,
    0x10FFFF,
)
ANNEX_R_EDGES = (0x110000, 0x1FFFFF, 0x200000, 0x3FFFFFF, 0x4000000, 0x7FFFFFFF)


def encode_table4(cp):
    """Annex R Table 4, written here independently of the module under test."""
    if cp < 0x80:
        return bytes([cp])
    for n, limit in ((2, 0x800), (3, 0x10000), (4, 0x200000), (5, 0x4000000),
                     (6, 0x80000000)):
        if cp < limit:
            out = []
            for _ in range(n - 1):
                out.append(0x80 | (cp & 0x3F))
                cp >>= 6
            lead = (0xFF00 >> n) & 0xFF
            return bytes([lead | cp] + out[::-1])
    raise ValueError(cp)


def random_code_point(rng, annex_r=False):
    edges = EDGES + (ANNEX_R_EDGES if annex_r else ())
    top = 0x7FFFFFFF if annex_r else 0x10FFFF
    while True:
        r = rng.random()
        if r < 0.4:
            cp = rng.choice(edges) + rng.randint(-2, 2)
        elif r < 0.7:
            cp = rng.randint(0, 0x7FF)
        else:
            cp = rng.randint(0, top)
        if 0 <= cp <= top and not 0xD800 <= cp <= 0xDFFF:
            return cp


def random_piece(rng, annex_r=False):
    r = rng.random()
    if r < 0.25:
        return bytes([rng.randint(0x20, 0x7E)])
    seq = encode_table4(random_code_point(rng, annex_r))
    if r < 0.6:
        return seq
    if r < 0.75 and len(seq) > 1:
        return seq[:rng.randint(1, len(seq) - 1)]  # cut short
    if r < 0.87:
        return bytes([rng.choice((0x80, 0xBF, 0xC0, 0xC1, 0xF5, 0xF8, 0xFC, 0xFE,
                                  0xFF, rng.randint(0x80, 0xFF)))])
    lead, second = rng.choice(((0xE0, 0x9F), (0xED, 0xA0), (0xF0, 0x8F),
                               (0xF4, 0x90), (0xF8, 0x87), (0xFC, 0x83),
                               (0xC2, 0xC0), (0xE1, 0x7F)))
    return bytes([lead, second]) + bytes(rng.randint(0, 2) * [0x80])


def boundary_bytes(rng, length, annex_r=False):
    """About `length` bytes (exactly, the last piece cut to fit)."""
    out = bytearray()
    while len(out) < length:
        out += random_piece(rng, annex_r)
    return bytes(out[:length])
