package org.ferrite.cpu.internal.linalg.lapack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.SplittableRandom;

/**
 * Shared test scaffolding: the skip when no native LAPACK is installed, the seeded property loop that
 * names the failing case, and random layouts. Thread-safe (stateless).
 */
final class LapackTesting {
    private LapackTesting() {
    }

    /** Skips the calling test (or class) with the probe's reason when the tier is unavailable. */
    static void assumeLapack() {
        LapackLibrary library = LapackLibrary.get();
        assumeTrue(library.available(), () -> "no native LAPACK: " + library.description());
    }

    /** One random case of a property test. */
    interface Case {
        /**
         * @param kind the dtype
         * @param rnd the case's random source
         * @param what the case appends its shape and layout here first, for the failure message
         */
        void run(Kind kind, SplittableRandom rnd, StringBuilder what);
    }

    /**
     * Runs {@code body} for {@code seeds} seeds and every kind, in one test; a failure names the seed,
     * the kind and the case, so it can be replayed.
     *
     * @param seeds how many seeds
     * @param body the case
     */
    static void forEachSeedAndKind(int seeds, Case body) {
        for (int seed = 0; seed < seeds; seed++) {
            for (Kind kind : Kind.values()) {
                SplittableRandom rnd = new SplittableRandom(seed * 31L + kind.ordinal());
                StringBuilder what = new StringBuilder();
                try {
                    body.run(kind, rnd, what);
                } catch (AssertionError | RuntimeException e) {
                    throw new AssertionError("seed " + seed + ", " + kind + ", " + what + ": " + e.getMessage(), e);
                }
            }
        }
    }

    /** @return a dimension in 1..128, small sizes more often (half of them ≤ 8) */
    static int dimension(SplittableRandom rnd) {
        return rnd.nextBoolean() ? 1 + rnd.nextInt(8) : 1 + rnd.nextInt(128);
    }

    /** @return a leading dimension {@code ≥ max(1, rows)}, sometimes padded */
    static int leading(int rows, SplittableRandom rnd) {
        return Math.max(1, rows) + (rnd.nextBoolean() ? 0 : rnd.nextInt(4));
    }

    /** @return an offset in scalars, sometimes zero */
    static int offset(SplittableRandom rnd) {
        return rnd.nextBoolean() ? 0 : 1 + rnd.nextInt(5);
    }

    /**
     * Asserts {@code ‖residual‖_F ≤ kind.tolerance(n, scale)}.
     *
     * @param kind the dtype (its epsilon)
     * @param what the quantity, for the message
     * @param residual the difference that should vanish
     * @param n the problem's dimension
     * @param scale the size of the data ({@code ‖A‖_F})
     */
    static void assertSmall(Kind kind, String what, CMatrix residual, int n, double scale) {
        double norm = residual.norm();
        assertThat(norm).as("%s: ‖residual‖ = %.3g > %.3g", what, norm, kind.tolerance(n, scale))
                .isLessThanOrEqualTo(kind.tolerance(n, scale));
    }

    /** Asserts {@code QᴴQ = I} within the kind's tolerance. */
    static void assertOrthonormalColumns(Kind kind, String what, CMatrix q) {
        assertSmall(kind, what + ": QᴴQ − I", q.adjoint().times(q).minus(CMatrix.identity(q.cols)), q.rows, 1);
    }

    /** Asserts that {@code values} are in non-increasing ({@code descending}) or non-decreasing order. */
    static void assertSorted(String what, double[] values, boolean descending) {
        for (int i = 1; i < values.length; i++) {
            if (descending) {
                assertThat(values[i]).as("%s[%d] after %s", what, i, values[i - 1]).isLessThanOrEqualTo(values[i - 1]);
            } else {
                assertThat(values[i]).as("%s[%d] after %s", what, i, values[i - 1]).isGreaterThanOrEqualTo(values[i - 1]);
            }
        }
    }

    /** @return a unitary Householder reflector {@code I − 2·v·vᴴ/‖v‖²} of order {@code n} */
    static CMatrix reflector(int n, boolean complex, SplittableRandom rnd) {
        CMatrix v = CMatrix.random(n, 1, complex, rnd);
        double norm2 = v.norm() * v.norm();
        return CMatrix.identity(n).minus(v.times(v.adjoint()).scale(2 / norm2));
    }
}
