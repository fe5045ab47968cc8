package org.ferrite.api.tensor;

import org.ferrite.api.error.ValidationException;

/**
 * A tensor an operation reads: an owned {@link Tensor} or a strided {@link TensorView}. Exactly these
 * two classes implement it.
 *
 * <p>Element {@code (i0, i1, …)} lives at storage element {@link #offset()}{@code  + Σ i_a·}{@link
 * #stride(int) stride(a)}; for host tensors, {@link #storage()} is the primitive array (complex
 * elements interleaved, so scalar index = 2 × element index). Strides may be negative, and zero for
 * broadcast reads.
 *
 * <p>The metadata methods here ({@link #permute}, {@link #slice}, {@link #reverse}, {@link
 * #broadcastTo}, {@link #reshape}, {@link #diagonal}) never copy: they return views over the same
 * storage.
 *
 * <p>Not thread-safe: the metadata is immutable, but the storage is not synchronised — concurrent
 * reads are safe, a read concurrent with a write to the same storage is a data race. Lifetime: a
 * tensor or view is valid as long as its storage is not reclaimed into a session's buffer pool.
 */
public sealed interface TensorRead permits TensorWrite {

    /** @return the element type */
    DType dtype();

    /** @return the number of axes (0 for a scalar) */
    int rank();

    /**
     * @param axis an axis in {@code [0, rank)}
     * @return the extent of that axis
     */
    int dim(int axis);

    /**
     * @param axis an axis in {@code [0, rank)}
     * @return the stride of that axis, in elements (may be negative or zero)
     */
    int stride(int axis);

    /** @return the storage element index of element {@code (0, …, 0)} */
    int offset();

    /** @return the number of elements (product of the extents; 1 for rank 0) */
    int size();

    /** @return where the storage lives */
    Placement placement();

    /**
     * The backing storage: for host tensors the primitive array of {@link DType#storageClass()}, shared,
     * not copied; for device tensors a provider's {@link DeviceStorage}.
     *
     * @return the storage object
     */
    Object storage();

    /** @return a copy of the shape */
    default int[] shape() {
        int[] s = new int[rank()];
        for (int a = 0; a < s.length; a++) {
            s[a] = dim(a);
        }
        return s;
    }

    /** @return a copy of the strides, in elements */
    default int[] strides() {
        int[] s = new int[rank()];
        for (int a = 0; a < s.length; a++) {
            s[a] = stride(a);
        }
        return s;
    }

    /**
     * @return true if the elements are laid out compact column-major from {@link #offset()}
     *     (extent-1 axes may have any stride; an empty tensor is contiguous)
     */
    default boolean isColumnMajorContiguous() {
        if (size() == 0) {
            return true; // reaches no element
        }
        int expected = 1;
        for (int a = 0; a < rank(); a++) {
            int d = dim(a);
            if (d != 1 && stride(a) != expected) {
                return false;
            }
            expected *= d;
        }
        return true;
    }

    /**
     * @param index one index per axis
     * @return the storage element index of that element
     * @throws ValidationException if the index has the wrong length or is out of bounds
     */
    default int elementOffset(int... index) {
        if (index.length != rank()) {
            throw ValidationException.rankMismatch("elementOffset", "index", String.valueOf(rank()), index.length);
        }
        int off = offset();
        for (int a = 0; a < index.length; a++) {
            if (index[a] < 0 || index[a] >= dim(a)) {
                throw ValidationException.invalidAxisArgument("elementOffset", "index", a,
                        "an index in [0, " + dim(a) + ")", String.valueOf(index[a]));
            }
            off += index[a] * stride(a);
        }
        return off;
    }

    /**
     * Reads one element of a real or integer or boolean tensor as a {@code double} (true is 1).
     *
     * @param index one index per axis
     * @return the element's value
     * @throws ValidationException for complex dtypes (use {@link #getReal}/{@link #getImag}) or bad index
     */
    default double getDouble(int... index) {
        return ElementAccess.getReal(this, elementOffset(index), "getDouble", true);
    }

    /**
     * @param index one index per axis
     * @return the real part of the element (the value itself for real dtypes)
     */
    default double getReal(int... index) {
        return ElementAccess.getReal(this, elementOffset(index), "getReal", false);
    }

    /**
     * @param index one index per axis
     * @return the imaginary part of the element (0 for real dtypes)
     */
    default double getImag(int... index) {
        return ElementAccess.getImag(this, elementOffset(index));
    }

    /**
     * @param index one index per axis
     * @return the element of an I64 or I32 tensor, exactly
     * @throws ValidationException for other dtypes
     */
    default long getLong(int... index) {
        return ElementAccess.getLong(this, elementOffset(index));
    }

    /**
     * @param index one index per axis
     * @return the element of a BOOL tensor
     * @throws ValidationException for other dtypes
     */
    default boolean getBoolean(int... index) {
        return ElementAccess.getBoolean(this, elementOffset(index));
    }

    /**
     * A view with axes reordered: axis {@code a} of the result is axis {@code perm[a]} of this.
     *
     * @param perm a permutation of {@code 0 .. rank-1}
     * @return a view sharing storage
     */
    default TensorView permute(int... perm) {
        return TensorView.of(this).permute(perm);
    }

    /** @return a view with the axes reversed (NumPy {@code .T}; for a matrix, the transpose) */
    default TensorView transpose() {
        int[] perm = new int[rank()];
        for (int a = 0; a < perm.length; a++) {
            perm[a] = perm.length - 1 - a;
        }
        return permute(perm);
    }

    /**
     * A strided sub-view along one axis: indices {@code start, start+step, …} before {@code stop}
     * (after {@code stop} for a negative step), as in Python's {@code a[start:stop:step]} with
     * explicit non-negative bounds.
     *
     * @param axis the axis
     * @param start the first index
     * @param stop the exclusive end
     * @param step a non-zero step
     * @return a view sharing storage
     */
    default TensorView slice(int axis, int start, int stop, int step) {
        return TensorView.of(this).slice(axis, start, stop, step);
    }

    /**
     * @param axes the axes to reverse
     * @return a view with those axes read backwards (negative strides)
     */
    default TensorView reverse(int... axes) {
        return TensorView.of(this).reverse(axes);
    }

    /**
     * NumPy-style broadcast view: axes aligned at the end, extent-1 (or missing) axes repeated with
     * stride 0. The result is read-only (not {@link TensorWrite#isWritable() writable}).
     *
     * @param shape the target shape
     * @return a view sharing storage
     */
    default TensorView broadcastTo(int... shape) {
        return TensorView.of(this).broadcastTo(shape);
    }

    /**
     * StableHLO {@code broadcast_in_dim} as a view: axis {@code a} of this becomes axis
     * {@code dims[a]} of the result; other result axes repeat with stride 0.
     *
     * @param shape the result shape
     * @param dims strictly increasing result axes, one per axis of this
     * @return a read-only view sharing storage
     */
    default TensorView broadcastInDim(int[] shape, int[] dims) {
        return TensorView.of(this).broadcastInDim(shape, dims);
    }

    /**
     * A view with a new shape and the same column-major element order, if the layout allows one
     * without copying (use a session's {@code reshape} otherwise).
     *
     * @param shape the new shape, with the same element count
     * @return a view sharing storage
     * @throws ValidationException if the counts differ or the strides do not allow a view
     */
    default TensorView reshape(int... shape) {
        return TensorView.of(this).reshape(shape);
    }

    /**
     * The diagonal of the two leading (matrix) axes as a view: shape {@code [min(m, n), batch…]}.
     *
     * @return a view sharing storage
     */
    default TensorView diagonal() {
        return TensorView.of(this).diagonal();
    }

    /**
     * @return the elements in column-major order, in a new array of {@link DType#storageClass()}
     *     (complex interleaved)
     */
    default Object toColumnMajorArray() {
        return ElementAccess.copyOut(this, false);
    }

    /**
     * @return the elements in row-major (C) order, in a new array of {@link DType#storageClass()}
     *     (complex interleaved) — the layout Java's {@code double[][]} users expect when flattened
     */
    default Object toRowMajorArray() {
        return ElementAccess.copyOut(this, true);
    }

    /** @return a compact column-major host copy */
    default Tensor copy() {
        return Tensor.wrap(dtype(), toColumnMajorArray(), shape());
    }
}
