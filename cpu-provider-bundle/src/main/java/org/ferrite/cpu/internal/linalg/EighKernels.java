package org.ferrite.cpu.internal.linalg;

import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.linalg.LinalgOp.Tier;
import org.ferrite.cpu.internal.linalg.batch.MemberCursor;
import org.ferrite.cpu.internal.linalg.dense.DenseHermitianEigen;
import org.ferrite.cpu.internal.linalg.lapack.Eigh;
import org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace;
import org.ferrite.cpu.internal.linalg.option.Triangle;
import org.ferrite.cpu.internal.linalg.small.SmallEigh;
import org.ferrite.linalg.LinalgFailure;
import org.ferrite.linalg.LinalgShapes;

/**
 * The Hermitian eigendecomposition of every member on the chosen tier: the small tier's batched cyclic
 * Jacobi, or per member {@code ?syevd}/{@code ?heevd} (native) or the dense layer (EJML for real,
 * Ferrite's tridiagonal QL/QR for complex; with vectors it works in place on a copy of the member in
 * the vectors' output). A member whose referenced triangle is not finite fails before any kernel runs.
 * Thread-safe (stateless).
 */
final class EighKernels {
    private EighKernels() {
    }

    static void run(LinalgWorkspace ws, Tier tier, TensorRead a, Triangle triangle, boolean gauge, TensorWrite values,
            TensorWrite vectors) {
        int n = (int) a.dim(0);
        long members = LinalgShapes.batchCount(a);
        if (members == 0 || n == 0) {
            return;
        }
        if (tier == Tier.SMALL) {
            SmallEigh.run(ws.small, a, triangle, values, vectors);
            if (gauge && vectors != null) {
                MemberCursor vc = ws.cursor1.reset(vectors, false);
                for (long member = 0; member < members; member++) {
                    Gauges.columns(vc, n, n, ws.phase);
                    vc.next();
                }
            }
            return;
        }
        boolean withVectors = vectors != null;
        MemberMatrix in = ws.a.reset(a, false, n, n, true);
        MemberMatrix w = ws.first.reset(values, true, n, 1, true);
        MemberMatrix v = withVectors ? ws.second.reset(vectors, false, n, n, true) : null;
        boolean lower = triangle == Triangle.LOWER;
        for (long member = 0; member < members; member++) {
            if (!Packing.finiteTriangle(in.cursor(), n, lower)) {
                throw LinalgFailure.noConvergence("eigh", a, member, n);
            }
            int info;
            if (tier == Tier.NATIVE) {
                in.load();
                info = lapack(ws.lapack(), a, triangle, n, in, w, v);
            } else if (withVectors) {
                v.loadFrom(in.cursor());
                info = dense(ws, a, triangle, true, n, v, w);
            } else {
                in.load();
                info = dense(ws, a, triangle, false, n, in, w);
            }
            if (info != 0) {
                throw LinalgFailure.noConvergence("eigh", a, member, info);
            }
            w.store();
            w.next();
            if (withVectors) {
                v.store();
                if (gauge) {
                    Gauges.columns(v.cursor(), n, n, ws.phase);
                }
                v.next();
            }
            in.next();
        }
    }

    private static int lapack(LapackWorkspace l, TensorRead a, Triangle t, int n, MemberMatrix in, MemberMatrix w,
            MemberMatrix v) {
        boolean vectors = v != null;
        int vOff = vectors ? v.offset : 0;
        int ldv = vectors ? v.ld : 1;
        switch (a.dtype()) {
            case F64:
                return Eigh.f64(l, t, vectors, n, (double[]) in.array, in.offset, in.ld, (double[]) w.array, w.offset,
                        SvdKernels.doubles(v), vOff, ldv);
            case C128:
                return Eigh.c128(l, t, vectors, n, (double[]) in.array, in.offset, in.ld, (double[]) w.array, w.offset,
                        SvdKernels.doubles(v), vOff, ldv);
            case F32:
                return Eigh.f32(l, t, vectors, n, (float[]) in.array, in.offset, in.ld, (float[]) w.array, w.offset,
                        SvdKernels.floats(v), vOff, ldv);
            default:
                return Eigh.c64(l, t, vectors, n, (float[]) in.array, in.offset, in.ld, (float[]) w.array, w.offset,
                        SvdKernels.floats(v), vOff, ldv);
        }
    }

    /** The dense kernel on {@code m}'s array (overwritten by the vectors when {@code vectors}). */
    private static int dense(LinalgWorkspace ws, TensorRead a, Triangle t, boolean vectors, int n, MemberMatrix m,
            MemberMatrix w) {
        switch (a.dtype()) {
            case F64:
                return DenseHermitianEigen.dsyev(vectors, t, n, (double[]) m.array, m.offset, m.ld, (double[]) w.array,
                        w.offset, ws.dense);
            case C128:
                return DenseHermitianEigen.zheev(vectors, t, n, (double[]) m.array, m.offset, m.ld, (double[]) w.array,
                        w.offset, ws.dense);
            case F32:
                return DenseHermitianEigen.ssyev(vectors, t, n, (float[]) m.array, m.offset, m.ld, (float[]) w.array,
                        w.offset, ws.dense);
            default:
                return DenseHermitianEigen.cheev(vectors, t, n, (float[]) m.array, m.offset, m.ld, (float[]) w.array,
                        w.offset, ws.dense);
        }
    }
}
