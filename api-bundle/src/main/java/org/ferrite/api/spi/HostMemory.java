package org.ferrite.api.spi;

import org.ferrite.api.error.MemoryExhaustedException;
import org.ferrite.api.tensor.DType;

/**
 * Host (JVM heap) storage for providers, allocated with a typed refusal instead of an
 * {@link OutOfMemoryError}: a request that can never fit the heap ({@code Runtime.maxMemory()}) is
 * refused before allocating, and a failed allocation is reported as {@link MemoryExhaustedException}
 * with the request and the heap's figures. Nothing is allocated in either case, so the provider's state
 * is as before and its backend stays usable. {@code Tensor.zeros} applies the same rule to tensors
 * users make.
 *
 * <pre>{@code
 * double[] data = (double[]) HostMemory.newArray("allocate", DType.F64, 1 << 20);
 * }</pre>
 *
 * <p>Thread-safe (stateless). Lifetime: static.
 */
public final class HostMemory {
    private HostMemory() {
    }

    /**
     * @param op the operation, for the exception
     * @param dtype the dtype whose storage class to allocate ({@link DType#storageClass()})
     * @param scalars the array's length in scalars (two per complex element), at least 0
     * @return a new zeroed array of {@code dtype}'s storage class
     * @throws MemoryExhaustedException if the heap cannot hold it (nothing was allocated)
     */
    public static Object newArray(String op, DType dtype, int scalars) {
        long bytes = (long) scalars * dtype.byteSize() / dtype.scalarsPerElement();
        if (bytes > Runtime.getRuntime().maxMemory()) {
            throw MemoryExhaustedException.onHeap(op, bytes, null);
        }
        try {
            switch (dtype) {
                case BOOL:
                    return new boolean[scalars];
                case I32:
                    return new int[scalars];
                case I64:
                    return new long[scalars];
                case F32:
                case C64:
                    return new float[scalars];
                case F16:
                case BF16:
                    return new short[scalars];
                case I8:
                case U8:
                    return new byte[scalars];
                default:
                    return new double[scalars];
            }
        } catch (OutOfMemoryError e) {
            throw MemoryExhaustedException.onHeap(op, bytes, e);
        }
    }
}
