package org.ferrite.cpu.internal.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.cpu.internal.linalg.TierCases.assertClose;
import static org.ferrite.cpu.internal.linalg.TierCases.member;
import static org.ferrite.cpu.internal.linalg.TierCases.tolerance;

import java.util.ArrayList;
import java.util.List;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.linalg.Linalg;
import org.ferrite.linalg.Lu;
import org.ferrite.linalg.Side;
import org.ferrite.linalg.Transpose;
import org.ferrite.linalg.Triangle;
import org.ferrite.linalg.TriangularSolveOptions;
import org.ferrite.testkit.oracle.HostMatrix;
import org.ferrite.testkit.oracle.Values;
import org.junit.jupiter.api.Test;

/**
 * Every tier of the CPU linear algebra gives the same LU factorisations, solves, Cholesky factors and
 * triangular solves, for every floating dtype, 1×1 to 128×128 (tall and wide for LU), with batch axes
 * and strided inputs ({@link TierCases}): each tier's result is right (P·L·U = A, A·X = B, L·Lᴴ = A,
 * op(T)·X = B) and the tiers agree.
 */
class LinalgSolveTiersTest {

    @Test
    void everyTierGivesTheSameLuFactorisation() {
        TierCases.forEach(5, false, c -> {
            Tensor values = c.values();
            TensorRead a = c.laidOut(values);
            List<Lu> results = new ArrayList<>();
            for (CpuBackend tier : TierCases.tiers()) {
                results.add(tier.withSession(s -> Linalg.lu(s, a)));
            }
            double tol = tolerance(c.dtype(), Math.max(c.m(), c.n()));
            boolean single = c.dtype() == DType.F32 || c.dtype() == DType.C64;
            for (long member = 0; member < c.members(); member++) {
                HostMatrix want = member(values, false, member);
                Lu first = null;
                for (Lu f : results) {
                    HostMatrix p = member(f.p(), false, member);
                    HostMatrix l = member(f.l(), false, member);
                    HostMatrix u = member(f.u(), false, member);
                    assertClose("P·L·U = A", p.times(l).times(u), want, tol);
                    if (first == null) {
                        first = f;
                        continue;
                    }
                    HostMatrix pivots = member(f.pivots(), true, member);
                    HostMatrix firstPivots = member(first.pivots(), true, member);
                    // native single precision factors in float: a near-tie may pivot differently
                    if (!single || pivots.distance(firstPivots) == 0) {
                        assertThat(pivots.distance(firstPivots)).as("the same pivots").isZero();
                        assertClose("L of every tier", l, member(first.l(), false, member), tol * 100);
                        assertClose("U of every tier", u, member(first.u(), false, member), tol * 100);
                    }
                }
            }
        });
    }

    @Test
    void everyTierSolvesTheSameSystemsForEveryTranspose() {
        TierCases.forEach(6, true, c -> {
            Tensor matrices = wellConditioned(c);
            TensorRead a = c.laidOut(matrices);
            boolean vector = c.seed() % 2 == 0;
            Tensor rhs = Values.random(c.dtype(), c.seed() + 1, Values.Domain.ANY, vector ? vectorShape(c)
                    : c.shapeOf(c.m(), 3));
            Transpose op = Transpose.values()[(int) Math.floorMod(c.seed(), 3L)];
            List<Tensor> results = new ArrayList<>();
            for (CpuBackend tier : TierCases.tiers()) {
                results.add(tier.withSession(s -> Linalg.solve(s, a, c.laidOut(rhs), op)));
            }
            double tol = tolerance(c.dtype(), c.m()) * 10;
            for (long member = 0; member < c.members(); member++) {
                HostMatrix am = member(matrices, false, member);
                HostMatrix opA = op == Transpose.NONE ? am : am.transpose(op == Transpose.CONJUGATE_TRANSPOSE);
                HostMatrix b = member(rhs, vector, member);
                HostMatrix first = null;
                for (Tensor x : results) {
                    HostMatrix xm = member(x, vector, member);
                    assertClose(op + "(A)·X = B", opA.times(xm), b, tol);
                    if (first == null) {
                        first = xm;
                    } else {
                        assertClose("X of every tier", xm, first, tol);
                    }
                }
            }
        });
    }

    @Test
    void everyTierGivesTheSameCholeskyFactor() {
        TierCases.forEach(7, true, c -> {
            Tensor spd = positiveDefinite(c);
            Triangle triangle = c.seed() % 2 == 0 ? Triangle.LOWER : Triangle.UPPER;
            TensorRead a = c.laidOut(spd);
            List<Tensor> results = new ArrayList<>();
            for (CpuBackend tier : TierCases.tiers()) {
                results.add(tier.withSession(s -> Linalg.cholesky(s, a, triangle)));
            }
            double tol = tolerance(c.dtype(), c.m());
            for (long member = 0; member < c.members(); member++) {
                HostMatrix want = member(spd, false, member);
                HostMatrix first = null;
                for (Tensor factor : results) {
                    HostMatrix f = member(factor, false, member);
                    HostMatrix product = triangle == Triangle.LOWER ? f.times(f.adjoint()) : f.adjoint().times(f);
                    assertClose("factor product = A", product, want, tol);
                    if (first == null) {
                        first = f;
                    } else {
                        assertClose("factor of every tier", f, first, tol);
                    }
                }
            }
        });
    }

    @Test
    void everyTierSolvesTheSameTriangularSystemsOnEitherSide() {
        TierCases.forEach(8, true, c -> {
            Tensor t = wellConditioned(c);
            long variant = c.seed();
            TriangularSolveOptions options = new TriangularSolveOptions(Side.values()[(int) (variant & 1)],
                    Triangle.values()[(int) (variant >> 1 & 1)], Transpose.values()[(int) Math.floorMod(variant >> 2,
                            3L)], (variant >> 4 & 1) == 1);
            boolean vector = (variant >> 5 & 1) == 1;
            long[] bShape = vector ? vectorShape(c) : options.side() == Side.LEFT ? c.shapeOf(c.m(), 2)
                    : c.shapeOf(2, c.m());
            Tensor rhs = Values.random(c.dtype(), c.seed() + 1, Values.Domain.ANY, bShape);
            TensorRead a = c.laidOut(t);
            List<Tensor> results = new ArrayList<>();
            for (CpuBackend tier : TierCases.tiers()) {
                results.add(tier.withSession(s -> Linalg.triangularSolve(s, a, c.laidOut(rhs), options)));
            }
            double tol = tolerance(c.dtype(), c.m()) * 10;
            for (long member = 0; member < c.members(); member++) {
                HostMatrix first = null;
                for (Tensor x : results) {
                    HostMatrix xm = member(x, vector, member);
                    if (first == null) {
                        first = xm;
                    } else {
                        assertClose(options + ": X of every tier", xm, first, tol);
                    }
                }
            }
        });
    }

    private static long[] vectorShape(TierCases.Case c) {
        long[] shape = new long[c.batch().length + 1];
        shape[0] = c.m();
        System.arraycopy(c.batch(), 0, shape, 1, c.batch().length);
        return shape;
    }

    /** @return random members plus {@code 2·n} on the diagonal (well conditioned, triangles too) */
    private static Tensor wellConditioned(TierCases.Case c) {
        Tensor x = c.values();
        for (long member = 0; member < c.members(); member++) {
            HostMatrix m = member(x, false, member);
            for (int i = 0; i < m.rows(); i++) {
                m.set(i, i, m.re(i, i) + 2 * m.rows(), m.im(i, i));
            }
            m.write(x, false, member);
        }
        return x;
    }

    /** @return {@code X·Xᴴ + n·I} */
    private static Tensor positiveDefinite(TierCases.Case c) {
        Tensor x = c.values();
        Tensor p = Tensor.zeros(c.dtype(), x.shape());
        for (long member = 0; member < c.members(); member++) {
            HostMatrix m = member(x, false, member);
            HostMatrix g = m.times(m.adjoint());
            for (int i = 0; i < g.rows(); i++) {
                g.set(i, i, g.re(i, i) + c.m(), 0);
            }
            g.write(p, false, member);
        }
        return p;
    }
}
