package org.ferrite.cpu.internal.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.api.tensor.TensorWrite;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The generated unit-stride runs have two loops: one index when every walked operand starts at the
 * same scalar offset (the form C2 vectorises), and per-operand offsets otherwise. Both must compute
 * the reference and write nothing outside the output's elements. The operands here are compact
 * rank-1 slices of larger storage, so the kernels take the flat path with the chosen offsets, and
 * zero-stride broadcasts of one element, which reach the broadcast forms.
 */
class UnitStrideOffsetsTest {
    private static final int N = 19;
    private static final int STORAGE = 3 * N;
    /** Start of lhs, rhs and out: all equal (shared index, non-zero), then all distinct. */
    private static final int[][] STARTS = {{0, 0, 0}, {5, 5, 5}, {1, 7, 4}, {9, 2, 0}};

    private final TestKernelContext ctx = TestKernelContext.serial();

    private static TensorWrite slice(DType dtype, long seed, int start) {
        return TensorView.of(Tensor.random(dtype, seed, STORAGE)).slice(0, start, start + N, 1);
    }

    private static TensorRead broadcastScalar(DType dtype, long seed) {
        return TensorView.of(Tensor.random(dtype, seed, 1)).broadcastTo(N);
    }

    private static void legalDivisor(DType dtype, BinaryOp op, TensorRead rhs) {
        if (!dtype.isInteger()) {
            return;
        }
        if (op == BinaryOp.DIV || op == BinaryOp.REM || op == BinaryOp.FLOOR_DIVIDE || op == BinaryOp.REMAINDER) {
            Operands.mapIntegerStorage(rhs, v -> v == 0 ? 7 : v);
        } else if (op == BinaryOp.POW) {
            Operands.mapIntegerStorage(rhs, v -> Math.abs(v) % 9);
        }
    }

    /** Asserts out matches want at every element and that its storage outside the slice is untouched. */
    private static void assertOnlySliceWritten(TensorRead out, Object before, int start, String where) {
        Object after = Operands.storageSnapshot(out);
        int lanes = out.dtype().scalarsPerElement();
        Object restBefore = withoutRange(before, start * lanes, (start + N) * lanes);
        Object restAfter = withoutRange(after, start * lanes, (start + N) * lanes);
        assertThat(Operands.sameStorage(restBefore, asTensorOf(out.dtype(), restAfter)))
                .as(where + ": storage outside the output slice changed").isTrue();
    }

    private static Object withoutRange(Object array, int from, int to) {
        int len = java.lang.reflect.Array.getLength(array);
        Object r = java.lang.reflect.Array.newInstance(array.getClass().getComponentType(), len - (to - from));
        System.arraycopy(array, 0, r, 0, from);
        System.arraycopy(array, to, r, from, len - to);
        return r;
    }

    private static TensorRead asTensorOf(DType dtype, Object storage) {
        int lanes = dtype.scalarsPerElement();
        return Tensor.wrap(dtype, storage, java.lang.reflect.Array.getLength(storage) / lanes);
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void binaryRunsMatchReferenceWithSharedAndDistinctOffsets(DType dtype) {
        long seed = 101L * dtype.ordinal();
        for (BinaryOp op : ElementwiseKernelsTest.binaryDomain(dtype)) {
            for (int[] st : STARTS) {
                for (int form = 0; form < 3; form++) {
                    TensorRead lhs = form == 1 ? broadcastScalar(dtype, seed++) : slice(dtype, seed++, st[0]);
                    TensorRead rhs = form == 2 ? broadcastScalar(dtype, seed++) : slice(dtype, seed++, st[1]);
                    legalDivisor(dtype, op, rhs);
                    TensorWrite out = slice(dtype, seed++, st[2]);
                    Object before = Operands.storageSnapshot(out);
                    ElementwiseKernels.binaryInto(ctx, op, lhs, rhs, out);
                    String where = op + " " + dtype + " starts " + Arrays.toString(st) + " form " + form;
                    for (int i = 0; i < N; i++) {
                        long[] idx = {i};
                        Reference.assertMatches(dtype, Reference.read(out, idx), Reference.binary(op, dtype,
                                Reference.read(lhs, idx), Reference.read(rhs, idx)), Reference.tolerance(dtype),
                                where + " at " + i);
                    }
                    assertOnlySliceWritten(out, before, st[2], where);
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void binaryInPlaceOnAnOffsetSliceMatchesReference(DType dtype) {
        long seed = 103L * dtype.ordinal();
        for (BinaryOp op : ElementwiseKernelsTest.binaryDomain(dtype)) {
            TensorWrite x = slice(dtype, seed++, 6);
            TensorRead rhs = slice(dtype, seed++, 2);
            legalDivisor(dtype, op, rhs);
            TensorRead copy = Tensor.random(dtype, 0, N);
            StructuralKernels.copyInto(ctx, x, (TensorWrite) copy);
            ElementwiseKernels.binaryInto(ctx, op, x, rhs, x);
            for (int i = 0; i < N; i++) {
                long[] idx = {i};
                Reference.assertMatches(dtype, Reference.read(x, idx), Reference.binary(op, dtype,
                        Reference.read(copy, idx), Reference.read(rhs, idx)), Reference.tolerance(dtype),
                        op + " " + dtype + " in place at " + i);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void unaryRunsMatchReferenceWithSharedAndDistinctOffsets(DType dtype) {
        long seed = 107L * dtype.ordinal();
        for (UnaryOp op : ElementwiseKernelsTest.unaryDomain(dtype)) {
            DType outType = op == UnaryOp.ABS ? dtype.realType() : dtype;
            for (int[] st : STARTS) {
                TensorRead x = slice(dtype, seed++, st[0]);
                TensorWrite out = slice(outType, seed++, st[2]);
                Object before = Operands.storageSnapshot(out);
                ElementwiseKernels.unaryInto(ctx, op, x, out);
                String where = op + " " + dtype + " starts " + Arrays.toString(st);
                for (int i = 0; i < N; i++) {
                    long[] idx = {i};
                    Reference.assertMatches(outType, Reference.read(out, idx), Reference.unary(op, dtype,
                            Reference.read(x, idx)), Reference.tolerance(dtype), where + " at " + i);
                }
                assertOnlySliceWritten(out, before, st[2], where);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void compareRunsMatchReferenceWithSharedAndDistinctOffsets(DType dtype) {
        long seed = 109L * dtype.ordinal();
        for (CompareOp op : ElementwiseKernelsTest.compareDomain(dtype)) {
            for (int[] st : STARTS) {
                for (int form = 0; form < 3; form++) {
                    TensorRead lhs = form == 1 ? broadcastScalar(dtype, seed++) : slice(dtype, seed++, st[0]);
                    // equal elements must occur: the same storage and start as lhs in form 0
                    TensorRead rhs = form == 2 ? broadcastScalar(dtype, seed++)
                            : form == 0 ? slice(dtype, seed - 1, st[0]) : slice(dtype, seed++, st[1]);
                    TensorWrite out = slice(DType.BOOL, seed++, st[2]);
                    Object before = Operands.storageSnapshot(out);
                    ElementwiseKernels.compareInto(ctx, op, lhs, rhs, out);
                    String where = op + " " + dtype + " starts " + Arrays.toString(st) + " form " + form;
                    for (int i = 0; i < N; i++) {
                        long[] idx = {i};
                        assertThat(out.getBoolean(idx)).as(where + " at " + i).isEqualTo(Reference.compare(op,
                                dtype, Reference.read(lhs, idx), Reference.read(rhs, idx)));
                    }
                    assertOnlySliceWritten(out, before, st[2], where);
                }
            }
        }
    }
}
