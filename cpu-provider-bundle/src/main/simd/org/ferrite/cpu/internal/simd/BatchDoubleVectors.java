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
 * <p>Vectors of the preferred shape ({@link #LANES} lanes; at least 256 bits, which {@link Simd}
 * requires), the same species as every other vector kernel of the provider, so that the JDK's shared
 * vector methods see one vector class per element type (a second shape in the same JVM pollutes their
 * type profiles and C2 then fails to intrinsify them: measured several times slower). No masked
 * operation (JDK 17 runs masked stores lane by lane): rows (columns form) or positions (across the
 * batch) beyond the last whole vector go through {@link #product}, which computes the same sums.
 */
final class BatchDoubleVectors {
    private static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;
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
    private static void columns2x4(int k, double alpha, double[] a, int ao, int aCs, double[] b, int bo, int bRs,
            int bCs, double beta, double[] c, int co, int cCs) {
        DoubleVector c00 = DoubleVector.zero(S);
        DoubleVector c01 = c00;
        DoubleVector c02 = c00;
        DoubleVector c03 = c00;
        DoubleVector c10 = c00;
        DoubleVector c11 = c00;
        DoubleVector c12 = c00;
        DoubleVector c13 = c00;
        for (int p = 0; p < k; p++) {
            int ap = ao + p * aCs;
            DoubleVector a0 = DoubleVector.fromArray(S, a, ap);
            DoubleVector a1 = DoubleVector.fromArray(S, a, ap + LANES);
            int bp = bo + p * bRs;
            DoubleVector b0 = DoubleVector.broadcast(S, b[bp]);
            DoubleVector b1 = DoubleVector.broadcast(S, b[bp + bCs]);
            DoubleVector b2 = DoubleVector.broadcast(S, b[bp + 2 * bCs]);
            DoubleVector b3 = DoubleVector.broadcast(S, b[bp + 3 * bCs]);
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

    /**
     * {@link SmallProducts#matVecColumnsF64}. Rows past the last whole vector run in the vector of the last
     * {@link #LANES} rows, which overlaps the last whole vector; both are computed in one block
     * ({@link #matVecEnd}) that reads the old {@code y} under that vector before storing anything, so
     * the overlapped rows are stored twice with the same bits. The other whole vectors go four at a time
     * (four independent chains of fused multiply-adds, one broadcast of {@code x[p]} for all of them),
     * then two, then one. Fewer rows than one vector (never chosen by a plan:
     * {@link SmallVectorProducts#matVecColumnsPay}) run through {@link #product}, which takes the same sums.
     *
     * <p>The blocks store their vectors themselves rather than through {@link #store}: a held
     * {@code dotGeneralInto} reaches them about fifteen calls deep, past C2's inlining depth, and a
     * vector passed to a method that is not inlined is boxed — an allocation per call.
     */
    static void matVecColumns(int rows, int k, double alpha, double[] a, int aOff, int aCs, double[] x, int xOff,
            int xInc, double beta, double[] y, int yOff) {
        if (rows < LANES) {
            product(rows, 1, k, alpha, a, aOff, 1, aCs, x, xOff, xInc, 0, beta, y, yOff, 1, 0);
            return;
        }
        int whole = rows - rows % LANES;
        int end = whole;
        if (whole < rows) {
            int count = Math.min(3, whole / LANES);
            end = whole - count * LANES;
            matVecEnd(k, alpha, a, aOff, aCs, x, xOff, xInc, beta, y, yOff, end, count, rows - LANES);
        }
        int i = 0;
        for (; i + 4 * LANES <= end; i += 4 * LANES) {
            matVec4(k, alpha, a, aOff + i, aCs, x, xOff, xInc, beta, y, yOff + i);
        }
        for (; i < end; i += LANES) {
            int left = (end - i) / LANES;
            if (left >= 2) {
                matVec2(k, alpha, a, aOff + i, aCs, x, xOff, xInc, beta, y, yOff + i);
                i += LANES;
            } else {
                matVec1(k, alpha, a, aOff + i, aCs, x, xOff, xInc, beta, y, yOff + i);
            }
        }
    }

    /**
     * The last {@code count} (1 to 3) whole vectors of rows from row {@code first}, and the vector of the
     * last rows from row {@code last} (overlapping them), as four chains; unused chains repeat the last
     * whole vector and are not stored.
     */
    private static void matVecEnd(int k, double alpha, double[] a, int aOff, int aCs, double[] x, int xOff,
            int xInc, double beta, double[] y, int yOff, int first, int count, int last) {
        int r1 = first + Math.min(1, count - 1) * LANES;
        int r2 = first + Math.min(2, count - 1) * LANES;
        DoubleVector s0 = DoubleVector.zero(S);
        DoubleVector s1 = s0;
        DoubleVector s2 = s0;
        DoubleVector s3 = s0;
        for (int p = 0; p < k; p++) {
            int ap = aOff + p * aCs;
            DoubleVector xp = DoubleVector.broadcast(S, x[xOff + p * xInc]);
            s0 = DoubleVector.fromArray(S, a, ap + first).fma(xp, s0);
            s1 = DoubleVector.fromArray(S, a, ap + r1).fma(xp, s1);
            s2 = DoubleVector.fromArray(S, a, ap + r2).fma(xp, s2);
            s3 = DoubleVector.fromArray(S, a, ap + last).fma(xp, s3);
        }
        if (beta == 0) {
            s0.mul(alpha).intoArray(y, yOff + first);
            if (count > 1) {
                s1.mul(alpha).intoArray(y, yOff + r1);
            }
            if (count > 2) {
                s2.mul(alpha).intoArray(y, yOff + r2);
            }
            s3.mul(alpha).intoArray(y, yOff + last);
            return;
        }
        DoubleVector va = DoubleVector.broadcast(S, alpha);
        DoubleVector old = DoubleVector.fromArray(S, y, yOff + last); // before the overlapped rows are stored
        s0.fma(va, DoubleVector.fromArray(S, y, yOff + first).mul(beta)).intoArray(y, yOff + first);
        if (count > 1) {
            s1.fma(va, DoubleVector.fromArray(S, y, yOff + r1).mul(beta)).intoArray(y, yOff + r1);
        }
        if (count > 2) {
            s2.fma(va, DoubleVector.fromArray(S, y, yOff + r2).mul(beta)).intoArray(y, yOff + r2);
        }
        s3.fma(va, old.mul(beta)).intoArray(y, yOff + last);
    }

    /** Four whole vectors of rows from {@code a[ao]}: four independent chains. */
    private static void matVec4(int k, double alpha, double[] a, int ao, int aCs, double[] x, int xo, int xInc,
            double beta, double[] y, int yo) {
        DoubleVector s0 = DoubleVector.zero(S);
        DoubleVector s1 = s0;
        DoubleVector s2 = s0;
        DoubleVector s3 = s0;
        for (int p = 0; p < k; p++) {
            int ap = ao + p * aCs;
            DoubleVector xp = DoubleVector.broadcast(S, x[xo + p * xInc]);
            s0 = DoubleVector.fromArray(S, a, ap).fma(xp, s0);
            s1 = DoubleVector.fromArray(S, a, ap + LANES).fma(xp, s1);
            s2 = DoubleVector.fromArray(S, a, ap + 2 * LANES).fma(xp, s2);
            s3 = DoubleVector.fromArray(S, a, ap + 3 * LANES).fma(xp, s3);
        }
        if (beta == 0) {
            s0.mul(alpha).intoArray(y, yo);
            s1.mul(alpha).intoArray(y, yo + LANES);
            s2.mul(alpha).intoArray(y, yo + 2 * LANES);
            s3.mul(alpha).intoArray(y, yo + 3 * LANES);
            return;
        }
        DoubleVector va = DoubleVector.broadcast(S, alpha);
        s0.fma(va, DoubleVector.fromArray(S, y, yo).mul(beta)).intoArray(y, yo);
        s1.fma(va, DoubleVector.fromArray(S, y, yo + LANES).mul(beta)).intoArray(y, yo + LANES);
        s2.fma(va, DoubleVector.fromArray(S, y, yo + 2 * LANES).mul(beta)).intoArray(y, yo + 2 * LANES);
        s3.fma(va, DoubleVector.fromArray(S, y, yo + 3 * LANES).mul(beta)).intoArray(y, yo + 3 * LANES);
    }

    /** Two whole vectors of rows: two independent chains. */
    private static void matVec2(int k, double alpha, double[] a, int ao, int aCs, double[] x, int xo, int xInc,
            double beta, double[] y, int yo) {
        DoubleVector s0 = DoubleVector.zero(S);
        DoubleVector s1 = s0;
        for (int p = 0; p < k; p++) {
            int ap = ao + p * aCs;
            DoubleVector xp = DoubleVector.broadcast(S, x[xo + p * xInc]);
            s0 = DoubleVector.fromArray(S, a, ap).fma(xp, s0);
            s1 = DoubleVector.fromArray(S, a, ap + LANES).fma(xp, s1);
        }
        if (beta == 0) {
            s0.mul(alpha).intoArray(y, yo);
            s1.mul(alpha).intoArray(y, yo + LANES);
            return;
        }
        DoubleVector va = DoubleVector.broadcast(S, alpha);
        s0.fma(va, DoubleVector.fromArray(S, y, yo).mul(beta)).intoArray(y, yo);
        s1.fma(va, DoubleVector.fromArray(S, y, yo + LANES).mul(beta)).intoArray(y, yo + LANES);
    }

    /** One whole vector of rows. */
    private static void matVec1(int k, double alpha, double[] a, int ao, int aCs, double[] x, int xo, int xInc,
            double beta, double[] y, int yo) {
        DoubleVector s0 = DoubleVector.zero(S);
        for (int p = 0; p < k; p++) {
            s0 = DoubleVector.fromArray(S, a, ao + p * aCs).fma(DoubleVector.broadcast(S, x[xo + p * xInc]), s0);
        }
        if (beta == 0) {
            s0.mul(alpha).intoArray(y, yo);
        } else {
            s0.fma(DoubleVector.broadcast(S, alpha), DoubleVector.fromArray(S, y, yo).mul(beta)).intoArray(y, yo);
        }
    }

    /** {@link SmallProducts#acrossBatchF64}. */
    static void acrossBatch(int count, int m, int n, int k, double alpha, double[] a, int aOff, int aRs, int aCs,
            double[] b, int bOff, int bRs, int bCs, double beta, double[] c, int cOff, int cRs, int cCs) {
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
    private static void across2x4(int k, double alpha, double[] a, int ao, int aRs, int aCs, double[] b, int bo,
            int bRs, int bCs, double beta, double[] c, int co, int cRs, int cCs) {
        DoubleVector c00 = DoubleVector.zero(S);
        DoubleVector c01 = c00;
        DoubleVector c02 = c00;
        DoubleVector c03 = c00;
        DoubleVector c10 = c00;
        DoubleVector c11 = c00;
        DoubleVector c12 = c00;
        DoubleVector c13 = c00;
        for (int p = 0; p < k; p++) {
            int ap = ao + p * aCs;
            DoubleVector a0 = DoubleVector.fromArray(S, a, ap);
            DoubleVector a1 = DoubleVector.fromArray(S, a, ap + aRs);
            int bp = bo + p * bRs;
            DoubleVector b0 = DoubleVector.fromArray(S, b, bp);
            DoubleVector b1 = DoubleVector.fromArray(S, b, bp + bCs);
            DoubleVector b2 = DoubleVector.fromArray(S, b, bp + 2 * bCs);
            DoubleVector b3 = DoubleVector.fromArray(S, b, bp + 3 * bCs);
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
