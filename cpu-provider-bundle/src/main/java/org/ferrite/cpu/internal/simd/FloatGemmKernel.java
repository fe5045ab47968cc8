// GENERATED from cpu-provider-bundle/src/main/java/org/ferrite/cpu/internal/simd/DoubleGemmKernel.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
package org.ferrite.cpu.internal.simd;

/**
 * A register-blocked GEMM micro-kernel over packed panels: the family the Vector API implements
 * ({@code FloatGemmVectorKernel}, loaded by {@link Simd#load}). The caller packs {@code alpha·A} into
 * panels of {@link #rows()} rows and {@code B} into panels of {@link #columns()} columns, both
 * zero-padded to whole panels:
 * {@code pa[r·MR·kc + p·MR + i] = alpha·A[r·MR + i, p]} and {@code pb[s·NR·kc + p·NR + j] = B[p, s·NR + j]}.
 *
 * <p>Sums: every element of {@code C} is {@code t = 0; t = fma(pa[.., p], pb[p, ..], t)} for {@code p}
 * in order, then stored as {@code C = t} (first slab, {@code beta == 0}: {@code C} is not read),
 * {@code C = beta·C + t} (first slab) or {@code C = C + t} (later slabs) — the arithmetic of the
 * column kernel in {@code internal.gemm}, so both give the same bits for the same slab depth.
 *
 * <p>Implementations are thread-safe (stateless); the arrays are the caller's.
 */
public interface FloatGemmKernel {
    /** @return {@code MR}, the rows of a packed panel of {@code A} */
    int rows();

    /** @return {@code NR}, the columns of a packed panel of {@code B} */
    int columns();

    /**
     * Adds the product of one packed block of {@code A} and one packed panel of {@code B} into an
     * {@code mc × nc} block of {@code C}.
     *
     * @param mc rows of the block, {@code 1 ≤ mc}; {@code pa} holds {@code ⌈mc / MR⌉} panels
     * @param nc columns of the block, {@code 1 ≤ nc}; {@code pb} holds {@code ⌈nc / NR⌉} panels
     * @param kc depth of the slab, {@code 1 ≤ kc}
     * @param pa the packed block of {@code alpha·A}
     * @param pb the packed panel of {@code B}
     * @param c storage of {@code C}
     * @param cOff offset of the block's element {@code (0, 0)}
     * @param cRs row stride of {@code C}
     * @param cCs column stride of {@code C}
     * @param first whether this is the first slab (then {@code beta} applies)
     * @param beta scale of the old {@code C} on the first slab
     * @param tile scratch of at least {@code MR·NR} elements for the edges and strided {@code C}
     */
    void multiply(int mc, int nc, int kc, float[] pa, float[] pb, float[] c, int cOff, int cRs, int cCs,
            boolean first, float beta, float[] tile);
}
