package org.ferrite.einsum;

import org.ferrite.api.tensor.DeviceStorage;
import org.ferrite.api.tensor.TensorRead;

/**
 * Whether einsum's output may share memory with an operand, by the API's one aliasing rule (design
 * decision D2, the rule of {@code org.ferrite.api.spi.Overlap}, which this package must not depend on):
 * both reach an element, their storages report the same allocation ({@code ==}: the array itself on the
 * host, {@link DeviceStorage#allocation()} on a device) and their conservative byte ranges intersect.
 * Only storage identity and the metadata are read, never an element. A test pins this restatement to
 * {@code Overlap} on random layouts. Thread-safe (stateless); allocates nothing.
 */
final class Aliasing {
    private Aliasing() {
    }

    static boolean mayOverlap(TensorRead a, TensorRead b) {
        if (a.size() == 0 || b.size() == 0) {
            return false;
        }
        Object sa = a.storage();
        Object sb = b.storage();
        boolean hostA = a.placement().isHost();
        boolean hostB = b.placement().isHost();
        if (hostA != hostB) {
            return false;
        }
        if (hostA ? sa != sb : ((DeviceStorage) sa).allocation() != ((DeviceStorage) sb).allocation()) {
            return false;
        }
        long aStart = byteBound(a, hostA ? 0 : ((DeviceStorage) sa).byteOffset(), false);
        long aEnd = byteBound(a, hostA ? 0 : ((DeviceStorage) sa).byteOffset(), true);
        long bStart = byteBound(b, hostB ? 0 : ((DeviceStorage) sb).byteOffset(), false);
        long bEnd = byteBound(b, hostB ? 0 : ((DeviceStorage) sb).byteOffset(), true);
        return aStart < bEnd && bStart < aEnd;
    }

    /** The first byte ({@code end == false}) or one past the last byte a non-empty tensor reaches. */
    private static long byteBound(TensorRead t, long byteOffset, boolean end) {
        long element = t.offset();
        for (int axis = 0; axis < t.rank(); axis++) {
            long span = (t.dim(axis) - 1) * t.stride(axis); // in range: checked when the view was made
            if (end ? span > 0 : span < 0) {
                element += span;
            }
        }
        long elementBytes = t.dtype().byteSize();
        try {
            return Math.addExact(byteOffset, Math.multiplyExact(end ? element + 1 : element, elementBytes));
        } catch (ArithmeticException e) {
            return end ? Long.MAX_VALUE : Long.MIN_VALUE; // saturating only widens the range
        }
    }
}
