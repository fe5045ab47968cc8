package org.ferrite.cpu.internal.simd;

/**
 * {@link SmallProducts} with the Vector API ({@link BatchDoubleVectors}, {@link BatchFloatVectors}),
 * loaded by {@link Simd#load} when the module is present. Which shapes a form takes was measured on
 * the project's machine (see the performance guide): the columns form from one whole vector of rows
 * when at most {@value #COLUMN_TAIL} rows are left past the last whole vector, the form across the
 * batch from one whole vector of positions; elsewhere the scalar tiny loops are faster. Thread-safe (stateless).
 */
public final class SmallVectorProducts implements SmallProducts {
    /** Rows past the last whole vector up to which the columns form still beats the scalar blocks. */
    static final int COLUMN_TAIL = 2;

    /** For {@link Simd#load}. */
    public SmallVectorProducts() {
    }

    /**
     * From one whole vector of rows, with at most {@value #COLUMN_TAIL} rows past the last whole vector
     * (they run as single dot products).
     */
    @Override
    public boolean columnsPay(boolean doubles, int m, int n, int k) {
        int lanes = doubles ? BatchDoubleVectors.LANES : BatchFloatVectors.LANES;
        return m >= lanes && m % lanes <= COLUMN_TAIL;
    }

    @Override
    public boolean acrossBatchPays(boolean doubles, int m, int n, int k, int count) {
        return count >= (doubles ? BatchDoubleVectors.LANES : BatchFloatVectors.LANES);
    }

    @Override
    public void columnsF64(int count, int m, int n, int k, double alpha, double[] a, int aOff, int aCs, int aStep,
            double[] b, int bOff, int bRs, int bCs, int bStep, double beta, double[] c, int cOff, int cCs,
            int cStep) {
        BatchDoubleVectors.columns(count, m, n, k, alpha, a, aOff, aCs, aStep, b, bOff, bRs, bCs, bStep, beta, c,
                cOff, cCs, cStep);
    }

    @Override
    public void columnsF32(int count, int m, int n, int k, float alpha, float[] a, int aOff, int aCs, int aStep,
            float[] b, int bOff, int bRs, int bCs, int bStep, float beta, float[] c, int cOff, int cCs, int cStep) {
        BatchFloatVectors.columns(count, m, n, k, alpha, a, aOff, aCs, aStep, b, bOff, bRs, bCs, bStep, beta, c,
                cOff, cCs, cStep);
    }

    @Override
    public void acrossBatchF64(int count, int m, int n, int k, double alpha, double[] a, int aOff, int aRs,
            int aCs, double[] b, int bOff, int bRs, int bCs, double beta, double[] c, int cOff, int cRs, int cCs) {
        BatchDoubleVectors.acrossBatch(count, m, n, k, alpha, a, aOff, aRs, aCs, b, bOff, bRs, bCs, beta, c, cOff,
                cRs, cCs);
    }

    @Override
    public void acrossBatchF32(int count, int m, int n, int k, float alpha, float[] a, int aOff, int aRs, int aCs,
            float[] b, int bOff, int bRs, int bCs, float beta, float[] c, int cOff, int cRs, int cCs) {
        BatchFloatVectors.acrossBatch(count, m, n, k, alpha, a, aOff, aRs, aCs, b, bOff, bRs, bCs, beta, c, cOff,
                cRs, cCs);
    }

    /**
     * From one whole vector of rows: even a single accumulator chain of vectors computes as many rows per
     * step as the scalar kernel's chains, and from two vectors on the scalar kernel is bound by one load
     * per multiply-add (measured in the performance guide).
     */
    @Override
    public boolean matVecColumnsPay(boolean doubles, int rows) {
        return rows >= (doubles ? BatchDoubleVectors.LANES : BatchFloatVectors.LANES);
    }

    @Override
    public void matVecColumnsF64(int rows, int k, double alpha, double[] a, int aOff, int aCs, double[] x, int xOff,
            int xInc, double beta, double[] y, int yOff) {
        BatchDoubleVectors.matVecColumns(rows, k, alpha, a, aOff, aCs, x, xOff, xInc, beta, y, yOff);
    }

    @Override
    public void matVecColumnsF32(int rows, int k, float alpha, float[] a, int aOff, int aCs, float[] x, int xOff,
            int xInc, float beta, float[] y, int yOff) {
        BatchFloatVectors.matVecColumns(rows, k, alpha, a, aOff, aCs, x, xOff, xInc, beta, y, yOff);
    }
}
