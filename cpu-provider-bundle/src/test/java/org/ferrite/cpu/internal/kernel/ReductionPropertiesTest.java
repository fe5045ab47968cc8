package org.ferrite.cpu.internal.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.cpu.internal.kernel.Operands.Layout;
import org.ferrite.testkit.oracle.SeededCases;
import org.junit.jupiter.api.Test;

/**
 * Properties of reductions over generated shapes, axis sets (any order) and layouts. Cases come from a
 * fixed seed, so every run checks the same inputs; each case prints as its own reproducer.
 */
class ReductionPropertiesTest {
    private static final DType[] DTYPES = {DType.I32, DType.I64, DType.F32, DType.F64, DType.C64, DType.C128};

    /** One generated reduction. */
    static final class Case {
        final long[] shape;
        final int[] axes;
        final Layout in;
        final Layout out;
        final ReduceOp op;
        final DType dtype;
        final long seed;

        Case(SplittableRandom rnd) {
            shape = Operands.randomShape(rnd, 4, 4);
            axes = ReductionKernelsTest.randomAxes(rnd, shape.length);
            in = Layout.values()[rnd.nextInt(Layout.values().length)];
            out = Operands.OUTPUT_LAYOUTS[rnd.nextInt(Operands.OUTPUT_LAYOUTS.length)];
            op = ReduceOp.values()[rnd.nextInt(ReduceOp.values().length)];
            dtype = DTYPES[rnd.nextInt(DTYPES.length)];
            seed = rnd.nextLong();
        }

        boolean defined() {
            return ReductionKernelsTest.domain(dtype).contains(op)
                    && !((op == ReduceOp.MAX || op == ReduceOp.MIN) && ReductionKernelsTest.hasZeroExtent(shape, axes));
        }

        @Override
        public String toString() {
            return op + " " + dtype + " shape " + Arrays.toString(shape) + " axes " + Arrays.toString(axes) + " " + in
                    + "->" + out + " seed " + seed;
        }
    }

    static List<Case> cases() {
        SplittableRandom rnd = new SplittableRandom(20261129);
        List<Case> cases = new ArrayList<>();
        while (cases.size() < 300) {
            Case c = new Case(rnd);
            if (c.defined()) {
                cases.add(c);
            }
        }
        return cases;
    }

    @Test
    void everyReductionMatchesTheNaiveReference() {
        SeededCases.forEachOf(cases(), ReductionPropertiesTest::matchesTheNaiveReference);
    }

    private static void matchesTheNaiveReference(Case c) {
        TensorRead x = Operands.random(c.dtype, c.shape, c.in, c.seed);
        ReductionKernelsTest.checkAgainstReference(TestKernelContext.serial(), c.op, x, c.axes, c.out, c.seed + 1);
    }

    /** Reducing an axis set at once equals reducing it one axis at a time (exact for I64 SUM, PROD, MAX). */
    @Test
    void reducingAtOnceEqualsReducingAxisByAxis() {
        SeededCases.forEachOf(cases(), ReductionPropertiesTest::atOnceEqualsAxisByAxis);
    }

    private static void atOnceEqualsAxisByAxis(Case c) {
        ReduceOp op = c.op == ReduceOp.PROD || c.op == ReduceOp.MAX ? c.op : ReduceOp.SUM;
        if (op == ReduceOp.MAX && ReductionKernelsTest.hasZeroExtent(c.shape, c.axes)) {
            return;
        }
        TestKernelContext ctx = TestKernelContext.serial();
        TensorRead x = Operands.random(DType.I64, c.shape, c.in, c.seed);
        Tensor atOnce = Tensor.zeros(DType.I64, OperandChecks.reducedShape("t", x, c.axes));
        ReductionKernels.reduceInto(ctx, op, x, c.axes, atOnce);
        int[] sorted = c.axes.clone();
        Arrays.sort(sorted);
        TensorRead step = x;
        for (int k = sorted.length - 1; k >= 0; k--) { // highest axis first keeps lower axis numbers valid
            int[] one = {sorted[k]};
            Tensor next = Tensor.zeros(DType.I64, OperandChecks.reducedShape("t", step, one));
            ReductionKernels.reduceInto(ctx, op, step, one, next);
            step = next;
        }
        assertThat(Tensor.contentEquals(atOnce, step)).as(c.toString()).isTrue();
    }
}
