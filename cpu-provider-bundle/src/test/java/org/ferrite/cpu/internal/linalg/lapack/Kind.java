package org.ferrite.cpu.internal.linalg.lapack;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The four dtypes as the tests see them: storage conversion between {@link CMatrix} and the layer's
 * arrays (with leading dimensions larger than the row count, non-zero offsets and a sentinel in every
 * slot outside the matrix, to prove the layer neither reads nor writes there), and the named
 * tolerance. Thread-safe (immutable).
 */
enum Kind {
    F32(LapackType.F32),
    F64(LapackType.F64),
    C64(LapackType.C64),
    C128(LapackType.C128);

    /**
     * LAPACK's own test threshold: a residual ratio {@code ‖residual‖ / (n·eps·‖A‖)} above 30 is a
     * failure in LAPACK's test suite.
     */
    static final double THRESHOLD = 30;
    /** Written over every array slot outside the matrices; exactly representable as a float. */
    static final double SENTINEL = -7777.25;

    final LapackType type;

    Kind(LapackType type) {
        this.type = type;
    }

    boolean complex() {
        return type.complex();
    }

    int scalars() {
        return type.scalarsPerElement();
    }

    /** @return unit round-off of the precision */
    double eps() {
        return type.single() ? 0x1p-23 : 0x1p-52;
    }

    /** @return the residual bound {@code THRESHOLD · max(1, n) · eps · max(1, scale)} */
    double tolerance(int n, double scale) {
        return THRESHOLD * Math.max(1, n) * eps() * Math.max(1, scale);
    }

    /** @return an array of this kind's storage type, all sentinel, for a matrix at {@code off}, {@code ld} */
    Object allocate(int off, int ld, int cols) {
        int length = off + Math.max(1, ld * cols) * scalars() + 3;
        if (type.single()) {
            float[] a = new float[length];
            java.util.Arrays.fill(a, (float) SENTINEL);
            return a;
        }
        double[] a = new double[length];
        java.util.Arrays.fill(a, SENTINEL);
        return a;
    }

    /** @return {@code m} stored at {@code off} with leading dimension {@code ld}, sentinel elsewhere */
    Object store(CMatrix m, int off, int ld) {
        Object a = allocate(off, ld, m.cols);
        for (int j = 0; j < m.cols; j++) {
            for (int i = 0; i < m.rows; i++) {
                int at = off + (i + j * ld) * scalars();
                set(a, at, m.re[m.index(i, j)]);
                if (complex()) {
                    set(a, at + 1, m.im[m.index(i, j)]);
                }
            }
        }
        return a;
    }

    /** @return the {@code rows × cols} matrix at {@code off}, {@code ld} of {@code a} */
    CMatrix load(Object a, int off, int ld, int rows, int cols) {
        CMatrix m = new CMatrix(rows, cols);
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                int at = off + (i + j * ld) * scalars();
                m.re[m.index(i, j)] = get(a, at);
                m.im[m.index(i, j)] = complex() ? get(a, at + 1) : 0;
            }
        }
        return m;
    }

    /** @return a real vector array (singular values, Hermitian eigenvalues) of {@code n} slots at {@code off} */
    Object allocateReal(int off, int n) {
        return type.single() ? fill(new float[off + n + 2]) : fill(new double[off + n + 2]);
    }

    /** @return a complex vector array of {@code n} elements at {@code off} (eig's eigenvalues) */
    Object allocateComplex(int off, int n) {
        return type.single() ? fill(new float[off + 2 * n + 2]) : fill(new double[off + 2 * n + 2]);
    }

    /** @return {@code n} reals at {@code off} */
    static double[] loadReal(Object a, int off, int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = get(a, off + i);
        }
        return v;
    }

    /** Asserts that every slot outside the {@code rows × cols} matrix at {@code off}, {@code ld} is the sentinel. */
    void assertUntouchedOutside(String what, Object a, int off, int ld, int rows, int cols, int scalarsPerElement) {
        int length = a instanceof double[] ? ((double[]) a).length : ((float[]) a).length;
        for (int k = 0; k < length; k++) {
            int rel = k - off;
            int element = rel >= 0 ? rel / scalarsPerElement : -1;
            boolean inside = rel >= 0 && element % Math.max(1, ld) < rows && element / Math.max(1, ld) < cols;
            if (!inside) {
                assertThat(get(a, k)).as("%s slot %d outside the matrix was written", what, k).isEqualTo(SENTINEL);
            }
        }
    }

    /** Asserts that every slot of {@code a} is still the sentinel. */
    static void assertAllSentinel(String what, Object a) {
        int length = a instanceof double[] ? ((double[]) a).length : ((float[]) a).length;
        for (int k = 0; k < length; k++) {
            assertThat(get(a, k)).as("%s slot %d was written", what, k).isEqualTo(SENTINEL);
        }
    }

    static double get(Object a, int at) {
        return a instanceof double[] ? ((double[]) a)[at] : ((float[]) a)[at];
    }

    static void set(Object a, int at, double value) {
        if (a instanceof double[]) {
            ((double[]) a)[at] = value;
        } else {
            ((float[]) a)[at] = (float) value;
        }
    }

    private static double[] fill(double[] a) {
        java.util.Arrays.fill(a, SENTINEL);
        return a;
    }

    private static float[] fill(float[] a) {
        java.util.Arrays.fill(a, (float) SENTINEL);
        return a;
    }
}
