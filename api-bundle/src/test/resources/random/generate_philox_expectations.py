#!/usr/bin/env python3
"""Expected values of Ferrite's counter-based random numbers, from an implementation written apart
from the Java one: Philox-4x32-10 (Salmon et al., SC11; Random123) in plain Python integers, the key
stream and element layout of org.ferrite.api.random.Distribution, and the Box-Muller transform with
Python's math module (the C library's log/cos/sin, not fdlibm: normal values may differ from Java's
StrictMath in the last place, which DistributionTest allows for; bits and uniform values are exact).

Run from this folder:  /work/venv/bin/python generate_philox_expectations.py > philox_expectations.txt
Each line: distribution dtype k0 k1 n, then n elements; integers in decimal, floats as Python's
float.hex() of the real part (and of the imaginary part for complex dtypes).
"""
import math

M0, M1 = 0xD2511F53, 0xCD9E8D57
W0, W1 = 0x9E3779B9, 0xBB67AE85
MASK = 0xFFFFFFFF


def philox(ctr, key):
    c0, c1, c2, c3 = ctr
    k0, k1 = key
    for r in range(10):
        if r > 0:
            k0 = (k0 + W0) & MASK
            k1 = (k1 + W1) & MASK
        p0 = M0 * c0
        p1 = M1 * c2
        c0, c1, c2, c3 = ((p1 >> 32) ^ c1 ^ k0, p1 & MASK, (p0 >> 32) ^ c3 ^ k1, p0 & MASK)
    return (c0, c1, c2, c3)


def word(key, w):
    block = w // 4
    return philox((block & MASK, block >> 32, 0, 0), key)[w % 4]


def long_of(key, w):
    return word(key, w) | (word(key, w + 1) << 32)


def signed(v, bits):
    return v - (1 << bits) if v >= 1 << (bits - 1) else v


def u24(w):
    return (w >> 8) * 2.0 ** -24


def u53(v):
    return (v >> 11) * 2.0 ** -53


def f32(x):
    import struct
    return struct.unpack('<f', struct.pack('<f', x))[0]


WORDS = {('bits', 'I32'): 1, ('bits', 'I64'): 2,
         ('uniform', 'F32'): 1, ('uniform', 'F64'): 2, ('uniform', 'C64'): 2, ('uniform', 'C128'): 4,
         ('normal', 'F32'): 2, ('normal', 'F64'): 4, ('normal', 'C64'): 2, ('normal', 'C128'): 4}


def element(dist, dtype, key, i):
    w = i * WORDS[(dist, dtype)]
    narrow = dtype in ('F32', 'C64')
    if dist == 'bits':
        return [signed(word(key, w), 32)] if dtype == 'I32' else [signed(long_of(key, w), 64)]
    if dist == 'uniform':
        if narrow:
            parts = [u24(word(key, w))] + ([u24(word(key, w + 1))] if dtype == 'C64' else [])
        else:
            parts = [u53(long_of(key, w))] + ([u53(long_of(key, w + 2))] if dtype == 'C128' else [])
        return parts
    a = 1.0 - (u24(word(key, w)) if narrow else u53(long_of(key, w)))
    b = u24(word(key, w + 1)) if narrow else u53(long_of(key, w + 2))
    t = (2 * math.pi) * b
    if dtype in ('C64', 'C128'):
        r = math.sqrt(-math.log(a))
        parts = [r * math.cos(t), r * math.sin(t)]
    else:
        parts = [math.sqrt(-2.0 * math.log(a)) * math.cos(t)]
    return [f32(p) for p in parts] if narrow else parts


KEYS = [(0, 0), (0x12345678, 0x9ABCDEF0), (0xFFFFFFFF, 0xFFFFFFFF), (42, 0)]
N = 37

for dist, dtype in WORDS:
    for key in KEYS:
        values = []
        for i in range(N):
            for p in element(dist, dtype, key, i):
                values.append(str(p) if dist == 'bits' else p.hex())
        print(dist, dtype, key[0], key[1], N, ' '.join(values))
