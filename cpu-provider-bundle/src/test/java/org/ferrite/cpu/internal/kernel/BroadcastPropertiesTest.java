package org.ferrite.cpu.internal.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Shapes;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.testkit.oracle.SeededCases;
import org.junit.jupiter.api.Test;

/**
 * NumPy broadcasting through zero-stride views, over generated shape pairs (fixed seed): a binary map
 * or comparison over broadcast operands equals the same map over materialised copies, bit for bit.
 */
class BroadcastPropertiesTest {
    private static final BinaryOp[] OPS = {BinaryOp.ADD, BinaryOp.MUL, BinaryOp.DIV, BinaryOp.MAXIMUM, BinaryOp.XOR};

    /** Two shapes that broadcast: per axis the common extent or 1 on each side; leading axes may be missing. */
    static final class Case {
        final long[] a;
        final long[] b;
        final DType dtype;
        final BinaryOp op;
        final long seed;

        Case(SplittableRandom rnd) {
            int rank = rnd.nextInt(5);
            long[] common = new long[rank];
            for (int i = 0; i < rank; i++) {
                common[i] = rnd.nextInt(5);
            }
            a = side(rnd, common);
            b = side(rnd, common);
            dtype = DType.values()[rnd.nextInt(DType.values().length)];
            op = OPS[rnd.nextInt(OPS.length)];
            seed = rnd.nextLong();
        }

        private static long[] side(SplittableRandom rnd, long[] common) {
            int drop = rnd.nextInt(common.length + 1);
            long[] s = new long[common.length - drop];
            for (int i = 0; i < s.length; i++) {
                s[i] = rnd.nextInt(3) == 0 ? 1 : common[drop + i];
            }
            return s;
        }

        @Override
        public String toString() {
            return op + " " + dtype + " " + Arrays.toString(a) + " with " + Arrays.toString(b) + " seed " + seed;
        }
    }

    static List<Case> cases() {
        SplittableRandom rnd = new SplittableRandom(20261131);
        List<Case> cases = new ArrayList<>();
        while (cases.size() < 250) {
            Case c = new Case(rnd);
            if (OpTable.accepts(c.op, c.dtype)) {
                cases.add(c);
            }
        }
        return cases;
    }

    @Test
    void mapsOverBroadcastViewsEqualMapsOverCopies() {
        SeededCases.forEachOf(cases(), BroadcastPropertiesTest::viewsEqualCopies);
    }

    private static void viewsEqualCopies(Case c) {
        TestKernelContext ctx = TestKernelContext.serial();
        long[] shape = Shapes.broadcast("test", c.a, c.b);
        Tensor a = Tensor.random(c.dtype, c.seed, c.a);
        Tensor b = Tensor.random(c.dtype, c.seed + 1, c.b);
        Operands.mapIntegerStorage(b, v -> v == 0 ? 3 : v);
        TensorRead va = a.broadcastTo(shape);
        TensorRead vb = b.broadcastTo(shape);
        Tensor viaViews = Tensor.zeros(c.dtype, shape);
        ElementwiseKernels.binaryInto(ctx, c.op, va, vb, viaViews);
        Tensor viaCopies = Tensor.zeros(c.dtype, shape);
        ElementwiseKernels.binaryInto(ctx, c.op, va.copy(), vb.copy(), viaCopies);
        assertThat(Tensor.contentEquals(viaViews, viaCopies)).as(c.toString()).isTrue();

        Tensor cmpViews = Tensor.zeros(DType.BOOL, shape);
        Tensor cmpCopies = Tensor.zeros(DType.BOOL, shape);
        ElementwiseKernels.compareInto(ctx, CompareOp.EQ, va, vb, cmpViews);
        ElementwiseKernels.compareInto(ctx, CompareOp.EQ, va.copy(), vb.copy(), cmpCopies);
        assertThat(Tensor.contentEquals(cmpViews, cmpCopies)).as(c.toString()).isTrue();
    }
}
