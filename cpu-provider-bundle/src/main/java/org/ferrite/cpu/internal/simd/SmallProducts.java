package org.ferrite.cpu.internal.simd;

/**
 * Runs of small real matrix products over consecutive batch positions, in two layouts a vector unit
 * can serve without copying:
 * {@code C_q[i, j] = alpha·Σ_p A_q[i, p]·B_q[p, j] + beta·C_q[i, j]} for {@code q = 0 … count−1};
 * {@code C} is not read when {@code beta == 0}. The vector implementation takes each sum in order of
 * {@code p} from zero with one fused multiply-add per step and scales it once ({@code alpha·s} when
 * {@code beta == 0}, else {@code fma(alpha, s, beta·C)}), as the scalar tiny loops' register blocks do;
 * the scalar implementation rounds as those loops do (their column updates scale {@code B} by
 * {@code alpha} first: within a few ulps). Reads {@code A} and {@code B}, writes every element of every {@code C_q};
 * {@code C} must not overlap {@code A} or {@code B}, nor two positions' {@code C} each other.
 * {@code A_q[i, p] = a[aOff + q·aStep + i·aRs + p·aCs]}, likewise for {@code B} and {@code C}.
 *
 * <ul>
 *   <li><b>columns</b>: {@code A} and {@code C} have unit row stride ({@code aRs = cRs = 1}: column-major
 *       small matrices, the batch elsewhere): a column of {@code C} is a few vectors,
 *       {@code C[·, j] = Σ_p A[·, p]·B[p, j]} with {@code B}'s element broadcast;</li>
 *   <li><b>across the batch</b>: the positions are the fastest axis of all three tensors
 *       ({@code aStep = bStep = cStep = 1}): each element of {@code C} is a vector of positions,
 *       {@code C[q…, i, j] = Σ_p A[q…, i, p]·B[q…, p, j]}.</li>
 * </ul>
 * An implementation says per shape whether a form pays against the scalar tiny loops
 * ({@link #columnsPay}, {@link #acrossBatchPays}); the scalar implementation says no to both and runs
 * every form with the tiny loops. A method may be called only for a layout its form names. Strides other
 * than those the form fixes may be anything, negative and zero included. Requires {@code k >= 1} and
 * {@code count >= 0}.
 *
 * <p>Implementations are stateless. Thread-safe.
 */
public interface SmallProducts {
    /**
     * @param doubles true for {@code double[]} storage, false for {@code float[]}
     * @param m rows of each product
     * @param n columns
     * @param k inner extent
     * @return true if {@link #columnsF64}/{@link #columnsF32} beat the scalar loops for this shape
     */
    boolean columnsPay(boolean doubles, int m, int n, int k);

    /**
     * @param doubles true for {@code double[]} storage, false for {@code float[]}
     * @param m rows of each product
     * @param n columns
     * @param k inner extent
     * @param count positions in one run along the batch axis of stride 1
     * @return true if {@link #acrossBatchF64}/{@link #acrossBatchF32} beat the scalar loops here
     */
    boolean acrossBatchPays(boolean doubles, int m, int n, int k, int count);

    /**
     * The columns form ({@code aRs = cRs = 1}).
     *
     * @param count positions
     * @param m rows
     * @param n columns
     * @param k inner extent
     * @param alpha scale of the product
     * @param a storage of {@code A}
     * @param aOff offset of {@code A_0[0, 0]}
     * @param aCs column stride of {@code A}
     * @param aStep stride of {@code A} between positions
     * @param b storage of {@code B}
     * @param bOff offset of {@code B_0[0, 0]}
     * @param bRs row stride of {@code B}
     * @param bCs column stride of {@code B}
     * @param bStep stride of {@code B} between positions
     * @param beta scale of the old {@code C}
     * @param c storage of {@code C}, written
     * @param cOff offset of {@code C_0[0, 0]}
     * @param cCs column stride of {@code C}
     * @param cStep stride of {@code C} between positions
     */
    void columnsF64(int count, int m, int n, int k, double alpha, double[] a, int aOff, int aCs, int aStep,
            double[] b, int bOff, int bRs, int bCs, int bStep, double beta, double[] c, int cOff, int cCs, int cStep);

    /**
     * {@link #columnsF64} on {@code float[]} storage.
     *
     * @param count positions
     * @param m rows
     * @param n columns
     * @param k inner extent
     * @param alpha scale of the product
     * @param a storage of {@code A}
     * @param aOff offset of {@code A_0[0, 0]}
     * @param aCs column stride of {@code A}
     * @param aStep stride of {@code A} between positions
     * @param b storage of {@code B}
     * @param bOff offset of {@code B_0[0, 0]}
     * @param bRs row stride of {@code B}
     * @param bCs column stride of {@code B}
     * @param bStep stride of {@code B} between positions
     * @param beta scale of the old {@code C}
     * @param c storage of {@code C}, written
     * @param cOff offset of {@code C_0[0, 0]}
     * @param cCs column stride of {@code C}
     * @param cStep stride of {@code C} between positions
     */
    void columnsF32(int count, int m, int n, int k, float alpha, float[] a, int aOff, int aCs, int aStep,
            float[] b, int bOff, int bRs, int bCs, int bStep, float beta, float[] c, int cOff, int cCs, int cStep);

    /**
     * The form across the batch ({@code aStep = bStep = cStep = 1}).
     *
     * @param count positions
     * @param m rows
     * @param n columns
     * @param k inner extent
     * @param alpha scale of the product
     * @param a storage of {@code A}
     * @param aOff offset of {@code A_0[0, 0]}
     * @param aRs row stride of {@code A}
     * @param aCs column stride of {@code A}
     * @param b storage of {@code B}
     * @param bOff offset of {@code B_0[0, 0]}
     * @param bRs row stride of {@code B}
     * @param bCs column stride of {@code B}
     * @param beta scale of the old {@code C}
     * @param c storage of {@code C}, written
     * @param cOff offset of {@code C_0[0, 0]}
     * @param cRs row stride of {@code C}
     * @param cCs column stride of {@code C}
     */
    void acrossBatchF64(int count, int m, int n, int k, double alpha, double[] a, int aOff, int aRs, int aCs,
            double[] b, int bOff, int bRs, int bCs, double beta, double[] c, int cOff, int cRs, int cCs);

    /**
     * {@link #acrossBatchF64} on {@code float[]} storage.
     *
     * @param count positions
     * @param m rows
     * @param n columns
     * @param k inner extent
     * @param alpha scale of the product
     * @param a storage of {@code A}
     * @param aOff offset of {@code A_0[0, 0]}
     * @param aRs row stride of {@code A}
     * @param aCs column stride of {@code A}
     * @param b storage of {@code B}
     * @param bOff offset of {@code B_0[0, 0]}
     * @param bRs row stride of {@code B}
     * @param bCs column stride of {@code B}
     * @param beta scale of the old {@code C}
     * @param c storage of {@code C}, written
     * @param cOff offset of {@code C_0[0, 0]}
     * @param cRs row stride of {@code C}
     * @param cCs column stride of {@code C}
     */
    void acrossBatchF32(int count, int m, int n, int k, float alpha, float[] a, int aOff, int aRs, int aCs,
            float[] b, int bOff, int bRs, int bCs, float beta, float[] c, int cOff, int cRs, int cCs);
}
