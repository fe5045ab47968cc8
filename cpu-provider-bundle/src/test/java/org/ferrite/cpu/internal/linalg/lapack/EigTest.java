package org.ferrite.cpu.internal.linalg.lapack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;
import static org.ferrite.cpu.internal.linalg.lapack.LapackTesting.assertSmall;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link Eig}: {@code A·V = V·diag(w)} with complex outputs for real and complex A. */
class EigTest extends WorkspaceTest {

    static int eig(Kind kind, LapackWorkspace ws, boolean vectors, int n, Object a, int aOff, int lda, Object w,
            int wOff, Object v, int vOff, int ldv) {
        switch (kind) {
            case F32:
                return Eig.f32(ws, vectors, n, (float[]) a, aOff, lda, (float[]) w, wOff, (float[]) v, vOff, ldv);
            case F64:
                return Eig.f64(ws, vectors, n, (double[]) a, aOff, lda, (double[]) w, wOff, (double[]) v, vOff, ldv);
            case C64:
                return Eig.c64(ws, vectors, n, (float[]) a, aOff, lda, (float[]) w, wOff, (float[]) v, vOff, ldv);
            default:
                return Eig.c128(ws, vectors, n, (double[]) a, aOff, lda, (double[]) w, wOff, (double[]) v, vOff, ldv);
        }
    }

    /** The eigenvalues (re, im) and, with vectors, the complex eigenvector matrix. */
    private static final class Result {
        double[] wr;
        double[] wi;
        CMatrix v;
    }

    private Result run(Kind kind, CMatrix matrix, boolean vectors, SplittableRandom rnd, StringBuilder what) {
        int n = matrix.rows;
        int aOff = LapackTesting.offset(rnd);
        int lda = LapackTesting.leading(n, rnd);
        int wOff = 2 * LapackTesting.offset(rnd);
        int vOff = 2 * LapackTesting.offset(rnd);
        int ldv = LapackTesting.leading(n, rnd);
        what.append(vectors ? "vectors" : "values").append(" n ").append(n).append(" lda ").append(lda);
        Object a = kind.store(matrix, aOff, lda);
        Object w = kind.allocateComplex(wOff, n);
        // the eigenvectors are complex whatever the input
        Kind complex = kind.type.single() ? Kind.C64 : Kind.C128;
        Object v = complex.allocate(vOff, ldv, n);
        assertThat(eig(kind, ws, vectors, n, a, aOff, lda, w, wOff, v, vOff, ldv)).as("info").isZero();
        complex.assertUntouchedOutside("w", w, wOff, n, n, 1, 2);
        Result r = new Result();
        CMatrix values = complex.load(w, wOff, n, n, 1);
        r.wr = values.re;
        r.wi = values.im;
        if (!vectors) {
            Kind.assertAllSentinel("V", v);
            return r;
        }
        complex.assertUntouchedOutside("V", v, vOff, ldv, n, n, 2);
        r.v = complex.load(v, vOff, ldv, n, n);
        CMatrix stored = kind.load(a, aOff, lda, n, n);
        assertSmall(kind, "A·V − V·diag(w)", stored.times(r.v).minus(r.v.scaleColumns(r.wr, r.wi)), n, stored.norm());
        for (int j = 0; j < n; j++) {
            assertThat(r.v.columns(j, j + 1).norm()).as("‖v%d‖", j).isCloseTo(1, offset(kind.tolerance(n, 1)));
        }
        if (!kind.complex()) {
            assertConjugatePairs(kind, r);
        }
        return r;
    }

    /** Real input: a complex eigenvalue is followed by its conjugate, and so is its eigenvector. */
    private static void assertConjugatePairs(Kind kind, Result r) {
        int n = r.wr.length;
        for (int j = 0; j < n; j++) {
            if (r.wi[j] == 0) {
                assertThat(r.v.columns(j, j + 1).im).as("eigenvector %d of a real eigenvalue", j).containsOnly(0.0);
                continue;
            }
            assertThat(r.wi[j]).as("first of a pair has Im > 0").isPositive();
            assertThat(r.wr[j + 1]).as("pair re").isEqualTo(r.wr[j]);
            assertThat(r.wi[j + 1]).as("pair im").isEqualTo(-r.wi[j]);
            CMatrix first = r.v.columns(j, j + 1);
            CMatrix second = r.v.columns(j + 1, j + 2);
            assertThat(second.re).as("pair vectors: same real part").containsExactly(first.re);
            assertThat(second.im).as("pair vectors: opposite imaginary part").containsExactly(first.scale(-1).im);
            j++;
        }
    }

    @Test
    void eigenvectorsSatisfyTheEigenEquationForEveryDtype() {
        LapackTesting.forEachSeedAndKind(24, (kind, rnd, what) -> run(kind, randomSquare(kind, rnd), true, rnd, what));
    }

    private static CMatrix randomSquare(Kind kind, SplittableRandom rnd) {
        int n = LapackTesting.dimension(rnd);
        return CMatrix.random(n, n, kind.complex(), rnd);
    }

    @Test
    void valuesOnlyFindTheSameEigenvalues() {
        LapackTesting.forEachSeedAndKind(12, (kind, rnd, what) -> {
            CMatrix matrix = randomSquare(kind, rnd);
            Result values = run(kind, matrix, false, rnd, what);
            Result full = run(kind, matrix, true, rnd, what.append(" / "));
            // the two paths run different Hessenberg QR variants: match each value to its nearest
            boolean[] taken = new boolean[full.wr.length];
            double tolerance = Math.sqrt(kind.eps()) * Math.max(1, matrix.norm());
            for (int i = 0; i < values.wr.length; i++) {
                int best = -1;
                for (int j = 0; j < full.wr.length; j++) {
                    if (!taken[j] && (best < 0 || distance(values, i, full, j) < distance(values, i, full, best))) {
                        best = j;
                    }
                }
                taken[best] = true;
                assertThat(distance(values, i, full, best)).as("λ%d = %s%+si", i, values.wr[i], values.wi[i])
                        .isLessThanOrEqualTo(tolerance);
            }
        });
    }

    private static double distance(Result x, int i, Result y, int j) {
        return Math.hypot(x.wr[i] - y.wr[j], x.wi[i] - y.wi[j]);
    }

    @Test
    void edgeCasesHaveTheirKnownEigenvalues() {
        for (Kind kind : Kind.values()) {
            SplittableRandom rnd = new SplittableRandom(kind.ordinal());
            StringBuilder what = new StringBuilder();
            Result r = run(kind, CMatrix.diagonal(1, 1, new double[] {-2}), true, rnd, what);
            assertThat(r.wr).containsExactly(-2);
            // a rotation by 90°: eigenvalues ±i, the +i one first for real input
            CMatrix rotation = new CMatrix(2, 2);
            rotation.re[1] = 1;
            rotation.re[2] = -1;
            r = run(kind, rotation, true, rnd, what);
            assertThat(r.wr).containsExactly(new double[] {0, 0}, offset(1e-6));
            double[] imaginary = r.wi.clone();
            java.util.Arrays.sort(imaginary);
            assertThat(imaginary).containsExactly(new double[] {-1, 1}, offset(1e-6));
            // a defective Jordan block: a double eigenvalue 1 with one eigenvector direction
            CMatrix jordan = CMatrix.identity(2);
            jordan.re[2] = 1;
            r = run(kind, jordan, true, rnd, what);
            assertThat(r.wr).containsExactly(1, 1);
            // zero, diagonal and empty
            assertThat(run(kind, new CMatrix(3, 3), true, rnd, what).wr).containsOnly(0.0);
            assertThat(run(kind, CMatrix.diagonal(3, 3, new double[] {2, -5, 7}), true, rnd, what).wr)
                    .containsExactlyInAnyOrder(2, -5, 7);
            assertThat(run(kind, new CMatrix(0, 0), true, rnd, what).wr).isEmpty();
        }
    }

    @Test
    void aNanIsReportedBeforeLapackRunsAndNothingIsWritten() {
        for (Kind kind : Kind.values()) {
            CMatrix matrix = CMatrix.random(5, 5, kind.complex(), new SplittableRandom(5));
            matrix.re[matrix.index(3, 1)] = Double.NaN;
            Object w = kind.allocateComplex(0, 5);
            Object v = (kind.type.single() ? Kind.C64 : Kind.C128).allocate(0, 5, 5);
            for (boolean vectors : new boolean[] {true, false}) {
                assertThat(eig(kind, ws, vectors, 5, kind.store(matrix, 0, 5), 0, 5, w, 0, v, 0, 5))
                        .as("%s info, vectors %s", kind, vectors).isEqualTo(Eig.NAN_INPUT);
                Kind.assertAllSentinel("w", w);
                Kind.assertAllSentinel("V", v);
            }
        }
    }
}
