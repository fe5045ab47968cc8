package org.ferrite.api.tensor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.spi.Overlap;
import org.ferrite.api.testsupport.Seeds;
import org.junit.jupiter.api.Test;

/**
 * Properties of the view/offset arithmetic: a chain of metadata-only view operations addresses exactly
 * the elements that a direct index mapping predicts; reshape and broadcast obey their laws; the
 * writability and overlap answers are sound. Each property runs {@value #CASES} generated cases in one
 * test, which names the failing seed.
 */
class ViewArithmeticPropertiesTest {

    private static final int CASES = 300;

    /** A view together with the reference map from its indices to indices of the base tensor. */
    private record Tracked(TensorView view, UnaryOperator<long[]> toBase, String history) {
    }

    @Test
    void composedViewOperationsAddressTheElementsOfTheDirectIndexMapping() {
        Seeds.forEach(CASES, ViewArithmeticPropertiesTest::composedViewOperationsAddressTheElementsOfTheDirectIndexMappingFor);
    }

    private static void composedViewOperationsAddressTheElementsOfTheDirectIndexMappingFor(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        long[] shape = Seeds.shape(rnd);
        Tensor base = Tensor.arange(DType.F64, Shapes.elementCount("test", "shape", shape)).reshape(shape).copy();
        Tracked t = new Tracked(TensorView.of(base), i -> i, "seed " + seed + ": base " + Arrays.toString(shape));
        int steps = rnd.nextInt(1, 6);
        for (int s = 0; s < steps; s++) {
            t = step(t, rnd);
            Tracked current = t;
            forEachIndex(t.view().shape(), idx -> {
                long[] b = current.toBase().apply(idx.clone());
                assertThat(current.view().elementOffset(idx)).as("%s at %s", current.history(), Arrays.toString(idx))
                        .isEqualTo(base.elementOffset(b));
                assertThat(current.view().getDouble(idx)).isEqualTo(base.getDouble(b));
            });
        }
    }

    private static Tracked step(Tracked t, SplittableRandom rnd) {
        TensorView v = t.view();
        int rank = v.rank();
        UnaryOperator<long[]> prev = t.toBase();
        switch (rnd.nextInt(6)) {
            case 0: { // permute
                int[] perm = randomPermutation(rank, rnd);
                return new Tracked(v.permute(perm), i -> {
                    long[] j = new long[rank];
                    for (int a = 0; a < rank; a++) {
                        j[perm[a]] = i[a];
                    }
                    return prev.apply(j);
                }, t.history() + " permute" + Arrays.toString(perm));
            }
            case 1: { // slice with a positive or negative step
                if (rank == 0) {
                    return t;
                }
                int axis = rnd.nextInt(rank);
                long n = v.dim(axis);
                long step = rnd.nextBoolean() ? rnd.nextInt(1, 4) : -rnd.nextInt(1, 4);
                long start;
                long stop;
                if (step > 0) {
                    start = rnd.nextLong(n + 1);
                    stop = start + rnd.nextLong(n - start + 1);
                } else if (n == 0) {
                    start = -1; // the empty slice of an empty axis
                    stop = -1;
                } else {
                    start = rnd.nextLong(n);
                    stop = rnd.nextLong(-1, start + 1); // -1: past index 0
                }
                long st = start;
                long sp = step;
                // NumPy's negative bounds, half the time: start - n is the same index counted from the end
                long given = n > 0 && start < n && rnd.nextBoolean() ? start - n : start;
                // (with a negative step, -1 stays "past index 0", so only a stop whose negative form is below -1)
                long end = stop > 0 && stop < n && (step > 0 || stop - n < -1) && rnd.nextBoolean() ? stop - n : stop;
                int ax = rnd.nextBoolean() ? axis : axis - rank;
                return new Tracked(v.slice(ax, given, end, step), i -> {
                    long[] j = i.clone();
                    j[axis] = st + sp * i[axis];
                    return prev.apply(j);
                }, t.history() + " slice(" + ax + "," + given + "," + end + "," + step + ")");
            }
            case 2: { // reverse a random subset of axes
                List<Integer> axes = new ArrayList<>();
                for (int a = 0; a < rank; a++) {
                    if (rnd.nextBoolean()) {
                        axes.add(a);
                    }
                }
                int[] ax = axes.stream().mapToInt(Integer::intValue).toArray();
                long[] dims = v.shape();
                return new Tracked(v.reverse(ax), i -> {
                    long[] j = i.clone();
                    for (int a : ax) {
                        j[a] = dims[a] - 1 - i[a];
                    }
                    return prev.apply(j);
                }, t.history() + " reverse" + Arrays.toString(ax));
            }
            case 3: { // broadcast: stretch extent-1 axes and add up to two leading axes
                int lead = rnd.nextInt(3);
                long[] target = new long[lead + rank];
                for (int a = 0; a < lead; a++) {
                    target[a] = rnd.nextInt(1, 3);
                }
                for (int a = 0; a < rank; a++) {
                    target[lead + a] = v.dim(a) == 1 ? rnd.nextInt(1, 3) : v.dim(a);
                }
                long[] dims = v.shape();
                return new Tracked(v.broadcastTo(target), i -> {
                    long[] j = new long[rank];
                    for (int a = 0; a < rank; a++) {
                        j[a] = dims[a] == 1 ? 0 : i[lead + a];
                    }
                    return prev.apply(j);
                }, t.history() + " broadcastTo" + Arrays.toString(target));
            }
            case 4: { // diagonal of a random axis pair with a random offset (NumPy's k)
                if (rank < 2) {
                    return t;
                }
                int axis1 = rnd.nextInt(rank);
                int axis2 = (axis1 + rnd.nextInt(1, rank)) % rank;
                long k = rnd.nextLong(-v.dim(axis1) - 1, v.dim(axis2) + 2);
                return new Tracked(v.diagonal(axis1, axis2, k), i -> {
                    // the diagonal axis sits where axis1 was once axis2 is removed
                    long[] j = new long[rank];
                    for (int a = 0, r = 0; a < rank; a++) {
                        if (a != axis2) {
                            j[a] = i[r++];
                        }
                    }
                    long d = j[axis1];
                    j[axis1] = d + Math.max(-k, 0);
                    j[axis2] = d + Math.max(k, 0);
                    return prev.apply(j);
                }, t.history() + " diagonal(" + axis1 + "," + axis2 + "," + k + ")");
            }
            default: { // reshape to a random factorisation, when the layout allows a view
                long[] target = randomFactorisation(v.size(), rnd);
                long[] old = v.shape();
                TensorView r;
                try {
                    r = v.reshape(target);
                } catch (ValidationException e) {
                    assertThat(v.isColumnMajorContiguous()).as("a compact layout always reshapes").isFalse();
                    return t;
                }
                return new Tracked(r, i -> prev.apply(unravel(ravel(i, target), old)),
                        t.history() + " reshape" + Arrays.toString(target));
            }
        }
    }

    @Test
    void reshapeOfACompactTensorAlwaysSucceedsAndRoundTrips() {
        Seeds.forEach(CASES, ViewArithmeticPropertiesTest::reshapeOfACompactTensorAlwaysSucceedsAndRoundTripsFor);
    }

    private static void reshapeOfACompactTensorAlwaysSucceedsAndRoundTripsFor(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        long[] shape = Seeds.shape(rnd);
        Tensor t = Tensor.zeros(DType.C64, shape);
        long[] target = randomFactorisation(t.size(), rnd);
        TensorView r = t.reshape(target);
        assertThat(r.isColumnMajorContiguous()).isTrue();
        TensorView back = r.reshape(shape);
        assertThat(back.shape()).containsExactly(shape);
        forEachIndex(shape, i -> assertThat(back.elementOffset(i)).isEqualTo(t.elementOffset(i)));
    }

    @Test
    void broadcastIsCommutativeIdempotentAndHasTheEmptyShapeAsIdentity() {
        Seeds.forEach(CASES, ViewArithmeticPropertiesTest::broadcastIsCommutativeIdempotentAndHasTheEmptyShapeAsIdentityFor);
    }

    private static void broadcastIsCommutativeIdempotentAndHasTheEmptyShapeAsIdentityFor(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        long[] a = Seeds.shape(rnd);
        long[] b = Seeds.shape(rnd);
        long[] ab;
        try {
            ab = Shapes.broadcast("test", a, b);
        } catch (ValidationException e) {
            assertThatBroadcastFails(b, a);
            return;
        }
        assertThat(Shapes.broadcast("test", b, a)).containsExactly(ab);
        assertThat(Shapes.broadcast("test", a, ab)).containsExactly(ab);
        assertThat(Shapes.broadcast("test", ab, ab)).containsExactly(ab);
        assertThat(Shapes.broadcast("test", new long[0], a)).containsExactly(a);
        assertThat(ab.length).isEqualTo(Math.max(a.length, b.length));
        Tensor ta = Tensor.arange(DType.F64, Shapes.elementCount("test", "shape", a)).reshape(a).copy();
        TensorView va = ta.broadcastTo(ab);
        forEachIndex(ab, i -> {
            long[] j = new long[a.length];
            for (int k = 0; k < a.length; k++) {
                j[k] = a[k] == 1 ? 0 : i[ab.length - a.length + k];
            }
            assertThat(va.getDouble(i)).isEqualTo(ta.getDouble(j));
        });
    }

    private static void assertThatBroadcastFails(long[] a, long[] b) {
        try {
            Shapes.broadcast("test", a, b);
        } catch (ValidationException expected) {
            return;
        }
        throw new AssertionError("broadcast is not symmetric in failing for " + Arrays.toString(a) + " and "
                + Arrays.toString(b));
    }

    @Test
    void writableViewsReachDistinctSlotsAndOverlapIsSound() {
        Seeds.forEachApplicable(CASES, CASES / 2, ViewArithmeticPropertiesTest::writableViewsReachDistinctSlotsAndOverlapIsSoundFor);
    }

    private static boolean writableViewsReachDistinctSlotsAndOverlapIsSoundFor(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        long[] shape = Seeds.shape(rnd);
        double[] storage = new double[64];
        TensorView v = randomView(storage, shape, rnd);
        TensorView w = randomView(storage, shape, rnd);
        if (v == null || w == null) {
            return false; // no view of that shape fits the storage
        }
        Set<Long> slotsV = slots(v);
        if (v.isWritable()) {
            assertThat(slotsV).hasSize((int) v.size());
        }
        Set<Long> shared = new HashSet<>(slotsV);
        shared.retainAll(slots(w));
        if (!shared.isEmpty()) {
            assertThat(Overlap.mayOverlap(v, w)).as("%s and %s share %s", v.strides(), w.strides(), shared)
                    .isTrue();
        }
        if (Overlap.identicalLayout(v, w)) {
            assertThat(slots(w)).isEqualTo(slotsV);
        }
        return true;
    }

    /** A view with random strides in [-6, 6] and an offset that keeps it inside, or null if none fits. */
    private static TensorView randomView(double[] storage, long[] shape, SplittableRandom rnd) {
        long[] strides = new long[shape.length];
        long lo = 0;
        long hi = 0;
        for (int a = 0; a < shape.length; a++) {
            strides[a] = rnd.nextInt(-6, 7);
            long span = Math.max(shape[a] - 1, 0) * strides[a];
            lo += Math.min(span, 0);
            hi += Math.max(span, 0);
        }
        if (hi - lo >= storage.length) {
            return null;
        }
        int offset = (int) (-lo + rnd.nextInt((int) (storage.length - (hi - lo))));
        return TensorView.of(DType.F64, storage, shape, strides, offset);
    }

    private static Set<Long> slots(TensorRead t) {
        Set<Long> s = new HashSet<>();
        forEachIndex(t.shape(), i -> s.add(t.elementOffset(i)));
        return s;
    }

    // ------------------------------------------------------------------ index helpers

    interface IndexBody {
        void accept(long[] index);
    }

    static void forEachIndex(long[] shape, IndexBody body) {
        for (long extent : shape) {
            if (extent == 0) {
                return;
            }
        }
        long[] index = new long[shape.length];
        while (true) {
            body.accept(index.clone());
            int a = 0;
            while (a < shape.length && ++index[a] == shape[a]) {
                index[a] = 0;
                a++;
            }
            if (a == shape.length) {
                return;
            }
        }
    }

    static long ravel(long[] index, long[] shape) {
        long linear = 0;
        long stride = 1;
        for (int a = 0; a < shape.length; a++) {
            linear += index[a] * stride;
            stride *= shape[a];
        }
        return linear;
    }

    static long[] unravel(long linear, long[] shape) {
        long[] index = new long[shape.length];
        for (int a = 0; a < shape.length; a++) {
            index[a] = shape[a] == 0 ? 0 : linear % shape[a];
            linear = shape[a] == 0 ? 0 : linear / shape[a];
        }
        return index;
    }

    static int[] randomPermutation(int n, SplittableRandom rnd) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int x = p[i];
            p[i] = p[j];
            p[j] = x;
        }
        return p;
    }

    /** A random shape (rank up to 4, extent-1 axes sprinkled in) with {@code size} elements. */
    static long[] randomFactorisation(long size, SplittableRandom rnd) {
        List<Integer> factors = new ArrayList<>();
        if (size == 0) {
            factors.add(0);
            factors.add(rnd.nextInt(1, 4));
        } else {
            int n = (int) size;
            for (int p = 2; p <= n; p++) {
                while (n % p == 0) {
                    factors.add(p);
                    n /= p;
                }
            }
        }
        int rank = rnd.nextInt(Math.min(factors.size(), 4), 5);
        long[] shape = new long[rank];
        Arrays.fill(shape, 1);
        for (int f : factors) {
            int a = rank == 0 ? -1 : rnd.nextInt(rank);
            if (a >= 0) {
                shape[a] *= f;
            }
        }
        if (rank == 0 && size != 1) {
            return new long[] {size};
        }
        return shape;
    }
}
