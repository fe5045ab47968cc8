// GENERATED from cpu-provider-bundle/src/main/simd/org/ferrite/cpu/internal/simd/DoubleGemmVectorKernel.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
package org.ferrite.cpu.internal.simd;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API form of {@link FloatGemmKernel}: a {@code (3·L) × 8} register block ({@code L} lanes
 * of the preferred species; 24 × 8 with 512-bit vectors) held in 24 vector accumulators — per inner
 * index three loads of {@code A}, eight broadcasts of {@code B} and 24 fused multiply-adds. Whole
 * tiles of a column-contiguous {@code C} are updated in place; edge tiles and strided {@code C} go
 * through {@code tile}. Thread-safe (stateless).
 */
public final class FloatGemmVectorKernel implements FloatGemmKernel {
    private static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;
    private static final int L = S.length();
    private static final int MR = 3 * L;
    private static final int NR = 8;

    /** For {@link Simd}'s reflective loading. */
    public FloatGemmVectorKernel() {
    }

    @Override
    public int rows() {
        return MR;
    }

    @Override
    public int columns() {
        return NR;
    }

    @Override
    public void multiply(int mc, int nc, int kc, float[] pa, float[] pb, float[] c, int cOff, int cRs, int cCs,
            boolean first, float beta, float[] tile) {
        for (int jr = 0; jr < nc; jr += NR) {
            int nr = Math.min(NR, nc - jr);
            int bo = jr * kc;
            for (int ir = 0; ir < mc; ir += MR) {
                int mr = Math.min(MR, mc - ir);
                int ao = ir * kc;
                int co = cOff + ir * cRs + jr * cCs;
                boolean whole = mr == MR && nr == NR && cRs == 1;
                tile(kc, pa, ao, pb, bo, tile, whole, c, co, cCs, first, beta);
                if (!whole) {
                    merge(mr, nr, tile, c, co, cRs, cCs, first, beta);
                }
            }
        }
    }

    /**
     * The sums of one {@code MR × NR} tile over the slab into {@code t} (column stride {@code MR}) and,
     * when {@code whole}, from there into a column-contiguous {@code C} by the family's rule
     * ({@code t}, {@code beta·C + t} or {@code C + t}). One method on purpose: a vector passed to a call
     * C2 does not inline is boxed, and a separate store method stays in C1 (which allocates every vector)
     * long after this loop is compiled.
     */
    private static void tile(int kc, float[] pa, int ao, float[] pb, int bo, float[] t, boolean whole,
            float[] c, int co, int cs, boolean first, float beta) {
        FloatVector z = FloatVector.zero(S);
        FloatVector c00 = z, c10 = z, c20 = z, c01 = z, c11 = z, c21 = z, c02 = z, c12 = z, c22 = z;
        FloatVector c03 = z, c13 = z, c23 = z, c04 = z, c14 = z, c24 = z, c05 = z, c15 = z, c25 = z;
        FloatVector c06 = z, c16 = z, c26 = z, c07 = z, c17 = z, c27 = z;
        for (int p = 0; p < kc; p++) {
            int a = ao + p * MR;
            int b = bo + p * NR;
            FloatVector a0 = FloatVector.fromArray(S, pa, a);
            FloatVector a1 = FloatVector.fromArray(S, pa, a + L);
            FloatVector a2 = FloatVector.fromArray(S, pa, a + 2 * L);
            FloatVector x = FloatVector.broadcast(S, pb[b]);
            c00 = a0.fma(x, c00);
            c10 = a1.fma(x, c10);
            c20 = a2.fma(x, c20);
            x = FloatVector.broadcast(S, pb[b + 1]);
            c01 = a0.fma(x, c01);
            c11 = a1.fma(x, c11);
            c21 = a2.fma(x, c21);
            x = FloatVector.broadcast(S, pb[b + 2]);
            c02 = a0.fma(x, c02);
            c12 = a1.fma(x, c12);
            c22 = a2.fma(x, c22);
            x = FloatVector.broadcast(S, pb[b + 3]);
            c03 = a0.fma(x, c03);
            c13 = a1.fma(x, c13);
            c23 = a2.fma(x, c23);
            x = FloatVector.broadcast(S, pb[b + 4]);
            c04 = a0.fma(x, c04);
            c14 = a1.fma(x, c14);
            c24 = a2.fma(x, c24);
            x = FloatVector.broadcast(S, pb[b + 5]);
            c05 = a0.fma(x, c05);
            c15 = a1.fma(x, c15);
            c25 = a2.fma(x, c25);
            x = FloatVector.broadcast(S, pb[b + 6]);
            c06 = a0.fma(x, c06);
            c16 = a1.fma(x, c16);
            c26 = a2.fma(x, c26);
            x = FloatVector.broadcast(S, pb[b + 7]);
            c07 = a0.fma(x, c07);
            c17 = a1.fma(x, c17);
            c27 = a2.fma(x, c27);
        }
        c00.intoArray(t, 0);
        c10.intoArray(t, 1 * L);
        c20.intoArray(t, 2 * L);
        c01.intoArray(t, MR);
        c11.intoArray(t, MR + L);
        c21.intoArray(t, MR + 2 * L);
        c02.intoArray(t, 2 * MR);
        c12.intoArray(t, 2 * MR + L);
        c22.intoArray(t, 2 * MR + 2 * L);
        c03.intoArray(t, 3 * MR);
        c13.intoArray(t, 3 * MR + L);
        c23.intoArray(t, 3 * MR + 2 * L);
        c04.intoArray(t, 4 * MR);
        c14.intoArray(t, 4 * MR + L);
        c24.intoArray(t, 4 * MR + 2 * L);
        c05.intoArray(t, 5 * MR);
        c15.intoArray(t, 5 * MR + L);
        c25.intoArray(t, 5 * MR + 2 * L);
        c06.intoArray(t, 6 * MR);
        c16.intoArray(t, 6 * MR + L);
        c26.intoArray(t, 6 * MR + 2 * L);
        c07.intoArray(t, 7 * MR);
        c17.intoArray(t, 7 * MR + L);
        c27.intoArray(t, 7 * MR + 2 * L);
        if (!whole) {
            return;
        }
        for (int j = 0; j < NR; j++) {
            int o = co + j * cs;
            for (int r = 0; r < MR; r += L) {
                FloatVector x = FloatVector.fromArray(S, t, j * MR + r);
                if (!first) {
                    x = FloatVector.fromArray(S, c, o + r).add(x);
                } else if (beta != 0) {
                    x = FloatVector.fromArray(S, c, o + r).mul(beta).add(x);
                }
                x.intoArray(c, o + r);
            }
        }
    }

    /** The valid {@code mr × nr} part of a computed tile (column stride {@code MR}) into {@code C}. */
    private static void merge(int mr, int nr, float[] tile, float[] c, int co, int rs, int cs, boolean first,
            float beta) {
        for (int j = 0; j < nr; j++) {
            int t = j * MR;
            int cj = co + j * cs;
            for (int i = 0; i < mr; i++) {
                int ci = cj + i * rs;
                c[ci] = !first ? c[ci] + tile[t + i] : beta == 0 ? tile[t + i] : beta * c[ci] + tile[t + i];
            }
        }
    }
}
