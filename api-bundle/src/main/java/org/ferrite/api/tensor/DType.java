package org.ferrite.api.tensor;

import org.ferrite.api.error.ValidationException;

/**
 * Element types, with NumPy meaning: {@code C64} is a complex number of two {@code f32}, {@code C128}
 * of two {@code f64}; {@code F16} is IEEE binary16 (NumPy's {@code float16}), {@code BF16} is bfloat16
 * ({@code ml_dtypes.bfloat16}, JAX's and PyTorch's {@code bfloat16}: the upper half of a binary32), {@code I8}
 * and {@code U8} are NumPy's {@code int8} and {@code uint8}. Thread-safe (an enum); its constants live as long
 * as the class is loaded.
 *
 * <p>Host storage per dtype: {@code boolean[]} (BOOL), {@code int[]} (I32), {@code long[]} (I64),
 * {@code float[]} (F32, and C64 interleaved re/im), {@code double[]} (F64, and C128 interleaved),
 * {@code short[]} (F16 and BF16: each element its 16 raw bits, as {@link HalfFloats} converts them) and
 * {@code byte[]} (I8, and U8 as the same bits: the element {@code b & 0xFF}).
 *
 * <p><b>Arithmetic of the narrow dtypes.</b> F16 and BF16 compute in F32 and round to nearest even on
 * store (NumPy's {@code float16} loops, {@code ml_dtypes}); I8 and U8 compute in I32 and wrap on store
 * (NumPy's {@code int8}, {@code uint8}); {@link #computeType()} names that type.
 *
 * <p><b>Promotion lattice.</b> {@link #canConvertTo(DType)} is NumPy's "safe" casting: a value
 * converts without loss of kind or range along these edges (and their transitive closure):
 * {@code BOOL → I8, U8 → I32 → I64 → F64 → C128}, {@code I8, U8 → F16, BF16 → F32 → F64},
 * {@code I32 → F64}, {@code F32 → C64 → C128}. {@link #promote(DType, DType)} is the least type both
 * convert to (NumPy's {@code result_type}: {@code promote(I32, F32) == F64}, {@code promote(F64, C64) == C128},
 * {@code promote(F16, BF16) == F32} as {@code ml_dtypes} and JAX). One pair has no least type:
 * {@code promote(I8, U8)} is {@code I32}, the least integer type holding both, where NumPy answers
 * {@code int16}, a dtype Ferrite does not have.
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
    C128(16, 2, double[].class, 6),
    /** IEEE binary16 (NumPy's {@code float16}), its raw bits in a {@code short[]}; computes in F32. */
    F16(2, 1, short[].class, 7),
    /** bfloat16 (8 exponent bits, 7 fraction bits), its raw bits in a {@code short[]}; computes in F32. */
    BF16(2, 1, short[].class, 8),
    /** 8-bit signed integer, {@code byte[]}; computes in I32 and wraps. */
    I8(1, 1, byte[].class, 9),
    /** 8-bit unsigned integer (0 to 255), {@code byte[]} holding its bits; computes in I32 and wraps. */
    U8(1, 1, byte[].class, 10);

    /**
     * The lattice's linear order: every safe conversion goes from a lower rank to a higher one, so the
     * lowest-ranked common target of two dtypes is their least upper bound wherever one exists.
     */
    private static final DType[] BY_RANK = {BOOL, I8, U8, I32, I64, F16, BF16, F32, F64, C64, C128};
    /** RANK[code]: the dtype's position in {@link #BY_RANK}. */
    private static final int[] RANK = new int[11];
    // SAFE[code] is the bit set, by rank, of the dtypes a dtype converts to safely (reflexive, transitive).
    private static final int[] SAFE = new int[11];

    static {
        for (int r = 0; r < BY_RANK.length; r++) {
            RANK[BY_RANK[r].code] = r;
        }
        safe(C128);
        safe(C64, C128);
        safe(F64, C128);
        safe(F32, F64, C64);
        safe(BF16, F32);
        safe(F16, F32);
        safe(I64, F64);
        safe(I32, I64, F64);
        safe(U8, I32, F16, BF16);
        safe(I8, I32, F16, BF16);
        safe(BOOL, I8, U8);
    }

    /** Records {@code from}'s safe targets: itself and everything its direct targets reach (set before). */
    private static void safe(DType from, DType... to) {
        int bits = 1 << RANK[from.code];
        for (DType t : to) {
            bits |= SAFE[t.code];
        }
        SAFE[from.code] = bits;
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

    /** @return true for I32, I64, I8 and U8 */
    public boolean isInteger() {
        return this == I32 || this == I64 || this == I8 || this == U8;
    }

    /** @return true for U8, the one unsigned dtype */
    public boolean isUnsigned() {
        return this == U8;
    }

    /**
     * @return true for F32, F64, C64, C128, F16 and BF16 (NumPy's {@code floating} and
     *     {@code complexfloating}); linear algebra takes the first four only, as NumPy's {@code linalg}
     */
    public boolean isFloating() {
        return this == F32 || this == F64 || this == C64 || this == C128 || this == F16 || this == BF16;
    }

    /** @return true for C64 and C128 */
    public boolean isComplex() {
        return scalarsPerElement == 2;
    }

    /** @return true for F32, F64, F16 and BF16 */
    public boolean isRealFloating() {
        return this == F32 || this == F64 || this == F16 || this == BF16;
    }

    /** @return true for every dtype but BOOL */
    public boolean isNumeric() {
        return this != BOOL;
    }

    /** @return the real type of the components: F32 for C64, F64 for C128, else this dtype */
    public DType realType() {
        return this == C64 ? F32 : this == C128 ? F64 : this;
    }

    /**
     * The dtype this dtype's arithmetic runs in (PyTorch's "opmath" type): F16 and BF16 compute in F32
     * and round to nearest even on store, I8 and U8 compute in I32 and wrap on store, as NumPy's loops
     * for {@code float16}, {@code int8} and {@code uint8} do; {@code dotGeneral} accumulates in it. Every
     * other dtype computes in itself.
     *
     * @return F32 for F16 and BF16, I32 for I8 and U8, else this dtype
     */
    public DType computeType() {
        switch (this) {
            case F16:
            case BF16:
                return F32;
            case I8:
            case U8:
                return I32;
            default:
                return this;
        }
    }

    /**
     * @return the complex type with this precision: C64 for F32/C64 (and F16/BF16, which compute in F32),
     *     C128 for F64/C128
     * @throws ValidationException for BOOL and integer dtypes
     */
    public DType complexType() {
        switch (this) {
            case F32:
            case C64:
            case F16:
            case BF16:
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
        return (SAFE[code] & (1 << RANK[target.code])) != 0;
    }

    /**
     * The least dtype that both {@code a} and {@code b} convert to safely; for I8 and U8, which have two
     * minimal common targets (I32 and F16), the integer one, I32.
     *
     * @param a one dtype
     * @param b another dtype
     * @return their least upper bound in the promotion lattice
     */
    public static DType promote(DType a, DType b) {
        int common = SAFE[a.code] & SAFE[b.code];
        // BY_RANK extends the lattice's order linearly: the lowest common rank is the least upper bound.
        return BY_RANK[Integer.numberOfTrailingZeros(common)];
    }
}
