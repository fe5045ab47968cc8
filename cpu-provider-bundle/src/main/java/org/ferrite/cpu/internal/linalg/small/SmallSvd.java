package org.ferrite.cpu.internal.linalg.small;

import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.linalg.batch.MemberCursor;
import org.ferrite.cpu.internal.linalg.option.SvdJob;
import org.ferrite.linalg.LinalgFailure;
import org.ferrite.linalg.LinalgShapes;

/**
 * The small tier's SVD by batched one-sided Jacobi ({@link BatchedJacobiSvd}) on chunks of
 * batch-innermost planes. A tall member ({@code m ≥ n}) is orthogonalised as it is:
 * {@code U = A·V/S}, {@code Vᴴ} stored from V conjugate-transposed. A wide member is loaded as
 * {@code B = Aᴴ}: from {@code B = U_B·S·V_Bᴴ}, {@code U = V_B} and {@code Vᴴ = U_Bᴴ}. A non-finite
 * member, or one that does not converge, fails the call. The caller applies the phase gauge.
 * Thread-safe (stateless).
 */
public final class SmallSvd {
    private SmallSvd() {
    }

    /**
     * @param ws the workspace
     * @param a the matrices, {@code [m, n, batch…]}, at least one member, {@code min(m, n) > 0}
     * @param job values only, thin or full
     * @param s receives S
     * @param u receives U, or null (values only)
     * @param vh receives Vᴴ, or null (values only)
     * @throws org.ferrite.api.error.NumericalFailureException for the first non-finite or non-converging
     *     member
     */
    public static void run(SmallWorkspace ws, TensorRead a, SvdJob job, TensorWrite s, TensorWrite u, TensorWrite vh) {
        int m = (int) a.dim(0);
        int n = (int) a.dim(1);
        boolean wide = m < n;
        int rows = Math.max(m, n);
        int cols = Math.min(m, n);
        boolean vectors = job != SvdJob.VALUES;
        int tallCols = job == SvdJob.FULL ? rows : vectors ? cols : 0; // columns of the tall side's U
        boolean complex = a.dtype().isComplex();
        long members = LinalgShapes.batchCount(a);
        int cs = SmallWorkspace.chunk((complex ? 2L : 1L) * (rows * Math.max(cols, tallCols) + cols * cols) + cols,
                members);
        MemberCursor ca = ws.cursor(0).reset(a, false);
        MemberCursor cs0 = ws.cursor(1).reset(s, true);
        MemberCursor cu = vectors ? ws.cursor(2).reset(u, false) : null;
        MemberCursor cv = vectors ? ws.cursor(3).reset(vh, false) : null;
        int uPlane = rows * Math.max(cols, tallCols);
        double[] ur = ws.plane(0, uPlane * cs);
        double[] ui = complex ? ws.plane(1, uPlane * cs) : null;
        double[] vr = vectors ? ws.plane(2, cols * cols * cs) : null;
        double[] vi = vectors && complex ? ws.plane(3, cols * cols * cs) : null;
        double[] values = ws.plane(4, cols * cs);
        double[] w = ws.row(0, 10 * cs);
        for (long start = 0; start < members; start += cs) {
            int count = (int) Math.min(cs, members - start);
            int[] ba = Planes.take(ws, 0, ca, count);
            int[] bs = Planes.take(ws, 1, cs0, count);
            Planes.load(ca, ba, count, m, n, wide, wide, ur, ui);
            int bad = SmallEigh.firstNonFinite(ur, ui, rows * cols, count);
            if (bad >= 0) {
                throw LinalgFailure.noConvergence("svd", a, start + bad, cols);
            }
            bad = BatchedJacobiSvd.orthogonalise(ur, ui, vr, vi, rows, cols, count, w);
            if (bad >= 0) {
                throw LinalgFailure.noConvergence("svd", a, start + bad, cols);
            }
            BatchedJacobiSvd.finish(ur, ui, vr, vi, rows, cols, tallCols, count, values);
            Planes.store(values, null, cs0, bs, count, cols, 1, false, false);
            if (vectors) {
                int[] bu = Planes.take(ws, 2, cu, count);
                int[] bv = Planes.take(ws, 3, cv, count);
                if (wide) { // U = V_B (m × m), Vᴴ = U_Bᴴ (from the n × tallCols planes)
                    Planes.store(vr, vi, cu, bu, count, m, m, false, false);
                    Planes.store(ur, ui, cv, bv, count, tallCols, n, true, true);
                } else { // U = U (m × tallCols), Vᴴ = Vᴴ (n × n)
                    Planes.store(ur, ui, cu, bu, count, m, tallCols, false, false);
                    Planes.store(vr, vi, cv, bv, count, n, n, true, true);
                }
            }
        }
    }
}
