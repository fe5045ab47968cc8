package org.ferrite.cpu.internal.linalg.lapack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;
import static org.ferrite.cpu.internal.linalg.lapack.LapackTesting.assertOrthonormalColumns;
import static org.ferrite.cpu.internal.linalg.lapack.LapackTesting.assertSmall;
import static org.ferrite.cpu.internal.linalg.lapack.LapackTesting.assertSorted;

import java.util.SplittableRandom;
import org.ferrite.cpu.internal.linalg.option.Triangle;
import org.junit.jupiter.api.Test;

/** {@link Eigh}: {@code A = V·diag(λ)·Vᴴ}, λ ascending, V orthonormal, one triangle read. */
class EighTest extends WorkspaceTest {

    static int eigh(Kind kind, LapackWorkspace ws, Triangle uplo, boolean vectors, int n, Object a, int aOff, int lda,
            Object w, int wOff, Object v, int vOff, int ldv) {
        switch (kind) {
            case F32:
                return Eigh.f32(ws, uplo, vectors, n, (float[]) a, aOff, lda, (float[]) w, wOff, (float[]) v, vOff, ldv);
            case F64:
                return Eigh.f64(ws, uplo, vectors, n, (double[]) a, aOff, lda, (double[]) w, wOff, (double[]) v, vOff,
                        ldv);
            case C64:
                return Eigh.c64(ws, uplo, vectors, n, (float[]) a, aOff, lda, (float[]) w, wOff, (float[]) v, vOff, ldv);
            default:
                return Eigh.c128(ws, uplo, vectors, n, (double[]) a, aOff, lda, (double[]) w, wOff, (double[]) v, vOff,
                        ldv);
        }
    }

    /** Runs eigh with a random layout and the other triangle poisoned; checks the decomposition; returns λ. */
    private double[] decompose(Kind kind, CMatrix matrix, boolean vectors, SplittableRandom rnd, StringBuilder what) {
        int n = matrix.rows;
        Triangle uplo = rnd.nextBoolean() ? Triangle.LOWER : Triangle.UPPER;
        int aOff = LapackTesting.offset(rnd);
        int lda = LapackTesting.leading(n, rnd);
        int wOff = LapackTesting.offset(rnd);
        int vOff = LapackTesting.offset(rnd);
        int ldv = LapackTesting.leading(n, rnd);
        what.append(uplo).append(vectors ? " vectors" : " values").append(" n ").append(n).append(" lda ").append(lda);
        Object a = kind.store(matrix.poisonTriangle(uplo == Triangle.UPPER), aOff, lda);
        Object w = kind.allocateReal(wOff, n);
        Object v = kind.allocate(vOff, ldv, n);
        assertThat(eigh(kind, ws, uplo, vectors, n, a, aOff, lda, w, wOff, v, vOff, ldv)).as("info").isZero();
        kind.assertUntouchedOutside("w", w, wOff, n, n, 1, 1);
        double[] lambda = Kind.loadReal(w, wOff, n);
        assertSorted("λ", lambda, false);
        if (!vectors) {
            Kind.assertAllSentinel("V", v);
            return lambda;
        }
        kind.assertUntouchedOutside("V", v, vOff, ldv, n, n, kind.scalars());
        CMatrix vecs = kind.load(v, vOff, ldv, n, n);
        CMatrix stored = kind.load(kind.store(matrix, 0, n), 0, n, n, n);
        assertOrthonormalColumns(kind, "V", vecs);
        assertSmall(kind, "V·diag(λ)·Vᴴ − A", vecs.times(CMatrix.diagonal(n, n, lambda)).times(vecs.adjoint())
                .minus(stored), n, stored.norm());
        return lambda;
    }

    @Test
    void vectorsDiagonaliseTheMatrixWithAscendingValuesForEveryDtype() {
        LapackTesting.forEachSeedAndKind(24, (kind, rnd, what) ->
                decompose(kind, CMatrix.randomHermitian(LapackTesting.dimension(rnd), kind.complex(), rnd), true, rnd,
                        what));
    }

    @Test
    void valuesOnlyMatchTheValuesOfTheFullDecomposition() {
        LapackTesting.forEachSeedAndKind(12, (kind, rnd, what) -> {
            CMatrix matrix = CMatrix.randomHermitian(LapackTesting.dimension(rnd), kind.complex(), rnd);
            double[] values = decompose(kind, matrix, false, rnd, what);
            double[] full = decompose(kind, matrix, true, rnd, what.append(" / "));
            for (int i = 0; i < values.length; i++) {
                assertThat(values[i]).as("λ%d", i).isCloseTo(full[i], offset(kind.tolerance(matrix.rows, matrix.norm())));
            }
        });
    }

    @Test
    void edgeCasesHaveTheirKnownEigenvalues() {
        for (Kind kind : Kind.values()) {
            SplittableRandom rnd = new SplittableRandom(kind.ordinal());
            StringBuilder what = new StringBuilder();
            assertThat(decompose(kind, CMatrix.diagonal(1, 1, new double[] {-2}), true, rnd, what)).containsExactly(-2);
            assertThat(decompose(kind, new CMatrix(3, 3), true, rnd, what)).containsOnly(0.0);
            assertThat(decompose(kind, CMatrix.diagonal(4, 4, new double[] {3, -1, 2, -1}), true, rnd, what))
                    .containsExactly(-1, -1, 2, 3);
            // a reflector has eigenvalues -1 (once) and 1 (n - 1 times): a repeated eigenvalue
            double[] lambda = decompose(kind, LapackTesting.reflector(5, kind.complex(), rnd), true, rnd, what);
            assertThat(lambda).containsExactly(new double[] {-1, 1, 1, 1, 1}, offset(kind.tolerance(5, 1)));
            assertThat(decompose(kind, new CMatrix(0, 0), true, rnd, what)).isEmpty();
        }
    }

    @Test
    void aNanGivesANanResultOrAConvergenceFailureAsDocumented() {
        for (Kind kind : Kind.values()) {
            CMatrix matrix = CMatrix.randomHermitian(5, kind.complex(), new SplittableRandom(4));
            matrix.re[matrix.index(3, 1)] = Double.NaN;
            Object w = kind.allocateReal(0, 5);
            Object v = kind.allocate(0, 5, 5);
            int info = eigh(kind, ws, Triangle.LOWER, true, 5, kind.store(matrix, 0, 5), 0, 5, w, 0, v, 0, 5);
            if (info == 0) {
                assertThat(Kind.loadReal(w, 0, 5)).as(kind + " eigenvalues").contains(Double.NaN);
            } else {
                assertThat(info).as(kind + " info").isPositive();
            }
        }
    }
}
