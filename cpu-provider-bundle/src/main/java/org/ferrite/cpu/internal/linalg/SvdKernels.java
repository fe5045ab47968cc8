package org.ferrite.cpu.internal.linalg;

import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.linalg.LinalgOp.Tier;
import org.ferrite.cpu.internal.linalg.batch.MemberCursor;
import org.ferrite.cpu.internal.linalg.dense.DenseSvd;
import org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace;
import org.ferrite.cpu.internal.linalg.lapack.Svd;
import org.ferrite.cpu.internal.linalg.option.SvdJob;
import org.ferrite.cpu.internal.linalg.small.SmallSvd;
import org.ferrite.linalg.LinalgFailure;
import org.ferrite.linalg.LinalgShapes;
import org.ferrite.linalg.PhaseGauge;

/**
 * The SVD of every member on the chosen tier: the small tier's batched one-sided Jacobi, or per member
 * {@code ?gesdd} (native) or the dense layer (EJML for real, Ferrite's bidiagonal QR for complex), the
 * member read in place when column-major, results written in place when the outputs are. Non-finite
 * members fail before any kernel runs (LAPACK's behaviour on NaN varies by build). Empty matrices give
 * empty factors, or identities for a full SVD. Thread-safe (stateless).
 */
final class SvdKernels {
    private SvdKernels() {
    }

    static void run(LinalgWorkspace ws, Tier tier, TensorRead a, SvdJob job, PhaseGauge gauge, TensorWrite s,
            TensorWrite u, TensorWrite vh) {
        int m = (int) a.dim(0);
        int n = (int) a.dim(1);
        long members = LinalgShapes.batchCount(a);
        if (members == 0) {
            return;
        }
        if (Math.min(m, n) == 0) {
            if (job == SvdJob.FULL) {
                identities(ws, u, m, members);
                identities(ws, vh, n, members);
            }
            return;
        }
        int uCols = job.uColumns(m, n);
        int vhRows = job.vtRows(m, n);
        if (tier == Tier.SMALL) {
            SmallSvd.run(ws.small, a, job, s, u, vh);
            if (gauge == PhaseGauge.LARGEST_ENTRY_REAL_POSITIVE && job != SvdJob.VALUES) {
                MemberCursor left = ws.cursor1.reset(u, false);
                MemberCursor right = ws.cursor2.reset(vh, false);
                for (long member = 0; member < members; member++) {
                    Gauges.svd(left, right, m, n, uCols, vhRows, ws.phase);
                    left.next();
                    right.next();
                }
            }
            return;
        }
        MemberMatrix in = ws.a.reset(a, false, m, n, true);
        MemberMatrix values = ws.first.reset(s, true, Math.min(m, n), 1, true);
        MemberMatrix left = job == SvdJob.VALUES ? null : ws.second.reset(u, false, m, uCols, true);
        MemberMatrix right = job == SvdJob.VALUES ? null : ws.third.reset(vh, false, vhRows, n, true);
        double[] phase = ws.phase;
        for (long member = 0; member < members; member++) {
            in.load();
            if (!Packing.finite(in.array, in.offset, in.ld, m, n, a.dtype().scalarsPerElement())) {
                throw LinalgFailure.noConvergence("svd", a, member, Math.min(m, n));
            }
            int info = tier == Tier.NATIVE ? lapack(ws.lapack(), a, job, m, n, in, values, left, right)
                    : dense(ws, a, job, m, n, in, values, left, right);
            if (info != 0) {
                throw LinalgFailure.noConvergence("svd", a, member, info);
            }
            values.store();
            values.next();
            if (left != null) {
                left.store();
                right.store();
                if (gauge == PhaseGauge.LARGEST_ENTRY_REAL_POSITIVE) {
                    Gauges.svd(left.cursor(), right.cursor(), m, n, uCols, vhRows, phase);
                }
                left.next();
                right.next();
            }
            in.next();
        }
    }

    /** Writes the {@code n × n} identity into every member of {@code t}. */
    static void identities(LinalgWorkspace ws, TensorWrite t, int n, long members) {
        MemberCursor c = ws.cursor1.reset(t, false);
        for (long member = 0; member < members; member++) {
            Packing.identity(c, n, n);
            c.next();
        }
    }

    private static int lapack(LapackWorkspace l, TensorRead a, SvdJob job, int m, int n, MemberMatrix in,
            MemberMatrix s, MemberMatrix u, MemberMatrix vt) {
        int uOff = u == null ? 0 : u.offset;
        int ldu = u == null ? 1 : u.ld;
        int vtOff = vt == null ? 0 : vt.offset;
        int ldvt = vt == null ? 1 : vt.ld;
        switch (a.dtype()) {
            case F64:
                return Svd.f64(l, job, m, n, (double[]) in.array, in.offset, in.ld, (double[]) s.array, s.offset,
                        doubles(u), uOff, ldu, doubles(vt), vtOff, ldvt);
            case C128:
                return Svd.c128(l, job, m, n, (double[]) in.array, in.offset, in.ld, (double[]) s.array, s.offset,
                        doubles(u), uOff, ldu, doubles(vt), vtOff, ldvt);
            case F32:
                return Svd.f32(l, job, m, n, (float[]) in.array, in.offset, in.ld, (float[]) s.array, s.offset,
                        floats(u), uOff, ldu, floats(vt), vtOff, ldvt);
            default:
                return Svd.c64(l, job, m, n, (float[]) in.array, in.offset, in.ld, (float[]) s.array, s.offset,
                        floats(u), uOff, ldu, floats(vt), vtOff, ldvt);
        }
    }

    private static int dense(LinalgWorkspace ws, TensorRead a, SvdJob job, int m, int n, MemberMatrix in,
            MemberMatrix s, MemberMatrix u, MemberMatrix vt) {
        int uOff = u == null ? 0 : u.offset;
        int ldu = u == null ? 1 : u.ld;
        int vtOff = vt == null ? 0 : vt.offset;
        int ldvt = vt == null ? 1 : vt.ld;
        switch (a.dtype()) {
            case F64:
                return DenseSvd.dgesvd(job, m, n, (double[]) in.array, in.offset, in.ld, (double[]) s.array,
                        s.offset, doubles(u), uOff, ldu, doubles(vt), vtOff, ldvt, ws.dense);
            case C128:
                return DenseSvd.zgesvd(job, m, n, (double[]) in.array, in.offset, in.ld, (double[]) s.array,
                        s.offset, doubles(u), uOff, ldu, doubles(vt), vtOff, ldvt, ws.dense);
            case F32:
                return DenseSvd.sgesvd(job, m, n, (float[]) in.array, in.offset, in.ld, (float[]) s.array, s.offset,
                        floats(u), uOff, ldu, floats(vt), vtOff, ldvt, ws.dense);
            default:
                return DenseSvd.cgesvd(job, m, n, (float[]) in.array, in.offset, in.ld, (float[]) s.array, s.offset,
                        floats(u), uOff, ldu, floats(vt), vtOff, ldvt, ws.dense);
        }
    }

    static double[] doubles(MemberMatrix m) {
        return m == null ? null : (double[]) m.array;
    }

    static float[] floats(MemberMatrix m) {
        return m == null ? null : (float[]) m.array;
    }
}
