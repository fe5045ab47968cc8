package org.ferrite.offheap.device;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * The host side of a transfer: a host tensor's elements, in column-major index order, as the raw bytes
 * of its dtype (native byte order, exactly the layout of device memory), in a heap buffer. The host
 * array is read or written on the caller's thread; the device side runs on the stream. Bits are kept
 * as they are (NaN payloads, signed zeros).
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
final class Staging {
    private Staging() {
    }

    /** @return a staging buffer for {@code t}'s elements */
    static ByteBuffer allocate(TensorRead t) {
        return ByteBuffer.allocate(Math.toIntExact(t.size() * t.dtype().byteSize())).order(ByteOrder.nativeOrder());
    }

    /** @return {@code src}'s elements, read from its host array, in a new staging buffer */
    static ByteBuffer fromHost(TensorRead src) {
        ByteBuffer staging = allocate(src);
        DType d = src.dtype();
        Object array = src.storage();
        int position = 0;
        for (Odometer o = new Odometer(src.shape()); o.next(); position += d.byteSize()) {
            int k = Math.toIntExact(src.elementOffset(o.index()) * d.scalarsPerElement());
            switch (d) {
                case BOOL: staging.put(position, (byte) (((boolean[]) array)[k] ? 1 : 0)); break;
                case I32: staging.putInt(position, ((int[]) array)[k]); break;
                case I64: staging.putLong(position, ((long[]) array)[k]); break;
                case F32: staging.putInt(position, Float.floatToRawIntBits(((float[]) array)[k])); break;
                case F64: staging.putLong(position, Double.doubleToRawLongBits(((double[]) array)[k])); break;
                case F16:
                case BF16: staging.putShort(position, ((short[]) array)[k]); break;
                case I8:
                case U8: staging.put(position, ((byte[]) array)[k]); break;
                case C64:
                    staging.putInt(position, Float.floatToRawIntBits(((float[]) array)[k]));
                    staging.putInt(position + 4, Float.floatToRawIntBits(((float[]) array)[k + 1]));
                    break;
                default:
                    staging.putLong(position, Double.doubleToRawLongBits(((double[]) array)[k]));
                    staging.putLong(position + 8, Double.doubleToRawLongBits(((double[]) array)[k + 1]));
            }
        }
        return staging;
    }

    /** Writes the staged elements into {@code out}'s host array, at {@code out}'s layout. */
    static void toHost(ByteBuffer staging, TensorWrite out) {
        DType d = out.dtype();
        Object array = out.storage();
        int position = 0;
        for (Odometer o = new Odometer(out.shape()); o.next(); position += d.byteSize()) {
            int k = Math.toIntExact(out.elementOffset(o.index()) * d.scalarsPerElement());
            switch (d) {
                case BOOL: ((boolean[]) array)[k] = staging.get(position) != 0; break;
                case I32: ((int[]) array)[k] = staging.getInt(position); break;
                case I64: ((long[]) array)[k] = staging.getLong(position); break;
                case F32: ((float[]) array)[k] = Float.intBitsToFloat(staging.getInt(position)); break;
                case F64: ((double[]) array)[k] = Double.longBitsToDouble(staging.getLong(position)); break;
                case F16:
                case BF16: ((short[]) array)[k] = staging.getShort(position); break;
                case I8:
                case U8: ((byte[]) array)[k] = staging.get(position); break;
                case C64:
                    ((float[]) array)[k] = Float.intBitsToFloat(staging.getInt(position));
                    ((float[]) array)[k + 1] = Float.intBitsToFloat(staging.getInt(position + 4));
                    break;
                default:
                    ((double[]) array)[k] = Double.longBitsToDouble(staging.getLong(position));
                    ((double[]) array)[k + 1] = Double.longBitsToDouble(staging.getLong(position + 8));
            }
        }
    }

    /** On the stream: the staged elements into device operand {@code out}, in index order. */
    static void toDevice(ByteBuffer staging, Operand out) {
        int position = 0;
        int bytes = out.dtype.byteSize();
        for (Odometer o = new Odometer(out.shape()); o.next(); position += bytes) {
            out.load(o.index(), staging, position);
        }
    }

    /** On the stream: device operand {@code src}'s elements into {@code staging}, in index order. */
    static void fromDevice(Operand src, ByteBuffer staging) {
        int position = 0;
        int bytes = src.dtype.byteSize();
        for (Odometer o = new Odometer(src.shape()); o.next(); position += bytes) {
            src.store(o.index(), staging, position);
        }
    }
}
