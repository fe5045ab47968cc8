package org.ferrite.cpu.internal.linalg.dense;

/**
 * A caller's matrix or vector — a {@code double[]} or a {@code float[]}, an offset in scalars and a
 * leading dimension in elements — so that one driver serves both precisions: it loads the input into
 * the workspace's compact {@code double[]} buffers (widening exactly) and stores results back (rounding
 * to nearest for {@code float[]}). Mutable and owned by a {@link DenseWorkspace}, so that a call
 * allocates nothing.
 *
 * <p>Not thread-safe.
 */
final class CallerMatrix {
    private double[] doubles;
    private float[] floats;
    private int off;
    private int ld;

    /**
     * @param a storage
     * @param offset offset of element (0, 0), in scalars
     * @param leading leading dimension, in elements
     * @return this
     */
    CallerMatrix of(double[] a, int offset, int leading) {
        doubles = a;
        floats = null;
        off = offset;
        ld = leading;
        return this;
    }

    /**
     * @param a storage
     * @param offset offset of element (0, 0), in scalars
     * @param leading leading dimension, in elements
     * @return this
     */
    CallerMatrix of(float[] a, int offset, int leading) {
        doubles = null;
        floats = a;
        off = offset;
        ld = leading;
        return this;
    }

    /** Forgets the caller's array, so the workspace does not keep it reachable. */
    void clear() {
        doubles = null;
        floats = null;
    }

    /**
     * For {@code assert}: whether a {@code rows × cols} matrix fits (see {@link Storage#fits}).
     *
     * @param rows rows
     * @param cols columns
     * @param scalars 1 for real, 2 for complex
     * @return {@code true}
     * @throws AssertionError naming the violated bound
     */
    boolean fits(int rows, int cols, int scalars) {
        return Storage.fits(rows, cols, scalars, doubles != null ? doubles.length : floats.length, off, ld);
    }

    void load(int rows, int cols, int scalars, double[] dst) {
        if (doubles != null) {
            Storage.load(rows, cols, scalars, doubles, off, ld, dst);
        } else {
            Storage.load(rows, cols, scalars, floats, off, ld, dst);
        }
    }

    void loadConjugateTranspose(int rows, int cols, double[] dst) {
        if (doubles != null) {
            Storage.loadConjugateTranspose(rows, cols, doubles, off, ld, dst);
        } else {
            Storage.loadConjugateTranspose(rows, cols, floats, off, ld, dst);
        }
    }

    void store(int rows, int cols, int scalars, double[] src, int srcLd) {
        if (doubles != null) {
            Storage.store(rows, cols, scalars, src, srcLd, doubles, off, ld);
        } else {
            Storage.store(rows, cols, scalars, src, srcLd, floats, off, ld);
        }
    }

    void storeConjugateTranspose(int rows, int cols, double[] src, int srcLd) {
        if (doubles != null) {
            Storage.storeConjugateTranspose(rows, cols, src, srcLd, doubles, off, ld);
        } else {
            Storage.storeConjugateTranspose(rows, cols, src, srcLd, floats, off, ld);
        }
    }

    /** Stores {@code n} real scalars as a vector (the leading dimension is ignored). */
    void storeVector(int n, double[] src) {
        assert Storage.fits(n, 1, 1, doubles != null ? doubles.length : floats.length, off, Math.max(1, n));
        if (doubles != null) {
            System.arraycopy(src, 0, doubles, off, n);
        } else {
            for (int i = 0; i < n; i++) {
                floats[off + i] = (float) src[i];
            }
        }
    }

    void fillNaN(int rows, int cols, int scalars) {
        if (doubles != null) {
            Storage.fillNaN(rows, cols, scalars, doubles, off, ld);
        } else {
            Storage.fillNaN(rows, cols, scalars, floats, off, ld);
        }
    }

    /** Sets the {@code rows × cols} matrix to the identity. */
    void identity(int rows, int cols, int scalars) {
        assert Storage.fits(rows, cols, scalars, doubles != null ? doubles.length : floats.length, off, ld);
        for (int j = 0; j < cols; j++) {
            int p = off + scalars * j * ld;
            for (int i = 0; i < scalars * rows; i++) {
                if (doubles != null) {
                    doubles[p + i] = 0;
                } else {
                    floats[p + i] = 0;
                }
            }
            if (j < rows) {
                if (doubles != null) {
                    doubles[p + scalars * j] = 1;
                } else {
                    floats[p + scalars * j] = 1;
                }
            }
        }
    }
}
