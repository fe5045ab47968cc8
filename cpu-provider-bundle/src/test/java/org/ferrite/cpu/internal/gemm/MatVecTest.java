package org.ferrite.cpu.internal.gemm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link DoubleMatVec} and {@link FloatMatVec} against the sum they document — in order of {@code p},
 * one fused multiply-add per term, then {@code alpha·s} or {@code fma(alpha, s, beta·y)} — bit for bit,
 * over random extents (0 to 70, 0 and 1 included), both layouts, padded, offset and reversed matrices
 * (negative column or row stride), positive, negative and zero vector increments, and the BLAS edge
 * conventions ({@code beta == 0} does not read {@code y}; only {@code y}'s own elements are written).
 */
class MatVecTest {
    private static final int SEEDS = 600;
    /** What the storage of {@code y} holds between and around its elements: must survive the call. */
    private static final double GAP = 12345;

    /** The two entry points. */
    enum Layout {
        /** Unit row stride: {@code columns}. */
        COLUMNS,
        /** Unit column stride: {@code rows}. */
        ROWS
    }

    @Test
    void handComputedProductMatchesInBothLayoutsAndPrecisions() {
        // M = [1 5; 2 6; 3 7; 4 8], x = [1, -1]: y = M·x = [-4, -4, -4, -4]; then 2·y + 1·[1, 2, 3, 4]
        double[] colMajor = {1, 2, 3, 4, 5, 6, 7, 8};
        double[] rowMajor = {1, 5, 2, 6, 3, 7, 4, 8};
        double[] x = {1, -1};
        for (boolean f32 : new boolean[] {false, true}) {
            for (Layout layout : Layout.values()) {
                double[] a = layout == Layout.COLUMNS ? colMajor : rowMajor;
                double[] y = {1, 2, 3, 4};
                run(f32, layout, 4, 2, 2, a, 0, layout == Layout.COLUMNS ? 4 : 2, x, 0, 1, 1, y, 0, 1);
                assertThat(y).as("%s %s", layout, f32 ? "F32" : "F64").containsExactly(-7, -6, -5, -4);
            }
        }
    }

    @Test
    void randomShapesStridesAndScalarsEqualTheDocumentedSumBitForBit() {
        for (int seed = 0; seed < SEEDS; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            Case c = Case.random(rnd);
            double[] expected = c.y.clone();
            c.reference(expected);
            double[] actual = c.y.clone();
            run(c.f32, c.layout, c.rows, c.k, c.alpha, c.a, c.aOff, c.stride, c.x, c.xOff, c.xInc, c.beta, actual,
                    c.yOff, c.yInc);
            assertThat(actual).as("seed %d: %s", seed, c).containsExactly(expected);
            for (int i = 0; i < c.rows; i++) {
                assertThat(actual[c.yOff + i * c.yInc]).as("seed %d: y[%d] of %s", seed, i, c).isNotNaN();
            }
            long untouched = Arrays.stream(actual).filter(v -> v == GAP).count();
            assertThat(untouched).as("seed %d: gaps of y kept, %s", seed, c).isEqualTo(c.y.length - c.rows);
        }
    }

    @Test
    void anEmptyInnerDimensionScalesY() {
        for (Layout layout : Layout.values()) {
            double[] y = {1, 2, 3, 4, 5};
            run(false, layout, 5, 0, 3, new double[0], 0, 7, new double[0], 0, 1, 2, y, 0, 1);
            assertThat(y).as("%s", layout).containsExactly(2, 4, 6, 8, 10);
            Arrays.fill(y, Double.NaN);
            run(true, layout, 5, 0, 3, new double[0], 0, 7, new double[0], 0, 1, 0, y, 0, 1);
            assertThat(y).as("%s, beta 0", layout).containsOnly(0);
        }
    }

    /** Runs one product in the chosen precision; for F32 the operands are rounded to float first. */
    static void run(boolean f32, Layout layout, int rows, int k, double alpha, double[] a, int aOff, int stride,
            double[] x, int xOff, int xInc, double beta, double[] y, int yOff, int yInc) {
        if (!f32) {
            if (layout == Layout.COLUMNS) {
                DoubleMatVec.columns(rows, k, alpha, a, aOff, stride, x, xOff, xInc, beta, y, yOff, yInc);
            } else {
                DoubleMatVec.rows(rows, k, alpha, a, aOff, stride, x, xOff, xInc, beta, y, yOff, yInc);
            }
            return;
        }
        float[] fy = toFloat(y);
        if (layout == Layout.COLUMNS) {
            FloatMatVec.columns(rows, k, (float) alpha, toFloat(a), aOff, stride, toFloat(x), xOff, xInc,
                    (float) beta, fy, yOff, yInc);
        } else {
            FloatMatVec.rows(rows, k, (float) alpha, toFloat(a), aOff, stride, toFloat(x), xOff, xInc, (float) beta,
                    fy, yOff, yInc);
        }
        for (int i = 0; i < y.length; i++) {
            y[i] = fy[i];
        }
    }

    private static float[] toFloat(double[] d) {
        float[] f = new float[d.length];
        for (int i = 0; i < d.length; i++) {
            f[i] = (float) d[i];
        }
        return f;
    }

    /** One random product: operands in padded storage, values exact in float so both precisions share them. */
    static final class Case {
        boolean f32;
        Layout layout;
        int rows;
        int k;
        double alpha;
        double beta;
        double[] a;
        int aOff;
        /** The non-unit stride of M: its column stride for COLUMNS, its row stride for ROWS. */
        int stride;
        double[] x;
        int xOff;
        int xInc;
        double[] y;
        int yOff;
        int yInc;

        static Case random(SplittableRandom rnd) {
            Case c = new Case();
            c.f32 = rnd.nextBoolean();
            c.layout = rnd.nextBoolean() ? Layout.COLUMNS : Layout.ROWS;
            c.rows = extent(rnd);
            c.k = extent(rnd);
            c.alpha = rnd.nextInt(3) == 0 ? 1 : value(rnd) * 2;
            c.beta = rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(4) == 0 ? 1 : value(rnd);
            int inner = c.layout == Layout.COLUMNS ? c.rows : c.k; // the unit-stride extent
            int outer = c.layout == Layout.COLUMNS ? c.k : c.rows;
            int span = inner + rnd.nextInt(3);
            boolean reversed = rnd.nextInt(4) == 0; // the last column (or row) first: a negative stride
            c.stride = reversed ? -span : span;
            c.aOff = rnd.nextInt(4) + (reversed ? Math.max(outer - 1, 0) * span : 0);
            c.a = new double[rnd.nextInt(4) + Math.max(outer, 1) * span + 3 + c.aOff];
            Arrays.fill(c.a, Double.NaN); // padding is never read
            for (int o = 0; o < outer; o++) {
                for (int i = 0; i < inner; i++) {
                    c.a[c.aOff + o * c.stride + i] = value(rnd);
                }
            }
            c.xInc = new int[] {1, 1, 2, -1, -3, 0}[rnd.nextInt(6)];
            c.x = vector(c.k, c.xInc, rnd, Double.NaN);
            c.xOff = c.xInc < 0 ? (c.k - 1) * -c.xInc : 0;
            c.yInc = new int[] {1, 1, 3, -1, -2}[rnd.nextInt(5)];
            c.y = vector(c.rows, c.yInc, rnd, GAP);
            c.yOff = c.yInc < 0 && c.rows > 0 ? (c.rows - 1) * -c.yInc : 0;
            if (c.beta == 0) {
                for (int i = 0; i < c.rows; i++) {
                    c.y[c.yOff + i * c.yInc] = Double.NaN;
                }
            }
            return c;
        }

        /** 0 and 1 often, else up to 70 (across the 16-, 8- and 4-row blocks and their edges). */
        private static int extent(SplittableRandom rnd) {
            int pick = rnd.nextInt(8);
            return pick == 0 ? 0 : pick == 1 ? 1 : rnd.nextInt(71);
        }

        /** A value exact in float: a multiple of 2⁻⁸ in (-2, 2). */
        private static double value(SplittableRandom rnd) {
            return (rnd.nextInt(1023) - 511) / 256.0;
        }

        private static double[] vector(int length, int inc, SplittableRandom rnd, double fill) {
            double[] v = new double[Math.max(1, (Math.max(length, 1) - 1) * Math.abs(inc) + 1)];
            Arrays.fill(v, fill);
            int off = inc < 0 ? (length - 1) * -inc : 0;
            for (int i = 0; i < length; i++) {
                v[off + i * inc] = value(rnd);
            }
            return v;
        }

        /** The documented sum, in the case's precision, written into {@code out} (a copy of y). */
        void reference(double[] out) {
            for (int i = 0; i < rows; i++) {
                int e = yOff + i * yInc;
                if (f32) {
                    float s = 0;
                    for (int p = 0; p < k; p++) {
                        s = Math.fma((float) m(i, p), (float) x[xOff + p * xInc], s);
                    }
                    float fa = (float) alpha;
                    float fb = (float) beta;
                    out[e] = beta == 0 ? fa * s : Math.fma(fa, s, fb * (float) out[e]);
                } else {
                    double s = 0;
                    for (int p = 0; p < k; p++) {
                        s = Math.fma(m(i, p), x[xOff + p * xInc], s);
                    }
                    out[e] = beta == 0 ? alpha * s : Math.fma(alpha, s, beta * out[e]);
                }
            }
        }

        private double m(int i, int p) {
            return layout == Layout.COLUMNS ? a[aOff + i + p * stride] : a[aOff + i * stride + p];
        }

        @Override
        public String toString() {
            return (f32 ? "F32 " : "F64 ") + layout + " " + rows + "×" + k + " stride " + stride + " off " + aOff
                    + ", xInc " + xInc + ", yInc " + yInc + ", alpha " + alpha + ", beta " + beta;
        }
    }
}
