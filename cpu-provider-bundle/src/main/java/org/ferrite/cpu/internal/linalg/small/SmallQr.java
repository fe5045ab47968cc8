package org.ferrite.cpu.internal.linalg.small;

import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.linalg.batch.MemberCursor;
import org.ferrite.linalg.LinalgShapes;

/**
 * The small tier's QR: the batch in chunks, each loaded into batch-innermost planes, factored and its
 * Q formed by {@link RealQr} or {@link ComplexQr}, and Q and R written straight into the outputs. No
 * per-matrix call or copy; the caller applies the positive-diagonal gauge. Thread-safe (stateless).
 */
public final class SmallQr {
    private SmallQr() {
    }

    /**
     * @param ws the workspace
     * @param a the matrices, {@code [m, n, batch…]}, {@code min(m, n) > 0}
     * @param complete complete (else reduced) factors
     * @param q receives Q
     * @param r receives R
     */
    public static void run(SmallWorkspace ws, TensorRead a, boolean complete, TensorWrite q, TensorWrite r) {
        int m = (int) a.dim(0);
        int n = (int) a.dim(1);
        int k = Math.min(m, n);
        int qCols = complete ? m : k;
        int rRows = complete ? m : k;
        boolean complex = a.dtype().isComplex();
        long members = LinalgShapes.batchCount(a);
        int cs = SmallWorkspace.chunk((complex ? 2L : 1L) * (m * n + m * qCols + m), members);
        MemberCursor ca = ws.cursor(0).reset(a, false);
        MemberCursor cq = ws.cursor(1).reset(q, false);
        MemberCursor cr = ws.cursor(2).reset(r, false);
        double[] are = ws.plane(0, m * n * cs);
        double[] aim = complex ? ws.plane(1, m * n * cs) : null;
        double[] qre = ws.plane(2, m * qCols * cs);
        double[] qim = complex ? ws.plane(3, m * qCols * cs) : null;
        double[] tauRe = ws.row(0, k * cs);
        double[] tauIm = ws.row(1, k * cs);
        double[] w = ws.row(2, 4 * cs);
        double[] vr = ws.plane(6, m * cs);
        double[] vi = complex ? ws.plane(7, m * cs) : null;
        for (long start = 0; start < members; start += cs) {
            int count = (int) Math.min(cs, members - start);
            int[] ba = Planes.take(ws, 0, ca, count);
            int[] bq = Planes.take(ws, 1, cq, count);
            int[] br = Planes.take(ws, 2, cr, count);
            Planes.load(ca, ba, count, m, n, false, false, are, aim);
            if (complex) {
                ComplexQr.factor(are, aim, m, n, count, tauRe, tauIm, vr, vi, w);
                ComplexQr.formQ(are, aim, m, n, qCols, count, tauRe, tauIm, qre, qim, w);
            } else {
                RealQr.factor(are, m, n, count, tauRe, vr, w);
                RealQr.formQ(are, m, n, qCols, count, tauRe, qre, w);
            }
            Planes.store(qre, qim, cq, bq, count, m, qCols, false, false);
            Planes.storeUpper(are, aim, m, cr, br, count, rRows, n);
        }
    }
}
