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
 * (LAPACK has eigenvalues {@code i+1 … n} only); {@value #NAN_INPUT} A contains a NaN — checked here,
 * before LAPACK is called, because {@code ?geev} does not check: its balancing ({@code ?gebal})
 * reports the NaN as an illegal argument, XERBLA prints that to the process's standard error, and
 * the cascade ends in a spurious {@code -4} from {@code ?hseqr}. On any {@code info ≠ 0} the outputs
 * are not written.
 */
public final class Eig {
    /** The {@code info} for an A containing a NaN (the {@code ?gesdd} convention: argument 4 is A). */
    public static final int NAN_INPUT = -4;
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
        return real(ws, LapackType.F64, vectors, n, a, aOff, lda, w, wOff, v, vOff, ldv, ws.doubles(scratch(n, vectors)));
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
        return complex(ws, LapackType.C128, vectors, n, a, aOff, lda, w, wOff, v, vOff, ldv);
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
        return real(ws, LapackType.F32, vectors, n, a, aOff, lda, w, wOff, v, vOff, ldv, ws.floats(scratch(n, vectors)));
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
        return complex(ws, LapackType.C64, vectors, n, a, aOff, lda, w, wOff, v, vOff, ldv);
    }

    /** @return the scratch scalars a real eig unpacks from: WR, WI and (with vectors) VR */
    private static int scratch(int n, boolean vectors) {
        return n * (vectors ? n + 2 : 2);
    }

    /**
     * The real entry points' body: runs {@code ?geev}, then interleaves WR, WI into {@code w} and unpacks
     * VR into {@code v}, through {@code packed} (a Java scratch of the arrays' type).
     */
    private static int real(LapackWorkspace ws, LapackType type, boolean vectors, int n, Object a, int aOff, int lda,
            Object w, int wOff, Object v, int vOff, int ldv, Object packed) {
        ws.requireOpen();
        if (containsNaN(a, aOff, lda, n, 1)) {
            return NAN_INPUT;
        }
        ws.a.write(a, aOff, lda, n, n, 1);
        int info = geev(ws, type, vectors, n);
        if (info == 0) {
            ws.values.read(n, packed, 0, n, n, 1, 1);
            ws.imaginary.read(n, packed, n, n, n, 1, 1);
            for (int j = 0; j < n; j++) {
                set(w, wOff + 2 * j, get(packed, j));
                set(w, wOff + 2 * j + 1, get(packed, n + j));
            }
            if (vectors) {
                ws.left.read(n, packed, 2 * n, n, n, n, 1);
                unpack(n, packed, v, vOff, ldv);
            }
        }
        return info;
    }

    /** The complex entry points' body: {@code ?geev}'s W and VR are already the outputs. */
    private static int complex(LapackWorkspace ws, LapackType type, boolean vectors, int n, Object a, int aOff,
            int lda, Object w, int wOff, Object v, int vOff, int ldv) {
        ws.requireOpen();
        if (containsNaN(a, aOff, lda, n, 2)) {
            return NAN_INPUT;
        }
        ws.a.write(a, aOff, lda, n, n, 2);
        int info = geev(ws, type, vectors, n);
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
    private static void unpack(int n, Object packed, Object v, int vOff, int ldv) {
        int vr = 2 * n;
        for (int j = 0; j < n; j++) {
            int re = vr + j * n;
            int col = vOff + 2 * j * ldv;
            boolean pair = get(packed, n + j) != 0 && j + 1 < n;
            int next = col + 2 * ldv;
            for (int i = 0; i < n; i++) {
                double real = get(packed, re + i);
                double imaginary = pair ? get(packed, re + n + i) : 0;
                set(v, col + 2 * i, real);
                set(v, col + 2 * i + 1, imaginary);
                if (pair) {
                    set(v, next + 2 * i, real);
                    set(v, next + 2 * i + 1, -imaginary);
                }
            }
            j += pair ? 1 : 0;
        }
    }

    /** @return whether the {@code n × n} matrix at {@code a[off]} (leading dimension {@code ld}) has a NaN */
    private static boolean containsNaN(Object a, int off, int ld, int n, int scalars) {
        for (int j = 0; j < n; j++) {
            int column = off + j * ld * scalars;
            if (a instanceof double[]) {
                double[] d = (double[]) a;
                for (int i = column; i < column + n * scalars; i++) {
                    if (Double.isNaN(d[i])) {
                        return true;
                    }
                }
            } else {
                float[] f = (float[]) a;
                for (int i = column; i < column + n * scalars; i++) {
                    if (Float.isNaN(f[i])) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static double get(Object array, int index) {
        return array instanceof double[] ? ((double[]) array)[index] : ((float[]) array)[index];
    }

    private static void set(Object array, int index, double value) {
        if (array instanceof double[]) {
            ((double[]) array)[index] = value;
        } else {
            ((float[]) array)[index] = (float) value;
        }
    }

    /** Sizes the blocks and runs {@code ?geev} on the A in the workspace. */
    private static int geev(LapackWorkspace ws, LapackType type, boolean vectors, int n) {
        ws.values.ensure(type.elementBytes(n));
        ws.imaginary.ensure(type.realBytes(n));
        ws.left.ensure(type.elementBytes(vectors ? (long) n * n : 1));
        ws.rwork.ensure(type.realBytes(2L * n));
        return ws.run(ROUTINE, LapackWorkspace.Query.WORK, Eig::call, type, vectors ? 'V' : 'N', n, n, 0);
    }

    /** {@link LapackWorkspace.Call}: {@code ?geev} with {@code JOBVL = 'N'}, {@code JOBVR = job}. */
    private static void call(LapackWorkspace ws, LapackType type, int job, int n, int unused, int none, int lwork,
            int lrwork, int liwork) {
        boolean vectors = job == 'V';
        Pointer jobvl = ws.code('N');
        Pointer jobvr = ws.code((char) job);
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
