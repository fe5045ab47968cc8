package org.ferrite.api.spi;

import org.ferrite.api.tensor.DeviceStorage;
import org.ferrite.api.tensor.TensorRead;

/**
 * The one provider-neutral aliasing rule: which tensors may share memory. For provider
 * implementations; every shared check ({@link OperandChecks#requireNoAlias} and the checks built on
 * it) uses it, for host and device storage alike.
 *
 * <p><b>Rule.</b> Two tensors may overlap iff both reach at least one element, their storages report
 * the same {@linkplain #allocationOf allocation identity} (compared with {@code ==}), and their
 * conservative byte ranges intersect: for a tensor whose reachable element indices span
 * {@code [lo, hi]}, the range is {@code [byteOffset + lo·elementBytes, byteOffset + (hi+1)·elementBytes)},
 * where {@code byteOffset} is where its storage starts inside the allocation and {@code elementBytes}
 * is {@link org.ferrite.api.tensor.DType#byteSize()}. Host arrays are their own allocation with byte
 * offset 0 (so an F32 and a C64 view of one {@code float[]} are compared correctly); a
 * {@link DeviceStorage} reports {@link DeviceStorage#allocation()} and
 * {@link DeviceStorage#byteOffset()}. The rule is conservative: interleaved views that never touch a
 * common element may still be judged overlapping, never the reverse.
 *
 * <p>A tensor's storage is a {@link DeviceStorage} exactly when its placement is not the host (the
 * tensor model guarantees it), so the rule tells host from device storage by placement.
 *
 * <p>Thread-safe (stateless); it has no instances and holds no resources. Allocates nothing.
 */
public final class Overlap {
    private Overlap() {
    }

    /**
     * @param t a tensor
     * @return the identity of the allocation its storage lives in: the array itself for host storage,
     *     {@link DeviceStorage#allocation()} for device storage
     */
    public static Object allocationOf(TensorRead t) {
        Object s = t.storage();
        return t.placement().isHost() ? s : ((DeviceStorage) s).allocation();
    }

    /**
     * @param t a tensor
     * @return where its storage's element 0 starts inside {@link #allocationOf}, in bytes (0 for host
     *     storage)
     */
    public static long byteOffsetOf(TensorRead t) {
        return t.placement().isHost() ? 0 : ((DeviceStorage) t.storage()).byteOffset();
    }

    /**
     * @param a a tensor
     * @param b another tensor
     * @return true if they may share memory by the rule of this class
     */
    public static boolean mayOverlap(TensorRead a, TensorRead b) {
        Object sa = a.storage();
        Object sb = b.storage();
        if (sa != sb) {
            // distinct handles share memory only if both are device windows of one allocation; a host
            // array is only its own allocation. (Placement, not instanceof: a type check of a primitive
            // array against an interface costs tens of nanoseconds once its profile is mixed.)
            if (a.placement().isHost() || b.placement().isHost()
                    || ((DeviceStorage) sa).allocation() != ((DeviceStorage) sb).allocation()) {
                return false;
            }
        }
        if (a.size() == 0 || b.size() == 0) {
            return false;
        }
        long aStart = startByte(a);
        long aEnd = endByte(a);
        long bStart = startByte(b);
        long bEnd = endByte(b);
        return aStart < bEnd && bStart < aEnd;
    }

    /**
     * @param a a tensor
     * @param b another tensor
     * @return true if both address exactly the same elements in the same order: one allocation, one
     *     dtype, the same first byte, shape and strides (strides of extent-1 axes are never applied and
     *     may differ) — the "exactly in place" case of {@link OperandChecks#requireNoPartialAlias}
     */
    public static boolean identicalLayout(TensorRead a, TensorRead b) {
        if (a.dtype() != b.dtype() || allocationOf(a) != allocationOf(b) || a.rank() != b.rank()) {
            return false;
        }
        long elementBytes = a.dtype().byteSize();
        if (byteOffsetOf(a) + a.offset() * elementBytes != byteOffsetOf(b) + b.offset() * elementBytes) {
            return false;
        }
        for (int axis = 0; axis < a.rank(); axis++) {
            if (a.dim(axis) != b.dim(axis) || a.dim(axis) > 1 && a.stride(axis) != b.stride(axis)) {
                return false;
            }
        }
        return true;
    }

    /** The first byte a non-empty tensor reaches, saturated (an overflow can only widen the range). */
    private static long startByte(TensorRead t) {
        long lo = t.offset();
        for (int axis = 0; axis < t.rank(); axis++) {
            long s = t.stride(axis);
            if (s < 0) {
                lo += (t.dim(axis) - 1) * s; // in range: checked when the tensor was made
            }
        }
        return saturatedAdd(byteOffsetOf(t), saturatedMultiply(lo, t.dtype().byteSize()));
    }

    /** One past the last byte a non-empty tensor reaches, saturated. */
    private static long endByte(TensorRead t) {
        long hi = t.offset();
        for (int axis = 0; axis < t.rank(); axis++) {
            long s = t.stride(axis);
            if (s > 0) {
                hi += (t.dim(axis) - 1) * s;
            }
        }
        return saturatedAdd(byteOffsetOf(t), saturatedMultiply(hi + 1, t.dtype().byteSize()));
    }

    private static long saturatedMultiply(long value, long factor) {
        long high = Math.multiplyHigh(value, factor);
        long low = value * factor;
        return high == (low >> 63) ? low : high < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? (a < 0 ? Long.MIN_VALUE : Long.MAX_VALUE) : sum;
    }
}
