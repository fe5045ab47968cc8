package org.ferrite.cpu.internal.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.SplittableRandom;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.internal.simd.Simd;
import org.ferrite.cpu.internal.simd.SmallProducts;
import org.junit.jupiter.api.Test;

/**
 * The {@link SmallProducts} kernel family: the vector implementation (on in this JVM, see the module's
 * surefire configuration) against the scalar one and against a textbook loop that takes the family's
 * documented order (sum from zero in order of {@code p}, one fused multiply-add per step, scaled once),
 * over random small shapes with every extent of 1 to 17 (the lane edges 7, 8, 9, 15, 16, 17 drawn more
 * often), runs of 0, 1 and many positions, both layouts, negative and zero strides, {@code beta} 0 (the
 * old {@code C} NaN), 1 and other, F64 and F32. The vector kernel must equal the textbook loop bit for
 * bit (up to the sign of a zero) and write nothing outside {@code C}; the scalar loops, which scale by
 * {@code alpha} first in their column updates, must agree within a few ulps per step.
 */
class SmallProductsTest {
    private static final int[] EDGES = {7, 8, 9, 15, 16, 17};
    private static final int[] COUNTS = {0, 1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33};
    private static final double[] BETAS = {0, 1, -0.75};

    @Test
    void theVectorKernelsAreTheFamilyInUseWhenTheVectorApiIsOn() {
        assumeTrue(Simd.enabled(), Simd.describe());
        assertThat(DirectProduct.KERNELS).isNotInstanceOf(ScalarSmallProducts.class);
        assertThat(DirectProduct.KERNELS.getClass().getSimpleName()).isEqualTo("SmallVectorProducts");
    }

    @Test
    void vectorFormsEqualTheTextbookLoopAndTheScalarLoopsOverRandomRuns() {
        assumeTrue(Simd.enabled(), Simd.describe());
        SmallProducts vector = DirectProduct.KERNELS;
        SplittableRandom seeds = new SplittableRandom(20261201L);
        for (int round = 0; round < 1500; round++) {
            long seed = seeds.nextLong();
            Run run = Run.random(new SplittableRandom(seed), round % 2 == 0, round % 4 < 2);
            try {
                run.check(vector);
            } catch (AssertionError e) {
                throw new AssertionError("seed " + seed + " (round " + round + "): " + run + ": " + e.getMessage(), e);
            }
        }
    }

    @Test
    void theScalarFamilyRunsEveryFormWithTheTinyLoopsAndNeverClaimsOne() {
        SplittableRandom seeds = new SplittableRandom(17);
        for (int round = 0; round < 300; round++) {
            long seed = seeds.nextLong();
            Run run = Run.random(new SplittableRandom(seed), round % 2 == 0, round % 4 < 2);
            try {
                run.check(ScalarSmallProducts.INSTANCE);
            } catch (AssertionError e) {
                throw new AssertionError("seed " + seed + ": " + run + ": " + e.getMessage(), e);
            }
        }
        for (int m = 1; m <= 17; m++) {
            assertThat(ScalarSmallProducts.INSTANCE.columnsPay(true, m, 8, 8)).isFalse();
            assertThat(ScalarSmallProducts.INSTANCE.acrossBatchPays(false, m, 8, 8, 64)).isFalse();
            assertThat(DirectProduct.formOf(ScalarSmallProducts.INSTANCE, true, m, 8, 8, 1, 1, 1, 1, 1, 64))
                    .isEqualTo(DirectProduct.Form.SCALAR);
        }
    }

    @Test
    void formsAreChosenByLayoutAndByWhatPays() {
        assumeTrue(Simd.enabled(), Simd.describe());
        SmallProducts vector = DirectProduct.KERNELS;
        // batch-contiguous (einsum bij,bjk->bik with b first): across the batch
        assertThat(DirectProduct.formOf(vector, true, 8, 8, 8, 64, 64, 1, 1, 1, 64))
                .isEqualTo(DirectProduct.Form.ACROSS_BATCH);
        // column-major matrices, batch trailing: columns
        assertThat(DirectProduct.formOf(vector, true, 8, 8, 8, 1, 1, 64, 64, 64, 64))
                .isEqualTo(DirectProduct.Form.COLUMNS);
        int lanes64 = Simd.bits() / 64;
        int lanes32 = Simd.bits() / 32;
        assertThat(DirectProduct.formOf(vector, false, lanes32, 8, 8, 1, 1, 64, 64, 64, 64))
                .isEqualTo(DirectProduct.Form.COLUMNS);
        // a vector and at most two more rows pay; a longer tail of single dot products does not
        assertThat(DirectProduct.formOf(vector, true, lanes64 + 2, 3, 5, 1, 1, 99, 99, 99, 9))
                .isEqualTo(DirectProduct.Form.COLUMNS);
        assertThat(DirectProduct.formOf(vector, true, lanes64 + 3, 3, 5, 1, 1, 99, 99, 99, 9))
                .isEqualTo(DirectProduct.Form.SCALAR);
        // rows of C not unit-stride, batch not contiguous: scalar
        assertThat(DirectProduct.formOf(vector, true, 8, 8, 8, 8, 1, 64, 64, 64, 64))
                .isEqualTo(DirectProduct.Form.SCALAR);
        // too few rows for one vector, too short a run
        assertThat(DirectProduct.formOf(vector, true, 2, 8, 8, 1, 1, 64, 64, 64, 64))
                .isEqualTo(DirectProduct.Form.SCALAR);
        assertThat(DirectProduct.formOf(vector, true, 2, 8, 8, 8, 8, 1, 1, 1, lanes64 - 1))
                .isEqualTo(DirectProduct.Form.SCALAR);
        assertThat(DirectProduct.formOf(vector, true, 2, 8, 8, 8, 8, 1, 1, 1, lanes64))
                .isEqualTo(DirectProduct.Form.ACROSS_BATCH);
    }

    @Test
    void theBenchmarkedBatchLayoutsTakeTheVectorForms() {
        assumeTrue(Simd.enabled(), Simd.describe());
        // 64 × (8×8)·(8×8), batch axis trailing, column-major matrices: columns
        Tensor a = Tensor.zeros(DType.F64, 8, 8, 64);
        DotGeneralConfig trailing = DotGeneralConfig.of(new int[] {1}, new int[] {0}, new int[] {2}, new int[] {2});
        ContractionPlan columns = ContractionPlanner.compile(a, a, trailing, Tensor.zeros(DType.F64, 8, 8, 64),
                GemmRoute.AUTO, false);
        assertThat(columns.direct.form).as("%s", columns).isEqualTo(DirectProduct.Form.COLUMNS);
        // einsum bij,bjk->bik on [b, i, j] tensors, b fastest: across the batch
        Tensor x = Tensor.zeros(DType.F32, 64, 8, 8);
        DotGeneralConfig leading = DotGeneralConfig.of(new int[] {2}, new int[] {1}, new int[] {0}, new int[] {0});
        ContractionPlan across = ContractionPlanner.compile(x, x, leading, Tensor.zeros(DType.F32, 64, 8, 8)
                .permute(1, 2, 0), GemmRoute.AUTO, false);
        assertThat(across.direct.form).as("%s", across).isEqualTo(DirectProduct.Form.ACROSS_BATCH);
    }

    /** One run of products with its strides and storage, in double precision (converted for F32). */
    private static final class Run {
        final boolean f32;
        final boolean across;
        final int count;
        final int m;
        final int n;
        final int k;
        final double alpha;
        final double beta;
        final Operand a;
        final Operand b;
        final Operand c;

        private Run(boolean f32, boolean across, int count, int m, int n, int k, double alpha, double beta, Operand a,
                Operand b, Operand c) {
            this.f32 = f32;
            this.across = across;
            this.count = count;
            this.m = m;
            this.n = n;
            this.k = k;
            this.alpha = alpha;
            this.beta = beta;
            this.a = a;
            this.b = b;
            this.c = c;
        }

        static Run random(SplittableRandom rnd, boolean f32, boolean across) {
            int m = extent(rnd);
            int n = extent(rnd);
            int k = extent(rnd);
            int count = COUNTS[rnd.nextInt(COUNTS.length)];
            double beta = BETAS[rnd.nextInt(BETAS.length)];
            double alpha = rnd.nextInt(3) == 0 ? 1 : rnd.nextDouble(-2, 2);
            Operand a;
            Operand b;
            Operand c;
            if (across) {
                // positions are the fastest axis (stride 1) of all three
                a = Operand.of(rnd, count, m, k, 1, inputStride(rnd, count), inputStride(rnd, count * m), true);
                b = Operand.of(rnd, count, k, n, 1, inputStride(rnd, count), inputStride(rnd, count * k), true);
                c = Operand.of(rnd, count, m, n, 1, count + rnd.nextInt(3), (count + 2) * m + rnd.nextInt(3), true);
            } else {
                // unit row strides of A and C, the batch anywhere
                a = Operand.of(rnd, m, k, count, 1, inputStride(rnd, m), inputStride(rnd, m * k), true);
                b = Operand.of(rnd, k, n, count, inputStride(rnd, 1), inputStride(rnd, k), inputStride(rnd, k * n),
                        false);
                c = Operand.of(rnd, m, n, count, 1, m + rnd.nextInt(3), (m + 2) * n + rnd.nextInt(3), true);
            }
            return new Run(f32, across, count, m, n, k, alpha, beta, a, b, c);
        }

        private static int extent(SplittableRandom rnd) {
            return rnd.nextBoolean() ? EDGES[rnd.nextInt(EDGES.length)] : 1 + rnd.nextInt(17);
        }

        /** A stride of at least {@code min} in magnitude, or 0 (a broadcast). */
        private static int inputStride(SplittableRandom rnd, int min) {
            return rnd.nextInt(6) == 0 ? 0 : min + rnd.nextInt(3);
        }

        void check(SmallProducts kernels) {
            double[] cBefore = f32 ? toDouble(toFloat(c.storage(beta == 0))) : c.storage(beta == 0);
            double[] expected = cBefore.clone();
            double[] actual = cBefore.clone();
            if (f32) {
                reference32(expected);
                float[] out = toFloat(actual);
                run32(kernels, out);
                actual = toDouble(out);
            } else {
                reference64(expected);
                run64(kernels, actual);
            }
            boolean scalar = kernels instanceof ScalarSmallProducts;
            double eps = f32 ? 0x1p-23 : 0x1p-52;
            for (int e = 0; e < expected.length; e++) {
                if (!c.covers(e)) {
                    if (Double.doubleToRawLongBits(actual[e]) != Double.doubleToRawLongBits(cBefore[e])) {
                        fail("element " + e + " outside C was written: " + actual[e]);
                    }
                } else if (Double.isNaN(actual[e])) {
                    fail("element " + e + " is NaN (beta " + beta + " must not read the old C)");
                } else if (!scalar && actual[e] != expected[e]) {
                    fail("element " + e + " is " + actual[e] + ", the textbook loop gives " + expected[e]);
                } else if (Math.abs(actual[e] - expected[e]) > 4 * (k + 2) * eps * (Math.abs(alpha) * k + 2)) {
                    fail("element " + e + " is " + actual[e] + ", expected " + expected[e] + " within a few ulps");
                }
            }
        }

        private void run64(SmallProducts kernels, double[] out) {
            double[] av = a.values;
            double[] bv = b.values;
            if (across) {
                kernels.acrossBatchF64(count, m, n, k, alpha, av, a.offset, a.s1, a.s2, bv, b.offset, b.s1, b.s2,
                        beta, out, c.offset, c.s1, c.s2);
            } else {
                kernels.columnsF64(count, m, n, k, alpha, av, a.offset, a.s1, a.s2, bv, b.offset, b.s0, b.s1, b.s2,
                        beta, out, c.offset, c.s1, c.s2);
            }
        }

        private void run32(SmallProducts kernels, float[] out) {
            float[] av = toFloat(a.values);
            float[] bv = toFloat(b.values);
            float al = (float) alpha;
            float be = (float) beta;
            if (across) {
                kernels.acrossBatchF32(count, m, n, k, al, av, a.offset, a.s1, a.s2, bv, b.offset, b.s1, b.s2, be,
                        out, c.offset, c.s1, c.s2);
            } else {
                kernels.columnsF32(count, m, n, k, al, av, a.offset, a.s1, a.s2, bv, b.offset, b.s0, b.s1, b.s2, be,
                        out, c.offset, c.s1, c.s2);
            }
        }

        /** The documented order in double: {@code s = fma(A, B, s)} from 0 over p, then scale once. */
        private void reference64(double[] out) {
            for (int q = 0; q < count; q++) {
                for (int i = 0; i < m; i++) {
                    for (int j = 0; j < n; j++) {
                        double s = 0;
                        for (int p = 0; p < k; p++) {
                            s = Math.fma(a.values[a.at(q, i, p, across)], b.values[b.at(q, p, j, across)], s);
                        }
                        int e = c.at(q, i, j, across);
                        out[e] = beta == 0 ? alpha * s : Math.fma(alpha, s, beta * out[e]);
                    }
                }
            }
        }

        /** {@link #reference64} in float arithmetic. */
        private void reference32(double[] out) {
            float al = (float) alpha;
            float be = (float) beta;
            for (int q = 0; q < count; q++) {
                for (int i = 0; i < m; i++) {
                    for (int j = 0; j < n; j++) {
                        float s = 0;
                        for (int p = 0; p < k; p++) {
                            s = Math.fma((float) a.values[a.at(q, i, p, across)], (float) b.values[b.at(q, p, j, across)],
                                    s);
                        }
                        int e = c.at(q, i, j, across);
                        out[e] = be == 0 ? al * s : Math.fma(al, s, be * (float) out[e]);
                    }
                }
            }
        }

        @Override
        public String toString() {
            return (f32 ? "F32" : "F64") + (across ? " across the batch" : " columns") + " count=" + count + " m=" + m
                    + " n=" + n + " k=" + k + " alpha=" + alpha + " beta=" + beta + " A" + a + " B" + b + " C" + c;
        }
    }

    /**
     * A three-axis strided operand {@code x[offset + i0·s0 + i1·s1 + i2·s2]} over {@code e0 × e1 × e2};
     * for the columns form the axes are (row, column, position), across the batch (position, row,
     * column). Each stride's sign is drawn at random (the offset moves to keep every index in range).
     */
    private static final class Operand {
        final int e0;
        final int e1;
        final int e2;
        final int s0;
        final int s1;
        final int s2;
        final int offset;
        final double[] values;
        final boolean[] covered;

        private Operand(int e0, int e1, int e2, int s0, int s1, int s2, int offset, int length, SplittableRandom rnd) {
            this.e0 = e0;
            this.e1 = e1;
            this.e2 = e2;
            this.s0 = s0;
            this.s1 = s1;
            this.s2 = s2;
            this.offset = offset;
            this.values = new double[length];
            for (int x = 0; x < length; x++) {
                values[x] = rnd.nextDouble(-1, 1);
            }
            this.covered = new boolean[length];
            for (int i0 = 0; i0 < e0; i0++) {
                for (int i1 = 0; i1 < e1; i1++) {
                    for (int i2 = 0; i2 < e2; i2++) {
                        covered[offset + i0 * s0 + i1 * s1 + i2 * s2] = true;
                    }
                }
            }
        }

        /**
         * @param firstFixed whether the form fixes the first axis's stride (unit, never negated)
         */
        static Operand of(SplittableRandom rnd, int e0, int e1, int e2, int s0, int s1, int s2, boolean firstFixed) {
            int[] s = {s0, s1, s2};
            int[] e = {e0, e1, e2};
            int low = 0;
            int high = 0;
            for (int d = 0; d < 3; d++) {
                if (!(d == 0 && firstFixed) && rnd.nextInt(3) == 0) {
                    s[d] = -s[d];
                }
                int span = Math.max(e[d] - 1, 0) * s[d];
                low += Math.min(span, 0);
                high += Math.max(span, 0);
            }
            int pad = rnd.nextInt(4);
            int offset = pad - low;
            return new Operand(e0, e1, e2, s[0], s[1], s[2], offset, offset + high + 1 + rnd.nextInt(4), rnd);
        }

        /** @return the index of element {@code (row, col)} of position {@code q} */
        int at(int q, int row, int col, boolean across) {
            return across ? offset + q * s0 + row * s1 + col * s2 : offset + row * s0 + col * s1 + q * s2;
        }

        boolean covers(int index) {
            return covered[index];
        }

        /** @return the storage as C before the call: NaN everywhere when the old C must not be read */
        double[] storage(boolean nan) {
            double[] x = values.clone();
            if (nan) {
                java.util.Arrays.fill(x, Double.NaN);
            }
            return x;
        }

        @Override
        public String toString() {
            return "[" + e0 + "×" + e1 + "×" + e2 + " strides " + s0 + "," + s1 + "," + s2 + " offset " + offset + "]";
        }
    }

    private static float[] toFloat(double[] x) {
        float[] f = new float[x.length];
        for (int i = 0; i < x.length; i++) {
            f[i] = (float) x[i];
        }
        return f;
    }

    private static double[] toDouble(float[] x) {
        double[] d = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            d[i] = x[i];
        }
        return d;
    }
}
