package org.ferrite.cpu.internal.linalg;

import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.linalg.LinalgOp.Tier;
import org.ferrite.cpu.internal.linalg.dense.DenseGeneralEigen;
import org.ferrite.cpu.internal.linalg.lapack.Eig;
import org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace;
import org.ferrite.linalg.LinalgFailure;
import org.ferrite.linalg.LinalgShapes;

/**
 * The general eigendecomposition of every member, per member: {@code ?geev} (native) or Ferrite's
 * Francis / complex QR kernels (dense — also for the small tier, which has no eigen kernel of its
 * own). Both write complex values and vectors directly, real input unpacked with exact conjugate
 * pairs. A member that is not finite fails before any kernel runs. Thread-safe (stateless).
 */
final class EigKernels {
    private EigKernels() {
    }

    static void run(LinalgWorkspace ws, Tier tier, TensorRead a, boolean gauge, TensorWrite values,
            TensorWrite vectors) {
        int n = (int) a.dim(0);
        long members = LinalgShapes.batchCount(a);
        if (members == 0 || n == 0) {
            return;
        }
        boolean withVectors = vectors != null;
        MemberMatrix in = ws.a.reset(a, false, n, n, true);
        MemberMatrix w = ws.first.reset(values, true, n, 1, true);
        MemberMatrix v = withVectors ? ws.second.reset(vectors, false, n, n, true) : null;
        for (long member = 0; member < members; member++) {
            in.load();
            if (!Packing.finite(in.array, in.offset, in.ld, n, n, a.dtype().scalarsPerElement())) {
                throw LinalgFailure.noConvergence("eig", a, member, n);
            }
            int info = tier == Tier.NATIVE ? lapack(ws.lapack(), a, n, in, w, v) : dense(ws, a, n, in, w, v);
            if (info != 0) {
                throw LinalgFailure.noConvergence("eig", a, member, info);
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

    private static int lapack(LapackWorkspace l, TensorRead a, int n, MemberMatrix in, MemberMatrix w,
            MemberMatrix v) {
        boolean vectors = v != null;
        int vOff = vectors ? v.offset : 0;
        int ldv = vectors ? v.ld : 1;
        switch (a.dtype()) {
            case F64:
                return Eig.f64(l, vectors, n, (double[]) in.array, in.offset, in.ld, (double[]) w.array, w.offset,
                        SvdKernels.doubles(v), vOff, ldv);
            case C128:
                return Eig.c128(l, vectors, n, (double[]) in.array, in.offset, in.ld, (double[]) w.array, w.offset,
                        SvdKernels.doubles(v), vOff, ldv);
            case F32:
                return Eig.f32(l, vectors, n, (float[]) in.array, in.offset, in.ld, (float[]) w.array, w.offset,
                        SvdKernels.floats(v), vOff, ldv);
            default:
                return Eig.c64(l, vectors, n, (float[]) in.array, in.offset, in.ld, (float[]) w.array, w.offset,
                        SvdKernels.floats(v), vOff, ldv);
        }
    }

    private static int dense(LinalgWorkspace ws, TensorRead a, int n, MemberMatrix in, MemberMatrix w,
            MemberMatrix v) {
        boolean vectors = v != null;
        int vOff = vectors ? v.offset : 0;
        int ldv = vectors ? v.ld : 1;
        switch (a.dtype()) {
            case F64:
                return DenseGeneralEigen.dgeev(vectors, n, (double[]) in.array, in.offset, in.ld, (double[]) w.array,
                        w.offset, SvdKernels.doubles(v), vOff, ldv, ws.dense);
            case C128:
                return DenseGeneralEigen.zgeev(vectors, n, (double[]) in.array, in.offset, in.ld, (double[]) w.array,
                        w.offset, SvdKernels.doubles(v), vOff, ldv, ws.dense);
            case F32:
                return DenseGeneralEigen.sgeev(vectors, n, (float[]) in.array, in.offset, in.ld, (float[]) w.array,
                        w.offset, SvdKernels.floats(v), vOff, ldv, ws.dense);
            default:
                return DenseGeneralEigen.cgeev(vectors, n, (float[]) in.array, in.offset, in.ld, (float[]) w.array,
                        w.offset, SvdKernels.floats(v), vOff, ldv, ws.dense);
        }
    }
}
