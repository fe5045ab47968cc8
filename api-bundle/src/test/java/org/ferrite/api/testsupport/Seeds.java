package org.ferrite.api.testsupport;

import java.util.SplittableRandom;
import java.util.stream.LongStream;

/**
 * Fixed seeds for generated (property-style) test cases: each case is a JUnit parameter, printed in
 * its display name, so a failure is reproduced by re-running that one seed. The master seed is fixed,
 * so every run checks the same cases. (We do not use jqwik: since 1.10 its author asks that it not be
 * used by AI coding agents, and this code base is written with them.)
 */
public final class Seeds {
    private static final long MASTER = 0x5EED_F3A1_7E5L;

    private Seeds() {
    }

    /**
     * @param count how many cases
     * @return {@code count} reproducible seeds
     */
    public static LongStream of(int count) {
        SplittableRandom master = new SplittableRandom(MASTER);
        return LongStream.generate(master::nextLong).limit(count);
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
