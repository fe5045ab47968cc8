package org.ferrite.cpu.internal.simd;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API loops of {@link SmallProducts} on {@code double[]} storage: runs of small products
 * {@code C_q = alpha·A_q·B_q + beta·C_q}, vectorised down the columns or across the batch, every
 * element's sum in order of {@code p} from zero with one fused multiply-add per step and scaled once —
 * the same operations, in the same order, as the scalar tiny loops' register blocks, so the two agree
 * bit for bit where those blocks run. Thread-safe (stateless; no instances).
 *
 * <p>Vectors of 256 bits ({@link #LANES} lanes), which {@link Simd} guarantees the hardware has: wide
 * enough for 8×8 products and batches of 8, and on AVX-512 machines as fast per element as 512-bit
 * vectors for operands this small. No masked operation (JDK 17 runs masked stores lane by lane): rows
 * (columns form) or positions (across the batch) beyond the last whole vector go through the scalar
 * loop of this class, which computes the same sums.
 */
final class BatchDoubleVectors {
    private static final VectorSpecies<Double> S = DoubleVector.SPECIES_256;
    /** Lanes per vector. */
    static final int LANES = S.length();

    private BatchDoubleVectors() {
    }

    /** {@link SmallProducts#columnsF64}. */
    static void columns(int count, int m, int n, int k, double alpha, double[] a, int aOff, int aCs, int aStep,
            double[] b, int bOff, int bRs, int bCs, int bStep, double beta, double[] c, int cOff, int cCs,
            int cStep) {
        int whole = m - m % LANES;
        for (int q = 0; q < count; q++) {
            int ao = aOff + q * aStep;
            int bo = bOff + q * bStep;
            int co = cOff + q * cStep;
            int j = 0;
            for (; j + 4 <= n; j += 4) {
                for (int i = 0; i < whole; i += LANES) {
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

    /** Four columns of {@code C}, one vector of rows each: per step one load of {@code A}, four broadcasts. */
    private static void columns1x4(int k, double alpha, double[] a, int ao, int aCs, double[] b, int bo, int bRs,
            int bCs, double beta, double[] c, int co, int cCs) {
        DoubleVector c0 = DoubleVector.zero(S);
        DoubleVector c1 = c0;
        DoubleVector c2 = c0;
        DoubleVector c3 = c0;
        for (int p = 0; p < k; p++) {
            DoubleVector ap = DoubleVector.fromArray(S, a, ao + p * aCs);
            int bp = bo + p * bRs;
            c0 = ap.fma(DoubleVector.broadcast(S, b[bp]), c0);
            c1 = ap.fma(DoubleVector.broadcast(S, b[bp + bCs]), c1);
            c2 = ap.fma(DoubleVector.broadcast(S, b[bp + 2 * bCs]), c2);
            c3 = ap.fma(DoubleVector.broadcast(S, b[bp + 3 * bCs]), c3);
        }
        store(c0, alpha, beta, c, co);
        store(c1, alpha, beta, c, co + cCs);
        store(c2, alpha, beta, c, co + 2 * cCs);
        store(c3, alpha, beta, c, co + 3 * cCs);
    }

    private static void columns1x1(int k, double alpha, double[] a, int ao, int aCs, double[] b, int bo, int bRs,
            double beta, double[] c, int co) {
        DoubleVector c0 = DoubleVector.zero(S);
        for (int p = 0; p < k; p++) {
            c0 = DoubleVector.fromArray(S, a, ao + p * aCs).fma(DoubleVector.broadcast(S, b[bo + p * bRs]), c0);
        }
        store(c0, alpha, beta, c, co);
    }

    /** {@link SmallProducts#acrossBatchF64}. */
    static void acrossBatch(int count, int m, int n, int k, double alpha, double[] a, int aOff, int aRs, int aCs,
            double[] b, int bOff, int bRs, int bCs, double beta, double[] c, int cOff, int cRs, int cCs) {
        int whole = count - count % LANES;
        for (int q = 0; q < whole; q += LANES) {
            for (int i = 0; i < m; i++) {
                int ai = aOff + q + i * aRs;
                int ci = cOff + q + i * cRs;
                int j = 0;
                for (; j + 4 <= n; j += 4) {
                    across1x4(k, alpha, a, ai, aCs, b, bOff + q + j * bCs, bRs, bCs, beta, c, ci + j * cCs, cCs);
                }
                for (; j < n; j++) {
                    across1x1(k, alpha, a, ai, aCs, b, bOff + q + j * bCs, bRs, beta, c, ci + j * cCs);
                }
            }
        }
        for (int q = whole; q < count; q++) {
            product(m, n, k, alpha, a, aOff + q, aRs, aCs, b, bOff + q, bRs, bCs, beta, c, cOff + q, cRs, cCs);
        }
    }

    /** One row, four columns of {@code C}, each a vector of positions: five loads per four steps. */
    private static void across1x4(int k, double alpha, double[] a, int ao, int aCs, double[] b, int bo, int bRs,
            int bCs, double beta, double[] c, int co, int cCs) {
        DoubleVector c0 = DoubleVector.zero(S);
        DoubleVector c1 = c0;
        DoubleVector c2 = c0;
        DoubleVector c3 = c0;
        for (int p = 0; p < k; p++) {
            DoubleVector ap = DoubleVector.fromArray(S, a, ao + p * aCs);
            int bp = bo + p * bRs;
            c0 = ap.fma(DoubleVector.fromArray(S, b, bp), c0);
            c1 = ap.fma(DoubleVector.fromArray(S, b, bp + bCs), c1);
            c2 = ap.fma(DoubleVector.fromArray(S, b, bp + 2 * bCs), c2);
            c3 = ap.fma(DoubleVector.fromArray(S, b, bp + 3 * bCs), c3);
        }
        store(c0, alpha, beta, c, co);
        store(c1, alpha, beta, c, co + cCs);
        store(c2, alpha, beta, c, co + 2 * cCs);
        store(c3, alpha, beta, c, co + 3 * cCs);
    }

    private static void across1x1(int k, double alpha, double[] a, int ao, int aCs, double[] b, int bo, int bRs,
            double beta, double[] c, int co) {
        DoubleVector c0 = DoubleVector.zero(S);
        for (int p = 0; p < k; p++) {
            c0 = DoubleVector.fromArray(S, a, ao + p * aCs).fma(DoubleVector.fromArray(S, b, bo + p * bRs), c0);
        }
        store(c0, alpha, beta, c, co);
    }

    /** {@code C[lanes] = alpha·s} when {@code beta == 0} (C not read), else {@code fma(alpha, s, beta·C)}. */
    private static void store(DoubleVector s, double alpha, double beta, double[] c, int co) {
        if (beta == 0) {
            s.mul(alpha).intoArray(c, co);
        } else {
            s.fma(DoubleVector.broadcast(S, alpha), DoubleVector.fromArray(S, c, co).mul(beta)).intoArray(c, co);
        }
    }

    /** The same sums one element at a time, any strides: the rows or positions past the last vector. */
    static void product(int m, int n, int k, double alpha, double[] a, int aOff, int aRs, int aCs, double[] b,
            int bOff, int bRs, int bCs, double beta, double[] c, int cOff, int cRs, int cCs) {
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < m; i++) {
                double s = 0;
                for (int p = 0; p < k; p++) {
                    s = Math.fma(a[aOff + i * aRs + p * aCs], b[bOff + p * bRs + j * bCs], s);
                }
                int e = cOff + i * cRs + j * cCs;
                c[e] = beta == 0 ? alpha * s : Math.fma(alpha, s, beta * c[e]);
            }
        }
    }
}
