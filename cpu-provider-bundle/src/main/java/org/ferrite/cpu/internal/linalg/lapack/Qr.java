package org.ferrite.cpu.internal.linalg.lapack;

import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.K;
import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.LDA;
import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.LWORK;
import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.M;
import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.N;

import com.sun.jna.Pointer;
import org.ferrite.cpu.internal.linalg.option.QrMode;

/**
 * Householder QR ({@code ?geqrf}, then {@code ?orgqr} / {@code ?ungqr} to form Q): {@code A = Q·R} for
 * an {@code m × n} matrix A, {@code k = min(m, n)}. Thread-safe (stateless; the workspace is not).
 *
 * <p>Outputs, by {@link QrMode}: R upper trapezoidal, {@code k × n} ({@link QrMode#REDUCED},
 * {@link QrMode#R_ONLY}) or {@code m × n} ({@link QrMode#COMPLETE}), written in full with zeros below the
 * diagonal; Q with orthonormal columns, {@code m × k} (reduced) or {@code m × m} unitary (complete),
 * {@code ldq ≥ max(1, m)}; with {@link QrMode#R_ONLY} {@code q} is not touched (it may be null). No gauge:
 * the diagonal of R has LAPACK's signs (phases): {@code ?larfg} makes {@code R[j, j] = −sign(α)·‖x‖}
 * for the leading entry α of the reduced column {@code x} (real for complex A too), or leaves
 * {@code R[j, j] = α} when the rest of {@code x} is already zero (the reflector is then the identity).
 *
 * <p>Arrays: {@code a} is read only (copied into the workspace first; the outputs may overlap it).
 *
 * <p>{@code info} is always 0 (QR cannot fail numerically; negative values would be argument errors).
 * NaN input propagates into Q and R.
 */
public final class Qr {
    private static final int GEQRF = 2;
    private static final int ORGQR = 3;

    private Qr() {
    }

    /**
     * F64 QR; see the class documentation.
     *
     * @param ws the workspace
     * @param mode reduced, complete, or R only
     * @param m rows of A
     * @param n columns of A
     * @param a A, read
     * @param aOff offset of A(0, 0)
     * @param lda leading dimension of A ({@code ≥ max(1, m)})
     * @param q Q, written unless {@code mode} is {@link QrMode#R_ONLY}
     * @param qOff offset of Q(0, 0)
     * @param ldq leading dimension of Q
     * @param r R, written
     * @param rOff offset of R(0, 0)
     * @param ldr leading dimension of R ({@code ≥} its rows)
     * @return LAPACK's {@code info}
     */
    public static int f64(LapackWorkspace ws, QrMode mode, int m, int n, double[] a, int aOff, int lda, double[] q,
            int qOff, int ldq, double[] r, int rOff, int ldr) {
        return qr(ws, LapackType.F64, mode, m, n, a, aOff, lda, q, qOff, ldq, r, rOff, ldr);
    }

    /**
     * C128 QR: as {@link #f64}, interleaved complex (offsets in scalars, leading dimensions in
     * elements).
     *
     * @param ws the workspace
     * @param mode reduced, complete, or R only
     * @param m rows of A
     * @param n columns of A
     * @param a A, read
     * @param aOff offset of A(0, 0)
     * @param lda leading dimension of A
     * @param q Q, written unless {@code mode} is {@link QrMode#R_ONLY}
     * @param qOff offset of Q(0, 0)
     * @param ldq leading dimension of Q
     * @param r R, written
     * @param rOff offset of R(0, 0)
     * @param ldr leading dimension of R
     * @return LAPACK's {@code info}
     */
    public static int c128(LapackWorkspace ws, QrMode mode, int m, int n, double[] a, int aOff, int lda,
            double[] q, int qOff, int ldq, double[] r, int rOff, int ldr) {
        return qr(ws, LapackType.C128, mode, m, n, a, aOff, lda, q, qOff, ldq, r, rOff, ldr);
    }

    /**
     * F32 QR: as {@link #f64} in single precision.
     *
     * @param ws the workspace
     * @param mode reduced, complete, or R only
     * @param m rows of A
     * @param n columns of A
     * @param a A, read
     * @param aOff offset of A(0, 0)
     * @param lda leading dimension of A
     * @param q Q, written unless {@code mode} is {@link QrMode#R_ONLY}
     * @param qOff offset of Q(0, 0)
     * @param ldq leading dimension of Q
     * @param r R, written
     * @param rOff offset of R(0, 0)
     * @param ldr leading dimension of R
     * @return LAPACK's {@code info}
     */
    public static int f32(LapackWorkspace ws, QrMode mode, int m, int n, float[] a, int aOff, int lda, float[] q,
            int qOff, int ldq, float[] r, int rOff, int ldr) {
        return qr(ws, LapackType.F32, mode, m, n, a, aOff, lda, q, qOff, ldq, r, rOff, ldr);
    }

    /**
     * C64 QR: as {@link #c128} in single precision.
     *
     * @param ws the workspace
     * @param mode reduced, complete, or R only
     * @param m rows of A
     * @param n columns of A
     * @param a A, read
     * @param aOff offset of A(0, 0)
     * @param lda leading dimension of A
     * @param q Q, written unless {@code mode} is {@link QrMode#R_ONLY}
     * @param qOff offset of Q(0, 0)
     * @param ldq leading dimension of Q
     * @param r R, written
     * @param rOff offset of R(0, 0)
     * @param ldr leading dimension of R
     * @return LAPACK's {@code info}
     */
    public static int c64(LapackWorkspace ws, QrMode mode, int m, int n, float[] a, int aOff, int lda, float[] q,
            int qOff, int ldq, float[] r, int rOff, int ldr) {
        return qr(ws, LapackType.C64, mode, m, n, a, aOff, lda, q, qOff, ldq, r, rOff, ldr);
    }

    /** The four entry points' body; the arrays are {@code double[]} or {@code float[]} as {@code type} says. */
    private static int qr(LapackWorkspace ws, LapackType type, QrMode mode, int m, int n, Object a, int aOff,
            int lda, Object q, int qOff, int ldq, Object r, int rOff, int ldr) {
        ws.requireOpen();
        int qColumns = mode.qColumns(m, n);
        // a complete Q of a tall A needs m × m, more than A's m × n: size block A before writing it
        ws.a.ensure(type.elementBytes((long) m * Math.max(n, qColumns)));
        ws.a.write(a, aOff, lda, m, n, type.scalarsPerElement());
        int info = geqrf(ws, type, m, n);
        if (info == 0) {
            ws.a.readTrapezoid(true, m, r, rOff, ldr, mode.rRows(m, n), n, type.scalarsPerElement());
            if (qColumns > 0) {
                info = orgqr(ws, type, m, qColumns, Math.min(m, n));
                ws.a.read(m, q, qOff, ldq, m, qColumns, type.scalarsPerElement());
            }
        }
        return info;
    }

    /**
     * Runs the reduced QR ({@code ?geqrf}, then {@code ?orgqr} / {@code ?ungqr} for the {@code m × k}
     * Q) on the A staged in the workspace ({@link LapackWorkspace#stageA}), as NumPy's
     * {@code qr(mode='reduced')} does; Q stays in the workspace (R, overwritten by Q, is not kept).
     *
     * @param ws the workspace, holding A
     * @param type the scalar type A was staged as
     * @param m rows of A
     * @param n columns of A
     * @return LAPACK's {@code info}
     */
    static int staged(LapackWorkspace ws, LapackType type, int m, int n) {
        ws.requireOpen();
        int info = geqrf(ws, type, m, n);
        return info != 0 ? info : orgqr(ws, type, m, Math.min(m, n), Math.min(m, n));
    }

    private static int geqrf(LapackWorkspace ws, LapackType type, int m, int n) {
        ws.tau.ensure(type.elementBytes(Math.min(m, n)));
        return ws.run(GEQRF, LapackWorkspace.Query.WORK, Qr::geqrf, type, 0, m, n, 0);
    }

    /** {@link LapackWorkspace.Call}: {@code ?geqrf} of the {@code m × n} A in block {@code a}. */
    private static void geqrf(LapackWorkspace ws, LapackType type, int job, int m, int n, int k, int lwork,
            int lrwork, int liwork) {
        Pointer pm = ws.arg(M, m);
        Pointer pn = ws.arg(N, n);
        Pointer lda = ws.arg(LDA, Math.max(1, m));
        Pointer plwork = ws.arg(LWORK, lwork);
        Pointer info = ws.info();
        Pointer a = ws.a.pointer();
        Pointer tau = ws.tau.pointer();
        Pointer work = ws.work.pointer();
        switch (type) {
            case F32:
                LapackNative.sgeqrf(pm, pn, a, lda, tau, work, plwork, info);
                break;
            case F64:
                LapackNative.dgeqrf(pm, pn, a, lda, tau, work, plwork, info);
                break;
            case C64:
                LapackNative.cgeqrf(pm, pn, a, lda, tau, work, plwork, info);
                break;
            default:
                LapackNative.zgeqrf(pm, pn, a, lda, tau, work, plwork, info);
                break;
        }
    }

    private static int orgqr(LapackWorkspace ws, LapackType type, int m, int columns, int k) {
        return ws.run(ORGQR, LapackWorkspace.Query.WORK, Qr::orgqr, type, 0, m, columns, k);
    }

    /** {@link LapackWorkspace.Call}: {@code ?orgqr} / {@code ?ungqr}, the first {@code n} columns of Q. */
    private static void orgqr(LapackWorkspace ws, LapackType type, int job, int m, int columns, int k, int lwork,
            int lrwork, int liwork) {
        Pointer pm = ws.arg(M, m);
        Pointer pn = ws.arg(N, columns);
        Pointer pk = ws.arg(K, k);
        Pointer lda = ws.arg(LDA, Math.max(1, m));
        Pointer plwork = ws.arg(LWORK, lwork);
        Pointer info = ws.info();
        Pointer a = ws.a.pointer();
        Pointer tau = ws.tau.pointer();
        Pointer work = ws.work.pointer();
        switch (type) {
            case F32:
                LapackNative.sorgqr(pm, pn, pk, a, lda, tau, work, plwork, info);
                break;
            case F64:
                LapackNative.dorgqr(pm, pn, pk, a, lda, tau, work, plwork, info);
                break;
            case C64:
                LapackNative.cungqr(pm, pn, pk, a, lda, tau, work, plwork, info);
                break;
            default:
                LapackNative.zungqr(pm, pn, pk, a, lda, tau, work, plwork, info);
                break;
        }
    }
}
