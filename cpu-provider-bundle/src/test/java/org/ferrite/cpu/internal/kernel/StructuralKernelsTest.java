package org.ferrite.cpu.internal.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.kernel.Operands.Layout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class StructuralKernelsTest {
    private static final Layout[] LAYOUTS = Layout.values();
    private final TestKernelContext ctx = TestKernelContext.serial();

    private static List<long[]> shapes(long seed) {
        List<long[]> s = new ArrayList<>(Operands.edgeShapes());
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < 5; i++) {
            s.add(Operands.randomShape(rnd, 5, 6));
        }
        return s;
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void copyReproducesTheSourceForEveryLayoutPair(DType dtype) {
        long seed = 23 * dtype.ordinal();
        for (long[] shape : shapes(seed)) {
            for (Layout from : LAYOUTS) {
                for (Layout to : Operands.OUTPUT_LAYOUTS) {
                    TensorRead src = Operands.random(dtype, shape, from, seed++);
                    TensorWrite out = Operands.random(dtype, shape, to, seed++);
                    StructuralKernels.copyInto(ctx, src, out);
                    assertThat(Tensor.contentEquals(out, src)).as(dtype + " " + from + "->" + to + " "
                            + Reference.at(shape)).isTrue();
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void castMatchesReferenceForEveryTargetDtype(DType from) {
        long seed = 29 * from.ordinal();
        List<long[]> shapes = shapes(seed);
        for (DType to : DType.values()) {
            for (int si = 0; si < shapes.size(); si++) {
                long[] shape = shapes.get(si);
                Layout sl = LAYOUTS[(si + to.ordinal()) % LAYOUTS.length];
                Layout ol = Operands.OUTPUT_LAYOUTS[si % Operands.OUTPUT_LAYOUTS.length];
                TensorRead src = Operands.random(from, shape, sl, seed++);
                TensorWrite out = Operands.random(to, shape, ol, seed++);
                StructuralKernels.castInto(ctx, src, out);
                String where = from + "->" + to + " " + sl + "->" + ol + " " + Reference.at(shape);
                Operands.forEachIndex(shape, idx -> Reference.assertMatches(to, Reference.read(out, idx),
                        Reference.cast(from, to, Reference.read(src, idx)), 0, where + " at " + Reference.at(idx)));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void largeTransposingCopiesRunInTilesAndReproduceTheSource(DType dtype) {
        long[][] shapes = {{70, 90}, {33, 40, 5}, {129, 64}};
        long seed = 53L * dtype.ordinal();
        for (long[] shape : shapes) {
            for (Layout from : new Layout[] {Layout.TRANSPOSED, Layout.NEGATIVE, Layout.STEPPED}) {
                TensorRead src = Operands.random(dtype, shape, from, seed++);
                for (Layout to : new Layout[] {Layout.COMPACT, Layout.TRANSPOSED}) {
                    TensorWrite out = Operands.random(dtype, shape, to, seed++);
                    StructuralKernels.copyInto(ctx, src, out);
                    assertThat(Tensor.contentEquals(out, src)).as(dtype + " " + from + "->" + to + " "
                            + Reference.at(shape)).isTrue();
                }
            }
        }
    }

    @Test
    void castFollowsTheDocumentedConversionRules() {
        Tensor f = Tensor.of(new double[] {Double.NaN, 1e300, -1e300, -2.9, 2.9, -0.0}, 6);
        Tensor i32 = Tensor.zeros(DType.I32, 6);
        StructuralKernels.castInto(ctx, f, i32);
        assertThat(i32.i32Data()).containsExactly(0, Integer.MAX_VALUE, Integer.MIN_VALUE, -2, 2, 0);
        Tensor i64 = Tensor.zeros(DType.I64, 6);
        StructuralKernels.castInto(ctx, f, i64);
        assertThat(i64.i64Data()).containsExactly(0, Long.MAX_VALUE, Long.MIN_VALUE, -2, 2, 0);
        Tensor b = Tensor.zeros(DType.BOOL, 6);
        StructuralKernels.castInto(ctx, f, b);
        assertThat(b.boolData()).containsExactly(true, true, true, true, true, false);

        Tensor wide = Tensor.of(new long[] {(1L << 32) + 5, -1}, 2);
        Tensor narrow = Tensor.zeros(DType.I32, 2);
        StructuralKernels.castInto(ctx, wide, narrow);
        assertThat(narrow.i32Data()).containsExactly(5, -1);

        Tensor c = Tensor.ofComplex(new float[] {0, 2, 3, 0, 0, 0}, 3);
        Tensor cb = Tensor.zeros(DType.BOOL, 3);
        StructuralKernels.castInto(ctx, c, cb);
        assertThat(cb.boolData()).containsExactly(true, true, false);
        Tensor cr = Tensor.zeros(DType.F64, 3);
        StructuralKernels.castInto(ctx, c, cr);
        assertThat(cr.f64Data()).containsExactly(0, 3, 0);

        Tensor bools = Tensor.of(new boolean[] {true, false}, 2);
        Tensor c128 = Tensor.zeros(DType.C128, 2);
        StructuralKernels.castInto(ctx, bools, c128);
        assertThat(c128.c128Data()).containsExactly(1, 0, 0, 0);
    }

    @Test
    void copyOfABroadcastScalarFillsTheOutput() {
        Tensor scalar = Tensor.scalar(DType.C64, 3);
        Tensor out = Tensor.zeros(DType.C64, 2, 3);
        StructuralKernels.copyInto(ctx, scalar.broadcastTo(2, 3), out.transpose().transpose());
        assertThat(out.c64Data()).containsExactly(3, 0, 3, 0, 3, 0, 3, 0, 3, 0, 3, 0);
    }

    @Test
    void copyAndCastRejectBadOutputsBeforeWriting() {
        Tensor src = Tensor.random(DType.F64, 1, 3, 4);
        Tensor out = Tensor.random(DType.F32, 2, 3, 4);
        Operands.assertRejected(() -> StructuralKernels.copyInto(ctx, src, out), out, ValidationKind.DTYPE_MISMATCH, "out");
        Tensor wrongShape = Tensor.random(DType.F64, 3, 4, 3);
        Operands.assertRejected(() -> StructuralKernels.copyInto(ctx, src, wrongShape), wrongShape,
                ValidationKind.SHAPE_MISMATCH, "out");
        Operands.assertRejected(() -> StructuralKernels.castInto(ctx, src, Tensor.zeros(DType.I32, 12)), src,
                ValidationKind.SHAPE_MISMATCH, "out");
        Operands.assertRejected(() -> StructuralKernels.copyInto(ctx, src, src), src, ValidationKind.INVALID_ARGUMENT, "out");
        TensorWrite readOnly = Tensor.zeros(DType.F64, 1, 4).broadcastTo(3, 4);
        Operands.assertRejected(() -> StructuralKernels.copyInto(ctx, src, readOnly), readOnly,
                ValidationKind.INVALID_ARGUMENT, "out");
        Operands.assertRejected(() -> StructuralKernels.castInto(ctx, src, readOnly), readOnly,
                ValidationKind.INVALID_ARGUMENT, "out");
        // a C128 view and an F64 view over one double[]: element ranges differ, scalar ranges overlap
        Tensor c = Tensor.random(DType.C128, 4, 4);
        TensorWrite realView = TensorView.of(DType.F64, c.storage(), new long[] {4}, new long[] {1}, 4);
        Operands.assertRejected(() -> StructuralKernels.castInto(ctx, c, realView), c, ValidationKind.INVALID_ARGUMENT, "out");
        TensorWrite disjoint = TensorView.of(DType.F64, Tensor.random(DType.C128, 5, 8).storage(), new long[] {4},
                new long[] {1}, 0);
        TensorRead firstHalf = TensorView.of(DType.C128, disjoint.storage(), new long[] {2}, new long[] {1}, 4);
        StructuralKernels.castInto(ctx, firstHalf, disjoint.slice(0, 0, 2, 1));
        assertThat(disjoint.getReal(0)).isEqualTo(firstHalf.getReal(0));
    }
}
