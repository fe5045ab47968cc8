package org.ferrite.cpu.internal.linalg;

import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.linalg.LinalgOp.Tier;
import org.ferrite.cpu.internal.linalg.dense.DenseCholesky;
import org.ferrite.cpu.internal.linalg.lapack.Cholesky;
import org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace;
import org.ferrite.cpu.internal.linalg.option.Triangle;
import org.ferrite.cpu.internal.linalg.small.SmallCholesky;
import org.ferrite.linalg.LinalgFailure;
import org.ferrite.linalg.LinalgShapes;

/**
 * The Cholesky factor of every member on the chosen tier: the small tier's batched kernel, or per
 * member {@code ?potrf} (native; it reads the triangle and writes the full factor) or Ferrite's own
 * kernel (dense; in place on a copy of the member in the output, whose other triangle is then
 * zeroed). A NaN pivot counts as not positive definite on every tier: OpenBLAS's {@code ?potrf} does
 * not check, so the native result's diagonal is. Thread-safe (stateless).
 */
final class CholeskyKernels {
    private CholeskyKernels() {
    }

    static void run(LinalgWorkspace ws, Tier tier, TensorRead a, Triangle triangle, TensorWrite factor) {
        int n = (int) a.dim(0);
        long members = LinalgShapes.batchCount(a);
        if (members == 0 || n == 0) {
            return;
        }
        if (tier == Tier.SMALL) {
            SmallCholesky.run(ws.small, a, triangle, factor);
            return;
        }
        MemberMatrix in = ws.a.reset(a, false, n, n, true);
        MemberMatrix out = ws.first.reset(factor, false, n, n, true);
        for (long member = 0; member < members; member++) {
            int info;
            if (tier == Tier.NATIVE) {
                in.load();
                info = lapack(ws.lapack(), a, triangle, n, in, out);
                if (info == 0) {
                    info = nanPivot(out, n, a.dtype().scalarsPerElement());
                }
            } else {
                out.loadFrom(in.cursor());
                info = dense(ws, a, triangle, n, out);
            }
            if (info != 0) {
                throw LinalgFailure.notPositiveDefinite("cholesky", a, member, info);
            }
            out.store();
            if (tier != Tier.NATIVE) {
                Packing.zeroTriangle(out.cursor(), n, triangle == Triangle.UPPER);
            }
            in.next();
            out.next();
        }
    }

    /** @return {@code i + 1} for the first NaN on the factor's diagonal, else 0 */
    private static int nanPivot(MemberMatrix f, int n, int scalars) {
        for (int i = 0; i < n; i++) {
            int at = f.offset + scalars * (i + i * f.ld);
            double d = f.array instanceof double[] v ? v[at] : ((float[]) f.array)[at];
            if (Double.isNaN(d)) {
                return i + 1;
            }
        }
        return 0;
    }

    private static int lapack(LapackWorkspace l, TensorRead a, Triangle t, int n, MemberMatrix in, MemberMatrix f) {
        switch (a.dtype()) {
            case F64:
                return Cholesky.f64(l, t, n, (double[]) in.array, in.offset, in.ld, (double[]) f.array, f.offset, f.ld);
            case C128:
                return Cholesky.c128(l, t, n, (double[]) in.array, in.offset, in.ld, (double[]) f.array, f.offset,
                        f.ld);
            case F32:
                return Cholesky.f32(l, t, n, (float[]) in.array, in.offset, in.ld, (float[]) f.array, f.offset, f.ld);
            default:
                return Cholesky.c64(l, t, n, (float[]) in.array, in.offset, in.ld, (float[]) f.array, f.offset, f.ld);
        }
    }

    private static int dense(LinalgWorkspace ws, TensorRead a, Triangle t, int n, MemberMatrix f) {
        switch (a.dtype()) {
            case F64:
                return DenseCholesky.dpotrf(t, n, (double[]) f.array, f.offset, f.ld);
            case C128:
                return DenseCholesky.zpotrf(t, n, (double[]) f.array, f.offset, f.ld);
            case F32:
                return DenseCholesky.spotrf(t, n, (float[]) f.array, f.offset, f.ld, ws.dense);
            default:
                return DenseCholesky.cpotrf(t, n, (float[]) f.array, f.offset, f.ld, ws.dense);
        }
    }
}
