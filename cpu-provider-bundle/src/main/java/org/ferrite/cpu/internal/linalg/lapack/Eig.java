package org.ferrite.cpu.internal.linalg.lapack;

import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.LDA;
import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.LDU;
import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.LDVT;
import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.LWORK;
import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.N;

import com.sun.jna.Pointer;

/**
 * General eigendecomposition ({@code ?geev}, right eigenvectors): {@code A·v_j = λ_j·v_j} for an
 * {@code n × n} matrix A. Thread-safe (stateless; the workspace is not).
 *
 * <p>Outputs are <b>always complex</b>, interleaved, in the input's precision: {@code w}, the
 * {@code n} eigenvalues ({@code 2n} scalars), in the order LAPACK's Hessenberg QR algorithm produces
 * them (not sorted; for real A a complex-conjugate pair is adjacent, positive imaginary part first);
 * {@code v}, when vectors are requested, the {@code n × n} complex matrix whose column {@code j} is a
 * right eigenvector of {@code w[j]}, scaled to Euclidean norm 1 with its largest component real (LAPACK's
 * normalisation; no further gauge), {@code ldv ≥ max(1, n)} in elements.
 *
 * <p>Real A: {@code ?geev} returns WR, WI and eigenvectors packed in a real matrix VR — column
 * {@code j} real when {@code WI[j] = 0}, else columns {@code j, j+1} holding {@code Re v_j} and
 * {@code Im v_j} with {@code v_{j+1} = conj(v_j)}. This class unpacks them into the complex outputs.
 *
 * <p>Arrays: {@code a} is read only (copied into the workspace first; the outputs may overlap it).
 * Without vectors {@code v} is not touched (it may be null).
 *
 * <p>{@code info}: 0 on success; {@code i > 0} the QR algorithm failed to compute all eigenvalues
 * (LAPACK has eigenvalues {@code i+1 … n} only); outputs are then not written. NaN input is not
 * detected by LAPACK: the result is NaN or a convergence failure.
 */
public final class Eig {
    private static final int ROUTINE = 5;

    private Eig() {
    }

    /**
     * F64 eig ({@code dgeev}); {@code w} and {@code v} are C128.
     *
     * @param ws the workspace
     * @param vectors whether to compute the right eigenvectors
     * @param n order of A
     * @param a real A, read
     * @param aOff offset of A(0, 0)
     * @param lda leading dimension of A ({@code ≥ max(1, n)})
     * @param w the complex eigenvalues, {@code 2n} scalars written
     * @param wOff offset of w(0), in scalars
     * @param v the complex eigenvectors, written if {@code vectors}
     * @param vOff offset of V(0, 0), in scalars
     * @param ldv leading dimension of V, in elements
     * @return LAPACK's {@code info}
     */
    public static int f64(LapackWorkspace ws, boolean vectors, int n, double[] a, int aOff, int lda, double[] w,
            int wOff, double[] v, int vOff, int ldv) {
        ws.requireOpen();
        ws.a.write(a, aOff, lda, n, n, 1);
        int info = geev(ws, LapackType.F64, vectors, n);
        if (info == 0) {
            double[] packed = ws.doubles(n * (vectors ? n + 2 : 2));
            ws.values.read(n, packed, 0, n, n, 1, 1);
            ws.imaginary.read(n, packed, n, n, n, 1, 1);
            for (int j = 0; j < n; j++) {
                w[wOff + 2 * j] = packed[j];
                w[wOff + 2 * j + 1] = packed[n + j];
            }
            if (vectors) {
                ws.left.read(n, packed, 2 * n, n, n, n, 1);
                unpack(n, packed, v, vOff, ldv);
            }
        }
        return info;
    }

    /**
     * C128 eig ({@code zgeev}): as {@link #f64} with A complex.
     *
     * @param ws the workspace
     * @param vectors whether to compute the right eigenvectors
     * @param n order of A
     * @param a complex A, read
     * @param aOff offset of A(0, 0), in scalars
     * @param lda leading dimension of A, in elements
     * @param w the complex eigenvalues, {@code 2n} scalars written
     * @param wOff offset of w(0), in scalars
     * @param v the complex eigenvectors, written if {@code vectors}
     * @param vOff offset of V(0, 0), in scalars
     * @param ldv leading dimension of V, in elements
     * @return LAPACK's {@code info}
     */
    public static int c128(LapackWorkspace ws, boolean vectors, int n, double[] a, int aOff, int lda, double[] w,
            int wOff, double[] v, int vOff, int ldv) {
        ws.requireOpen();
        ws.a.write(a, aOff, lda, n, n, 2);
        int info = geev(ws, LapackType.C128, vectors, n);
        if (info == 0) {
            ws.values.read(n, w, wOff, n, n, 1, 2);
            if (vectors) {
                ws.left.read(n, v, vOff, ldv, n, n, 2);
            }
        }
        return info;
    }

    /**
     * F32 eig ({@code sgeev}): as {@link #f64} in single precision; {@code w} and {@code v} are C64.
     *
     * @param ws the workspace
     * @param vectors whether to compute the right eigenvectors
     * @param n order of A
     * @param a real A, read
     * @param aOff offset of A(0, 0)
     * @param lda leading dimension of A
     * @param w the complex eigenvalues, {@code 2n} scalars written
     * @param wOff offset of w(0), in scalars
     * @param v the complex eigenvectors, written if {@code vectors}
     * @param vOff offset of V(0, 0), in scalars
     * @param ldv leading dimension of V, in elements
     * @return LAPACK's {@code info}
     */
    public static int f32(LapackWorkspace ws, boolean vectors, int n, float[] a, int aOff, int lda, float[] w,
            int wOff, float[] v, int vOff, int ldv) {
        ws.requireOpen();
        ws.a.write(a, aOff, lda, n, n, 1);
        int info = geev(ws, LapackType.F32, vectors, n);
        if (info == 0) {
            float[] packed = ws.floats(n * (vectors ? n + 2 : 2));
            ws.values.read(n, packed, 0, n, n, 1, 1);
            ws.imaginary.read(n, packed, n, n, n, 1, 1);
            for (int j = 0; j < n; j++) {
                w[wOff + 2 * j] = packed[j];
                w[wOff + 2 * j + 1] = packed[n + j];
            }
            if (vectors) {
                ws.left.read(n, packed, 2 * n, n, n, n, 1);
                unpack(n, packed, v, vOff, ldv);
            }
        }
        return info;
    }

    /**
     * C64 eig ({@code cgeev}): as {@link #c128} in single precision.
     *
     * @param ws the workspace
     * @param vectors whether to compute the right eigenvectors
     * @param n order of A
     * @param a complex A, read
     * @param aOff offset of A(0, 0), in scalars
     * @param lda leading dimension of A, in elements
     * @param w the complex eigenvalues, {@code 2n} scalars written
     * @param wOff offset of w(0), in scalars
     * @param v the complex eigenvectors, written if {@code vectors}
     * @param vOff offset of V(0, 0), in scalars
     * @param ldv leading dimension of V, in elements
     * @return LAPACK's {@code info}
     */
    public static int c64(LapackWorkspace ws, boolean vectors, int n, float[] a, int aOff, int lda, float[] w,
            int wOff, float[] v, int vOff, int ldv) {
        ws.requireOpen();
        ws.a.write(a, aOff, lda, n, n, 2);
        int info = geev(ws, LapackType.C64, vectors, n);
        if (info == 0) {
            ws.values.read(n, w, wOff, n, n, 1, 2);
            if (vectors) {
                ws.left.read(n, v, vOff, ldv, n, n, 2);
            }
        }
        return info;
    }

    /**
     * Unpacks real {@code ?geev} output — {@code packed = [WR (n), WI (n), VR (n × n, ld n)]} — into
     * complex eigenvectors: {@code v_j = VR[:, j]} when {@code WI[j] = 0}; for a pair
     * ({@code WI[j] > 0}) {@code v_j = VR[:, j] + i·VR[:, j+1]} and {@code v_{j+1} = conj(v_j)}.
     */
    private static void unpack(int n, double[] packed, double[] v, int vOff, int ldv) {
        int vr = 2 * n;
        for (int j = 0; j < n; j++) {
            int re = vr + j * n;
            int col = vOff + 2 * j * ldv;
            if (packed[n + j] == 0 || j == n - 1) {
                for (int i = 0; i < n; i++) {
                    v[col + 2 * i] = packed[re + i];
                    v[col + 2 * i + 1] = 0;
                }
                continue;
            }
            int im = re + n;
            int next = col + 2 * ldv;
            for (int i = 0; i < n; i++) {
                v[col + 2 * i] = packed[re + i];
                v[col + 2 * i + 1] = packed[im + i];
                v[next + 2 * i] = packed[re + i];
                v[next + 2 * i + 1] = -packed[im + i];
            }
            j++;
        }
    }

    /** Float twin of {@link #unpack(int, double[], double[], int, int)}. */
    private static void unpack(int n, float[] packed, float[] v, int vOff, int ldv) {
        int vr = 2 * n;
        for (int j = 0; j < n; j++) {
            int re = vr + j * n;
            int col = vOff + 2 * j * ldv;
            if (packed[n + j] == 0 || j == n - 1) {
                for (int i = 0; i < n; i++) {
                    v[col + 2 * i] = packed[re + i];
                    v[col + 2 * i + 1] = 0;
                }
                continue;
            }
            int im = re + n;
            int next = col + 2 * ldv;
            for (int i = 0; i < n; i++) {
                v[col + 2 * i] = packed[re + i];
                v[col + 2 * i + 1] = packed[im + i];
                v[next + 2 * i] = packed[re + i];
                v[next + 2 * i + 1] = -packed[im + i];
            }
            j++;
        }
    }

    /** Sizes the blocks, queries (or recalls) LWORK, and runs {@code ?geev} on the A in the workspace. */
    private static int geev(LapackWorkspace ws, LapackType type, boolean vectors, int n) {
        ws.values.ensure(type.elementBytes(n));
        ws.imaginary.ensure(type.realBytes(n));
        ws.left.ensure(type.elementBytes(vectors ? (long) n * n : 1));
        ws.rwork.ensure(type.realBytes(2L * n));
        if (!ws.lworks.find(ROUTINE, type, vectors ? 'V' : 'N', n, 0, 0)) {
            call(ws, type, vectors, n, -1);
            ws.lworks.store(ws.queriedWork(type), 0, 0);
        }
        int lwork = ws.lworks.lwork();
        ws.work.ensure(type.elementBytes(lwork));
        boolean raised = ws.enterThreads();
        try {
            call(ws, type, vectors, n, lwork);
        } finally {
            ws.exitThreads(raised);
        }
        return ws.infoValue();
    }

    private static void call(LapackWorkspace ws, LapackType type, boolean vectors, int n, int lwork) {
        Pointer jobvl = ws.code('N');
        Pointer jobvr = ws.code(vectors ? 'V' : 'N');
        Pointer pn = ws.arg(N, n);
        Pointer lda = ws.arg(LDA, Math.max(1, n));
        Pointer ldvl = ws.arg(LDU, 1);
        Pointer ldvr = ws.arg(LDVT, vectors ? Math.max(1, n) : 1);
        Pointer plwork = ws.arg(LWORK, lwork);
        Pointer info = ws.info();
        Pointer a = ws.a.pointer();
        Pointer w = ws.values.pointer();
        Pointer vl = ws.right.pointer(); // not referenced: JOBVL = 'N'
        Pointer vr = ws.left.pointer();
        Pointer work = ws.work.pointer();
        switch (type) {
            case F32:
                LapackNative.sgeev(jobvl, jobvr, pn, a, lda, w, ws.imaginary.pointer(), vl, ldvl, vr, ldvr, work,
                        plwork, info, 1, 1);
                break;
            case F64:
                LapackNative.dgeev(jobvl, jobvr, pn, a, lda, w, ws.imaginary.pointer(), vl, ldvl, vr, ldvr, work,
                        plwork, info, 1, 1);
                break;
            case C64:
                LapackNative.cgeev(jobvl, jobvr, pn, a, lda, w, vl, ldvl, vr, ldvr, work, plwork, ws.rwork.pointer(),
                        info, 1, 1);
                break;
            default:
                LapackNative.zgeev(jobvl, jobvr, pn, a, lda, w, vl, ldvl, vr, ldvr, work, plwork, ws.rwork.pointer(),
                        info, 1, 1);
                break;
        }
    }
}
