package org.ferrite.opencl.internal.session;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.jocl.Pointer;

/**
 * The host side of a transfer. A compact host tensor of a dtype whose Java array has the device's layout
 * (every dtype but BOOL, whose {@code boolean[]} is not bytes) is read or written in place through a
 * pointer into its array; any other is packed into (or unpacked from) a direct buffer of its elements in
 * column-major order, as raw bytes in native order. Bits are kept as they are (NaN payloads, signed zeros).
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
final class HostStaging {
    private HostStaging() {
    }

    /** @return true if {@link #pointer} can address {@code t}'s elements in place */
    static boolean inPlace(TensorRead t) {
        return t.dtype() != DType.BOOL && t.isColumnMajorContiguous();
    }

    /** @return a pointer to element 0 of a compact host tensor ({@link #inPlace}) */
    static Pointer pointer(TensorRead t) {
        Object array = t.storage();
        long byteOffset = t.offset() * t.dtype().byteSize();
        Pointer p;
        if (array instanceof double[]) {
            p = Pointer.to((double[]) array);
        } else if (array instanceof float[]) {
            p = Pointer.to((float[]) array);
        } else if (array instanceof long[]) {
            p = Pointer.to((long[]) array);
        } else {
            p = Pointer.to((int[]) array);
        }
        return byteOffset == 0 ? p : p.withByteOffset(byteOffset);
    }

    /** @return a direct buffer for {@code t}'s elements, packed */
    static ByteBuffer allocate(TensorRead t) {
        return ByteBuffer.allocateDirect(Math.toIntExact(t.size() * t.dtype().byteSize())).order(ByteOrder.nativeOrder());
    }

    /** @return {@code src}'s elements, read from its host array in column-major order, in a new direct buffer */
    static ByteBuffer pack(TensorRead src) {
        ByteBuffer b = allocate(src);
        DType d = src.dtype();
        Object array = src.storage();
        int scalars = d.scalarsPerElement();
        int position = 0;
        for (Odometer o = new Odometer(src.shape()); o.next();) {
            int k = Math.toIntExact(src.elementOffset(o.index()) * scalars);
            for (int s = 0; s < scalars; s++, k++) {
                switch (d) {
                    case BOOL: b.put(position, (byte) (((boolean[]) array)[k] ? 1 : 0)); position += 1; break;
                    case I32: b.putInt(position, ((int[]) array)[k]); position += 4; break;
                    case I64: b.putLong(position, ((long[]) array)[k]); position += 8; break;
                    case F32: case C64:
                        b.putInt(position, Float.floatToRawIntBits(((float[]) array)[k])); position += 4; break;
                    default: b.putLong(position, Double.doubleToRawLongBits(((double[]) array)[k])); position += 8;
                }
            }
        }
        return b;
    }

    /** Writes the packed elements of {@code b} into {@code out}'s host array, at {@code out}'s layout. */
    static void unpack(ByteBuffer b, TensorWrite out) {
        DType d = out.dtype();
        Object array = out.storage();
        int scalars = d.scalarsPerElement();
        int position = 0;
        for (Odometer o = new Odometer(out.shape()); o.next();) {
            int k = Math.toIntExact(out.elementOffset(o.index()) * scalars);
            for (int s = 0; s < scalars; s++, k++) {
                switch (d) {
                    case BOOL: ((boolean[]) array)[k] = b.get(position) != 0; position += 1; break;
                    case I32: ((int[]) array)[k] = b.getInt(position); position += 4; break;
                    case I64: ((long[]) array)[k] = b.getLong(position); position += 8; break;
                    case F32: case C64:
                        ((float[]) array)[k] = Float.intBitsToFloat(b.getInt(position)); position += 4; break;
                    default: ((double[]) array)[k] = Double.longBitsToDouble(b.getLong(position)); position += 8;
                }
            }
        }
    }

    /**
     * A column-major walk over a shape's indices. Not thread-safe. Lifetime: one walk.
     */
    static final class Odometer {
        private final long[] shape;
        private final long[] index;
        private boolean started;
        private boolean done;

        Odometer(long[] shape) {
            this.shape = shape;
            this.index = new long[shape.length];
            for (long e : shape) {
                done |= e == 0;
            }
        }

        boolean next() {
            if (done) {
                return false;
            }
            if (!started) {
                started = true;
                return true;
            }
            for (int a = 0; a < shape.length; a++) {
                if (++index[a] < shape[a]) {
                    return true;
                }
                index[a] = 0;
            }
            done = true;
            return false;
        }

        long[] index() {
            return index;
        }
    }
}
