package org.ferrite.cpu.internal.gemm;

import org.ferrite.cpu.GemmRoute;

/**
 * The kernel family one matrix product runs on, chosen once per contraction plan from the backend's
 * {@link GemmRoute}, the problem size and whether native BLAS is loadable. Thread-safe (an enum).
 */
public enum GemmTier {
    /**
     * Strided dot-product loops with no setup: the 2×2·2×1 case costs a few nanoseconds. Also every
     * matrix–vector product ({@code m == 1} or {@code n == 1}) that does not go native: each element of
     * the matrix is used once, so packing it cannot repay itself (measured at n = 48–256, column- and
     * row-major: the tiny loops take 0.3–0.8× the blocked kernel's time). A single matrix–vector product
     * of at least four rows whose matrix has a unit stride runs on {@link DoubleMatVec} (sixteen
     * independent accumulator chains): n×n·n×1 column-major F64 on the kernels alone, in two JMH runs
     * (load 1.5–3.3), took 81 / 298 / 487 / 612 / 998 ns at n = 16 / 32 / 40 / 48 / 56 against native
     * {@code dgemv}'s 216 / 337 / 363 / 362 / 485 ns — hence {@link #MATVEC_NATIVE_MIN}.
     */
    TINY,
    /**
     * The cache-blocked pure-Java kernel: packed panels and column accumulators C2 vectorises, or a
     * register-blocked Vector API micro-kernel when {@code jdk.incubator.vector} is present (the same
     * bits either way).
     */
    BLOCKED,
    /** {@code ?gemm}/{@code ?gemv} of the system BLAS through JNI. */
    NATIVE;

    /**
     * Products with at most this many multiply-adds ({@code m·n·k}) run on {@link #TINY} under the
     * {@code AUTO} and {@code JAVA} routes: below it, packing costs more than it saves.
     */
    public static final long TINY_LIMIT = 2048;

    /**
     * Under {@code AUTO}, products with at least this many multiply-adds go to native BLAS when it is
     * loadable: above it, the JNI transition (about 0.1 µs) is repaid by the faster kernel.
     */
    public static final long NATIVE_MIN = 4096;

    /**
     * Under {@code AUTO}, matrix–vector products ({@code m == 1} or {@code n == 1}) with at least this many
     * multiply-adds go to native BLAS when it is loadable: {@code dgemv}'s vector kernel repays its JNI
     * transition sooner than a packed product does, between n = 32 (the tiny kernel 0.89× its time) and
     * n = 40 (native 0.74× the tiny kernel's) for square matrices, see {@link #TINY}.
     */
    public static final long MATVEC_NATIVE_MIN = 1280;

    /**
     * @param route the configured route
     * @param m rows of the product
     * @param n columns of the product
     * @param k inner dimension
     * @param nativeAvailable whether native BLAS is loadable
     * @return the tier to use
     */
    public static GemmTier choose(GemmRoute route, long m, long n, long k, boolean nativeAvailable) {
        long work = m * n * k;
        if (route == GemmRoute.NATIVE && nativeAvailable) {
            return NATIVE;
        }
        boolean matVec = m == 1 || n == 1;
        boolean toNative = route == GemmRoute.AUTO && nativeAvailable
                && work >= (matVec ? MATVEC_NATIVE_MIN : NATIVE_MIN);
        if (!toNative && (work <= TINY_LIMIT || matVec)) {
            return TINY;
        }
        return toNative ? NATIVE : BLOCKED;
    }
}
