package org.ferrite.cpu.internal.linalg.lapack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;
import static org.ferrite.cpu.internal.linalg.lapack.LapackTesting.assertOrthonormalColumns;
import static org.ferrite.cpu.internal.linalg.lapack.LapackTesting.assertSmall;
import static org.ferrite.cpu.internal.linalg.lapack.LapackTesting.assertSorted;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.ferrite.cpu.internal.linalg.option.SvdJob;
import org.junit.jupiter.api.Test;

/** {@link Svd}: {@code A = U·diag(S)·Vᴴ} for every dtype, shapes 1×1 to 128×128, padded layouts. */
class SvdTest extends WorkspaceTest {

    static int svd(Kind kind, LapackWorkspace ws, SvdJob job, int m, int n, Object a, int aOff, int lda, Object s,
            int sOff, Object u, int uOff, int ldu, Object vt, int vtOff, int ldvt) {
        switch (kind) {
            case F32:
                return Svd.f32(ws, job, m, n, (float[]) a, aOff, lda, (float[]) s, sOff, (float[]) u, uOff, ldu,
                        (float[]) vt, vtOff, ldvt);
            case F64:
                return Svd.f64(ws, job, m, n, (double[]) a, aOff, lda, (double[]) s, sOff, (double[]) u, uOff, ldu,
                        (double[]) vt, vtOff, ldvt);
            case C64:
                return Svd.c64(ws, job, m, n, (float[]) a, aOff, lda, (float[]) s, sOff, (float[]) u, uOff, ldu,
                        (float[]) vt, vtOff, ldvt);
            default:
                return Svd.c128(ws, job, m, n, (double[]) a, aOff, lda, (double[]) s, sOff, (double[]) u, uOff, ldu,
                        (double[]) vt, vtOff, ldvt);
        }
    }

    /** The outputs of one call, loaded back, with the input as the layer saw it. */
    private static final class Result {
        CMatrix a;
        double[] s;
        CMatrix u;
        CMatrix vt;
        int info;
    }

    private Result run(Kind kind, SvdJob job, CMatrix matrix, SplittableRandom rnd, StringBuilder what) {
        int m = matrix.rows;
        int n = matrix.cols;
        int aOff = LapackTesting.offset(rnd);
        int lda = LapackTesting.leading(m, rnd);
        int uCols = job.uColumns(m, n);
        int vtRows = job.vtRows(m, n);
        int uOff = LapackTesting.offset(rnd);
        int ldu = LapackTesting.leading(m, rnd);
        int vtOff = LapackTesting.offset(rnd);
        int ldvt = LapackTesting.leading(vtRows, rnd);
        int sOff = LapackTesting.offset(rnd);
        what.append(job).append(' ').append(m).append('x').append(n).append(" lda ").append(lda).append(" off ")
                .append(aOff);
        Object a = kind.store(matrix, aOff, lda);
        Object before = kind.store(matrix, aOff, lda);
        Object s = kind.allocateReal(sOff, Math.min(m, n));
        Object u = kind.allocate(uOff, ldu, Math.max(uCols, 1));
        Object vt = kind.allocate(vtOff, ldvt, n);
        Result r = new Result();
        r.info = svd(kind, ws, job, m, n, a, aOff, lda, s, sOff, u, uOff, ldu, vt, vtOff, ldvt);
        assertThat(equalArrays(a, before)).as("A is read only").isTrue();
        r.a = kind.load(a, aOff, lda, m, n);
        r.s = Kind.loadReal(s, sOff, Math.min(m, n));
        if (r.info == 0 && job != SvdJob.VALUES) {
            r.u = kind.load(u, uOff, ldu, m, uCols);
            r.vt = kind.load(vt, vtOff, ldvt, vtRows, n);
            kind.assertUntouchedOutside("U", u, uOff, ldu, m, uCols, kind.scalars());
            kind.assertUntouchedOutside("Vᴴ", vt, vtOff, ldvt, vtRows, n, kind.scalars());
        } else {
            Kind.assertAllSentinel("U", u);
            Kind.assertAllSentinel("Vᴴ", vt);
        }
        kind.assertUntouchedOutside("S", s, sOff, Math.min(m, n), Math.min(m, n), 1, 1);
        return r;
    }

    private static boolean equalArrays(Object x, Object y) {
        return x instanceof double[] ? Arrays.equals((double[]) x, (double[]) y) : Arrays.equals((float[]) x, (float[]) y);
    }

    /** Checks the decomposition of {@code r} (info 0, sorted S, orthonormal factors, reconstruction). */
    private static void assertDecomposition(Kind kind, SvdJob job, Result r) {
        int m = r.a.rows;
        int n = r.a.cols;
        int k = Math.min(m, n);
        assertThat(r.info).as("info").isZero();
        assertSorted("S", r.s, true);
        for (double value : r.s) {
            assertThat(value).as("singular value").isGreaterThanOrEqualTo(0);
        }
        assertOrthonormalColumns(kind, "U", r.u);
        assertOrthonormalColumns(kind, "V", r.vt.adjoint());
        CMatrix usv = r.u.columns(0, k).times(CMatrix.diagonal(k, k, r.s)).times(r.vt.adjoint().columns(0, k).adjoint());
        assertSmall(kind, "U·S·Vᴴ − A", usv.minus(r.a), Math.max(m, n), r.a.norm());
        assertThat(r.u.cols).isEqualTo(job.uColumns(m, n));
    }

    @Test
    void thinAndFullFactorsReconstructTheMatrixWithDescendingValuesForEveryDtype() {
        LapackTesting.forEachSeedAndKind(24, (kind, rnd, what) -> {
            CMatrix matrix = CMatrix.random(LapackTesting.dimension(rnd), LapackTesting.dimension(rnd), kind.complex(),
                    rnd);
            SvdJob job = rnd.nextBoolean() ? SvdJob.THIN : SvdJob.FULL;
            assertDecomposition(kind, job, run(kind, job, matrix, rnd, what));
        });
    }

    @Test
    void valuesOnlyMatchesTheDecompositionAndNeverTouchesTheVectors() {
        LapackTesting.forEachSeedAndKind(16, (kind, rnd, what) -> {
            CMatrix matrix = CMatrix.random(LapackTesting.dimension(rnd), LapackTesting.dimension(rnd), kind.complex(),
                    rnd);
            Result values = run(kind, SvdJob.VALUES, matrix, rnd, what);
            Result thin = run(kind, SvdJob.THIN, matrix, rnd, what.append(" / "));
            assertThat(values.info).isZero();
            double[] difference = new double[values.s.length];
            for (int i = 0; i < difference.length; i++) {
                difference[i] = values.s[i] - thin.s[i];
            }
            CMatrix asColumn = CMatrix.diagonal(difference.length, difference.length, difference);
            assertSmall(kind, "S(values only) − S(thin)", asColumn, Math.max(matrix.rows, matrix.cols), values.a.norm());
        });
    }

    @Test
    void edgeCasesHaveTheirKnownSingularValues() {
        for (Kind kind : Kind.values()) {
            SplittableRandom rnd = new SplittableRandom(kind.ordinal());
            StringBuilder what = new StringBuilder();
            // 1×1: σ = |a|
            CMatrix one = new CMatrix(1, 1);
            one.re[0] = -3;
            one.im[0] = kind.complex() ? 4 : 0;
            Result r = run(kind, SvdJob.FULL, one, rnd, what);
            assertDecomposition(kind, SvdJob.FULL, r);
            assertThat(r.s[0]).as(kind + " |a|").isCloseTo(kind.complex() ? 5 : 3, offset(1e-5));
            // zero matrix: every σ = 0, the factors still orthonormal
            r = run(kind, SvdJob.FULL, new CMatrix(5, 3), rnd, what);
            assertDecomposition(kind, SvdJob.FULL, r);
            assertThat(r.s).as(kind + " zero matrix").containsOnly(0.0);
            // rank 2 of 7×6: σ₃… vanish
            CMatrix rank2 = CMatrix.random(7, 2, kind.complex(), rnd).times(CMatrix.random(2, 6, kind.complex(), rnd));
            r = run(kind, SvdJob.THIN, rank2, rnd, what);
            assertDecomposition(kind, SvdJob.THIN, r);
            for (int i = 2; i < r.s.length; i++) {
                assertThat(r.s[i]).as(kind + " σ" + i + " of a rank-2 matrix").isLessThan(kind.tolerance(7, r.a.norm()));
            }
            // a scaled unitary matrix: six identical singular values 3
            r = run(kind, SvdJob.THIN, LapackTesting.reflector(6, kind.complex(), rnd).scale(3), rnd, what);
            assertDecomposition(kind, SvdJob.THIN, r);
            for (double value : r.s) {
                assertThat(value).as(kind + " identical singular values").isCloseTo(3, offset(kind.tolerance(6, 3)));
            }
            // already diagonal: |d| sorted descending
            r = run(kind, SvdJob.THIN, CMatrix.diagonal(4, 4, new double[] {1, -5, 0.5, 2}), rnd, what);
            assertDecomposition(kind, SvdJob.THIN, r);
            assertThat(r.s).as(kind + " diagonal").containsExactly(new double[] {5, 2, 1, 0.5},
                    offset(1e-5));
        }
    }

    @Test
    void emptyMatricesSucceedWithoutWritingAnything() {
        for (Kind kind : Kind.values()) {
            for (int[] shape : new int[][] {{0, 3}, {3, 0}, {0, 0}}) {
                for (SvdJob job : SvdJob.values()) {
                    Result r = run(kind, job, new CMatrix(shape[0], shape[1]), new SplittableRandom(1), new StringBuilder());
                    assertThat(r.info).as("%s %s %dx%d", kind, job, shape[0], shape[1]).isZero();
                }
            }
        }
    }

    @Test
    void aNanEntryIsReportedAsInfoMinusFourAndNothingIsWritten() {
        for (Kind kind : Kind.values()) {
            CMatrix matrix = CMatrix.random(4, 3, kind.complex(), new SplittableRandom(2));
            matrix.re[5] = Double.NaN;
            Result r = run(kind, SvdJob.THIN, matrix, new SplittableRandom(3), new StringBuilder());
            assertThat(r.info).as(kind + " info for NaN input").isEqualTo(-4);
            assertThat(r.s).as(kind + " S not written").containsOnly(Kind.SENTINEL);
        }
    }
}
