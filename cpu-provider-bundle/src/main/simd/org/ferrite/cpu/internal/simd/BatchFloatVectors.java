// GENERATED from cpu-provider-bundle/src/main/simd/org/ferrite/cpu/internal/simd/BatchDoubleVectors.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
package org.ferrite.cpu.internal.simd;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API loops of {@link SmallProducts} on {@code float[]} storage: runs of small products
 * {@code C_q = alpha·A_q·B_q + beta·C_q}, vectorised down the columns or across the batch, every
 * element's sum in order of {@code p} from zero with one fused multiply-add per step and scaled once —
 * the same operations, in the same order, as the scalar tiny loops' register blocks, so the two agree
 * bit for bit where those blocks run. Thread-safe (stateless; no instances).
 *
 * <p>Vectors of the preferred shape ({@link #LANES} lanes; at least 256 bits, which {@link Simd}
 * requires), the same species as every other vector kernel of the provider, so that the JDK's shared
 * vector methods see one vector class per element type (a second shape in the same JVM pollutes their
 * type profiles and C2 then fails to intrinsify them: measured several times slower). No masked
 * operation (JDK 17 runs masked stores lane by lane): rows (columns form) or positions (across the
 * batch) beyond the last whole vector go through {@link #product}, which computes the same sums.
 */
final class BatchFloatVectors {
    private static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;
    /** Lanes per vector. */
    static final int LANES = S.length();

    private BatchFloatVectors() {
    }

    /** {@link SmallProducts#columnsF32}. */
    static void columns(int count, int m, int n, int k, float alpha, float[] a, int aOff, int aCs, int aStep,
            float[] b, int bOff, int bRs, int bCs, int bStep, float beta, float[] c, int cOff, int cCs,
            int cStep) {
        int whole = m - m % LANES;
        for (int q = 0; q < count; q++) {
            int ao = aOff + q * aStep;
            int bo = bOff + q * bStep;
            int co = cOff + q * cStep;
            int j = 0;
            for (; j + 4 <= n; j += 4) {
                int i = 0;
                for (; i + 2 * LANES <= whole; i += 2 * LANES) {
                    columns2x4(k, alpha, a, ao + i, aCs, b, bo + j * bCs, bRs, bCs, beta, c, co + i + j * cCs, cCs);
                }
                if (i < whole) {
                    columns1x4(k, alpha, a, ao + i, aCs, b, bo + j * bCs, bRs, bCs, beta, c, co + i + j * cCs, cCs);
                }
            }
            for (; j < n; j++) {
                for (int i = 0; i < whole; i += LANES) {
                    columns1x1(k, alpha, a, ao + i, aCs, b, bo + j * bCs, bRs, beta, c, co + i + j * cCs);
                }
            }
            if (whole < m) {
                product(m - whole, n, k, alpha, a, ao + whole, 1, aCs, b, bo, bRs, bCs, beta, c, co + whole, 1, cCs);
            }
        }
    }

    /**
     * Four columns of {@code C}, two vectors of rows each: per step two loads of {@code A} and four
     * broadcasts of {@code B} serve eight fused multiply-adds.
     */
    private static void columns2x4(int k, float alpha, float[] a, int ao, int aCs, float[] b, int bo, int bRs,
            int bCs, float beta, float[] c, int co, int cCs) {
        FloatVector c00 = FloatVector.zero(S);
        FloatVector c01 = c00;
        FloatVector c02 = c00;
        FloatVector c03 = c00;
        FloatVector c10 = c00;
        FloatVector c11 = c00;
        FloatVector c12 = c00;
        FloatVector c13 = c00;
        for (int p = 0; p < k; p++) {
            int ap = ao + p * aCs;
            FloatVector a0 = FloatVector.fromArray(S, a, ap);
            FloatVector a1 = FloatVector.fromArray(S, a, ap + LANES);
            int bp = bo + p * bRs;
            FloatVector b0 = FloatVector.broadcast(S, b[bp]);
            FloatVector b1 = FloatVector.broadcast(S, b[bp + bCs]);
            FloatVector b2 = FloatVector.broadcast(S, b[bp + 2 * bCs]);
            FloatVector b3 = FloatVector.broadcast(S, b[bp + 3 * bCs]);
            c00 = a0.fma(b0, c00);
            c10 = a1.fma(b0, c10);
            c01 = a0.fma(b1, c01);
            c11 = a1.fma(b1, c11);
            c02 = a0.fma(b2, c02);
            c12 = a1.fma(b2, c12);
            c03 = a0.fma(b3, c03);
            c13 = a1.fma(b3, c13);
        }
        store(c00, alpha, beta, c, co);
        store(c10, alpha, beta, c, co + LANES);
        store(c01, alpha, beta, c, co + cCs);
        store(c11, alpha, beta, c, co + cCs + LANES);
        store(c02, alpha, beta, c, co + 2 * cCs);
        store(c12, alpha, beta, c, co + 2 * cCs + LANES);
        store(c03, alpha, beta, c, co + 3 * cCs);
        store(c13, alpha, beta, c, co + 3 * cCs + LANES);
    }

    /** Four columns of {@code C}, one vector of rows each: per step one load of {@code A}, four broadcasts. */
    private static void columns1x4(int k, float alpha, float[] a, int ao, int aCs, float[] b, int bo, int bRs,
            int bCs, float beta, float[] c, int co, int cCs) {
        FloatVector c0 = FloatVector.zero(S);
        FloatVector c1 = c0;
        FloatVector c2 = c0;
        FloatVector c3 = c0;
        for (int p = 0; p < k; p++) {
            FloatVector ap = FloatVector.fromArray(S, a, ao + p * aCs);
            int bp = bo + p * bRs;
            c0 = ap.fma(FloatVector.broadcast(S, b[bp]), c0);
            c1 = ap.fma(FloatVector.broadcast(S, b[bp + bCs]), c1);
            c2 = ap.fma(FloatVector.broadcast(S, b[bp + 2 * bCs]), c2);
            c3 = ap.fma(FloatVector.broadcast(S, b[bp + 3 * bCs]), c3);
        }
        store(c0, alpha, beta, c, co);
        store(c1, alpha, beta, c, co + cCs);
        store(c2, alpha, beta, c, co + 2 * cCs);
        store(c3, alpha, beta, c, co + 3 * cCs);
    }

    private static void columns1x1(int k, float alpha, float[] a, int ao, int aCs, float[] b, int bo, int bRs,
            float beta, float[] c, int co) {
        FloatVector c0 = FloatVector.zero(S);
        for (int p = 0; p < k; p++) {
            c0 = FloatVector.fromArray(S, a, ao + p * aCs).fma(FloatVector.broadcast(S, b[bo + p * bRs]), c0);
        }
        store(c0, alpha, beta, c, co);
    }

    /** {@link SmallProducts#acrossBatchF32}. */
    static void acrossBatch(int count, int m, int n, int k, float alpha, float[] a, int aOff, int aRs, int aCs,
            float[] b, int bOff, int bRs, int bCs, float beta, float[] c, int cOff, int cRs, int cCs) {
        int whole = count - count % LANES;
        for (int q = 0; q < whole; q += LANES) {
            int j = 0;
            for (; j + 4 <= n; j += 4) {
                int bj = bOff + q + j * bCs;
                int i = 0;
                for (; i + 2 <= m; i += 2) {
                    across2x4(k, alpha, a, aOff + q + i * aRs, aRs, aCs, b, bj, bRs, bCs, beta, c,
                            cOff + q + i * cRs + j * cCs, cRs, cCs);
                }
                if (i < m) {
                    across1x4(k, alpha, a, aOff + q + i * aRs, aCs, b, bj, bRs, bCs, beta, c, cOff + q + i * cRs
                            + j * cCs, cCs);
                }
            }
            for (; j < n; j++) {
                for (int i = 0; i < m; i++) {
                    across1x1(k, alpha, a, aOff + q + i * aRs, aCs, b, bOff + q + j * bCs, bRs, beta, c,
                            cOff + q + i * cRs + j * cCs);
                }
            }
        }
        for (int q = whole; q < count; q++) {
            product(m, n, k, alpha, a, aOff + q, aRs, aCs, b, bOff + q, bRs, bCs, beta, c, cOff + q, cRs, cCs);
        }
    }

    /**
     * Two rows, four columns of {@code C}, each a vector of positions: per step two loads of {@code A}
     * and four of {@code B} serve eight fused multiply-adds.
     */
    private static void across2x4(int k, float alpha, float[] a, int ao, int aRs, int aCs, float[] b, int bo,
            int bRs, int bCs, float beta, float[] c, int co, int cRs, int cCs) {
        FloatVector c00 = FloatVector.zero(S);
        FloatVector c01 = c00;
        FloatVector c02 = c00;
        FloatVector c03 = c00;
        FloatVector c10 = c00;
        FloatVector c11 = c00;
        FloatVector c12 = c00;
        FloatVector c13 = c00;
        for (int p = 0; p < k; p++) {
            int ap = ao + p * aCs;
            FloatVector a0 = FloatVector.fromArray(S, a, ap);
            FloatVector a1 = FloatVector.fromArray(S, a, ap + aRs);
            int bp = bo + p * bRs;
            FloatVector b0 = FloatVector.fromArray(S, b, bp);
            FloatVector b1 = FloatVector.fromArray(S, b, bp + bCs);
            FloatVector b2 = FloatVector.fromArray(S, b, bp + 2 * bCs);
            FloatVector b3 = FloatVector.fromArray(S, b, bp + 3 * bCs);
            c00 = a0.fma(b0, c00);
            c10 = a1.fma(b0, c10);
            c01 = a0.fma(b1, c01);
            c11 = a1.fma(b1, c11);
            c02 = a0.fma(b2, c02);
            c12 = a1.fma(b2, c12);
            c03 = a0.fma(b3, c03);
            c13 = a1.fma(b3, c13);
        }
        store(c00, alpha, beta, c, co);
        store(c10, alpha, beta, c, co + cRs);
        store(c01, alpha, beta, c, co + cCs);
        store(c11, alpha, beta, c, co + cRs + cCs);
        store(c02, alpha, beta, c, co + 2 * cCs);
        store(c12, alpha, beta, c, co + cRs + 2 * cCs);
        store(c03, alpha, beta, c, co + 3 * cCs);
        store(c13, alpha, beta, c, co + cRs + 3 * cCs);
    }

    /** One row, four columns of {@code C}, each a vector of positions: five loads per four steps. */
    private static void across1x4(int k, float alpha, float[] a, int ao, int aCs, float[] b, int bo, int bRs,
            int bCs, float beta, float[] c, int co, int cCs) {
        FloatVector c0 = FloatVector.zero(S);
        FloatVector c1 = c0;
        FloatVector c2 = c0;
        FloatVector c3 = c0;
        for (int p = 0; p < k; p++) {
            FloatVector ap = FloatVector.fromArray(S, a, ao + p * aCs);
            int bp = bo + p * bRs;
            c0 = ap.fma(FloatVector.fromArray(S, b, bp), c0);
            c1 = ap.fma(FloatVector.fromArray(S, b, bp + bCs), c1);
            c2 = ap.fma(FloatVector.fromArray(S, b, bp + 2 * bCs), c2);
            c3 = ap.fma(FloatVector.fromArray(S, b, bp + 3 * bCs), c3);
        }
        store(c0, alpha, beta, c, co);
        store(c1, alpha, beta, c, co + cCs);
        store(c2, alpha, beta, c, co + 2 * cCs);
        store(c3, alpha, beta, c, co + 3 * cCs);
    }

    private static void across1x1(int k, float alpha, float[] a, int ao, int aCs, float[] b, int bo, int bRs,
            float beta, float[] c, int co) {
        FloatVector c0 = FloatVector.zero(S);
        for (int p = 0; p < k; p++) {
            c0 = FloatVector.fromArray(S, a, ao + p * aCs).fma(FloatVector.fromArray(S, b, bo + p * bRs), c0);
        }
        store(c0, alpha, beta, c, co);
    }

    /** {@code C[lanes] = alpha·s} when {@code beta == 0} (C not read), else {@code fma(alpha, s, beta·C)}. */
    private static void store(FloatVector s, float alpha, float beta, float[] c, int co) {
        if (beta == 0) {
            s.mul(alpha).intoArray(c, co);
        } else {
            s.fma(FloatVector.broadcast(S, alpha), FloatVector.fromArray(S, c, co).mul(beta)).intoArray(c, co);
        }
    }

    /** The same sums one element at a time, any strides: the rows or positions past the last vector. */
    static void product(int m, int n, int k, float alpha, float[] a, int aOff, int aRs, int aCs, float[] b,
            int bOff, int bRs, int bCs, float beta, float[] c, int cOff, int cRs, int cCs) {
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < m; i++) {
                float s = 0;
                for (int p = 0; p < k; p++) {
                    s = Math.fma(a[aOff + i * aRs + p * aCs], b[bOff + p * bRs + j * bCs], s);
                }
                int e = cOff + i * cRs + j * cCs;
                c[e] = beta == 0 ? alpha * s : Math.fma(alpha, s, beta * c[e]);
            }
        }
    }
}
