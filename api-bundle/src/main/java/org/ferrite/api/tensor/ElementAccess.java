package org.ferrite.api.tensor;

import java.lang.reflect.Array;
import java.util.SplittableRandom;
import org.ferrite.api.error.MemoryExhaustedException;
import org.ferrite.api.error.ValidationException;

/**
 * Element-at-a-time access to host storage for every dtype: the slow, obviously-correct path used by
 * accessors, factories, formatting and comparison. Kernels never use it. Element indices arrive as
 * {@code long} and index host arrays as {@code int}: a host tensor's reachable elements lie inside its
 * array (checked when the tensor or view was made), so the narrowing is exact.
 */
final class ElementAccess {
    private ElementAccess() {
    }

    static Placement placementOf(String op, DType dtype, Object storage) {
        // the host array first, by exact class: cheaper than an interface type check on an array
        if (storage != null && storage.getClass() == dtype.storageClass()) {
            return Placement.HOST;
        }
        if (storage instanceof DeviceStorage) {
            Placement placement = ((DeviceStorage) storage).placement();
            if (placement == null || placement.isHost()) {
                throw ValidationException.invalidArgument(op, "storage", "a device placement for DeviceStorage",
                        String.valueOf(placement), "host tensors wrap a primitive array instead");
            }
            return placement;
        }
        if (storage == null || storage.getClass() != dtype.storageClass()) {
            throw ValidationException.dtypeMismatch(op, "storage",
                    dtype.storageClass().getSimpleName() + " for " + dtype,
                    storage == null ? "null" : storage.getClass().getSimpleName());
        }
        return Placement.HOST;
    }

    /** Tells host from device storage by placement, not by an interface type check (see Overlap). */
    static long elementCapacity(DType dtype, Object storage, Placement placement) {
        if (!placement.isHost()) {
            return ((DeviceStorage) storage).elementCapacity();
        }
        int scalars = Array.getLength(storage);
        return dtype.scalarsPerElement() == 1 ? scalars : scalars >> 1; // one or two scalars per element
    }

    /**
     * A zeroed host array of {@code scalars} scalars of {@code dtype}'s storage class, or a typed
     * refusal: {@link MemoryExhaustedException} before allocating when it can never fit the heap, or
     * when the allocation failed (the same check as {@code org.ferrite.api.spi.HostMemory}, which
     * providers use; the tensor package may not depend on the provider helpers).
     */
    static Object newArray(String op, DType dtype, int scalars) {
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

    static Object copyArray(Object array) {
        int n = Array.getLength(array);
        Object copy = Array.newInstance(array.getClass().getComponentType(), n);
        System.arraycopy(array, 0, copy, 0, n);
        return copy;
    }

    private static Object host(TensorRead t, String op) {
        if (!t.placement().isHost()) {
            throw ValidationException.invalidArgument(op, "tensor", "a host tensor", "a tensor on "
                    + t.placement(), "transfer it to the host first with session.toHost(t)");
        }
        return t.storage();
    }

    static double getReal(TensorRead t, long index, String op, boolean rejectComplex) {
        Object s = host(t, op);
        int element = (int) index;
        switch (t.dtype()) {
            case BOOL:
                return ((boolean[]) s)[element] ? 1 : 0;
            case I32:
                return ((int[]) s)[element];
            case I64:
                return ((long[]) s)[element];
            case F32:
                return ((float[]) s)[element];
            case F64:
                return ((double[]) s)[element];
            case F16:
                return HalfFloats.f16ToFloat(((short[]) s)[element]);
            case BF16:
                return HalfFloats.bf16ToFloat(((short[]) s)[element]);
            case I8:
                return ((byte[]) s)[element];
            case U8:
                return ((byte[]) s)[element] & 0xFF;
            case C64:
                if (rejectComplex) {
                    throw ValidationException.dtypeMismatch(op, "this", "a real dtype (use getReal/getImag)", "C64");
                }
                return ((float[]) s)[2 * element];
            default:
                if (rejectComplex) {
                    throw ValidationException.dtypeMismatch(op, "this", "a real dtype (use getReal/getImag)", "C128");
                }
                return ((double[]) s)[2 * element];
        }
    }

    static double getImag(TensorRead t, long index) {
        Object s = host(t, "getImag");
        int element = (int) index;
        switch (t.dtype()) {
            case C64:
                return ((float[]) s)[2 * element + 1];
            case C128:
                return ((double[]) s)[2 * element + 1];
            default:
                return 0;
        }
    }

    static long getLong(TensorRead t, long index) {
        Object s = host(t, "getLong");
        int element = (int) index;
        switch (t.dtype()) {
            case I32:
                return ((int[]) s)[element];
            case I64:
                return ((long[]) s)[element];
            case I8:
                return ((byte[]) s)[element];
            case U8:
                return ((byte[]) s)[element] & 0xFF;
            default:
                throw ValidationException.dtypeMismatch("getLong", "this", "an integer dtype (I32, I64, I8, U8)",
                        t.dtype().name());
        }
    }

    static boolean getBoolean(TensorRead t, long index) {
        Object s = host(t, "getBoolean");
        int element = (int) index;
        if (t.dtype() != DType.BOOL) {
            throw ValidationException.dtypeMismatch("getBoolean", "this", "BOOL", t.dtype().name());
        }
        return ((boolean[]) s)[element];
    }

    static void setReal(TensorRead t, long index, double v) {
        Object s = host(t, "set");
        int element = (int) index;
        switch (t.dtype()) {
            case BOOL:
                ((boolean[]) s)[element] = v != 0;
                break;
            case I32:
                ((int[]) s)[element] = (int) v;
                break;
            case I64:
                ((long[]) s)[element] = (long) v;
                break;
            case F32:
                ((float[]) s)[element] = (float) v;
                break;
            case F64:
                ((double[]) s)[element] = v;
                break;
            case F16:
                ((short[]) s)[element] = HalfFloats.toF16(v);
                break;
            case BF16:
                ((short[]) s)[element] = HalfFloats.toBf16(v);
                break;
            case I8:
            case U8:
                ((byte[]) s)[element] = (byte) (int) v; // as castInto: truncate to I32 (saturating), then wrap
                break;
            default:
                setComplex(t, element, v, 0, "set");
        }
    }

    static void setComplex(TensorRead t, long index, double re, double im, String op) {
        Object s = host(t, op);
        int element = (int) index;
        switch (t.dtype()) {
            case C64:
                ((float[]) s)[2 * element] = (float) re;
                ((float[]) s)[2 * element + 1] = (float) im;
                break;
            case C128:
                ((double[]) s)[2 * element] = re;
                ((double[]) s)[2 * element + 1] = im;
                break;
            default:
                throw ValidationException.dtypeMismatch(op, "this", "C64 or C128", t.dtype().name());
        }
    }

    static void setLong(TensorRead t, long index, long v) {
        Object s = host(t, "setLong");
        int element = (int) index;
        switch (t.dtype()) {
            case I32:
                if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
                    throw ValidationException.invalidArgument("setLong", "value", "a value in the I32 range",
                            String.valueOf(v), null);
                }
                ((int[]) s)[element] = (int) v;
                break;
            case I64:
                ((long[]) s)[element] = v;
                break;
            case I8:
            case U8:
                long min = t.dtype() == DType.I8 ? Byte.MIN_VALUE : 0;
                long max = t.dtype() == DType.I8 ? Byte.MAX_VALUE : 255;
                if (v < min || v > max) {
                    throw ValidationException.invalidArgument("setLong", "value", "a value in the " + t.dtype()
                            + " range [" + min + ", " + max + "]", String.valueOf(v), null);
                }
                ((byte[]) s)[element] = (byte) v;
                break;
            default:
                throw ValidationException.dtypeMismatch("setLong", "this", "an integer dtype (I32, I64, I8, U8)",
                        t.dtype().name());
        }
    }

    static void setBoolean(TensorRead t, long index, boolean v) {
        Object s = host(t, "setBoolean");
        int element = (int) index;
        if (t.dtype() != DType.BOOL) {
            throw ValidationException.dtypeMismatch("setBoolean", "this", "BOOL", t.dtype().name());
        }
        ((boolean[]) s)[element] = v;
    }

    /** Copies every element into a new compact array, column-major or row-major order. */
    static Object copyOut(TensorRead t, boolean rowMajor) {
        String op = rowMajor ? "toRowMajorArray" : "toColumnMajorArray";
        Object src = host(t, op);
        DType dtype = t.dtype();
        int lanes = dtype.scalarsPerElement();
        long[] shape = t.shape();
        Object dst = newArray(op, dtype, Shapes.hostStorageLength(op, dtype, shape)); // a broadcast view may not fit
        long size = t.size();
        if (size == 0) {
            return dst;
        }
        int rank = t.rank();
        long[] index = new long[rank];
        long[] dstStrides = rowMajor ? Shapes.rowMajorStrides(shape) : Shapes.columnMajorStrides(shape);
        long srcOff = t.offset();
        long dstOff = 0;
        for (long n = 0; n < size; n++) {
            for (int l = 0; l < lanes; l++) {
                copyScalar(src, (int) (srcOff * lanes + l), dst, (int) (dstOff * lanes + l));
            }
            // advance the column-major odometer over the source
            for (int a = 0; a < rank; a++) {
                index[a]++;
                srcOff += t.stride(a);
                dstOff += dstStrides[a];
                if (index[a] < t.dim(a)) {
                    break;
                }
                srcOff -= t.stride(a) * index[a];
                dstOff -= dstStrides[a] * index[a];
                index[a] = 0;
            }
        }
        return dst;
    }

    private static void copyScalar(Object src, int i, Object dst, int j) {
        if (src instanceof double[]) {
            ((double[]) dst)[j] = ((double[]) src)[i];
        } else if (src instanceof float[]) {
            ((float[]) dst)[j] = ((float[]) src)[i];
        } else if (src instanceof int[]) {
            ((int[]) dst)[j] = ((int[]) src)[i];
        } else if (src instanceof long[]) {
            ((long[]) dst)[j] = ((long[]) src)[i];
        } else if (src instanceof short[]) {
            ((short[]) dst)[j] = ((short[]) src)[i];
        } else if (src instanceof byte[]) {
            ((byte[]) dst)[j] = ((byte[]) src)[i];
        } else {
            ((boolean[]) dst)[j] = ((boolean[]) src)[i];
        }
    }

    static void fillRandom(Tensor t, SplittableRandom rnd) {
        Object s = t.storage();
        switch (t.dtype()) {
            case BOOL: {
                boolean[] a = (boolean[]) s;
                for (int i = 0; i < a.length; i++) {
                    a[i] = rnd.nextBoolean();
                }
                break;
            }
            case I32: {
                int[] a = (int[]) s;
                for (int i = 0; i < a.length; i++) {
                    a[i] = rnd.nextInt(-100, 100);
                }
                break;
            }
            case I64: {
                long[] a = (long[]) s;
                for (int i = 0; i < a.length; i++) {
                    a[i] = rnd.nextLong(-100, 100);
                }
                break;
            }
            case F32:
            case C64: {
                float[] a = (float[]) s;
                for (int i = 0; i < a.length; i++) {
                    a[i] = (float) rnd.nextDouble(-1, 1);
                }
                break;
            }
            case F16:
            case BF16:
            case I8:
            case U8: {
                long n = t.size();
                for (long i = 0; i < n; i++) {
                    setReal(t, i, t.dtype() == DType.U8 ? rnd.nextInt(0, 100) : t.dtype() == DType.I8
                            ? rnd.nextInt(-100, 100) : rnd.nextDouble(-1, 1));
                }
                break;
            }
            default: {
                double[] a = (double[]) s;
                for (int i = 0; i < a.length; i++) {
                    a[i] = rnd.nextDouble(-1, 1);
                }
            }
        }
    }

    static boolean allClose(TensorRead a, TensorRead b, double rtol, double atol) {
        if (a.rank() != b.rank()) {
            return false;
        }
        for (int ax = 0; ax < a.rank(); ax++) {
            if (a.dim(ax) != b.dim(ax)) {
                return false;
            }
        }
        Object ca = copyOut(a, false);
        Object cb = copyOut(b, false);
        int n = (int) a.size(); // both copies fit one array
        boolean exact = rtol == 0 && atol == 0;
        if (exact && !a.dtype().isFloating() && !b.dtype().isFloating()) {
            // BOOL and integers: exact comparison in long arithmetic (no rounding of large I64 values)
            for (int i = 0; i < n; i++) {
                if (integral(ca, a.dtype(), i) != integral(cb, b.dtype(), i)) {
                    return false;
                }
            }
            return true;
        }
        for (int i = 0; i < n; i++) {
            double ar = scalar(ca, a.dtype(), i, false);
            double ai = scalar(ca, a.dtype(), i, true);
            double br = scalar(cb, b.dtype(), i, false);
            double bi = scalar(cb, b.dtype(), i, true);
            boolean aNaN = Double.isNaN(ar) || Double.isNaN(ai);
            boolean bNaN = Double.isNaN(br) || Double.isNaN(bi);
            if (aNaN || bNaN) {
                if (aNaN != bNaN) {
                    return false;
                }
                continue;
            }
            if (ar == br && ai == bi) {
                continue; // equal, including equal infinities
            }
            if (Double.isInfinite(ar) || Double.isInfinite(ai) || Double.isInfinite(br) || Double.isInfinite(bi)) {
                return false; // an infinity is close only to the same infinity (NumPy's isclose)
            }
            double diff = Math.hypot(ar - br, ai - bi);
            if (!(diff <= atol + rtol * Math.hypot(br, bi))) {
                return false;
            }
        }
        return true;
    }

    private static long integral(Object compact, DType dtype, int element) {
        if (compact instanceof long[]) {
            return ((long[]) compact)[element];
        }
        if (compact instanceof int[]) {
            return ((int[]) compact)[element];
        }
        if (compact instanceof byte[]) {
            byte b = ((byte[]) compact)[element];
            return dtype == DType.U8 ? b & 0xFF : b;
        }
        return ((boolean[]) compact)[element] ? 1 : 0;
    }

    private static double scalar(Object compact, DType dtype, int element, boolean imag) {
        if (dtype.isComplex()) {
            int i = 2 * element + (imag ? 1 : 0);
            return compact instanceof float[] ? ((float[]) compact)[i] : ((double[]) compact)[i];
        }
        if (imag) {
            return 0;
        }
        switch (dtype) {
            case BOOL:
                return ((boolean[]) compact)[element] ? 1 : 0;
            case I32:
                return ((int[]) compact)[element];
            case I64:
                return ((long[]) compact)[element];
            case F32:
                return ((float[]) compact)[element];
            case F16:
                return HalfFloats.f16ToFloat(((short[]) compact)[element]);
            case BF16:
                return HalfFloats.bf16ToFloat(((short[]) compact)[element]);
            case I8:
            case U8:
                return integral(compact, dtype, element);
            default:
                return ((double[]) compact)[element];
        }
    }
}
