package org.ferrite.testkit.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.testkit.suite.LinalgConformance.CASES;
import static org.ferrite.testkit.suite.LinalgConformance.ORDER;
import static org.ferrite.testkit.suite.LinalgConformance.host;
import static org.ferrite.testkit.suite.LinalgConformance.index;
import static org.ferrite.testkit.suite.LinalgOracle.assertClose;
import static org.ferrite.testkit.suite.LinalgOracle.forEachCase;
import static org.ferrite.testkit.suite.LinalgOracle.matrix;
import static org.ferrite.testkit.suite.LinalgOracle.operand;
import static org.ferrite.testkit.suite.LinalgOracle.tolerance;

import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.linalg.Linalg;
import org.ferrite.linalg.LinalgKernels;
import org.ferrite.linalg.LinalgShapes;
import org.ferrite.linalg.Lu;
import org.ferrite.linalg.MatrixNorm;
import org.ferrite.linalg.Side;
import org.ferrite.linalg.Slogdet;
import org.ferrite.linalg.Transpose;
import org.ferrite.linalg.Triangle;
import org.ferrite.linalg.TriangularSolveOptions;
import org.ferrite.testkit.ProviderConformance;
import org.ferrite.testkit.oracle.HostMatrix;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Conformance of the linear-algebra solves and derived operations through {@link Linalg}: solve (every
 * transpose, matrix and vector right-hand sides, in place), triangular solves (every side, triangle,
 * operator and diagonal), Cholesky (reading one triangle), determinants against the LU product,
 * {@code slogdet}, inverses, the four Moore–Penrose conditions of {@code pinv} and the norms against
 * their definitions, over random batches of every floating dtype and layout. The failures, validation
 * and edge cases are {@link LinalgEdgeConformance}'s.
 *
 * <p>Not thread-safe (a JUnit test class). Lifetime: one instance per test method.
 */
public abstract class LinalgSolveConformance extends ProviderConformance {
    /** For subclasses. */
    protected LinalgSolveConformance() {
    }

    private void requireKernels() {
        Assumptions.assumeTrue(backend().capabilities().supportsExtension(LinalgKernels.class),
                "the backend does not advertise LinalgKernels");
    }

    @Test
    void solveSatisfiesOpOfAXEqualsBForEveryTransposeAndBothRightHandSideForms() {
        requireKernels();
        forEachCase(21, CASES, ORDER, true, c -> {
            Tensor a = LinalgOracle.random(c.dtype(), c.seed(), c.shape());
            boolean vector = c.seed() % 2 == 0;
            long k = 1 + Math.floorMod(c.seed() >> 2, 3);
            Tensor b = LinalgOracle.random(c.dtype(), c.seed() + 1, vector ? vectorShape(c) : c.shapeOf(c.m(), k));
            Transpose op = Transpose.values()[Math.floorMod(c.seed() >> 4, 3)];
            inSession(s -> {
                Tensor x = Linalg.solve(s, operand(s, a, c.layout()), operand(s, b, c.layout()), op);
                Tensor inPlace = s.to(b, s.placement());
                Linalg.solveInto(s, operand(s, a, c.layout()), inPlace, op, inPlace);
                assertThat(x.shape()).containsExactly(b.shape());
                double tol = tolerance(c.dtype(), c.m()) * 10;
                for (long member = 0; member < LinalgShapes.batchCount(a); member++) {
                    HostMatrix am = HostMatrix.read(a, false, member);
                    HostMatrix opA = op == Transpose.NONE ? am : am.transpose(op == Transpose.CONJUGATE_TRANSPOSE);
                    HostMatrix xm = HostMatrix.read(host(s, x), vector, member);
                    assertClose(op + "(A)·X = B", opA.times(xm), HostMatrix.read(b, vector, member),
                            tol * (1 + opA.norm() * xm.norm()));
                    assertClose("in place", HostMatrix.read(host(s, inPlace), vector, member), xm, tol);
                }
                return null;
            });
        });
    }

    @Test
    void triangularSolveSolvesEverySideTriangleOperatorAndDiagonalReadingOnlyItsTriangle() {
        requireKernels();
        forEachCase(22, CASES, ORDER, true, c -> {
            TriangularSolveOptions options = new TriangularSolveOptions(Side.values()[(int) (c.seed() & 1)],
                    Triangle.values()[(int) (c.seed() >> 1 & 1)], Transpose.values()[Math.floorMod(c.seed() >> 2,
                            3)], (c.seed() >> 4 & 1) == 1);
            Tensor t = wellConditionedTriangle(c, options.triangle());
            Tensor poisoned = LinalgConformance.poisonTriangle(t, options.triangle() == Triangle.UPPER);
            boolean vector = (c.seed() >> 5 & 1) == 1;
            long k = 2;
            long[] bShape = vector ? vectorShape(c) : options.side() == Side.LEFT ? c.shapeOf(c.m(), k)
                    : c.shapeOf(k, c.m());
            Tensor b = LinalgOracle.random(c.dtype(), c.seed() + 1, bShape);
            inSession(s -> {
                Tensor x = Linalg.triangularSolve(s, operand(s, poisoned, c.layout()), operand(s, b, c.layout()),
                        options);
                double tol = tolerance(c.dtype(), c.m()) * 10;
                for (long member = 0; member < LinalgShapes.batchCount(t); member++) {
                    HostMatrix tm = HostMatrix.read(t, false, member);
                    if (options.unitDiagonal()) {
                        for (int i = 0; i < tm.rows(); i++) {
                            tm.set(i, i, 1, 0);
                        }
                    }
                    HostMatrix opT = options.transpose() == Transpose.NONE ? tm
                            : tm.transpose(options.transpose() == Transpose.CONJUGATE_TRANSPOSE);
                    HostMatrix xm = HostMatrix.read(host(s, x), vector, member);
                    HostMatrix bm = HostMatrix.read(b, vector, member);
                    if (options.side() == Side.LEFT) {
                        assertClose(options + ": op(A)·X = B", opT.times(xm), bm, tol);
                    } else if (vector) {
                        assertClose(options + ": x·op(A) = b", xm.transpose(false).times(opT), bm.transpose(false), tol);
                    } else {
                        assertClose(options + ": X·op(A) = B", xm.times(opT), bm, tol);
                    }
                }
                return null;
            });
        });
    }

    @Test
    void choleskyReconstructsFromTheChosenTriangleAlone() {
        requireKernels();
        forEachCase(23, CASES, ORDER, true, c -> {
            Tensor spd = LinalgOracle.positiveDefinite(c);
            Triangle triangle = c.seed() % 2 == 0 ? Triangle.LOWER : Triangle.UPPER;
            Tensor poisoned = LinalgConformance.poisonTriangle(spd, triangle == Triangle.UPPER);
            inSession(s -> {
                Tensor factor = Linalg.cholesky(s, operand(s, poisoned, c.layout()), triangle);
                double tol = tolerance(c.dtype(), c.m());
                for (long member = 0; member < LinalgShapes.batchCount(spd); member++) {
                    HostMatrix f = matrix(s, factor, member);
                    for (int j = 0; j < f.cols(); j++) {
                        assertThat(f.re(j, j)).as("positive diagonal").isGreaterThan(0);
                        assertThat(f.im(j, j)).as("real diagonal").isEqualTo(0);
                        for (int i = 0; i < f.rows(); i++) {
                            boolean zero = triangle == Triangle.LOWER ? i < j : i > j;
                            if (zero) {
                                assertThat(f.re(i, j) == 0 && f.im(i, j) == 0).as("other triangle zero").isTrue();
                            }
                        }
                    }
                    HostMatrix product = triangle == Triangle.LOWER ? f.times(f.adjoint()) : f.adjoint().times(f);
                    assertClose("factor product = A", product, HostMatrix.read(spd, false, member), tol);
                }
                return null;
            });
        });
    }

    @Test
    void theDeterminantIsTheLuDiagonalProductTimesThePermutationSignAndSlogdetAgrees() {
        requireKernels();
        forEachCase(24, CASES, ORDER, true, c -> {
            Tensor a = LinalgOracle.random(c.dtype(), c.seed(), c.shape());
            inSession(s -> {
                TensorRead x = operand(s, a, c.layout());
                Tensor det = Linalg.det(s, x);
                Slogdet logs = Linalg.slogdet(s, x);
                Lu lu = Linalg.lu(s, x);
                double tol = tolerance(c.dtype(), c.m()) * 10;
                for (long member = 0; member < LinalgShapes.batchCount(a); member++) {
                    HostMatrix u = matrix(s, lu.u(), member);
                    double pr = host(s, lu.permutationSign()).getDouble(index(lu.permutationSign(), member));
                    double pi = 0;
                    for (int i = 0; i < u.rows(); i++) {
                        double r = pr * u.re(i, i) - pi * u.im(i, i);
                        pi = pr * u.im(i, i) + pi * u.re(i, i);
                        pr = r;
                    }
                    long[] at = index(det, member);
                    TensorRead d = host(s, det);
                    double scale = 1 + Math.hypot(pr, pi);
                    assertThat(d.getReal(at)).as("Re det").isCloseTo(pr, org.assertj.core.data.Offset.offset(tol * scale));
                    assertThat(d.getImag(at)).as("Im det").isCloseTo(pi, org.assertj.core.data.Offset.offset(tol * scale));
                    double modulus = Math.exp(host(s, logs.logAbsDet()).getReal(at));
                    TensorRead sign = host(s, logs.sign());
                    assertThat(Math.hypot(sign.getReal(at), sign.getImag(at))).isCloseTo(1,
                            org.assertj.core.data.Offset.offset(tol));
                    assertThat(modulus * sign.getReal(at)).as("sign·exp(logAbsDet) = det")
                            .isCloseTo(pr, org.assertj.core.data.Offset.offset(tol * scale));
                }
                return null;
            });
        });
    }

    @Test
    void theInverseTimesTheMatrixIsTheIdentity() {
        requireKernels();
        forEachCase(25, CASES, ORDER, true, c -> {
            Tensor a = LinalgOracle.positiveDefinite(c); // well conditioned
            inSession(s -> {
                Tensor inverse = Linalg.inv(s, operand(s, a, c.layout()));
                double tol = tolerance(c.dtype(), c.m()) * 10;
                for (long member = 0; member < LinalgShapes.batchCount(a); member++) {
                    assertClose("A⁻¹·A = I", matrix(s, inverse, member).times(HostMatrix.read(a, false, member)),
                            HostMatrix.identity((int) c.m()), tol);
                }
                return null;
            });
        });
    }

    @Test
    void pinvSatisfiesTheFourMoorePenroseConditionsAlsoForRankDeficientMatrices() {
        requireKernels();
        forEachCase(26, CASES, ORDER, false, c -> {
            long r = Math.max(1, Math.min(c.m(), c.n()) - (c.seed() & 1)); // rank-deficient every other case
            Tensor left = LinalgOracle.random(c.dtype(), c.seed(), c.shapeOf(c.m(), r));
            Tensor right = LinalgOracle.random(c.dtype(), c.seed() + 7, c.shapeOf(r, c.n()));
            inSession(s -> {
                Tensor a = batchedProduct(left, right);
                Tensor p = Linalg.pinv(s, operand(s, a, c.layout()));
                assertThat(p.shape()).containsExactly(c.shapeOf(c.n(), c.m()));
                double tol = tolerance(c.dtype(), Math.max(c.m(), c.n())) * 1e3;
                for (long member = 0; member < LinalgShapes.batchCount(a); member++) {
                    HostMatrix am = HostMatrix.read(a, false, member);
                    HostMatrix pm = matrix(s, p, member);
                    HostMatrix ap = am.times(pm);
                    HostMatrix pa = pm.times(am);
                    assertClose("A·A⁺·A = A", ap.times(am), am, tol);
                    assertClose("A⁺·A·A⁺ = A⁺", pa.times(pm), pm, tol);
                    assertClose("(A·A⁺)ᴴ = A·A⁺", ap.adjoint(), ap, tol);
                    assertClose("(A⁺·A)ᴴ = A⁺·A", pa.adjoint(), pa, tol);
                }
                return null;
            });
        });
    }

    @Test
    void matrixAndVectorNormsMatchTheirDefinitions() {
        requireKernels();
        Tensor a = Tensor.fromRowMajor(DType.F64, new double[] {3, 0, 0, 0, -4, 0}, 2, 3); // S = {4, 3}
        Tensor z = Tensor.ofComplex(new double[] {3, 4, 0, 0, 1, 0}, 3);
        inSession(s -> {
            TensorRead x = s.to(a, s.placement());
            assertThat(scalar(s, Linalg.norm(s, x, MatrixNorm.FROBENIUS))).isCloseTo(5, within(1e-12));
            assertThat(scalar(s, Linalg.norm(s, x, MatrixNorm.NUCLEAR))).isCloseTo(7, within(1e-12));
            assertThat(scalar(s, Linalg.norm(s, x, MatrixNorm.SPECTRAL))).isCloseTo(4, within(1e-12));
            assertThat(scalar(s, Linalg.norm(s, x, MatrixNorm.MAX_COLUMN_SUM))).isCloseTo(4, within(0));
            assertThat(scalar(s, Linalg.norm(s, x, MatrixNorm.MAX_ROW_SUM))).isCloseTo(4, within(0));
            TensorRead v = s.to(z, s.placement()); // moduli 5, 0, 1
            assertThat(scalar(s, Linalg.norm(s, v, 2))).isCloseTo(Math.sqrt(26), within(1e-12));
            assertThat(scalar(s, Linalg.norm(s, v, 1))).isCloseTo(6, within(1e-12));
            assertThat(scalar(s, Linalg.norm(s, v, 3))).isCloseTo(Math.cbrt(126), within(1e-12));
            assertThat(scalar(s, Linalg.norm(s, v, Double.POSITIVE_INFINITY))).isCloseTo(5, within(0));
            assertThat(scalar(s, Linalg.norm(s, v, Double.NEGATIVE_INFINITY))).isCloseTo(0, within(0));
            assertThat(scalar(s, Linalg.norm(s, v, 0))).isCloseTo(2, within(0));
            Tensor columns = s.toHost(Linalg.norm(s, x, 2, 0));
            assertThat(columns.f64Data()).containsExactly(3, 4, 0);
            return null;
        });
    }

    // ------------------------------------------------------------------ helpers

    private static org.assertj.core.data.Offset<Double> within(double tol) {
        return org.assertj.core.data.Offset.offset(tol);
    }

    private static double scalar(org.ferrite.api.session.BackendSession s, Tensor t) {
        assertThat(t.rank()).isZero();
        return s.toHost(t).getDouble();
    }

    private static long[] vectorShape(LinalgOracle.Case c) {
        long[] shape = new long[c.batch().length + 1];
        shape[0] = c.m();
        System.arraycopy(c.batch(), 0, shape, 1, c.batch().length);
        return shape;
    }

    /** @return a triangular matrix with a dominant diagonal (well conditioned), the other triangle random */
    private static Tensor wellConditionedTriangle(LinalgOracle.Case c, Triangle triangle) {
        Tensor t = LinalgOracle.random(c.dtype(), c.seed(), c.shapeOf(c.m(), c.m()));
        Tensor out = Tensor.zeros(c.dtype(), t.shape());
        for (long member = 0; member < LinalgShapes.batchCount(t); member++) {
            HostMatrix m = HostMatrix.read(t, false, member);
            for (int j = 0; j < m.cols(); j++) {
                for (int i = 0; i < m.rows(); i++) {
                    if (triangle == Triangle.LOWER ? i < j : i > j) {
                        m.set(i, j, 0, 0);
                    }
                }
                m.set(j, j, m.re(j, j) >= 0 ? m.re(j, j) + 2 : m.re(j, j) - 2, m.im(j, j));
            }
            m.write(out, false, member);
        }
        return out;
    }

    /** @return the member-wise products {@code left·right} (on the host) */
    private static Tensor batchedProduct(Tensor left, Tensor right) {
        Tensor out = Tensor.zeros(left.dtype(), LinalgShapes.matrixShape(left.dim(0), right.dim(1), left));
        for (long member = 0; member < LinalgShapes.batchCount(left); member++) {
            HostMatrix.read(left, false, member).times(HostMatrix.read(right, false, member)).write(out, false,
                    member);
        }
        return out;
    }
}
