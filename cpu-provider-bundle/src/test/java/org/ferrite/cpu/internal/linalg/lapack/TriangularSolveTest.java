package org.ferrite.cpu.internal.linalg.lapack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.cpu.internal.linalg.lapack.LapackTesting.assertSmall;

import java.util.SplittableRandom;
import org.ferrite.cpu.internal.linalg.option.Diagonal;
import org.ferrite.cpu.internal.linalg.option.Transpose;
import org.ferrite.cpu.internal.linalg.option.Triangle;
import org.junit.jupiter.api.Test;

/** {@link TriangularSolve}: {@code op(A)·X = B} for every triangle, transpose and diagonal kind. */
class TriangularSolveTest extends WorkspaceTest {

    static int trsv(Kind kind, LapackWorkspace ws, Triangle uplo, Transpose trans, Diagonal diag, int n, int nrhs,
            Object a, int aOff, int lda, Object b, int bOff, int ldb, Object x, int xOff, int ldx) {
        switch (kind) {
            case F32:
                return TriangularSolve.f32(ws, uplo, trans, diag, n, nrhs, (float[]) a, aOff, lda, (float[]) b, bOff, ldb,
                        (float[]) x, xOff, ldx);
            case F64:
                return TriangularSolve.f64(ws, uplo, trans, diag, n, nrhs, (double[]) a, aOff, lda, (double[]) b, bOff,
                        ldb, (double[]) x, xOff, ldx);
            case C64:
                return TriangularSolve.c64(ws, uplo, trans, diag, n, nrhs, (float[]) a, aOff, lda, (float[]) b, bOff, ldb,
                        (float[]) x, xOff, ldx);
            default:
                return TriangularSolve.c128(ws, uplo, trans, diag, n, nrhs, (double[]) a, aOff, lda, (double[]) b, bOff,
                        ldb, (double[]) x, xOff, ldx);
        }
    }

    /** @return the triangle of {@code a} as a full matrix, the diagonal replaced by ones if {@code unit} */
    private static CMatrix triangle(CMatrix a, Triangle uplo, Diagonal diag) {
        CMatrix t = new CMatrix(a.rows, a.cols);
        for (int j = 0; j < a.cols; j++) {
            for (int i = 0; i < a.rows; i++) {
                boolean inside = uplo == Triangle.LOWER ? i >= j : i <= j;
                if (i == j && diag == Diagonal.UNIT) {
                    t.re[t.index(i, j)] = 1;
                } else if (inside) {
                    t.re[t.index(i, j)] = a.re[a.index(i, j)];
                    t.im[t.index(i, j)] = a.im[a.index(i, j)];
                }
            }
        }
        return t;
    }

    @Test
    void solvesEveryTriangleTransposeAndDiagonalForEveryDtype() {
        LapackTesting.forEachSeedAndKind(32, (kind, rnd, what) -> {
            int n = LapackTesting.dimension(rnd);
            int nrhs = 1 + rnd.nextInt(4);
            Triangle uplo = Triangle.values()[rnd.nextInt(2)];
            Transpose trans = Transpose.values()[rnd.nextInt(3)];
            Diagonal diag = Diagonal.values()[rnd.nextInt(2)];
            int aOff = LapackTesting.offset(rnd);
            int lda = LapackTesting.leading(n, rnd);
            int ldb = LapackTesting.leading(n, rnd);
            what.append(uplo).append(' ').append(trans).append(' ').append(diag).append(" n ").append(n)
                    .append(" nrhs ").append(nrhs);
            // a well-conditioned triangle: unit-sized off-diagonal entries, a dominant diagonal
            CMatrix matrix = CMatrix.random(n, n, kind.complex(), rnd).scale(1.0 / n).plus(CMatrix.identity(n).scale(2));
            // the opposite triangle (and, for a unit diagonal, the diagonal) is poisoned: it must not be read
            CMatrix poisoned = matrix.poisonTriangle(uplo == Triangle.UPPER);
            if (diag == Diagonal.UNIT) {
                for (int i = 0; i < n; i++) {
                    poisoned.re[poisoned.index(i, i)] = Double.NaN;
                }
            }
            Object a = kind.store(poisoned, aOff, lda);
            Object b = kind.store(CMatrix.random(n, nrhs, kind.complex(), rnd), 0, ldb);
            Object x = kind.allocate(1, ldb, nrhs);
            assertThat(trsv(kind, ws, uplo, trans, diag, n, nrhs, a, aOff, lda, b, 0, ldb, x, 1, ldb)).as("info")
                    .isZero();
            kind.assertUntouchedOutside("X", x, 1, ldb, n, nrhs, kind.scalars());
            CMatrix t = LuSolveTest.apply(trans, triangle(kind.load(kind.store(matrix, 0, n), 0, n, n, n), uplo, diag));
            CMatrix solution = kind.load(x, 1, ldb, n, nrhs);
            assertSmall(kind, "op(T)·X − B", t.times(solution).minus(kind.load(b, 0, ldb, n, nrhs)), n,
                    t.norm() * solution.norm());
        });
    }

    @Test
    void aZeroOnANonUnitDiagonalIsReportedAndXIsNotWritten() {
        for (Kind kind : Kind.values()) {
            CMatrix singular = CMatrix.diagonal(3, 3, new double[] {1, 0, 2});
            Object x = kind.allocate(0, 3, 1);
            Object b = kind.store(CMatrix.random(3, 1, kind.complex(), new SplittableRandom(1)), 0, 3);
            assertThat(trsv(kind, ws, Triangle.LOWER, Transpose.NONE, Diagonal.NON_UNIT, 3, 1, kind.store(singular, 0, 3),
                    0, 3, b, 0, 3, x, 0, 3)).as(kind + " info").isEqualTo(2);
            Kind.assertAllSentinel("X", x);
            // with a unit diagonal the zero is never read
            assertThat(trsv(kind, ws, Triangle.LOWER, Transpose.NONE, Diagonal.UNIT, 3, 1, kind.store(singular, 0, 3),
                    0, 3, b, 0, 3, x, 0, 3)).as(kind + " info, unit diagonal").isZero();
            assertThat(kind.load(x, 0, 3, 3, 1).minus(kind.load(b, 0, 3, 3, 1)).norm()).isZero();
        }
    }

    @Test
    void aNanGivesANanSolutionAsDocumented() {
        for (Kind kind : Kind.values()) {
            CMatrix lower = CMatrix.identity(3);
            lower.re[lower.index(2, 0)] = Double.NaN;
            Object x = kind.allocate(0, 3, 1);
            Object b = kind.store(CMatrix.identity(3).columns(0, 1), 0, 3);
            assertThat(trsv(kind, ws, Triangle.LOWER, Transpose.NONE, Diagonal.NON_UNIT, 3, 1, kind.store(lower, 0, 3), 0,
                    3, b, 0, 3, x, 0, 3)).isZero();
            assertThat(Double.isNaN(kind.load(x, 0, 3, 3, 1).norm())).as(kind + " NaN in x").isTrue();
        }
    }
}
