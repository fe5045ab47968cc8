package org.ferrite.api.testsupport;

import java.util.SplittableRandom;

/**
 * Seeded property checks: one JUnit test runs a property over many generated cases, each drawn from
 * its own fixed seed, and a failure names the seed (and the case's number) that reproduces it. The
 * master seed is fixed, so every run checks the same cases; a test counts one contract, not one seed.
 * (We do not use jqwik: since 1.10 its author asks that it not be used by AI coding agents, and this
 * code base is written with them.) The CPU provider's and the test-only providers' tests use the
 * conformance kit's {@code org.ferrite.testkit.oracle.SeededCases}, which works the same way; the API's tests
 * cannot depend on the kit, which is built after the API.
 */
public final class Seeds {
    private static final long MASTER = 0x5EED_F3A1_7E5L;

    private Seeds() {
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

    /**
     * A random shape of rank 0–4 with extents 0–4, the space the properties range over.
     *
     * @param rnd the case's generator
     * @return the shape
     */
    public static long[] shape(SplittableRandom rnd) {
        long[] shape = new long[rnd.nextInt(0, 5)];
        for (int a = 0; a < shape.length; a++) {
            shape[a] = rnd.nextInt(0, 5);
        }
        return shape;
    }
}
