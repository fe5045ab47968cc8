package org.ferrite.api.session;

import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Cumulative sums and products along an axis — NumPy's {@code cumsum} and {@code cumprod}:
 * {@code out[…, k, …] = x[…, 0, …] ⊕ … ⊕ x[…, k, …]}, sequentially in index order. Hooks (with portable
 * defaults): {@link #cumsumInto} and {@link #cumprodInto}.
 *
 * <pre>{@code
 * Tensor running = s.cumsum(x, -1);          // np.cumsum(x, axis=-1)
 * Tensor flat = s.cumsum(x);                 // np.cumsum(x): over x's elements in row-major (C) order, 1-D
 * }</pre>
 *
 * <p>Result dtype: the operand's, except BOOL, which counts in I64 (as NumPy's); integers wrap. NumPy
 * gives I32 operands an int64 result; Ferrite keeps I32, as its {@code sum} does
 * ({@code docs/getting-started.md}, "Coming from NumPy"). F32 and C64 keep the running value in their own
 * precision, as NumPy's loops do.
 *
 * <p><b>For providers.</b> The defaults compute on the host ({@code HostRoutines}): a host operand in
 * place, a device operand after a transfer; a device provider overrides both hooks to scan on the device.
 * Confined to the thread that opened the session. Lifetime: that of the session view, valid only during
 * the {@link SessionFunction} call that received it.
 */
@ProviderType
public interface CumulativeOps extends StructuralOps {

    /**
     * Copies {@code src} into {@code out}, across placements: declared here so that the host defaults
     * reach a device provider's tensors; {@link BackendSession#transferInto} specifies it.
     *
     * @param src the source
     * @param out the destination
     */
    void transferInto(TensorRead src, TensorWrite out);

    /**
     * Hook (with a portable default): {@code out[…, k, …] = Σ_{j ≤ k} x[…, j, …]} along {@code axis}.
     *
     * @param x the operand, any dtype
     * @param axis the axis, in {@code [-rank, rank)} (negative counts from the end)
     * @param out {@code x}'s shape, dtype {@code OpTable.CUMSUM.resultType(x.dtype())} (I64 for BOOL); may
     *     be exactly {@code x} (in place) when the dtypes agree
     * @throws org.ferrite.api.error.ValidationException for a bad axis or output, validated before the first
     *     write
     */
    default void cumsumInto(TensorRead x, int axis, TensorWrite out) {
        HostRoutines.scanInto(this, false, x, axis, out);
    }

    /**
     * Hook (with a portable default): {@code out[…, k, …] = Π_{j ≤ k} x[…, j, …]} along {@code axis}.
     *
     * @param x the operand, any dtype
     * @param axis the axis, in {@code [-rank, rank)}
     * @param out {@code x}'s shape, dtype {@code OpTable.CUMPROD.resultType(x.dtype())}; may be exactly
     *     {@code x} when the dtypes agree
     * @throws org.ferrite.api.error.ValidationException for a bad axis or output
     */
    default void cumprodInto(TensorRead x, int axis, TensorWrite out) {
        HostRoutines.scanInto(this, true, x, axis, out);
    }

    /**
     * @param x the operand
     * @param axis the axis, in {@code [-rank, rank)}
     * @return a new tensor of {@code x}'s shape: the running sums along {@code axis}
     */
    default Tensor cumsum(TensorRead x, int axis) {
        Tensor out = allocate(OpTable.CUMSUM.resultType(x.dtype()), x.shape());
        cumsumInto(x, axis, out);
        return out;
    }

    /**
     * NumPy's {@code cumsum(x)} without an axis: the running sums over {@code x}'s elements in row-major
     * (C) order, as NumPy flattens.
     *
     * @param x the operand
     * @return a new 1-D tensor of {@code x.size()} elements
     */
    default Tensor cumsum(TensorRead x) {
        RowMajorFlat flat = RowMajorFlat.of(this, x);
        Tensor out = cumsum(flat.flat, 0);
        flat.release(this);
        return out;
    }

    /**
     * @param x the operand
     * @param axis the axis, in {@code [-rank, rank)}
     * @return a new tensor of {@code x}'s shape: the running products along {@code axis}
     */
    default Tensor cumprod(TensorRead x, int axis) {
        Tensor out = allocate(OpTable.CUMPROD.resultType(x.dtype()), x.shape());
        cumprodInto(x, axis, out);
        return out;
    }

    /**
     * NumPy's {@code cumprod(x)} without an axis: over {@code x}'s elements in row-major (C) order.
     *
     * @param x the operand
     * @return a new 1-D tensor of {@code x.size()} elements
     */
    default Tensor cumprod(TensorRead x) {
        RowMajorFlat flat = RowMajorFlat.of(this, x);
        Tensor out = cumprod(flat.flat, 0);
        flat.release(this);
        return out;
    }
}
