package org.ferrite.cpu.internal.linalg.lapack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.cpu.internal.linalg.lapack.LapackTesting.assertSmall;

import java.util.SplittableRandom;
import org.ferrite.cpu.internal.linalg.option.Transpose;
import org.junit.jupiter.api.Test;

/** {@link LuSolve}: {@code op(A)·X = B} from the factors {@link Lu} wrote, for every {@link Transpose}. */
class LuSolveTest extends WorkspaceTest {

    static int luSolve(Kind kind, LapackWorkspace ws, Transpose trans, int n, int nrhs, Object lu, int luOff,
            int ldlu, int[] ipiv, int ipivOff, Object b, int bOff, int ldb, Object x, int xOff, int ldx) {
        switch (kind) {
            case F32:
                return LuSolve.f32(ws, trans, n, nrhs, (float[]) lu, luOff, ldlu, ipiv, ipivOff, (float[]) b, bOff, ldb,
                        (float[]) x, xOff, ldx);
            case F64:
                return LuSolve.f64(ws, trans, n, nrhs, (double[]) lu, luOff, ldlu, ipiv, ipivOff, (double[]) b, bOff,
                        ldb, (double[]) x, xOff, ldx);
            case C64:
                return LuSolve.c64(ws, trans, n, nrhs, (float[]) lu, luOff, ldlu, ipiv, ipivOff, (float[]) b, bOff, ldb,
                        (float[]) x, xOff, ldx);
            default:
                return LuSolve.c128(ws, trans, n, nrhs, (double[]) lu, luOff, ldlu, ipiv, ipivOff, (double[]) b, bOff,
                        ldb, (double[]) x, xOff, ldx);
        }
    }

    /** @return {@code op(a)} */
    static CMatrix apply(Transpose trans, CMatrix a) {
        return trans == Transpose.NONE ? a : trans == Transpose.TRANSPOSE ? a.transpose() : a.adjoint();
    }

    @Test
    void solvesEveryTransposeFromTheFactorsOfLuForEveryDtype() {
        LapackTesting.forEachSeedAndKind(16, (kind, rnd, what) -> {
            int n = LapackTesting.dimension(rnd);
            int nrhs = 1 + rnd.nextInt(4);
            Transpose trans = Transpose.values()[rnd.nextInt(3)];
            int ld = LapackTesting.leading(n, rnd);
            int off = LapackTesting.offset(rnd);
            what.append(trans).append(" n ").append(n).append(" nrhs ").append(nrhs).append(" ld ").append(ld);
            CMatrix matrix = CMatrix.random(n, n, kind.complex(), rnd);
            Object a = kind.store(matrix, off, ld);
            int[] ipiv = new int[n + 1];
            assertThat(LuTest.lu(kind, ws, n, n, a, off, ld, a, off, ld, ipiv, 1)).as("getrf info").isZero();
            CMatrix rhs = CMatrix.random(n, nrhs, kind.complex(), rnd);
            Object b = kind.store(rhs, off, ld);
            Object x = kind.allocate(0, n, nrhs);
            assertThat(luSolve(kind, ws, trans, n, nrhs, a, off, ld, ipiv, 1, b, off, ld, x, 0, n)).as("info").isZero();
            kind.assertUntouchedOutside("X", x, 0, n, n, nrhs, kind.scalars());
            CMatrix original = kind.load(kind.store(matrix, 0, n), 0, n, n, n);
            CMatrix solution = kind.load(x, 0, n, n, nrhs);
            CMatrix stored = kind.load(b, off, ld, n, nrhs);
            assertSmall(kind, "op(A)·X − B", apply(trans, original).times(solution).minus(stored), n,
                    original.norm() * solution.norm());
        });
    }

    @Test
    void theSolutionMayOverwriteTheRightHandSides() {
        for (Kind kind : Kind.values()) {
            SplittableRandom rnd = new SplittableRandom(kind.ordinal());
            CMatrix matrix = CMatrix.random(6, 6, kind.complex(), rnd).plus(CMatrix.identity(6).scale(6));
            Object a = kind.store(matrix, 0, 6);
            int[] ipiv = new int[6];
            LuTest.lu(kind, ws, 6, 6, a, 0, 6, a, 0, 6, ipiv, 0);
            CMatrix rhs = CMatrix.random(6, 2, kind.complex(), rnd);
            Object b = kind.store(rhs, 3, 7);
            assertThat(luSolve(kind, ws, Transpose.NONE, 6, 2, a, 0, 6, ipiv, 0, b, 3, 7, b, 3, 7)).isZero();
            CMatrix original = kind.load(kind.store(matrix, 0, 6), 0, 6, 6, 6);
            CMatrix stored = kind.load(kind.store(rhs, 0, 6), 0, 6, 6, 2);
            CMatrix solution = kind.load(b, 3, 7, 6, 2);
            assertSmall(kind, kind + " in place", original.times(solution).minus(stored), 6,
                    original.norm() * solution.norm());
        }
    }
}
