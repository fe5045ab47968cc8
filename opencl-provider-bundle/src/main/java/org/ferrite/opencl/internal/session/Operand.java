package org.ferrite.opencl.internal.session;

import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.opencl.internal.device.ClStorage;
import org.jocl.cl_mem;

/**
 * A device tensor as a kernel sees it: its buffer, the element offset of its element 0 in that buffer
 * (the block's start plus the view's offset), its shape and strides.
 *
 * @param storage the storage (kept reachable while the launch is prepared)
 * @param dtype the element type
 * @param base the element offset of element {@code (0, …, 0)} in the buffer
 * @param shape the extents
 * @param strides the strides, in elements
 *
 * <p>Thread-safe (immutable; the arrays are private copies). Lifetime: one launch.
 */
record Operand(ClStorage storage, DType dtype, long base, long[] shape, long[] strides) {
    /** @return the kernel view of a validated device tensor */
    static Operand of(TensorRead t) {
        ClStorage s = (ClStorage) t.storage();
        return new Operand(s, t.dtype(), s.elementOffset() + t.offset(), t.shape(), t.strides());
    }

    cl_mem memory() {
        return storage.memory();
    }

    long size() {
        long n = 1;
        for (long e : shape) {
            n *= e;
        }
        return n;
    }

    /** @return true if compact column-major from {@link #base()} */
    boolean isCompact() {
        long expected = 1;
        for (int a = 0; a < shape.length; a++) {
            if (shape[a] != 1 && strides[a] != expected) {
                return size() == 0;
            }
            expected *= shape[a];
        }
        return true;
    }
}
