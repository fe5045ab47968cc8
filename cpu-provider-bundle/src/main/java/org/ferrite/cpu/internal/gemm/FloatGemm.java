// GENERATED from cpu-provider-bundle/src/main/java/org/ferrite/cpu/internal/gemm/DoubleGemm.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
package org.ferrite.cpu.internal.gemm;

import org.ferrite.cpu.internal.worker.ParallelRunner;

/**
 * Real matrix product {@code C = alpha·A·B + beta·C} on {@code float[]} strided matrices, on a chosen
 * {@link GemmTier}, split over columns of {@code C} when the session's thread budget allows.
 *
 * <p>Conventions (BLAS): {@code m, n, k >= 0}; with {@code beta == 0} the old {@code C} is not read
 * (NaN there does not propagate); with {@code alpha == 0} or {@code k == 0}, {@code A} and {@code B}
 * are not read and {@code C = beta·C}. {@code C} must not overlap {@code A} or {@code B} and must be
 * writable (distinct elements at distinct slots). For {@link GemmTier#NATIVE} the caller guarantees the
 * layouts of {@link FloatNativeGemm}. Thread-safe (stateless; no instances, no resources of its own);
 * {@code resources} are the caller's.
 */
public final class FloatGemm {
    /** Multiply-adds below which a product is never split between tasks. */
    static final long PARALLEL_MIN_WORK = 1L << 18;
    /** Columns below which a task is not worth starting. */
    static final int PARALLEL_MIN_COLUMNS = 16;

    private FloatGemm() {
    }

    /**
     * @param tier the kernel family
     * @param m rows of {@code A} and {@code C}
     * @param n columns of {@code B} and {@code C}
     * @param k columns of {@code A}, rows of {@code B}
     * @param alpha scale of the product
     * @param a storage of {@code A}; {@code A[i, p] = a[aOff + i·aRs + p·aCs]}
     * @param aOff offset of {@code A[0, 0]}
     * @param aRs row stride of {@code A}
     * @param aCs column stride of {@code A}
     * @param b storage of {@code B}
     * @param bOff offset of {@code B[0, 0]}
     * @param bRs row stride of {@code B}
     * @param bCs column stride of {@code B}
     * @param beta scale of the old {@code C}
     * @param c storage of {@code C}, written
     * @param cOff offset of {@code C[0, 0]}
     * @param cRs row stride of {@code C}
     * @param cCs column stride of {@code C}
     * @param resources the session's workspaces
     * @param parallel the session's worker share
     */
    public static void multiply(GemmTier tier, int m, int n, int k, float alpha, float[] a, int aOff, int aRs,
            int aCs, float[] b, int bOff, int bRs, int bCs, float beta, float[] c, int cOff, int cRs, int cCs,
            FloatGemmResources resources, ParallelRunner parallel) {
        if (m == 0 || n == 0) {
            return;
        }
        if (k == 0 || alpha == 0) {
            scale(m, n, beta, c, cOff, cRs, cCs);
            return;
        }
        if (tier == GemmTier.TINY) {
            FloatTinyGemm.multiply(m, n, k, alpha, a, aOff, aRs, aCs, b, bOff, bRs, bCs, beta, c, cOff, cRs, cCs);
            return;
        }
        int tasks = tasks((long) m * n * k, n, parallel.parallelism());
        if (tasks <= 1) {
            columns(tier, m, n, k, alpha, a, aOff, aRs, aCs, b, bOff, bRs, bCs, beta, c, cOff, cRs, cCs,
                    resources.workspace(0));
            return;
        }
        resources.workspace(tasks - 1); // creates every task's workspace here: tasks only read the array
        FloatGemmJob job = resources.job();
        job.arm(tier, tasks, m, n, k, alpha, a, aOff, aRs, aCs, b, bOff, bRs, bCs, beta, c, cOff, cRs, cCs);
        try {
            parallel.run(tasks, job);
        } finally {
            job.disarm();
        }
    }

    static int tasks(long work, int n, int parallelism) {
        if (parallelism <= 1 || work < PARALLEL_MIN_WORK) {
            return 1;
        }
        long byWork = work / PARALLEL_MIN_WORK;
        int byColumns = Math.max(1, n / PARALLEL_MIN_COLUMNS);
        return (int) Math.min(Math.min(parallelism, byWork), byColumns);
    }

    static void columns(GemmTier tier, int m, int n, int k, float alpha, float[] a, int aOff, int aRs, int aCs,
            float[] b, int bOff, int bRs, int bCs, float beta, float[] c, int cOff, int cRs, int cCs,
            FloatGemmWorkspace ws) {
        if (tier == GemmTier.NATIVE) {
            FloatNativeGemm.multiply(NativeBlas.get().blas(), m, n, k, alpha, a, aOff, aRs, aCs, b, bOff, bRs, bCs,
                    beta, c, cOff, cRs, cCs, ws);
        } else if (FloatPanelGemm.available()) {
            FloatPanelGemm.multiply(m, n, k, alpha, a, aOff, aRs, aCs, b, bOff, bRs, bCs, beta, c, cOff, cRs, cCs,
                    ws);
        } else {
            FloatBlockedGemm.multiply(m, n, k, alpha, a, aOff, aRs, aCs, b, bOff, bRs, bCs, beta, c, cOff, cRs, cCs,
                    ws);
        }
    }

    /**
     * {@code C = beta·C} on an {@code m × n} strided matrix; with {@code beta == 0}, {@code C = 0}
     * without reading it.
     *
     * @param m rows
     * @param n columns
     * @param beta the scale
     * @param c storage
     * @param cOff offset of {@code C[0, 0]}
     * @param cRs row stride
     * @param cCs column stride
     */
    public static void scale(int m, int n, float beta, float[] c, int cOff, int cRs, int cCs) {
        if (beta == 1) {
            return;
        }
        for (int j = 0; j < n; j++) {
            int cj = cOff + j * cCs;
            for (int i = 0; i < m; i++) {
                int ci = cj + i * cRs;
                c[ci] = beta == 0 ? 0 : beta * c[ci];
            }
        }
    }
}
