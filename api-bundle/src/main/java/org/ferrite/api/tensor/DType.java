package org.ferrite.api.tensor;

import org.ferrite.api.error.ValidationException;

/**
 * Element types, with NumPy meaning: {@code C64} is a complex number of two {@code f32}, {@code C128}
 * of two {@code f64}. Thread-safe (an enum); its constants live as long as the class is loaded.
 *
 * <p>Host storage per dtype: {@code boolean[]} (BOOL), {@code int[]} (I32), {@code long[]} (I64),
 * {@code float[]} (F32, and C64 interleaved re/im), {@code double[]} (F64, and C128 interleaved).
 *
 * <p><b>Promotion lattice.</b> {@link #canConvertTo(DType)} is NumPy's "safe" casting: a value
 * converts without loss of kind or range along these edges (and their transitive closure):
 * {@code BOOL → I32 → I64 → F64 → C128}, {@code I32 → F64}, {@code F32 → F64},
 * {@code F32 → C64 → C128}. {@link #promote(DType, DType)} is the least type both convert to
 * (NumPy's {@code result_type}: {@code promote(I32, F32) == F64}, {@code promote(F64, C64) == C128}).
 */
public enum DType {
    /** Boolean, stored as {@code boolean[]}. */
    BOOL(1, 1, boolean[].class, 0),
    /** 32-bit signed integer, {@code int[]}. */
    I32(4, 1, int[].class, 1),
    /** 64-bit signed integer, {@code long[]}. */
    I64(8, 1, long[].class, 2),
    /** IEEE binary32, {@code float[]}. */
    F32(4, 1, float[].class, 3),
    /** IEEE binary64, {@code double[]}. */
    F64(8, 1, double[].class, 4),
    /** Complex of two binary32, interleaved in a {@code float[]}. */
    C64(8, 2, float[].class, 5),
    /** Complex of two binary64, interleaved in a {@code double[]}. */
    C128(16, 2, double[].class, 6);

    // SAFE[a] is the bit set of dtypes a converts to safely (reflexive, transitive).
    private static final int[] SAFE = new int[7];

    static {
        int bool = 1 << 0, i32 = 1 << 1, i64 = 1 << 2, f32 = 1 << 3, f64 = 1 << 4, c64 = 1 << 5, c128 = 1 << 6;
        SAFE[0] = bool | i32 | i64 | f32 | f64 | c64 | c128;
        SAFE[1] = i32 | i64 | f64 | c128;
        SAFE[2] = i64 | f64 | c128;
        SAFE[3] = f32 | f64 | c64 | c128;
        SAFE[4] = f64 | c128;
        SAFE[5] = c64 | c128;
        SAFE[6] = c128;
    }

    private final int byteSize;
    private final int scalarsPerElement;
    private final Class<?> storageClass;
    private final int code;

    DType(int byteSize, int scalarsPerElement, Class<?> storageClass, int code) {
        this.byteSize = byteSize;
        this.scalarsPerElement = scalarsPerElement;
        this.storageClass = storageClass;
        this.code = code;
    }

    /** @return the size of one element in bytes (16 for C128) */
    public int byteSize() {
        return byteSize;
    }

    /** @return how many storage-array slots one element occupies: 2 for complex, else 1 */
    public int scalarsPerElement() {
        return scalarsPerElement;
    }

    /** @return the primitive array class of host storage, e.g. {@code double[].class} */
    public Class<?> storageClass() {
        return storageClass;
    }

    /** @return true for BOOL */
    public boolean isBool() {
        return this == BOOL;
    }

    /** @return true for I32 and I64 */
    public boolean isInteger() {
        return this == I32 || this == I64;
    }

    /** @return true for F32, F64, C64 and C128 (the dtypes contraction and linear algebra accept) */
    public boolean isFloating() {
        return code >= 3;
    }

    /** @return true for C64 and C128 */
    public boolean isComplex() {
        return scalarsPerElement == 2;
    }

    /** @return true for F32 and F64 */
    public boolean isRealFloating() {
        return this == F32 || this == F64;
    }

    /** @return true for I32, I64, F32, F64, C64, C128 (every dtype but BOOL) */
    public boolean isNumeric() {
        return this != BOOL;
    }

    /** @return the real type of the components: F32 for C64, F64 for C128, else this dtype */
    public DType realType() {
        return this == C64 ? F32 : this == C128 ? F64 : this;
    }

    /**
     * @return the complex type with this precision: C64 for F32/C64, C128 for F64/C128
     * @throws ValidationException for BOOL and integer dtypes
     */
    public DType complexType() {
        switch (this) {
            case F32:
            case C64:
                return C64;
            case F64:
            case C128:
                return C128;
            default:
                throw ValidationException.dtypeMismatch("complexType", "dtype", "a floating dtype", name());
        }
    }

    /**
     * Whether a value of this dtype converts to {@code target} without loss (NumPy "safe" casting).
     *
     * @param target the dtype to convert to
     * @return true if the conversion is safe
     */
    public boolean canConvertTo(DType target) {
        return (SAFE[code] & (1 << target.code)) != 0;
    }

    /**
     * The least dtype that both {@code a} and {@code b} convert to safely.
     *
     * @param a one dtype
     * @param b another dtype
     * @return their least upper bound in the promotion lattice
     */
    public static DType promote(DType a, DType b) {
        int common = SAFE[a.code] & SAFE[b.code];
        // The lattice is ordered so that the lowest common bit is the least upper bound.
        return values()[Integer.numberOfTrailingZeros(common)];
    }
}
