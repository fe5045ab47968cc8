package org.ferrite.cpu.internal.linalg.dense;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The iterative kernels stop at their iteration budget and report it as LAPACK's {@code info}: the
 * number of unconverged off-diagonal entries (bidiagonal and tridiagonal QR) or the position of the
 * eigenvalue that did not converge (Schur QR). A budget of zero forces the failure; the default budget
 * converges on the same input.
 */
class IterationBudgetTest {
    private static int nonZero(double[] e, int count) {
        int k = 0;
        for (int i = 0; i < count; i++) {
            if (e[i] != 0) {
                k++;
            }
        }
        return k;
    }

    @Test
    void bidiagonalQrReportsTheUnconvergedSuperdiagonals() {
        SplittableRandom rnd = new SplittableRandom(1);
        int n = 7;
        double[] d = new double[n];
        double[] e = new double[n - 1];
        for (int i = 0; i < n; i++) {
            d[i] = 1 + rnd.nextDouble();
            if (i < n - 1) {
                e[i] = 1 + rnd.nextDouble();
            }
        }
        double[] d2 = d.clone();
        double[] e2 = e.clone();
        int info = BidiagonalQr.run(n, d, e, null, null, new PlaneRotation(), 0);
        assertThat(info).isPositive().isEqualTo(nonZero(e, n - 1));
        assertThat(BidiagonalQr.run(n, d2, e2, null, null, new PlaneRotation(), BidiagonalQr.MAX_SWEEPS_PER_VALUE))
                .isZero();
    }

    @Test
    void tridiagonalQlReportsTheUnconvergedOffDiagonals() {
        SplittableRandom rnd = new SplittableRandom(2);
        int n = 7;
        double[] d = new double[n];
        double[] e = new double[n - 1];
        for (int i = 0; i < n; i++) {
            d[i] = rnd.nextDouble();
            if (i < n - 1) {
                e[i] = 1 + rnd.nextDouble();
            }
        }
        double[] d2 = d.clone();
        double[] e2 = e.clone();
        int info = TridiagonalQl.run(n, d, e, null, new PlaneRotation(), 0);
        assertThat(info).isPositive().isEqualTo(nonZero(e, n - 1));
        assertThat(TridiagonalQl.run(n, d2, e2, null, new PlaneRotation(), TridiagonalQl.MAX_ITERATIONS_PER_VALUE))
                .isZero();
    }

    @Test
    void schurIterationsReportThePositionThatDidNotConverge() {
        SplittableRandom rnd = new SplittableRandom(3);
        int n = 8;
        double[] real = new double[n * n];
        double[] complex = new double[2 * n * n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i <= Math.min(j + 1, n - 1); i++) {
                real[i + j * n] = 1 + rnd.nextDouble();
                complex[2 * (i + j * n)] = 1 + rnd.nextDouble();
                complex[2 * (i + j * n) + 1] = rnd.nextDouble();
            }
        }
        double[] wr = new double[n];
        double[] wi = new double[n];
        double[] w = new double[2 * n];
        assertThat(new RealSchur().run(n, real.clone(), true, null, wr, wi, 0)).isEqualTo(n);
        assertThat(new ComplexSchur().run(n, complex.clone(), true, null, w, 0)).isEqualTo(n);
        assertThat(new RealSchur().run(n, real, true, null, wr, wi, RealSchur.MAX_ITERATIONS_PER_VALUE)).isZero();
        assertThat(new ComplexSchur().run(n, complex, true, null, w, ComplexSchur.MAX_ITERATIONS_PER_VALUE)).isZero();
    }
}
