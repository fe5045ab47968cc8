package org.ferrite.cpu.internal.gemm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.ferrite.cpu.internal.gemm.Matrix.Layout;
import org.ferrite.cpu.internal.gemm.RealGemmTest.Precision;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link ComplexDoubleGemm} and {@link ComplexFloatGemm} (the 4M formulation and the tiny loop) against
 * a naive complex reference: conjugation flags, complex alpha and beta, every layout, every tier.
 */
class ComplexGemmTest {

    static Stream<Arguments> tiersAndPrecisions() {
        List<Arguments> list = new ArrayList<>();
        for (Precision p : Precision.values()) {
            for (GemmTier tier : GemmTier.values()) {
                if (tier != GemmTier.NATIVE || NativeBlas.get().available()) {
                    list.add(Arguments.of(p, tier));
                }
            }
        }
        return list.stream();
    }

    @ParameterizedTest
    @MethodSource("tiersAndPrecisions")
    void handComputedConjugatedProductMatches(Precision precision, GemmTier tier) {
        // conj(1+2i)·(3+4i) = (1-2i)(3+4i) = 11-2i; alpha = i → 2+11i; beta = 2, old = 1+1i → 4+13i
        Matrix a = Matrix.random(1, 1, true, Layout.COLUMN_MAJOR, new SplittableRandom(0));
        Matrix b = Matrix.random(1, 1, true, Layout.COLUMN_MAJOR, new SplittableRandom(0));
        Matrix c = Matrix.random(1, 1, true, Layout.COLUMN_MAJOR, new SplittableRandom(0));
        a.data[0] = 1;
        a.data[1] = 2;
        b.data[0] = 3;
        b.data[1] = 4;
        c.data[0] = 1;
        c.data[1] = 1;
        Matrix out = run(precision, tier, 1, 1, 1, 0, 1, a, true, b, false, 2, 0, c);
        assertThat(out.data).containsExactly(4, 13);
    }

    @ParameterizedTest
    @MethodSource("tiersAndPrecisions")
    void randomShapesConjugationAndScalarsMatchTheNaiveProduct(Precision precision, GemmTier tier) {
        SplittableRandom rnd = new SplittableRandom(11 + tier.ordinal());
        int[][] shapes = {{0, 2, 2}, {2, 2, 0}, {1, 1, 1}, {3, 1, 4}, {1, 5, 3}, {6, 5, 4}, {40, 33, 70},
            {130, 9, 140}};
        Layout[] layouts = Layout.values();
        Layout[] outputs = {Layout.COLUMN_MAJOR, Layout.ROW_MAJOR, Layout.PADDED, Layout.REVERSED, Layout.STEPPED};
        for (int[] s : shapes) {
            for (int trial = 0; trial < 4; trial++) {
                Matrix a = Matrix.random(s[0], s[2], true, layouts[rnd.nextInt(layouts.length)], rnd);
                Matrix b = Matrix.random(s[2], s[1], true, layouts[rnd.nextInt(layouts.length)], rnd);
                Matrix c = Matrix.random(s[0], s[1], true, outputs[rnd.nextInt(outputs.length)], rnd);
                double ar = rnd.nextDouble(-2, 2);
                double ai = rnd.nextBoolean() ? 0 : rnd.nextDouble(-2, 2);
                double br = rnd.nextInt(3) == 0 ? 0 : rnd.nextDouble(-2, 2);
                double bi = br == 0 ? 0 : rnd.nextDouble(-2, 2);
                boolean conjA = rnd.nextBoolean();
                boolean conjB = rnd.nextBoolean();
                Matrix expected = reference(s[0], s[1], s[2], ar, ai, a, conjA, b, conjB, br, bi, c);
                Matrix actual = run(precision, tier, s[0], s[1], s[2], ar, ai, a, conjA, b, conjB, br, bi, c.copy());
                double tol = (precision == Precision.F64 ? 1e-12 : 2e-5) * Math.max(1, s[2]) * 4;
                for (int j = 0; j < s[1]; j++) {
                    for (int i = 0; i < s[0]; i++) {
                        double dr = actual.re(i, j) - expected.re(i, j);
                        double di = actual.im(i, j) - expected.im(i, j);
                        assertThat(Math.hypot(dr, di)).as("%s %s %s at (%d,%d)", precision, tier,
                                java.util.Arrays.toString(s), i, j)
                                .isLessThanOrEqualTo(tol * (1 + Math.hypot(expected.re(i, j), expected.im(i, j))));
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("tiersAndPrecisions")
    void betaZeroNeverReadsTheOldOutput(Precision precision, GemmTier tier) {
        SplittableRandom rnd = new SplittableRandom(5);
        Matrix a = Matrix.random(20, 30, true, Layout.COLUMN_MAJOR, rnd);
        Matrix b = Matrix.random(30, 10, true, Layout.COLUMN_MAJOR, rnd);
        Matrix c = Matrix.random(20, 10, true, Layout.COLUMN_MAJOR, rnd);
        java.util.Arrays.fill(c.data, Double.NaN);
        Matrix out = run(precision, tier, 20, 10, 30, 1, 1, a, false, b, true, 0, 0, c);
        assertThat(out.data).doesNotContain(Double.NaN);
    }

    /**
     * The tiny tier's register blocks compute every element as the textbook sum, in the same order and
     * with the same operations, so its F64 results equal the reference loop's bit for bit — over odd and
     * even extents (the blocks' edges), every operand layout, conjugation and scalars.
     */
    @org.junit.jupiter.api.Test
    void theTinyTiersBlocksGiveTheTextbookSumsBitForBit() {
        SplittableRandom rnd = new SplittableRandom(2026);
        Layout[] layouts = Layout.values();
        Layout[] outputs = {Layout.COLUMN_MAJOR, Layout.ROW_MAJOR, Layout.PADDED, Layout.REVERSED, Layout.STEPPED};
        for (int trial = 0; trial < 400; trial++) {
            int m = 1 + rnd.nextInt(7);
            int n = 1 + rnd.nextInt(11);
            int k = 1 + rnd.nextInt(9);
            Matrix a = Matrix.random(m, k, true, layouts[rnd.nextInt(layouts.length)], rnd);
            Matrix b = Matrix.random(k, n, true, layouts[rnd.nextInt(layouts.length)], rnd);
            Matrix c = Matrix.random(m, n, true, outputs[rnd.nextInt(outputs.length)], rnd);
            double ar = rnd.nextDouble(-2, 2);
            double ai = rnd.nextBoolean() ? 0 : rnd.nextDouble(-2, 2);
            double br = rnd.nextInt(3) == 0 ? 0 : rnd.nextDouble(-2, 2);
            double bi = br == 0 ? 0 : rnd.nextDouble(-2, 2);
            boolean conjA = rnd.nextBoolean();
            boolean conjB = rnd.nextBoolean();
            Matrix expected = reference(m, n, k, ar, ai, a, conjA, b, conjB, br, bi, c);
            Matrix actual = run(Precision.F64, GemmTier.TINY, m, n, k, ar, ai, a, conjA, b, conjB, br, bi, c.copy());
            for (int j = 0; j < n; j++) {
                for (int i = 0; i < m; i++) {
                    assertThat(new double[] {actual.re(i, j), actual.im(i, j)}).as("trial %d: %d×%d·%d at (%d,%d)",
                            trial, m, k, n, i, j).containsExactly(expected.re(i, j), expected.im(i, j));
                }
            }
        }
    }

    private static Matrix run(Precision precision, GemmTier tier, int m, int n, int k, double ar, double ai,
            Matrix a, boolean conjA, Matrix b, boolean conjB, double br, double bi, Matrix c) {
        SequentialParallelRunner runner = new SequentialParallelRunner(2);
        if (precision == Precision.F64) {
            ComplexDoubleGemm.multiply(tier, m, n, k, ar, ai, a.data, a.off, a.rs, a.cs, conjA, b.data, b.off, b.rs,
                    b.cs, conjB, br, bi, c.data, c.off, c.rs, c.cs, new DoubleGemmResources(1 << 20), runner);
            return c;
        }
        float[] cf = c.floatData();
        ComplexFloatGemm.multiply(tier, m, n, k, (float) ar, (float) ai, a.floatData(), a.off, a.rs, a.cs, conjA,
                b.floatData(), b.off, b.rs, b.cs, conjB, (float) br, (float) bi, cf, c.off, c.rs, c.cs,
                new FloatGemmResources(1 << 20), runner);
        return c.withData(cf);
    }

    private static Matrix reference(int m, int n, int k, double ar, double ai, Matrix a, boolean conjA, Matrix b,
            boolean conjB, double br, double bi, Matrix c) {
        Matrix out = c.copy();
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                double sr = 0;
                double si = 0;
                for (int p = 0; p < k; p++) {
                    double xr = a.re(i, p);
                    double xi = conjA ? -a.im(i, p) : a.im(i, p);
                    double yr = b.re(p, j);
                    double yi = conjB ? -b.im(p, j) : b.im(p, j);
                    sr += xr * yr - xi * yi;
                    si += xr * yi + xi * yr;
                }
                double vr = ar * sr - ai * si;
                double vi = ar * si + ai * sr;
                if (br != 0 || bi != 0) {
                    vr += br * c.re(i, j) - bi * c.im(i, j);
                    vi += br * c.im(i, j) + bi * c.re(i, j);
                }
                int e = 2 * out.index(i, j);
                out.data[e] = vr;
                out.data[e + 1] = vi;
            }
        }
        return out;
    }
}
