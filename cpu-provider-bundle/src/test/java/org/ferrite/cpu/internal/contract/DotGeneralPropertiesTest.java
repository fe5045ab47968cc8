package org.ferrite.cpu.internal.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.ferrite.api.tensor.DType;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.testkit.oracle.SeededCases;
import org.junit.jupiter.api.Test;

/**
 * Property: for any valid configuration — ranks 0–5, any mix of batch, contracting and free axes,
 * extents 0, 1 and up to 12, any operand and output layout (compact, permuted, reversed, stepped,
 * broadcast), any accumulation (alpha and beta 0, 1 or arbitrary, complex, conjugation) — on every route
 * and floating dtype, {@code dotGeneralAccumulate} equals the naive reference and writes nothing
 * outside its output. {@value #CASES} generated cases in one test, which names the seed that reproduces
 * a failure.
 */
class DotGeneralPropertiesTest {
    private static final DType[] FLOATING = {DType.F32, DType.F64, DType.C64, DType.C128};

    private static final int CASES = 300;

    @Test
    void dotGeneralMatchesTheNaiveReference() {
        Set<GemmRoute> routes = EnumSet.noneOf(GemmRoute.class);
        Set<DType> dtypes = EnumSet.noneOf(DType.class);
        int[] emptyOutputs = {0};
        SeededCases.forEach(CASES, seed -> {
            SplittableRandom rnd = new SplittableRandom(seed);
            GemmRoute route = GemmRoute.values()[rnd.nextInt(GemmRoute.values().length)];
            DType dtype = FLOATING[rnd.nextInt(FLOATING.length)];
            ContractionCase c = ContractionCase.random(dtype, rnd, 12);
            c.check(route, new TestKernelContext(route)); // asserts every element and the untouched storage
            routes.add(route);
            dtypes.add(dtype);
            emptyOutputs[0] += c.out.size() == 0 ? 1 : 0;
        });
        // the generator really spans what the property claims
        assertThat(routes).as("routes exercised").containsExactlyInAnyOrder(GemmRoute.values());
        assertThat(dtypes).as("dtypes exercised").containsExactlyInAnyOrder(FLOATING);
        assertThat(emptyOutputs[0]).as("cases with an empty output").isPositive();
    }

    @Test
    void aPreparedContractionMatchesTheNaiveReference() {
        Set<GemmRoute> routes = EnumSet.noneOf(GemmRoute.class);
        SeededCases.forEach(CASES, seed -> {
            SplittableRandom rnd = new SplittableRandom(seed);
            GemmRoute route = GemmRoute.values()[rnd.nextInt(GemmRoute.values().length)];
            ContractionCase c = ContractionCase.random(FLOATING[rnd.nextInt(FLOATING.length)], rnd, 12);
            c.check(route, new TestKernelContext(route), true); // the plan held by the caller, no cache
            routes.add(route);
        });
        assertThat(routes).as("routes exercised").containsExactlyInAnyOrder(GemmRoute.values());
    }
}
