package org.ferrite.cpu.internal.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import org.ferrite.api.session.GatherConfig;
import org.ferrite.api.session.ScatterConfig;
import org.ferrite.api.session.ScatterMode;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.CacheStats;
import org.junit.jupiter.api.Test;

/** Gather and scatter compile once per (dtypes, shapes, strides, config) and reuse the plan. */
class IndexedPlanCachingTest {
    private static final GatherConfig ROWS = GatherConfig.builder().offsetDims(1).collapsedSliceDims(0)
            .startIndexMap(0).indexVectorDim(1).sliceSizes(1, 4).build();

    @Test
    void repeatedGathersHitTheirPlanAcrossOffsetsAndEqualConfigs() {
        TestKernelContext ctx = TestKernelContext.serial();
        Tensor big = Tensor.random(DType.F64, 1, 10, 4);
        Tensor idx = Tensor.of(new int[] {0, 2, 4}, 3);
        Tensor out = Tensor.zeros(DType.F64, 3, 4);
        IndexingKernels.gatherInto(ctx, big.slice(0, 0, 5, 1), idx, ROWS, out);
        // a view at another offset with the same strides, and an equal but distinct config
        GatherConfig same = GatherConfig.builder().offsetDims(1).collapsedSliceDims(0).startIndexMap(0)
                .indexVectorDim(1).sliceSizes(1, 4).build();
        TensorRead lower = big.slice(0, 5, 10, 1);
        IndexingKernels.gatherInto(ctx, lower, idx, same, out);
        assertThat(out.getDouble(2, 3)).isEqualTo(lower.getDouble(4, 3));
        CacheStats s = ctx.indexedPlans().stats();
        assertThat(s.misses()).isEqualTo(1);
        assertThat(s.hits()).isEqualTo(1);
        assertThat(s.entries()).isEqualTo(1);

        IndexingKernels.gatherInto(ctx, big.slice(0, 0, 5, 1).transpose().transpose(), idx, ROWS, out);
        IndexingKernels.gatherInto(ctx, Tensor.random(DType.F64, 2, 4, 5).transpose(), idx, ROWS, out);
        assertThat(ctx.indexedPlans().stats().misses()).as("new strides compile a new plan").isEqualTo(2);
        IndexingKernels.gatherInto(ctx, big.slice(0, 0, 5, 1), Tensor.of(new long[] {0, 2, 4}, 3), ROWS, out);
        assertThat(ctx.indexedPlans().stats().misses()).as("a new index dtype compiles a new plan").isEqualTo(3);
    }

    @Test
    void gatherAndScatterPlansShareOneBoundedCache() {
        TestKernelContext ctx = TestKernelContext.withPlanCache(2, 1 << 20);
        Tensor operand = Tensor.random(DType.F32, 3, 6, 4);
        Tensor idx = Tensor.of(new int[] {1, 3}, 2);
        Tensor updates = Tensor.random(DType.F32, 4, 2, 4);
        TensorWrite out = Tensor.zeros(DType.F32, 2, 4);
        ScatterConfig replace = ScatterConfig.builder().updateWindowDims(1).insertedWindowDims(0)
                .scatterDimsToOperandDims(0).indexVectorDim(1).build();
        ScatterConfig add = ScatterConfig.builder().updateWindowDims(1).insertedWindowDims(0)
                .scatterDimsToOperandDims(0).indexVectorDim(1).mode(ScatterMode.ADD).build();
        IndexingKernels.gatherInto(ctx, operand, idx, ROWS, out); // [gather]
        IndexingKernels.scatterInto(ctx, operand, idx, updates, replace, operand); // [gather, replace]
        IndexingKernels.scatterInto(ctx, operand, idx, updates, add, operand); // [replace, add]
        CacheStats s = ctx.indexedPlans().stats();
        assertThat(s.misses()).isEqualTo(3);
        assertThat(s.evictions()).isEqualTo(1);
        assertThat(s.entries()).isEqualTo(2);
        IndexingKernels.scatterInto(ctx, operand, idx, updates, replace, operand); // hit: [add, replace]
        assertThat(ctx.indexedPlans().stats().hits()).isEqualTo(1);
        IndexingKernels.gatherInto(ctx, operand, idx, ROWS, out); // evicted earlier: [replace, gather]
        assertThat(ctx.indexedPlans().stats().misses()).isEqualTo(4);
        IndexingKernels.scatterInto(ctx, operand, idx, updates, add, operand); // add was evicted
        assertThat(ctx.indexedPlans().stats().misses()).isEqualTo(5);
        assertThat(ctx.indexedPlans().stats().evictions()).isEqualTo(3);
        assertThat(ctx.indexedPlans().stats().entries()).isEqualTo(2);
    }
}
