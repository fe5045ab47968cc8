package org.ferrite.api.tensor;

import java.util.Arrays;
import java.util.Objects;
import org.ferrite.api.error.ValidationException;

/**
 * A strided view over another tensor's storage: shape, signed strides (in elements) and an offset, all
 * {@code long}. Construction validates that every reachable element lies inside the storage, with
 * overflow-checked arithmetic. Views never copy; a view may describe more elements than its storage
 * holds (a broadcast), so a view over device storage may exceed 2<sup>31</sup>−1 elements and a
 * metadata-only view stays exact.
 *
 * <p>Zero strides are allowed for broadcast reads; such a view (or any view whose distinct indices
 * can reach the same slot) is not {@link #isWritable() writable}, and operations reject it as an
 * output.
 *
 * <p>Not thread-safe: the metadata is immutable, but the shared storage is not synchronised. Lifetime:
 * valid while its storage is; a view over a tensor that was {@code reclaim}ed into a buffer pool must
 * not be used.
 */
public final class TensorView implements TensorWrite {
    private final DType dtype;
    private final Object storage;
    private final Placement placement;
    private final long[] shape;
    private final long[] strides;
    private final long offset;
    private final long size;
    private final boolean writable;

    private TensorView(DType dtype, Object storage, Placement placement, long[] shape, long[] strides, long offset,
            String op) {
        this.dtype = dtype;
        this.storage = storage;
        this.placement = placement;
        this.shape = shape;
        this.strides = strides;
        this.offset = offset;
        this.size = Shapes.elementCount(op, "shape", shape);
        checkReachable(op);
        this.writable = computeWritable();
    }

    /**
     * A view with explicit layout over host or device storage.
     *
     * @param dtype the element type
     * @param storage a primitive array of {@code dtype.storageClass()}, or a {@link DeviceStorage}
     * @param shape the extents
     * @param strides the strides in elements, one per axis
     * @param offset the storage element index of element {@code (0, …, 0)}
     * @return the view
     * @throws ValidationException if an element would fall outside the storage, or the storage does not
     *     match the dtype
     */
    public static TensorView of(DType dtype, Object storage, long[] shape, long[] strides, long offset) {
        Objects.requireNonNull(dtype, "dtype");
        Placement placement = ElementAccess.placementOf("TensorView.of", dtype, storage);
        if (shape.length != strides.length) {
            throw ValidationException.rankMismatch("TensorView.of", "strides", String.valueOf(shape.length),
                    strides.length);
        }
        return new TensorView(dtype, storage, placement, shape.clone(), strides.clone(), offset, "TensorView.of");
    }

    /**
     * @param tensor any tensor or view
     * @return a view with the same layout (the same object if {@code tensor} is already a view)
     */
    public static TensorView of(TensorRead tensor) {
        if (tensor instanceof TensorView) {
            return (TensorView) tensor;
        }
        return new TensorView(tensor.dtype(), tensor.storage(), tensor.placement(), tensor.shape(), tensor.strides(),
                tensor.offset(), "TensorView.of");
    }

    private TensorView derive(long[] newShape, long[] newStrides, long newOffset, String op) {
        return new TensorView(dtype, storage, placement, newShape, newStrides, newOffset, op);
    }

    private void checkReachable(String op) {
        if (size == 0) {
            return;
        }
        long lo = offset;
        long hi = offset;
        try {
            for (int a = 0; a < shape.length; a++) {
                long span = Math.multiplyExact(shape[a] - 1, strides[a]);
                if (span < 0) {
                    lo = Math.addExact(lo, span);
                } else {
                    hi = Math.addExact(hi, span);
                }
            }
        } catch (ArithmeticException e) {
            throw ValidationException.invalidArgument(op, "strides", "a layout whose element indices fit a long",
                    "shape " + Arrays.toString(shape) + ", strides " + Arrays.toString(strides) + ", offset "
                            + offset + " (the reachable range overflows)",
                    null);
        }
        long capacity = ElementAccess.elementCapacity(dtype, storage, placement);
        if (lo < 0 || hi >= capacity) {
            throw ValidationException.invalidArgument(op, "strides",
                    "every element inside storage [0, " + capacity + ")",
                    "elements reach [" + lo + ", " + hi + "] with shape " + Arrays.toString(shape) + ", strides "
                            + Arrays.toString(strides) + ", offset " + offset,
                    null);
        }
    }

    // Sufficient condition for distinct indices to reach distinct slots: sorted by |stride|, each
    // |stride| exceeds the span of all smaller ones. The spans sum to at most hi - lo of the reachable
    // range (checked by checkReachable), so nothing overflows.
    private boolean computeWritable() {
        if (size <= 1) {
            return true;
        }
        int n = 0;
        int[] axes = new int[shape.length];
        for (int a = 0; a < shape.length; a++) {
            if (shape[a] > 1) {
                axes[n++] = a;
            }
        }
        for (int i = 1; i < n; i++) { // insertion sort by |stride|: ranks are small
            int axis = axes[i];
            int j = i;
            while (j > 0 && Math.abs(strides[axes[j - 1]]) > Math.abs(strides[axis])) {
                axes[j] = axes[j - 1];
                j--;
            }
            axes[j] = axis;
        }
        long span = 0;
        for (int k = 0; k < n; k++) {
            int a = axes[k];
            long s = Math.abs(strides[a]);
            if (s <= span) {
                return false;
            }
            span += s * (shape[a] - 1);
        }
        return true;
    }

    @Override
    public DType dtype() {
        return dtype;
    }

    @Override
    public int rank() {
        return shape.length;
    }

    @Override
    public long dim(int axis) {
        return shape[axis];
    }

    @Override
    public long stride(int axis) {
        return strides[axis];
    }

    @Override
    public long offset() {
        return offset;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public Placement placement() {
        return placement;
    }

    @Override
    public Object storage() {
        return storage;
    }

    @Override
    public boolean isWritable() {
        return writable;
    }

    @Override
    public TensorView permute(int... perm) {
        perm = Shapes.normalizeAxes("permute", "perm", perm, shape.length);
        Shapes.checkPermutation("permute", "perm", perm, shape.length);
        long[] s = new long[perm.length];
        long[] st = new long[perm.length];
        for (int a = 0; a < perm.length; a++) {
            s[a] = shape[perm[a]];
            st[a] = strides[perm[a]];
        }
        return derive(s, st, offset, "permute");
    }

    @Override
    public TensorView slice(int axis, long start, long stop, long step) {
        String op = "slice";
        axis = Shapes.normalizeAxis(op, "axis", axis, shape.length);
        if (step == 0) {
            throw ValidationException.invalidArgument(op, "step", "a non-zero step", "0", null);
        }
        long n = shape[axis];
        String given = "start " + start + ", stop " + stop;
        // Python's negative bounds count from the end; with a negative step, stop -1 stays "past index 0"
        if (start < 0 && (step > 0 || start < -1 || n > 0)) {
            start += n;
        }
        if (stop < 0 && (step > 0 || stop < -1)) {
            stop += n;
        }
        if (step > 0) {
            if (start < 0 || start > n || stop < start || stop > n) {
                throw ValidationException.invalidAxisArgument(op, "start/stop", axis,
                        "-" + n + " <= start <= stop <= " + n + " (negative counts from the end)", given);
            }
        } else if (start < -1 || start >= n || stop > start || stop < -1) {
            throw ValidationException.invalidAxisArgument(op, "start/stop", axis, "stop <= start in [-" + n + ", "
                    + n + ") for a negative step (negative counts from the end; stop -1 is past index 0)", given);
        }
        // unsigned division: |Long.MIN_VALUE| is 2^63, and span - 1 + |step| could overflow a signed sum
        long span = step > 0 ? stop - start : start - stop;
        long count = span == 0 ? 0 : 1 + Long.divideUnsigned(span - 1, step > 0 ? step : -step);
        long[] s = shape.clone();
        long[] st = strides.clone();
        s[axis] = count;
        if (count > 1) { // with one element or none the stride is never applied: keep it
            try {
                st[axis] = Math.multiplyExact(strides[axis], step);
            } catch (ArithmeticException e) {
                throw ValidationException.invalidAxisArgument(op, "step", axis, "a step whose stride fits a long",
                        "step " + step + " over stride " + strides[axis]);
            }
        }
        // an empty result reaches nothing: its offset is never applied (and need not be representable)
        long newOffset = count == 0 || size == 0 ? offset : offset + start * strides[axis];
        return derive(s, st, newOffset, op);
    }

    @Override
    public TensorView reverse(int... axes) {
        long[] st = strides.clone();
        long newOffset = offset;
        boolean[] seen = new boolean[shape.length];
        for (int axis : Shapes.normalizeAxes("reverse", "axes", axes, shape.length)) {
            if (seen[axis]) {
                throw ValidationException.invalidAxisArgument("reverse", "axes", axis, "each axis once",
                        Arrays.toString(axes));
            }
            seen[axis] = true;
            if (size > 0) {
                newOffset += (shape[axis] - 1) * strides[axis];
            }
            st[axis] = -strides[axis];
        }
        return derive(shape.clone(), st, newOffset, "reverse");
    }

    @Override
    public TensorView broadcastTo(long... target) {
        String op = "broadcastTo";
        if (target.length < shape.length) {
            throw ValidationException.rankMismatch(op, "shape", ">= " + shape.length, target.length);
        }
        int lead = target.length - shape.length;
        int[] dims = new int[shape.length];
        for (int a = 0; a < shape.length; a++) {
            dims[a] = lead + a;
        }
        return broadcastInDim(target, dims, op);
    }

    @Override
    public TensorView broadcastInDim(long[] target, int[] dims) {
        return broadcastInDim(target, dims, "broadcastInDim");
    }

    private TensorView broadcastInDim(long[] target, int[] dims, String op) {
        if (dims.length != shape.length) {
            throw ValidationException.rankMismatch(op, "dims", String.valueOf(shape.length), dims.length);
        }
        long[] st = new long[target.length];
        boolean[] taken = new boolean[target.length];
        for (int a = 0; a < dims.length; a++) {
            int d = dims[a];
            if (d < 0 || d >= target.length) {
                throw ValidationException.axisOutOfBounds(op, "dims", d, target.length);
            }
            if (taken[d]) {
                throw ValidationException.invalidAxisArgument(op, "dims", a, "distinct result axes (any order)",
                        Arrays.toString(dims));
            }
            taken[d] = true;
            if (shape[a] == target[d]) {
                st[d] = strides[a];
            } else if (shape[a] == 1) {
                st[d] = 0;
            } else {
                throw ValidationException.extentMismatch(op, "operand", a, target[d], shape[a],
                        "only extent-1 axes broadcast; shape " + Arrays.toString(shape) + " to "
                                + Arrays.toString(target));
            }
        }
        return derive(target.clone(), st, offset, op);
    }

    @Override
    public TensorView reshape(long... newShape) {
        String op = "reshape";
        long count = Shapes.elementCount(op, "shape", newShape);
        if (count != size) {
            throw ValidationException.shapeMismatch(op, "shape", shape, newShape);
        }
        long[] st = ReshapeStrides.compute(shape, strides, newShape);
        if (st == null) {
            throw ValidationException.invalidArgument(op, "operand",
                    "a layout that allows a view with shape " + Arrays.toString(newShape),
                    "shape " + Arrays.toString(shape) + " with strides " + Arrays.toString(strides),
                    "use session.reshape(...) or copy() to get a compact tensor first");
        }
        return derive(newShape.clone(), st, offset, op);
    }

    @Override
    public TensorView reshapeRowMajor(long... newShape) {
        String op = "reshapeRowMajor";
        long count = Shapes.elementCount(op, "shape", newShape);
        if (count != size) {
            throw ValidationException.shapeMismatch(op, "shape", shape, newShape);
        }
        // row-major order of this is column-major order of the axes reversed
        long[] st = ReshapeStrides.compute(reversed(shape), reversed(strides), reversed(newShape));
        if (st == null) {
            throw ValidationException.invalidArgument(op, "operand",
                    "a layout whose row-major (C) order strides can reshape to " + Arrays.toString(newShape)
                            + " (a column-major tensor splits axes this way, but merges none: see"
                            + " TensorRead.reshapeRowMajor)",
                    "shape " + Arrays.toString(shape) + " with strides " + Arrays.toString(strides),
                    "use session.reshapeRowMajor(t, shape), which copies");
        }
        return derive(newShape.clone(), reversed(st), offset, op);
    }

    private static long[] reversed(long[] values) {
        long[] r = new long[values.length];
        for (int a = 0; a < values.length; a++) {
            r[a] = values[values.length - 1 - a];
        }
        return r;
    }

    @Override
    public Tensor toTensor() {
        if ((offset == 0 && isColumnMajorContiguous()) || size == 0) {
            return Tensor.wrap(dtype, storage, shape);
        }
        if (!placement.isHost()) {
            throw ValidationException.invalidArgument("toTensor", "this", "a host view, or a device view that is"
                    + " compact from storage element 0", "a non-compact view on " + placement,
                    "copy it on its device with session.toContiguous(view)");
        }
        return copy();
    }

    @Override
    public TensorView diagonal(int axis1, int axis2, long k) {
        String op = "diagonal";
        int rank = shape.length;
        if (rank < 2) {
            throw ValidationException.rankMismatch(op, "operand", ">= 2", rank);
        }
        axis1 = Shapes.normalizeAxis(op, "axis1", axis1, rank);
        axis2 = Shapes.normalizeAxis(op, "axis2", axis2, rank);
        if (axis1 == axis2) {
            throw ValidationException.invalidAxisArgument(op, "axis2", axis2, "an axis other than axis1 " + axis1,
                    String.valueOf(axis2));
        }
        long n1 = shape[axis1];
        long n2 = shape[axis2];
        // element i of the diagonal is (i + skip1, i + skip2) of the pair
        long skip1 = k < 0 ? (k == Long.MIN_VALUE ? Long.MAX_VALUE : -k) : 0;
        long skip2 = k > 0 ? k : 0;
        long length = Math.max(0, Math.min(n1 - Math.min(skip1, n1), n2 - Math.min(skip2, n2)));
        long stride = strides[axis1];
        if (length > 1) {
            try {
                stride = Math.addExact(strides[axis1], strides[axis2]);
            } catch (ArithmeticException e) {
                throw ValidationException.invalidArgument(op, "operand", "strides whose sum fits a long",
                        "strides " + strides[axis1] + " and " + strides[axis2], null);
            }
        }
        long newOffset = length == 0 || size == 0 ? offset
                : offset + skip1 * strides[axis1] + skip2 * strides[axis2];
        long[] s = new long[rank - 1];
        long[] st = new long[rank - 1];
        for (int a = 0, r = 0; a < rank; a++) {
            if (a == axis2) {
                continue;
            }
            s[r] = a == axis1 ? length : shape[a];
            st[r] = a == axis1 ? stride : strides[a];
            r++;
        }
        return derive(s, st, newOffset, op);
    }

    @Override
    public String toString() {
        return TensorFormat.format(this, "TensorView");
    }
}
