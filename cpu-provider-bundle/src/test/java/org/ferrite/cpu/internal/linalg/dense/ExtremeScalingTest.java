package org.ferrite.cpu.internal.linalg.dense;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.ferrite.cpu.internal.linalg.option.SvdJob;
import org.ferrite.cpu.internal.linalg.option.Triangle;
import org.junit.jupiter.api.Test;

/**
 * Matrices scaled towards the overflow and underflow thresholds decompose as accurately as unscaled
 * ones: the drivers scale into a safe range first and unscale the values after, so
 * {@code values(α·A) = α·values(A)} to working accuracy for {@code α = 10^−300} and {@code 10^307} (where
 * sums of squares overflow).
 */
class ExtremeScalingTest {
    private static final double[] FACTORS = {1e-300, 1e307};

    static ComplexMatrix scaled(ComplexMatrix a, double alpha) {
        ComplexMatrix s = new ComplexMatrix(a.rows, a.cols);
        for (int i = 0; i < a.v.length; i++) {
            s.v[i] = a.v[i] * alpha;
        }
        return s;
    }

    static void assertScaled(double[] base, double[] values, double alpha, double tol, String what) {
        double max = 0;
        for (double b : base) {
            max = Math.max(max, Math.abs(b));
        }
        for (int i = 0; i < base.length; i++) {
            assertThat(Math.abs(values[i] / alpha - base[i])).as("%s α=%s entry %d", what, alpha, i)
                    .isLessThanOrEqualTo(tol * max);
        }
    }

    @Test
    void singularValuesScaleWithTheMatrix() {
        DenseWorkspace ws = new DenseWorkspace();
        for (Dtype t : new Dtype[] {Dtype.F64, Dtype.C128}) {
            ComplexMatrix a = ComplexMatrix.random(9, 6, t, new SplittableRandom(11));
            double[] base = DenseSvdTest.svd(t, SvdJob.VALUES, a.store(t, 0, 9), 0, 0, ws).s.vector();
            for (double alpha : FACTORS) {
                DenseSvdTest.Result r = DenseSvdTest.svd(t, SvdJob.VALUES, scaled(a, alpha).store(t, 0, 9), 0, 0, ws);
                assertThat(r.info).isZero();
                assertScaled(base, r.s.vector(), alpha, 1e-13, t + " σ");
            }
        }
    }

    @Test
    void hermitianEigenvaluesScaleWithTheMatrix() {
        DenseWorkspace ws = new DenseWorkspace();
        for (Dtype t : new Dtype[] {Dtype.F64, Dtype.C128}) {
            ComplexMatrix h = Matrices.randomHermitian(7, t, new SplittableRandom(12));
            double[] base = DenseHermitianEigenTest.eig(t, false, Triangle.LOWER, h, 0, 0, ws).w.vector();
            for (double alpha : FACTORS) {
                DenseHermitianEigenTest.Result r =
                        DenseHermitianEigenTest.eig(t, false, Triangle.LOWER, scaled(h, alpha), 0, 0, ws);
                assertThat(r.info).isZero();
                assertScaled(base, r.w.vector(), alpha, 1e-13, t + " λ");
            }
        }
    }

    @Test
    void generalEigenvaluesScaleWithTheMatrix() {
        DenseWorkspace ws = new DenseWorkspace();
        for (Dtype t : new Dtype[] {Dtype.F64, Dtype.C128}) {
            ComplexMatrix a = ComplexMatrix.random(7, 7, t, new SplittableRandom(13));
            double[] base =
                    DenseGeneralEigenTest.values(DenseGeneralEigenTest.eig(t, false, a.store(t, 0, 7), 0, 0, ws));
            for (double alpha : FACTORS) {
                DenseGeneralEigenTest.Result r =
                        DenseGeneralEigenTest.eig(t, true, scaled(a, alpha).store(t, 0, 7), 0, 0, ws);
                assertThat(r.info).isZero();
                double[] values = DenseGeneralEigenTest.values(r);
                double[] unscaled = new double[values.length];
                for (int i = 0; i < values.length; i++) {
                    unscaled[i] = values[i] / alpha;
                }
                assertThat(DenseGeneralEigenTest.spectrumDistance(base, unscaled)).as("%s α=%s", t, alpha)
                        .isLessThanOrEqualTo(1e-12);
                assertThat(r.v.allNaN()).isFalse();
            }
        }
    }
}
