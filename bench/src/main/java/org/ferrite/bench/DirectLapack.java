package org.ferrite.bench;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import java.util.Map;

/**
 * The system LAPACK for the benchmarks' LAPACK peer, bound by JNA direct mapping with no Ferrite code
 * in between: the Fortran routines the peers call, F64 and C128. A method named {@code dgesdd} calls
 * the symbol {@code dgesdd_}; every argument is passed by reference (a pointer to a 32-bit
 * {@code INTEGER}, to a one-byte {@code CHARACTER}, to the first element of an array, complex ones
 * interleaved), followed by one hidden {@code size_t} length (always 1) per {@code CHARACTER}
 * argument — gfortran's ABI, which Debian's {@code liblapack.so.3} follows. Thread-safe (stateless;
 * LAPACK routines are reentrant).
 *
 * <p>Lifetime: bound once per JVM, when the class initialises. The library is the one the CPU provider
 * opens: {@code -Dferrite.lapack.library=NAME} if set, else {@code liblapack.so.3}. If it is OpenBLAS,
 * its thread count is pinned to one unless {@code OPENBLAS_NUM_THREADS} is set, as the provider does, so
 * the peer stays single-threaded like Ferrite. Nothing here throws at class initialisation: when JNA,
 * the library or a routine is missing, {@link #require()} throws with the reason and the natives stay
 * unbound.
 */
final class DirectLapack {
    /** The library opened: the provider's {@code ferrite.lapack.library}, by default Debian's LAPACK. */
    static final String LIBRARY = System.getProperty("ferrite.lapack.library", "liblapack.so.3");
    /** Null once bound, else why not. */
    private static final String FAILURE = bind();

    private DirectLapack() {
    }

    private static String bind() {
        try {
            NativeLibrary lib = NativeLibrary.getInstance(LIBRARY, Map.of(com.sun.jna.Library.OPTION_FUNCTION_MAPPER,
                    (com.sun.jna.FunctionMapper) (l, method) -> method.getName() + "_"));
            Native.register(DirectLapack.class, lib);
            if (System.getenv("OPENBLAS_NUM_THREADS") == null) {
                pinOpenBlas(lib);
            }
            return null;
        } catch (LinkageError | RuntimeException e) {
            String message = String.valueOf(e.getMessage()).strip();
            int line = message.indexOf('\n');
            return "cannot bind " + LIBRARY + ": " + e.getClass().getSimpleName() + ": "
                    + (line < 0 ? message : message.substring(0, line).strip());
        }
    }

    private static void pinOpenBlas(NativeLibrary lib) {
        try {
            lib.getFunction("openblas_set_num_threads").invokeVoid(new Object[] {1});
        } catch (UnsatisfiedLinkError notOpenBlas) {
            // another LAPACK: its threading is its own
        }
    }

    /** @throws IllegalStateException with the reason if the routines are not bound */
    static void require() {
        if (FAILURE != null) {
            throw new IllegalStateException("native LAPACK is unavailable: " + FAILURE);
        }
    }

    // ?gesdd (JOBZ, M, N, A, LDA, S, U, LDU, VT, LDVT, WORK, LWORK, [RWORK,] IWORK, INFO)
    static native void dgesdd(Pointer jobz, Pointer m, Pointer n, Pointer a, Pointer lda, Pointer s, Pointer u,
            Pointer ldu, Pointer vt, Pointer ldvt, Pointer work, Pointer lwork, Pointer iwork, Pointer info,
            long jobzLength);

    static native void zgesdd(Pointer jobz, Pointer m, Pointer n, Pointer a, Pointer lda, Pointer s, Pointer u,
            Pointer ldu, Pointer vt, Pointer ldvt, Pointer work, Pointer lwork, Pointer rwork, Pointer iwork,
            Pointer info, long jobzLength);

    // ?geqrf (M, N, A, LDA, TAU, WORK, LWORK, INFO); ?orgqr / ?ungqr (M, N, K, A, LDA, TAU, WORK, LWORK, INFO)
    static native void dgeqrf(Pointer m, Pointer n, Pointer a, Pointer lda, Pointer tau, Pointer work, Pointer lwork,
            Pointer info);

    static native void zgeqrf(Pointer m, Pointer n, Pointer a, Pointer lda, Pointer tau, Pointer work, Pointer lwork,
            Pointer info);

    static native void dorgqr(Pointer m, Pointer n, Pointer k, Pointer a, Pointer lda, Pointer tau, Pointer work,
            Pointer lwork, Pointer info);

    static native void zungqr(Pointer m, Pointer n, Pointer k, Pointer a, Pointer lda, Pointer tau, Pointer work,
            Pointer lwork, Pointer info);

    // dsyevd (JOBZ, UPLO, N, A, LDA, W, WORK, LWORK, IWORK, LIWORK, INFO);
    // zheevd (JOBZ, UPLO, N, A, LDA, W, WORK, LWORK, RWORK, LRWORK, IWORK, LIWORK, INFO)
    static native void dsyevd(Pointer jobz, Pointer uplo, Pointer n, Pointer a, Pointer lda, Pointer w, Pointer work,
            Pointer lwork, Pointer iwork, Pointer liwork, Pointer info, long jobzLength, long uploLength);

    static native void zheevd(Pointer jobz, Pointer uplo, Pointer n, Pointer a, Pointer lda, Pointer w, Pointer work,
            Pointer lwork, Pointer rwork, Pointer lrwork, Pointer iwork, Pointer liwork, Pointer info, long jobzLength,
            long uploLength);

    // ?getrf (M, N, A, LDA, IPIV, INFO); ?getrs (TRANS, N, NRHS, A, LDA, IPIV, B, LDB, INFO)
    static native void dgetrf(Pointer m, Pointer n, Pointer a, Pointer lda, Pointer ipiv, Pointer info);

    static native void zgetrf(Pointer m, Pointer n, Pointer a, Pointer lda, Pointer ipiv, Pointer info);

    static native void dgetrs(Pointer trans, Pointer n, Pointer nrhs, Pointer a, Pointer lda, Pointer ipiv, Pointer b,
            Pointer ldb, Pointer info, long transLength);

    static native void zgetrs(Pointer trans, Pointer n, Pointer nrhs, Pointer a, Pointer lda, Pointer ipiv, Pointer b,
            Pointer ldb, Pointer info, long transLength);
}
