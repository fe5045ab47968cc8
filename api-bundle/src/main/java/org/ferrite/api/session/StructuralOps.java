package org.ferrite.api.session;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Shapes;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.api.tensor.TensorWrite;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Structural operations: copies between layouts, dtype conversion, and the layout operations built on
 * views. Hooks: {@link #copyInto} and {@link #castInto}.
 * Confined to the thread that opened the session. Lifetime: that of the session view,
 * valid only during the {@link SessionFunction} call that received it.
 */
@ProviderType
public interface StructuralOps extends BufferOps {

    /**
     * Hook: {@code out[i] = src[i]} for every index, any source and destination strides, no allocation.
     *
     * @param src the source, dtype and shape of {@code out} (may be a broadcast view)
     * @param out the destination; must not overlap {@code src}
     */
    void copyInto(TensorRead src, TensorWrite out);

    /**
     * Hook: explicit, possibly lossy conversion {@code out[i] = (out.dtype) src[i]}: floating to integer
     * truncates toward zero (NaN → 0, saturating at the integer range), complex to real keeps the real
     * part, anything to BOOL is {@code != 0}, BOOL to numeric is 0/1.
     *
     * @param src the source, shape of {@code out}, any dtype
     * @param out the destination, any dtype; must not overlap {@code src}
     */
    void castInto(TensorRead src, TensorWrite out);

    /**
     * @param src any tensor or view
     * @return a compact column-major copy ({@code src} itself if it is already a {@link Tensor})
     */
    default Tensor toContiguous(TensorRead src) {
        if (src instanceof Tensor) {
            return (Tensor) src;
        }
        Tensor out = allocate(src.dtype(), src.shape());
        copyInto(src, out);
        return out;
    }

    /**
     * @param src the source
     * @param perm the permutation: axis {@code a} of the result is axis {@code perm[a]} of {@code src}
     * @return a new compact tensor
     */
    default Tensor transpose(TensorRead src, int... perm) {
        TensorView view = src.permute(perm);
        Tensor out = allocate(src.dtype(), view.shape());
        copyInto(view, out);
        return out;
    }

    /**
     * Same elements in <b>column-major</b> order, new shape — NumPy's {@code reshape(shape, order='F')},
     * not its default C order: the {@code [2, 3]} tensor {@code [[1, 2, 3], [4, 5, 6]]} reshaped to
     * {@code [3, 2]} is {@code [[1, 5], [4, 3], [2, 6]]}. For NumPy's default use
     * {@link #reshapeRowMajor}. Shares storage when {@code src} is a compact {@link Tensor}; copies
     * otherwise.
     *
     * @param src the source
     * @param shape the new shape, same element count
     * @return the reshaped tensor
     */
    default Tensor reshape(TensorRead src, long... shape) {
        Tensor compact = toContiguous(src);
        compact.reshape(shape); // validates the element count with a typed error
        return Tensor.wrap(compact.dtype(), compact.storage(), shape);
    }

    /**
     * Same elements in <b>row-major</b> (C) order, new shape — NumPy's default {@code reshape}: the
     * {@code [2, 3]} tensor {@code [[1, 2, 3], [4, 5, 6]]} reshaped to {@code [3, 2]} is
     * {@code [[1, 2], [3, 4], [5, 6]]}. The result is a compact (column-major) tensor holding those
     * elements. Where {@link TensorRead#reshapeRowMajor} has a view, this copies that view once (and
     * shares {@code src}'s storage when the view is already compact, as {@link #reshape} does); where it has
     * none — a C-order reshape that merges axes of a column-major tensor — it copies twice (into C order,
     * then back).
     *
     * @param src the source
     * @param shape the new shape, same element count
     * @return a compact tensor: {@code src}'s storage where the C-order view of it is already compact (as
     *     NumPy's {@code reshape} returns a view), else a new one
     * @throws org.ferrite.api.error.ValidationException (SHAPE_MISMATCH, argument {@code shape}) if the
     *     element counts differ
     */
    default Tensor reshapeRowMajor(TensorRead src, long... shape) {
        String op = "reshapeRowMajor";
        if (Shapes.elementCount(op, "shape", shape) != src.size()) {
            throw ValidationException.shapeMismatch(op, "shape", src.shape(), shape);
        }
        if (Shapes.hasRowMajorView(src, shape)) {
            TensorView view = src.reshapeRowMajor(shape);
            if (view.offset() == 0 && view.isColumnMajorContiguous()) {
                return view.toTensor(); // shares src's storage, as reshape does
            }
            Tensor out = allocate(src.dtype(), shape);
            copyInto(view, out);
            return out;
        }
        Tensor cOrder = toContiguous(src.transpose()); // storage order = src's row-major order
        Tensor out = allocate(src.dtype(), shape);
        copyInto(Tensor.wrap(src.dtype(), cOrder.storage(), reversed(shape)).transpose(), out);
        reclaim(cOrder);
        return out;
    }

    private static long[] reversed(long[] shape) {
        long[] r = new long[shape.length];
        for (int a = 0; a < shape.length; a++) {
            r[a] = shape[shape.length - 1 - a];
        }
        return r;
    }

    /**
     * StableHLO {@code broadcast_in_dim}, materialised: see {@link TensorRead#broadcastInDim}; the
     * operand axes may map to result axes in any order (an unsorted {@code dims} transposes).
     *
     * @param src the operand
     * @param shape the result shape
     * @param dims the result axis of each operand axis (distinct, any order)
     * @return a new tensor
     */
    default Tensor broadcastInDim(TensorRead src, long[] shape, int[] dims) {
        TensorView view = src.broadcastInDim(shape, dims);
        Tensor out = allocate(src.dtype(), shape);
        copyInto(view, out);
        return out;
    }

    /**
     * @param src the source
     * @param dtype the target dtype
     * @return an explicit, possibly lossy conversion (see {@link #castInto})
     */
    default Tensor cast(TensorRead src, DType dtype) {
        Tensor out = allocate(dtype, src.shape());
        castInto(src, out);
        return out;
    }

    /**
     * Checked conversion along the promotion lattice ({@link DType#canConvertTo}).
     *
     * @param src the source
     * @param dtype the target dtype
     * @return the converted tensor
     * @throws ValidationException (DTYPE_MISMATCH) if the conversion may lose information; use
     *     {@link #cast} to convert anyway
     */
    default Tensor convert(TensorRead src, DType dtype) {
        if (!src.dtype().canConvertTo(dtype)) {
            throw ValidationException.dtypeMismatch("convert", "dtype",
                    "a dtype " + src.dtype() + " converts to without loss", dtype.name()
                            + " (use cast for a lossy conversion)");
        }
        return cast(src, dtype);
    }

    /**
     * @param dtype the element type
     * @param shape the extents
     * @return a new tensor of zeros
     */
    default Tensor zeros(DType dtype, long... shape) {
        Tensor out = allocate(dtype, shape);
        fill(out, 0);
        return out;
    }

    /**
     * Sets every element of {@code out} to {@code value} (converted as {@link Tensor#full}).
     *
     * @param out the destination
     * @param value the value
     */
    default void fill(TensorWrite out, double value) {
        copyInto(Tensor.full(out.dtype(), value).broadcastTo(out.shape()), out);
    }

    /**
     * NumPy's {@code eye(n)}: the {@code n × n} identity.
     *
     * @param dtype the element type (BOOL: true on the diagonal)
     * @param n the extent of both axes
     * @return a new tensor
     */
    default Tensor eye(DType dtype, long n) {
        return eye(dtype, n, n, 0);
    }

    /**
     * NumPy's {@code eye(n, m, k)}: an {@code n × m} matrix of zeros with ones on diagonal {@code k} (above
     * the main one when positive, below when negative): element {@code (i, j)} is 1 where {@code j - i == k}.
     *
     * @param dtype the element type, any
     * @param n rows
     * @param m columns
     * @param k the diagonal offset
     * @return a new tensor of shape {@code [n, m]}
     * @throws ValidationException for a negative extent
     */
    default Tensor eye(DType dtype, long n, long m, long k) {
        Tensor out = zeros(dtype, n, m);
        TensorView diagonal = out.diagonal(0, 1, k);
        if (diagonal.size() > 0) {
            fill(diagonal, 1);
        }
        return out;
    }

    /**
     * @param src shape {@code [m, n, batch…]}
     * @return the diagonal, shape {@code [min(m, n), batch…]} (a copy of {@link TensorRead#diagonal()})
     */
    default Tensor extractDiagonal(TensorRead src) {
        return extractDiagonal(src, 0);
    }

    /**
     * NumPy's {@code diagonal(offset=k)} of the two leading (matrix) axes, copied: element {@code i} is
     * {@code src[i, i + k, …]} for {@code k >= 0} and {@code src[i - k, i, …]} for {@code k < 0}; the
     * diagonal axis comes first, batch axes after (NumPy appends it last; see
     * {@link TensorRead#diagonal(int, int, long)}).
     *
     * @param src shape {@code [m, n, batch…]}
     * @param k the offset: above the main diagonal when positive, below when negative
     * @return shape {@code [max(0, min(m, n - k)), batch…]} for {@code k >= 0},
     *     {@code [max(0, min(m + k, n)), batch…]} otherwise
     * @throws ValidationException (RANK_MISMATCH) if {@code src} has rank below 2
     */
    default Tensor extractDiagonal(TensorRead src, long k) {
        TensorView diag = src.diagonal(0, 1, k);
        Tensor out = allocate(src.dtype(), diag.shape());
        copyInto(diag, out);
        return out;
    }

    /**
     * @param diagonal shape {@code [n, batch…]}
     * @return shape {@code [n, n, batch…]}: zeros with {@code diagonal} on the diagonal
     */
    default Tensor embedDiagonal(TensorRead diagonal) {
        if (diagonal.rank() < 1) {
            throw ValidationException.rankMismatch("embedDiagonal", "diagonal", ">= 1", 0);
        }
        long[] shape = new long[diagonal.rank() + 1];
        shape[0] = diagonal.dim(0);
        shape[1] = diagonal.dim(0);
        for (int a = 1; a < diagonal.rank(); a++) {
            shape[a + 1] = diagonal.dim(a);
        }
        Tensor out = zeros(diagonal.dtype(), shape);
        copyInto(diagonal, out.diagonal());
        return out;
    }

    /**
     * Lower triangle of the leading matrix axes: keeps elements with {@code j - i <= k}, zeros the rest.
     *
     * @param src shape {@code [m, n, batch…]}
     * @param k the diagonal offset (0: main diagonal, positive: above it)
     * @return a new tensor
     */
    default Tensor tril(TensorRead src, long k) {
        return TriangularParts.keep(this, src, k, true);
    }

    /**
     * Upper triangle of the leading matrix axes: keeps elements with {@code j - i >= k}.
     *
     * @param src shape {@code [m, n, batch…]}
     * @param k the diagonal offset
     * @return a new tensor
     */
    default Tensor triu(TensorRead src, long k) {
        return TriangularParts.keep(this, src, k, false);
    }
}
