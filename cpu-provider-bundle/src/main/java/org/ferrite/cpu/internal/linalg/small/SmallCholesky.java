package org.ferrite.cpu.internal.linalg.small;

import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.linalg.batch.MemberCursor;
import org.ferrite.cpu.internal.linalg.option.Triangle;
import org.ferrite.linalg.LinalgFailure;
import org.ferrite.linalg.LinalgShapes;

/**
 * The small tier's Cholesky factorisation: chunks of batch-innermost planes factored by
 * {@link BatchedCholesky}. The upper factor of {@code A = Uᴴ·U} is {@code Lᴴ} of the Hermitian matrix
 * A's upper triangle defines, so that case loads {@code Aᴴ} (its lower triangle is A's upper one,
 * conjugated) and stores {@code Lᴴ}. Fails on the first member that is not positive definite.
 * Thread-safe (stateless).
 */
public final class SmallCholesky {
    private SmallCholesky() {
    }

    /**
     * @param ws the workspace
     * @param a the Hermitian matrices, {@code [n, n, batch…]}, at least one member of order at least 1
     * @param triangle the triangle read and the factor written
     * @param factor receives the factor (zeros in the other triangle)
     * @throws org.ferrite.api.error.NumericalFailureException for the first member not positive definite
     */
    public static void run(SmallWorkspace ws, TensorRead a, Triangle triangle, TensorWrite factor) {
        int n = (int) a.dim(0);
        boolean complex = a.dtype().isComplex();
        boolean upper = triangle == Triangle.UPPER;
        long members = LinalgShapes.batchCount(a);
        int cs = SmallWorkspace.chunk((complex ? 2L : 1L) * n * n, members);
        MemberCursor ca = ws.cursor(0).reset(a, false);
        MemberCursor cf = ws.cursor(1).reset(factor, false);
        double[] re = ws.plane(0, n * n * cs);
        double[] im = complex ? ws.plane(1, n * n * cs) : null;
        int[] info = ws.ints(0, cs);
        double[] w = ws.row(0, 2 * cs);
        for (long start = 0; start < members; start += cs) {
            int count = (int) Math.min(cs, members - start);
            int[] ba = Planes.take(ws, 0, ca, count);
            int[] bf = Planes.take(ws, 1, cf, count);
            Planes.load(ca, ba, count, n, n, upper, upper, re, im);
            BatchedCholesky.factor(re, im, n, count, info, w);
            for (int c = 0; c < count; c++) {
                if (info[c] != 0) {
                    throw LinalgFailure.notPositiveDefinite("cholesky", a, start + c, info[c]);
                }
            }
            Planes.store(re, im, cf, bf, count, n, n, upper, upper);
        }
    }
}
