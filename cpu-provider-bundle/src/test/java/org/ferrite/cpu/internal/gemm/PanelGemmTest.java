package org.ferrite.cpu.internal.gemm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.ferrite.cpu.internal.gemm.Matrix.Layout;
import org.ferrite.cpu.internal.gemm.RealGemmTest.Precision;
import org.ferrite.cpu.internal.simd.Simd;
import org.ferrite.testkit.oracle.SeededCases;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link DoublePanelGemm} and {@link FloatPanelGemm} (the micro-kernel path of the blocked tier, the
 * Vector API kernel when the module is present — as it is in these tests) against the column kernel
 * {@link DoubleBlockedGemm}/{@link FloatBlockedGemm}, bit for bit, and against the naive product, over
 * shapes on both sides of every panel and block edge ({@code MR}, {@code NR}, {@code KC}, {@code MC},
 * {@code NC}), every layout the tier accepts and the BLAS edge conventions.
 */
class PanelGemmTest {
    @Test
    void theMicroKernelIsInUseExactlyWhenTheVectorApiIs() {
        assertThat(DoublePanelGemm.available()).isEqualTo(Simd.enabled());
        assertThat(FloatPanelGemm.available()).isEqualTo(Simd.enabled());
        if (Simd.enabled()) {
            assertThat(DoublePanelGemm.MR % (Simd.bits() / Double.SIZE)).isZero();
            assertThat(FloatPanelGemm.MR % (Simd.bits() / Float.SIZE)).isZero();
            assertThat(DoublePanelGemm.MC % DoublePanelGemm.MR).isZero();
            assertThat(DoublePanelGemm.NC % DoublePanelGemm.NR).isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(Precision.class)
    void randomShapesAroundEveryEdgeGiveTheColumnKernelsBitsAndTheNaiveProduct(Precision precision) {
        Blocks blocks = Blocks.of(precision);
        int mr = blocks.mr();
        int nr = blocks.nr();
        int kc = DoubleBlockedGemm.KC;
        int[] ms = {1, 2, mr - 1, mr, mr + 1, 2 * mr + 3, blocks.mc() - 1, blocks.mc() + 1};
        int[] ns = {1, 3, nr - 1, nr, nr + 1, 2 * nr + 5, 37};
        int[] ks = {1, 2, 7, kc - 1, kc, kc + 1, 2 * kc + 3};
        SeededCases.forEach(120, seed -> {
            SplittableRandom rnd = new SplittableRandom(seed);
            checkAgainstTheColumnKernel(precision, ms[rnd.nextInt(ms.length)], ns[rnd.nextInt(ns.length)],
                    ks[rnd.nextInt(ks.length)], rnd);
        });
    }

    @ParameterizedTest
    @EnumSource(Precision.class)
    void theSmallestAndThinnestShapesGiveTheColumnKernelsBitsAndTheNaiveProduct(Precision precision) {
        Blocks blocks = Blocks.of(precision);
        int mr = blocks.mr();
        int nr = blocks.nr();
        int kc = DoubleBlockedGemm.KC;
        List<int[]> shapes = List.of(new int[] {1, 1, 1}, new int[] {1, 1, kc + 1}, new int[] {mr, nr, 1},
                new int[] {mr + 1, nr + 1, 1}, new int[] {1, 2 * nr + 1, kc}, new int[] {blocks.mc() + 1, 1, 3});
        SplittableRandom rnd = new SplittableRandom(17);
        SeededCases.forEachOf(shapes, s -> checkAgainstTheColumnKernel(precision, s[0], s[1], s[2], rnd));
    }

    /**
     * One product with layouts, {@code alpha} and {@code beta} (0 a third of the time, with NaN in
     * {@code C}) drawn from {@code rnd}: the micro-kernel path gives the column kernel's bits and the
     * naive product.
     */
    private static void checkAgainstTheColumnKernel(Precision precision, int m, int n, int k, SplittableRandom rnd) {
        Layout[] layouts = Layout.values();
        Layout[] outputs = {Layout.COLUMN_MAJOR, Layout.ROW_MAJOR, Layout.PADDED, Layout.REVERSED, Layout.STEPPED};
        Matrix a = Matrix.random(m, k, false, layouts[rnd.nextInt(layouts.length)], rnd);
        Matrix b = Matrix.random(k, n, false, layouts[rnd.nextInt(layouts.length)], rnd);
        Matrix c = Matrix.random(m, n, false, outputs[rnd.nextInt(outputs.length)], rnd);
        double alpha = rnd.nextBoolean() ? 1 : rnd.nextDouble(-2, 2);
        double beta = rnd.nextInt(3) == 0 ? 0 : rnd.nextDouble(-2, 2);
        if (beta == 0) {
            Arrays.fill(c.data, Double.NaN);
        }
        String what = precision + " " + m + "×" + n + "×" + k + " alpha " + alpha + " beta " + beta;
        Matrix panel = run(precision, true, m, n, k, alpha, a, b, beta, c.copy());
        Matrix column = run(precision, false, m, n, k, alpha, a, b, beta, c.copy());
        assertThat(Arrays.equals(panel.data, column.data)).as("same bits as the column kernel: " + what).isTrue();
        RealGemmTest.assertClose(panel, RealGemmTest.reference(m, n, k, alpha, a, b, beta, c), precision, k, what);
    }

    @ParameterizedTest
    @EnumSource(Precision.class)
    void panelsWiderThanOneBlockOfBGiveTheColumnKernelsBits(Precision precision) {
        Blocks blocks = Blocks.of(precision);
        int m = blocks.mc() + 5;
        int n = blocks.nc() + 9;
        int k = DoubleBlockedGemm.KC + 4;
        SplittableRandom rnd = new SplittableRandom(11);
        Matrix a = Matrix.random(m, k, false, Layout.COLUMN_MAJOR, rnd);
        Matrix b = Matrix.random(k, n, false, Layout.ROW_MAJOR, rnd);
        Matrix c = Matrix.random(m, n, false, Layout.PADDED, rnd);
        Matrix panel = run(precision, true, m, n, k, 0.5, a, b, 1.5, c.copy());
        Matrix column = run(precision, false, m, n, k, 0.5, a, b, 1.5, c.copy());
        assertThat(Arrays.equals(panel.data, column.data)).as("same bits as the column kernel").isTrue();
        Matrix two = RealGemmTest.run(precision, GemmTier.BLOCKED, m, n, k, 0.5, a, b, 1.5, c.copy(), 2);
        assertThat(Arrays.equals(two.data, panel.data)).as("two tasks vs one").isTrue();
    }

    @ParameterizedTest
    @EnumSource(Precision.class)
    void aRepeatedProductAllocatesNothingAfterTheFirst(Precision precision) {
        assumeTrue(DoublePanelGemm.available(), "the Vector API is off: " + Simd.describe());
        SplittableRandom rnd = new SplittableRandom(5);
        Matrix a = Matrix.random(100, 140, false, Layout.COLUMN_MAJOR, rnd);
        Matrix b = Matrix.random(140, 60, false, Layout.COLUMN_MAJOR, rnd);
        Matrix c = Matrix.random(100, 60, false, Layout.COLUMN_MAJOR, rnd);
        if (precision == Precision.F64) {
            DoubleGemmWorkspace ws = new DoubleGemmWorkspace();
            DoublePanelGemm.multiply(100, 60, 140, 1, a.data, 0, 1, 100, b.data, 0, 1, 140, 0, c.data, 0, 1, 100, ws);
            double[] packed = ws.panelsA;
            double[] panelB = ws.packedB;
            DoublePanelGemm.multiply(90, 50, 130, 1, a.data, 0, 1, 100, b.data, 0, 1, 140, 0, c.data, 0, 1, 100, ws);
            assertThat(ws.panelsA).isSameAs(packed);
            assertThat(ws.packedB).isSameAs(panelB);
        } else {
            FloatGemmWorkspace ws = new FloatGemmWorkspace();
            float[] af = a.floatData();
            float[] bf = b.floatData();
            float[] cf = c.floatData();
            FloatPanelGemm.multiply(100, 60, 140, 1, af, 0, 1, 100, bf, 0, 1, 140, 0, cf, 0, 1, 100, ws);
            float[] packed = ws.panelsA;
            float[] panelB = ws.packedB;
            FloatPanelGemm.multiply(90, 50, 130, 1, af, 0, 1, 100, bf, 0, 1, 140, 0, cf, 0, 1, 100, ws);
            assertThat(ws.panelsA).isSameAs(packed);
            assertThat(ws.packedB).isSameAs(panelB);
        }
    }

    /** The panel and block sizes of one precision's micro-kernel path (the test is skipped without it). */
    private record Blocks(int mr, int nr, int mc, int nc) {
        static Blocks of(Precision precision) {
            assumeTrue(DoublePanelGemm.available(), "the Vector API is off: " + Simd.describe());
            return precision == Precision.F64
                    ? new Blocks(DoublePanelGemm.MR, DoublePanelGemm.NR, DoublePanelGemm.MC, DoublePanelGemm.NC)
                    : new Blocks(FloatPanelGemm.MR, FloatPanelGemm.NR, FloatPanelGemm.MC, FloatPanelGemm.NC);
        }
    }

    /** One product on the micro-kernel path ({@code panel}) or the column kernel, one task. */
    private static Matrix run(Precision precision, boolean panel, int m, int n, int k, double alpha, Matrix a,
            Matrix b, double beta, Matrix c) {
        if (precision == Precision.F64) {
            DoubleGemmWorkspace ws = new DoubleGemmWorkspace();
            if (panel) {
                DoublePanelGemm.multiply(m, n, k, alpha, a.data, a.off, a.rs, a.cs, b.data, b.off, b.rs, b.cs, beta,
                        c.data, c.off, c.rs, c.cs, ws);
            } else {
                DoubleBlockedGemm.multiply(m, n, k, alpha, a.data, a.off, a.rs, a.cs, b.data, b.off, b.rs, b.cs, beta,
                        c.data, c.off, c.rs, c.cs, ws);
            }
            return c;
        }
        FloatGemmWorkspace ws = new FloatGemmWorkspace();
        float[] cf = c.floatData();
        if (panel) {
            FloatPanelGemm.multiply(m, n, k, (float) alpha, a.floatData(), a.off, a.rs, a.cs, b.floatData(), b.off,
                    b.rs, b.cs, (float) beta, cf, c.off, c.rs, c.cs, ws);
        } else {
            FloatBlockedGemm.multiply(m, n, k, (float) alpha, a.floatData(), a.off, a.rs, a.cs, b.floatData(), b.off,
                    b.rs, b.cs, (float) beta, cf, c.off, c.rs, c.cs, ws);
        }
        return c.withData(cf);
    }
}
