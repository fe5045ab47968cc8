#!/usr/bin/env python3
"""Writes the NumPy-derived expectations of the linear algebra a NumPy user expects (issue 30).

Run once with NumPy 2 (the version is recorded in the output's header), from the repository root:

    python3 itests/numpy/generate_linalg_expectations.py

It writes itests/src/test/resources/org/ferrite/itests/linalg/numpy-linalg.tsv, which
org.ferrite.itests.linalg.LinalgNumPySuite reads on every provider (the build never runs Python).

Format, one record per line, tab-separated:
    case  <id>  <op>  <dtype>  <params: key=value;key=value>
    in    <name>  <dtype>  <shape, comma-separated>  <values>
    out   <name>  <dtype>  <shape>  <values>
A case's 'in' and 'out' lines follow its 'case' line. Shapes are NumPy's (batch axes leading, as
numpy.linalg stacks matrices); values are NumPy's C order, complex as re im pairs, written exactly as
Java floating-point literals (hexadecimal, Infinity, -Infinity, NaN) or integers.

Semantics recorded here and followed by Ferrite:
- lstsq is NumPy's, looped over the batch members (NumPy's lstsq takes one matrix); residuals are
  present only when m > n and every member has rank n (NumPy's rule for one matrix). F32 and C64 cases
  that are rank deficient pass rcond explicitly: NumPy's default rcond takes double's eps (it computes
  in double), Ferrite's the precision's own.
- pinv uses NumPy's rtol=None (eps * max(m, n)), Ferrite's default; matrix_rank, cond, matrix_power
  and qr(mode='r') are NumPy's batched functions.
- qr's R is normalised to a real non-negative diagonal (each row times the conjugate phase of its
  diagonal entry), the sign convention being the kernel's.
"""
import math
import os
import sys

import numpy as np

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "test", "resources",
                   "org", "ferrite", "itests", "linalg", "numpy-linalg.tsv")

FLOATING = {"F32": np.float32, "F64": np.float64, "C64": np.complex64, "C128": np.complex128}
NAMES = {np.dtype(np.float32): "F32", np.dtype(np.float64): "F64", np.dtype(np.complex64): "C64",
         np.dtype(np.complex128): "C128", np.dtype(np.int32): "I32", np.dtype(np.int64): "I64"}
SMALL = {"F32": 1e-4, "C64": 1e-4, "F64": 1e-10, "C128": 1e-10}  # an explicit rcond for rank-deficient cases


def number(x):
    x = float(x)
    if x != x:
        return "NaN"
    if x == math.inf:
        return "Infinity"
    if x == -math.inf:
        return "-Infinity"
    return x.hex()


def values(a):
    a = np.ascontiguousarray(a)
    if a.dtype.kind == "c":
        return " ".join(number(v) for z in a.ravel() for v in (z.real, z.imag))
    if a.dtype.kind in "iu":
        return " ".join(str(int(v)) for v in a.ravel())
    return " ".join(number(v) for v in a.ravel())


class Writer:
    def __init__(self, out):
        self.out = out
        self.count = 0

    def case(self, op, dtype, params, inputs, outputs):
        self.count += 1
        text = ";".join("%s=%s" % (k, v) for k, v in params.items())
        self.out.write("case\t%s-%d\t%s\t%s\t%s\n" % (op, self.count, op, dtype, text))
        for role, tensors in (("in", inputs), ("out", outputs)):
            for name, a in tensors.items():
                a = np.asarray(a)
                self.out.write("%s\t%s\t%s\t%s\t%s\n" % (role, name, NAMES[a.dtype],
                                                         ",".join(str(d) for d in a.shape), values(a)))


def random(rng, shape, dtype):
    t = FLOATING[dtype]
    x = rng.standard_normal(shape)
    if np.dtype(t).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(t)


def integers(rng, shape, dtype, low=-2, high=3):
    """Small integers: their products are exact in every dtype, so a rank deficiency is exact."""
    t = FLOATING[dtype]
    x = rng.integers(low, high, size=shape).astype(np.float64)
    if np.dtype(t).kind == "c":
        x = x + 1j * rng.integers(low, high, size=shape)
    return x.astype(t)


def low_rank(rng, batch, m, n, r, dtype):
    return (integers(rng, batch + (m, r), dtype) @ integers(rng, batch + (r, n), dtype)).astype(FLOATING[dtype])


def members(batch):
    return list(np.ndindex(*batch)) if batch else [()]


# ------------------------------------------------------------------ lstsq

def lstsq(w, rng):
    for dtype, t in FLOATING.items():
        real = np.dtype(t).type(0).real.dtype
        small = SMALL[dtype]
        for m, n, rank, batch, rhs, rcond in [
                (5, 3, None, (), "vector", None), (5, 3, None, (3,), 2, None), (3, 5, None, (2,), 2, None),
                (4, 4, None, (2, 2), "vector", None), (6, 4, 2, (2,), 3, small), (4, 6, 2, (), "vector", small),
                (5, 3, None, (), 2, -1), (6, 3, "mixed", (3,), 2, small), (1, 1, None, (), "vector", None),
                (3, 1, None, (2,), 1, None), (1, 3, None, (), "vector", None), (4, 2, None, (), 0, None),
                (0, 3, None, (), 2, None), (3, 0, None, (), 2, None), (3, 2, None, (0,), "vector", None),
                (5, 4, "cut", (), 2, "cut")]:
            if rank is None or rank == "cut":
                a = random(rng, batch + (m, n), dtype)
            elif rank == "mixed":  # member i has rank i + 1: residuals absent, ranks differ
                a = np.stack([low_rank(rng, (), m, n, i + 1, dtype) for i in range(batch[0])])
            else:
                a = low_rank(rng, batch, m, n, rank, dtype)
            b = random(rng, batch + ((m,) if rhs == "vector" else (m, rhs)), dtype)
            if rcond == "cut":  # halfway (geometrically) between two singular values: a clear cut
                sv = np.linalg.svd(a.astype(np.complex128 if a.dtype.kind == "c" else np.float64),
                                   compute_uv=False)
                rcond = float(np.sqrt(sv[1] * sv[2]) / sv[0])
            k = min(m, n)
            xs, res, ranks, svs = [], [], [], []
            for i in members(batch):
                x, r, rk, sv = np.linalg.lstsq(a[i], b[i], rcond=rcond)
                xs.append(x)
                res.append(r)
                ranks.append(rk)
                svs.append(sv)
            cols = 1 if rhs == "vector" else rhs
            x = np.array(xs, dtype=t).reshape(batch + ((n,) if rhs == "vector" else (n, cols)))
            ranks = np.array(ranks, dtype=np.int64).reshape(batch)
            full = m > n and bool(np.all(ranks == n))
            if full:
                residuals = np.array([np.asarray(r).reshape(cols) for r in res], dtype=real).reshape(batch + (cols,))
            else:
                residuals = np.zeros(batch + (0,), dtype=real)
            s = np.array(svs, dtype=real).reshape(batch + (k,))
            params = {"rhs": rhs, "rcond": "default" if rcond is None else number(rcond)}
            w.case("lstsq", dtype, params, {"a": a, "b": b}, {"x": x, "residuals": residuals, "rank": ranks, "s": s})
        if dtype in ("F64", "C128"):  # NumPy's default eps is double's: the same rule as Ferrite's here only
            a = edge(dtype)
            b = random(rng, (2,), dtype)
            for rcond in (None, -1):  # the second value drops at eps·max(m, n), stays at machine precision
                x, _, rk, sv = np.linalg.lstsq(a, b, rcond=rcond)
                w.case("lstsq", dtype, {"rhs": "vector", "rcond": "default" if rcond is None else number(rcond)},
                       {"a": a, "b": b}, {"x": x, "residuals": np.zeros((0,), dtype=real),
                                          "rank": np.array(rk, dtype=np.int64), "s": sv.astype(real)})


# ------------------------------------------------------------------ matrix_rank

def edge(dtype):
    """A 2 × 4 matrix with singular values 1 and 3·eps: the default cut-off eps·max(m, n) drops the second."""
    t = FLOATING[dtype]
    a = np.zeros((2, 4), dtype=t)
    a[0, 0] = 1
    a[1, 1] = 3 * np.finfo(t).eps
    return a


def matrix_rank(w, rng):
    for dtype, t in FLOATING.items():
        graded = np.diag([1.0, 1e-1, 1e-2, 1e-3])
        q1, _ = np.linalg.qr(rng.standard_normal((4, 4)))
        q2, _ = np.linalg.qr(rng.standard_normal((4, 4)))
        gradedA = (q1 @ graded @ q2).astype(t)
        hermitian = low_rank(rng, (2,), 5, 5, 3, dtype)
        hermitian = hermitian @ np.conj(np.swapaxes(hermitian, -1, -2))  # X·Xᴴ of integers: exact rank ≤ 3
        hermitian = hermitian.astype(t)
        mixed = np.stack([low_rank(rng, (), 6, 5, r, dtype) for r in (1, 2, 3)])
        for name, a, params, rank in [
                ("full", random(rng, (2, 4, 3), dtype), {}, None),
                ("lowrank", low_rank(rng, (3,), 6, 5, 2, dtype), {}, None),
                ("mixed", mixed, {}, None),
                ("rtol", gradedA, {"rtol": number(0.05)}, None),
                ("atol", gradedA, {"atol": number(0.005)}, None),
                ("hermitian", hermitian, {"hermitian": "true"}, None),
                ("hermitianRtol", hermitian, {"hermitian": "true", "rtol": number(1e-3)}, None),
                ("epsEdge", edge(dtype), {}, None),  # σ₁ = 3·eps: below eps·max(m, n) = 4·eps, above eps·min(m, n)
                ("one", np.array([[3.0]], dtype=t), {}, None),
                ("zero", np.zeros((1, 1), dtype=t), {}, None),
                ("empty", np.zeros((0, 3), dtype=t), {}, None),
                ("emptyBatch", np.zeros((0, 3, 3), dtype=t), {}, None)]:
            kw = {}
            if "rtol" in params:
                kw["rtol"] = float.fromhex(params["rtol"])
            if "atol" in params:
                kw["tol"] = float.fromhex(params["atol"])
            r = np.asarray(np.linalg.matrix_rank(a, hermitian="hermitian" in params, **kw), dtype=np.int64)
            if a.shape[-2] * a.shape[-1] == 0:
                r = np.zeros(a.shape[:-2], dtype=np.int64)
            params = dict(params, name=name)
            w.case("matrixRank", dtype, params, {"a": a}, {"rank": r})


# ------------------------------------------------------------------ cond

P = {"2": None, "-2": -2, "fro": "fro", "nuc": "nuc", "1": 1, "-1": -1, "inf": np.inf, "-inf": -np.inf}


def cond(w, rng):
    for dtype, t in FLOATING.items():
        singular = random(rng, (3, 4, 4), dtype)
        singular[1] = 0                    # a zero matrix: 0/0 for the 2-norms, no inverse for the others
        singular[2][1, :] = 0              # a zero row: an exact zero pivot
        for p, numpy_p in P.items():
            spectral = p in ("2", "-2")
            shapes = [("square", random(rng, (3, 4, 4), dtype) + 4 * np.eye(4, dtype=t)),
                      ("one", random(rng, (1, 1), dtype))]
            if spectral:
                shapes += [("tall", random(rng, (2, 5, 3), dtype)), ("wide", random(rng, (3, 5), dtype)),
                           ("zero", np.zeros((2, 3, 3), dtype=t))]
            elif p != "nuc":  # NumPy's 'nuc' raises on a singular member (the SVD of inv's NaNs); Ferrite: +inf
                shapes += [("singular", singular)]
            for name, a in shapes:
                with np.errstate(all="ignore"):
                    c = np.asarray(np.linalg.cond(a, numpy_p))
                w.case("cond", dtype, {"p": p, "name": name}, {"a": a}, {"cond": c})


# ------------------------------------------------------------------ matrix_power

def matrix_power(w, rng):
    for dtype, t in FLOATING.items():
        a = (np.eye(3) + 0.4 * random(rng, (2, 3, 3), dtype)).astype(t)
        for n in (0, 1, 2, 3, 5, 8, 13, -1, -2, -3):
            w.case("matrixPower", dtype, {"n": n}, {"a": a}, {"power": np.linalg.matrix_power(a, n)})
        cycle = np.roll(np.eye(3), 1, axis=0).astype(t)  # a 3-cycle: P³ = I
        # NumPy 2.4's matrix_power(a, -2**63) returns None; its definition, inv(a) to the power 2**63, stands in
        w.case("matrixPower", dtype, {"n": -2 ** 63}, {"a": cycle},
               {"power": np.linalg.matrix_power(np.linalg.inv(cycle), 2 ** 63)})
        w.case("matrixPower", dtype, {"n": -1}, {"a": np.array([[4.0]], dtype=t)},
               {"power": np.linalg.matrix_power(np.array([[4.0]], dtype=t), -1)})
        w.case("matrixPower", dtype, {"n": 3}, {"a": np.zeros((0, 0), dtype=t)}, {"power": np.zeros((0, 0), dtype=t)})
        b = (np.eye(2) + 0.4 * random(rng, (2, 2, 2, 2), dtype)).astype(t)
        w.case("matrixPower", dtype, {"n": 6}, {"a": b}, {"power": np.linalg.matrix_power(b, 6)})
    for dtype, t in (("I32", np.int32), ("I64", np.int64)):
        a = rng.integers(-3, 4, size=(2, 3, 3)).astype(t)
        for n in (0, 1, 2, 3, 5, 13, 40):  # 13 and 40 wrap around, in NumPy as in Ferrite
            w.case("matrixPower", dtype, {"n": n}, {"a": a}, {"power": np.linalg.matrix_power(a, n)})
        cycle = np.roll(np.eye(3, dtype=t), 1, axis=0)
        w.case("matrixPower", dtype, {"n": 2 ** 40 + 1}, {"a": cycle}, {"power": np.linalg.matrix_power(cycle, 2 ** 40 + 1)})


# ------------------------------------------------------------------ pinv(hermitian=True)

def pinv(w, rng):
    for dtype, t in FLOATING.items():
        full = random(rng, (2, 4, 4), dtype)
        full = (full + np.conj(np.swapaxes(full, -1, -2))).astype(t)
        x = integers(rng, (5, 3), dtype)
        indefinite = (x @ np.diag([1.0, -2.0, 3.0]).astype(t) @ np.conj(x.T)).astype(t)  # rank 3, order 5
        q, _ = np.linalg.qr(random(rng, (4, 4), dtype).astype(np.complex128 if dtype[0] == "C" else np.float64))
        graded = (q @ np.diag([4.0, -1.0, 0.2, 0.01]) @ np.conj(q.T)).astype(t)
        lower_only = random(rng, (3, 3), dtype)  # not Hermitian: both read its lower triangle
        for name, a, hermitian, rtol in [
                ("full", full, True, None), ("indefinite", indefinite, True, None), ("graded", graded, True, 0.1),
                ("lowerTriangle", lower_only, True, None), ("one", np.array([[-2.0]], dtype=t), True, None),
                ("empty", np.zeros((0, 0), dtype=t), True, None), ("emptyBatch", np.zeros((0, 2, 2), dtype=t), True, None),
                ("general", random(rng, (2, 5, 3), dtype), False, None), ("generalRtol", graded, False, 0.1)]:
            if a.shape[-1] == 0 or a.size == 0:
                p = np.zeros(a.shape[:-2] + (a.shape[-1], a.shape[-2]), dtype=t)
            else:
                p = np.linalg.pinv(a, hermitian=hermitian, rtol=rtol)
            params = {"name": name, "hermitian": str(hermitian).lower(), "rtol": "default" if rtol is None else number(rtol)}
            w.case("pinv", dtype, params, {"a": a}, {"pinv": p})


# ------------------------------------------------------------------ qr(mode='r')

def positive_diagonal(r):
    r = r.copy()
    k = min(r.shape[-2], r.shape[-1])
    for i in members(r.shape[:-2]):
        for j in range(k):
            d = r[i][j, j]
            if d != 0:
                r[i][j, :] *= np.conj(d / abs(d))
    return r


def qr(w, rng):
    for dtype, t in FLOATING.items():
        for shape in [(5, 3), (3, 5), (4, 4), (2, 4, 3), (2, 2, 3, 3), (1, 1), (0, 3), (3, 0)]:
            a = random(rng, shape, dtype)
            for mode in ("r", "complete"):
                r = np.linalg.qr(a, mode=mode)
                r = r[1] if mode == "complete" else r
                w.case("qrR", dtype, {"mode": mode}, {"a": a}, {"r": positive_diagonal(np.asarray(r, dtype=t))})


# ------------------------------------------------------------------ tensorsolve, tensorinv

def tensors(w, rng):
    for dtype, t in FLOATING.items():
        for b_shape, x_shape, order in [((2, 3), (6,), None), ((6,), (2, 3), None), ((2, 3), (3, 2), (2, 0, 3, 1)),
                                        ((4,), (2, 2), (1, 0, 2))]:
            n = int(np.prod(b_shape))
            a = (random(rng, (n, n), dtype) + 3 * np.eye(n, dtype=t)).reshape(b_shape + x_shape).astype(t)
            b = random(rng, b_shape, dtype)
            axes = ""
            if order is not None:  # store a with its axes permuted; 'axes' moves x's axes back to the end
                a = np.transpose(a, np.argsort(order))
                axes_list = [order.index(len(b_shape) + i) for i in range(len(x_shape))]
                axes = ",".join(str(v) for v in axes_list)
                x = np.linalg.tensorsolve(a, b, axes=axes_list)
            else:
                x = np.linalg.tensorsolve(a, b)
            w.case("tensorsolve", dtype, {"axes": axes}, {"a": a, "b": b}, {"x": x})
        for shape, ind in [((2, 3, 3, 2), 2), ((6, 2, 3), 1), ((2, 3, 6), 2), ((2, 2, 2, 2, 4), 3)]:
            rows = int(np.prod(shape[:ind]))
            a = (random(rng, (rows, rows), dtype) + 3 * np.eye(rows, dtype=t)).reshape(shape).astype(t)
            w.case("tensorinv", dtype, {"ind": ind}, {"a": a}, {"inverse": np.linalg.tensorinv(a, ind=ind)})


if __name__ == "__main__":
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    rng = np.random.default_rng(20260530)
    with open(OUT, "w") as out:
        out.write("# numpy.linalg expectations for issue 30's linear algebra: lstsq, matrix_rank, cond, matrix_power,"
                  " pinv(hermitian), qr(mode='r'), tensorsolve, tensorinv\n")
        out.write("# generated by itests/numpy/generate_linalg_expectations.py with NumPy %s, Python %s\n"
                  % (np.__version__, sys.version.split()[0]))
        w = Writer(out)
        lstsq(w, rng)
        matrix_rank(w, rng)
        cond(w, rng)
        matrix_power(w, rng)
        pinv(w, rng)
        qr(w, rng)
        tensors(w, rng)
    print("wrote %d cases to %s" % (w.count, os.path.normpath(OUT)))
