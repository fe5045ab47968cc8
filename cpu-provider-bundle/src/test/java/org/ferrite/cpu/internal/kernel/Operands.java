package org.ferrite.cpu.internal.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.api.tensor.TensorWrite;

/**
 * Test operands with one logical shape in several memory layouts, and element-by-element helpers
 * (the obviously-correct side of every reference comparison).
 */
final class Operands {
    private Operands() {
    }

    /** How an operand's elements sit in memory. */
    enum Layout {
        /** An owned compact column-major tensor. */
        COMPACT,
        /** The transpose of a compact tensor of the reversed shape (row-major order). */
        TRANSPOSED,
        /** A compact tensor read with every axis reversed (negative strides). */
        NEGATIVE,
        /** Every second element of a larger tensor, from offset 1 on each axis. */
        STEPPED,
        /** Random axes of extent 1 broadcast to the shape (zero strides); inputs only. */
        BROADCAST;

        boolean writable() {
            return this != BROADCAST;
        }
    }

    /** Layouts usable as outputs. */
    static final Layout[] OUTPUT_LAYOUTS = {Layout.COMPACT, Layout.TRANSPOSED, Layout.NEGATIVE, Layout.STEPPED};

    /**
     * @param dtype element type
     * @param shape logical shape
     * @param layout memory layout
     * @param seed contents seed
     * @return a tensor or view of {@code shape} with random contents
     */
    static TensorWrite random(DType dtype, long[] shape, Layout layout, long seed) {
        switch (layout) {
            case COMPACT:
                return Tensor.random(dtype, seed, shape);
            case TRANSPOSED:
                return Tensor.random(dtype, seed, reversed(shape)).transpose();
            case NEGATIVE: {
                int[] all = new int[shape.length];
                for (int a = 0; a < all.length; a++) {
                    all[a] = a;
                }
                return Tensor.random(dtype, seed, shape).reverse(all);
            }
            case STEPPED: {
                long[] big = new long[shape.length];
                for (int a = 0; a < big.length; a++) {
                    big[a] = 2 * shape[a] + 1;
                }
                TensorView v = TensorView.of(Tensor.random(dtype, seed, big));
                for (int a = 0; a < big.length; a++) {
                    v = v.slice(a, 1, 1 + 2 * shape[a], 2);
                }
                return v;
            }
            default: {
                SplittableRandom rnd = new SplittableRandom(seed ^ 0x5DEECE66DL);
                long[] small = shape.clone();
                for (int a = 0; a < small.length; a++) {
                    if (rnd.nextBoolean() || small.length == 1) {
                        small[a] = Math.min(1, small[a]);
                    }
                }
                return TensorView.of(Tensor.random(dtype, seed, small)).broadcastTo(shape);
            }
        }
    }

    static long[] reversed(long[] shape) {
        long[] r = new long[shape.length];
        for (int a = 0; a < r.length; a++) {
            r[a] = shape[shape.length - 1 - a];
        }
        return r;
    }

    /**
     * Calls {@code body} with every index of {@code shape} in column-major order (one call with the
     * empty index for rank 0, none for an empty shape). The array is reused between calls.
     */
    static void forEachIndex(long[] shape, Consumer<long[]> body) {
        for (long e : shape) {
            if (e == 0) {
                return;
            }
        }
        long[] idx = new long[shape.length];
        while (true) {
            body.accept(idx);
            int a = 0;
            while (a < shape.length) {
                if (++idx[a] < shape[a]) {
                    break;
                }
                idx[a] = 0;
                a++;
            }
            if (a == shape.length) {
                return;
            }
        }
    }

    /** @return a random shape of rank {@code 0..maxRank} with extents favouring 0, 1 and small values */
    static long[] randomShape(SplittableRandom rnd, int maxRank, int maxExtent) {
        int rank = rnd.nextInt(maxRank + 1);
        long[] s = new long[rank];
        for (int a = 0; a < rank; a++) {
            int pick = rnd.nextInt(10);
            s[a] = pick == 0 ? 0 : pick <= 2 ? 1 : 1 + rnd.nextInt(maxExtent);
        }
        return s;
    }

    /** A few fixed shapes every sweep includes: rank 0, extents 0 and 1, mixed. */
    static List<long[]> edgeShapes() {
        List<long[]> s = new ArrayList<>();
        s.add(new long[0]);
        s.add(new long[] {0});
        s.add(new long[] {1});
        s.add(new long[] {7});
        s.add(new long[] {3, 0});
        s.add(new long[] {1, 1});
        s.add(new long[] {4, 5});
        s.add(new long[] {2, 1, 3});
        s.add(new long[] {3, 4, 2, 2});
        return s;
    }

    /** @return a snapshot of a tensor's whole storage array, to prove it untouched */
    static Object storageSnapshot(TensorRead t) {
        Object s = t.storage();
        if (s instanceof double[]) {
            return ((double[]) s).clone();
        } else if (s instanceof float[]) {
            return ((float[]) s).clone();
        } else if (s instanceof int[]) {
            return ((int[]) s).clone();
        } else if (s instanceof long[]) {
            return ((long[]) s).clone();
        } else if (s instanceof short[]) {
            return ((short[]) s).clone();
        } else if (s instanceof byte[]) {
            return ((byte[]) s).clone();
        }
        return ((boolean[]) s).clone();
    }

    static boolean sameStorage(Object snapshot, TensorRead t) {
        Object s = t.storage();
        if (s instanceof double[]) {
            return Arrays.equals((double[]) snapshot, (double[]) s);
        } else if (s instanceof float[]) {
            return Arrays.equals((float[]) snapshot, (float[]) s);
        } else if (s instanceof int[]) {
            return Arrays.equals((int[]) snapshot, (int[]) s);
        } else if (s instanceof long[]) {
            return Arrays.equals((long[]) snapshot, (long[]) s);
        } else if (s instanceof short[]) {
            return Arrays.equals((short[]) snapshot, (short[]) s);
        } else if (s instanceof byte[]) {
            return Arrays.equals((byte[]) snapshot, (byte[]) s);
        }
        return Arrays.equals((boolean[]) snapshot, (boolean[]) s);
    }

    /** Overwrites a tensor's whole storage with {@code value} per scalar (for integer fix-ups). */
    static void mapIntegerStorage(TensorRead t, java.util.function.LongUnaryOperator f) {
        Object s = t.storage();
        if (s instanceof int[]) {
            int[] a = (int[]) s;
            for (int i = 0; i < a.length; i++) {
                a[i] = (int) f.applyAsLong(a[i]);
            }
        } else if (s instanceof long[]) {
            long[] a = (long[]) s;
            for (int i = 0; i < a.length; i++) {
                a[i] = f.applyAsLong(a[i]);
            }
        } else if (s instanceof byte[]) { // I8 and U8 (U8's byte read as its unsigned value)
            byte[] a = (byte[]) s;
            boolean unsigned = t.dtype() == org.ferrite.api.tensor.DType.U8;
            for (int i = 0; i < a.length; i++) {
                a[i] = (byte) f.applyAsLong(unsigned ? a[i] & 0xFF : a[i]);
            }
        }
    }

    /**
     * Asserts that {@code call} fails validation with {@code kind} naming {@code argument}, and that
     * {@code out} was not written.
     */
    static void assertRejected(Runnable call, TensorRead out, ValidationKind kind, String argument) {
        Object before = storageSnapshot(out);
        assertThatThrownBy(call::run).isInstanceOfSatisfying(ValidationException.class, e -> {
            assertThat(e.validationKind()).isEqualTo(kind);
            assertThat(e.argument()).isEqualTo(argument);
        });
        assertThat(sameStorage(before, out)).as("out untouched").isTrue();
    }
}
