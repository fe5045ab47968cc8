package org.ferrite.cpu.internal.gemm;

import dev.ludovic.netlib.blas.BLAS;

/**
 * {@code C = alpha·A·B + beta·C} through the system BLAS: {@code dgemv} when one side of the product is
 * a vector, {@code dgemm} otherwise. The caller guarantees the layouts: {@code A} and {@code B}
 * expressible ({@link BlasLayout#encode} not {@code INCOMPATIBLE}) and {@code C} column-major
 * ({@link BlasLayout#isColumnMajor}); {@code m, n, k >= 1}. Thread-safe (stateless; BLAS calls are
 * reentrant).
 */
final class DoubleNativeGemm {
    private DoubleNativeGemm() {
    }

    static void multiply(BLAS blas, int m, int n, int k, double alpha, double[] a, int aOff, int aRs, int aCs,
            double[] b, int bOff, int bRs, int bCs, double beta, double[] c, int cOff, int cRs, int cCs) {
        int la = BlasLayout.encode(m, k, aRs, aCs);
        int lb = BlasLayout.encode(k, n, bRs, bCs);
        int lda = BlasLayout.leadingDimension(la);
        int ldb = BlasLayout.leadingDimension(lb);
        if (n == 1) {
            // y = alpha·A·x + beta·y with x = B[·, 0], y = C[·, 0]
            int incx = BlasLayout.increment(k, bRs);
            int incy = BlasLayout.increment(m, cRs);
            if (la > 0) {
                blas.dgemv("N", m, k, alpha, a, aOff, lda, b, bOff, incx, beta, c, cOff, incy);
            } else {
                blas.dgemv("T", k, m, alpha, a, aOff, lda, b, bOff, incx, beta, c, cOff, incy);
            }
        } else if (m == 1) {
            // y' = alpha·x'·B + beta·y' with x' = A[0, ·], y' = C[0, ·]: y = alpha·Bᵀ·x + beta·y
            int incx = BlasLayout.increment(k, aCs);
            int incy = BlasLayout.increment(n, cCs);
            if (lb > 0) {
                blas.dgemv("T", k, n, alpha, b, bOff, ldb, a, aOff, incx, beta, c, cOff, incy);
            } else {
                blas.dgemv("N", n, k, alpha, b, bOff, ldb, a, aOff, incx, beta, c, cOff, incy);
            }
        } else {
            int ldc = BlasLayout.leadingDimension(BlasLayout.encode(m, n, cRs, cCs));
            blas.dgemm(BlasLayout.trans(la), BlasLayout.trans(lb), m, n, k, alpha, a, aOff, lda, b, bOff, ldb, beta,
                    c, cOff, ldc);
        }
    }
}
