package org.ferrite.cpu.internal.linalg.lapack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.cpu.internal.linalg.lapack.LapackTesting.assertOrthonormalColumns;
import static org.ferrite.cpu.internal.linalg.lapack.LapackTesting.assertSmall;

import java.util.SplittableRandom;
import org.ferrite.cpu.internal.linalg.option.QrMode;
import org.junit.jupiter.api.Test;

/** {@link Qr}: {@code A = Q·R}, Q orthonormal, R upper trapezoidal, reduced / complete / R only. */
class QrTest extends WorkspaceTest {

    static int qr(Kind kind, LapackWorkspace ws, QrMode mode, int m, int n, Object a, int aOff, int lda, Object q,
            int qOff, int ldq, Object r, int rOff, int ldr) {
        switch (kind) {
            case F32:
                return Qr.f32(ws, mode, m, n, (float[]) a, aOff, lda, (float[]) q, qOff, ldq, (float[]) r, rOff, ldr);
            case F64:
                return Qr.f64(ws, mode, m, n, (double[]) a, aOff, lda, (double[]) q, qOff, ldq, (double[]) r, rOff, ldr);
            case C64:
                return Qr.c64(ws, mode, m, n, (float[]) a, aOff, lda, (float[]) q, qOff, ldq, (float[]) r, rOff, ldr);
            default:
                return Qr.c128(ws, mode, m, n, (double[]) a, aOff, lda, (double[]) q, qOff, ldq, (double[]) r, rOff, ldr);
        }
    }

    /** Q (null for R only), R and the input as stored. */
    private static final class Result {
        CMatrix a;
        CMatrix q;
        CMatrix r;
    }

    private Result run(Kind kind, QrMode mode, CMatrix matrix, SplittableRandom rnd, StringBuilder what) {
        int m = matrix.rows;
        int n = matrix.cols;
        int aOff = LapackTesting.offset(rnd);
        int lda = LapackTesting.leading(m, rnd);
        int qCols = mode.qColumns(m, n);
        int rRows = mode.rRows(m, n);
        int qOff = LapackTesting.offset(rnd);
        int ldq = LapackTesting.leading(m, rnd);
        int rOff = LapackTesting.offset(rnd);
        int ldr = LapackTesting.leading(rRows, rnd);
        what.append(mode).append(' ').append(m).append('x').append(n).append(" lda ").append(lda);
        Object a = kind.store(matrix, aOff, lda);
        Object q = kind.allocate(qOff, ldq, Math.max(1, qCols));
        Object r = kind.allocate(rOff, ldr, n);
        int info = qr(kind, ws, mode, m, n, a, aOff, lda, q, qOff, ldq, r, rOff, ldr);
        assertThat(info).as("info").isZero();
        Result result = new Result();
        result.a = kind.load(a, aOff, lda, m, n);
        result.r = kind.load(r, rOff, ldr, rRows, n);
        kind.assertUntouchedOutside("R", r, rOff, ldr, rRows, n, kind.scalars());
        if (mode == QrMode.R_ONLY) {
            Kind.assertAllSentinel("Q", q);
        } else {
            result.q = kind.load(q, qOff, ldq, m, qCols);
            kind.assertUntouchedOutside("Q", q, qOff, ldq, m, qCols, kind.scalars());
        }
        return result;
    }

    private static void assertFactorisation(Kind kind, Result r) {
        assertThat(r.r.offTriangle(true)).as("R below the diagonal").isZero();
        assertOrthonormalColumns(kind, "Q", r.q);
        assertSmall(kind, "Q·R − A", r.q.times(r.r).minus(r.a), Math.max(r.a.rows, r.a.cols), r.a.norm());
    }

    @Test
    void reducedAndCompleteFactorsReconstructTheMatrixForEveryDtype() {
        LapackTesting.forEachSeedAndKind(24, (kind, rnd, what) -> {
            CMatrix matrix = CMatrix.random(LapackTesting.dimension(rnd), LapackTesting.dimension(rnd), kind.complex(),
                    rnd);
            QrMode mode = rnd.nextBoolean() ? QrMode.REDUCED : QrMode.COMPLETE;
            Result r = run(kind, mode, matrix, rnd, what);
            assertThat(r.q.cols).isEqualTo(mode.qColumns(matrix.rows, matrix.cols));
            assertFactorisation(kind, r);
        });
    }

    @Test
    void rOnlyGivesTheReducedRAndNeverTouchesQ() {
        LapackTesting.forEachSeedAndKind(12, (kind, rnd, what) -> {
            CMatrix matrix = CMatrix.random(LapackTesting.dimension(rnd), LapackTesting.dimension(rnd), kind.complex(),
                    rnd);
            Result rOnly = run(kind, QrMode.R_ONLY, matrix, rnd, what);
            Result reduced = run(kind, QrMode.REDUCED, matrix, rnd, what.append(" / "));
            assertSmall(kind, "R(R only) − R(reduced)", rOnly.r.minus(reduced.r), matrix.cols, matrix.norm());
        });
    }

    @Test
    void edgeCasesFactorAsExpected() {
        for (Kind kind : Kind.values()) {
            SplittableRandom rnd = new SplittableRandom(kind.ordinal());
            StringBuilder what = new StringBuilder();
            CMatrix one = new CMatrix(1, 1);
            one.re[0] = 2;
            Result r = run(kind, QrMode.COMPLETE, one, rnd, what);
            assertFactorisation(kind, r);
            assertThat(Math.abs(r.r.re[0])).as(kind + " |R| of 1x1").isEqualTo(2);
            // a zero matrix: R = 0, Q still unitary (every reflector the identity)
            r = run(kind, QrMode.COMPLETE, new CMatrix(6, 3), rnd, what);
            assertFactorisation(kind, r);
            assertThat(r.r.norm()).as(kind + " R of a zero matrix").isZero();
            // rank deficient and already upper triangular
            CMatrix rank1 = CMatrix.random(5, 1, kind.complex(), rnd).times(CMatrix.random(1, 4, kind.complex(), rnd));
            assertFactorisation(kind, run(kind, QrMode.REDUCED, rank1, rnd, what));
            CMatrix upper = CMatrix.random(4, 4, kind.complex(), rnd).poisonTriangle(true);
            for (int i = 0; i < upper.re.length; i++) {
                upper.re[i] = Double.isNaN(upper.re[i]) ? 0 : upper.re[i];
                upper.im[i] = Double.isNaN(upper.im[i]) ? 0 : upper.im[i];
            }
            assertFactorisation(kind, run(kind, QrMode.REDUCED, upper, rnd, what));
            for (int[] shape : new int[][] {{0, 3}, {3, 0}, {0, 0}}) {
                for (QrMode mode : QrMode.values()) {
                    Result empty = run(kind, mode, new CMatrix(shape[0], shape[1]), rnd, what);
                    if (empty.q != null) {
                        assertOrthonormalColumns(kind, kind + " Q of an empty matrix", empty.q);
                    }
                }
            }
        }
    }

    @Test
    void aNanPropagatesIntoQAndRAsDocumented() {
        for (Kind kind : Kind.values()) {
            CMatrix matrix = CMatrix.random(4, 3, kind.complex(), new SplittableRandom(7));
            matrix.re[matrix.index(0, 0)] = Double.NaN;
            Object q = kind.allocate(0, 4, 3);
            Object r = kind.allocate(0, 3, 3);
            assertThat(qr(kind, ws, QrMode.REDUCED, 4, 3, kind.store(matrix, 0, 4), 0, 4, q, 0, 4, r, 0, 3)).isZero();
            assertThat(Double.isNaN(kind.load(r, 0, 3, 3, 3).norm())).as(kind + " NaN in R").isTrue();
        }
    }
}
