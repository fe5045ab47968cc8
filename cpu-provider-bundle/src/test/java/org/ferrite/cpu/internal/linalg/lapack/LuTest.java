package org.ferrite.cpu.internal.linalg.lapack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.cpu.internal.linalg.lapack.LapackTesting.assertSmall;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link Lu}: {@code P·L·U = A} with 0-based LAPACK pivots; singular U reported and still written. */
class LuTest extends WorkspaceTest {

    static int lu(Kind kind, LapackWorkspace ws, int m, int n, Object a, int aOff, int lda, Object lu, int luOff,
            int ldlu, int[] ipiv, int ipivOff) {
        switch (kind) {
            case F32:
                return Lu.f32(ws, m, n, (float[]) a, aOff, lda, (float[]) lu, luOff, ldlu, ipiv, ipivOff);
            case F64:
                return Lu.f64(ws, m, n, (double[]) a, aOff, lda, (double[]) lu, luOff, ldlu, ipiv, ipivOff);
            case C64:
                return Lu.c64(ws, m, n, (float[]) a, aOff, lda, (float[]) lu, luOff, ldlu, ipiv, ipivOff);
            default:
                return Lu.c128(ws, m, n, (double[]) a, aOff, lda, (double[]) lu, luOff, ldlu, ipiv, ipivOff);
        }
    }

    /** @return {@code a} with rows {@code i} and {@code ipiv[off + i]} swapped, for {@code i = 0 … k−1} in order */
    static CMatrix permuteRows(CMatrix a, int[] ipiv, int off, int k) {
        CMatrix p = a.scale(1);
        for (int i = 0; i < k; i++) {
            int other = ipiv[off + i];
            for (int j = 0; j < p.cols; j++) {
                double re = p.re[p.index(i, j)];
                double im = p.im[p.index(i, j)];
                p.re[p.index(i, j)] = p.re[p.index(other, j)];
                p.im[p.index(i, j)] = p.im[p.index(other, j)];
                p.re[p.index(other, j)] = re;
                p.im[p.index(other, j)] = im;
            }
        }
        return p;
    }

    /** @return L (m × k, unit lower) and U (k × n, upper) unpacked from the LAPACK layout */
    static CMatrix[] unpack(CMatrix lu) {
        int k = Math.min(lu.rows, lu.cols);
        CMatrix l = new CMatrix(lu.rows, k);
        CMatrix u = new CMatrix(k, lu.cols);
        for (int j = 0; j < lu.cols; j++) {
            for (int i = 0; i < lu.rows; i++) {
                int from = lu.index(i, j);
                if (i > j && j < k) {
                    l.re[l.index(i, j)] = lu.re[from];
                    l.im[l.index(i, j)] = lu.im[from];
                } else if (i <= j && i < k) {
                    u.re[u.index(i, j)] = lu.re[from];
                    u.im[u.index(i, j)] = lu.im[from];
                }
            }
        }
        for (int i = 0; i < k; i++) {
            l.re[l.index(i, i)] = 1;
        }
        return new CMatrix[] {l, u};
    }

    /** Factors {@code matrix} with a random layout; checks the factorisation; returns info. */
    private int factorAndCheck(Kind kind, CMatrix matrix, SplittableRandom rnd, StringBuilder what) {
        int m = matrix.rows;
        int n = matrix.cols;
        int k = Math.min(m, n);
        int aOff = LapackTesting.offset(rnd);
        int lda = LapackTesting.leading(m, rnd);
        int luOff = LapackTesting.offset(rnd);
        int ldlu = LapackTesting.leading(m, rnd);
        int ipivOff = LapackTesting.offset(rnd);
        what.append(m).append('x').append(n).append(" lda ").append(lda).append(" ldlu ").append(ldlu);
        Object a = kind.store(matrix, aOff, lda);
        Object lu = kind.allocate(luOff, ldlu, n);
        int[] ipiv = new int[ipivOff + k + 2];
        java.util.Arrays.fill(ipiv, -99);
        int info = lu(kind, ws, m, n, a, aOff, lda, lu, luOff, ldlu, ipiv, ipivOff);
        kind.assertUntouchedOutside("LU", lu, luOff, ldlu, m, n, kind.scalars());
        for (int i = 0; i < ipiv.length; i++) {
            if (i >= ipivOff && i < ipivOff + k) {
                assertThat(ipiv[i]).as("ipiv[%d]", i - ipivOff).isBetween(i - ipivOff, m - 1);
            } else {
                assertThat(ipiv[i]).as("ipiv slot %d outside", i).isEqualTo(-99);
            }
        }
        CMatrix stored = kind.load(a, aOff, lda, m, n);
        CMatrix[] factors = unpack(kind.load(lu, luOff, ldlu, m, n));
        assertSmall(kind, "L·U − Pᵀ·A", factors[0].times(factors[1]).minus(permuteRows(stored, ipiv, ipivOff, k)),
                Math.max(m, n), stored.norm());
        return info;
    }

    @Test
    void factorsSatisfyPTimesLTimesUForEveryDtype() {
        LapackTesting.forEachSeedAndKind(24, (kind, rnd, what) -> {
            CMatrix matrix = CMatrix.random(LapackTesting.dimension(rnd), LapackTesting.dimension(rnd), kind.complex(),
                    rnd);
            assertThat(factorAndCheck(kind, matrix, rnd, what)).as("info").isZero();
        });
    }

    @Test
    void anExactlySingularMatrixReportsItsZeroPivotAndStillWritesTheFactors() {
        for (Kind kind : Kind.values()) {
            // column 2 = 2 · column 0 with exactly representable entries: U[2, 2] is exactly zero
            CMatrix singular = new CMatrix(3, 3);
            double[] values = {1, 2, 4, 0.5, 3, -1, 2, 4, 8};
            System.arraycopy(values, 0, singular.re, 0, 9);
            int info = factorAndCheck(kind, singular, new SplittableRandom(1), new StringBuilder("singular 3x3"));
            assertThat(info).as(kind + " info of a singular matrix").isEqualTo(3);
            // the zero matrix: the first pivot is already zero
            info = factorAndCheck(kind, new CMatrix(4, 4), new SplittableRandom(2), new StringBuilder("zero 4x4"));
            assertThat(info).as(kind + " info of the zero matrix").isEqualTo(1);
        }
    }

    @Test
    void theFactorsMayOverwriteTheInputInPlace() {
        for (Kind kind : Kind.values()) {
            CMatrix matrix = CMatrix.random(5, 5, kind.complex(), new SplittableRandom(3));
            Object a = kind.store(matrix, 2, 6);
            int[] ipiv = new int[5];
            assertThat(lu(kind, ws, 5, 5, a, 2, 6, a, 2, 6, ipiv, 0)).isZero();
            CMatrix[] factors = unpack(kind.load(a, 2, 6, 5, 5));
            CMatrix original = kind.load(kind.store(matrix, 0, 5), 0, 5, 5, 5);
            assertSmall(kind, kind + " in place", factors[0].times(factors[1]).minus(permuteRows(original, ipiv, 0, 5)),
                    5, original.norm());
        }
    }

    @Test
    void emptyAndOneByOneMatrices() {
        for (Kind kind : Kind.values()) {
            for (int[] shape : new int[][] {{0, 3}, {3, 0}, {0, 0}, {1, 1}, {1, 4}, {4, 1}}) {
                CMatrix matrix = CMatrix.random(shape[0], shape[1], kind.complex(), new SplittableRandom(4));
                assertThat(factorAndCheck(kind, matrix, new SplittableRandom(5), new StringBuilder()))
                        .as("%s %dx%d", kind, shape[0], shape[1]).isZero();
            }
        }
    }

    @Test
    void aNanPropagatesIntoTheFactorsAsDocumented() {
        for (Kind kind : Kind.values()) {
            CMatrix matrix = CMatrix.random(4, 4, kind.complex(), new SplittableRandom(6));
            matrix.re[matrix.index(1, 2)] = Double.NaN;
            Object a = kind.store(matrix, 0, 4);
            Object lu = kind.allocate(0, 4, 4);
            int info = lu(kind, ws, 4, 4, a, 0, 4, lu, 0, 4, new int[4], 0);
            assertThat(info).as(kind + " info").isBetween(0, 4);
            assertThat(Double.isNaN(kind.load(lu, 0, 4, 4, 4).norm())).as(kind + " NaN in the factors").isTrue();
        }
    }
}
