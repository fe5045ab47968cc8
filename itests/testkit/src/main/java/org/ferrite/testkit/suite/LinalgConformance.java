package org.ferrite.testkit.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.ferrite.testkit.suite.LinalgOracle.assertClose;
import static org.ferrite.testkit.suite.LinalgOracle.assertOrthonormalColumns;
import static org.ferrite.testkit.suite.LinalgOracle.forEachCase;
import static org.ferrite.testkit.suite.LinalgOracle.matrix;
import static org.ferrite.testkit.suite.LinalgOracle.operand;
import static org.ferrite.testkit.suite.LinalgOracle.tolerance;
import static org.ferrite.testkit.suite.LinalgOracle.vector;

import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.linalg.Eig;
import org.ferrite.linalg.Eigh;
import org.ferrite.linalg.EighOptions;
import org.ferrite.linalg.Linalg;
import org.ferrite.linalg.LinalgKernels;
import org.ferrite.linalg.LinalgShapes;
import org.ferrite.linalg.Lu;
import org.ferrite.linalg.PhaseGauge;
import org.ferrite.linalg.Qr;
import org.ferrite.linalg.QrOptions;
import org.ferrite.linalg.Svd;
import org.ferrite.linalg.SvdOptions;
import org.ferrite.testkit.ProviderConformance;
import org.ferrite.testkit.oracle.HostMatrix;
import org.ferrite.testkit.oracle.Layout;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Conformance of the linear-algebra decompositions through {@link Linalg}: for random batches of
 * every floating dtype, tall, wide and square, with 0–2 batch axes, in every {@link Layout}, each
 * factorisation reconstructs its input with orthonormal (unitary) factors, in the documented order
 * and gauge. The solves, determinants, inverses, norms, failures and edge cases are
 * {@link LinalgSolveConformance}'s. Runs only when the backend advertises {@link LinalgKernels}; one
 * test proves that a backend which does not is consistent and fails typed.
 *
 * <p>Not thread-safe (a JUnit test class). Lifetime: one instance per test method.
 */
public abstract class LinalgConformance extends ProviderConformance {
    /** Random cases per dtype in each property. */
    static final int CASES = 12;
    /** The largest order of the random cases. */
    static final int ORDER = 7;

    /** For subclasses. */
    protected LinalgConformance() {
    }

    /** Skips the calling test unless the backend advertises the kernels. */
    void requireKernels() {
        Assumptions.assumeTrue(backend().capabilities().supportsExtension(LinalgKernels.class),
                "the backend does not advertise LinalgKernels");
    }

    @Test
    void theAdvertisedExtensionIsTheSessionsAndItsAbsenceFailsEveryOperationTyped() {
        boolean advertised = backend().capabilities().supportsExtension(LinalgKernels.class);
        Tensor a = Tensor.fromRowMajor(DType.F64, new double[] {2, 1, 1, 3}, 2, 2);
        inSession(s -> {
            assertThat(s.extension(LinalgKernels.class).isPresent()).isEqualTo(advertised);
            if (!advertised) {
                TensorRead x = s.to(a, s.placement());
                assertThatThrownBy(() -> Linalg.svd(s, x)).isInstanceOfSatisfying(UnsupportedOpException.class,
                        e -> assertThat(e.op()).isEqualTo("svd"));
                assertThatThrownBy(() -> Linalg.solve(s, x, x)).isInstanceOf(UnsupportedOpException.class)
                        .hasMessageStartingWith("solve: ");
                assertThatThrownBy(() -> Linalg.det(s, x)).hasMessageStartingWith("det: ");
                assertThat(Linalg.norm(s, x, 1).dtype()).as("vector norms need no kernels").isEqualTo(DType.F64);
            }
            return null;
        });
    }

    @Test
    void svdReconstructsWithOrthonormalFactorsAndDescendingNonNegativeValues() {
        requireKernels();
        forEachCase(11, CASES, ORDER, false, c -> {
            Tensor values = LinalgOracle.random(c.dtype(), c.seed(), c.shape());
            boolean full = c.seed() % 2 == 0;
            inSession(s -> {
                TensorRead a = operand(s, values, c.layout());
                Svd f = Linalg.svd(s, a, full ? SvdOptions.FULL : SvdOptions.THIN);
                Tensor only = Linalg.svdvals(s, a);
                int k = (int) Math.min(c.m(), c.n());
                double tol = tolerance(c.dtype(), Math.max(c.m(), c.n()));
                assertThat(f.s().dtype()).isEqualTo(c.dtype().realType());
                for (long member = 0; member < LinalgShapes.batchCount(values); member++) {
                    HostMatrix u = matrix(s, f.u(), member);
                    HostMatrix vh = matrix(s, f.vh(), member);
                    HostMatrix sv = vector(s, f.s(), member);
                    assertDescendingNonNegative(sv);
                    assertClose("svdvals = S", vector(s, only, member), sv, tol);
                    assertOrthonormalColumns("U", u, tol);
                    assertOrthonormalColumns("Vᴴᴴ", vh.adjoint(), tol);
                    HostMatrix sigma = LinalgOracle.diagonal(sv, u.cols(), vh.rows());
                    assertClose("U·S·Vᴴ = A", u.times(sigma).times(vh), HostMatrix.read(values, false, member), tol);
                    assertThat(sv.rows()).isEqualTo(k);
                }
                return null;
            });
        });
    }

    @Test
    void theSvdGaugeMakesTheLargestEntryOfEachLeftVectorRealAndPositive() {
        requireKernels();
        forEachCase(12, CASES / 2, ORDER, false, c -> {
            Tensor values = LinalgOracle.random(c.dtype(), c.seed(), c.shape());
            inSession(s -> {
                Svd f = Linalg.svd(s, operand(s, values, c.layout()),
                        SvdOptions.THIN.withGauge(PhaseGauge.LARGEST_ENTRY_REAL_POSITIVE));
                double tol = tolerance(c.dtype(), Math.max(c.m(), c.n()));
                for (long member = 0; member < LinalgShapes.batchCount(values); member++) {
                    HostMatrix u = matrix(s, f.u(), member);
                    assertLargestEntriesRealPositive("U", u, tol);
                    HostMatrix sigma = LinalgOracle.diagonal(vector(s, f.s(), member), u.cols(), u.cols());
                    assertClose("gauged U·S·Vᴴ = A", u.times(sigma).times(matrix(s, f.vh(), member)),
                            HostMatrix.read(values, false, member), tol);
                }
                return null;
            });
        });
    }

    @Test
    void svdTruncationKeepsTheLeadingTripletsByRankAndTolerance() {
        requireKernels();
        // a rank-2 6×5 matrix plus a tiny perturbation: tolerance keeps 2, the rank limit 1
        Tensor x = LinalgOracle.random(DType.F64, 3, 6, 2);
        Tensor y = LinalgOracle.random(DType.F64, 4, 2, 5);
        Tensor noise = LinalgOracle.random(DType.F64, 5, 6, 5);
        inSession(s -> {
            Tensor low = s.add(s.matmul(s.to(x, s.placement()), s.to(y, s.placement())),
                    s.mul(s.to(noise, s.placement()), s.to(Tensor.scalar(1e-9), s.placement())));
            Svd byTolerance = Linalg.svd(s, low, SvdOptions.THIN.withTolerance(1e-6));
            assertThat(byTolerance.rank()).isEqualTo(2);
            assertThat(byTolerance.u().shape()).containsExactly(6, 2);
            assertThat(byTolerance.vh().shape()).containsExactly(2, 5);
            Svd byRank = Linalg.svd(s, low, SvdOptions.THIN.withMaxRank(1));
            assertThat(byRank.rank()).isEqualTo(1);
            HostMatrix full = vector(s, Linalg.svdvals(s, low), 0);
            assertThat(vector(s, byRank.s(), 0).re(0, 0)).isCloseTo(full.re(0, 0), org.assertj.core.data.Offset
                    .offset(1e-12));
            Svd absolute = Linalg.svd(s, low, SvdOptions.THIN.withAbsoluteTolerance(full.re(0, 0) * 2));
            assertThat(absolute.rank()).isZero();
            return null;
        });
    }

    @Test
    void qrReconstructsWithOrthonormalQAndUpperTriangularRAndTheGaugeMakesItsDiagonalPositive() {
        requireKernels();
        forEachCase(13, CASES, ORDER, false, c -> {
            Tensor values = LinalgOracle.random(c.dtype(), c.seed(), c.shape());
            boolean complete = c.seed() % 2 == 0;
            boolean positive = (c.seed() >> 1) % 2 == 0;
            inSession(s -> {
                Qr f = Linalg.qr(s, operand(s, values, c.layout()),
                        (complete ? QrOptions.COMPLETE : QrOptions.REDUCED).withPositiveDiagonal(positive));
                double tol = tolerance(c.dtype(), Math.max(c.m(), c.n()));
                for (long member = 0; member < LinalgShapes.batchCount(values); member++) {
                    HostMatrix q = matrix(s, f.q(), member);
                    HostMatrix r = matrix(s, f.r(), member);
                    assertThat(q.cols()).isEqualTo(complete ? c.m() : Math.min(c.m(), c.n()));
                    assertOrthonormalColumns("Q", q, tol);
                    assertClose("Q·R = A", q.times(r), HostMatrix.read(values, false, member), tol);
                    for (int j = 0; j < r.cols(); j++) {
                        for (int i = j + 1; i < r.rows(); i++) {
                            assertThat(r.re(i, j) == 0 && r.im(i, j) == 0).as("R[%d, %d] = 0", i, j).isTrue();
                        }
                        if (positive && j < r.rows()) {
                            assertThat(r.re(j, j)).as("R[%d, %d] real part", j, j).isGreaterThanOrEqualTo(0);
                            assertThat(Math.abs(r.im(j, j))).as("R[%d, %d] imaginary part", j, j)
                                    .isLessThanOrEqualTo(tol);
                        }
                    }
                }
                return null;
            });
        });
    }

    @Test
    void luReconstructsAsPTimesLTimesUWithItsPivotsAndPermutationSign() {
        requireKernels();
        forEachCase(14, CASES, ORDER, false, c -> {
            Tensor values = LinalgOracle.random(c.dtype(), c.seed(), c.shape());
            inSession(s -> {
                Lu f = Linalg.lu(s, operand(s, values, c.layout()));
                double tol = tolerance(c.dtype(), Math.max(c.m(), c.n()));
                for (long member = 0; member < LinalgShapes.batchCount(values); member++) {
                    HostMatrix p = matrix(s, f.p(), member);
                    HostMatrix l = matrix(s, f.l(), member);
                    HostMatrix u = matrix(s, f.u(), member);
                    assertClose("P·L·U = A", p.times(l).times(u), HostMatrix.read(values, false, member), tol);
                    HostMatrix pivots = vector(s, f.pivots(), member);
                    int swaps = 0;
                    for (int i = 0; i < pivots.rows(); i++) {
                        assertThat(l.re(i, i)).isEqualTo(1);
                        assertThat((int) pivots.re(i, 0)).isBetween(i, (int) c.m() - 1);
                        swaps += pivots.re(i, 0) != i ? 1 : 0;
                        for (int r = 0; r < l.rows(); r++) { // the pivot is largest in |re| + |im|: |l| ≤ √2
                            assertThat(Math.hypot(l.re(r, i), l.im(r, i))).as("|L| ≤ 1 (partial pivoting)")
                                    .isLessThanOrEqualTo((c.dtype().isComplex() ? Math.sqrt(2) : 1) + tol);
                        }
                    }
                    double sign = host(s, f.permutationSign()).getDouble(index(f.permutationSign(), member));
                    assertThat(sign).isEqualTo(swaps % 2 == 0 ? 1 : -1);
                }
                return null;
            });
        });
    }

    @Test
    void eighIsAscendingOrthonormalReadsOnlyItsTriangleAndGaugesItsVectors() {
        requireKernels();
        forEachCase(15, CASES, ORDER, true, c -> {
            Tensor h = LinalgOracle.hermitian(c);
            boolean upper = c.seed() % 2 == 0;
            Tensor poisoned = poisonTriangle(h, upper); // the triangle not read holds NaN
            inSession(s -> {
                EighOptions options = (upper ? EighOptions.UPPER : EighOptions.LOWER)
                        .withGauge(PhaseGauge.LARGEST_ENTRY_REAL_POSITIVE);
                Eigh e = Linalg.eigh(s, operand(s, poisoned, c.layout()), options);
                Tensor only = Linalg.eigvalsh(s, operand(s, poisoned, c.layout()), options.triangle());
                double tol = tolerance(c.dtype(), c.m());
                for (long member = 0; member < LinalgShapes.batchCount(h); member++) {
                    HostMatrix w = vector(s, e.values(), member);
                    HostMatrix v = matrix(s, e.vectors(), member);
                    for (int i = 1; i < w.rows(); i++) {
                        assertThat(w.re(i, 0)).as("ascending").isGreaterThanOrEqualTo(w.re(i - 1, 0));
                    }
                    assertClose("eigvalsh = values", vector(s, only, member), w, tol);
                    assertOrthonormalColumns("V", v, tol);
                    assertLargestEntriesRealPositive("V", v, tol);
                    HostMatrix lambda = LinalgOracle.diagonal(w, w.rows(), w.rows());
                    assertClose("V·Λ·Vᴴ = A", v.times(lambda).times(v.adjoint()), HostMatrix.read(h, false, member),
                            tol);
                }
                return null;
            });
        });
    }

    @Test
    void eigSatisfiesAVEqualsVLambdaWithUnitVectorsAndExactConjugatePairsForRealInput() {
        requireKernels();
        forEachCase(16, CASES, ORDER, true, c -> {
            Tensor values = LinalgOracle.random(c.dtype(), c.seed(), c.shape());
            inSession(s -> {
                Eig e = Linalg.eig(s, operand(s, values, c.layout()));
                Tensor only = Linalg.eigvals(s, operand(s, values, c.layout()));
                assertThat(e.values().dtype()).isEqualTo(c.dtype().complexType());
                double tol = tolerance(c.dtype(), c.m()) * 100; // eigenvectors are less well conditioned
                for (long member = 0; member < LinalgShapes.batchCount(values); member++) {
                    HostMatrix w = vector(s, e.values(), member);
                    HostMatrix v = matrix(s, e.vectors(), member);
                    HostMatrix a = HostMatrix.read(values, false, member);
                    assertClose("eigvals = values", vector(s, only, member), w, tol);
                    assertClose("A·V = V·Λ", a.times(v), v.times(LinalgOracle.diagonal(w, w.rows(), w.rows())), tol);
                    for (int j = 0; j < v.cols(); j++) {
                        assertThat(Math.sqrt(v.block(v.rows(), j + 1).adjoint().times(v.block(v.rows(), j + 1))
                                .re(j, j))).as("‖v_%d‖", j).isCloseTo(1, org.assertj.core.data.Offset.offset(tol));
                    }
                    if (!c.dtype().isComplex()) {
                        assertConjugatePairs(w, v);
                    }
                }
                return null;
            });
        });
    }

    // ------------------------------------------------------------------ helpers

    static TensorRead host(org.ferrite.api.session.BackendSession s, TensorRead t) {
        return t.placement().isHost() ? t : s.toHost(t);
    }

    /** @return the index of member {@code member} of a {@code [batch…]} tensor */
    static long[] index(TensorRead t, long member) {
        long[] index = new long[t.rank()];
        long rest = member;
        for (int axis = 0; axis < index.length; axis++) {
            index[axis] = rest % t.dim(axis);
            rest /= t.dim(axis);
        }
        return index;
    }

    private static void assertDescendingNonNegative(HostMatrix values) {
        for (int i = 0; i < values.rows(); i++) {
            assertThat(values.re(i, 0)).as("S[%d] ≥ 0", i).isGreaterThanOrEqualTo(0);
            if (i > 0) {
                assertThat(values.re(i, 0)).as("S descending at %d", i).isLessThanOrEqualTo(values.re(i - 1, 0));
            }
        }
    }

    static void assertLargestEntriesRealPositive(String what, HostMatrix v, double tol) {
        for (int j = 0; j < v.cols(); j++) {
            int best = 0;
            for (int i = 1; i < v.rows(); i++) {
                if (Math.hypot(v.re(i, j), v.im(i, j)) > Math.hypot(v.re(best, j), v.im(best, j)) * (1 + tol)) {
                    best = i;
                }
            }
            double modulus = Math.hypot(v.re(best, j), v.im(best, j));
            if (modulus > tol) {
                assertThat(v.re(best, j)).as("%s column %d: largest entry real part", what, j)
                        .isCloseTo(modulus, org.assertj.core.data.Offset.offset(tol * 10));
            }
        }
    }

    private static void assertConjugatePairs(HostMatrix w, HostMatrix v) {
        for (int j = 0; j < w.rows(); j++) {
            if (w.im(j, 0) == 0) {
                for (int i = 0; i < v.rows(); i++) {
                    assertThat(v.im(i, j)).as("vector of a real eigenvalue is real").isEqualTo(0);
                }
                continue;
            }
            assertThat(w.im(j, 0)).as("positive imaginary part first, at %d", j).isGreaterThan(0);
            assertThat(j + 1).isLessThan(w.rows());
            assertThat(w.re(j + 1, 0)).isEqualTo(w.re(j, 0));
            assertThat(w.im(j + 1, 0)).isEqualTo(-w.im(j, 0));
            for (int i = 0; i < v.rows(); i++) {
                assertThat(v.re(i, j + 1)).isEqualTo(v.re(i, j));
                assertThat(v.im(i, j + 1)).isEqualTo(-v.im(i, j));
            }
            j++;
        }
    }

    /** @return a copy whose strict {@code lower} (or upper) triangle holds NaN: it must not be read */
    static Tensor poisonTriangle(Tensor h, boolean lower) {
        Tensor out = Tensor.zeros(h.dtype(), h.shape());
        for (long member = 0; member < LinalgShapes.batchCount(h); member++) {
            HostMatrix m = HostMatrix.read(h, false, member);
            for (int j = 0; j < m.cols(); j++) {
                for (int i = 0; i < m.rows(); i++) {
                    if (lower ? i > j : i < j) {
                        m.set(i, j, Double.NaN, Double.NaN);
                    }
                }
            }
            m.write(out, false, member);
        }
        return out;
    }
}
