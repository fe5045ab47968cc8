package org.ferrite.api.tensor;

import java.util.Arrays;
import java.util.Objects;
import java.util.SplittableRandom;
import org.ferrite.api.error.ValidationException;

/**
 * An owned, compact, column-major tensor: element {@code (i0, i1, …)} is at storage element
 * {@code Σ i_a · Π_{b<a} shape[b]} (the first index varies fastest, as in BLAS/LAPACK and Fortran —
 * NumPy's {@code order='F'}; NumPy's default is row-major, C order). Arrays passed to the {@code of}
 * factories and {@link #wrap} are read in this order, and {@link #reshape} keeps it; the row-major
 * doors are {@link #fromRowMajor}, {@link #toRowMajorArray()} and {@link #reshapeRowMajor}.
 *
 * <p>Host tensors wrap a primitive array ({@link DType#storageClass()}; complex interleaved re/im).
 * Factories named {@code wrap} share the caller's array; every other factory copies or allocates.
 * Row-major data enters through {@link #fromRowMajor} and leaves through {@link #toRowMajorArray()}.
 * Shapes are {@code long...} varargs ({@code Tensor.zeros(F64, 2, 3)} takes int literals as they are);
 * a host tensor holds at most {@link Shapes#MAX_HOST_SCALARS} scalars, and a larger shape is rejected
 * with a {@link ValidationException} naming the shape and its size ({@link Shapes#hostStorageLength}).
 * A device tensor ({@link #wrapDevice}) may have any size its storage holds.
 *
 * <p>Not thread-safe: the shape is immutable, the elements are not synchronised.
 * Lifetime: a tensor lives as long as it is referenced; one obtained from a session's {@code allocate}
 * may be handed back with {@code reclaim}, after which it must not be used.
 */
public final class Tensor implements TensorWrite {
    private final DType dtype;
    private final Object storage;
    private final Placement placement;
    private final long[] shape;
    private final long[] strides;
    private final long size;

    private Tensor(DType dtype, Object storage, Placement placement, long[] shape, long size) {
        this(dtype, storage, placement, shape, Shapes.columnMajorStrides(shape), size);
    }

    /** {@code shape} and {@code strides} are owned by the tensor (never exposed), so tensors may share them. */
    private Tensor(DType dtype, Object storage, Placement placement, long[] shape, long[] strides, long size) {
        this.dtype = dtype;
        this.storage = storage;
        this.placement = placement;
        this.shape = shape;
        this.strides = strides;
        this.size = size;
    }

    // ---------------------------------------------------------------- factories

    /**
     * Wraps a column-major array without copying.
     *
     * @param dtype the element type
     * @param storage a primitive array of {@code dtype.storageClass()} holding at least
     *     {@code size · dtype.scalarsPerElement()} scalars
     * @param shape the extents
     * @return a tensor sharing {@code storage}
     * @throws ValidationException if the array type or length does not fit, or a host shape exceeds
     *     {@link Shapes#MAX_HOST_SCALARS} scalars
     */
    public static Tensor wrap(DType dtype, Object storage, long... shape) {
        String op = "Tensor.wrap";
        Objects.requireNonNull(dtype, "dtype");
        Placement placement = ElementAccess.placementOf(op, dtype, storage);
        long[] s = shape.clone();
        long size = Shapes.elementCount(op, "shape", s);
        if (placement.isHost()) {
            Shapes.hostStorageLength(op, dtype, s);
        }
        long capacity = ElementAccess.elementCapacity(dtype, storage, placement);
        if (capacity < size) {
            throw ValidationException.invalidArgument(op, "storage", "at least " + size + " elements of " + dtype
                    + " for shape " + Arrays.toString(s), capacity + " elements", null);
        }
        return new Tensor(dtype, storage, placement, s, size);
    }

    /**
     * Wraps provider-owned device storage (for device providers).
     *
     * @param dtype the element type
     * @param storage the provider's storage
     * @param shape the extents (any size the storage holds, including more than 2^31-1 elements)
     * @return a device tensor
     * @throws ValidationException if the storage holds fewer elements than the shape needs
     */
    public static Tensor wrapDevice(DType dtype, DeviceStorage storage, long... shape) {
        return wrap(dtype, storage, shape);
    }

    /**
     * Wraps another array without copying, as a tensor of {@code like}'s dtype and shape: the cheapest
     * way to make many tensors of one shape (the shape is immutable, so it is shared, not copied or
     * validated again). A result buffer of a session's allocating operation is made this way.
     * <pre>{@code
     * Tensor like = Tensor.zeros(DType.F64, 2, 1);
     * Tensor next = Tensor.wrapLike(like, new double[2]);   // F64, shape [2, 1], its own storage
     * }</pre>
     *
     * @param like a tensor whose dtype and shape the result takes (its storage is not touched)
     * @param storage a primitive array of {@code like.dtype().storageClass()} holding at least
     *     {@code like.size() · scalarsPerElement} scalars, or device storage with that capacity
     * @return a tensor sharing {@code storage}
     * @throws ValidationException if the array type or length does not fit
     */
    public static Tensor wrapLike(Tensor like, Object storage) {
        Objects.requireNonNull(like, "like");
        DType dtype = like.dtype;
        if (storage == null || storage.getClass() != dtype.storageClass()) {
            return wrap(dtype, storage, like.shape); // device storage, or the precise error
        }
        // scalars, not elements: no division on this path
        if (java.lang.reflect.Array.getLength(storage) < like.size * dtype.scalarsPerElement()) {
            throw ValidationException.invalidArgument("Tensor.wrapLike", "storage", "at least " + like.size
                    + " elements of " + dtype + " for shape " + Arrays.toString(like.shape),
                    ElementAccess.elementCapacity(dtype, storage, Placement.HOST) + " elements", null);
        }
        return new Tensor(dtype, storage, Placement.HOST, like.shape, like.strides, like.size);
    }

    /**
     * Copies column-major data into a new tensor.
     *
     * @param dtype the element type
     * @param columnMajor a primitive array of {@code dtype.storageClass()} with exactly
     *     {@code size · scalarsPerElement} scalars
     * @param shape the extents
     * @return a new tensor
     * @throws ValidationException naming {@code data} if the array has the wrong type or length
     */
    public static Tensor fromColumnMajor(DType dtype, Object columnMajor, long... shape) {
        long[] s = shape.clone();
        long size = checkData("Tensor.fromColumnMajor", dtype, columnMajor, s);
        return new Tensor(dtype, ElementAccess.copyArray(columnMajor), Placement.HOST, s, size);
    }

    /**
     * Copies row-major (C order) data into a new column-major tensor.
     *
     * @param dtype the element type
     * @param rowMajor a primitive array of {@code dtype.storageClass()} with exactly
     *     {@code size · scalarsPerElement} scalars, the last index varying fastest
     * @param shape the extents
     * @return a new tensor
     * @throws ValidationException naming {@code data} if the array has the wrong type or length
     */
    public static Tensor fromRowMajor(DType dtype, Object rowMajor, long... shape) {
        checkData("Tensor.fromRowMajor", dtype, rowMajor, shape);
        return TensorView.of(dtype, rowMajor, shape, Shapes.rowMajorStrides(shape), 0).copy();
    }

    /** Checks a caller's data array for a copying factory; returns the element count. */
    private static long checkData(String op, DType dtype, Object data, long[] shape) {
        Objects.requireNonNull(dtype, "dtype");
        if (data == null || data.getClass() != dtype.storageClass()) {
            throw ValidationException.dtypeMismatch(op, "data", dtype.storageClass().getSimpleName() + " for " + dtype,
                    data == null ? "null" : data.getClass().getSimpleName());
        }
        long size = Shapes.elementCount(op, "shape", shape);
        int expected = Shapes.hostStorageLength(op, dtype, shape);
        int actual = java.lang.reflect.Array.getLength(data);
        if (actual != expected) {
            throw ValidationException.invalidArgument(op, "data", expected + " scalars for shape "
                    + Arrays.toString(shape) + " of " + dtype, actual + " scalars", null);
        }
        return size;
    }

    /**
     * An F64 tensor from <b>column-major</b> data: the first index varies fastest, so
     * {@code Tensor.of(new double[] {1, 2, 3, 4, 5, 6}, 2, 3)} is the matrix {@code [[1, 3, 5], [2, 4, 6]]}
     * (NumPy: {@code np.array([1, 2, 3, 4, 5, 6]).reshape((2, 3), order='F')}). For data written row by
     * row, as in NumPy's default or a Java {@code double[][]}, use {@link #fromRowMajor}:
     * {@code Tensor.fromRowMajor(DType.F64, new double[] {1, 2, 3, 4, 5, 6}, 2, 3)} is
     * {@code [[1, 2, 3], [4, 5, 6]]}. The other {@code of} factories read their data the same way.
     *
     * @param columnMajor the data, copied
     * @param shape the extents
     * @return a new F64 tensor
     */
    public static Tensor of(double[] columnMajor, long... shape) {
        return fromColumnMajor(DType.F64, columnMajor, shape);
    }

    /**
     * @param columnMajor the data, copied
     * @param shape the extents
     * @return a new F32 tensor
     */
    public static Tensor of(float[] columnMajor, long... shape) {
        return fromColumnMajor(DType.F32, columnMajor, shape);
    }

    /**
     * @param columnMajor the data, copied
     * @param shape the extents
     * @return a new I32 tensor
     */
    public static Tensor of(int[] columnMajor, long... shape) {
        return fromColumnMajor(DType.I32, columnMajor, shape);
    }

    /**
     * @param columnMajor the data, copied
     * @param shape the extents
     * @return a new I64 tensor
     */
    public static Tensor of(long[] columnMajor, long... shape) {
        return fromColumnMajor(DType.I64, columnMajor, shape);
    }

    /**
     * @param columnMajor the data, copied
     * @param shape the extents
     * @return a new BOOL tensor
     */
    public static Tensor of(boolean[] columnMajor, long... shape) {
        return fromColumnMajor(DType.BOOL, columnMajor, shape);
    }

    /**
     * @param columnMajor the data, copied
     * @param shape the extents
     * @return a new I8 tensor (a U8 tensor from the same bits: {@code fromColumnMajor(DType.U8, bytes, shape)})
     */
    public static Tensor of(byte[] columnMajor, long... shape) {
        return fromColumnMajor(DType.I8, columnMajor, shape);
    }

    /**
     * A tensor of any dtype from column-major values, each converted as {@link #set(double, long...)}
     * converts it: rounded to nearest even for F16, BF16 and F32, truncated toward zero for integers
     * (then wrapped to I8 and U8), nonzero as true for BOOL. The door for the dtypes whose storage is
     * not their value: {@code Tensor.fromValues(DType.F16, new double[] {0.1, 2.5}, 2)} holds the F16
     * nearest to 0.1 and 2.5 exactly.
     *
     * @param dtype the element type (a real one; complex values enter through {@link #ofComplex})
     * @param columnMajor the values, one per element
     * @param shape the extents
     * @return a new tensor
     * @throws ValidationException naming {@code values} if their count does not match the shape, or
     *     {@code dtype} if it is complex
     */
    public static Tensor fromValues(DType dtype, double[] columnMajor, long... shape) {
        Objects.requireNonNull(dtype, "dtype");
        Objects.requireNonNull(columnMajor, "columnMajor");
        if (dtype.isComplex()) {
            throw ValidationException.dtypeMismatch("Tensor.fromValues", "dtype", "a real dtype (complex: ofComplex)",
                    dtype.name());
        }
        Tensor t = zeros(dtype, shape);
        if (columnMajor.length != t.size) {
            throw ValidationException.invalidArgument("Tensor.fromValues", "values", t.size + " values for shape "
                    + Arrays.toString(shape), columnMajor.length + " values", null);
        }
        for (int i = 0; i < columnMajor.length; i++) {
            ElementAccess.setReal(t, i, columnMajor[i]);
        }
        return t;
    }

    /**
     * @param interleaved re/im pairs in column-major element order, copied
     * @param shape the extents
     * @return a new C128 tensor
     */
    public static Tensor ofComplex(double[] interleaved, long... shape) {
        return fromColumnMajor(DType.C128, interleaved, shape);
    }

    /**
     * @param interleaved re/im pairs in column-major element order, copied
     * @param shape the extents
     * @return a new C64 tensor
     */
    public static Tensor ofComplex(float[] interleaved, long... shape) {
        return fromColumnMajor(DType.C64, interleaved, shape);
    }

    /**
     * @param dtype the element type
     * @param shape the extents
     * @return a new host tensor of zeros (false for BOOL)
     * @throws ValidationException if the shape is invalid or exceeds {@link Shapes#MAX_HOST_SCALARS}
     *     scalars
     * @throws org.ferrite.api.error.MemoryExhaustedException if the JVM heap cannot hold it (nothing is
     *     allocated)
     */
    public static Tensor zeros(DType dtype, long... shape) {
        Objects.requireNonNull(dtype, "dtype");
        int scalars = Shapes.hostStorageLength("Tensor.zeros", dtype, shape);
        return wrap(dtype, ElementAccess.newArray("Tensor.zeros", dtype, scalars), shape);
    }

    /**
     * @param dtype the element type
     * @param shape the extents
     * @return a new tensor of ones (true for BOOL; 1 + 0i for complex)
     */
    public static Tensor ones(DType dtype, long... shape) {
        return full(dtype, 1.0, shape);
    }

    /**
     * @param dtype the element type
     * @param value the value, converted to {@code dtype} (nonzero is true; complex gets imaginary 0)
     * @param shape the extents
     * @return a new tensor with every element {@code value}
     */
    public static Tensor full(DType dtype, double value, long... shape) {
        Tensor t = zeros(dtype, shape);
        for (long i = 0; i < t.size; i++) {
            ElementAccess.setReal(t, i, value);
        }
        return t;
    }

    /**
     * @param value the value
     * @return a rank-0 F64 tensor
     */
    public static Tensor scalar(double value) {
        return full(DType.F64, value);
    }

    /**
     * @param dtype the element type
     * @param value the value, converted to {@code dtype}
     * @return a rank-0 tensor
     */
    public static Tensor scalar(DType dtype, double value) {
        return full(dtype, value);
    }

    /**
     * @param dtype a numeric dtype
     * @param n the number of elements, {@code >= 0}
     * @return the rank-1 tensor {@code [0, 1, …, n-1]} (real part for complex dtypes)
     * @throws ValidationException for BOOL or a negative {@code n}
     */
    public static Tensor arange(DType dtype, long n) {
        if (dtype == DType.BOOL) {
            throw ValidationException.dtypeMismatch("Tensor.arange", "dtype", "a numeric dtype", "BOOL");
        }
        if (n < 0) {
            throw ValidationException.invalidArgument("Tensor.arange", "n", "a count >= 0", String.valueOf(n), null);
        }
        Tensor t = zeros(dtype, n);
        for (long i = 0; i < n; i++) {
            ElementAccess.setReal(t, i, i);
        }
        return t;
    }

    /**
     * Reproducible pseudo-random contents: floating values uniform in {@code [-1, 1)} (both parts for
     * complex; rounded to F16 and BF16), signed integers uniform in {@code [-100, 100)}, U8 in
     * {@code [0, 100)}, booleans fair coin flips.
     *
     * @param dtype the element type
     * @param seed the seed; equal seeds give equal tensors
     * @param shape the extents
     * @return a new tensor
     */
    public static Tensor random(DType dtype, long seed, long... shape) {
        Tensor t = zeros(dtype, shape);
        SplittableRandom rnd = new SplittableRandom(seed);
        ElementAccess.fillRandom(t, rnd);
        return t;
    }

    // ---------------------------------------------------------------- accessors

    @Override
    public DType dtype() {
        return dtype;
    }

    @Override
    public int rank() {
        return shape.length;
    }

    @Override
    public long dim(int axis) {
        return shape[axis];
    }

    @Override
    public long stride(int axis) {
        return strides[axis];
    }

    @Override
    public long offset() {
        return 0;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public Placement placement() {
        return placement;
    }

    @Override
    public Object storage() {
        return storage;
    }

    @Override
    public boolean isWritable() {
        return true;
    }

    @Override
    public boolean isColumnMajorContiguous() {
        return true;
    }

    /** @return this tensor */
    @Override
    public Tensor toTensor() {
        return this;
    }

    /**
     * @return the live F64 storage
     * @throws ValidationException if the dtype is not F64
     */
    public double[] f64Data() {
        return (double[]) typedStorage("f64Data", DType.F64);
    }

    /** @return the live F32 storage */
    public float[] f32Data() {
        return (float[]) typedStorage("f32Data", DType.F32);
    }

    /** @return the live C128 storage, interleaved re/im */
    public double[] c128Data() {
        return (double[]) typedStorage("c128Data", DType.C128);
    }

    /** @return the live C64 storage, interleaved re/im */
    public float[] c64Data() {
        return (float[]) typedStorage("c64Data", DType.C64);
    }

    /** @return the live I32 storage */
    public int[] i32Data() {
        return (int[]) typedStorage("i32Data", DType.I32);
    }

    /** @return the live I64 storage */
    public long[] i64Data() {
        return (long[]) typedStorage("i64Data", DType.I64);
    }

    /** @return the live BOOL storage */
    public boolean[] boolData() {
        return (boolean[]) typedStorage("boolData", DType.BOOL);
    }

    /** @return the live F16 storage: each element's raw bits ({@link HalfFloats#f16ToFloat} reads one) */
    public short[] f16Data() {
        return (short[]) typedStorage("f16Data", DType.F16);
    }

    /** @return the live BF16 storage: each element's raw bits ({@link HalfFloats#bf16ToFloat} reads one) */
    public short[] bf16Data() {
        return (short[]) typedStorage("bf16Data", DType.BF16);
    }

    /** @return the live I8 storage */
    public byte[] i8Data() {
        return (byte[]) typedStorage("i8Data", DType.I8);
    }

    /** @return the live U8 storage: each element's bits ({@code b & 0xFF} is its value) */
    public byte[] u8Data() {
        return (byte[]) typedStorage("u8Data", DType.U8);
    }

    private Object typedStorage(String op, DType expected) {
        if (dtype != expected) {
            throw ValidationException.dtypeMismatch(op, "this", expected.name(), dtype.name());
        }
        if (!placement.isHost()) {
            throw ValidationException.invalidArgument(op, "this", "a host tensor", placement.toString(),
                    "device storage is reached through its provider");
        }
        return storage;
    }

    // ---------------------------------------------------------------- comparison

    /**
     * NumPy's {@code allclose(a, b, rtol, atol, equal_nan=True)}: same shape, and every pair satisfies
     * {@code |a - b| <= atol + rtol·|b|} (complex: modulus of the difference; {@code b} is the reference).
     * A NaN (in either part) matches only a NaN at the same position; an infinity matches only the same
     * infinity. Dtypes may differ (values are compared); I64 values are compared exactly, without
     * rounding through {@code double}, when both tolerances are 0.
     *
     * @param a a tensor
     * @param b the reference tensor
     * @param rtol relative tolerance, {@code >= 0}
     * @param atol absolute tolerance, {@code >= 0}
     * @return true if close
     * @throws ValidationException if a tolerance is negative or NaN, or a tensor is not on the host
     */
    public static boolean allClose(TensorRead a, TensorRead b, double rtol, double atol) {
        if (!(rtol >= 0)) {
            throw ValidationException.invalidArgument("allClose", "rtol", "a tolerance >= 0", String.valueOf(rtol),
                    null);
        }
        if (!(atol >= 0)) {
            throw ValidationException.invalidArgument("allClose", "atol", "a tolerance >= 0", String.valueOf(atol),
                    null);
        }
        return ElementAccess.allClose(a, b, rtol, atol);
    }

    /**
     * Exact equality of dtype, shape and elements (NaN equals NaN; {@code -0.0} equals {@code 0.0}).
     * Layouts may differ: a view equals a compact copy of it.
     *
     * @param a a tensor
     * @param b another tensor
     * @return true if equal
     */
    public static boolean contentEquals(TensorRead a, TensorRead b) {
        return a.dtype() == b.dtype() && ElementAccess.allClose(a, b, 0, 0);
    }

    @Override
    public String toString() {
        return TensorFormat.format(this, "Tensor");
    }
}
