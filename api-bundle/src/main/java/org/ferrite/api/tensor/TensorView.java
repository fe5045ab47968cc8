package org.ferrite.api.tensor;

import java.util.Arrays;
import java.util.Objects;
import org.ferrite.api.error.ValidationException;

/**
 * A strided view over another tensor's storage: shape, signed strides (in elements) and an offset.
 * Construction validates that every reachable element lies inside the storage. Views never copy.
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
    private final int[] shape;
    private final int[] strides;
    private final int offset;
    private final int size;
    private final boolean writable;

    private TensorView(DType dtype, Object storage, Placement placement, int[] shape, int[] strides, int offset,
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
    public static TensorView of(DType dtype, Object storage, int[] shape, int[] strides, int offset) {
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

    private TensorView derive(int[] newShape, int[] newStrides, int newOffset, String op) {
        return new TensorView(dtype, storage, placement, newShape, newStrides, newOffset, op);
    }

    private void checkReachable(String op) {
        if (size == 0) {
            return;
        }
        long lo = offset;
        long hi = offset;
        for (int a = 0; a < shape.length; a++) {
            long span = (long) (shape[a] - 1) * strides[a];
            if (span < 0) {
                lo += span;
            } else {
                hi += span;
            }
        }
        long capacity = ElementAccess.elementCapacity(dtype, storage);
        if (lo < 0 || hi >= capacity) {
            throw ValidationException.invalidArgument(op, "strides",
                    "every element inside storage [0, " + capacity + ")",
                    "elements reach [" + lo + ", " + hi + "] with shape " + Arrays.toString(shape) + ", strides "
                            + Arrays.toString(strides) + ", offset " + offset,
                    null);
        }
    }

    // Sufficient condition for distinct indices to reach distinct slots: sorted by |stride|, each
    // |stride| exceeds the span of all smaller ones.
    private boolean computeWritable() {
        if (size <= 1) {
            return true;
        }
        long[] keyed = new long[shape.length];
        int n = 0;
        for (int a = 0; a < shape.length; a++) {
            if (shape[a] > 1) {
                keyed[n++] = ((long) Math.abs(strides[a]) << 32) | a;
            }
        }
        Arrays.sort(keyed, 0, n);
        long span = 0;
        for (int k = 0; k < n; k++) {
            int a = (int) keyed[k];
            long s = Math.abs((long) strides[a]);
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
    public int dim(int axis) {
        return shape[axis];
    }

    @Override
    public int stride(int axis) {
        return strides[axis];
    }

    @Override
    public int offset() {
        return offset;
    }

    @Override
    public int size() {
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
        Shapes.checkPermutation("permute", "perm", perm, shape.length);
        int[] s = new int[perm.length];
        int[] st = new int[perm.length];
        for (int a = 0; a < perm.length; a++) {
            s[a] = shape[perm[a]];
            st[a] = strides[perm[a]];
        }
        return derive(s, st, offset, "permute");
    }

    @Override
    public TensorView slice(int axis, int start, int stop, int step) {
        String op = "slice";
        if (axis < 0 || axis >= shape.length) {
            throw ValidationException.axisOutOfBounds(op, "axis", axis, shape.length);
        }
        if (step == 0) {
            throw ValidationException.invalidArgument(op, "step", "a non-zero step", "0", null);
        }
        int n = shape[axis];
        int count;
        // long arithmetic: a step near Integer.MAX_VALUE (or MIN_VALUE) must not overflow the count
        if (step > 0) {
            if (start < 0 || start > n || stop < start || stop > n) {
                throw ValidationException.invalidAxisArgument(op, "start/stop", axis,
                        "0 <= start <= stop <= " + n, "start " + start + ", stop " + stop);
            }
            count = (int) (((long) stop - start + step - 1) / step);
        } else {
            if (start < -1 || start >= n || stop > start || stop < -1) {
                throw ValidationException.invalidAxisArgument(op, "start/stop", axis,
                        "-1 <= stop <= start < " + n + " for a negative step", "start " + start + ", stop " + stop);
            }
            count = (int) (((long) start - stop - step - 1) / -(long) step);
        }
        int[] s = shape.clone();
        int[] st = strides.clone();
        s[axis] = count;
        // with one element or none the stride is never applied: keep it representable
        long stride = (long) strides[axis] * step;
        st[axis] = count <= 1 ? strides[axis] : (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, stride));
        int newOffset = count == 0 ? offset : offset + start * strides[axis];
        return derive(s, st, newOffset, op);
    }

    @Override
    public TensorView reverse(int... axes) {
        int[] st = strides.clone();
        int newOffset = offset;
        boolean[] seen = new boolean[shape.length];
        for (int axis : axes) {
            if (axis < 0 || axis >= shape.length) {
                throw ValidationException.axisOutOfBounds("reverse", "axes", axis, shape.length);
            }
            if (seen[axis]) {
                throw ValidationException.invalidAxisArgument("reverse", "axes", axis, "each axis once",
                        Arrays.toString(axes));
            }
            seen[axis] = true;
            if (shape[axis] > 0) {
                newOffset += (shape[axis] - 1) * strides[axis];
            }
            st[axis] = -strides[axis];
        }
        return derive(shape.clone(), st, newOffset, "reverse");
    }

    @Override
    public TensorView broadcastTo(int... target) {
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
    public TensorView broadcastInDim(int[] target, int[] dims) {
        return broadcastInDim(target, dims, "broadcastInDim");
    }

    private TensorView broadcastInDim(int[] target, int[] dims, String op) {
        if (dims.length != shape.length) {
            throw ValidationException.rankMismatch(op, "dims", String.valueOf(shape.length), dims.length);
        }
        int[] st = new int[target.length];
        int previous = -1;
        for (int a = 0; a < dims.length; a++) {
            int d = dims[a];
            if (d < 0 || d >= target.length) {
                throw ValidationException.axisOutOfBounds(op, "dims", d, target.length);
            }
            if (d <= previous) {
                throw ValidationException.invalidAxisArgument(op, "dims", a, "strictly increasing result axes",
                        Arrays.toString(dims));
            }
            previous = d;
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
    public TensorView reshape(int... newShape) {
        String op = "reshape";
        int count = Shapes.elementCount(op, "shape", newShape);
        if (count != size) {
            throw ValidationException.shapeMismatch(op, "shape", shape, newShape);
        }
        int[] st = ReshapeStrides.compute(shape, strides, newShape);
        if (st == null) {
            throw ValidationException.invalidArgument(op, "operand",
                    "a layout that allows a view with shape " + Arrays.toString(newShape),
                    "shape " + Arrays.toString(shape) + " with strides " + Arrays.toString(strides),
                    "use session.reshape(...) or copy() to get a compact tensor first");
        }
        return derive(newShape.clone(), st, offset, op);
    }

    @Override
    public TensorView diagonal() {
        if (shape.length < 2) {
            throw ValidationException.rankMismatch("diagonal", "operand", ">= 2", shape.length);
        }
        int[] s = new int[shape.length - 1];
        int[] st = new int[shape.length - 1];
        s[0] = Math.min(shape[0], shape[1]);
        st[0] = strides[0] + strides[1];
        for (int a = 2; a < shape.length; a++) {
            s[a - 1] = shape[a];
            st[a - 1] = strides[a];
        }
        return derive(s, st, offset, "diagonal");
    }

    @Override
    public String toString() {
        return TensorFormat.format(this, "TensorView");
    }
}
