package org.ferrite.cpu.internal.linalg.small;

import org.ferrite.cpu.internal.linalg.batch.MemberCursor;

/**
 * Moves a chunk of batch members between their tensors (any strides, any floating dtype) and the
 * batch-innermost planes the small kernels run on: entry {@code e} of member {@code c} of a chunk of
 * {@code count} at {@code plane[e·count + c]}, entries column-major ({@code e = i + j·rows}), real and
 * imaginary parts in separate planes. Both directions loop over the members innermost, so each
 * touches one plane row contiguously. Thread-safe (stateless).
 */
final class Planes {
    private Planes() {
    }

    /**
     * Records the bases of the next {@code count} members of {@code cursor} and advances it past them.
     *
     * @param ws the workspace
     * @param slot the bases row to fill
     * @param cursor the operand's cursor
     * @param count the chunk's members
     * @return the bases
     */
    static int[] take(SmallWorkspace ws, int slot, MemberCursor cursor, int count) {
        int[] bases = ws.bases(slot, count);
        for (int c = 0; c < count; c++) {
            bases[c] = cursor.base;
            cursor.next();
        }
        return bases;
    }

    /**
     * Fills the planes with the chunk's members: {@code plane(i + j·rows) = m(i, j)}, or with
     * {@code transpose} the {@code cols × rows} planes {@code plane(j + i·cols) = m(i, j)};
     * {@code conjugate} negates the imaginary parts. {@code im} is null exactly for real dtypes.
     *
     * @param m the operand (its storage and strides)
     * @param bases the chunk's member bases
     * @param count the chunk's members
     * @param rows rows of a member
     * @param cols columns of a member
     * @param transpose store the transposes
     * @param conjugate conjugate
     * @param re the real plane
     * @param im the imaginary plane, or null
     */
    static void load(MemberCursor m, int[] bases, int count, int rows, int cols, boolean transpose, boolean conjugate,
            double[] re, double[] im) {
        int s = m.scalars;
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                int offset = s * (i * m.rowStride + j * m.colStride);
                int e = (transpose ? j + i * cols : i + j * rows) * count;
                if (m.storage instanceof double[] d) {
                    for (int c = 0; c < count; c++) {
                        re[e + c] = d[s * bases[c] + offset];
                    }
                    if (im != null) {
                        double sign = conjugate ? -1 : 1;
                        for (int c = 0; c < count; c++) {
                            im[e + c] = sign * d[s * bases[c] + offset + 1];
                        }
                    }
                } else {
                    float[] f = (float[]) m.storage;
                    for (int c = 0; c < count; c++) {
                        re[e + c] = f[s * bases[c] + offset];
                    }
                    if (im != null) {
                        double sign = conjugate ? -1 : 1;
                        for (int c = 0; c < count; c++) {
                            im[e + c] = sign * f[s * bases[c] + offset + 1];
                        }
                    }
                }
            }
        }
    }

    /**
     * Writes the planes back into the chunk's members: the inverse of {@link #load} with the same
     * flags (a real output takes the real plane only).
     *
     * @param re the real plane
     * @param im the imaginary plane, or null (zeros for a complex output)
     * @param m the operand
     * @param bases the chunk's member bases
     * @param count the chunk's members
     * @param rows rows of a member
     * @param cols columns of a member
     * @param transpose the planes hold transposes
     * @param conjugate conjugate
     */
    static void store(double[] re, double[] im, MemberCursor m, int[] bases, int count, int rows, int cols,
            boolean transpose, boolean conjugate) {
        int s = m.scalars;
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                int offset = s * (i * m.rowStride + j * m.colStride);
                int e = (transpose ? j + i * cols : i + j * rows) * count;
                if (m.storage instanceof double[] d) {
                    for (int c = 0; c < count; c++) {
                        d[s * bases[c] + offset] = re[e + c];
                    }
                    if (s == 2) {
                        for (int c = 0; c < count; c++) {
                            double v = im == null ? 0 : im[e + c];
                            d[s * bases[c] + offset + 1] = conjugate ? -v : v;
                        }
                    }
                } else {
                    float[] f = (float[]) m.storage;
                    for (int c = 0; c < count; c++) {
                        f[s * bases[c] + offset] = (float) re[e + c];
                    }
                    if (s == 2) {
                        for (int c = 0; c < count; c++) {
                            double v = im == null ? 0 : im[e + c];
                            f[s * bases[c] + offset + 1] = (float) (conjugate ? -v : v);
                        }
                    }
                }
            }
        }
    }

    /**
     * Writes the upper trapezoid of {@code planeRows}-row planes as a {@code rows × cols} member: entry
     * {@code (i, j)} from the planes for {@code i ≤ j}, 0 below the diagonal (R of a factored QR, read
     * where the factorisation left it).
     *
     * @param re the real planes, {@code planeRows × cols}
     * @param im the imaginary planes, or null
     * @param planeRows rows of the planes ({@code ≥ min(rows, cols)} used)
     * @param m the operand
     * @param bases the chunk's member bases
     * @param count the chunk's members
     * @param rows rows of a member
     * @param cols columns of a member
     */
    static void storeUpper(double[] re, double[] im, int planeRows, MemberCursor m, int[] bases, int count, int rows,
            int cols) {
        int s = m.scalars;
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                int offset = s * (i * m.rowStride + j * m.colStride);
                boolean upper = i <= j;
                int e = (i + j * planeRows) * count;
                if (m.storage instanceof double[] d) {
                    for (int c = 0; c < count; c++) {
                        d[s * bases[c] + offset] = upper ? re[e + c] : 0;
                    }
                    if (s == 2) {
                        for (int c = 0; c < count; c++) {
                            d[s * bases[c] + offset + 1] = upper && im != null ? im[e + c] : 0;
                        }
                    }
                } else {
                    float[] f = (float[]) m.storage;
                    for (int c = 0; c < count; c++) {
                        f[s * bases[c] + offset] = upper ? (float) re[e + c] : 0;
                    }
                    if (s == 2) {
                        for (int c = 0; c < count; c++) {
                            f[s * bases[c] + offset + 1] = upper && im != null ? (float) im[e + c] : 0;
                        }
                    }
                }
            }
        }
    }

    /**
     * Writes integer rows ({@code values[e·count + c]}, {@code e < length}) into an I32 vector operand.
     *
     * @param values the rows
     * @param m the I32 operand {@code [length, batch…]}
     * @param bases the chunk's member bases
     * @param count the chunk's members
     * @param length entries per member
     */
    static void storeInts(int[] values, MemberCursor m, int[] bases, int count, int length) {
        int[] out = (int[]) m.storage;
        for (int e = 0; e < length; e++) {
            int offset = e * m.rowStride;
            for (int c = 0; c < count; c++) {
                out[bases[c] + offset] = values[e * count + c];
            }
        }
    }

    /**
     * Zeroes {@code length} entries from entry {@code from} of a plane.
     *
     * @param plane the plane
     * @param from the first entry
     * @param length entries
     * @param count the chunk's members
     */
    static void zero(double[] plane, int from, int length, int count) {
        java.util.Arrays.fill(plane, from * count, (from + length) * count, 0);
    }
}
