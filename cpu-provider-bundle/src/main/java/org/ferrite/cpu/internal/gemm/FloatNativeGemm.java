// GENERATED from cpu-provider-bundle/src/main/java/org/ferrite/cpu/internal/gemm/DoubleNativeGemm.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
package org.ferrite.cpu.internal.gemm;

import dev.ludovic.netlib.blas.BLAS;

/**
 * {@code C = alpha·A·B + beta·C} through the system BLAS: {@code sgemv} when one side of the product is
 * a vector, {@code sgemm} otherwise. The caller guarantees the layouts: {@code A} and {@code B}
 * expressible ({@link BlasLayout#encode} not {@code INCOMPATIBLE}) and {@code C} column-major
 * ({@link BlasLayout#isColumnMajor}); {@code m, n, k >= 1}. Thread-safe (stateless; BLAS calls are
 * reentrant); the workspace is the caller's.
 *
 * <p>netlib checks a matrix argument as if its last column were a full leading dimension long
 * ({@code off + cols·ld <= length}), stricter than BLAS itself. A view ending closer to the end of its
 * array (a trailing row block, a stepped slice) is copied into the workspace first.
 */
final class FloatNativeGemm {
    private FloatNativeGemm() {
    }

    static void multiply(BLAS blas, int m, int n, int k, float alpha, float[] a, int aOff, int aRs, int aCs,
            float[] b, int bOff, int bRs, int bCs, float beta, float[] c, int cOff, int cRs, int cCs,
            FloatGemmWorkspace ws) {
        int la = BlasLayout.encode(m, k, aRs, aCs);
        if (!covers(a.length, aOff, la > 0 ? k : m, la)) {
            float[] packed = ws.nativeA(m * k);
            copy(m, k, a, aOff, aRs, aCs, packed);
            a = packed;
            aOff = 0;
            la = Math.max(1, m);
        }
        int lb = BlasLayout.encode(k, n, bRs, bCs);
        if (!covers(b.length, bOff, lb > 0 ? n : k, lb)) {
            float[] packed = ws.nativeB(k * n);
            copy(k, n, b, bOff, bRs, bCs, packed);
            b = packed;
            bOff = 0;
            lb = Math.max(1, k);
        }
        call(blas, m, n, k, alpha, a, aOff, la, b, bOff, lb, beta, c, cOff, cRs, cCs);
    }

    private static void call(BLAS blas, int m, int n, int k, float alpha, float[] a, int aOff, int la, float[] b,
            int bOff, int lb, float beta, float[] c, int cOff, int cRs, int cCs) {
        int lda = BlasLayout.leadingDimension(la);
        int ldb = BlasLayout.leadingDimension(lb);
        if (n == 1) {
            // y = alpha·A·x + beta·y with x = B[·, 0], y = C[·, 0]; x's increment is its row stride
            int incx = lb > 0 ? 1 : ldb;
            int incy = BlasLayout.increment(m, cRs);
            if (la > 0) {
                blas.sgemv("N", m, k, alpha, a, aOff, lda, b, bOff, incx, beta, c, cOff, incy);
            } else {
                blas.sgemv("T", k, m, alpha, a, aOff, lda, b, bOff, incx, beta, c, cOff, incy);
            }
        } else if (m == 1) {
            // y' = alpha·x'·B + beta·y' with x' = A[0, ·], y' = C[0, ·]: y = alpha·Bᵀ·x + beta·y
            int incx = la > 0 ? lda : 1;
            int incy = BlasLayout.increment(n, cCs);
            if (lb > 0) {
                blas.sgemv("T", k, n, alpha, b, bOff, ldb, a, aOff, incx, beta, c, cOff, incy);
            } else {
                blas.sgemv("N", n, k, alpha, b, bOff, ldb, a, aOff, incx, beta, c, cOff, incy);
            }
        } else {
            int ldc = BlasLayout.leadingDimension(BlasLayout.encode(m, n, cRs, cCs));
            blas.sgemm(BlasLayout.trans(la), BlasLayout.trans(lb), m, n, k, alpha, a, aOff, lda, b, bOff, ldb, beta,
                    c, cOff, ldc);
        }
    }

    /** netlib's bounds rule for a matrix argument: {@code off + storedCols·ld - 1 < length}. */
    private static boolean covers(int length, int off, int storedCols, int code) {
        return (long) off + (long) storedCols * BlasLayout.leadingDimension(code) <= length;
    }

    private static void copy(int rows, int cols, float[] src, int off, int rs, int cs, float[] dst) {
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                dst[i + j * rows] = src[off + i * rs + j * cs];
            }
        }
    }
}
