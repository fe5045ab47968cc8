package org.ferrite.cpu.internal.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.internal.gemm.SequentialParallelRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link ContractionKernels#dotGeneralAccumulate}: hand-computed cases, random configurations against
 * the naive reference on every route and dtype, accumulation semantics, and validation before the first
 * write.
 */
class ContractionKernelsTest {
    private static final DType[] FLOATING = {DType.F32, DType.F64, DType.C64, DType.C128};
    private static final DotGeneralConfig MATMUL = DotGeneralConfig.MATMUL;

    @ParameterizedTest
    @EnumSource(GemmRoute.class)
    void handComputedMatrixVectorProductOnEveryDtype(GemmRoute route) {
        for (DType dtype : FLOATING) {
            // [1 2; 3 4] · [5; 6] = [17; 39]
            Tensor a = Tensor.fromRowMajor(DType.F64, new double[] {1, 2, 3, 4}, 2, 2);
            Tensor lhs = convert(a, dtype);
            Tensor rhs = convert(Tensor.of(new double[] {5, 6}, 2, 1), dtype);
            Tensor out = Tensor.full(dtype, Double.NaN, 2, 1);
            ContractionKernels.dotGeneralAccumulate(new TestKernelContext(route), lhs, rhs, MATMUL,
                    Accumulation.OVERWRITE, out);
            assertThat(out.getReal(0, 0)).as("%s", dtype).isEqualTo(17);
            assertThat(out.getReal(1, 0)).as("%s", dtype).isEqualTo(39);
            assertThat(out.getImag(1, 0)).isZero();
        }
    }

    @Test
    void batchAxesTrailTheOutputAndPairInListOrder() {
        // lhs [b=2, m=2, k=3], rhs [k=3, n=1, b=2] → out [m, n, b]
        Tensor lhs = Tensor.arange(DType.F64, 12).reshape(2, 2, 3).copy();
        Tensor rhs = Tensor.arange(DType.F64, 6).reshape(3, 1, 2).copy();
        DotGeneralConfig cfg = DotGeneralConfig.of(new int[] {2}, new int[] {0}, new int[] {0}, new int[] {2});
        Tensor out = Tensor.zeros(DType.F64, 2, 1, 2);
        ContractionKernels.dotGeneralAccumulate(new TestKernelContext(GemmRoute.AUTO), lhs, rhs, cfg,
                Accumulation.OVERWRITE, out);
        for (int b = 0; b < 2; b++) {
            for (int m = 0; m < 2; m++) {
                double s = 0;
                for (int k = 0; k < 3; k++) {
                    s += lhs.getDouble(b, m, k) * rhs.getDouble(k, 0, b);
                }
                assertThat(out.getDouble(m, 0, b)).isEqualTo(s);
            }
        }
    }

    @Test
    void repeatedAllocatingCallsReuseTheirPlanAndIntegerCallsNeverTakeAFloatingPlan() {
        TestKernelContext ctx = new TestKernelContext(GemmRoute.JAVA);
        org.ferrite.cpu.internal.pool.BufferPool buffers = new org.ferrite.cpu.internal.pool.BufferPool(1 << 20);
        Tensor a = Tensor.fromRowMajor(DType.F64, new double[] {1, 2, 3, 4}, 2, 2);
        Tensor x = Tensor.of(new double[] {5, 6}, 2, 1);
        Tensor ia = Tensor.of(new int[] {1, 3, 2, 4}, 2, 2); // [1 2; 3 4] column-major
        Tensor ix = Tensor.of(new int[] {5, 6}, 2, 1);
        for (int round = 0; round < 3; round++) {
            Tensor y = ContractionKernels.dotGeneral(ctx, buffers, a, x, MATMUL);
            assertThat(y.dtype()).isEqualTo(DType.F64);
            assertThat(new double[] {y.getDouble(0, 0), y.getDouble(1, 0)}).as("round %d", round)
                    .containsExactly(17, 39);
            Tensor iy = ContractionKernels.dotGeneral(ctx, buffers, ia, ix, MATMUL);
            assertThat(iy.dtype()).isEqualTo(DType.I32);
            assertThat(iy.shape()).containsExactly(2, 1);
            assertThat(new long[] {iy.getLong(0, 0), iy.getLong(1, 0)}).as("round %d", round).containsExactly(17, 39);
            Tensor again = ContractionKernels.dotGeneral(ctx, buffers, ia, ix, MATMUL);
            assertThat(again.getLong(1, 0)).isEqualTo(39);
            assertThat(again.storage()).isNotSameAs(iy.storage());
        }
        assertThat(ctx.contractionPlans().stats().hits()).as("the repeated F64 calls hit").isPositive();
    }

    @Test
    void aChainOfAllocatingCallsOnNewOperandsGivesFreshResultsOfTheRightShape() {
        TestKernelContext ctx = new TestKernelContext(GemmRoute.JAVA);
        org.ferrite.cpu.internal.pool.BufferPool buffers = new org.ferrite.cpu.internal.pool.BufferPool(1 << 20);
        Tensor a = Tensor.fromRowMajor(DType.F64, new double[] {0, 1, 1, 0}, 2, 2); // swaps the two entries
        Tensor v = Tensor.of(new double[] {1, 2}, 2, 1);
        for (int step = 0; step < 4; step++) {
            Tensor previous = v;
            v = ContractionKernels.dotGeneral(ctx, buffers, a, v, MATMUL); // a new operand each step
            assertThat(new double[] {v.getDouble(0, 0), v.getDouble(1, 0)}).as("step %d", step)
                    .containsExactly(step % 2 == 0 ? new double[] {2, 1} : new double[] {1, 2});
            assertThat(v.storage()).as("step %d writes a new array", step).isNotSameAs(previous.storage());
        }
        Tensor wide = ContractionKernels.dotGeneral(ctx, buffers, Tensor.zeros(DType.F64, 3, 2), v, MATMUL);
        assertThat(wide.shape()).containsExactly(3, 1);
        assertThat(wide.f64Data()).containsOnly(0);
    }

    @Test
    void aChainOfAllocatingCallsOnNewOperandsHitsThePlanByKeyAndOtherStridesDoNot() {
        TestKernelContext ctx = new TestKernelContext(GemmRoute.JAVA);
        org.ferrite.cpu.internal.pool.BufferPool buffers = new org.ferrite.cpu.internal.pool.BufferPool(1 << 20);
        Tensor a = Tensor.fromRowMajor(DType.F64, new double[] {1, 2, 3, 4}, 2, 2);
        Tensor v = Tensor.of(new double[] {1, 1}, 2, 1);
        double[] want = {1, 1};
        for (int step = 0; step < 5; step++) {
            v = ContractionKernels.dotGeneral(ctx, buffers, a, v, MATMUL);
            want = new double[] {want[0] + 2 * want[1], 3 * want[0] + 4 * want[1]};
            assertThat(new double[] {v.getDouble(0, 0), v.getDouble(1, 0)}).as("step %d", step).containsExactly(want);
        }
        assertThat(ctx.contractionPlans().stats().misses()).as("one plan for the whole chain").isEqualTo(1);
        // a column of a row-major 2×2 as the vector: row stride 2, not the key's 1 — a new plan, the right sum
        Tensor m = Tensor.fromRowMajor(DType.F64, new double[] {5, 0, 6, 0}, 2, 2).permute(1, 0).copy();
        TensorView strided = m.slice(0, 0, 1, 1).permute(1, 0);
        assertThat(strided.stride(0)).isEqualTo(2);
        Tensor y = ContractionKernels.dotGeneral(ctx, buffers, a, strided, MATMUL);
        assertThat(new double[] {y.getDouble(0, 0), y.getDouble(1, 0)}).containsExactly(17, 39);
        assertThat(ctx.contractionPlans().stats().misses()).isEqualTo(2);
        Tensor f32 = ContractionKernels.dotGeneral(ctx, buffers, convert(a, DType.F32), convert(v, DType.F32), MATMUL);
        assertThat(f32.dtype()).isEqualTo(DType.F32);
        assertThat(ctx.contractionPlans().stats().misses()).isEqualTo(3);
    }

    @Test
    void rankZeroOperandsMultiplyAsScalars() {
        Tensor out = Tensor.scalar(10);
        ContractionKernels.dotGeneralAccumulate(new TestKernelContext(GemmRoute.JAVA), Tensor.scalar(3),
                Tensor.scalar(4), DotGeneralConfig.contracting(new int[0], new int[0]), Accumulation.of(2, 0.5), out);
        assertThat(out.getDouble()).isEqualTo(29);
    }

    @ParameterizedTest
    @EnumSource(GemmRoute.class)
    void randomSmallConfigurationsMatchTheNaiveReference(GemmRoute route) {
        SplittableRandom rnd = new SplittableRandom(20260101L + route.ordinal());
        for (DType dtype : FLOATING) {
            TestKernelContext context = new TestKernelContext(route);
            for (int trial = 0; trial < 120; trial++) {
                ContractionCase.random(dtype, rnd, 4).check(route, context);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(GemmRoute.class)
    void randomMediumConfigurationsMatchTheNaiveReference(GemmRoute route) {
        SplittableRandom rnd = new SplittableRandom(77L + route.ordinal());
        for (DType dtype : FLOATING) {
            TestKernelContext context = new TestKernelContext(route, new SequentialParallelRunner(3),
                    new ContractionPlanCache());
            for (int trial = 0; trial < 12; trial++) {
                ContractionCase.random(dtype, rnd, 24).check(route, context);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(GemmRoute.class)
    void largeMatrixProductsThroughViewsMatchTheReference(GemmRoute route) {
        SplittableRandom rnd = new SplittableRandom(5);
        for (DType dtype : FLOATING) {
            TensorRead lhs = Views.input(dtype, new long[] {70, 90}, Views.Layout.PERMUTED, rnd);
            TensorRead rhs = Views.input(dtype, new long[] {90, 40}, Views.Layout.REVERSED, rnd);
            TensorWrite out = Views.output(dtype, new long[] {70, 40}, Views.Layout.STEPPED, rnd, false);
            Accumulation acc = dtype.isComplex() ? new Accumulation(0.5, -1, 1, 0.25, true, false)
                    : Accumulation.of(0.5, -1);
            double[] expected = NaiveDotGeneral.evaluate(lhs, rhs, MATMUL, acc, out);
            ContractionKernels.dotGeneralAccumulate(new TestKernelContext(route), lhs, rhs, MATMUL, acc, out);
            double tol = (dtype.realType() == DType.F64 ? 1e-12 : 1e-4);
            for (int j = 0; j < 40; j++) {
                for (int i = 0; i < 70; i++) {
                    int flat = i + 70 * j;
                    assertThat(out.getReal(i, j)).as("%s (%d,%d)", dtype, i, j)
                            .isCloseTo(expected[2 * flat], org.assertj.core.api.Assertions.within(tol * 90));
                    assertThat(out.getImag(i, j)).isCloseTo(expected[2 * flat + 1],
                            org.assertj.core.api.Assertions.within(tol * 90));
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(GemmRoute.class)
    void betaZeroIgnoresNaNInTheOutputAndBetaOneAccumulates(GemmRoute route) {
        Tensor lhs = Tensor.random(DType.C128, 1, 30, 20);
        Tensor rhs = Tensor.random(DType.C128, 2, 20, 10);
        Tensor out = Tensor.full(DType.C128, Double.NaN, 30, 10);
        TestKernelContext context = new TestKernelContext(route);
        ContractionKernels.dotGeneralAccumulate(context, lhs, rhs, MATMUL, Accumulation.OVERWRITE, out);
        Tensor once = out.copy();
        ContractionKernels.dotGeneralAccumulate(context, lhs, rhs, MATMUL, Accumulation.ADD, out);
        for (int j = 0; j < 10; j++) {
            for (int i = 0; i < 30; i++) {
                assertThat(once.getReal(i, j)).isNotNaN();
                assertThat(out.getReal(i, j)).isCloseTo(2 * once.getReal(i, j),
                        org.assertj.core.api.Assertions.within(1e-12));
                assertThat(out.getImag(i, j)).isCloseTo(2 * once.getImag(i, j),
                        org.assertj.core.api.Assertions.within(1e-12));
            }
        }
    }

    @Test
    void conjugationFlagsConjugateTheirOperand() {
        Tensor lhs = Tensor.ofComplex(new double[] {1, 2}, 1, 1);
        Tensor rhs = Tensor.ofComplex(new double[] {3, 4}, 1, 1);
        Tensor out = Tensor.zeros(DType.C128, 1, 1);
        TestKernelContext context = new TestKernelContext(GemmRoute.AUTO);
        ContractionKernels.dotGeneralAccumulate(context, lhs, rhs, MATMUL,
                Accumulation.OVERWRITE.withConjugation(true, false), out);
        assertThat(new double[] {out.getReal(0, 0), out.getImag(0, 0)}).containsExactly(11, -2);
        ContractionKernels.dotGeneralAccumulate(context, lhs, rhs, MATMUL,
                Accumulation.OVERWRITE.withConjugation(false, true), out);
        assertThat(new double[] {out.getReal(0, 0), out.getImag(0, 0)}).containsExactly(11, 2);
        ContractionKernels.dotGeneralAccumulate(context, lhs, rhs, MATMUL,
                Accumulation.OVERWRITE.withConjugation(true, true), out);
        assertThat(new double[] {out.getReal(0, 0), out.getImag(0, 0)}).containsExactly(-5, -10);
    }

    @Test
    void alphaZeroDoesNotReadTheOperands() {
        Tensor lhs = Tensor.full(DType.F64, Double.NaN, 3, 3);
        Tensor out = Tensor.full(DType.F64, 2, 3, 3);
        ContractionKernels.dotGeneralAccumulate(new TestKernelContext(GemmRoute.AUTO), lhs, lhs.copy(), MATMUL,
                Accumulation.of(0, 3), out);
        assertThat(out.f64Data()).containsOnly(6);
    }

    @Test
    void anEmptyContractionScalesTheOutputByBeta() {
        Tensor out = Tensor.full(DType.F32, 2, 3, 4);
        ContractionKernels.dotGeneralAccumulate(new TestKernelContext(GemmRoute.AUTO), Tensor.zeros(DType.F32, 3, 0),
                Tensor.zeros(DType.F32, 0, 4), MATMUL, Accumulation.of(1, 0.5), out);
        assertThat(out.f32Data()).containsOnly(1f);
        Tensor nan = Tensor.full(DType.F32, Float.NaN, 3, 4);
        ContractionKernels.dotGeneralAccumulate(new TestKernelContext(GemmRoute.AUTO), Tensor.zeros(DType.F32, 3, 0),
                Tensor.zeros(DType.F32, 0, 4), MATMUL, Accumulation.OVERWRITE, nan);
        assertThat(nan.f32Data()).containsOnly(0f);
    }

    // ------------------------------------------------------------------ validation

    @Test
    void boolOperandsAreRejectedAsDtypeMismatch() {
        expectRejected(Tensor.zeros(DType.BOOL, 2, 2), Tensor.zeros(DType.BOOL, 2, 2), MATMUL, Accumulation.OVERWRITE,
                Tensor.zeros(DType.BOOL, 2, 2), ValidationKind.DTYPE_MISMATCH, "lhs");
    }

    @Test
    void integerContractionChecksItsScalarsAndOutputBeforeWriting() {
        expectRejected(Tensor.ones(DType.I64, 2, 2), Tensor.ones(DType.I64, 2, 2), MATMUL, Accumulation.of(0.5, 0),
                Tensor.ones(DType.I64, 2, 2), ValidationKind.INVALID_ARGUMENT, "accumulation");
        expectRejected(Tensor.ones(DType.I32, 2, 2), Tensor.ones(DType.I32, 2, 2), MATMUL, Accumulation.OVERWRITE,
                Tensor.ones(DType.I64, 2, 2), ValidationKind.DTYPE_MISMATCH, "out");
        Tensor a = Tensor.ones(DType.I32, 2, 2);
        expectRejected(a, Tensor.ones(DType.I32, 2, 2), MATMUL, Accumulation.OVERWRITE, a, ValidationKind.INVALID_ARGUMENT,
                "out");
    }

    @Test
    void mixedOperandDtypesAreRejected() {
        expectRejected(Tensor.zeros(DType.F64, 2, 2), Tensor.zeros(DType.F32, 2, 2), MATMUL, Accumulation.OVERWRITE,
                Tensor.ones(DType.F64, 2, 2), ValidationKind.DTYPE_MISMATCH, "rhs");
    }

    @Test
    void anOutputOfAnotherDtypeIsRejected() {
        expectRejected(Tensor.zeros(DType.F64, 2, 2), Tensor.zeros(DType.F64, 2, 2), MATMUL, Accumulation.OVERWRITE,
                Tensor.ones(DType.C128, 2, 2), ValidationKind.DTYPE_MISMATCH, "out");
    }

    @Test
    void aContractingAxisBeyondTheRankIsRejected() {
        DotGeneralConfig cfg = DotGeneralConfig.contracting(new int[] {2}, new int[] {0});
        expectRejected(Tensor.zeros(DType.F64, 2, 2), Tensor.zeros(DType.F64, 2, 2), cfg, Accumulation.OVERWRITE,
                Tensor.ones(DType.F64, 2, 2), ValidationKind.AXIS_OUT_OF_BOUNDS, "lhsContracting");
    }

    @Test
    void unequalPairedExtentsAreRejected() {
        expectRejected(Tensor.zeros(DType.F64, 2, 3), Tensor.zeros(DType.F64, 2, 2), MATMUL, Accumulation.OVERWRITE,
                Tensor.ones(DType.F64, 2, 2), ValidationKind.SHAPE_MISMATCH, "rhs");
    }

    @Test
    void anOutputOfTheWrongShapeIsRejected() {
        expectRejected(Tensor.zeros(DType.F64, 2, 3), Tensor.zeros(DType.F64, 3, 4), MATMUL, Accumulation.OVERWRITE,
                Tensor.ones(DType.F64, 4, 2), ValidationKind.SHAPE_MISMATCH, "out");
    }

    @Test
    void aBroadcastOutputIsRejected() {
        Tensor storage = Tensor.ones(DType.F64, 2, 1);
        TensorWrite broadcast = TensorView.of(storage).broadcastTo(2, 2);
        expectRejected(Tensor.zeros(DType.F64, 2, 2), Tensor.zeros(DType.F64, 2, 2), MATMUL, Accumulation.OVERWRITE,
                broadcast, ValidationKind.INVALID_ARGUMENT, "out");
    }

    @Test
    void anOutputOverlappingAnOperandIsRejectedEvenOnTheCachedPath() {
        TestKernelContext context = new TestKernelContext(GemmRoute.AUTO);
        Tensor big = Tensor.random(DType.F64, 3, 2, 4);
        TensorView left = big.slice(1, 0, 2, 1);
        TensorView right = big.slice(1, 2, 4, 1);
        Tensor rhs = Tensor.random(DType.F64, 4, 2, 2);
        // warm the plan with a disjoint output of the same layout as `right`
        Tensor other = Tensor.zeros(DType.F64, 2, 4);
        ContractionKernels.dotGeneralAccumulate(context, left, rhs, MATMUL, Accumulation.OVERWRITE,
                other.slice(1, 2, 4, 1));
        double[] before = big.f64Data().clone();
        assertThatThrownBy(() -> ContractionKernels.dotGeneralAccumulate(context, left, rhs, MATMUL,
                Accumulation.OVERWRITE, TensorView.of(big).slice(1, 0, 2, 1)))
                .isInstanceOfSatisfying(ValidationException.class, e -> {
                    assertThat(e.validationKind()).isEqualTo(ValidationKind.INVALID_ARGUMENT);
                    assertThat(e.argument()).isEqualTo("out");
                });
        assertThat(right.size()).isEqualTo(4);
        assertThat(big.f64Data()).containsExactly(before);
    }

    @Test
    void complexScalarsOnARealDtypeAreRejected() {
        expectRejected(Tensor.zeros(DType.F64, 2, 2), Tensor.zeros(DType.F64, 2, 2), MATMUL,
                new Accumulation(1, 1, 0, 0, false, false), Tensor.ones(DType.F64, 2, 2),
                ValidationKind.INVALID_ARGUMENT, "accumulation");
    }

    private static void expectRejected(TensorRead lhs, TensorRead rhs, DotGeneralConfig cfg, Accumulation acc,
            TensorWrite out, ValidationKind kind, String argument) {
        Tensor before = out.copy();
        assertThatThrownBy(() -> ContractionKernels.dotGeneralAccumulate(new TestKernelContext(GemmRoute.AUTO), lhs,
                rhs, cfg, acc, out)).isInstanceOfSatisfying(ValidationException.class, e -> {
                    assertThat(e.validationKind()).isEqualTo(kind);
                    assertThat(e.argument()).isEqualTo(argument);
                    assertThat(e.getMessage()).contains(argument);
                });
        assertThat(Tensor.contentEquals(out, before)).as("out untouched").isTrue();
    }

    static Tensor convert(Tensor real, DType dtype) {
        Tensor t = Tensor.zeros(dtype, real.shape());
        long[] index = new long[real.rank()];
        for (int flat = 0; flat < real.size(); flat++) {
            NaiveDotGeneral.unravel(flat, real.shape(), index);
            t.set(real.getDouble(index), index);
        }
        return t;
    }
}
