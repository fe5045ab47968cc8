package org.ferrite.reference.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.linalg.Linalg;
import org.ferrite.linalg.MatrixNorm;
import org.ferrite.linalg.PhaseGauge;
import org.ferrite.linalg.Svd;
import org.ferrite.linalg.SvdAlgorithm;
import org.ferrite.linalg.SvdOptions;
import org.ferrite.reference.ReferenceSession;
import org.junit.jupiter.api.Test;

/**
 * The randomized truncated SVD of {@link SvdAlgorithm#RANDOMIZED} against the complete one
 * ({@link SvdAlgorithm#DIRECT}) on the reference provider's kernels (the portable algorithm is the
 * API's, so any provider's kernels serve): exact to rounding for matrices of rank at most the sketch,
 * near-optimal truncation error for decaying and flat spectra within the Javadoc's bound, for every
 * floating dtype, batches, both orientations, strided inputs, tolerances, the gauge and edge cases.
 */
class RandomizedSvdTest {
    private static final DType[] FLOATING = {DType.F32, DType.F64, DType.C64, DType.C128};
    private static final BackendSession S = ReferenceSession.detached();

    private static double tolerance(DType dtype) {
        return dtype.realType() == DType.F32 ? 2e-4 : 1e-10;
    }

    private static SvdOptions forced(SvdAlgorithm algorithm, long rank) {
        return SvdOptions.THIN.withMaxRank(rank).withAlgorithm(algorithm);
    }

    @Test
    void matricesOfRankAtMostTheSketchGiveTheDirectResultForEveryDtypeBatchAndOrientation() {
        long[][] shapes = {{70, 40}, {40, 70}, {48, 48, 3}, {64, 36, 2, 2}};
        int seed = 0;
        for (DType dtype : FLOATING) {
            for (long[] shape : shapes) {
                seed++;
                Tensor a = lowRank(dtype, shape, 12, seed);                     // rank 12 ≤ ℓ = 8 + 10
                SvdOptions gauged = forced(SvdAlgorithm.RANDOMIZED, 8).withGauge(PhaseGauge.LARGEST_ENTRY_REAL_POSITIVE);
                Svd randomized = Linalg.svd(S, a, gauged);
                Svd direct = Linalg.svd(S, a, gauged.withAlgorithm(SvdAlgorithm.DIRECT));
                String what = dtype + " " + Arrays.toString(shape) + " seed " + seed;
                double scale = direct.s().getDouble(firstIndex(direct.s()));
                assertThat(randomized.rank()).as(what).isEqualTo(8);
                assertClose(randomized.s(), direct.s(), tolerance(dtype) * scale, what + ": S");
                assertClose(randomized.u(), direct.u(), tolerance(dtype) * 10, what + ": gauged U");
                assertClose(randomized.vh(), direct.vh(), tolerance(dtype) * 10, what + ": gauged Vh");
                assertOrthonormal(randomized, what);
            }
        }
    }

    @Test
    void aDecayingSpectrumIsTruncatedAsWellAsByTheCompleteSvd() {
        for (DType dtype : FLOATING) {
            for (int seed = 1; seed <= 3; seed++) {
                long m = 60 + 10 * seed;
                long n = 50;
                double[] sigma = new double[(int) n];
                for (int j = 0; j < n; j++) {
                    sigma[j] = Math.pow(0.6, j);
                }
                Tensor a = withSpectrum(dtype, m, n, sigma, seed);
                Svd f = Linalg.svd(S, a, SvdOptions.THIN.withMaxRank(10));
                assertThat(SvdOptions.THIN.withMaxRank(10).resolve(m, n)).isEqualTo(SvdAlgorithm.RANDOMIZED);
                String what = dtype + " seed " + seed;
                double optimal = tail(sigma, 10);
                assertThat(residual(a, f)).as(what + ": ‖A − U·S·Vᴴ‖_F against the optimum %s", optimal)
                        .isLessThanOrEqualTo(optimal * (1 + 1e-6) + tolerance(dtype));
                for (int j = 0; j < 10; j++) {
                    assertThat(f.s().getDouble(j)).as(what + ": S[%d]", j)
                            .isCloseTo(sigma[j], org.assertj.core.data.Offset.offset(tolerance(dtype) * 10));
                }
                assertOrthonormal(f, what);
            }
        }
    }

    @Test
    void aFlatSpectrumStaysWithinTheContractsBoundAndBelowTheTrueSingularValues() {
        for (DType dtype : new DType[] {DType.F64, DType.C128}) {
            for (int seed = 1; seed <= 4; seed++) {
                Tensor a = Tensor.random(dtype, seed, 90, 70);              // slowly decaying, the hard case
                int r = 6 + seed;
                Svd f = Linalg.svd(S, a, forced(SvdAlgorithm.RANDOMIZED, r));
                double[] sigma = values(Linalg.svdvals(S, a));
                String what = dtype + " seed " + seed + " rank " + r;
                double spectralError = Linalg.norm(S, difference(a, f), MatrixNorm.SPECTRAL).getDouble();
                assertThat(spectralError).as(what + ": spectral error against the bound")
                        .isLessThanOrEqualTo(halkoBound(sigma, r, Math.min(r + SvdAlgorithm.OVERSAMPLING, 70)));
                for (int j = 0; j < r; j++) {
                    assertThat(f.s().getDouble(j)).as(what + ": S[%d] <= sigma", j).isLessThanOrEqualTo(sigma[j] * (1 + 1e-12));
                    assertThat(f.s().getDouble(j)).as(what + ": S[%d] near sigma", j).isGreaterThan(sigma[j] * 0.9);
                }
                assertOrthonormal(f, what);
            }
        }
    }

    @Test
    void stridedInputsTolerancesAndTheGaugeApplyAsForTheDirectSvd() {
        Tensor stored = lowRank(DType.C128, new long[] {40, 80}, 15, 7);
        TensorRead transposed = stored.transpose();                                  // [80, 40], strided
        SvdOptions gauged = forced(SvdAlgorithm.RANDOMIZED, 12).withGauge(PhaseGauge.LARGEST_ENTRY_REAL_POSITIVE);
        Svd f = Linalg.svd(S, transposed, gauged);
        Svd direct = Linalg.svd(S, transposed.toTensor(), gauged.withAlgorithm(SvdAlgorithm.DIRECT));
        assertClose(f.u(), direct.u(), 1e-9, "gauged U of a transposed view");
        for (int j = 0; j < f.rank(); j++) {
            long row = argmaxModulus(f.u(), j);
            assertThat(Math.abs(f.u().getImag(row, j))).as("column %d: largest entry real (to rounding)", j)
                    .isLessThan(1e-15);
            assertThat(f.u().getReal(row, j)).as("column %d: largest entry positive", j).isPositive();
        }
        double s0 = direct.s().getDouble(0);
        double cut = direct.s().getDouble(5) * 0.999;
        assertThat(Linalg.svd(S, transposed, gauged.withTolerance(cut / s0)).rank()).isEqualTo(6);
        assertThat(Linalg.svd(S, transposed, gauged.withAbsoluteTolerance(cut)).rank()).isEqualTo(6);
    }

    @Test
    void edgeCasesKeepTheirShapes() {
        Tensor zero = Tensor.zeros(DType.F64, 40, 36);
        Svd none = Linalg.svd(S, zero, forced(SvdAlgorithm.RANDOMIZED, 4).withGauge(PhaseGauge.LARGEST_ENTRY_REAL_POSITIVE));
        assertThat(none.u().shape()).as("a zero matrix keeps no triplet (S[j] > 0 fails), as DIRECT")
                .containsExactly(40, 0);
        assertThat(Linalg.svd(S, zero, forced(SvdAlgorithm.DIRECT, 4)).u().shape()).containsExactly(40, 0);
        Svd single = Linalg.svd(S, lowRank(DType.F64, new long[] {40, 36}, 1, 9),
                forced(SvdAlgorithm.RANDOMIZED, 4).withGauge(PhaseGauge.LARGEST_ENTRY_REAL_POSITIVE));
        assertThat(single.u().getDouble(argmaxModulus(single.u(), 0), 0)).as("gauged rank-1 factor").isPositive();
        Svd nothingKept = Linalg.svd(S, Tensor.random(DType.F64, 1, 40, 36), forced(SvdAlgorithm.RANDOMIZED, 0));
        assertThat(nothingKept.u().shape()).containsExactly(40, 0);
        assertThat(nothingKept.vh().shape()).containsExactly(0, 36);
        Tensor wide = Tensor.random(DType.F32, 2, 1, 50);
        Svd row = Linalg.svd(S, wide, forced(SvdAlgorithm.RANDOMIZED, 3));              // k = 1: ℓ = 1
        assertThat(row.rank()).isEqualTo(1);
        assertThat(row.s().getDouble(0)).isCloseTo(Linalg.norm(S, wide, MatrixNorm.FROBENIUS).getDouble(),
                org.assertj.core.data.Offset.offset(1e-5));
        Tensor emptyBatch = Tensor.zeros(DType.F64, 64, 64, 0);
        assertThat(Linalg.svd(S, emptyBatch, forced(SvdAlgorithm.RANDOMIZED, 4)).u().shape()).containsExactly(64, 4, 0);
        Svd whole = Linalg.svd(S, lowRank(DType.F64, new long[] {36, 33}, 33, 3), forced(SvdAlgorithm.RANDOMIZED, 40));
        assertThat(whole.rank()).as("a rank limit beyond k keeps k").isEqualTo(33);
        assertThatThrownBy(() -> Linalg.svd(S, zero, SvdOptions.THIN.withAlgorithm(SvdAlgorithm.RANDOMIZED)))
                .isInstanceOf(ValidationException.class).hasMessageContaining("a rank limit");
    }

    // ------------------------------------------------------------------ matrices and measures

    /** @return a random {@code [m, n, b…]} of rank {@code rank} per member, X·Y */
    private static Tensor lowRank(DType dtype, long[] shape, long rank, int seed) {
        long[] left = shape.clone();
        left[1] = rank;
        long[] right = shape.clone();
        right[0] = rank;
        return S.dotGeneral(Tensor.random(dtype, seed, left), Tensor.random(dtype, seed + 1000, right), product(shape.length - 2));
    }

    /** @return {@code Q₁·diag(σ)·Q₂ᴴ} with random orthonormal factors */
    private static Tensor withSpectrum(DType dtype, long m, long n, double[] sigma, int seed) {
        Tensor q1 = Linalg.qr(S, Tensor.random(dtype, seed, m, n)).q();
        Tensor q2 = Linalg.qr(S, Tensor.random(dtype, seed + 500, n, n)).q();
        Tensor scaled = S.mul(q1, S.cast(Tensor.of(sigma, n), dtype).broadcastInDim(new long[] {m, n}, new int[] {1}));
        return S.dotGeneral(scaled, S.conj(q2), DotGeneralConfig.contracting(new int[] {1}, new int[] {1}));
    }

    private static DotGeneralConfig product(int batch) {
        int[] axes = new int[batch];
        Arrays.setAll(axes, i -> i + 2);
        return DotGeneralConfig.of(new int[] {1}, new int[] {0}, axes, axes);
    }

    private static Tensor difference(Tensor a, Svd f) {
        Tensor us = S.mul(f.u(), S.cast(f.s(), a.dtype()).broadcastInDim(f.u().shape(), new int[] {1}));
        return S.sub(a, S.dotGeneral(us, f.vh(), product(a.rank() - 2)));
    }

    private static double residual(Tensor a, Svd f) {
        return Linalg.norm(S, difference(a, f), MatrixNorm.FROBENIUS).getDouble();
    }

    private static double tail(double[] sigma, int from) {
        double sum = 0;
        for (int j = from; j < sigma.length; j++) {
            sum += sigma[j] * sigma[j];
        }
        return Math.sqrt(sum);
    }

    /** @return the Javadoc's bound on E‖A − U·S·Vᴴ‖₂ (Halko et al., Corollary 10.10 and §9.4) */
    private static double halkoBound(double[] sigma, int r, int l) {
        int q = SvdAlgorithm.POWER_ITERATIONS;
        int p = l - r;
        double power = 2 * q + 1;
        double sum = 0;
        for (int j = r; j < sigma.length; j++) {
            sum += Math.pow(sigma[j], 2 * power);
        }
        double inner = (1 + Math.sqrt(r / (p - 1.0))) * Math.pow(sigma[r], power) + Math.E * Math.sqrt(l) / p * Math.sqrt(sum);
        return sigma[r] + Math.pow(inner, 1 / power);
    }

    private static double[] values(Tensor t) {
        double[] out = new double[(int) t.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = t.getDouble(i);
        }
        return out;
    }

    private static long[] firstIndex(TensorRead t) {
        return new long[t.rank()];
    }

    private static long argmaxModulus(Tensor u, long column) {
        long best = 0;
        double largest = -1;
        for (long i = 0; i < u.dim(0); i++) {
            double modulus = Math.hypot(u.getReal(i, column), u.getImag(i, column));
            if (modulus > largest) {
                largest = modulus;
                best = i;
            }
        }
        return best;
    }

    private static void assertClose(TensorRead actual, TensorRead expected, double atol, String what) {
        assertThat(actual.shape()).as(what + ": shape").containsExactly(expected.shape());
        assertThat(Tensor.allClose(actual, expected, 0, atol)).as(what + " within %s:%n%s%n%s", atol, actual, expected)
                .isTrue();
    }

    /** Uᴴ·U = I and Vᴴ·(Vᴴ)ᴴ = I per member. */
    private static void assertOrthonormal(Svd f, String what) {
        DType dtype = f.u().dtype();
        int batch = f.u().rank() - 2;
        int[] axes = new int[batch];
        Arrays.setAll(axes, i -> i + 2);
        Tensor gramU = S.dotGeneral(S.conj(f.u()), f.u(), DotGeneralConfig.of(new int[] {0}, new int[] {0}, axes, axes));
        Tensor gramV = S.dotGeneral(f.vh(), S.conj(f.vh()), DotGeneralConfig.of(new int[] {1}, new int[] {1}, axes, axes));
        long r = f.rank();
        long[] shape = gramU.shape();
        Tensor eye = S.zeros(dtype, r, r);
        S.fill(eye.diagonal(), 1);
        TensorRead identity = eye.broadcastInDim(shape, new int[] {0, 1});
        assertClose(gramU, identity, tolerance(dtype) * 100, what + ": UᴴU");
        assertClose(gramV, identity, tolerance(dtype) * 100, what + ": VᴴV");
    }
}
