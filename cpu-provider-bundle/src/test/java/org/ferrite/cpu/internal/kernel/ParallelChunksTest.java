package org.ferrite.cpu.internal.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.ReductionOps;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.kernel.Operands.Layout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Large operations split across workers give bit-identical results to a serial run. */
class ParallelChunksTest {
    private static final long[] SHAPE = {96, 40, 12}; // 46 080 elements, above the 32 Ki threshold
    private final TestKernelContext serial = TestKernelContext.serial();
    private final TestKernelContext inline = TestKernelContext.splitInline(3);
    private final TestKernelContext pooled = TestKernelContext.pooled(2);

    @AfterEach
    void closePool() {
        pooled.close();
    }

    private interface Kernel {
        void run(TestKernelContext ctx, TensorWrite out);
    }

    private void assertSameOnEveryRunner(DType outType, long[] shape, Layout outLayout, Kernel k) {
        TensorWrite s = Operands.random(outType, shape, outLayout, 1);
        TensorWrite i = Operands.random(outType, shape, outLayout, 1);
        TensorWrite p = Operands.random(outType, shape, outLayout, 1);
        int before = ((TestKernelContext.InlineRunner) inline.parallel()).splitCalls;
        k.run(serial, s);
        k.run(inline, i);
        k.run(pooled, p);
        assertThat(((TestKernelContext.InlineRunner) inline.parallel()).splitCalls).as("work was split")
                .isGreaterThan(before);
        assertThat(Tensor.contentEquals(i, s)).isTrue();
        assertThat(Tensor.contentEquals(p, s)).isTrue();
    }

    @Test
    void elementwiseMapsSplitAcrossWorkersWithIdenticalResults() {
        for (DType d : new DType[] {DType.F64, DType.C64, DType.I32}) {
            TensorRead a = Operands.random(d, SHAPE, Layout.TRANSPOSED, 2);
            TensorRead b = Operands.random(d, SHAPE, Layout.BROADCAST, 3);
            assertSameOnEveryRunner(d, SHAPE, Layout.STEPPED, (ctx, out) -> ElementwiseKernels.binaryInto(ctx,
                    BinaryOp.MUL, a, b, out));
            assertSameOnEveryRunner(d, SHAPE, Layout.NEGATIVE, (ctx, out) -> ElementwiseKernels.unaryInto(ctx,
                    UnaryOp.NEG, a, out));
            assertSameOnEveryRunner(DType.BOOL, SHAPE, Layout.STEPPED, (ctx, out) -> ElementwiseKernels.compareInto(ctx,
                    CompareOp.NE, a, b, out));
            TensorRead p = Operands.random(DType.BOOL, SHAPE, Layout.NEGATIVE, 4);
            assertSameOnEveryRunner(d, SHAPE, Layout.COMPACT, (ctx, out) -> ElementwiseKernels.selectInto(ctx, p, a, b,
                    out));
        }
    }

    @Test
    void copiesAndCastsSplitAcrossWorkersWithIdenticalResults() {
        TensorRead src = Operands.random(DType.C128, SHAPE, Layout.TRANSPOSED, 5);
        assertSameOnEveryRunner(DType.C128, SHAPE, Layout.COMPACT, (ctx, out) -> StructuralKernels.copyInto(ctx, src,
                out));
        assertSameOnEveryRunner(DType.I64, SHAPE, Layout.NEGATIVE, (ctx, out) -> StructuralKernels.castInto(ctx, src,
                out));
    }

    @Test
    void reductionsOverInnerAxesSplitKeptAxesWithIdenticalResults() {
        for (DType d : new DType[] {DType.F32, DType.C128}) {
            TensorRead x = Operands.random(d, SHAPE, Layout.STEPPED, 6);
            for (ReduceOp op : new ReduceOp[] {ReduceOp.SUM, ReduceOp.MEAN, ReduceOp.SUM_SQUARES}) {
                int[] axes = {0};
                long[] outShape = OperandChecks.reducedShape("t", x, axes);
                assertSameOnEveryRunner(ReductionOps.resultType(op, d), outShape, Layout.TRANSPOSED,
                        (ctx, out) -> ReductionKernels.reduceInto(ctx, op, x, axes, out));
            }
        }
    }
}
