package org.ferrite.cpu.internal.contract;

import static org.assertj.core.api.Assertions.assertThat;

import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.internal.gemm.GemmTier;
import org.junit.jupiter.api.Test;

/** {@link ContractionPlanner}: axis merging, the permute-free routes, and when it packs. */
class ContractionPlannerTest {

    private static ContractionPlan plan(TensorRead lhs, TensorRead rhs, DotGeneralConfig cfg, TensorRead out,
            GemmRoute route, boolean nativeAvailable) {
        return ContractionPlanner.compile(lhs, rhs, cfg, out, route, nativeAvailable);
    }

    @Test
    void compactMatrixProductRunsInPlaceWithoutPacking() {
        ContractionPlan p = plan(Tensor.zeros(DType.F64, 64, 32), Tensor.zeros(DType.F64, 32, 16),
                DotGeneralConfig.MATMUL, Tensor.zeros(DType.F64, 64, 16), GemmRoute.JAVA, false);
        assertThat(p.kind).isEqualTo(ContractionPlan.Kind.PRODUCT);
        assertThat(p.tier).isEqualTo(GemmTier.BLOCKED);
        assertThat(new int[] {p.m, p.n, p.k}).containsExactly(64, 16, 32);
        assertThat(p.a.packed || p.b.packed || p.outputScratch || p.swapped).isFalse();
        assertThat(p.scratchScalars).isZero();
    }

    @Test
    void transposedOperandsAreReadThroughTheirStrides() {
        Tensor at = Tensor.zeros(DType.F64, 32, 64);
        Tensor bt = Tensor.zeros(DType.F64, 16, 32);
        ContractionPlan p = plan(at.transpose(), bt.transpose(), DotGeneralConfig.MATMUL,
                Tensor.zeros(DType.F64, 64, 16), GemmRoute.NATIVE, true);
        assertThat(p.a.packed || p.b.packed || p.outputScratch).isFalse();
        assertThat(new int[] {p.a.rowStride, p.a.colStride}).containsExactly(32, 1);
    }

    @Test
    void aRowMajorOutputIsComputedAsTheTransposedProduct() {
        Tensor outT = Tensor.zeros(DType.F64, 16, 64);
        ContractionPlan p = plan(Tensor.zeros(DType.F64, 64, 32), Tensor.zeros(DType.F64, 32, 16),
                DotGeneralConfig.MATMUL, outT.transpose(), GemmRoute.NATIVE, true);
        assertThat(p.swapped).isTrue();
        assertThat(p.a.fromRhs).isTrue();
        assertThat(new int[] {p.m, p.n}).containsExactly(16, 64);
        assertThat(p.outputScratch).isFalse();
    }

    @Test
    void contiguousAxesMergeIntoOneMatrixDimension() {
        // lhs [2, 3, 5] contracting its last axis with rhs [5, 4]: rows 2·3 merge
        ContractionPlan p = plan(Tensor.zeros(DType.F32, 2, 3, 5), Tensor.zeros(DType.F32, 5, 4),
                DotGeneralConfig.contracting(new int[] {2}, new int[] {0}), Tensor.zeros(DType.F32, 2, 3, 4),
                GemmRoute.JAVA, false);
        assertThat(p.m).isEqualTo(6);
        assertThat(p.a.packed || p.b.packed || p.outputScratch).isFalse();
    }

    @Test
    void interleavedAxesArePackedAndTheOutputGoesThroughScratch() {
        // lhs [m=3, k=4, m'=5] (rows span axes 0 and 2, not mergeable) and out permuted
        Tensor lhs = Tensor.zeros(DType.C64, 3, 4, 5);
        Tensor rhs = Tensor.zeros(DType.C64, 4, 6);
        DotGeneralConfig cfg = DotGeneralConfig.contracting(new int[] {1}, new int[] {0});
        ContractionPlan p = plan(lhs, rhs, cfg, Tensor.zeros(DType.C64, 3, 5, 6), GemmRoute.JAVA, false);
        assertThat(p.a.packed).isTrue();
        assertThat(p.b.packed).isFalse();
        assertThat(p.outputScratch).isTrue();
        assertThat(p.scratchScalars).isEqualTo(2 * (15 * 4 + 15 * 6));
    }

    @Test
    void negativeStridesArePackedForNativeBlasButReadInPlaceByJava() {
        Tensor a = Tensor.zeros(DType.F64, 40, 40);
        ContractionPlan nativePlan = plan(a.reverse(0), a.copy(), DotGeneralConfig.MATMUL,
                Tensor.zeros(DType.F64, 40, 40), GemmRoute.NATIVE, true);
        ContractionPlan javaPlan = plan(a.reverse(0), a.copy(), DotGeneralConfig.MATMUL,
                Tensor.zeros(DType.F64, 40, 40), GemmRoute.JAVA, true);
        assertThat(nativePlan.a.packed).isTrue();
        assertThat(javaPlan.a.packed).isFalse();
    }

    @Test
    void emptyOutputsAndEmptyContractionsRunNoProduct() {
        assertThat(plan(Tensor.zeros(DType.F64, 0, 3), Tensor.zeros(DType.F64, 3, 2), DotGeneralConfig.MATMUL,
                Tensor.zeros(DType.F64, 0, 2), GemmRoute.AUTO, false).kind).isEqualTo(ContractionPlan.Kind.EMPTY);
        assertThat(plan(Tensor.zeros(DType.F64, 2, 0), Tensor.zeros(DType.F64, 0, 2), DotGeneralConfig.MATMUL,
                Tensor.zeros(DType.F64, 2, 2), GemmRoute.AUTO, false).kind).isEqualTo(ContractionPlan.Kind.SCALE);
    }

    @Test
    void theTinyCaseIsAPlainInPlaceProduct() {
        ContractionPlan p = plan(Tensor.zeros(DType.F64, 2, 2), Tensor.zeros(DType.F64, 2, 1), DotGeneralConfig.MATMUL,
                Tensor.zeros(DType.F64, 2, 1), GemmRoute.AUTO, true);
        assertThat(p.tier).isEqualTo(GemmTier.TINY);
        assertThat(p.a.packed || p.b.packed || p.outputScratch || p.swapped).isFalse();
        assertThat(p.batch.dims()).isZero();
    }
}
