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
 * <p><b>Sizes.</b> Every size-like value — extents, strides, offsets, {@link #size()}, element
 * indices — is a {@code long}, so a device tensor of more than 2<sup>31</sup>−1 elements is
 * represented exactly and stays closed under reshape and flatten; axis numbers and ranks are
 * {@code int}. Host storage is one Java array, so the elements a host tensor reaches fit an
 * {@code int} index ({@link Shapes#MAX_HOST_SCALARS}); only a broadcast view may describe more.
 *
 * <p>The metadata methods here ({@link #permute}, {@link #slice}, {@link #reverse}, {@link
 * #broadcastTo}, {@link #reshape}, {@link #diagonal}) never copy: they return views over the same
 * storage. The element accessors ({@code getDouble}, …) and array exporters read host storage only;
 * a device tensor must be transferred first ({@code session.toHost(t)}).
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
    long dim(int axis);

    /**
     * @param axis an axis in {@code [0, rank)}
     * @return the stride of that axis, in elements (may be negative or zero)
     */
    long stride(int axis);

    /** @return the storage element index of element {@code (0, …, 0)} */
    long offset();

    /** @return the number of elements (product of the extents; 1 for rank 0) */
    long size();

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
    default long[] shape() {
        long[] s = new long[rank()];
        for (int a = 0; a < s.length; a++) {
            s[a] = dim(a);
        }
        return s;
    }

    /** @return a copy of the strides, in elements */
    default long[] strides() {
        long[] s = new long[rank()];
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
        long expected = 1;
        for (int a = 0; a < rank(); a++) {
            long d = dim(a);
            if (d != 1 && stride(a) != expected) {
                return false;
            }
            expected *= d;
        }
        return true;
    }

    /**
     * @param index one index per axis, each in {@code [-n, n)} for an axis of extent {@code n}: a negative
     *     index counts from the end, as NumPy's {@code a[-1, 0]}
     * @return the storage element index of that element
     * @throws ValidationException if the index has the wrong length or is out of bounds
     */
    default long elementOffset(long... index) {
        if (index.length != rank()) {
            throw ValidationException.rankMismatch("elementOffset", "index", String.valueOf(rank()), index.length);
        }
        long off = offset();
        for (int a = 0; a < index.length; a++) {
            long i = index[a];
            if (i < 0 || i >= dim(a)) {
                i = Shapes.normalizeIndex("elementOffset", "index", a, i, dim(a));
            }
            off += i * stride(a);
        }
        return off;
    }

    /**
     * Reads one element of a real or integer or boolean tensor as a {@code double} (true is 1; an F16 or
     * BF16 element exactly, as its value).
     *
     * @param index one index per axis
     * @return the element's value
     * @throws ValidationException for complex dtypes (use {@link #getReal}/{@link #getImag}) or bad index
     */
    default double getDouble(long... index) {
        return ElementAccess.getReal(this, elementOffset(index), "getDouble", true);
    }

    /**
     * @param index one index per axis
     * @return the real part of the element (the value itself for real dtypes)
     */
    default double getReal(long... index) {
        return ElementAccess.getReal(this, elementOffset(index), "getReal", false);
    }

    /**
     * @param index one index per axis
     * @return the imaginary part of the element (0 for real dtypes)
     */
    default double getImag(long... index) {
        return ElementAccess.getImag(this, elementOffset(index));
    }

    /**
     * @param index one index per axis
     * @return the element of an integer tensor (I32, I64, I8, U8; U8 as 0 to 255), exactly
     * @throws ValidationException for other dtypes
     */
    default long getLong(long... index) {
        return ElementAccess.getLong(this, elementOffset(index));
    }

    /**
     * @param index one index per axis
     * @return the element of a BOOL tensor
     * @throws ValidationException for other dtypes
     */
    default boolean getBoolean(long... index) {
        return ElementAccess.getBoolean(this, elementOffset(index));
    }

    /**
     * A view with axes reordered: axis {@code a} of the result is axis {@code perm[a]} of this.
     *
     * @param perm a permutation of {@code 0 .. rank-1}; a negative axis counts from the end (NumPy's
     *     {@code transpose(a, (-1, 0))})
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
     * (after {@code stop} for a negative step), as Python's {@code a[start:stop:step]}: a negative
     * {@code axis}, {@code start} or {@code stop} counts from the end ({@code slice(0, -3, n, 1)} is
     * {@code a[-3:]}), with one exception — for a negative step, {@code stop == -1} means "past index 0"
     * (Python's omitted stop: {@code slice(0, -1, -1, -1)} is {@code a[::-1]}). Unlike Python, bounds
     * outside the axis are an error, not clamped.
     *
     * @param axis the axis, in {@code [-rank, rank)}
     * @param start the first index, in {@code [-n, n]} ({@code [-n, n)} for a negative step)
     * @param stop the exclusive end
     * @param step a non-zero step
     * @return a view sharing storage
     * @throws ValidationException for an axis or bounds out of range, or a zero step
     */
    default TensorView slice(int axis, long start, long stop, long step) {
        return TensorView.of(this).slice(axis, start, stop, step);
    }

    /**
     * @param axes the axes to reverse, each in {@code [-rank, rank)} (negative counts from the end)
     * @return a view with those axes read backwards (negative strides; NumPy's {@code flip})
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
    default TensorView broadcastTo(long... shape) {
        return TensorView.of(this).broadcastTo(shape);
    }

    /**
     * StableHLO {@code broadcast_in_dim} as a view: axis {@code a} of this becomes axis
     * {@code dims[a]} of the result; other result axes repeat with stride 0. The result axes may come in
     * any order, as StableHLO allows: an unsorted {@code dims} transposes ({@code m.broadcastInDim(new
     * long[] {n, m0}, new int[] {1, 0})} is the transpose of an {@code [m0, n]} matrix).
     *
     * @param shape the result shape
     * @param dims distinct result axes, one per axis of this, in any order
     * @return a read-only view sharing storage
     * @throws ValidationException for a {@code dims} of the wrong length, an axis out of bounds or used
     *     twice, or an extent that is neither equal nor 1
     */
    default TensorView broadcastInDim(long[] shape, int[] dims) {
        return TensorView.of(this).broadcastInDim(shape, dims);
    }

    /**
     * A view with a new shape and the same <b>column-major</b> element order, if the layout allows one
     * without copying (use a session's {@code reshape} otherwise). This is NumPy's
     * {@code reshape(shape, order='F')}, not its default C order: for a NumPy user's
     * {@code a.reshape(...)} use {@link #reshapeRowMajor}. A compact tensor always allows the view, and
     * {@link #toTensor()} turns it into a {@link Tensor} without copying:
     * {@code Tensor r = t.reshape(3, 2).toTensor();}.
     *
     * @param shape the new shape, with the same element count
     * @return a view sharing storage
     * @throws ValidationException if the counts differ or the strides do not allow a view
     */
    default TensorView reshape(long... shape) {
        return TensorView.of(this).reshape(shape);
    }

    /**
     * A view with a new shape and the same <b>row-major</b> (C) element order — NumPy's default
     * {@code a.reshape(shape)} — whenever strides can express it (NumPy's own no-copy rule, applied to C
     * order). A row-major layout always allows it ({@code a.transpose()} of a compact tensor is one:
     * {@code t.transpose().reshapeRowMajor(…)} never copies). A compact <em>column-major</em> tensor —
     * every {@link Tensor}, {@code Tensor.fromRowMajor}'s and einsum's results included — allows it when
     * the reshape only splits axes, or adds or drops axes of extent 1 ({@code [6, 4] → [2, 3, 4]},
     * {@code [2, 3] → [2, 3, 1]}), or when at most one axis has an extent above 1: merging two axes in C
     * order ({@code [2, 3] → [6]}, {@code [2, 3] → [3, 2]}) reads the storage in an order no strides
     * describe, and NumPy copies there too ({@code np.asfortranarray(a).reshape(6)} is a copy). Where no
     * view exists, use a session's {@code reshapeRowMajor(t, shape)}, which copies.
     *
     * @param shape the new shape, with the same element count
     * @return a view sharing storage
     * @throws ValidationException (INVALID_ARGUMENT) if the counts differ or no strides express the
     *     reshape; the message says to use the session form
     */
    default TensorView reshapeRowMajor(long... shape) {
        return TensorView.of(this).reshapeRowMajor(shape);
    }

    /**
     * These elements as a {@link Tensor}, <b>without copying</b> whenever the layout allows it: a
     * {@code Tensor} returns itself, and a view that is compact column-major from storage element 0 —
     * as {@link #reshape} of a {@code Tensor} always is — becomes a {@code Tensor} over the same storage
     * (writes through either are seen by both). Any other view is copied into a new compact host tensor
     * ({@link #copy()}); a device view that is not compact must be copied by a session instead
     * ({@code session.toContiguous(view)}).
     *
     * @return a tensor with this shape and these elements
     * @throws ValidationException for a device view that is not compact from element 0
     */
    default Tensor toTensor() {
        return TensorView.of(this).toTensor();
    }

    /**
     * The diagonal of the two leading (matrix) axes as a view: shape {@code [min(m, n), batch…]};
     * the same as {@link #diagonal(int, int) diagonal(0, 1)}.
     *
     * @return a view sharing storage
     * @throws ValidationException if the rank is below 2
     */
    default TensorView diagonal() {
        return diagonal(0, 1, 0);
    }

    /**
     * The main diagonal of the pair of axes {@code (axis1, axis2)} as a stride-sum view:
     * {@link #diagonal(int, int, long) diagonal(axis1, axis2, 0)}.
     *
     * @param axis1 the axis the diagonal replaces
     * @param axis2 the axis that is removed, different from {@code axis1}
     * @return a view sharing storage
     * @throws ValidationException if an axis is out of bounds or the two are equal
     */
    default TensorView diagonal(int axis1, int axis2) {
        return diagonal(axis1, axis2, 0);
    }

    /**
     * A diagonal of the pair of axes {@code (axis1, axis2)} as a view (no copy): element {@code i} of
     * the diagonal axis is element {@code (i, i + k)} of the pair for {@code k >= 0} and
     * {@code (i - k, i)} for {@code k < 0} — NumPy's meaning of the offset for that pair. Its stride is
     * {@code stride(axis1) + stride(axis2)} and its length
     * {@code max(0, min(dim(axis1), dim(axis2) - k))} ({@code max(0, min(dim(axis1) + k, dim(axis2)))}
     * for negative {@code k}). Einsum lowers repeated labels ({@code "ii->i"}) to this view.
     *
     * <p>Axis placement differs from NumPy's {@code diagonal}, which appends the diagonal as the last
     * axis: here the diagonal axis <em>replaces {@code axis1}</em> and {@code axis2} is removed, the
     * other axes keeping their order — so {@code diagonal()} keeps Ferrite's matrix-axes-first
     * convention ({@code [m, n, batch…] → [min(m, n), batch…]}).
     *
     * @param axis1 the axis the diagonal replaces, in {@code [-rank, rank)} (negative counts from the end)
     * @param axis2 the axis that is removed, in {@code [-rank, rank)}, different from {@code axis1}
     * @param k the offset: above the main diagonal when positive, below when negative
     * @return a view sharing storage, of rank {@code rank() - 1}
     * @throws ValidationException if an axis is out of bounds or the two are equal
     */
    default TensorView diagonal(int axis1, int axis2, long k) {
        return TensorView.of(this).diagonal(axis1, axis2, k);
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
