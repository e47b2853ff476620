#!/usr/bin/env python3
"""Throughput of the Python module's decoders on ~6 MB of multilingual UTF-8 text.

Measures utf8core.decode (a list of tuples), utf8core.decode_arrays (four
array.arrays) and, as a reference nobody here wrote, CPython's
bytes.decode('utf-8', 'replace'), all on the same bytes, in MB/s of input
(10^6 bytes per second of wall time, best of --repeat runs).

The text is built from a fixed seed, so every run measures the same bytes:
paragraphs of ASCII prose, Latin-1-range accented words, Greek, Cyrillic, CJK
and some emoji, with a small fraction of ill-formed pieces (stray continuations,
C0/C1, F5..FF, truncated sequences, encoded surrogates, values beyond U+10FFFF).

A benchmark, not a test: its figures go to docs/bench.md. Run it against the
module in the build tree:

    PYTHONPATH=build/python build/venv/bin/python bench/python_decode_bench.py
"""

import argparse
import os
import random
import time

import utf8core

# Whole words for the English paragraphs, so that they look like prose; the other
# scripts' words are drawn letter by letter.
ENGLISH = ("the of and to in is that for it as was with be by on not he this are or "
           "his from at which but have an they you were her all she there would "
           "their we him been has when who will more no if out so said what up its "
           "about into than them can only other new some could time these two may "
           "then do first any my now such like our over man me even most made after "
           "also did many before must through back years where much your way well "
           "down should because each just those people decoder stream packet byte "
           "validation throughput latency clock register").split()
ACCENTED = "àáâãäåæçèéêëìíîïñòóôõöøùúûüýÿßÀÉÖÜ"  # U+00C0..U+00FF: 2 octets
GREEK = "αβγδεζηθικλμνξοπρστυφχψωάέήίόύώ"
CYRILLIC = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
CJK_PUNCT = "\u3001\u3002\uff0c"  # ideographic comma, full stop, fullwidth comma
EMOJI = [chr(c) for c in list(range(0x1F600, 0x1F650)) + list(range(0x1F300, 0x1F320))]

# Ill-formed pieces: one or more maximal subparts each.
BAD = [b"\x80", b"\xbf", b"\xc0", b"\xc1\xbf", b"\xf5", b"\xff", b"\xe2\x82",
       b"\xf0\x9f\x98", b"\xed\xa0\x80", b"\xf0\x8f\xbf\xbf", b"\xf4\x90\x80\x80",
       b"\xe0\x80\xaf"]


def word(rng, letters, lo, hi):
    return "".join(rng.choice(letters) for _ in range(rng.randint(lo, hi)))


def latin_word(rng):
    """A word of French, German or Spanish-like text: about one letter in twelve accented."""
    return "".join(rng.choice(ACCENTED) if rng.random() < 0.08 else
                   chr(rng.randrange(0x61, 0x7B)) for _ in range(rng.randint(2, 10)))


def paragraph(rng):
    kind = rng.choices(["en", "latin", "greek", "cyrillic", "cjk", "emoji"],
                       weights=[35, 20, 10, 10, 18, 7])[0]
    n = rng.randint(30, 120)
    if kind == "en":
        words = [rng.choice(ENGLISH) for _ in range(n)]
    elif kind == "latin":
        words = [latin_word(rng) for _ in range(n)]
    elif kind == "greek":
        words = [word(rng, GREEK, 2, 10) for _ in range(n)]
    elif kind == "cyrillic":
        words = [word(rng, CYRILLIC, 2, 10) for _ in range(n)]
    elif kind == "cjk":
        # Runs of ideographs and punctuation, now and then a number.
        words = ["".join(chr(rng.randrange(0x4E00, 0x9FA6)) if rng.random() < 0.93
                         else rng.choice(CJK_PUNCT) for _ in range(rng.randint(5, 40)))
                 + (str(rng.randrange(2000)) if rng.random() < 0.2 else "")
                 for _ in range(n // 8 + 1)]
        return "".join(words) + "\u3002\n"
    else:
        # English with emoji between the words, as in chat.
        words = [rng.choice(ENGLISH) if rng.random() < 0.7 else
                 "".join(rng.choice(EMOJI) for _ in range(rng.randint(1, 3)))
                 for _ in range(n)]
    # Commas now and then, as prose has them.
    text = " ".join(w + ("," if rng.random() < 0.08 else "") for w in words)
    return text.capitalize() + ".\n"


def make_text(size, seed=20240601, bad_per_mb=500):
    """About `size` bytes of UTF-8, with ~bad_per_mb ill-formed pieces per 10^6 bytes."""
    rng = random.Random(seed)
    out = bytearray()
    while len(out) < size:
        para = bytearray(paragraph(rng).encode("utf-8"))
        # An ill-formed piece at a random byte position, so sometimes inside a
        # character (which then becomes a truncated sequence as well).
        if rng.random() < bad_per_mb * len(para) / 1e6:
            pos = rng.randrange(len(para))
            para[pos:pos] = rng.choice(BAD)
        out += para
    return bytes(out[:size])


def best_of(func, data, repeat):
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        func(data)
        best = min(best, time.perf_counter() - t0)
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, default=6_000_000, help="input bytes (default 6e6)")
    ap.add_argument("--repeat", type=int, default=5, help="runs of each; the best counts")
    args = ap.parse_args()

    data = make_text(args.size)
    _, _, lengths, classes = utf8core.decode_arrays(data)
    share = {n: 0 for n in range(1, 5)}  # rfc3629: well-formed units of 1..4 octets
    for n, cls in zip(lengths, classes):
        if cls == 0:
            share[n] += n
    mix = ", ".join(f"{n}-octet {share[n] / len(data):.1%}" for n in share)
    errors = sum(1 for c in classes if c)
    print(f"input: {len(data)} bytes, {len(lengths)} units, {errors} error units; "
          f"bytes in well-formed characters: {mix}")
    print(f"load average before: {os.getloadavg()[0]:.2f}")

    cases = [
        ("utf8core.decode", lambda d: utf8core.decode(d)),
        ("utf8core.decode_arrays", lambda d: utf8core.decode_arrays(d)),
        ("bytes.decode('utf-8', 'replace')", lambda d: d.decode("utf-8", "replace")),
    ]
    for name, func in cases:
        seconds = best_of(func, data, args.repeat)
        print(f"{name:34s} {len(data) / seconds / 1e6:8.1f} MB/s  ({seconds * 1e3:.1f} ms)")


if __name__ == "__main__":
    main()
