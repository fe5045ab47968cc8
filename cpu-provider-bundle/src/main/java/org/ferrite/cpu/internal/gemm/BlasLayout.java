package org.ferrite.cpu.internal.gemm;

/**
 * How a strided matrix maps onto the BLAS calling convention: a column-major array with a leading
 * dimension, possibly transposed. Thread-safe (stateless; it has no instances and holds no resources).
 *
 * <p>A {@code rows × cols} matrix with element {@code (i, j)} at {@code off + i·rs + j·cs} is
 * <ul>
 *   <li>{@code "N"} with {@code ld = cs} if {@code rs == 1} and {@code cs >= max(1, rows)},</li>
 *   <li>{@code "T"} with {@code ld = rs} if {@code cs == 1} and {@code rs >= max(1, cols)},</li>
 * </ul>
 * where a stride along an extent-1 axis is irrelevant and treated as whatever fits. Anything else
 * (negative or zero strides, two non-unit strides) is not expressible and must be packed first.
 */
public final class BlasLayout {
    /** Returned by {@link #encode} when the matrix cannot be passed to BLAS as it is. */
    public static final int INCOMPATIBLE = 0;

    private BlasLayout() {
    }

    /**
     * @param rows the row count
     * @param cols the column count
     * @param rs the row stride (between consecutive rows)
     * @param cs the column stride
     * @return {@code +ld} for {@code "N"}, {@code -ld} for {@code "T"}, or {@link #INCOMPATIBLE}
     */
    public static int encode(int rows, int cols, int rs, int cs) {
        boolean unitRows = rows <= 1 || rs == 1;
        boolean unitCols = cols <= 1 || cs == 1;
        if (unitRows) {
            int ld = cols <= 1 ? Math.max(1, rows) : cs;
            if (ld >= Math.max(1, rows)) {
                return ld;
            }
        }
        if (unitCols) {
            int ld = rows <= 1 ? Math.max(1, cols) : rs;
            if (ld >= Math.max(1, cols)) {
                return -ld;
            }
        }
        return INCOMPATIBLE;
    }

    /**
     * @param rows the row count
     * @param cols the column count
     * @param rs the row stride
     * @param cs the column stride
     * @return true if the matrix can be passed untransposed ({@code "N"}) — the form BLAS requires of
     *     an output
     */
    public static boolean isColumnMajor(int rows, int cols, int rs, int cs) {
        return encode(rows, cols, rs, cs) > 0;
    }

    /**
     * @param code a non-{@link #INCOMPATIBLE} result of {@link #encode}
     * @return {@code "N"} or {@code "T"}
     */
    public static String trans(int code) {
        return code > 0 ? "N" : "T";
    }

    /**
     * @param code a non-{@link #INCOMPATIBLE} result of {@link #encode}
     * @return the leading dimension
     */
    public static int leadingDimension(int code) {
        return Math.abs(code);
    }

    /**
     * A vector increment for BLAS level 2: any non-zero stride works (negative ones are addressed from
     * the other end, see {@link #vectorBase}); a single element takes increment 1.
     *
     * @param length the element count
     * @param stride the stride
     * @return the increment, or 0 if the stride is 0 over more than one element
     */
    public static int increment(int length, int stride) {
        return length <= 1 ? 1 : stride;
    }

    /**
     * BLAS addresses a vector with negative increment from its last element backwards: element
     * {@code i} is at {@code base + (length - 1 - i)·|inc|}. This returns the {@code base} that makes
     * element {@code i} land at {@code off + i·inc}.
     *
     * @param off the offset of element 0
     * @param length the element count
     * @param inc the increment
     * @return the offset to pass to BLAS
     */
    public static int vectorBase(int off, int length, int inc) {
        return inc >= 0 ? off : off + (length - 1) * inc;
    }
}
