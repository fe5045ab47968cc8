package org.ferrite.cpu.internal.linalg.dense;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.ferrite.cpu.internal.linalg.option.Transpose;
import org.junit.jupiter.api.Test;

/**
 * {@link DenseLu} for every dtype: {@code P·L·U = A} from the 0-based interchange pivots, the pivots
 * equal to a naive partial-pivoting reference, tall and wide shapes with offsets and padded leading
 * dimensions, the singular info code of {@code getrf}, and {@code getrs} for every operator.
 */
class DenseLuTest {
    /** {@code ‖P·L·U − A‖ ≤ C·n·eps·‖A‖}. */
    private static final double RECONSTRUCTION = 4;
    /** {@code ‖op(A)·X − B‖ ≤ C·n·eps·‖A‖·‖X‖}. */
    private static final double RESIDUAL = 8;

    static int getrf(Dtype t, StoredMatrix a, int[] ipiv, int ipivOff, DenseWorkspace ws) {
        switch (t) {
            case F64:
                return DenseLu.dgetrf(a.rows, a.cols, a.doubles, a.off, a.ld, ipiv, ipivOff, ws);
            case F32:
                return DenseLu.sgetrf(a.rows, a.cols, a.floats, a.off, a.ld, ipiv, ipivOff, ws);
            case C128:
                return DenseLu.zgetrf(a.rows, a.cols, a.doubles, a.off, a.ld, ipiv, ipivOff, ws);
            default:
                return DenseLu.cgetrf(a.rows, a.cols, a.floats, a.off, a.ld, ipiv, ipivOff, ws);
        }
    }

    static int getrs(Dtype t, Transpose trans, StoredMatrix lu, int[] ipiv, StoredMatrix b, DenseWorkspace ws) {
        int n = lu.rows;
        switch (t) {
            case F64:
                return DenseLu.dgetrs(trans, n, b.cols, lu.doubles, lu.off, lu.ld, ipiv, 0, b.doubles, b.off, b.ld);
            case F32:
                return DenseLu.sgetrs(trans, n, b.cols, lu.floats, lu.off, lu.ld, ipiv, 0, b.floats, b.off, b.ld, ws);
            case C128:
                return DenseLu.zgetrs(trans, n, b.cols, lu.doubles, lu.off, lu.ld, ipiv, 0, b.doubles, b.off, b.ld);
            default:
                return DenseLu.cgetrs(trans, n, b.cols, lu.floats, lu.off, lu.ld, ipiv, 0, b.floats, b.off, b.ld, ws);
        }
    }

    /** {@code P·L·U} from the factored storage. */
    static ComplexMatrix product(ComplexMatrix f, int[] ipiv, int ipivOff) {
        int m = f.rows;
        int n = f.cols;
        int k = Math.min(m, n);
        ComplexMatrix l = new ComplexMatrix(m, k);
        ComplexMatrix u = new ComplexMatrix(k, n);
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < m; i++) {
                if (i > j && j < k) {
                    l.set(i, j, f.re(i, j), f.im(i, j));
                } else if (i <= j && i < k) {
                    u.set(i, j, f.re(i, j), f.im(i, j));
                }
            }
        }
        for (int i = 0; i < k; i++) {
            l.set(i, i, 1, 0);
        }
        ComplexMatrix lu = l.times(u);
        // P = P_0·P_1⋯P_{k−1}: undo the interchanges in reverse order.
        for (int i = k - 1; i >= 0; i--) {
            swapRows(lu, i, ipiv[ipivOff + i]);
        }
        return lu;
    }

    static void swapRows(ComplexMatrix a, int i, int p) {
        for (int j = 0; j < a.cols; j++) {
            double re = a.re(i, j);
            double im = a.im(i, j);
            a.set(i, j, a.re(p, j), a.im(p, j));
            a.set(p, j, re, im);
        }
    }

    /**
     * Naive right-looking partial pivoting: the pivot sequence LAPACK's {@code getrf} would choose (the
     * first entry of largest {@code |re| + |im|}, {@code izamax}'s measure, for complex).
     */
    static int[] referencePivots(ComplexMatrix a) {
        ComplexMatrix w = a.minus(new ComplexMatrix(a.rows, a.cols));
        int k = Math.min(w.rows, w.cols);
        int[] piv = new int[k];
        for (int j = 0; j < k; j++) {
            int p = j;
            for (int i = j + 1; i < w.rows; i++) {
                if (Math.abs(w.re(i, j)) + Math.abs(w.im(i, j)) > Math.abs(w.re(p, j)) + Math.abs(w.im(p, j))) {
                    p = i;
                }
            }
            piv[j] = p;
            swapRows(w, j, p);
            double dr = w.re(j, j);
            double di = w.im(j, j);
            double dd = dr * dr + di * di;
            if (dd == 0) {
                continue;
            }
            for (int i = j + 1; i < w.rows; i++) {
                double lr = (w.re(i, j) * dr + w.im(i, j) * di) / dd;
                double li = (w.im(i, j) * dr - w.re(i, j) * di) / dd;
                for (int c = j + 1; c < w.cols; c++) {
                    w.set(i, c, w.re(i, c) - (lr * w.re(j, c) - li * w.im(j, c)),
                            w.im(i, c) - (lr * w.im(j, c) + li * w.re(j, c)));
                }
            }
        }
        return piv;
    }

    @Test
    void everyDtypeFactorsTallWideAndSquareMatrices() {
        DenseWorkspace ws = new DenseWorkspace();
        int[] sizes = {1, 2, 3, 5, 8, 13, 24, 40, 128};
        for (int seed = 0; seed < 200; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            Dtype t = Dtype.values()[seed % 4];
            int m = sizes[rnd.nextInt(sizes.length - (seed % 7 == 0 ? 0 : 1))];
            int n = sizes[rnd.nextInt(sizes.length - 1)];
            ComplexMatrix a = ComplexMatrix.random(m, n, t, rnd);
            StoredMatrix s = a.store(t, rnd.nextInt(3), m + rnd.nextInt(3));
            int k = Math.min(m, n);
            int[] ipiv = new int[k + 2];
            ipiv[0] = -7;
            ipiv[k + 1] = -7;
            assertThat(getrf(t, s, ipiv, 1, ws)).as("seed %d", seed).isZero();
            assertThat(ipiv[0]).isEqualTo(-7);
            assertThat(ipiv[k + 1]).isEqualTo(-7);
            assertThat(s.paddingIntact()).isTrue();
            ComplexMatrix f = s.read();
            for (int i = 0; i < k; i++) {
                assertThat(ipiv[1 + i]).as("seed %d pivot %d", seed, i).isBetween(i, m - 1);
            }
            for (int j = 0; j < k; j++) {
                for (int i = j + 1; i < m; i++) {
                    // pivoting on |re| + |im| bounds |l| by √2 for complex (by 1 for real)
                    assertThat(f.abs(i, j)).as("seed %d |L| ≤ 1", seed)
                            .isLessThanOrEqualTo((t.complex ? Math.sqrt(2) : 1) + 1e-6);
                }
            }
            double err = product(f, ipiv, 1).minus(a).norm() / a.norm();
            assertThat(err).as("seed %d: %s %dx%d", seed, t, m, n)
                    .isLessThanOrEqualTo(RECONSTRUCTION * Math.max(m, n) * t.eps());
            if (!t.single) {
                int[] expected = referencePivots(a);
                for (int i = 0; i < k; i++) {
                    assertThat(ipiv[1 + i]).as("seed %d: pivot %d as the reference", seed, i).isEqualTo(expected[i]);
                }
            }
        }
    }

    @Test
    void aSingularMatrixFactorsAndReportsTheFirstZeroPivot() {
        DenseWorkspace ws = new DenseWorkspace();
        for (Dtype t : Dtype.values()) {
            ComplexMatrix a = ComplexMatrix.random(5, 5, t, new SplittableRandom(3));
            for (int i = 0; i < 5; i++) {
                a.set(i, 2, 0, 0);
            }
            StoredMatrix s = a.store(t, 0, 5);
            int[] ipiv = new int[5];
            assertThat(getrf(t, s, ipiv, 0, ws)).as("%s", t).isEqualTo(3);
            assertThat(product(s.read(), ipiv, 0).minus(a).norm()).isLessThanOrEqualTo(40 * t.eps() * a.norm());
            StoredMatrix b = ComplexMatrix.random(5, 2, t, new SplittableRandom(4)).store(t, 0, 5);
            Object before = b.snapshot();
            assertThat(getrs(t, Transpose.NONE, s, ipiv, b, ws)).isEqualTo(3);
            assertThat(b.unchangedSince(before)).isTrue();
            StoredMatrix zero = new ComplexMatrix(3, 3).store(t, 0, 3);
            assertThat(getrf(t, zero, new int[3], 0, ws)).isEqualTo(1);
        }
    }

    @Test
    void solvesForEveryOperatorAndManyRightHandSides() {
        DenseWorkspace ws = new DenseWorkspace();
        for (int seed = 0; seed < 240; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            Dtype t = Dtype.values()[seed % 4];
            Transpose trans = Transpose.values()[(seed / 4) % 3];
            int n = rnd.nextInt(30);
            int nrhs = rnd.nextInt(6);
            ComplexMatrix a = ComplexMatrix.random(n, n, t, rnd);
            for (int i = 0; i < n; i++) {
                a.set(i, i, ComplexMatrix.round(a.re(i, i) + (rnd.nextBoolean() ? n : -n), t), a.im(i, i));
            }
            StoredMatrix s = a.store(t, rnd.nextInt(3), Math.max(1, n) + rnd.nextInt(3));
            int[] ipiv = new int[n];
            assertThat(getrf(t, s, ipiv, 0, ws)).isZero();
            ComplexMatrix b = ComplexMatrix.random(n, nrhs, t, rnd);
            StoredMatrix bs = b.store(t, rnd.nextInt(3), Math.max(1, n) + rnd.nextInt(3));
            assertThat(getrs(t, trans, s, ipiv, bs, ws)).isZero();
            assertThat(bs.paddingIntact()).isTrue();
            ComplexMatrix x = bs.read();
            ComplexMatrix opA = DenseTriangularSolveTest.op(a, trans);
            double residual = opA.times(x).minus(b).norm();
            assertThat(residual).as("seed %d: %s %s n=%d", seed, t, trans, n)
                    .isLessThanOrEqualTo(RESIDUAL * Math.max(n, 1) * t.eps() * a.norm() * x.norm() + 1e-300);
        }
    }

    @Test
    void emptyMatricesSucceed() {
        DenseWorkspace ws = new DenseWorkspace();
        for (Dtype t : Dtype.values()) {
            assertThat(getrf(t, new ComplexMatrix(0, 4).store(t, 0, 1), new int[0], 0, ws)).isZero();
            assertThat(getrf(t, new ComplexMatrix(4, 0).store(t, 0, 4), new int[0], 0, ws)).isZero();
        }
    }
}
