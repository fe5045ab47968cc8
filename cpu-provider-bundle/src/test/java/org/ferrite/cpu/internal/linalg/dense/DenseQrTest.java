package org.ferrite.cpu.internal.linalg.dense;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.ferrite.cpu.internal.linalg.option.QrMode;
import org.junit.jupiter.api.Test;

/**
 * {@link DenseQr} for every dtype and mode: {@code Q·R = A}, orthonormal (unitary) {@code Q}, exactly
 * upper-trapezoidal {@code R}, {@code |R[i, i]|} equal to a Gram–Schmidt reference, the R-only path
 * equal to the reduced one, tall and wide shapes with offsets and padded leading dimensions.
 */
class DenseQrTest {
    /** {@code ‖Q·R − A‖ ≤ C·max(m, n)·eps·‖A‖}. */
    private static final double RECONSTRUCTION = 4;
    /** {@code ‖QᴴQ − I‖ ≤ C·max(m, n)·eps}. */
    private static final double ORTHONORMALITY = 4;

    static final class Result {
        StoredMatrix q;
        StoredMatrix r;
    }

    static Result qr(Dtype t, QrMode mode, StoredMatrix a, int off, int pad, DenseWorkspace ws) {
        int m = a.rows;
        int n = a.cols;
        Result res = new Result();
        int rRows = mode.rRows(m, n);
        res.r = StoredMatrix.output(t, rRows, n, off, Math.max(1, rRows) + pad);
        boolean withQ = mode != QrMode.R_ONLY;
        res.q = withQ ? StoredMatrix.output(t, m, mode.qColumns(m, n), off, Math.max(1, m) + pad) : null;
        int info;
        switch (t) {
            case F64:
                info = DenseQr.dgeqr(mode, m, n, a.doubles, a.off, a.ld, withQ ? res.q.doubles : null,
                        withQ ? res.q.off : 0, withQ ? res.q.ld : 1, res.r.doubles, res.r.off, res.r.ld, ws);
                break;
            case F32:
                info = DenseQr.sgeqr(mode, m, n, a.floats, a.off, a.ld, withQ ? res.q.floats : null,
                        withQ ? res.q.off : 0, withQ ? res.q.ld : 1, res.r.floats, res.r.off, res.r.ld, ws);
                break;
            case C128:
                info = DenseQr.zgeqr(mode, m, n, a.doubles, a.off, a.ld, withQ ? res.q.doubles : null,
                        withQ ? res.q.off : 0, withQ ? res.q.ld : 1, res.r.doubles, res.r.off, res.r.ld, ws);
                break;
            default:
                info = DenseQr.cgeqr(mode, m, n, a.floats, a.off, a.ld, withQ ? res.q.floats : null,
                        withQ ? res.q.off : 0, withQ ? res.q.ld : 1, res.r.floats, res.r.off, res.r.ld, ws);
                break;
        }
        assertThat(info).isZero();
        return res;
    }

    /** {@code |R[i, i]|} of the QR of full-rank {@code a} by modified Gram–Schmidt. */
    static double[] referenceDiagonal(ComplexMatrix a) {
        int k = Math.min(a.rows, a.cols);
        ComplexMatrix w = a.columns(a.cols);
        double[] d = new double[k];
        for (int j = 0; j < k; j++) {
            double norm = w.columns(j + 1).minus(w.columns(j + 1)).norm();
            norm = 0;
            for (int i = 0; i < w.rows; i++) {
                norm += w.re(i, j) * w.re(i, j) + w.im(i, j) * w.im(i, j);
            }
            norm = Math.sqrt(norm);
            d[j] = norm;
            for (int c = j + 1; c < w.cols; c++) {
                double dr = 0;
                double di = 0;
                for (int i = 0; i < w.rows; i++) {
                    dr += (w.re(i, j) * w.re(i, c) + w.im(i, j) * w.im(i, c)) / norm;
                    di += (w.re(i, j) * w.im(i, c) - w.im(i, j) * w.re(i, c)) / norm;
                }
                for (int i = 0; i < w.rows; i++) {
                    double qr = w.re(i, j) / norm;
                    double qi = w.im(i, j) / norm;
                    w.set(i, c, w.re(i, c) - (dr * qr - di * qi), w.im(i, c) - (dr * qi + di * qr));
                }
            }
        }
        return d;
    }

    @Test
    void everyDtypeAndModeFactorsTallAndWideMatrices() {
        DenseWorkspace ws = new DenseWorkspace();
        int[] sizes = {1, 2, 3, 4, 7, 12, 25, 40};
        for (int seed = 0; seed < 240; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            Dtype t = Dtype.values()[seed % 4];
            QrMode mode = QrMode.values()[(seed / 4) % 3];
            int m = sizes[rnd.nextInt(sizes.length)];
            int n = sizes[rnd.nextInt(sizes.length)];
            int k = Math.min(m, n);
            ComplexMatrix a = ComplexMatrix.random(m, n, t, rnd);
            StoredMatrix s = a.store(t, rnd.nextInt(3), m + rnd.nextInt(3));
            Object before = s.snapshot();
            Result res = qr(t, mode, s, rnd.nextInt(3), rnd.nextInt(3), ws);
            assertThat(s.unchangedSince(before)).isTrue();
            assertThat(res.r.paddingIntact()).isTrue();
            ComplexMatrix r = res.r.read();
            for (int j = 0; j < n; j++) {
                for (int i = j + 1; i < r.rows; i++) {
                    assertThat(r.re(i, j) == 0 && r.im(i, j) == 0)
                            .as("seed %d: R[%d, %d] below the diagonal", seed, i, j).isTrue();
                }
            }
            double[] expected = referenceDiagonal(a);
            for (int i = 0; i < k; i++) {
                assertThat(Math.abs(r.abs(i, i) - expected[i])).as("seed %d |R[%d,%d]|", seed, i, i)
                        .isLessThanOrEqualTo(100 * Math.max(m, n) * t.eps() * a.norm());
            }
            if (mode == QrMode.R_ONLY) {
                ComplexMatrix reduced = qr(t, QrMode.REDUCED, s, 0, 0, ws).r.read();
                assertThat(r.minus(reduced).norm()).as("seed %d: R-only equals reduced R", seed).isZero();
                continue;
            }
            assertThat(res.q.paddingIntact()).isTrue();
            ComplexMatrix q = res.q.read();
            assertThat(q.orthonormalityError()).as("seed %d: QᴴQ", seed)
                    .isLessThanOrEqualTo(ORTHONORMALITY * Math.max(m, n) * t.eps());
            double err = q.times(r).minus(a).norm() / a.norm();
            assertThat(err).as("seed %d: %s %s %dx%d", seed, t, mode, m, n)
                    .isLessThanOrEqualTo(RECONSTRUCTION * Math.max(m, n) * t.eps());
        }
    }

    @Test
    void rankDeficientAndEmptyMatricesFactor() {
        DenseWorkspace ws = new DenseWorkspace();
        for (Dtype t : Dtype.values()) {
            ComplexMatrix a = Matrices.lowRank(8, 6, 2, t, new SplittableRandom(7)).rounded(t);
            Result res = qr(t, QrMode.COMPLETE, a.store(t, 0, 8), 0, 0, ws);
            ComplexMatrix q = res.q.read();
            assertThat(q.orthonormalityError()).isLessThanOrEqualTo(ORTHONORMALITY * 8 * t.eps());
            assertThat(q.times(res.r.read()).minus(a).norm() / a.norm())
                    .isLessThanOrEqualTo(RECONSTRUCTION * 8 * t.eps());
            ComplexMatrix zero = new ComplexMatrix(4, 3);
            Result rz = qr(t, QrMode.REDUCED, zero.store(t, 0, 4), 0, 0, ws);
            assertThat(rz.r.read().norm()).isZero();
            Result empty = qr(t, QrMode.COMPLETE, new ComplexMatrix(3, 0).store(t, 0, 3), 0, 0, ws);
            assertThat(empty.q.read().minus(ComplexMatrix.identity(3, 3)).norm()).isZero();
        }
    }
}
