package org.ferrite.cpu.internal.linalg.lapack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.cpu.internal.linalg.lapack.LapackTesting.assertSmall;

import java.util.SplittableRandom;
import org.ferrite.cpu.internal.linalg.option.Transpose;
import org.junit.jupiter.api.Test;

/** {@link Solve}: {@code op(A)·X = B} by fused LU; a singular A is reported and X left untouched. */
class SolveTest extends WorkspaceTest {

    static int solve(Kind kind, LapackWorkspace ws, Transpose trans, int n, int nrhs, Object a, int aOff, int lda,
            Object b, int bOff, int ldb, Object x, int xOff, int ldx) {
        switch (kind) {
            case F32:
                return Solve.f32(ws, trans, n, nrhs, (float[]) a, aOff, lda, (float[]) b, bOff, ldb, (float[]) x, xOff,
                        ldx);
            case F64:
                return Solve.f64(ws, trans, n, nrhs, (double[]) a, aOff, lda, (double[]) b, bOff, ldb, (double[]) x,
                        xOff, ldx);
            case C64:
                return Solve.c64(ws, trans, n, nrhs, (float[]) a, aOff, lda, (float[]) b, bOff, ldb, (float[]) x, xOff,
                        ldx);
            default:
                return Solve.c128(ws, trans, n, nrhs, (double[]) a, aOff, lda, (double[]) b, bOff, ldb, (double[]) x,
                        xOff, ldx);
        }
    }

    @Test
    void solvesEveryTransposeForEveryDtype() {
        LapackTesting.forEachSeedAndKind(24, (kind, rnd, what) -> {
            int n = LapackTesting.dimension(rnd);
            int nrhs = 1 + rnd.nextInt(5);
            Transpose trans = Transpose.values()[rnd.nextInt(3)];
            int aOff = LapackTesting.offset(rnd);
            int lda = LapackTesting.leading(n, rnd);
            int bOff = LapackTesting.offset(rnd);
            int ldb = LapackTesting.leading(n, rnd);
            int xOff = LapackTesting.offset(rnd);
            int ldx = LapackTesting.leading(n, rnd);
            what.append(trans).append(" n ").append(n).append(" nrhs ").append(nrhs).append(" lda ").append(lda);
            Object a = kind.store(CMatrix.random(n, n, kind.complex(), rnd), aOff, lda);
            Object b = kind.store(CMatrix.random(n, nrhs, kind.complex(), rnd), bOff, ldb);
            Object x = kind.allocate(xOff, ldx, nrhs);
            assertThat(solve(kind, ws, trans, n, nrhs, a, aOff, lda, b, bOff, ldb, x, xOff, ldx)).as("info").isZero();
            kind.assertUntouchedOutside("X", x, xOff, ldx, n, nrhs, kind.scalars());
            CMatrix matrix = kind.load(a, aOff, lda, n, n);
            CMatrix solution = kind.load(x, xOff, ldx, n, nrhs);
            assertSmall(kind, "op(A)·X − B",
                    LuSolveTest.apply(trans, matrix).times(solution).minus(kind.load(b, bOff, ldb, n, nrhs)), n,
                    matrix.norm() * solution.norm());
        });
    }

    @Test
    void aSingularMatrixIsReportedWithItsPivotAndXIsNotWritten() {
        for (Kind kind : Kind.values()) {
            CMatrix singular = new CMatrix(3, 3);
            System.arraycopy(new double[] {1, 2, 4, 0.5, 3, -1, 2, 4, 8}, 0, singular.re, 0, 9);
            Object a = kind.store(singular, 0, 3);
            Object b = kind.store(CMatrix.random(3, 1, kind.complex(), new SplittableRandom(1)), 0, 3);
            Object x = kind.allocate(0, 3, 1);
            assertThat(solve(kind, ws, Transpose.NONE, 3, 1, a, 0, 3, b, 0, 3, x, 0, 3)).as(kind + " info").isEqualTo(3);
            Kind.assertAllSentinel("X", x);
        }
    }

    @Test
    void oneByOneAndEmptySystems() {
        for (Kind kind : Kind.values()) {
            CMatrix one = new CMatrix(1, 1);
            one.re[0] = 4;
            CMatrix rhs = new CMatrix(1, 2);
            rhs.re[0] = 2;
            rhs.re[1] = -8;
            Object x = kind.allocate(0, 1, 2);
            assertThat(solve(kind, ws, Transpose.TRANSPOSE, 1, 2, kind.store(one, 0, 1), 0, 1, kind.store(rhs, 0, 1), 0,
                    1, x, 0, 1)).isZero();
            CMatrix solution = kind.load(x, 0, 1, 1, 2);
            assertThat(solution.re).as(kind + " 1x1").containsExactly(0.5, -2);
            Object empty = kind.allocate(0, 1, 1);
            assertThat(solve(kind, ws, Transpose.NONE, 0, 1, empty, 0, 1, empty, 0, 1, empty, 0, 1)).isZero();
            assertThat(solve(kind, ws, Transpose.NONE, 2, 0, kind.store(CMatrix.identity(2), 0, 2), 0, 2, empty, 0, 2,
                    empty, 0, 2)).isZero();
            Kind.assertAllSentinel("empty X", empty);
        }
    }

    @Test
    void aNanGivesANanSolutionAsDocumented() {
        for (Kind kind : Kind.values()) {
            CMatrix matrix = CMatrix.random(3, 3, kind.complex(), new SplittableRandom(2));
            matrix.re[matrix.index(2, 1)] = Double.NaN;
            Object x = kind.allocate(0, 3, 1);
            Object b = kind.store(CMatrix.random(3, 1, kind.complex(), new SplittableRandom(3)), 0, 3);
            assertThat(solve(kind, ws, Transpose.NONE, 3, 1, kind.store(matrix, 0, 3), 0, 3, b, 0, 3, x, 0, 3))
                    .as(kind + " info").isZero();
            assertThat(Double.isNaN(kind.load(x, 0, 3, 3, 1).norm())).as(kind + " NaN in x").isTrue();
        }
    }
}
