package org.ferrite.cpu.internal.linalg;

import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.linalg.LinalgOp.Tier;
import org.ferrite.cpu.internal.linalg.batch.MemberCursor;
import org.ferrite.cpu.internal.linalg.dense.DenseQr;
import org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace;
import org.ferrite.cpu.internal.linalg.lapack.Qr;
import org.ferrite.cpu.internal.linalg.option.QrMode;
import org.ferrite.cpu.internal.linalg.small.SmallQr;
import org.ferrite.linalg.LinalgShapes;

/**
 * The Householder QR of every member on the chosen tier: the small tier's batched kernel, or per
 * member {@code ?geqrf} + {@code ?orgqr}/{@code ?ungqr} (native) or EJML's column Householder QR
 * (dense); then the positive-diagonal gauge when asked. A member with {@code min(m, n) = 0} has
 * {@code Q = I} (complete) and nothing else to write. Thread-safe (stateless).
 */
final class QrKernels {
    private QrKernels() {
    }

    static void run(LinalgWorkspace ws, Tier tier, TensorRead a, boolean complete, boolean positive, TensorWrite q,
            TensorWrite r) {
        int m = (int) a.dim(0);
        int n = (int) a.dim(1);
        long members = LinalgShapes.batchCount(a);
        if (members == 0) {
            return;
        }
        QrMode mode = complete ? QrMode.COMPLETE : QrMode.REDUCED;
        if (Math.min(m, n) == 0) {
            if (complete) {
                SvdKernels.identities(ws, q, m, members);
            }
            return;
        }
        if (tier == Tier.SMALL) {
            SmallQr.run(ws.small, a, complete, q, r);
            if (positive) {
                MemberCursor qc = ws.cursor1.reset(q, false);
                MemberCursor rc = ws.cursor2.reset(r, false);
                for (long member = 0; member < members; member++) {
                    Gauges.positiveDiagonal(qc, rc, m, n);
                    qc.next();
                    rc.next();
                }
            }
            return;
        }
        MemberMatrix in = ws.a.reset(a, false, m, n, true);
        MemberMatrix qm = ws.first.reset(q, false, m, mode.qColumns(m, n), true);
        MemberMatrix rm = ws.second.reset(r, false, mode.rRows(m, n), n, true);
        for (long member = 0; member < members; member++) {
            in.load();
            if (tier == Tier.NATIVE) {
                lapack(ws.lapack(), a, mode, m, n, in, qm, rm);
            } else {
                dense(ws, a, mode, m, n, in, qm, rm);
            }
            qm.store();
            rm.store();
            if (positive) {
                Gauges.positiveDiagonal(qm.cursor(), rm.cursor(), m, n);
            }
            in.next();
            qm.next();
            rm.next();
        }
    }

    private static void lapack(LapackWorkspace l, TensorRead a, QrMode mode, int m, int n, MemberMatrix in,
            MemberMatrix q, MemberMatrix r) {
        switch (a.dtype()) {
            case F64:
                Qr.f64(l, mode, m, n, (double[]) in.array, in.offset, in.ld, (double[]) q.array, q.offset, q.ld,
                        (double[]) r.array, r.offset, r.ld);
                break;
            case C128:
                Qr.c128(l, mode, m, n, (double[]) in.array, in.offset, in.ld, (double[]) q.array, q.offset, q.ld,
                        (double[]) r.array, r.offset, r.ld);
                break;
            case F32:
                Qr.f32(l, mode, m, n, (float[]) in.array, in.offset, in.ld, (float[]) q.array, q.offset, q.ld,
                        (float[]) r.array, r.offset, r.ld);
                break;
            default:
                Qr.c64(l, mode, m, n, (float[]) in.array, in.offset, in.ld, (float[]) q.array, q.offset, q.ld,
                        (float[]) r.array, r.offset, r.ld);
                break;
        }
    }

    private static void dense(LinalgWorkspace ws, TensorRead a, QrMode mode, int m, int n, MemberMatrix in,
            MemberMatrix q, MemberMatrix r) {
        switch (a.dtype()) {
            case F64:
                DenseQr.dgeqr(mode, m, n, (double[]) in.array, in.offset, in.ld, (double[]) q.array, q.offset, q.ld,
                        (double[]) r.array, r.offset, r.ld, ws.dense);
                break;
            case C128:
                DenseQr.zgeqr(mode, m, n, (double[]) in.array, in.offset, in.ld, (double[]) q.array, q.offset, q.ld,
                        (double[]) r.array, r.offset, r.ld, ws.dense);
                break;
            case F32:
                DenseQr.sgeqr(mode, m, n, (float[]) in.array, in.offset, in.ld, (float[]) q.array, q.offset, q.ld,
                        (float[]) r.array, r.offset, r.ld, ws.dense);
                break;
            default:
                DenseQr.cgeqr(mode, m, n, (float[]) in.array, in.offset, in.ld, (float[]) q.array, q.offset, q.ld,
                        (float[]) r.array, r.offset, r.ld, ws.dense);
                break;
        }
    }
}
