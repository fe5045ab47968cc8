package org.ferrite.reference.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.ferrite.testkit.oracle.Validations.expectValidation;

import org.ferrite.api.error.NumericalFailureException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.linalg.Linalg;
import org.ferrite.linalg.Lstsq;
import org.ferrite.linalg.MatrixNorm;
import org.ferrite.linalg.QrOptions;
import org.ferrite.reference.ReferenceSession;
import org.junit.jupiter.api.Test;

/**
 * The linear algebra a NumPy user expects (issue 30), by hand on the reference provider: results
 * computable on paper, the default cut-offs at their edge, and every misuse refused typed, naming its
 * argument, before anything runs. NumPy's own results, on every provider, are {@code LinalgNumPyTest}'s
 * (module {@code itests}).
 */
class LinalgNumPyFacadeTest {
    private static final BackendSession S = ReferenceSession.detached();
    private static final Tensor SQUARE = Tensor.fromRowMajor(DType.F64, new double[] {4, 1, 1, 3}, 2, 2);

    /** @return F64 {@code [2, 4]} with singular values 1 and {@code sigma} */
    private static Tensor edge(DType dtype, double sigma) {
        Tensor a = Tensor.zeros(dtype, 2, 4);
        a.set(1, 0, 0);
        a.set(sigma, 1, 1);
        return a;
    }

    @Test
    void lstsqFitsLinesPerMemberWithResidualsRanksAndSingularValues() {
        // member 0: y = 2t + 1 exactly; member 1: NumPy's documentation example, y ≈ t − 0.95
        Tensor a = Tensor.zeros(DType.F64, 4, 2, 2);
        Tensor b = Tensor.zeros(DType.F64, 4, 2);
        double[] noisy = {-1, 0.2, 0.9, 2.1};
        for (int t = 0; t < 4; t++) {
            for (int member = 0; member < 2; member++) {
                a.set(t, t, 0, member);
                a.set(1, t, 1, member);
            }
            b.set(2 * t + 1, t, 0);
            b.set(noisy[t], t, 1);
        }
        Lstsq fit = Linalg.lstsq(S, a, b);
        assertThat(fit.x().shape()).containsExactly(2, 2);
        assertThat(fit.x().getDouble(0, 0)).isCloseTo(2, within(1e-12));
        assertThat(fit.x().getDouble(1, 0)).isCloseTo(1, within(1e-12));
        assertThat(fit.x().getDouble(0, 1)).isCloseTo(1, within(1e-12));
        assertThat(fit.x().getDouble(1, 1)).isCloseTo(-0.95, within(1e-12));
        assertThat(fit.residuals().shape()).as("[1, batch]: NumPy's (1,) per member").containsExactly(1, 2);
        assertThat(fit.residuals().getDouble(0, 0)).isCloseTo(0, within(1e-24));
        assertThat(fit.residuals().getDouble(0, 1)).isCloseTo(0.05, within(1e-12));
        assertThat(fit.rank().dtype()).isEqualTo(DType.I64);
        assertThat(fit.rank().i64Data()).containsExactly(2, 2);
        assertThat(fit.s().shape()).containsExactly(2, 2);
    }

    @Test
    void theDefaultCutOffIsEpsOfThePrecisionTimesTheLargerExtentAndANegativeRcondIsEps() {
        double eps64 = Math.ulp(1.0);
        Tensor b = Tensor.of(new double[] {1, 1}, 2);
        assertThat(Linalg.lstsq(S, edge(DType.F64, 3 * eps64), b).rank().getLong()).as("3·eps < 4·eps").isEqualTo(1);
        assertThat(Linalg.lstsq(S, edge(DType.F64, 5 * eps64), b).rank().getLong()).isEqualTo(2);
        assertThat(Linalg.lstsq(S, edge(DType.F64, 3 * eps64), b, -1).rank().getLong()).as("rcond < 0: eps").isEqualTo(2);
        assertThat(Linalg.lstsq(S, edge(DType.F64, 0.5), b, 0.6).rank().getLong()).isEqualTo(1);
        double eps32 = Math.ulp(1.0f);
        assertThat(Linalg.matrixRank(S, edge(DType.F32, 3 * eps32)).getLong()).as("single's eps for F32").isEqualTo(1);
        assertThat(Linalg.matrixRank(S, edge(DType.F64, 3 * eps32)).getLong()).isEqualTo(2);
        Tensor b32 = Tensor.of(new float[] {1, 1}, 2);
        assertThat(Linalg.lstsq(S, edge(DType.F32, 3 * eps32), b32).rank().getLong())
                .as("F32 lstsq: single's eps (NumPy, computing in double, takes double's)").isEqualTo(1);
        assertThat(Linalg.matrixRank(S, edge(DType.F64, 0.25), 0.3, false).getLong()).isEqualTo(1);
        assertThat(Linalg.matrixRank(S, edge(DType.F64, 0.25), 0, 0.2, false).getLong()).isEqualTo(2);
        assertThat(Linalg.matrixRank(S, edge(DType.F64, 0.25), 0.1, 0.3, false).getLong()).as("max(atol, rtol·σ₀)")
                .isEqualTo(1);
    }

    @Test
    void lstsqAndMatrixRankRefuseBadCutOffsAndMismatchedOperands() {
        Tensor b = Tensor.of(new double[] {1, 2}, 2);
        for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            expectValidation(() -> Linalg.lstsq(S, SQUARE, b, bad), ValidationKind.INVALID_ARGUMENT, "lstsq", "rcond");
            expectValidation(() -> Linalg.matrixRank(S, SQUARE, bad, false), ValidationKind.INVALID_ARGUMENT,
                    "matrixRank", "rtol");
            expectValidation(() -> Linalg.matrixRank(S, SQUARE, 0, bad, false), ValidationKind.INVALID_ARGUMENT,
                    "matrixRank", "atol");
        }
        expectValidation(() -> Linalg.matrixRank(S, SQUARE, -1, false), ValidationKind.INVALID_ARGUMENT, "matrixRank",
                "rtol");
        assertThat(expectValidation(() -> Linalg.lstsq(S, SQUARE, Tensor.zeros(DType.F64, 3)),
                ValidationKind.SHAPE_MISMATCH, "lstsq", "b").getMessage()).contains("rows of a");
        expectValidation(() -> Linalg.lstsq(S, SQUARE, Tensor.zeros(DType.F32, 2)), ValidationKind.DTYPE_MISMATCH,
                "lstsq", "b");
        expectValidation(() -> Linalg.lstsq(S, Tensor.zeros(DType.I64, 2, 2), b), ValidationKind.DTYPE_MISMATCH,
                "lstsq", "a");
        expectValidation(() -> Linalg.matrixRank(S, Tensor.zeros(DType.F64, 2, 3), true), ValidationKind.SHAPE_MISMATCH,
                "matrixRank", "a");
    }

    @Test
    void condIsTheNormRatioInEveryNormAndInfiniteForASingularMember() {
        Tensor d = Tensor.fromRowMajor(DType.F64, new double[] {2, 0, 0, 0.5}, 2, 2); // A⁻¹ = diag(0.5, 2)
        assertThat(Linalg.cond(S, d).getDouble()).isCloseTo(4, within(1e-14));
        assertThat(Linalg.cond(S, d, MatrixNorm.SMALLEST_SINGULAR_VALUE).getDouble()).isCloseTo(0.25, within(1e-15));
        assertThat(Linalg.cond(S, d, MatrixNorm.MAX_COLUMN_SUM).getDouble()).isEqualTo(4);
        assertThat(Linalg.cond(S, d, MatrixNorm.MIN_COLUMN_SUM).getDouble()).isEqualTo(0.25);
        assertThat(Linalg.cond(S, d, MatrixNorm.MAX_ROW_SUM).getDouble()).isEqualTo(4);
        assertThat(Linalg.cond(S, d, MatrixNorm.FROBENIUS).getDouble()).isCloseTo(4.25, within(1e-14));
        assertThat(Linalg.cond(S, d, MatrixNorm.NUCLEAR).getDouble()).isCloseTo(6.25, within(1e-14));
        Tensor batch = Tensor.zeros(DType.F64, 2, 2, 3); // member 0 [[1, 1], [0, 0]] (a zero row), 1 = d, 2 zero
        batch.set(1, 0, 0, 0);
        batch.set(1, 0, 1, 0);
        batch.set(2, 0, 0, 1);
        batch.set(0.5, 1, 1, 1);
        for (MatrixNorm p : MatrixNorm.values()) {
            double[] cond = Linalg.cond(S, batch, p).f64Data();
            if (p == MatrixNorm.SPECTRAL) {
                assertThat(cond[0]).as("σ_max/σ_min of a singular member").isGreaterThan(1e15);
            } else if (p == MatrixNorm.SMALLEST_SINGULAR_VALUE) {
                assertThat(cond[0]).as("σ_min/σ_max of a singular member").isCloseTo(0, within(1e-15));
            } else {
                assertThat(cond[0]).as("%s of a singular member (no inverse)", p).isEqualTo(Double.POSITIVE_INFINITY);
            }
            assertThat(cond[1]).as("%s of d", p).isPositive().isFinite();
            assertThat(cond[2]).as("%s of a zero member (0/0 for the spectral ones)", p)
                    .isEqualTo(Double.POSITIVE_INFINITY);
        }
        expectValidation(() -> Linalg.cond(S, Tensor.zeros(DType.F64, 0, 0)), ValidationKind.INVALID_ARGUMENT, "cond",
                "a");
        expectValidation(() -> Linalg.cond(S, Tensor.zeros(DType.F64, 2, 3), MatrixNorm.MAX_ROW_SUM),
                ValidationKind.SHAPE_MISMATCH, "cond", "a");
        assertThat(Linalg.cond(S, Tensor.zeros(DType.F64, 2, 3, 0)).shape()).containsExactly(0);
    }

    @Test
    void matrixPowerCoversZeroNegativeAndTheLongestExponents() {
        Tensor cycle = Tensor.fromRowMajor(DType.F64, new double[] {0, 0, 1, 1, 0, 0, 0, 1, 0}, 3, 3); // P³ = I
        assertThat(Linalg.matrixPower(S, cycle, Long.MIN_VALUE).toRowMajorArray())
                .as("P^(−2⁶³) = P^(−2) = P").isEqualTo(cycle.toRowMajorArray());
        assertThat(Linalg.matrixPower(S, cycle, Long.MAX_VALUE).toRowMajorArray())
                .as("2⁶³ − 1 ≡ 1 (mod 3)").isEqualTo(cycle.toRowMajorArray());
        Tensor ints = Tensor.fromRowMajor(DType.I32, new int[] {1, 1, 1, 0}, 2, 2); // Fibonacci
        assertThat((int[]) Linalg.matrixPower(S, ints, 10).toRowMajorArray()).containsExactly(89, 55, 55, 34);
        assertThat((int[]) Linalg.matrixPower(S, ints, 0).toRowMajorArray()).containsExactly(1, 0, 0, 1);
        Tensor one = Linalg.matrixPower(S, SQUARE, 1);
        assertThat(one).as("a new tensor, not the operand").isNotSameAs(SQUARE);
        assertThat(one.toRowMajorArray()).isEqualTo(SQUARE.toRowMajorArray());
        Tensor singular = Tensor.zeros(DType.F64, 2, 2, 2);
        singular.set(1, 0, 0, 0);
        singular.set(1, 1, 1, 0);
        assertThatThrownBy(() -> Linalg.matrixPower(S, singular, -1)).isInstanceOfSatisfying(
                NumericalFailureException.class, e -> {
                    assertThat(e.op()).isEqualTo("matrixPower");
                    assertThat(e.batchIndex()).hasValue(1);
                });
        expectValidation(() -> Linalg.matrixPower(S, Tensor.zeros(DType.BOOL, 2, 2), 2), ValidationKind.DTYPE_MISMATCH,
                "matrixPower", "a");
        assertThat(expectValidation(() -> Linalg.matrixPower(S, ints, -1), ValidationKind.DTYPE_MISMATCH,
                "matrixPower", "a").getMessage()).contains("cast a to F64");
        expectValidation(() -> Linalg.matrixPower(S, Tensor.zeros(DType.F64, 2, 3), 2), ValidationKind.SHAPE_MISMATCH,
                "matrixPower", "a");
        expectValidation(() -> Linalg.matrixPower(S, Tensor.zeros(DType.F64, 2), 2), ValidationKind.RANK_MISMATCH,
                "matrixPower", "a");
    }

    @Test
    void hermitianPinvInvertsTheNonZeroEigenvaluesAndNeedsSquareMatrices() {
        Tensor d = Tensor.fromRowMajor(DType.F64, new double[] {2, 0, 0, 0, -4, 0, 0, 0, 0}, 3, 3);
        assertThat((double[]) Linalg.pinv(S, d, true).toRowMajorArray()).containsExactly(0.5, 0, 0, 0, -0.25, 0, 0, 0, 0);
        assertThat((double[]) Linalg.pinv(S, d, 0.6, true).toRowMajorArray()).as("|λ| ≤ 0.6·4 dropped")
                .containsExactly(0, 0, 0, 0, -0.25, 0, 0, 0, 0);
        Tensor upperOnly = Tensor.fromRowMajor(DType.F64, new double[] {2, 7, 0, 2}, 2, 2);
        assertThat((double[]) Linalg.pinv(S, upperOnly, true).toRowMajorArray()).as("the lower triangle is read")
                .containsExactly(0.5, 0, 0, 0.5);
        expectValidation(() -> Linalg.pinv(S, Tensor.zeros(DType.F64, 2, 3), true), ValidationKind.SHAPE_MISMATCH,
                "pinv", "a");
        expectValidation(() -> Linalg.pinv(S, d, Double.NaN, true), ValidationKind.INVALID_ARGUMENT, "pinv", "rtol");
    }

    @Test
    void qrRIsROfTheFactorisation() {
        Tensor a = Tensor.of(new double[] {3, 4}, 2, 1);
        assertThat(Math.abs(Linalg.qrR(S, a).getDouble(0, 0))).isCloseTo(5, within(1e-14));
        assertThat(Linalg.qrR(S, a, QrOptions.REDUCED.withPositiveDiagonal(true)).getDouble(0, 0)).isCloseTo(5,
                within(1e-14));
        assertThat(Linalg.qrR(S, a, QrOptions.COMPLETE).shape()).containsExactly(2, 1);
        expectValidation(() -> Linalg.qrR(S, Tensor.zeros(DType.I32, 2, 2)), ValidationKind.DTYPE_MISMATCH, "qrR", "a");
    }

    @Test
    void tensorsolveAndTensorinvInvertTheFlattenedOperatorAndRefuseMismatchedShapes() {
        Tensor eye = Tensor.zeros(DType.F64, 2, 3, 2, 3);
        for (long i = 0; i < 2; i++) {
            for (long j = 0; j < 3; j++) {
                eye.set(2, i, j, i, j);
            }
        }
        Tensor b = Tensor.of(new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
        assertThat(Linalg.tensorsolve(S, eye, b).f64Data()).containsExactly(0.5, 1, 1.5, 2, 2.5, 3);
        assertThat(Linalg.tensorsolve(S, eye, b, 2, -1).f64Data()).as("moving the unknowns' axes last changes nothing")
                .containsExactly(0.5, 1, 1.5, 2, 2.5, 3);
        Tensor inverse = Linalg.tensorinv(S, eye);
        assertThat(inverse.shape()).containsExactly(2, 3, 2, 3);
        assertThat(inverse.getDouble(1, 2, 1, 2)).isEqualTo(0.5);
        assertThat(Linalg.tensorinv(S, eye.reshape(6, 2, 3), 1).shape()).containsExactly(2, 3, 6);
        expectValidation(() -> Linalg.tensorsolve(S, eye, Tensor.zeros(DType.F64, 3, 2)), ValidationKind.SHAPE_MISMATCH,
                "tensorsolve", "a");
        expectValidation(() -> Linalg.tensorsolve(S, Tensor.zeros(DType.F64, 2, 3, 4), b),
                ValidationKind.INVALID_ARGUMENT, "tensorsolve", "a");
        expectValidation(() -> Linalg.tensorsolve(S, eye, b, 4), ValidationKind.AXIS_OUT_OF_BOUNDS, "tensorsolve",
                "axes");
        expectValidation(() -> Linalg.tensorsolve(S, eye, b, 1, -3), ValidationKind.INVALID_ARGUMENT, "tensorsolve",
                "axes");
        expectValidation(() -> Linalg.tensorsolve(S, eye, Tensor.zeros(DType.F32, 2, 3)), ValidationKind.DTYPE_MISMATCH,
                "tensorsolve", "b");
        expectValidation(() -> Linalg.tensorinv(S, eye, 0), ValidationKind.INVALID_ARGUMENT, "tensorinv", "ind");
        expectValidation(() -> Linalg.tensorinv(S, eye, 5), ValidationKind.INVALID_ARGUMENT, "tensorinv", "ind");
        expectValidation(() -> Linalg.tensorinv(S, eye, 1), ValidationKind.INVALID_ARGUMENT, "tensorinv", "a");
    }
}
