package org.ferrite.testkit.oracle;

import java.util.SplittableRandom;

/**
 * Seeded property checks for provider tests: one JUnit test runs a property over many generated
 * cases, each drawn from its own fixed seed, and a failure names the seed (and the case's number) that
 * reproduces it, so a test counts one contract, not one seed. The seeds are the same on every run.
 *
 * <pre>{@code
 * @Test
 * void everyReductionMatchesTheNaiveReference() {
 *     SeededCases.forEach(300, seed -> check(new SplittableRandom(seed)));
 * }
 * }</pre>
 *
 * <p>Thread-safe (stateless).
 */
public final class SeededCases {
    private static final long MASTER = 0x5EED_F3A1_7E5L;

    private SeededCases() {
    }

    /** One generated case. */
    @FunctionalInterface
    public interface Case {
        /**
         * @param seed the case's seed
         * @throws Exception if the property fails
         */
        void check(long seed) throws Exception;
    }

    /** A generated case that may not apply to what its seed drew. */
    @FunctionalInterface
    public interface Applicable {
        /**
         * @param seed the case's seed
         * @return false if the drawn case is outside the property's domain (not checked)
         * @throws Exception if the property fails
         */
        boolean check(long seed) throws Exception;
    }

    /**
     * One case of a generated list.
     *
     * @param <T> the case type
     */
    @FunctionalInterface
    public interface Each<T> {
        /**
         * @param item the case
         * @throws Exception if the property fails
         */
        void check(T item) throws Exception;
    }

    /**
     * Checks {@code body} for every case of a list generated up front (from a fixed seed), naming the
     * failing case by its {@code toString()}, which should be enough to reproduce it.
     *
     * @param <T> the case type
     * @param cases the cases, at least one
     * @param body the property
     * @throws AssertionError naming the first failing case, or if there is no case
     */
    public static <T> void forEachOf(Iterable<T> cases, Each<T> body) {
        int i = 0;
        for (T item : cases) {
            try {
                body.check(item);
            } catch (Exception | AssertionError e) {
                throw new AssertionError("case " + i + " (" + item + "): " + e.getMessage(), e);
            }
            i++;
        }
        if (i == 0) {
            throw new AssertionError("no case was generated");
        }
    }

    /**
     * Checks {@code body} for {@code count} reproducible seeds.
     *
     * @param count how many cases
     * @param body the property
     * @throws AssertionError naming the first failing case's seed
     */
    public static void forEach(int count, Case body) {
        forEachApplicable(count, count, seed -> {
            body.check(seed);
            return true;
        });
    }

    /**
     * Checks {@code body} for {@code count} reproducible seeds, of which at least {@code atLeast} must
     * apply, so that a generator drifting out of the property's domain fails instead of passing vacuously.
     *
     * @param count how many cases
     * @param atLeast how many must apply
     * @param body the property
     * @throws AssertionError naming the first failing case's seed, or if fewer than {@code atLeast} applied
     */
    public static void forEachApplicable(int count, int atLeast, Applicable body) {
        SplittableRandom master = new SplittableRandom(MASTER);
        int applied = 0;
        for (int i = 0; i < count; i++) {
            long seed = master.nextLong();
            try {
                applied += body.check(seed) ? 1 : 0;
            } catch (Exception | AssertionError e) {
                throw new AssertionError("case " + i + " of " + count + ", seed " + seed + "L: " + e.getMessage(), e);
            }
        }
        if (applied < atLeast) {
            throw new AssertionError("only " + applied + " of " + count + " generated cases applied; expected at least "
                    + atLeast);
        }
    }
}
