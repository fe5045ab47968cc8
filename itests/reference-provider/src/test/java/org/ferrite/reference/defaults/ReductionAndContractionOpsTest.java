package org.ferrite.reference.defaults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.testkit.oracle.Validations.expectValidation;

import java.util.SplittableRandom;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.reference.IndexSpace;
import org.junit.jupiter.api.Test;

/** The reduction and contraction defaults, run on a session that implements only the hooks. */
class ReductionAndContractionOpsTest {
    private final NaiveSession s = new NaiveSession();

    @Test
    void reductionsRemoveTheReducedAxes() {
        Tensor t = Tensor.fromRowMajor(DType.F64, new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
        assertThat(s.sum(t, 0).f64Data()).containsExactly(5, 7, 9);
        assertThat(s.sum(t, 1).f64Data()).containsExactly(6, 15);
        assertThat(s.prod(t, 1).f64Data()).containsExactly(6, 120);
        assertThat(s.max(t, 0).f64Data()).containsExactly(4, 5, 6);
        assertThat(s.min(t, 1).f64Data()).containsExactly(1, 4);
        assertThat(s.mean(t, 0, 1).getDouble()).isEqualTo(3.5);
        assertThat(s.sumAll(t).rank()).isZero();
        assertThat(s.sumAll(t).getDouble()).isEqualTo(21);
        assertThat(s.sum(t).rank()).as("no axes: every axis").isZero();
        assertThat(s.sum(t).getDouble()).isEqualTo(21);
        assertThat(Tensor.contentEquals(s.sum(t, new int[0]), t)).as("an empty axis list is the identity").isTrue();
        assertThat(s.sum(t, new int[] {1}, true).shape()).containsExactly(2, 1);
        assertThat(s.max(t, true).shape()).containsExactly(1, 1);
        assertThat(s.max(t, true).getDouble(0, 0)).isEqualTo(6);
        Tensor z = Tensor.ofComplex(new double[] {3, 4, 1, 0}, 2);
        Tensor sq = s.sumSquares(z, 0);
        assertThat(sq.dtype()).isEqualTo(DType.F64);
        assertThat(sq.getDouble()).isEqualTo(26);
    }

    @Test
    void maxOverAnEmptyAxisHasNoIdentity() {
        Tensor empty = Tensor.zeros(DType.F64, 0, 3);
        assertThat(s.sum(empty, 0).f64Data()).containsExactly(0, 0, 0);
        assertThat(expectValidation(() -> s.max(empty, 0), ValidationKind.INVALID_ARGUMENT, "max", "axes").axis())
                .isZero();
        assertThat(s.max(empty, 1).shape()).containsExactly(0);
        expectValidation(() -> s.sum(empty, 2), ValidationKind.AXIS_OUT_OF_BOUNDS, "sum", "axes");
    }

    @Test
    void dotGeneralMatchesANaiveContractionWithBatchAxesTrailing() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int trial = 0; trial < 30; trial++) {
            int b = rnd.nextInt(0, 3);
            int m = rnd.nextInt(0, 4);
            int k = rnd.nextInt(0, 4);
            int n = rnd.nextInt(1, 4);
            // lhs [k, b, m], rhs [b, n, k]
            Tensor lhs = Tensor.random(DType.F64, trial, k, b, m);
            Tensor rhs = Tensor.random(DType.F64, trial + 100, b, n, k);
            DotGeneralConfig c = DotGeneralConfig.of(new int[] {0}, new int[] {2}, new int[] {1}, new int[] {0});
            Tensor out = s.dotGeneral(lhs, rhs, c);
            assertThat(out.shape()).containsExactly(m, n, b);
            IndexSpace.forEach(out.shape(), o -> {
                double want = 0;
                for (int p = 0; p < k; p++) {
                    want += lhs.getDouble(p, o[2], o[0]) * rhs.getDouble(o[2], o[1], p);
                }
                assertThat(out.getDouble(o)).isCloseTo(want, org.assertj.core.api.Assertions.within(1e-12));
            });
        }
    }

    @Test
    void matmulAndAccumulateFollowAlphaBetaAndConjugation() {
        Tensor a = Tensor.fromRowMajor(DType.F64, new double[] {1, 2, 3, 4}, 2, 2);
        Tensor x = Tensor.of(new double[] {1, 1}, 2);
        assertThat(s.matmul(a, x).f64Data()).containsExactly(3, 7);
        Tensor y = Tensor.of(new double[] {10, 20}, 2);
        s.dotGeneralAccumulate(a, x, DotGeneralConfig.MATMUL, Accumulation.of(2, 0.5), y);
        assertThat(y.f64Data()).containsExactly(11, 24);
        Tensor nan = Tensor.of(new double[] {Double.NaN, Double.NaN}, 2);
        s.matmulInto(a, x, nan);
        assertThat(nan.f64Data()).as("beta 0 never reads the old output").containsExactly(3, 7);
        Tensor za = Tensor.ofComplex(new double[] {0, 1}, 1, 1);
        Tensor zb = Tensor.ofComplex(new double[] {0, 1}, 1, 1);
        Tensor zo = Tensor.zeros(DType.C128, 1, 1);
        s.dotGeneralAccumulate(za, zb, DotGeneralConfig.MATMUL, Accumulation.OVERWRITE.withConjugation(true, false),
                zo);
        assertThat(zo.c128Data()).containsExactly(1, 0);
        s.dotGeneralInto(za, zb, DotGeneralConfig.MATMUL, zo);
        assertThat(zo.c128Data()).containsExactly(-1, 0);
    }

    @Test
    void invalidContractionsFailBeforeAllocatingOrWriting() {
        Tensor out = Tensor.full(DType.F64, 9, 2, 2);
        expectValidation(() -> s.dotGeneral(Tensor.zeros(DType.F64, 2, 3), Tensor.zeros(DType.F64, 2, 3),
                DotGeneralConfig.MATMUL), ValidationKind.SHAPE_MISMATCH, "dotGeneral", "rhs");
        assertThat(s.allocated).isEmpty();
        expectValidation(() -> s.matmulInto(Tensor.zeros(DType.F64, 2, 3), Tensor.zeros(DType.F64, 3, 3), out),
                ValidationKind.SHAPE_MISMATCH, "dotGeneral", "out");
        expectValidation(() -> s.matmulInto(out, out.copy(), out), ValidationKind.INVALID_ARGUMENT, "dotGeneral",
                "out");
        assertThat(out.f64Data()).containsOnly(9.0);
    }
}
