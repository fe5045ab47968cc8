package org.ferrite.cpu.internal.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.ferrite.api.error.NumericalFailureException;
import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.kernel.Operands.Layout;
import org.ferrite.testkit.oracle.Oracle.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ElementwiseKernelsTest {
    private static final Layout[] LAYOUTS = Layout.values();
    private final TestKernelContext ctx = TestKernelContext.serial();

    // ------------------------------------------------------------------ the dtype domain, from the operation table

    /** @return the binary operations a kernel computes in {@code d} (the session widens the other accepted ones) */
    static Set<BinaryOp> binaryDomain(DType d) {
        Set<BinaryOp> ops = EnumSet.noneOf(BinaryOp.class);
        for (BinaryOp op : BinaryOp.values()) {
            if (OpTable.of(op).computesIn(d)) {
                ops.add(op);
            }
        }
        return ops;
    }

    /** @return the unary operations a kernel computes in {@code d} (the session widens the other accepted ones) */
    static Set<UnaryOp> unaryDomain(DType d) {
        Set<UnaryOp> ops = EnumSet.noneOf(UnaryOp.class);
        for (UnaryOp op : UnaryOp.values()) {
            if (OpTable.of(op).computesIn(d)) {
                ops.add(op);
            }
        }
        return ops;
    }

    static Set<CompareOp> compareDomain(DType d) {
        Set<CompareOp> ops = EnumSet.noneOf(CompareOp.class);
        for (CompareOp op : CompareOp.values()) {
            if (OpTable.accepts(op, d)) {
                ops.add(op);
            }
        }
        return ops;
    }

    /** Shapes each sweep covers: the edge shapes plus random ones. */
    private static List<long[]> shapes(long seed) {
        List<long[]> s = new ArrayList<>(Operands.edgeShapes());
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < 4; i++) {
            s.add(Operands.randomShape(rnd, 4, 5));
        }
        return s;
    }

    /** Makes integer right operands legal for DIV/REM (no zero) and POW (small, non-negative). */
    private static void fixDivisor(BinaryOp op, TensorRead rhs) {
        if (op == BinaryOp.DIV || op == BinaryOp.REM || op == BinaryOp.FLOOR_DIVIDE || op == BinaryOp.REMAINDER) {
            Operands.mapIntegerStorage(rhs, v -> v == 0 ? 7 : v);
        } else if (op == BinaryOp.POW) {
            Operands.mapIntegerStorage(rhs, v -> Math.abs(v) % 9);
        }
    }

    // ------------------------------------------------------------------ reference sweeps

    @ParameterizedTest
    @EnumSource(DType.class)
    void binaryMatchesReferenceForEveryLayout(DType dtype) {
        long seed = 11 * dtype.ordinal();
        for (BinaryOp op : binaryDomain(dtype)) {
            List<long[]> shapes = shapes(seed + op.ordinal());
            for (int si = 0; si < shapes.size(); si++) {
                long[] shape = shapes.get(si);
                for (int k = 0; k < LAYOUTS.length; k++) {
                    Layout l = LAYOUTS[(k + si) % LAYOUTS.length];
                    Layout r = LAYOUTS[(2 * k + op.ordinal()) % LAYOUTS.length];
                    Layout o = Operands.OUTPUT_LAYOUTS[(k + si + op.ordinal()) % Operands.OUTPUT_LAYOUTS.length];
                    TensorRead lhs = Operands.random(dtype, shape, l, seed++);
                    TensorRead rhs = Operands.random(dtype, shape, r, seed++);
                    fixDivisor(op, rhs);
                    TensorWrite out = Operands.random(dtype, shape, o, seed++);
                    ElementwiseKernels.binaryInto(ctx, op, lhs, rhs, out);
                    String where = op + " " + dtype + " " + l + "/" + r + "->" + o + " shape " + Reference.at(shape);
                    Operands.forEachIndex(shape, idx -> Reference.assertMatches(dtype, Reference.read(out, idx),
                            Reference.binary(op, dtype, Reference.read(lhs, idx), Reference.read(rhs, idx)),
                            Reference.tolerance(dtype), where + " at " + Reference.at(idx)));
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void unaryMatchesReferenceForEveryLayout(DType dtype) {
        long seed = 13 * dtype.ordinal();
        for (UnaryOp op : unaryDomain(dtype)) {
            DType outType = op == UnaryOp.ABS ? dtype.realType() : dtype;
            List<long[]> shapes = shapes(seed + op.ordinal());
            for (int si = 0; si < shapes.size(); si++) {
                long[] shape = shapes.get(si);
                for (int k = 0; k < LAYOUTS.length; k++) {
                    Layout x = LAYOUTS[(k + si + op.ordinal()) % LAYOUTS.length];
                    Layout o = Operands.OUTPUT_LAYOUTS[(k + si) % Operands.OUTPUT_LAYOUTS.length];
                    TensorRead in = Operands.random(dtype, shape, x, seed++);
                    TensorWrite out = Operands.random(outType, shape, o, seed++);
                    ElementwiseKernels.unaryInto(ctx, op, in, out);
                    String where = op + " " + dtype + " " + x + "->" + o + " shape " + Reference.at(shape);
                    Operands.forEachIndex(shape, idx -> Reference.assertMatches(outType, Reference.read(out, idx),
                            Reference.unary(op, dtype, Reference.read(in, idx)), Reference.tolerance(dtype),
                            where + " at " + Reference.at(idx)));
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void compareMatchesReferenceForEveryLayout(DType dtype) {
        long seed = 17 * dtype.ordinal();
        for (CompareOp op : compareDomain(dtype)) {
            List<long[]> shapes = shapes(seed + op.ordinal());
            for (int si = 0; si < shapes.size(); si++) {
                long[] shape = shapes.get(si);
                for (int k = 0; k < LAYOUTS.length; k++) {
                    Layout l = LAYOUTS[(k + si) % LAYOUTS.length];
                    Layout r = LAYOUTS[(3 * k + op.ordinal()) % LAYOUTS.length];
                    Layout o = Operands.OUTPUT_LAYOUTS[k % Operands.OUTPUT_LAYOUTS.length];
                    TensorRead lhs = Operands.random(dtype, shape, l, seed++);
                    // equal elements must occur: reuse lhs's storage half of the time
                    TensorRead rhs = k % 2 == 0 ? Operands.random(dtype, shape, l, seed - 1)
                            : Operands.random(dtype, shape, r, seed++);
                    TensorWrite out = Operands.random(DType.BOOL, shape, o, seed++);
                    ElementwiseKernels.compareInto(ctx, op, lhs, rhs, out);
                    String where = op + " " + dtype + " " + l + "/" + r + "->" + o + " shape " + Reference.at(shape);
                    Operands.forEachIndex(shape, idx -> assertThat(out.getBoolean(idx)).as(where + " at "
                            + Reference.at(idx)).isEqualTo(Reference.compare(op, dtype, Reference.read(lhs, idx),
                                    Reference.read(rhs, idx))));
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void selectMatchesReferenceForEveryLayout(DType dtype) {
        long seed = 19 * dtype.ordinal();
        List<long[]> shapes = shapes(seed);
        for (int si = 0; si < shapes.size(); si++) {
            long[] shape = shapes.get(si);
            for (int k = 0; k < LAYOUTS.length; k++) {
                TensorRead p = Operands.random(DType.BOOL, shape, LAYOUTS[(k + si) % LAYOUTS.length], seed++);
                TensorRead t = Operands.random(dtype, shape, LAYOUTS[(k + 1) % LAYOUTS.length], seed++);
                TensorRead f = Operands.random(dtype, shape, LAYOUTS[(k + 2 * si) % LAYOUTS.length], seed++);
                TensorWrite out = Operands.random(dtype, shape, Operands.OUTPUT_LAYOUTS[k % 4], seed++);
                ElementwiseKernels.selectInto(ctx, p, t, f, out);
                Operands.forEachIndex(shape, idx -> Reference.assertMatches(dtype, Reference.read(out, idx),
                        Reference.read(p.getBoolean(idx) ? t : f, idx), 0,
                        "select " + dtype + " at " + Reference.at(idx)));
            }
        }
    }

    // ------------------------------------------------------------------ hand-computed cases

    @Test
    void complexArithmeticMatchesHandComputedValues() {
        Tensor a = Tensor.ofComplex(new double[] {1, 2, 0, 1}, 2);
        Tensor b = Tensor.ofComplex(new double[] {3, -1, 0, 1}, 2);
        Tensor out = Tensor.zeros(DType.C128, 2);
        ElementwiseKernels.binaryInto(ctx, BinaryOp.MUL, a, b, out);
        assertThat(out.c128Data()).containsExactly(5, 5, -1, 0);
        ElementwiseKernels.binaryInto(ctx, BinaryOp.DIV, a, b, out);
        assertThat(out.c128Data()).containsExactly(new double[] {0.1, 0.7, 1, 0}, within(1e-15));
        Tensor abs = Tensor.zeros(DType.F64, 2);
        ElementwiseKernels.unaryInto(ctx, UnaryOp.ABS, Tensor.ofComplex(new double[] {3, 4, 0, -2}, 2), abs);
        assertThat(abs.f64Data()).containsExactly(5, 2);
        ElementwiseKernels.binaryInto(ctx, BinaryOp.POW, Tensor.ofComplex(new double[] {1, 1, 0, 1}, 2),
                Tensor.ofComplex(new double[] {2, 0, 2, 0}, 2), out);
        assertThat(out.c128Data()).containsExactly(0, 2, -1, 0);
    }

    @Test
    void integerEdgeValuesWrapLikeJava() {
        Tensor a = Tensor.of(new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE, -7, 7}, 4);
        Tensor b = Tensor.of(new int[] {-1, 1, 2, -2}, 4);
        Tensor out = Tensor.zeros(DType.I32, 4);
        ElementwiseKernels.binaryInto(ctx, BinaryOp.DIV, a, b, out);
        assertThat(out.i32Data()).containsExactly(Integer.MIN_VALUE, Integer.MAX_VALUE, -3, -3);
        ElementwiseKernels.binaryInto(ctx, BinaryOp.REM, a, b, out);
        assertThat(out.i32Data()).containsExactly(0, 0, -1, 1);
        ElementwiseKernels.binaryInto(ctx, BinaryOp.ADD, a, b, out);
        assertThat(out.i32Data()).containsExactly(Integer.MAX_VALUE, Integer.MIN_VALUE, -5, 5);
        ElementwiseKernels.binaryInto(ctx, BinaryOp.POW, Tensor.of(new long[] {3, 2, 0, -2}, 4),
                Tensor.of(new long[] {4, 63, 0, 3}, 4), out = Tensor.zeros(DType.I64, 4));
        assertThat(out.i64Data()).containsExactly(81, Long.MIN_VALUE, 1, -8);
    }

    @Test
    void realSpecialValuesFollowIeeeAndNumpy() {
        Tensor a = Tensor.of(new double[] {Double.NaN, 1, -0.0, 2.5, -2.5}, 5);
        Tensor b = Tensor.of(new double[] {1, Double.NaN, 0.0, 0, 0}, 5);
        Tensor out = Tensor.zeros(DType.F64, 5);
        ElementwiseKernels.binaryInto(ctx, BinaryOp.MAXIMUM, a, b, out);
        assertThat(out.f64Data()).containsExactly(Double.NaN, Double.NaN, 0.0, 2.5, 0);
        ElementwiseKernels.unaryInto(ctx, UnaryOp.ROUND, a, out);
        assertThat(out.f64Data()).containsExactly(Double.NaN, 1, -0.0, 2, -2);
        ElementwiseKernels.unaryInto(ctx, UnaryOp.SIGN, a, out);
        assertThat(out.f64Data()).containsExactly(Double.NaN, 1, -0.0, 1, -1);
        Tensor lt = Tensor.zeros(DType.BOOL, 5);
        ElementwiseKernels.compareInto(ctx, CompareOp.NE, a, a, lt);
        assertThat(lt.boolData()).containsExactly(true, false, false, false, false);
    }

    @Test
    void binaryComputesInPlaceWhenOutIsExactlyAnInput() {
        Tensor x = Tensor.of(new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
        ElementwiseKernels.binaryInto(ctx, BinaryOp.ADD, x, x, x);
        assertThat(x.f64Data()).containsExactly(2, 4, 6, 8, 10, 12);
        TensorWrite t = x.transpose();
        ElementwiseKernels.unaryInto(ctx, UnaryOp.NEG, t, t);
        assertThat(x.f64Data()).containsExactly(-2, -4, -6, -8, -10, -12);
    }

    // ------------------------------------------------------------------ unsupported pairs

    @Test
    void everyPairOutsideTheDomainRaisesUnsupportedNamingOpAndDtype() {
        for (DType d : DType.values()) {
            Tensor x = Tensor.zeros(d, 2);
            for (BinaryOp op : BinaryOp.values()) {
                if (!OpTable.accepts(op, d)) {
                    assertUnsupported(() -> ElementwiseKernels.binaryInto(ctx, op, x, x, Tensor.zeros(d, 2)),
                            OpTable.of(op).name(), d);
                }
            }
            for (UnaryOp op : UnaryOp.values()) {
                if (!OpTable.accepts(op, d)) {
                    assertUnsupported(() -> ElementwiseKernels.unaryInto(ctx, op, x, Tensor.zeros(d, 2)),
                            OpTable.of(op).name(), d);
                }
            }
            for (CompareOp op : CompareOp.values()) {
                if (!compareDomain(d).contains(op)) {
                    assertUnsupported(() -> ElementwiseKernels.compareInto(ctx, op, x, x, Tensor.zeros(DType.BOOL, 2)),
                            OpTable.of(op).name(), d);
                }
            }
        }
    }

    static void assertUnsupported(Runnable call, String op, DType dtype) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(UnsupportedOpException.class, e -> {
            assertThat(e.op()).isEqualTo(op);
            assertThat(e.dtype()).isEqualTo(dtype.name());
            assertThat(e.getMessage()).contains(op).contains(dtype.name());
        });
    }

    // ------------------------------------------------------------------ validation

    @Test
    void binaryRejectsBadOperandsBeforeWriting() {
        Tensor a = Tensor.random(DType.F64, 1, 2, 3);
        Tensor out = Tensor.random(DType.F64, 2, 2, 3);
        Operands.assertRejected(() -> ElementwiseKernels.binaryInto(ctx, BinaryOp.ADD, a, Tensor.zeros(DType.F32, 2, 3), out),
                out, ValidationKind.DTYPE_MISMATCH, "rhs");
        Operands.assertRejected(() -> ElementwiseKernels.binaryInto(ctx, BinaryOp.ADD, a, Tensor.zeros(DType.F64, 3, 2), out),
                out, ValidationKind.SHAPE_MISMATCH, "rhs");
        Tensor wrongShape = Tensor.random(DType.F64, 3, 6);
        Operands.assertRejected(() -> ElementwiseKernels.binaryInto(ctx, BinaryOp.ADD, a, a, wrongShape), wrongShape,
                ValidationKind.SHAPE_MISMATCH, "out");
        Tensor wrongType = Tensor.random(DType.F32, 3, 2, 3);
        Operands.assertRejected(() -> ElementwiseKernels.binaryInto(ctx, BinaryOp.ADD, a, a, wrongType), wrongType,
                ValidationKind.DTYPE_MISMATCH, "out");
        Tensor big = Tensor.random(DType.F64, 4, 3, 3);
        TensorWrite shifted = big.slice(0, 1, 3, 1);
        TensorWrite overlapping = big.slice(0, 0, 2, 1);
        Operands.assertRejected(() -> ElementwiseKernels.binaryInto(ctx, BinaryOp.ADD, shifted, a, overlapping), big,
                ValidationKind.INVALID_ARGUMENT, "out");
        TensorWrite broadcast = Tensor.zeros(DType.F64, 1, 3).broadcastTo(2, 3);
        Operands.assertRejected(() -> ElementwiseKernels.binaryInto(ctx, BinaryOp.ADD, a, a, broadcast), broadcast,
                ValidationKind.INVALID_ARGUMENT, "out");
    }

    @Test
    void integerDivisionByZeroFailsBeforeWriting() {
        for (DType d : new DType[] {DType.I32, DType.I64}) {
            Tensor a = Tensor.full(d, 5, 3, 2);
            Tensor b = Tensor.full(d, 2, 3, 2);
            b.set(0, 2, 1);
            Tensor out = Tensor.full(d, 9, 3, 2);
            for (BinaryOp op : new BinaryOp[] {BinaryOp.DIV, BinaryOp.REM}) {
                assertThatThrownBy(() -> ElementwiseKernels.binaryInto(ctx, op, a, b.transpose().transpose(), out))
                        .isInstanceOfSatisfying(NumericalFailureException.class,
                                e -> assertThat(e.op()).isEqualTo(OpTable.of(op).name()));
                assertThat(Tensor.contentEquals(out, Tensor.full(d, 9, 3, 2))).isTrue();
            }
            Tensor neg = Tensor.full(d, -1, 3, 2);
            Operands.assertRejected(() -> ElementwiseKernels.binaryInto(ctx, BinaryOp.POW, a, neg, out), out,
                    ValidationKind.INVALID_ARGUMENT, "rhs");
        }
    }

    @Test
    void unaryCompareAndSelectRejectBadOperandsBeforeWriting() {
        Tensor c = Tensor.random(DType.C128, 1, 4);
        Tensor realOut = Tensor.random(DType.F64, 2, 4);
        Operands.assertRejected(() -> ElementwiseKernels.unaryInto(ctx, UnaryOp.EXP, c, realOut), realOut,
                ValidationKind.DTYPE_MISMATCH, "out");
        Tensor c128Out = Tensor.random(DType.C128, 2, 4);
        Operands.assertRejected(() -> ElementwiseKernels.unaryInto(ctx, UnaryOp.ABS, c, c128Out), c128Out,
                ValidationKind.DTYPE_MISMATCH, "out");
        // ABS of C128 into an F64 view over the same double[]: scalar ranges overlap
        TensorWrite sameArray = org.ferrite.api.tensor.TensorView.of(DType.F64, c.storage(), new long[] {4},
                new long[] {1}, 2);
        Operands.assertRejected(() -> ElementwiseKernels.unaryInto(ctx, UnaryOp.ABS, c, sameArray), sameArray,
                ValidationKind.INVALID_ARGUMENT, "out");

        Tensor p = Tensor.random(DType.BOOL, 3, 4);
        Tensor x = Tensor.random(DType.F32, 4, 4);
        Tensor bools = Tensor.random(DType.BOOL, 5, 4);
        Operands.assertRejected(() -> ElementwiseKernels.compareInto(ctx, CompareOp.EQ, p, p, p), p,
                ValidationKind.INVALID_ARGUMENT, "out");
        Operands.assertRejected(() -> ElementwiseKernels.compareInto(ctx, CompareOp.LT, x, x, Tensor.random(DType.I32, 6, 4)),
                x, ValidationKind.DTYPE_MISMATCH, "out");
        Operands.assertRejected(() -> ElementwiseKernels.selectInto(ctx, x, x, x, Tensor.zeros(DType.F32, 4)), x,
                ValidationKind.DTYPE_MISMATCH, "predicate");
        Operands.assertRejected(() -> ElementwiseKernels.selectInto(ctx, bools, x, Tensor.zeros(DType.F32, 5), x), x,
                ValidationKind.SHAPE_MISMATCH, "onFalse");
        Tensor xs = Tensor.random(DType.F32, 7, 4);
        Operands.assertRejected(() -> ElementwiseKernels.selectInto(ctx, bools, x, xs, x), x,
                ValidationKind.INVALID_ARGUMENT, "out");
    }
}
