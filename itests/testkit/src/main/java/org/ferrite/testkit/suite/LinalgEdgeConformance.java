package org.ferrite.testkit.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.ferrite.api.HeldSession;
import org.ferrite.api.error.NumericalFailureException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.einsum.Einsum;
import org.ferrite.linalg.Linalg;
import org.ferrite.linalg.LinalgKernels;
import org.ferrite.linalg.Qr;
import org.ferrite.linalg.QrOptions;
import org.ferrite.linalg.Slogdet;
import org.ferrite.linalg.Svd;
import org.ferrite.linalg.SvdOptions;
import org.ferrite.linalg.TriangularSolveOptions;
import org.ferrite.testkit.ProviderConformance;
import org.ferrite.testkit.oracle.HostMatrix;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Conformance of the linear-algebra failures and edge cases through {@link Linalg}: a singular, not
 * positive definite or non-finite batch member fails the whole call with the first failing member's
 * batch index and LAPACK {@code info}; invalid shapes, dtypes and options are rejected before anything
 * is written; empty matrices and empty batches give empty (or identity) results; and the held-session
 * truncated-SVD sweep over a matrix product state of {@link Linalg}'s documentation runs and keeps
 * the state.
 *
 * <p>Not thread-safe (a JUnit test class). Lifetime: one instance per test method.
 */
public abstract class LinalgEdgeConformance extends ProviderConformance {
    /** For subclasses. */
    protected LinalgEdgeConformance() {
    }

    private void requireKernels() {
        Assumptions.assumeTrue(backend().capabilities().supportsExtension(LinalgKernels.class),
                "the backend does not advertise LinalgKernels");
    }

    /** @return {@code [2, 2, 3]} F64 whose members are {@code [[2,1],[1,2]]} except {@code bad} at {@code member} */
    private static Tensor batchWith(long member, double[] bad) {
        Tensor a = Tensor.zeros(DType.F64, 2, 2, 3);
        for (long b = 0; b < 3; b++) {
            double[] m = b == member ? bad : new double[] {2, 1, 1, 2};
            for (int e = 0; e < 4; e++) {
                a.set(m[e], e % 2, e / 2, b);
            }
        }
        return a;
    }

    @Test
    void aSingularMemberFailsSolveAndInvWithItsBatchIndexAndInfo() {
        requireKernels();
        Tensor a = batchWith(1, new double[] {1, 2, 2, 4}); // rank 1: U[1, 1] = 0
        inSession(s -> {
            TensorRead x = s.to(a, s.placement());
            TensorRead b = s.to(Tensor.ones(DType.F64, 2, 3), s.placement());
            assertThatThrownBy(() -> Linalg.solve(s, x, b)).isInstanceOfSatisfying(NumericalFailureException.class,
                    e -> {
                        assertThat(e.op()).isEqualTo("solve");
                        assertThat(e.batchIndex()).hasValue(1);
                        assertThat(e.info()).hasValue(2);
                        assertThat(e.getMessage()).contains("batch member 1").contains("singular");
                    });
            assertThatThrownBy(() -> Linalg.inv(s, x)).isInstanceOfSatisfying(NumericalFailureException.class,
                    e -> {
                        assertThat(e.op()).isEqualTo("inv");
                        assertThat(e.batchIndex()).hasValue(1);
                    });
            return null;
        });
    }

    @Test
    void theFirstOfSeveralFailingMembersIsReported() {
        requireKernels();
        Tensor a = batchWith(1, new double[] {-1, 0, 0, -1});
        a.set(-5, 0, 0, 2); // member 2 fails too, later
        inSession(s -> {
            TensorRead x = s.to(a, s.placement());
            assertThatThrownBy(() -> Linalg.cholesky(s, x)).isInstanceOfSatisfying(NumericalFailureException.class,
                    e -> {
                        assertThat(e.batchIndex()).hasValue(1);
                        assertThat(e.info()).hasValue(1);
                        assertThat(e.getMessage()).contains("not positive definite");
                    });
            return null;
        });
    }

    @Test
    void nonFiniteMembersFailTheIterativeDecompositionsAndAZeroDiagonalFailsTheTriangularSolve() {
        requireKernels();
        Tensor a = batchWith(2, new double[] {1, Double.NaN, Double.NaN, 1});
        Tensor t = batchWith(0, new double[] {1, 0, 0, 0});
        inSession(s -> {
            TensorRead x = s.to(a, s.placement());
            for (Runnable call : new Runnable[] {() -> Linalg.svd(s, x), () -> Linalg.svdvals(s, x),
                () -> Linalg.eigh(s, x), () -> Linalg.eigvalsh(s, x), () -> Linalg.eig(s, x)}) {
                assertThatThrownBy(call::run).isInstanceOfSatisfying(NumericalFailureException.class,
                        e -> assertThat(e.batchIndex()).hasValue(2));
            }
            TensorRead lower = s.to(t, s.placement());
            TensorRead b = s.to(Tensor.ones(DType.F64, 2, 3), s.placement());
            assertThatThrownBy(() -> Linalg.triangularSolve(s, lower, b, TriangularSolveOptions.LOWER))
                    .isInstanceOfSatisfying(NumericalFailureException.class, e -> {
                        assertThat(e.batchIndex()).hasValue(0);
                        assertThat(e.info()).hasValue(2);
                    });
            Tensor solved = Linalg.triangularSolve(s, lower, b, TriangularSolveOptions.LOWER.withUnitDiagonal(true));
            assertThat(s.toHost(solved).getDouble(1, 0)).as("the unit diagonal is never read").isEqualTo(1);
            return null;
        });
    }

    @Test
    void invalidShapesDtypesAndOptionsAreRejectedBeforeAnythingIsWritten() {
        requireKernels();
        inSession(s -> {
            TensorRead wide = s.to(Tensor.ones(DType.F64, 2, 3), s.placement());
            assertThatThrownBy(() -> Linalg.cholesky(s, wide)).isInstanceOfSatisfying(ValidationException.class,
                    e -> {
                        assertThat(e.validationKind()).isEqualTo(ValidationKind.SHAPE_MISMATCH);
                        assertThat(e.argument()).isEqualTo("a");
                    });
            for (Runnable call : new Runnable[] {() -> Linalg.det(s, wide), () -> Linalg.inv(s, wide),
                () -> Linalg.eigh(s, wide), () -> Linalg.eig(s, wide), () -> Linalg.solve(s, wide, wide)}) {
                assertThatThrownBy(call::run).isInstanceOf(ValidationException.class).hasMessageContaining("square");
            }
            TensorRead vector = s.to(Tensor.ones(DType.F64, 3), s.placement());
            assertThatThrownBy(() -> Linalg.qr(s, vector)).isInstanceOfSatisfying(ValidationException.class,
                    e -> assertThat(e.validationKind()).isEqualTo(ValidationKind.RANK_MISMATCH));
            TensorRead ints = s.to(Tensor.ones(DType.I32, 2, 2), s.placement());
            assertThatThrownBy(() -> Linalg.svd(s, ints)).isInstanceOfSatisfying(ValidationException.class,
                    e -> assertThat(e.validationKind()).isEqualTo(ValidationKind.DTYPE_MISMATCH));
            TensorRead a = s.to(batchWith(-1, null), s.placement());
            TensorRead badBatch = s.to(Tensor.ones(DType.F64, 2, 4), s.placement());
            assertThatThrownBy(() -> Linalg.solve(s, a, badBatch)).isInstanceOfSatisfying(ValidationException.class,
                    e -> assertThat(e.argument()).isEqualTo("b"));
            Tensor b = s.to(Tensor.ones(DType.F64, 2, 3), s.placement());
            Tensor wrong = s.to(Tensor.full(DType.F64, 7, 2, 2), s.placement());
            assertThatThrownBy(() -> Linalg.solveInto(s, a, b, wrong)).isInstanceOfSatisfying(
                    ValidationException.class, e -> assertThat(e.argument()).isEqualTo("x"));
            assertThat(s.toHost(wrong).f64Data()).as("untouched").containsOnly(7);
            assertThatThrownBy(() -> Linalg.pinv(s, a, -1)).isInstanceOf(ValidationException.class);
            assertThatThrownBy(() -> Linalg.norm(s, a, Double.NaN)).isInstanceOf(ValidationException.class);
            return null;
        });
        assertThatThrownBy(() -> SvdOptions.FULL.withMaxRank(2)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("thin");
        assertThatThrownBy(() -> SvdOptions.THIN.withMaxRank(-1)).isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> SvdOptions.THIN.withTolerance(Double.NaN)).isInstanceOf(ValidationException.class);
    }

    @Test
    void emptyMatricesAndEmptyBatchesGiveEmptyOrIdentityResults() {
        requireKernels();
        inSession(s -> {
            TensorRead flat = s.to(Tensor.zeros(DType.C128, 0, 3), s.placement());
            Svd thin = Linalg.svd(s, flat);
            assertThat(thin.s().shape()).containsExactly(0);
            assertThat(thin.u().shape()).containsExactly(0, 0);
            assertThat(thin.vh().shape()).containsExactly(0, 3);
            Svd full = Linalg.svd(s, flat, SvdOptions.FULL);
            assertIdentity(s, full.vh(), 3);
            Qr qr = Linalg.qr(s, s.to(Tensor.zeros(DType.F32, 3, 0), s.placement()), QrOptions.COMPLETE);
            assertIdentity(s, qr.q(), 3);
            assertThat(qr.r().shape()).containsExactly(3, 0);
            TensorRead none = s.to(Tensor.zeros(DType.F64, 0, 0), s.placement());
            assertThat(s.toHost(Linalg.det(s, none)).getDouble()).isEqualTo(1);
            Slogdet logs = Linalg.slogdet(s, none);
            assertThat(s.toHost(logs.sign()).getDouble()).isEqualTo(1);
            assertThat(s.toHost(logs.logAbsDet()).getDouble()).isEqualTo(0);
            assertThat(Linalg.eigh(s, none).values().shape()).containsExactly(0);
            TensorRead noMembers = s.to(Tensor.zeros(DType.F64, 2, 2, 0), s.placement());
            TensorRead rhs = s.to(Tensor.zeros(DType.F64, 2, 0), s.placement());
            assertThat(Linalg.solve(s, noMembers, rhs).shape()).containsExactly(2, 0);
            assertThat(Linalg.inv(s, noMembers).shape()).containsExactly(2, 2, 0);
            assertThat(Linalg.pinv(s, flat).shape()).containsExactly(3, 0);
            assertThat(s.toHost(Linalg.norm(s, flat, org.ferrite.linalg.MatrixNorm.SPECTRAL)).getDouble()).isZero();
            return null;
        });
    }

    private static void assertIdentity(BackendSession s, Tensor t, int n) {
        HostMatrix m = HostMatrix.read(s.toHost(t), false, 0);
        LinalgOracle.assertClose("identity", m, HostMatrix.identity(n), 0);
    }

    /**
     * The example of {@link Linalg}'s documentation, run: a left-to-right truncated-SVD sweep over a
     * random matrix product state in one held session. With a bond limit that truncates nothing the
     * state is unchanged and every site becomes an isometry; with a tight one every bond obeys it.
     */
    @Test
    void aHeldSessionTruncatedSvdSweepOverAMatrixProductStateKeepsTheStateAndBoundsTheBonds() {
        requireKernels();
        int sites = 5;
        TensorRead[] mps = new TensorRead[sites];
        for (int i = 0; i < sites; i++) {
            mps[i] = LinalgOracle.random(DType.F64, 90 + i, i == 0 ? 1 : 3, 2, i == sites - 1 ? 1 : 3);
        }
        Tensor before = contract(mps);
        TensorRead[] exact = mps.clone();
        sweep(exact, 64);
        LinalgOracle.assertClose("state after an exact sweep", HostMatrix.read(contract(exact), true, 0),
                HostMatrix.read(before, true, 0), 1e-12);
        for (int i = 0; i + 1 < sites; i++) {
            TensorRead site = exact[i];
            HostMatrix isometry = HostMatrix.read(site.reshape(site.dim(0) * site.dim(1), site.dim(2)), false, 0);
            LinalgOracle.assertOrthonormalColumns("site " + i, isometry, 1e-12);
        }
        TensorRead[] truncated = mps.clone();
        sweep(truncated, 2);
        for (int i = 0; i + 1 < sites; i++) {
            assertThat(truncated[i].dim(2)).as("bond %d", i).isLessThanOrEqualTo(2);
        }
    }

    /** The sweep of {@link Linalg}'s class documentation, as written there (plus the transfers a device needs). */
    private void sweep(TensorRead[] mps, long chi) {
        SvdOptions truncation = SvdOptions.THIN.withMaxRank(chi).withTolerance(1e-12);
        try (HeldSession held = backend().openSession()) {
            held.withSession(s -> {
                for (int i = 0; i < mps.length; i++) { // the host sites to the session's placement
                    mps[i] = s.to(mps[i], s.placement());
                }
                for (int i = 0; i + 1 < mps.length; i++) {
                    Tensor theta = Einsum.einsum(s, "aib,bjc->aijc", mps[i], mps[i + 1]);
                    long left = theta.dim(0) * theta.dim(1);
                    long right = theta.dim(2) * theta.dim(3);
                    Svd f = Linalg.svd(s, theta.reshape(left, right), truncation);
                    long r = f.rank();
                    mps[i] = f.u().reshape(theta.dim(0), theta.dim(1), r);
                    Tensor sv = s.mul(f.vh(), f.s().broadcastInDim(new long[] {r, right}, new int[] {0}));
                    mps[i + 1] = sv.reshape(r, theta.dim(2), theta.dim(3));
                    s.reclaim(theta);
                }
                for (int i = 0; i < mps.length; i++) { // to the host, for the checks (a copy on a host backend)
                    mps[i] = s.toHost(mps[i]);
                }
                return null;
            });
        }
    }

    /** @return the full state vector {@code [2^sites]}, contracted naively on the host */
    private static Tensor contract(TensorRead[] mps) {
        HostMatrix state = HostMatrix.identity(1);
        long physical = 1;
        for (TensorRead site : mps) {
            // state is [physical·…, χ]; append one site: [physical·d, χ']
            int d = (int) site.dim(1);
            int chi = (int) site.dim(2);
            HostMatrix next = new HostMatrix((int) physical * d, chi);
            for (int p = 0; p < physical; p++) {
                for (int s = 0; s < d; s++) {
                    for (int r = 0; r < chi; r++) {
                        double sum = 0;
                        for (int l = 0; l < state.cols(); l++) {
                            sum += state.re(p, l) * site.getDouble(l, s, r);
                        }
                        next.set(p + (int) physical * s, r, sum, 0);
                    }
                }
            }
            state = next;
            physical *= d;
        }
        Tensor out = Tensor.zeros(DType.F64, physical);
        state.write(out, true, 0);
        return out;
    }
}
