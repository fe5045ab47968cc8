package org.ferrite.cpu.internal.gemm;

/**
 * The packing buffers one task of the blocked kernel works in: a packed block of {@code A} as one array
 * per column (so that every load in the inner loop has offset 0 — the form C2's vectoriser accepts on
 * JDK 17), a packed panel of {@code B}, and three column accumulators — or, for the Vector API
 * micro-kernel ({@link DoublePanelGemm}), {@code A} packed in panels of {@code MR} rows, {@code B} in
 * panels of {@code NR} columns and a scratch tile. Buffers grow to the largest block
 * seen and are then reused: a repeated product allocates nothing.
 *
 * <p>Not thread-safe: one task uses one workspace at a time. Lifetime: owned by a
 * {@link DoubleGemmResources}, dropped with it.
 */
public final class DoubleGemmWorkspace {
    private static final double[][] NO_COLUMNS = new double[0][];
    private static final double[] EMPTY = new double[0];

    /** {@code packedA[p][i] = alpha·A[ic + i, pc + p]}; at least {@code kc} arrays of {@code mc}. */
    double[][] packedA = NO_COLUMNS;
    /** {@code packedB[j·kc + p] = B[pc + p, jc + j]}. */
    double[] packedB = EMPTY;
    /** The micro-kernel's packed block of {@code alpha·A}, in panels of {@code MR} rows ({@link DoublePanelGemm}). */
    double[] panelsA = EMPTY;
    /** The micro-kernel's scratch tile for edges and strided {@code C}. */
    double[] tile = EMPTY;
    /** The accumulators of three columns of a block of {@code C}, each at least {@code mc} long. */
    final double[][] columns = {EMPTY, EMPTY, EMPTY};
    /** Compact copies of native-BLAS operands netlib's bounds check would reject. */
    private double[] nativeA = EMPTY;
    private double[] nativeB = EMPTY;

    /**
     * Grows the buffers to hold an {@code mc × kc} block of {@code A} and a {@code kc × nc} panel of
     * {@code B}.
     *
     * @param mc block rows
     * @param kc block depth
     * @param nc panel columns
     */
    void reserve(int mc, int kc, int nc) {
        if (packedA.length < kc || packedA.length > 0 && packedA[0].length < mc) {
            int rows = Math.max(mc, packedA.length > 0 ? packedA[0].length : 0);
            packedA = new double[Math.max(kc, packedA.length)][rows];
        }
        if (packedB.length < kc * nc) {
            packedB = new double[kc * nc];
        }
        for (int q = 0; q < columns.length; q++) {
            if (columns[q].length < mc) {
                columns[q] = new double[mc];
            }
        }
    }

    /**
     * Grows the micro-kernel's buffers ({@link DoublePanelGemm}); {@code packedB} then holds panels of
     * {@code NR} columns.
     *
     * @param aLength elements of the packed block of {@code A}
     * @param bLength elements of the packed panel of {@code B}
     * @param tileLength elements of the scratch tile
     */
    void reservePanels(int aLength, int bLength, int tileLength) {
        if (panelsA.length < aLength) {
            panelsA = new double[aLength];
        }
        if (packedB.length < bLength) {
            packedB = new double[bLength];
        }
        if (tile.length < tileLength) {
            tile = new double[tileLength];
        }
    }

    double[] nativeA(int length) {
        if (nativeA.length < length) {
            nativeA = new double[length];
        }
        return nativeA;
    }

    double[] nativeB(int length) {
        if (nativeB.length < length) {
            nativeB = new double[length];
        }
        return nativeB;
    }

    /** @return the bytes held */
    long bytes() {
        long rows = packedA.length > 0 ? packedA[0].length : 0;
        return (long) Double.BYTES * (packedA.length * rows + packedB.length + (long) columns.length * columns[0].length
                + panelsA.length + tile.length + nativeA.length + nativeB.length);
    }
}
