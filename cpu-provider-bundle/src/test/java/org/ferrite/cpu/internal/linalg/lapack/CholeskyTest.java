package org.ferrite.cpu.internal.linalg.lapack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.cpu.internal.linalg.lapack.LapackTesting.assertSmall;

import java.util.SplittableRandom;
import org.ferrite.cpu.internal.linalg.option.Triangle;
import org.junit.jupiter.api.Test;

/** {@link Cholesky}: {@code L·Lᴴ = A} / {@code Uᴴ·U = A}, one triangle read, not-positive-definite reported. */
class CholeskyTest extends WorkspaceTest {

    static int cholesky(Kind kind, LapackWorkspace ws, Triangle uplo, int n, Object a, int aOff, int lda, Object f,
            int fOff, int ldf) {
        switch (kind) {
            case F32:
                return Cholesky.f32(ws, uplo, n, (float[]) a, aOff, lda, (float[]) f, fOff, ldf);
            case F64:
                return Cholesky.f64(ws, uplo, n, (double[]) a, aOff, lda, (double[]) f, fOff, ldf);
            case C64:
                return Cholesky.c64(ws, uplo, n, (float[]) a, aOff, lda, (float[]) f, fOff, ldf);
            default:
                return Cholesky.c128(ws, uplo, n, (double[]) a, aOff, lda, (double[]) f, fOff, ldf);
        }
    }

    @Test
    void theFactorReproducesTheMatrixFromOneTriangleForEveryDtype() {
        LapackTesting.forEachSeedAndKind(24, (kind, rnd, what) -> {
            int n = LapackTesting.dimension(rnd);
            Triangle uplo = rnd.nextBoolean() ? Triangle.LOWER : Triangle.UPPER;
            int aOff = LapackTesting.offset(rnd);
            int lda = LapackTesting.leading(n, rnd);
            int fOff = LapackTesting.offset(rnd);
            int ldf = LapackTesting.leading(n, rnd);
            what.append(uplo).append(" n ").append(n).append(" lda ").append(lda);
            CMatrix matrix = CMatrix.randomPositiveDefinite(n, kind.complex(), rnd);
            // the other triangle is poisoned: reading it would put NaN into the factor
            Object a = kind.store(matrix.poisonTriangle(uplo == Triangle.UPPER), aOff, lda);
            Object f = kind.allocate(fOff, ldf, n);
            assertThat(cholesky(kind, ws, uplo, n, a, aOff, lda, f, fOff, ldf)).as("info").isZero();
            kind.assertUntouchedOutside("factor", f, fOff, ldf, n, n, kind.scalars());
            CMatrix factor = kind.load(f, fOff, ldf, n, n);
            assertThat(factor.offTriangle(uplo == Triangle.UPPER)).as("opposite triangle").isZero();
            for (int i = 0; i < n; i++) {
                assertThat(factor.re[factor.index(i, i)]).as("diagonal").isPositive();
                assertThat(factor.im[factor.index(i, i)]).as("diagonal imaginary part").isZero();
            }
            CMatrix product = uplo == Triangle.LOWER ? factor.times(factor.adjoint()) : factor.adjoint().times(factor);
            CMatrix stored = kind.load(kind.store(matrix, 0, n), 0, n, n, n);
            assertSmall(kind, "factor product − A", product.minus(stored), n, stored.norm());
        });
    }

    @Test
    void aMatrixThatIsNotPositiveDefiniteReportsTheFailingMinorAndWritesNothing() {
        for (Kind kind : Kind.values()) {
            for (Triangle uplo : Triangle.values()) {
                // diag(4, 1, -1, 2): the leading minor of order 3 is the first that is not positive definite
                CMatrix indefinite = CMatrix.diagonal(4, 4, new double[] {4, 1, -1, 2});
                Object f = kind.allocate(0, 4, 4);
                int info = cholesky(kind, ws, uplo, 4, kind.store(indefinite, 0, 4), 0, 4, f, 0, 4);
                assertThat(info).as("%s %s info", kind, uplo).isEqualTo(3);
                Kind.assertAllSentinel("factor", f);
                // a NaN on the diagonal: reference LAPACK reports the minor, OpenBLAS's C potrf factors on
                CMatrix nan = CMatrix.identity(3);
                nan.re[nan.index(1, 1)] = Double.NaN;
                Object g = kind.allocate(0, 3, 3);
                int nanInfo = cholesky(kind, ws, uplo, 3, kind.store(nan, 0, 3), 0, 3, g, 0, 3);
                if (nanInfo == 0) {
                    assertThat(Kind.get(g, kind.scalars() * 4)).as("%s %s NaN pivot", kind, uplo).isNaN();
                } else {
                    assertThat(nanInfo).as("%s %s NaN info", kind, uplo).isEqualTo(2);
                }
            }
        }
    }

    @Test
    void oneByOneAndEmpty() {
        for (Kind kind : Kind.values()) {
            CMatrix one = CMatrix.diagonal(1, 1, new double[] {9});
            Object f = kind.allocate(0, 1, 1);
            assertThat(cholesky(kind, ws, Triangle.LOWER, 1, kind.store(one, 0, 1), 0, 1, f, 0, 1)).isZero();
            assertThat(Kind.get(f, 0)).as(kind + " sqrt(9)").isEqualTo(3);
            Object empty = kind.allocate(0, 1, 1);
            assertThat(cholesky(kind, ws, Triangle.UPPER, 0, empty, 0, 1, empty, 0, 1)).isZero();
            Kind.assertAllSentinel("empty", empty);
        }
    }
}
