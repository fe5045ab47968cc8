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
}
