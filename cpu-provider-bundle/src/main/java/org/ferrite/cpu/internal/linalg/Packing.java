package org.ferrite.cpu.internal.linalg;

import org.ferrite.cpu.internal.linalg.batch.MemberCursor;

/**
 * Copies between one member of a strided operand ({@link MemberCursor}) and a column-major buffer of
 * the same array type ({@code double[]} for F64/C128, {@code float[]} for F32/C64; complex elements
 * interleaved), optionally transposed and conjugated. Offsets are in scalars, leading dimensions in
 * elements. Thread-safe (stateless).
 */
final class Packing {
    private Packing() {
    }

    /**
     * {@code dst[off + s·(i + j·ld) …] = member(i, j)} for the {@code rows × cols} current member.
     *
     * @param src the member
     * @param rows its rows
     * @param cols its columns
     * @param dst the buffer (the storage's array type)
     * @param off scalar offset in {@code dst}
     * @param ld leading dimension of {@code dst}
     */
    static void gather(MemberCursor src, int rows, int cols, Object dst, int off, int ld) {
        copy(src, rows, cols, dst, off, ld, false, false, true);
    }

    /**
     * {@code member(i, j) = src[off + s·(i + j·ld) …]}.
     *
     * @param src the buffer
     * @param off scalar offset in {@code src}
     * @param ld leading dimension of {@code src}
     * @param dst the member
     * @param rows its rows
     * @param cols its columns
     */
    static void scatter(Object src, int off, int ld, MemberCursor dst, int rows, int cols) {
        copy(dst, rows, cols, src, off, ld, false, false, false);
    }

    /**
     * The transposed copies: {@code buffer(j, i) = op(member(i, j))} (gather) or
     * {@code member(i, j) = op(buffer(j, i))} (scatter), {@code op} conjugating when asked; the buffer
     * is {@code cols × rows}.
     *
     * @param member the member, {@code rows × cols}
     * @param rows its rows
     * @param cols its columns
     * @param buffer the buffer
     * @param off scalar offset in the buffer
     * @param ld leading dimension of the buffer ({@code ≥ cols})
     * @param conjugate conjugate complex entries
     * @param gather copy from the member into the buffer (else back)
     */
    static void transposed(MemberCursor member, int rows, int cols, Object buffer, int off, int ld, boolean conjugate,
            boolean gather) {
        copy(member, rows, cols, buffer, off, ld, true, conjugate, gather);
    }

    /**
     * {@link #gather} or {@link #scatter} with complex entries conjugated when asked.
     *
     * @param member the member
     * @param rows its rows
     * @param cols its columns
     * @param buffer the buffer
     * @param off scalar offset in the buffer
     * @param ld leading dimension of the buffer
     * @param conjugate conjugate complex entries
     * @param gather copy from the member into the buffer (else back)
     */
    static void conjugated(MemberCursor member, int rows, int cols, Object buffer, int off, int ld, boolean conjugate,
            boolean gather) {
        copy(member, rows, cols, buffer, off, ld, false, conjugate, gather);
    }

    /**
     * Zeroes the strict lower ({@code lower}) or upper triangle of the current {@code n × n} member.
     *
     * @param m the member
     * @param n its order
     * @param lower which strict triangle
     */
    static void zeroTriangle(MemberCursor m, int n, boolean lower) {
        for (int j = 0; j < n; j++) {
            for (int i = lower ? j + 1 : 0; i < (lower ? n : j); i++) {
                int at = m.scalars * (m.base + i * m.rowStride + j * m.colStride);
                if (m.storage instanceof double[] d) {
                    d[at] = 0;
                    if (m.scalars == 2) {
                        d[at + 1] = 0;
                    }
                } else {
                    float[] f = (float[]) m.storage;
                    f[at] = 0;
                    if (m.scalars == 2) {
                        f[at + 1] = 0;
                    }
                }
            }
        }
    }

    /**
     * @param m the member, {@code n × n}
     * @param n its order
     * @param lower whether the lower (else the upper) triangle is checked, diagonal included
     * @return true if every entry of that triangle is finite
     */
    static boolean finiteTriangle(MemberCursor m, int n, boolean lower) {
        for (int j = 0; j < n; j++) {
            for (int i = lower ? j : 0; i < (lower ? n : j + 1); i++) {
                int at = m.scalars * (m.base + i * m.rowStride + j * m.colStride);
                for (int part = 0; part < m.scalars; part++) {
                    double v = m.storage instanceof double[] d ? d[at + part] : ((float[]) m.storage)[at + part];
                    if (!Double.isFinite(v)) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /**
     * Copies the current member of {@code src} into the current member of {@code dst} (same extents and
     * dtype).
     *
     * @param src the source member
     * @param dst the destination member
     * @param rows rows
     * @param cols columns
     */
    static void member(MemberCursor src, MemberCursor dst, int rows, int cols) {
        int s = src.scalars;
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                int from = s * (src.base + i * src.rowStride + j * src.colStride);
                int to = s * (dst.base + i * dst.rowStride + j * dst.colStride);
                if (src.storage instanceof double[] d) {
                    double[] out = (double[]) dst.storage;
                    out[to] = d[from];
                    if (s == 2) {
                        out[to + 1] = d[from + 1];
                    }
                } else {
                    float[] f = (float[]) src.storage;
                    float[] out = (float[]) dst.storage;
                    out[to] = f[from];
                    if (s == 2) {
                        out[to + 1] = f[from + 1];
                    }
                }
            }
        }
    }

    private static void copy(MemberCursor m, int rows, int cols, Object buffer, int off, int ld, boolean transpose,
            boolean conjugate, boolean gather) {
        int s = m.scalars;
        double sign = conjugate ? -1 : 1;
        if (m.storage instanceof double[] d) {
            double[] b = (double[]) buffer;
            for (int j = 0; j < cols; j++) {
                for (int i = 0; i < rows; i++) {
                    int at = s * (m.base + i * m.rowStride + j * m.colStride);
                    int in = off + s * (transpose ? j + i * ld : i + j * ld);
                    if (gather) {
                        b[in] = d[at];
                        if (s == 2) {
                            b[in + 1] = sign * d[at + 1];
                        }
                    } else {
                        d[at] = b[in];
                        if (s == 2) {
                            d[at + 1] = sign * b[in + 1];
                        }
                    }
                }
            }
        } else {
            float[] f = (float[]) m.storage;
            float[] b = (float[]) buffer;
            float fsign = (float) sign;
            for (int j = 0; j < cols; j++) {
                for (int i = 0; i < rows; i++) {
                    int at = s * (m.base + i * m.rowStride + j * m.colStride);
                    int in = off + s * (transpose ? j + i * ld : i + j * ld);
                    if (gather) {
                        b[in] = f[at];
                        if (s == 2) {
                            b[in + 1] = fsign * f[at + 1];
                        }
                    } else {
                        f[at] = b[in];
                        if (s == 2) {
                            f[at + 1] = fsign * b[in + 1];
                        }
                    }
                }
            }
        }
    }

    /**
     * @param array a column-major buffer or storage ({@code double[]} or {@code float[]})
     * @param off scalar offset of {@code (0, 0)}
     * @param ld leading dimension
     * @param rows rows
     * @param cols columns
     * @param scalars scalars per element
     * @return true if every entry is finite
     */
    static boolean finite(Object array, int off, int ld, int rows, int cols, int scalars) {
        for (int j = 0; j < cols; j++) {
            int from = off + scalars * j * ld;
            int to = from + scalars * rows;
            if (array instanceof double[] d) {
                for (int i = from; i < to; i++) {
                    if (!Double.isFinite(d[i])) {
                        return false;
                    }
                }
            } else {
                float[] f = (float[]) array;
                for (int i = from; i < to; i++) {
                    if (!Float.isFinite(f[i])) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /**
     * Writes the identity (ones on the diagonal, zeros elsewhere) into the current member.
     *
     * @param m the member
     * @param rows its rows
     * @param cols its columns
     */
    static void identity(MemberCursor m, int rows, int cols) {
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                int at = m.scalars * (m.base + i * m.rowStride + j * m.colStride);
                double value = i == j ? 1 : 0;
                if (m.storage instanceof double[] d) {
                    d[at] = value;
                    if (m.scalars == 2) {
                        d[at + 1] = 0;
                    }
                } else {
                    float[] f = (float[]) m.storage;
                    f[at] = (float) value;
                    if (m.scalars == 2) {
                        f[at + 1] = 0;
                    }
                }
            }
        }
    }
}
