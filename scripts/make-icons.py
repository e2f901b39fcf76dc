#!/usr/bin/env python3
"""Draws the page's app icons (icons/icon-192.png, icons/icon-512.png) with the standard library
only: a 3x3 patch of a board on the page's accent blue, the middle cell revealed with a mine,
one hidden cell outlined in gold (the analyser's best move) and one in green (certainly safe).
The shapes keep inside the middle 80 %, so the icon also works masked to a circle.
Run from the repository root: python3 scripts/make-icons.py (the PNGs are committed)."""
import struct
import zlib

ACCENT = (0x35, 0x63, 0xE9)
HIDDEN = (0xC9, 0xD3, 0xE3)
REVEALED = (0xF8, 0xFA, 0xFC)
MINE = (0x1C, 0x22, 0x30)
GOLD = (0xE0, 0xA8, 0x00)
SAFE = (0x1F, 0x9D, 0x55)
SAMPLES = 3  # per axis: 9 samples a pixel, for smooth edges


def rounded_rect(x0, y0, x1, y1, r):
    def inside(x, y):
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return False
        cx = min(max(x, x0 + r), x1 - r)
        cy = min(max(y, y0 + r), y1 - r)
        return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
    return inside


def circle(cx, cy, r):
    return lambda x, y: (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def layers():
    """(shape, colour) from the bottom up, in units of the icon's side (0..1)."""
    out = [(lambda x, y: True, ACCENT)]
    cell, gap = 0.2, 0.035
    start = 0.5 - 1.5 * cell - gap
    for row in range(3):
        for col in range(3):
            x0 = start + col * (cell + gap)
            y0 = start + row * (cell + gap)
            box = (x0, y0, x0 + cell, y0 + cell)
            if (row, col) == (1, 1):
                out.append((rounded_rect(*box, 0.03), REVEALED))
                cx, cy = x0 + cell / 2, y0 + cell / 2
                out.append((circle(cx, cy, 0.055), MINE))
                for dx, dy in ((1, 0), (0, 1), (0.7, 0.7), (0.7, -0.7)):
                    out.append((lambda x, y, dx=dx, dy=dy, cx=cx, cy=cy:
                                abs((x - cx) * dy - (y - cy) * dx) < 0.011
                                and ((x - cx) ** 2 + (y - cy) ** 2) < 0.08 ** 2, MINE))
                out.append((circle(cx - 0.02, cy - 0.02, 0.014), REVEALED))
            elif (row, col) in ((0, 2), (2, 0)):
                colour = GOLD if (row, col) == (0, 2) else SAFE
                out.append((rounded_rect(*box, 0.03), colour))
                out.append((rounded_rect(box[0] + 0.022, box[1] + 0.022, box[2] - 0.022, box[3] - 0.022, 0.015), HIDDEN))
            else:
                out.append((rounded_rect(*box, 0.03), HIDDEN))
    return out


def draw(size):
    shapes = layers()
    rows = []
    for py in range(size):
        row = bytearray([0])  # PNG filter: none
        for px in range(size):
            acc = [0, 0, 0]
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    x = (px + (sx + 0.5) / SAMPLES) / size
                    y = (py + (sy + 0.5) / SAMPLES) / size
                    colour = ACCENT
                    for shape, c in shapes:
                        if shape(x, y):
                            colour = c
                    for k in range(3):
                        acc[k] += colour[k]
            row += bytes(round(a / SAMPLES ** 2) for a in acc)
        rows.append(bytes(row))
    return png(size, size, b"".join(rows))


def png(width, height, raw):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    for size in (192, 512):
        with open(f"icons/icon-{size}.png", "wb") as f:
            f.write(draw(size))
        print(f"icons/icon-{size}.png")
