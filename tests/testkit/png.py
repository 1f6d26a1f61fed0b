"""A small PNG reader for the browser tests: enough for Chromium's screenshots (8-bit RGB or
RGBA, not interlaced), to tell a picture from a blank page."""

from __future__ import annotations

import struct
import zlib


def png_colours(data: bytes) -> tuple[int, int, set[bytes]]:
    """The width, height and the set of distinct pixel values of a PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, idat, header = 8, bytearray(), b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        at += 12 + length
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour_type in (2, 6) and interlace == 0, "an unexpected PNG layout"
    size = 3 if colour_type == 2 else 4
    stride = width * size
    raw = zlib.decompress(bytes(idat))
    previous = bytearray(stride)
    colours: set[bytes] = set()
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        unfilter(kind, line, previous, size)
        row = bytes(line)
        colours.update(row[x : x + size] for x in range(0, stride, size))
        previous = line
    return width, height, colours


def unfilter(kind: int, line: bytearray, previous: bytearray, size: int) -> None:
    if kind == 0:
        return
    if kind == 2:  # Up
        line[:] = bytes((a + b) & 0xFF for a, b in zip(line, previous, strict=True))
        return
    for i in range(len(line)):
        left = line[i - size] if i >= size else 0
        up = previous[i]
        if kind == 1:  # Sub
            line[i] = (line[i] + left) & 0xFF
        elif kind == 3:  # Average
            line[i] = (line[i] + ((left + up) >> 1)) & 0xFF
        elif kind == 4:  # Paeth
            corner = previous[i - size] if i >= size else 0
            guess = left + up - corner
            dl, du, dc = abs(guess - left), abs(guess - up), abs(guess - corner)
            line[i] = (line[i] + (left if dl <= du and dl <= dc else up if du <= dc else corner)) & 0xFF
        else:
            raise AssertionError(f"PNG filter {kind} is not one of 0..4")
