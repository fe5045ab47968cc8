package org.ferrite.cpu.internal.linalg.lapack;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * The Fortran LAPACK entry points, bound by JNA direct mapping ({@link Native#register(Class,
 * NativeLibrary)}; no interface proxies). A method named {@code dgesdd} calls the symbol
 * {@code dgesdd_} (the library is opened with a function mapper that appends the underscore).
 * Thread-safe (stateless; LAPACK routines are reentrant).
 *
 * <p><b>ABI</b> (gfortran's, which Debian's {@code liblapack.so.3} from OpenBLAS follows; see the
 * package documentation for how it was established):
 * <ul>
 *   <li>every argument by reference: {@code INTEGER} as a pointer to a 32-bit {@code int} (an LP64
 *       build; ILP64 builds export {@code dgesdd_64_} and are not bound), {@code DOUBLE PRECISION}
 *       / {@code REAL} arrays and {@code COMPLEX*16} / {@code COMPLEX} arrays (interleaved re, im) as
 *       pointers to their first element, {@code CHARACTER} as a pointer to one byte;</li>
 *   <li>after the declared arguments, one hidden {@code size_t} length per {@code CHARACTER}
 *       argument, in order (here always 1, a Java {@code long}); routines OpenBLAS reimplements in C
 *       ({@code ?getrf}, {@code ?getrs}, {@code ?potrf}, {@code ?trtrs}) ignore them, which the
 *       x86-64 and AArch64 C calling conventions make harmless;</li>
 *   <li>subroutines return nothing; failure is the {@code INFO} argument.</li>
 * </ul>
 *
 * <p>Lifetime: the methods throw {@link UnsatisfiedLinkError} until {@link #bind(NativeLibrary)} has
 * run, which {@link LapackLibrary} does once per class loader after checking every symbol.
 * {@code Pointer} arguments must point at native memory that outlives the call (the workspace's
 * blocks).
 */
final class LapackNative {
    /** Guarded by the class lock: the library the natives are registered against, or null. */
    private static NativeLibrary bound;

    private LapackNative() {
    }

    /**
     * Registers every native method of this class against {@code library}, once.
     *
     * @param library the opened LAPACK, with the underscore-appending function mapper
     * @return null on success, else why the binding is refused
     */
    static synchronized String bind(NativeLibrary library) {
        if (bound == null) {
            Native.register(LapackNative.class, library);
            bound = library;
            return null;
        }
        return bound.getFile() != null && bound.getFile().equals(library.getFile()) ? null
                : "already bound to " + bound.getName() + " in this class loader";
    }

    /** @return the Fortran symbols of every routine declared here ({@code dgesdd_}, …), sorted */
    static List<String> symbols() {
        List<String> names = new ArrayList<>();
        for (Method method : LapackNative.class.getDeclaredMethods()) {
            if (Modifier.isNative(method.getModifiers())) {
                names.add(method.getName() + "_");
            }
        }
        names.sort(null);
        return names;
    }

    // ?gesdd: SVD by divide and conquer — (JOBZ, M, N, A, LDA, S, U, LDU, VT, LDVT, WORK, LWORK,
    // [RWORK,] IWORK, INFO)
    static native void sgesdd(Pointer jobz, Pointer m, Pointer n, Pointer a, Pointer lda, Pointer s, Pointer u,
            Pointer ldu, Pointer vt, Pointer ldvt, Pointer work, Pointer lwork, Pointer iwork, Pointer info,
            long jobzLength);

    static native void dgesdd(Pointer jobz, Pointer m, Pointer n, Pointer a, Pointer lda, Pointer s, Pointer u,
            Pointer ldu, Pointer vt, Pointer ldvt, Pointer work, Pointer lwork, Pointer iwork, Pointer info,
            long jobzLength);

    static native void cgesdd(Pointer jobz, Pointer m, Pointer n, Pointer a, Pointer lda, Pointer s, Pointer u,
            Pointer ldu, Pointer vt, Pointer ldvt, Pointer work, Pointer lwork, Pointer rwork, Pointer iwork,
            Pointer info, long jobzLength);

    static native void zgesdd(Pointer jobz, Pointer m, Pointer n, Pointer a, Pointer lda, Pointer s, Pointer u,
            Pointer ldu, Pointer vt, Pointer ldvt, Pointer work, Pointer lwork, Pointer rwork, Pointer iwork,
            Pointer info, long jobzLength);

    // ?geqrf: Householder QR — (M, N, A, LDA, TAU, WORK, LWORK, INFO)
    static native void sgeqrf(Pointer m, Pointer n, Pointer a, Pointer lda, Pointer tau, Pointer work,
            Pointer lwork, Pointer info);

    static native void dgeqrf(Pointer m, Pointer n, Pointer a, Pointer lda, Pointer tau, Pointer work,
            Pointer lwork, Pointer info);

    static native void cgeqrf(Pointer m, Pointer n, Pointer a, Pointer lda, Pointer tau, Pointer work,
            Pointer lwork, Pointer info);

    static native void zgeqrf(Pointer m, Pointer n, Pointer a, Pointer lda, Pointer tau, Pointer work,
            Pointer lwork, Pointer info);

    // ?orgqr / ?ungqr: Q from the reflectors — (M, N, K, A, LDA, TAU, WORK, LWORK, INFO)
    static native void sorgqr(Pointer m, Pointer n, Pointer k, Pointer a, Pointer lda, Pointer tau, Pointer work,
            Pointer lwork, Pointer info);

    static native void dorgqr(Pointer m, Pointer n, Pointer k, Pointer a, Pointer lda, Pointer tau, Pointer work,
            Pointer lwork, Pointer info);

    static native void cungqr(Pointer m, Pointer n, Pointer k, Pointer a, Pointer lda, Pointer tau, Pointer work,
            Pointer lwork, Pointer info);

    static native void zungqr(Pointer m, Pointer n, Pointer k, Pointer a, Pointer lda, Pointer tau, Pointer work,
            Pointer lwork, Pointer info);

    // ?getrf: LU with partial pivoting — (M, N, A, LDA, IPIV, INFO)
    static native void sgetrf(Pointer m, Pointer n, Pointer a, Pointer lda, Pointer ipiv, Pointer info);

    static native void dgetrf(Pointer m, Pointer n, Pointer a, Pointer lda, Pointer ipiv, Pointer info);

    static native void cgetrf(Pointer m, Pointer n, Pointer a, Pointer lda, Pointer ipiv, Pointer info);

    static native void zgetrf(Pointer m, Pointer n, Pointer a, Pointer lda, Pointer ipiv, Pointer info);

    // ?getrs: solve with the LU factors — (TRANS, N, NRHS, A, LDA, IPIV, B, LDB, INFO)
    static native void sgetrs(Pointer trans, Pointer n, Pointer nrhs, Pointer a, Pointer lda, Pointer ipiv,
            Pointer b, Pointer ldb, Pointer info, long transLength);

    static native void dgetrs(Pointer trans, Pointer n, Pointer nrhs, Pointer a, Pointer lda, Pointer ipiv,
            Pointer b, Pointer ldb, Pointer info, long transLength);

    static native void cgetrs(Pointer trans, Pointer n, Pointer nrhs, Pointer a, Pointer lda, Pointer ipiv,
            Pointer b, Pointer ldb, Pointer info, long transLength);

    static native void zgetrs(Pointer trans, Pointer n, Pointer nrhs, Pointer a, Pointer lda, Pointer ipiv,
            Pointer b, Pointer ldb, Pointer info, long transLength);

    // ?potrf: Cholesky — (UPLO, N, A, LDA, INFO)
    static native void spotrf(Pointer uplo, Pointer n, Pointer a, Pointer lda, Pointer info, long uploLength);

    static native void dpotrf(Pointer uplo, Pointer n, Pointer a, Pointer lda, Pointer info, long uploLength);

    static native void cpotrf(Pointer uplo, Pointer n, Pointer a, Pointer lda, Pointer info, long uploLength);

    static native void zpotrf(Pointer uplo, Pointer n, Pointer a, Pointer lda, Pointer info, long uploLength);

    // ?syevd / ?heevd: symmetric / Hermitian eigen by divide and conquer — (JOBZ, UPLO, N, A, LDA, W,
    // WORK, LWORK, [RWORK, LRWORK,] IWORK, LIWORK, INFO)
    static native void ssyevd(Pointer jobz, Pointer uplo, Pointer n, Pointer a, Pointer lda, Pointer w,
            Pointer work, Pointer lwork, Pointer iwork, Pointer liwork, Pointer info, long jobzLength,
            long uploLength);

    static native void dsyevd(Pointer jobz, Pointer uplo, Pointer n, Pointer a, Pointer lda, Pointer w,
            Pointer work, Pointer lwork, Pointer iwork, Pointer liwork, Pointer info, long jobzLength,
            long uploLength);

    static native void cheevd(Pointer jobz, Pointer uplo, Pointer n, Pointer a, Pointer lda, Pointer w,
            Pointer work, Pointer lwork, Pointer rwork, Pointer lrwork, Pointer iwork, Pointer liwork,
            Pointer info, long jobzLength, long uploLength);

    static native void zheevd(Pointer jobz, Pointer uplo, Pointer n, Pointer a, Pointer lda, Pointer w,
            Pointer work, Pointer lwork, Pointer rwork, Pointer lrwork, Pointer iwork, Pointer liwork,
            Pointer info, long jobzLength, long uploLength);

    // ?geev: general eigen — real (JOBVL, JOBVR, N, A, LDA, WR, WI, VL, LDVL, VR, LDVR, WORK, LWORK,
    // INFO); complex (JOBVL, JOBVR, N, A, LDA, W, VL, LDVL, VR, LDVR, WORK, LWORK, RWORK, INFO)
    static native void sgeev(Pointer jobvl, Pointer jobvr, Pointer n, Pointer a, Pointer lda, Pointer wr,
            Pointer wi, Pointer vl, Pointer ldvl, Pointer vr, Pointer ldvr, Pointer work, Pointer lwork,
            Pointer info, long jobvlLength, long jobvrLength);

    static native void dgeev(Pointer jobvl, Pointer jobvr, Pointer n, Pointer a, Pointer lda, Pointer wr,
            Pointer wi, Pointer vl, Pointer ldvl, Pointer vr, Pointer ldvr, Pointer work, Pointer lwork,
            Pointer info, long jobvlLength, long jobvrLength);

    static native void cgeev(Pointer jobvl, Pointer jobvr, Pointer n, Pointer a, Pointer lda, Pointer w,
            Pointer vl, Pointer ldvl, Pointer vr, Pointer ldvr, Pointer work, Pointer lwork, Pointer rwork,
            Pointer info, long jobvlLength, long jobvrLength);

    static native void zgeev(Pointer jobvl, Pointer jobvr, Pointer n, Pointer a, Pointer lda, Pointer w,
            Pointer vl, Pointer ldvl, Pointer vr, Pointer ldvr, Pointer work, Pointer lwork, Pointer rwork,
            Pointer info, long jobvlLength, long jobvrLength);

    // ?trtrs: triangular solve — (UPLO, TRANS, DIAG, N, NRHS, A, LDA, B, LDB, INFO)
    static native void strtrs(Pointer uplo, Pointer trans, Pointer diag, Pointer n, Pointer nrhs, Pointer a,
            Pointer lda, Pointer b, Pointer ldb, Pointer info, long uploLength, long transLength, long diagLength);

    static native void dtrtrs(Pointer uplo, Pointer trans, Pointer diag, Pointer n, Pointer nrhs, Pointer a,
            Pointer lda, Pointer b, Pointer ldb, Pointer info, long uploLength, long transLength, long diagLength);

    static native void ctrtrs(Pointer uplo, Pointer trans, Pointer diag, Pointer n, Pointer nrhs, Pointer a,
            Pointer lda, Pointer b, Pointer ldb, Pointer info, long uploLength, long transLength, long diagLength);

    static native void ztrtrs(Pointer uplo, Pointer trans, Pointer diag, Pointer n, Pointer nrhs, Pointer a,
            Pointer lda, Pointer b, Pointer ldb, Pointer info, long uploLength, long transLength, long diagLength);
}
