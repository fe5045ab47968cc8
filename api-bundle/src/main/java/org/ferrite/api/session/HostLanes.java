package org.ferrite.api.session;

import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.HalfFloats;
import org.ferrite.api.tensor.TensorRead;

/**
 * The lanes of a host tensor along one axis, for the host defaults of the sorting, searching and
 * cumulative operations ({@link HostRoutines}): lane {@code j} is the 1-D run {@code x[i…, k, …i]} over
 * {@code k} of axis {@link #axis}, lanes numbered column-major over the other axes. {@link #next()} walks
 * them in order, keeping the lane's first storage element in {@code x} ({@link #base()}) and in a compact
 * column-major tensor of {@code x}'s shape ({@link #compactBase()}); {@code read…} load a lane into a
 * primitive buffer, widened (BOOL and I32 to {@code long}, F32 to {@code double}, complex as two
 * {@code double} parts).
 *
 * <p>Implementation notes: {@code x}'s storage is a host array, so every storage index fits an
 * {@code int} ({@code Shapes.MAX_HOST_SCALARS}); offsets are kept in elements and multiplied by the
 * scalars per element when read. Not thread-safe (a cursor). Lifetime: one call of a host default.
 */
final class HostLanes {
    final TensorRead x;
    final int axis;
    /** The lane length: {@code x.dim(axis)}. */
    final int length;
    /** {@code x.stride(axis)}, in elements. */
    final long stride;
    /** The stride of {@link #axis} in a compact column-major tensor of {@code x}'s shape. */
    final long compactStride;
    private final long[] extents;
    private final long[] strides;
    private final long[] compactStrides;
    private final long[] counter;
    private final long lanes;
    private long lane = -1;
    private long base;
    private long compactBase;

    HostLanes(TensorRead x, int axis) {
        this.x = x;
        this.axis = axis;
        this.length = (int) x.dim(axis);
        this.stride = x.stride(axis);
        int rank = x.rank();
        extents = new long[rank - 1];
        strides = new long[rank - 1];
        compactStrides = new long[rank - 1];
        counter = new long[rank - 1];
        long compact = 1;
        long count = 1;
        long axisCompact = 1;
        for (int a = 0, k = 0; a < rank; a++) {
            if (a == axis) {
                axisCompact = compact;
            } else {
                extents[k] = x.dim(a);
                strides[k] = x.stride(a);
                compactStrides[k] = compact;
                count *= x.dim(a);
                k++;
            }
            compact *= x.dim(a);
        }
        this.compactStride = axisCompact;
        this.lanes = length == 0 ? 0 : count;
    }

    /** @return the number of lanes (0 when the axis or another axis is empty) */
    long lanes() {
        return lanes;
    }

    /** @return true if moved to the next lane, false after the last */
    boolean next() {
        if (++lane >= lanes) {
            return false;
        }
        if (lane == 0) {
            base = x.offset();
            compactBase = 0;
            return true;
        }
        for (int k = 0; k < counter.length; k++) {
            if (++counter[k] < extents[k]) {
                base += strides[k];
                compactBase += compactStrides[k];
                return true;
            }
            counter[k] = 0;
            base -= strides[k] * (extents[k] - 1);
            compactBase -= compactStrides[k] * (extents[k] - 1);
        }
        throw new IllegalStateException("lane counter overflow");
    }

    /** @return the current lane's number, column-major over the other axes */
    long lane() {
        return lane;
    }

    /** @return the storage element of the lane's first element in {@code x} */
    long base() {
        return base;
    }

    /** @return the lane's first element in a compact column-major tensor of {@code x}'s shape */
    long compactBase() {
        return compactBase;
    }

    /** Loads the lane of a BOOL, I32, I64, I8 or U8 {@code x} into {@code into[0, length)}, exactly. */
    void readLong(long[] into) {
        Object storage = x.storage();
        DType d = x.dtype();
        for (int k = 0; k < length; k++) {
            into[k] = loadLong(storage, d, (int) (base + k * stride));
        }
    }

    private static long loadLong(Object storage, DType d, int at) {
        switch (d) {
            case BOOL:
                return ((boolean[]) storage)[at] ? 1 : 0;
            case I32:
                return ((int[]) storage)[at];
            case I8:
                return ((byte[]) storage)[at];
            case U8:
                return ((byte[]) storage)[at] & 0xFF;
            default:
                return ((long[]) storage)[at];
        }
    }

    /** Loads the lane of an F32, F64, F16 or BF16 {@code x} into {@code into[0, length)}, exactly. */
    void readDouble(double[] into) {
        Object storage = x.storage();
        DType d = x.dtype();
        for (int k = 0; k < length; k++) {
            into[k] = loadDouble(storage, d, (int) (base + k * stride));
        }
    }

    private static double loadDouble(Object storage, DType d, int at) {
        switch (d) {
            case F32:
                return ((float[]) storage)[at];
            case F16:
                return HalfFloats.f16ToFloat(((short[]) storage)[at]);
            case BF16:
                return HalfFloats.bf16ToFloat(((short[]) storage)[at]);
            default:
                return ((double[]) storage)[at];
        }
    }

    /** Loads the lane of a C64 or C128 {@code x}: real parts into {@code re}, imaginary into {@code im}. */
    void readComplex(double[] re, double[] im) {
        Object storage = x.storage();
        boolean single = x.dtype() == DType.C64;
        for (int k = 0; k < length; k++) {
            int at = 2 * (int) (base + k * stride);
            re[k] = single ? ((float[]) storage)[at] : ((double[]) storage)[at];
            im[k] = single ? ((float[]) storage)[at + 1] : ((double[]) storage)[at + 1];
        }
    }

    /** The three ways an element is widened: exact integer, real, complex. */
    enum Kind {
        /** BOOL, I32, I64, I8, U8: {@code long}. */
        INTEGRAL,
        /** F32, F64, F16, BF16: {@code double}. */
        REAL,
        /** C64, C128: two {@code double} parts. */
        COMPLEX;

        static Kind of(DType d) {
            return d.isComplex() ? COMPLEX : d.isFloating() ? REAL : INTEGRAL;
        }
    }

    /**
     * Stores {@code value} (widened as {@link Kind#INTEGRAL}) into element {@code at} of a host array of
     * dtype {@code d}: BOOL is {@code != 0}, I32, I8 and U8 keep the low 32 or 8 bits (wrap).
     */
    static void storeLong(Object storage, DType d, int at, long value) {
        switch (d) {
            case BOOL:
                ((boolean[]) storage)[at] = value != 0;
                break;
            case I32:
                ((int[]) storage)[at] = (int) value;
                break;
            case I8:
            case U8:
                ((byte[]) storage)[at] = (byte) value;
                break;
            default:
                ((long[]) storage)[at] = value;
        }
    }

    /**
     * Stores {@code value} into element {@code at} of a host F32, F64, F16 or BF16 array (the narrower ones
     * round to nearest, ties to even: {@link HalfFloats}).
     */
    static void storeDouble(Object storage, DType d, int at, double value) {
        switch (d) {
            case F32:
                ((float[]) storage)[at] = (float) value;
                break;
            case F16:
                ((short[]) storage)[at] = HalfFloats.toF16(value);
                break;
            case BF16:
                ((short[]) storage)[at] = HalfFloats.toBf16(value);
                break;
            default:
                ((double[]) storage)[at] = value;
        }
    }

    /** Stores {@code re + i·im} into element {@code at} of a host C64 or C128 array (C64 rounds each part). */
    static void storeComplex(Object storage, DType d, int at, double re, double im) {
        if (d == DType.C64) {
            ((float[]) storage)[2 * at] = (float) re;
            ((float[]) storage)[2 * at + 1] = (float) im;
        } else {
            ((double[]) storage)[2 * at] = re;
            ((double[]) storage)[2 * at + 1] = im;
        }
    }
}
