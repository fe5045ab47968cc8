// GENERATED from cpu-provider-bundle/src/main/java/org/ferrite/cpu/internal/gemm/DoubleGemmWorkspace.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
package org.ferrite.cpu.internal.gemm;

/**
 * The packing buffers one task of the blocked kernel works in: a packed block of {@code A} as one array
 * per column (so that every load in the inner loop has offset 0 — the form C2's vectoriser accepts on
 * JDK 17), a packed panel of {@code B}, and three column accumulators — or, for the Vector API
 * micro-kernel ({@link FloatPanelGemm}), {@code A} packed in panels of {@code MR} rows, {@code B} in
 * panels of {@code NR} columns and a scratch tile. Buffers grow to the largest block
 * seen and are then reused: a repeated product allocates nothing.
 *
 * <p>Not thread-safe: one task uses one workspace at a time. Lifetime: owned by a
 * {@link FloatGemmResources}, dropped with it.
 */
public final class FloatGemmWorkspace {
    private static final float[][] NO_COLUMNS = new float[0][];
    private static final float[] EMPTY = new float[0];

    /** {@code packedA[p][i] = alpha·A[ic + i, pc + p]}; at least {@code kc} arrays of {@code mc}. */
    float[][] packedA = NO_COLUMNS;
    /** {@code packedB[j·kc + p] = B[pc + p, jc + j]}. */
    float[] packedB = EMPTY;
    /** The micro-kernel's packed block of {@code alpha·A}, in panels of {@code MR} rows ({@link FloatPanelGemm}). */
    float[] panelsA = EMPTY;
    /** The micro-kernel's scratch tile for edges and strided {@code C}. */
    float[] tile = EMPTY;
    /** The accumulators of three columns of a block of {@code C}, each at least {@code mc} long. */
    final float[][] columns = {EMPTY, EMPTY, EMPTY};
    /** Compact copies of native-BLAS operands netlib's bounds check would reject. */
    private float[] nativeA = EMPTY;
    private float[] nativeB = EMPTY;

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
            packedA = new float[Math.max(kc, packedA.length)][rows];
        }
        if (packedB.length < kc * nc) {
            packedB = new float[kc * nc];
        }
        for (int q = 0; q < columns.length; q++) {
            if (columns[q].length < mc) {
                columns[q] = new float[mc];
            }
        }
    }

    /**
     * Grows the micro-kernel's buffers ({@link FloatPanelGemm}); {@code packedB} then holds panels of
     * {@code NR} columns.
     *
     * @param aLength elements of the packed block of {@code A}
     * @param bLength elements of the packed panel of {@code B}
     * @param tileLength elements of the scratch tile
     */
    void reservePanels(int aLength, int bLength, int tileLength) {
        if (panelsA.length < aLength) {
            panelsA = new float[aLength];
        }
        if (packedB.length < bLength) {
            packedB = new float[bLength];
        }
        if (tile.length < tileLength) {
            tile = new float[tileLength];
        }
    }

    float[] nativeA(int length) {
        if (nativeA.length < length) {
            nativeA = new float[length];
        }
        return nativeA;
    }

    float[] nativeB(int length) {
        if (nativeB.length < length) {
            nativeB = new float[length];
        }
        return nativeB;
    }

    /** @return the bytes held */
    long bytes() {
        long rows = packedA.length > 0 ? packedA[0].length : 0;
        return (long) Float.BYTES * (packedA.length * rows + packedB.length + (long) columns.length * columns[0].length
                + panelsA.length + tile.length + nativeA.length + nativeB.length);
    }
}
