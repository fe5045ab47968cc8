package org.ferrite.offheap.device;

import java.nio.ByteBuffer;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.HalfFloats;
import org.ferrite.api.tensor.TensorRead;

/**
 * A device tensor as a kernel sees it, on the stream thread: its element type, shape and strides over
 * the bytes of its chunk. Element {@code (i0, i1, …)} is at byte
 * {@code base + (offset + Σ i_a · stride_a) · elementBytes} of the chunk. Values are read and written in
 * the widest type of their kind — {@code double} (real and imaginary part), {@code long}, {@code boolean}
 * — and rounded once, on store, to the element type.
 *
 * <p>Not thread-safe: made at submission, used only by the stream thread. Lifetime: one kernel.
 */
public final class Operand {
    final DType dtype;
    /**
     * The storage, kept so that it stays reachable while a kernel that uses its memory is queued: a persistent
     * storage that became unreachable is released by the leak backstop, stream-ordered behind this kernel.
     */
    private final OffHeapStorage storage;
    private final ByteBuffer memory;
    private final long base;
    private final long[] shape;
    private final long[] strides;
    private final long offset;
    private final int elementBytes;

    private Operand(TensorRead t) {
        this.storage = (OffHeapStorage) t.storage();
        Block block = storage.block();
        this.dtype = t.dtype();
        this.memory = block.chunk().memory();
        this.base = block.offset();
        this.shape = t.shape();
        this.strides = t.strides();
        this.offset = t.offset();
        this.elementBytes = t.dtype().byteSize();
    }

    /**
     * @param t a validated device tensor of this provider
     * @return its kernel view (metadata captured now; the bytes are read when the kernel runs)
     */
    static Operand of(TensorRead t) {
        return new Operand(t);
    }

    long[] shape() {
        return shape.clone();
    }

    @Override
    public String toString() {
        return "Operand[" + dtype + " over " + storage + "]";
    }

    /** @return the byte index of element {@code i} in the chunk */
    private int at(long[] i) {
        long e = offset;
        for (int a = 0; a < i.length; a++) {
            e += i[a] * strides[a];
        }
        return (int) (base + e * elementBytes);
    }

    /** @return the real part (the value for real dtypes, 0/1 for BOOL, the integer for I32/I64) */
    double re(long[] i) {
        int b = at(i);
        switch (dtype) {
            case BOOL: return memory.get(b) != 0 ? 1 : 0;
            case I32: return memory.getInt(b);
            case I64: return memory.getLong(b);
            case I8: return memory.get(b);
            case U8: return memory.get(b) & 0xFF;
            case F16: return HalfFloats.f16ToFloat(memory.getShort(b));
            case BF16: return HalfFloats.bf16ToFloat(memory.getShort(b));
            case F32:
            case C64: return memory.getFloat(b);
            default: return memory.getDouble(b);
        }
    }

    /** @return the imaginary part (0 for real dtypes) */
    double im(long[] i) {
        switch (dtype) {
            case C64: return memory.getFloat(at(i) + 4);
            case C128: return memory.getDouble(at(i) + 8);
            default: return 0;
        }
    }

    /** @return the exact value of an integer or BOOL element */
    long integer(long[] i) {
        int b = at(i);
        switch (dtype) {
            case BOOL: return memory.get(b);
            case I32: return memory.getInt(b);
            case I8: return memory.get(b);
            case U8: return memory.get(b) & 0xFF;
            default: return memory.getLong(b);
        }
    }

    boolean bool(long[] i) {
        return memory.get(at(i)) != 0;
    }

    /**
     * Stores {@code re + i·im} rounded to a floating dtype ({@code im} ignored for real ones; F16 and BF16
     * rounded to nearest even once, BF16 through F32 as {@link HalfFloats#toBf16(double)}).
     */
    void put(long[] i, double re, double im) {
        int b = at(i);
        switch (dtype) {
            case F16:
                memory.putShort(b, HalfFloats.toF16(re));
                break;
            case BF16:
                memory.putShort(b, HalfFloats.toBf16(re));
                break;
            case F32:
                memory.putFloat(b, (float) re);
                break;
            case F64:
                memory.putDouble(b, re);
                break;
            case C64:
                memory.putFloat(b, (float) re);
                memory.putFloat(b + 4, (float) im);
                break;
            default:
                memory.putDouble(b, re);
                memory.putDouble(b + 8, im);
        }
    }

    /** Stores an integer, wrapping to I32, I8 or U8 (two's complement, as NumPy's fixed-width integers). */
    void putInteger(long[] i, long v) {
        if (dtype == DType.I8 || dtype == DType.U8) {
            memory.put(at(i), (byte) v);
        } else if (dtype == DType.I32) {
            memory.putInt(at(i), (int) v);
        } else {
            memory.putLong(at(i), v);
        }
    }

    void putBool(long[] i, boolean v) {
        memory.put(at(i), (byte) (v ? 1 : 0));
    }

    /** Copies element {@code si} of {@code src} (same dtype) into element {@code i}, bit for bit. */
    void copy(long[] i, Operand src, long[] si) {
        int to = at(i);
        int from = src.at(si);
        for (int k = 0; k < elementBytes; k++) {
            memory.put(to + k, src.memory.get(from + k));
        }
    }

    /** Writes element {@code i}'s bytes to {@code staging} at {@code position}. */
    void store(long[] i, ByteBuffer staging, int position) {
        int from = at(i);
        for (int k = 0; k < elementBytes; k++) {
            staging.put(position + k, memory.get(from + k));
        }
    }

    /** Reads element {@code i}'s bytes from {@code staging} at {@code position}. */
    void load(long[] i, ByteBuffer staging, int position) {
        int to = at(i);
        for (int k = 0; k < elementBytes; k++) {
            memory.put(to + k, staging.get(position + k));
        }
    }
}
