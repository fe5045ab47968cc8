package org.ferrite.cpu.internal.gemm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import java.util.stream.Stream;
import org.ferrite.cpu.internal.gemm.Matrix.Layout;
import org.ferrite.cpu.internal.worker.ParallelRunner;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link DoubleGemm} and {@link FloatGemm} against a naive reference, on every tier, over shapes that
 * cross the blocking boundaries, every layout (column/row-major, padded, reversed, stepped, broadcast
 * rows) and the BLAS edge conventions (beta 0 does not read C, alpha 0 does not read A and B).
 */
class RealGemmTest {
    private static final double F64_TOLERANCE = 1e-12;
    private static final double F32_TOLERANCE = 2e-5;

    /** One test body for both precisions. */
    enum Precision {
        F64, F32
    }

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
    void handComputedProductMatches(Precision precision, GemmTier tier) {
        // [1 3; 2 4] · [5 7; 6 8] = [23 31; 34 46]
        double[] a = {1, 2, 3, 4};
        double[] b = {5, 6, 7, 8};
        double[] c = {Double.NaN, Double.NaN, Double.NaN, Double.NaN};
        Matrix result = run(precision, tier, 2, 2, 2, 1, matrix(a, 2, 2), matrix(b, 2, 2), 0, matrix(c, 2, 2), 1);
        assertThat(result.data).containsExactly(23, 34, 31, 46);
    }

    @ParameterizedTest
    @MethodSource("tiersAndPrecisions")
    void randomShapesAndLayoutsMatchTheNaiveProduct(Precision precision, GemmTier tier) {
        SplittableRandom rnd = new SplittableRandom(42 + tier.ordinal());
        int[][] shapes = {{0, 3, 2}, {3, 0, 2}, {3, 2, 0}, {1, 1, 1}, {1, 7, 5}, {7, 1, 5}, {5, 7, 1}, {2, 2, 2},
            {33, 17, 9}, {9, 40, 130}, {300, 3, 200}, {70, 530, 20}, {257, 2, 129}, {8, 1, 8}, {13, 1, 6}, {8, 3, 5},
            {20, 2, 3}};
        Layout[] layouts = Layout.values();
        for (int[] s : shapes) {
            for (int trial = 0; trial < 4; trial++) {
                Layout la = layouts[rnd.nextInt(layouts.length)];
                Layout lb = layouts[rnd.nextInt(layouts.length)];
                Layout lc = pickOutput(rnd);
                Matrix a = Matrix.random(s[0], s[2], false, la, rnd);
                Matrix b = Matrix.random(s[2], s[1], false, lb, rnd);
                Matrix c = Matrix.random(s[0], s[1], false, lc, rnd);
                double alpha = rnd.nextBoolean() ? 1 : rnd.nextDouble(-2, 2);
                double beta = rnd.nextInt(3) == 0 ? 0 : rnd.nextDouble(-2, 2);
                Matrix expected = reference(s[0], s[1], s[2], alpha, a, b, beta, c);
                Matrix actual = run(precision, nativeCompatible(tier, a, b, c), s[0], s[1], s[2], alpha, a, b, beta,
                        c.copy(), 1);
                assertClose(actual, expected, precision, s[2],
                        precision + " " + tier + " " + Arrays.toString(s) + " " + la + lb + lc);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("tiersAndPrecisions")
    void betaZeroNeverReadsTheOldOutput(Precision precision, GemmTier tier) {
        SplittableRandom rnd = new SplittableRandom(7);
        Matrix a = Matrix.random(40, 30, false, Layout.COLUMN_MAJOR, rnd);
        Matrix b = Matrix.random(30, 20, false, Layout.COLUMN_MAJOR, rnd);
        Matrix c = Matrix.random(40, 20, false, Layout.COLUMN_MAJOR, rnd);
        Arrays.fill(c.data, Double.NaN);
        Matrix actual = run(precision, tier, 40, 20, 30, 1.5, a, b, 0, c, 1);
        assertThat(actual.data).doesNotContain(Double.NaN);
    }

    @ParameterizedTest
    @MethodSource("tiersAndPrecisions")
    void alphaZeroScalesTheOutputWithoutReadingTheOperands(Precision precision, GemmTier tier) {
        double[] nan = {Double.NaN, Double.NaN, Double.NaN, Double.NaN};
        double[] c = {1, 2, 3, 4};
        Matrix actual = run(precision, tier, 2, 2, 2, 0, matrix(nan, 2, 2), matrix(nan.clone(), 2, 2), 2,
                matrix(c, 2, 2), 1);
        assertThat(actual.data).containsExactly(2, 4, 6, 8);
    }

    /** Java kernels: bit-identical whatever the split (native BLAS may block differently per call). */
    @ParameterizedTest
    @MethodSource("tiersAndPrecisions")
    void splittingOverTasksGivesTheSameResults(Precision precision, GemmTier tier) {
        SplittableRandom rnd = new SplittableRandom(3);
        Matrix a = Matrix.random(130, 140, false, Layout.COLUMN_MAJOR, rnd);
        Matrix b = Matrix.random(140, 150, false, Layout.COLUMN_MAJOR, rnd);
        Matrix c = Matrix.random(130, 150, false, Layout.COLUMN_MAJOR, rnd);
        Matrix one = run(precision, tier, 130, 150, 140, 1.25, a, b, 0.5, c.copy(), 1);
        Matrix three = run(precision, tier, 130, 150, 140, 1.25, a, b, 0.5, c.copy(), 3);
        Matrix again = run(precision, tier, 130, 150, 140, 1.25, a, b, 0.5, c.copy(), 3);
        assertThat(Arrays.equals(again.data, three.data)).as("same split, same bits").isTrue();
        if (tier == GemmTier.NATIVE) {
            assertClose(three, one, precision, 140, "native split");
        } else {
            assertThat(Arrays.equals(three.data, one.data)).as("split over 3 tasks vs 1").isTrue();
        }
    }

    @ParameterizedTest
    @MethodSource("tiersAndPrecisions")
    void tasksOnRealThreadsGiveTheSameResultsAsOneTask(Precision precision, GemmTier tier) throws Exception {
        SplittableRandom rnd = new SplittableRandom(4);
        Matrix a = Matrix.random(150, 160, false, Layout.COLUMN_MAJOR, rnd);
        Matrix b = Matrix.random(160, 170, false, Layout.ROW_MAJOR, rnd);
        Matrix c = Matrix.random(150, 170, false, Layout.PADDED, rnd);
        Matrix one = run(precision, tier, 150, 170, 160, 0.75, a, b, 2, c.copy(), 1);
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            ParallelRunner threads = new ParallelRunner() {
                @Override
                public int parallelism() {
                    return 3;
                }

                @Override
                public void run(int tasks, IntConsumer task) {
                    List<Future<?>> done = new ArrayList<>();
                    for (int t = 0; t < tasks; t++) {
                        int chunk = t;
                        done.add(pool.submit(() -> task.accept(chunk)));
                    }
                    for (Future<?> f : done) {
                        try {
                            f.get(30, TimeUnit.SECONDS);
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                    }
                }
            };
            Matrix parallel = c.copy();
            if (precision == Precision.F64) {
                DoubleGemm.multiply(tier, 150, 170, 160, 0.75, a.data, a.off, a.rs, a.cs, b.data, b.off, b.rs, b.cs, 2,
                        parallel.data, parallel.off, parallel.rs, parallel.cs, new DoubleGemmResources(1 << 20),
                        threads);
            } else {
                float[] cf = parallel.floatData();
                FloatGemm.multiply(tier, 150, 170, 160, 0.75f, a.floatData(), a.off, a.rs, a.cs, b.floatData(), b.off,
                        b.rs, b.cs, 2f, cf, parallel.off, parallel.rs, parallel.cs, new FloatGemmResources(1 << 20),
                        threads);
                parallel = parallel.withData(cf);
            }
            if (tier == GemmTier.NATIVE) {
                assertClose(parallel, one, precision, 160, "native on threads");
            } else {
                assertThat(Arrays.equals(parallel.data, one.data)).as("3 threads vs 1 task").isTrue();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @ParameterizedTest
    @MethodSource("tiersAndPrecisions")
    void elementsOutsideTheOutputMatrixAreNotWritten(Precision precision, GemmTier tier) {
        SplittableRandom rnd = new SplittableRandom(9);
        Matrix a = Matrix.random(70, 60, false, Layout.COLUMN_MAJOR, rnd);
        Matrix b = Matrix.random(60, 50, false, Layout.COLUMN_MAJOR, rnd);
        Matrix c = Matrix.random(70, 50, false, Layout.PADDED, rnd);
        Matrix out = run(precision, tier, 70, 50, 60, 1, a, b, 1, c, 1);
        BitSet inside = new BitSet();
        for (int j = 0; j < 50; j++) {
            for (int i = 0; i < 70; i++) {
                inside.set(out.index(i, j));
            }
        }
        for (int e = 0; e < out.data.length; e++) {
            if (!inside.get(e)) {
                assertThat(out.data[e]).as("padding slot %d", e).isNaN();
            }
        }
    }

    private static Layout pickOutput(SplittableRandom rnd) {
        Layout[] outputs = {Layout.COLUMN_MAJOR, Layout.ROW_MAJOR, Layout.PADDED, Layout.REVERSED, Layout.STEPPED};
        return outputs[rnd.nextInt(outputs.length)];
    }

    /** The native tier requires BLAS layouts (the planner packs otherwise); fall back to BLOCKED. */
    private static GemmTier nativeCompatible(GemmTier tier, Matrix a, Matrix b, Matrix c) {
        if (tier != GemmTier.NATIVE) {
            return tier;
        }
        boolean ok = BlasLayout.encode(a.rows, a.cols, a.rs, a.cs) != BlasLayout.INCOMPATIBLE
                && BlasLayout.encode(b.rows, b.cols, b.rs, b.cs) != BlasLayout.INCOMPATIBLE
                && BlasLayout.isColumnMajor(c.rows, c.cols, c.rs, c.cs);
        return ok ? tier : GemmTier.BLOCKED;
    }

    static Matrix matrix(double[] data, int rows, int cols) {
        Matrix m = Matrix.random(rows, cols, false, Layout.COLUMN_MAJOR, new SplittableRandom(0));
        System.arraycopy(data, 0, m.data, 0, data.length);
        return m;
    }

    static Matrix run(Precision precision, GemmTier tier, int m, int n, int k, double alpha, Matrix a, Matrix b,
            double beta, Matrix c, int parallelism) {
        SequentialParallelRunner runner = new SequentialParallelRunner(parallelism);
        if (precision == Precision.F64) {
            DoubleGemm.multiply(tier, m, n, k, alpha, a.data, a.off, a.rs, a.cs, b.data, b.off, b.rs, b.cs, beta,
                    c.data, c.off, c.rs, c.cs, new DoubleGemmResources(1 << 20), runner);
            return c;
        }
        float[] cf = c.floatData();
        FloatGemm.multiply(tier, m, n, k, (float) alpha, a.floatData(), a.off, a.rs, a.cs, b.floatData(), b.off,
                b.rs, b.cs, (float) beta, cf, c.off, c.rs, c.cs, new FloatGemmResources(1 << 20), runner);
        return c.withData(cf);
    }

    static Matrix reference(int m, int n, int k, double alpha, Matrix a, Matrix b, double beta, Matrix c) {
        Matrix out = c.copy();
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int p = 0; p < k; p++) {
                    s += a.re(i, p) * b.re(p, j);
                }
                int e = out.index(i, j);
                out.data[e] = alpha * s + (beta == 0 ? 0 : beta * c.re(i, j));
            }
        }
        return out;
    }

    static void assertClose(Matrix actual, Matrix expected, Precision precision, int k, String what) {
        double tol = (precision == Precision.F64 ? F64_TOLERANCE : F32_TOLERANCE) * Math.max(1, k);
        for (int j = 0; j < expected.cols; j++) {
            for (int i = 0; i < expected.rows; i++) {
                double x = actual.re(i, j);
                double y = expected.re(i, j);
                assertThat(Math.abs(x - y)).as("%s at (%d, %d): %s vs %s", what, i, j, x, y)
                        .isLessThanOrEqualTo(tol * (1 + Math.abs(y)));
            }
        }
    }
}
