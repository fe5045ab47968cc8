package org.ferrite.cpu.internal.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.internal.gemm.GemmTier;
import org.ferrite.cpu.internal.gemm.NativeBlas;
import org.ferrite.testkit.oracle.SeededCases;
import org.junit.jupiter.api.Test;

/**
 * {@link DirectProduct}'s matrix–vector forms: which single products the plan runs on
 * {@link org.ferrite.cpu.internal.gemm.DoubleMatVec} (decided once, at planning), and that those products
 * equal the naive reference over random extents, layouts (permuted, reversed, stepped, broadcast) and
 * accumulations, writing nothing outside their output.
 */
class DirectProductTest {
    private static final int CASES = 300;

    @Test
    void theBenchmarkedMatrixTimesVectorRunsTheColumnsForm() {
        // HeldSessionDispatchBenchmark: A n×n column-major F64, x n×1, y n×1, route AUTO
        for (int n : new int[] {8, 32}) {
            for (boolean nativeAvailable : new boolean[] {false, true}) {
                ContractionPlan p = ContractionPlanner.compile(Tensor.zeros(DType.F64, n, n),
                        Tensor.zeros(DType.F64, n, 1), DotGeneralConfig.MATMUL, Tensor.zeros(DType.F64, n, 1),
                        GemmRoute.AUTO, nativeAvailable);
                assertThat(p.tier).as("n = %d", n).isEqualTo(GemmTier.TINY);
                assertThat(p.direct.form).as("n = %d, native %s", n, nativeAvailable)
                        .isEqualTo(DirectProduct.Form.MATVEC_COLUMNS);
            }
        }
    }

    @Test
    void rowMajorMatricesAndVectorTimesMatrixRunTheRowsForm() {
        TensorRead at = Tensor.zeros(DType.F32, 24, 24).transpose(); // row-major A
        ContractionPlan ax = ContractionPlanner.compile(at, Tensor.zeros(DType.F32, 24), DotGeneralConfig.MATMUL,
                Tensor.zeros(DType.F32, 24), GemmRoute.JAVA, false);
        assertThat(ax.direct.form).isEqualTo(DirectProduct.Form.MATVEC_ROWS);
        // xᵀ·A with A column-major: y[j] = Σ_p x[p]·A[p, j], each column of A a contiguous dot product
        ContractionPlan xa = ContractionPlanner.compile(Tensor.zeros(DType.F64, 1, 24), Tensor.zeros(DType.F64, 24, 24),
                DotGeneralConfig.MATMUL, Tensor.zeros(DType.F64, 1, 24), GemmRoute.JAVA, false);
        assertThat(new int[] {xa.m, xa.n}).containsExactly(1, 24);
        assertThat(xa.direct.form).isEqualTo(DirectProduct.Form.MATVEC_ROWS);
    }

    @Test
    void tinyOrNonUnitStridedMatricesKeepTheTinyLoops() {
        assertThat(DirectProduct.singleFormOf(2, 1, 1, 2)).isEqualTo(DirectProduct.Form.SCALAR); // 2×2·2×1
        assertThat(DirectProduct.singleFormOf(3, 1, 1, 3)).isEqualTo(DirectProduct.Form.SCALAR);
        assertThat(DirectProduct.singleFormOf(1, 1, 0, 0)).isEqualTo(DirectProduct.Form.SCALAR); // a dot product
        assertThat(DirectProduct.singleFormOf(8, 1, 2, 16)).isEqualTo(DirectProduct.Form.SCALAR); // stepped
        assertThat(DirectProduct.singleFormOf(8, 2, 1, 8)).isEqualTo(DirectProduct.Form.SCALAR); // two columns
        assertThat(DirectProduct.singleFormOf(4, 1, 1, 4)).isEqualTo(DirectProduct.Form.MATVEC_COLUMNS);
        assertThat(DirectProduct.singleFormOf(1, 4, 3, 1)).isEqualTo(DirectProduct.Form.MATVEC_ROWS);
    }

    @Test
    void matrixVectorProductsMatchTheNaiveReference() {
        Map<DirectProduct.Form, Integer> forms = new EnumMap<>(DirectProduct.Form.class);
        Views.Layout[] layouts = Views.Layout.values();
        SeededCases.forEach(CASES, seed -> {
            SplittableRandom rnd = new SplittableRandom(seed);
            DType dtype = rnd.nextBoolean() ? DType.F64 : DType.F32;
            GemmRoute route = rnd.nextBoolean() ? GemmRoute.JAVA : GemmRoute.AUTO;
            long rows = rnd.nextInt(8) == 0 ? rnd.nextInt(2) : 1 + rnd.nextInt(70);
            long k = rnd.nextInt(8) == 0 ? rnd.nextInt(2) : 1 + rnd.nextInt(70);
            boolean vectorTimesMatrix = rnd.nextBoolean();
            long[] matrixFree = {rows};
            long[] vectorFree = rnd.nextBoolean() ? new long[0] : new long[] {1};
            double alpha = rnd.nextInt(3) == 0 ? 1 : rnd.nextDouble(-2, 2);
            int betaRoll = rnd.nextInt(3);
            double beta = betaRoll == 0 ? 0 : betaRoll == 1 ? 1 : rnd.nextDouble(-2, 2);
            Accumulation acc = new Accumulation(alpha, 0, beta, 0, false, false);
            ContractionCase c = ContractionCase.build(dtype, new long[0], new long[] {k},
                    vectorTimesMatrix ? vectorFree : matrixFree, vectorTimesMatrix ? matrixFree : vectorFree,
                    layouts[rnd.nextInt(layouts.length)], layouts[rnd.nextInt(layouts.length)],
                    layouts[rnd.nextInt(layouts.length)], acc, rnd);
            ContractionPlan plan = ContractionPlanner.compile(c.lhs, c.rhs, c.config, c.out, route,
                    NativeBlas.get().available());
            if (plan.direct != null) {
                forms.merge(plan.direct.form, 1, Integer::sum);
            }
            c.check(route, new TestKernelContext(route)); // every element, and nothing outside out written
        });
        // the generator really reaches both new forms and the tiny loops beside them
        assertThat(forms).as("forms run").containsKeys(DirectProduct.Form.MATVEC_COLUMNS,
                DirectProduct.Form.MATVEC_ROWS, DirectProduct.Form.SCALAR);
    }
}
