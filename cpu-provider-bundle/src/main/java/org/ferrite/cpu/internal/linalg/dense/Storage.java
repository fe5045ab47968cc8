package org.ferrite.cpu.internal.linalg.dense;

/**
 * Copies between a caller's column-major matrix (any offset and leading dimension, {@code double[]} or
 * {@code float[]}) and a compact column-major {@code double[]} buffer of the workspace (leading
 * dimension = rows). Complex matrices are interleaved: {@code scalars = 2} per element. Loading a
 * {@code float[]} widens exactly; storing into one rounds to nearest. Thread-safe (stateless).
 */
final class Storage {
    private Storage() {
    }

    /**
     * The layer's precondition on a matrix argument, for {@code assert} (a single column, such as a
     * vector of values, may have any positive leading dimension): the caller validates
     * arguments, so a violation is a bug in the caller; checking before the first write keeps a bug from
     * half-writing an output before the array bounds check stops it.
     *
     * @param rows rows
     * @param cols columns
     * @param scalars 1 for real, 2 for complex
     * @param length the array's length
     * @param off offset of element (0, 0), in scalars
     * @param ld leading dimension, in elements
     * @return {@code true}
     * @throws AssertionError naming the violated bound
     */
    static boolean fits(int rows, int cols, int scalars, int length, int off, int ld) {
        if (rows < 0 || cols < 0 || off < 0 || ld < 1 || cols > 1 && ld < rows) {
            throw new AssertionError("matrix " + rows + "x" + cols + " at offset " + off + " with leading dimension "
                    + ld + ": need rows, cols, offset ≥ 0 and leading dimension ≥ max(1, rows)");
        }
        long end = rows == 0 || cols == 0 ? off : off + (long) scalars * ((long) (cols - 1) * ld + rows);
        if (end > length) {
            throw new AssertionError("matrix " + rows + "x" + cols + " at offset " + off + " with leading dimension "
                    + ld + " needs " + end + " scalars, the array has " + length);
        }
        return true;
    }

    /**
     * {@code dst[0 …] = A} compact; {@code A[i, j] = a[off + s·(i + j·lda) + part]}.
     *
     * @param rows rows of {@code A}
     * @param cols columns of {@code A}
     * @param scalars 1 for real, 2 for complex
     * @param a caller storage, read
     * @param off offset of {@code A[0, 0]}, in scalars
     * @param lda leading dimension, in elements
     * @param dst compact destination, written
     */
    static void load(int rows, int cols, int scalars, double[] a, int off, int lda, double[] dst) {
        assert fits(rows, cols, scalars, a.length, off, lda);
        int len = scalars * rows;
        for (int j = 0; j < cols; j++) {
            System.arraycopy(a, off + scalars * j * lda, dst, j * len, len);
        }
    }

    /** As {@link #load(int, int, int, double[], int, int, double[])}, widening {@code float}s. */
    static void load(int rows, int cols, int scalars, float[] a, int off, int lda, double[] dst) {
        assert fits(rows, cols, scalars, a.length, off, lda);
        int len = scalars * rows;
        for (int j = 0; j < cols; j++) {
            int src = off + scalars * j * lda;
            int d = j * len;
            for (int i = 0; i < len; i++) {
                dst[d + i] = a[src + i];
            }
        }
    }

    /**
     * {@code A = src} (compact, leading dimension {@code ld} in elements) into the caller's storage.
     *
     * @param rows rows
     * @param cols columns
     * @param scalars 1 for real, 2 for complex
     * @param src compact source, read
     * @param ld leading dimension of {@code src}, in elements
     * @param a caller storage, written
     * @param off offset of {@code A[0, 0]}, in scalars
     * @param lda leading dimension, in elements
     */
    static void store(int rows, int cols, int scalars, double[] src, int ld, double[] a, int off, int lda) {
        assert fits(rows, cols, scalars, a.length, off, lda);
        int len = scalars * rows;
        for (int j = 0; j < cols; j++) {
            System.arraycopy(src, scalars * j * ld, a, off + scalars * j * lda, len);
        }
    }

    /** As {@link #store(int, int, int, double[], int, double[], int, int)}, rounding to {@code float}. */
    static void store(int rows, int cols, int scalars, double[] src, int ld, float[] a, int off, int lda) {
        assert fits(rows, cols, scalars, a.length, off, lda);
        int len = scalars * rows;
        for (int j = 0; j < cols; j++) {
            int s = scalars * j * ld;
            int d = off + scalars * j * lda;
            for (int i = 0; i < len; i++) {
                a[d + i] = (float) src[s + i];
            }
        }
    }

    /**
     * {@code dst = Aᴴ} compact ({@code cols × rows}) from a complex {@code rows × cols} matrix.
     *
     * @param rows rows of {@code A}
     * @param cols columns of {@code A}
     * @param a caller storage, read
     * @param off offset of {@code A[0, 0]}, in scalars
     * @param lda leading dimension, in elements
     * @param dst compact destination, written
     */
    static void loadConjugateTranspose(int rows, int cols, double[] a, int off, int lda, double[] dst) {
        assert fits(rows, cols, 2, a.length, off, lda);
        for (int j = 0; j < cols; j++) {
            int src = off + 2 * j * lda;
            for (int i = 0; i < rows; i++) {
                int d = 2 * (j + i * cols);
                dst[d] = a[src + 2 * i];
                dst[d + 1] = -a[src + 2 * i + 1];
            }
        }
    }

    /** As {@link #loadConjugateTranspose(int, int, double[], int, int, double[])}, widening. */
    static void loadConjugateTranspose(int rows, int cols, float[] a, int off, int lda, double[] dst) {
        assert fits(rows, cols, 2, a.length, off, lda);
        for (int j = 0; j < cols; j++) {
            int src = off + 2 * j * lda;
            for (int i = 0; i < rows; i++) {
                int d = 2 * (j + i * cols);
                dst[d] = a[src + 2 * i];
                dst[d + 1] = -a[src + 2 * i + 1];
            }
        }
    }

    /**
     * {@code A = srcᴴ}: writes the {@code rows × cols} conjugate transpose of the compact complex
     * {@code cols × rows} matrix {@code src} (leading dimension {@code ld ≥ cols}).
     *
     * @param rows rows of the result
     * @param cols columns of the result
     * @param src compact source, read
     * @param ld leading dimension of {@code src}, in elements
     * @param a caller storage, written
     * @param off offset of {@code A[0, 0]}, in scalars
     * @param lda leading dimension, in elements
     */
    static void storeConjugateTranspose(int rows, int cols, double[] src, int ld, double[] a, int off, int lda) {
        assert fits(rows, cols, 2, a.length, off, lda);
        for (int j = 0; j < cols; j++) {
            int d = off + 2 * j * lda;
            for (int i = 0; i < rows; i++) {
                int s = 2 * (j + i * ld);
                a[d + 2 * i] = src[s];
                a[d + 2 * i + 1] = -src[s + 1];
            }
        }
    }

    /** As {@link #storeConjugateTranspose(int, int, double[], int, double[], int, int)}, rounding. */
    static void storeConjugateTranspose(int rows, int cols, double[] src, int ld, float[] a, int off, int lda) {
        assert fits(rows, cols, 2, a.length, off, lda);
        for (int j = 0; j < cols; j++) {
            int d = off + 2 * j * lda;
            for (int i = 0; i < rows; i++) {
                int s = 2 * (j + i * ld);
                a[d + 2 * i] = (float) src[s];
                a[d + 2 * i + 1] = (float) -src[s + 1];
            }
        }
    }

    /**
     * @param length scalars to scan
     * @param x storage
     * @param off first scalar
     * @return whether any scalar is NaN or infinite
     */
    static boolean hasNonFinite(int length, double[] x, int off) {
        double sum = 0;
        for (int i = 0; i < length; i++) {
            sum += x[off + i] * 0;
        }
        return sum != 0;
    }

    /**
     * Fills {@code rows × cols} elements of a caller matrix with NaN (the documented output of a routine
     * given non-finite input).
     *
     * @param rows rows
     * @param cols columns
     * @param scalars 1 for real, 2 for complex
     * @param a caller storage, written
     * @param off offset of {@code A[0, 0]}, in scalars
     * @param lda leading dimension, in elements
     */
    static void fillNaN(int rows, int cols, int scalars, double[] a, int off, int lda) {
        assert fits(rows, cols, scalars, a.length, off, lda);
        for (int j = 0; j < cols; j++) {
            java.util.Arrays.fill(a, off + scalars * j * lda, off + scalars * (j * lda + rows), Double.NaN);
        }
    }

    /** As {@link #fillNaN(int, int, int, double[], int, int)} for {@code float[]}. */
    static void fillNaN(int rows, int cols, int scalars, float[] a, int off, int lda) {
        assert fits(rows, cols, scalars, a.length, off, lda);
        for (int j = 0; j < cols; j++) {
            java.util.Arrays.fill(a, off + scalars * j * lda, off + scalars * (j * lda + rows), Float.NaN);
        }
    }

    /**
     * Sets a compact {@code rows × cols} complex or real matrix to the identity (ones on the diagonal).
     *
     * @param rows rows
     * @param cols columns
     * @param scalars 1 for real, 2 for complex
     * @param x compact storage, written
     */
    static void identity(int rows, int cols, int scalars, double[] x) {
        java.util.Arrays.fill(x, 0, scalars * rows * cols, 0);
        for (int i = 0, k = Math.min(rows, cols); i < k; i++) {
            x[scalars * (i + i * rows)] = 1;
        }
    }
}
