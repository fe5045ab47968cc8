package org.ferrite.einsum;

import static org.assertj.core.api.Assertions.assertThat;

import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.junit.jupiter.api.Test;

class PlanCacheTest {
    private static TensorRead[] ops(DType d, long n) {
        return new TensorRead[] {Tensor.zeros(d, n, n), Tensor.zeros(d, n, n)};
    }

    @Test
    void aRepeatedCallReturnsTheCachedExpression() {
        PlanCache cache = new PlanCache();
        EinsumExpression first = cache.get("ij,jk->ik", EinsumOptions.DEFAULT, ops(DType.F64, 3));
        assertThat(cache.get("ij,jk->ik", EinsumOptions.DEFAULT, ops(DType.F64, 3))).isSameAs(first);
        // equal but distinct notation and options objects hit too
        assertThat(cache.get(new String("ij,jk->ik"), EinsumOptions.builder().build(), ops(DType.F64, 3)))
                .isSameAs(first);
        assertThat(cache.size()).isEqualTo(1);
    }

    @Test
    void theKeyIsNotationOptionsDtypesAndShapes() {
        PlanCache cache = new PlanCache();
        EinsumExpression base = cache.get("ij,jk->ik", EinsumOptions.DEFAULT, ops(DType.F64, 3));
        assertThat(cache.get("ij,jk->ik", EinsumOptions.DEFAULT, ops(DType.F64, 4))).isNotSameAs(base);
        assertThat(cache.get("ij,jk->ik", EinsumOptions.DEFAULT, ops(DType.F32, 3))).isNotSameAs(base);
        assertThat(cache.get("ij,jk->ki", EinsumOptions.DEFAULT, ops(DType.F64, 3))).isNotSameAs(base);
        EinsumOptions greedy = EinsumOptions.builder().optimizer(PathOptimizer.GREEDY).build();
        assertThat(cache.get("ij,jk->ik", greedy, ops(DType.F64, 3))).isNotSameAs(base);
        Subscripts parsed = Subscripts.parse("ij,jk->ik");
        EinsumExpression viaSubscripts = cache.get(parsed, EinsumOptions.DEFAULT, ops(DType.F64, 3));
        assertThat(viaSubscripts).isNotSameAs(base);
        assertThat(cache.get(Subscripts.parse("ij,jk"), EinsumOptions.DEFAULT, ops(DType.F64, 3)))
                .as("Subscripts compare by meaning").isSameAs(viaSubscripts);
        assertThat(cache.get("ij,jk->ik", EinsumOptions.DEFAULT, ops(DType.F64, 3))).isSameAs(base);
        assertThat(cache.size()).isEqualTo(6);
    }

    @Test
    void itHoldsAtMostItsCapacityAndReplacesTheLeastRecentlyUsed() {
        PlanCache cache = new PlanCache();
        EinsumExpression keep = cache.get("ij->ji", EinsumOptions.DEFAULT, new TensorRead[] {Tensor.zeros(DType.F64,
                1, 1)});
        for (long n = 2; n < 2 + PlanCache.CAPACITY + 10; n++) {
            cache.get("ij->ji", EinsumOptions.DEFAULT, new TensorRead[] {Tensor.zeros(DType.F64, n, n)});
            // touching the first entry keeps it the most recently used
            assertThat(cache.get("ij->ji", EinsumOptions.DEFAULT, new TensorRead[] {Tensor.zeros(DType.F64, 1, 1)}))
                    .isSameAs(keep);
        }
        assertThat(cache.size()).isEqualTo(PlanCache.CAPACITY);
        EinsumExpression evicted = cache.get("ij->ji", EinsumOptions.DEFAULT, new TensorRead[] {Tensor.zeros(
                DType.F64, 2, 2)});
        assertThat(evicted.operands().get(0).shape()).containsExactly(2, 2);
        assertThat(cache.size()).isEqualTo(PlanCache.CAPACITY);
    }

    @Test
    void operandsThatMatchNoEntryCompileAFreshOneWithTheirErrors() {
        PlanCache cache = new PlanCache();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> cache.get("ij,jk->ik", EinsumOptions.DEFAULT,
                new TensorRead[] {Tensor.zeros(DType.F64, 2, 3), Tensor.zeros(DType.F64, 4, 2)}))
                .isInstanceOf(org.ferrite.api.error.ValidationException.class).hasMessageContaining("label 'j'");
        assertThat(cache.size()).as("failures are not cached").isZero();
    }
}
