package org.ferrite.cpu.internal.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.GatherConfig;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.ScatterConfig;
import org.ferrite.api.session.ScatterMode;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.junit.jupiter.api.Test;

/**
 * The serial {@code …Into} paths allocate nothing once warm: compact and strided maps, copies, casts,
 * reductions, and gather/scatter on a plan-cache hit. Measured with the JVM's per-thread allocation
 * counter over many calls (a count, not a timing).
 */
class HotPathAllocationTest {
    private static final int CALLS = 2000;

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getThreadAllocatedBytes(
                Thread.currentThread().getId());
    }

    /**
     * Warms {@code call} up, then counts the bytes {@code CALLS} more calls allocate. A one-time event in
     * the measured window (class resolution after a deoptimisation) is not the call's own allocation,
     * so up to three rounds are measured and the quietest one counts; a per-call allocation shows in
     * every round.
     */
    private static void assertAllocationFree(String what, Runnable call) {
        for (int i = 0; i < CALLS; i++) {
            call.run(); // warm up: class init, lambda linkage, thread-local scratch
        }
        long perCall = Long.MAX_VALUE;
        for (int round = 0; round < 3 && perCall > 0; round++) {
            long before = allocatedBytes();
            for (int i = 0; i < CALLS; i++) {
                call.run();
            }
            perCall = Math.min(perCall, (allocatedBytes() - before) / CALLS);
        }
        assertThat(perCall).as(what + " bytes per call").isZero();
    }

    @Test
    void warmIntoPathsAllocateNothing() {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean
                && ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                        .isThreadAllocatedMemoryEnabled());
        TestKernelContext ctx = TestKernelContext.serial();
        Tensor a = Tensor.random(DType.F64, 1, 6, 5);
        Tensor b = Tensor.random(DType.F64, 2, 6, 5);
        Tensor out = Tensor.zeros(DType.F64, 6, 5);
        TensorRead at = Tensor.random(DType.F64, 3, 5, 6).transpose();
        TensorRead row = Tensor.random(DType.F64, 4, 1, 5).broadcastTo(6, 5);
        TensorWrite outT = Tensor.zeros(DType.F64, 5, 6).transpose();
        Tensor c = Tensor.random(DType.C64, 5, 6, 5);
        Tensor cOut = Tensor.zeros(DType.C64, 6, 5);
        Tensor bools = Tensor.zeros(DType.BOOL, 6, 5);
        Tensor sums = Tensor.zeros(DType.F64, 5);
        Tensor ints = Tensor.zeros(DType.I32, 6, 5);
        assertAllocationFree("compact add", () -> ElementwiseKernels.binaryInto(ctx, BinaryOp.ADD, a, b, out));
        assertAllocationFree("strided add", () -> ElementwiseKernels.binaryInto(ctx, BinaryOp.MUL, at, row, outT));
        TensorRead cView = c.transpose().transpose();
        assertAllocationFree("complex exp", () -> ElementwiseKernels.unaryInto(ctx, UnaryOp.EXP, cView, cOut));
        assertAllocationFree("compare", () -> ElementwiseKernels.compareInto(ctx, CompareOp.LT, at, row, bools));
        assertAllocationFree("select", () -> ElementwiseKernels.selectInto(ctx, bools, a, at, out));
        assertAllocationFree("transpose copy", () -> StructuralKernels.copyInto(ctx, at, out));
        assertAllocationFree("cast", () -> StructuralKernels.castInto(ctx, at, ints));
        int[] axes = {0};
        assertAllocationFree("sum", () -> ReductionKernels.reduceInto(ctx, ReduceOp.SUM, at, axes, sums));

        Tensor idx = Tensor.of(new int[] {0, 2, 4}, 3);
        GatherConfig rows = GatherConfig.builder().offsetDims(1).collapsedSliceDims(0).startIndexMap(0)
                .indexVectorDim(1).sliceSizes(1, 5).build();
        Tensor gathered = Tensor.zeros(DType.F64, 3, 5);
        assertAllocationFree("gather", () -> IndexingKernels.gatherInto(ctx, a, idx, rows, gathered));
        ScatterConfig add = ScatterConfig.builder().updateWindowDims(1).insertedWindowDims(0)
                .scatterDimsToOperandDims(0).indexVectorDim(1).mode(ScatterMode.ADD).build();
        assertAllocationFree("scatter", () -> IndexingKernels.scatterInto(ctx, out, idx, gathered, add, out));
        assertAllocationFree("gather then scatter", () -> {
            IndexingKernels.gatherInto(ctx, a, idx, rows, gathered);
            IndexingKernels.scatterInto(ctx, out, idx, gathered, add, out);
        });
    }
}
