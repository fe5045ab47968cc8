package org.ferrite.cpu.internal.linalg.lapack;

import org.ferrite.api.tensor.DType;

/**
 * The four LAPACK scalar types, named by Ferrite's dtypes, with LAPACK's routine prefix
 * ({@code s}, {@code d}, {@code c}, {@code z}). {@code double[]} carries F64 and C128, {@code float[]}
 * F32 and C64; complex elements are interleaved re/im, so an element is {@link #scalarsPerElement()}
 * array slots. Thread-safe (immutable).
 */
public enum LapackType {
    /** REAL, prefix {@code s}, in {@code float[]}. */
    F32('s', false, Float.BYTES),
    /** DOUBLE PRECISION, prefix {@code d}, in {@code double[]}. */
    F64('d', false, Double.BYTES),
    /** COMPLEX, prefix {@code c}, interleaved in {@code float[]}. */
    C64('c', true, Float.BYTES),
    /** COMPLEX*16, prefix {@code z}, interleaved in {@code double[]}. */
    C128('z', true, Double.BYTES);

    private final char prefix;
    private final boolean complex;
    private final int realBytes;

    LapackType(char prefix, boolean complex, int realBytes) {
        this.prefix = prefix;
        this.complex = complex;
        this.realBytes = realBytes;
    }

    /**
     * @param dtype a floating dtype
     * @return the matching type
     * @throws IllegalArgumentException if {@code dtype} is not floating (the caller validates first)
     */
    public static LapackType of(DType dtype) {
        switch (dtype) {
            case F32:
                return F32;
            case F64:
                return F64;
            case C64:
                return C64;
            case C128:
                return C128;
            default:
                throw new IllegalArgumentException("LAPACK has no routines for dtype " + dtype
                        + "; pass F32, F64, C64 or C128");
        }
    }

    /** @return LAPACK's routine prefix: {@code s}, {@code d}, {@code c} or {@code z} */
    public char prefix() {
        return prefix;
    }

    /** @return true for C64 and C128 */
    public boolean complex() {
        return complex;
    }

    /** @return true for F32 and C64, whose scalars are {@code float} */
    public boolean single() {
        return realBytes == Float.BYTES;
    }

    /** @return array slots per element: 1 for real, 2 (re, im) for complex */
    public int scalarsPerElement() {
        return complex ? 2 : 1;
    }

    /**
     * @param elements a count of matrix elements
     * @return their size in bytes
     */
    long elementBytes(long elements) {
        return elements * scalarsPerElement() * realBytes;
    }

    /**
     * @param count a count of real scalars (singular values, eigenvalues of a Hermitian matrix, real
     *     workspace)
     * @return their size in bytes
     */
    long realBytes(long count) {
        return count * realBytes;
    }
}
