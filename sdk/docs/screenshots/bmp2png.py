#!/usr/bin/env python3
"""bmp2png.py IN.bmp OUT.png [WIDTH] -- a 24- or 32-bit BMP (as SDL_SaveBMP writes the
front end's screenshots) to an RGB PNG, optionally scaled down to WIDTH pixels by
averaging.  Only for the documentation's screenshots: the standard library, no PIL."""
import struct, sys, zlib

def read_bmp(path):
    data = open(path, 'rb').read()
    off, = struct.unpack_from('<I', data, 10)
    w, h, planes, bpp = struct.unpack_from('<iiHH', data, 18)
    flip = h > 0
    h = abs(h)
    step = bpp // 8
    stride = (w * step + 3) & ~3
    rows = []
    for y in range(h):
        src = off + (h - 1 - y if flip else y) * stride
        row = bytearray()
        for x in range(w):
            b, g, r = data[src + x * step], data[src + x * step + 1], data[src + x * step + 2]
            row += bytes((r, g, b))
        rows.append(row)
    return w, h, rows

def scale(w, h, rows, nw):
    if nw >= w:
        return w, h, rows
    nh = h * nw // w
    out = []
    for y in range(nh):
        y0, y1 = y * h // nh, max(y * h // nh + 1, (y + 1) * h // nh)
        row = bytearray()
        for x in range(nw):
            x0, x1 = x * w // nw, max(x * w // nw + 1, (x + 1) * w // nw)
            acc = [0, 0, 0]
            n = 0
            for yy in range(y0, y1):
                r = rows[yy]
                for xx in range(x0, x1):
                    acc[0] += r[3 * xx]; acc[1] += r[3 * xx + 1]; acc[2] += r[3 * xx + 2]; n += 1
            row += bytes((acc[0] // n, acc[1] // n, acc[2] // n))
        out.append(row)
    return nw, nh, out

def write_png(path, w, h, rows):
    def chunk(kind, body):
        c = struct.pack('>I', len(body)) + kind + body
        return c + struct.pack('>I', zlib.crc32(kind + body) & 0xffffffff)
    raw = b''.join(b'\x00' + bytes(r) for r in rows)
    png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
    png += chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b'')
    open(path, 'wb').write(png)

w, h, rows = read_bmp(sys.argv[1])
if len(sys.argv) > 3:
    w, h, rows = scale(w, h, rows, int(sys.argv[3]))
write_png(sys.argv[2], w, h, rows)
