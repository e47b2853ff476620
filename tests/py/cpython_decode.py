#!/usr/bin/env python3
"""CPython's UTF-8 codec as an independent reference for the functional model.

Usage: cpython_decode.py IN OUT

IN holds records (u32 little-endian length, then that many bytes). For each
record OUT gets, all little-endian:
  u32 n, then n u32 code points of bytes.decode('utf-8', 'replace');
  u32 m, then m triples (u32 start, u32 end, u32 reason) of the decode errors, in
      order, reason 1 = invalid start byte, 2 = invalid continuation byte,
      3 = unexpected end of data, 0 = anything else;
  i64 UnicodeDecodeError.start of a strict decode, or -1 when it succeeds.
The error triples come from an error handler that records each error and then
does exactly what 'replace' does; the script checks that both give the same text.
"""

import codecs
import struct
import sys

REASONS = {
    "invalid start byte": 1,
    "invalid continuation byte": 2,
    "unexpected end of data": 3,
}

_errors = []


def _record_and_replace(exc):
    _errors.append((exc.start, exc.end, REASONS.get(exc.reason, 0)))
    return ("\ufffd", exc.end)


codecs.register_error("utf8core-record", _record_and_replace)


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[1], "rb") as f:
        data = f.read()
    out = bytearray()
    pos = 0
    while pos < len(data):
        (n,) = struct.unpack_from("<I", data, pos)
        pos += 4
        rec = data[pos:pos + n]
        pos += n
        text = rec.decode("utf-8", "replace")
        del _errors[:]
        recorded = rec.decode("utf-8", "utf8core-record")
        if recorded != text:
            print("recording handler disagrees with 'replace' on %s" % rec.hex(), file=sys.stderr)
            return 1
        try:
            rec.decode("utf-8", "strict")
            first = -1
        except UnicodeDecodeError as e:
            first = e.start
        cps = [ord(c) for c in text]
        out += struct.pack("<I%dI" % len(cps), len(cps), *cps)
        out += struct.pack("<I", len(_errors))
        for e in _errors:
            out += struct.pack("<III", *e)
        out += struct.pack("<q", first)
    with open(argv[2], "wb") as f:
        f.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
