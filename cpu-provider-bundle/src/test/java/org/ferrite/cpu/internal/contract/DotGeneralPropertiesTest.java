package org.ferrite.cpu.internal.contract;

import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.ferrite.api.tensor.DType;
import org.ferrite.cpu.GemmRoute;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Property: for any valid configuration — ranks 0–5, any mix of batch, contracting and free axes,
 * extents 0, 1 and up to 12, any operand and output layout (compact, permuted, reversed, stepped,
 * broadcast), any accumulation (alpha and beta 0, 1 or arbitrary, complex, conjugation) — on every route
 * and floating dtype, {@code dotGeneralAccumulate} equals the naive reference and writes nothing
 * outside its output. One JUnit case per fixed seed, so a failure names the seed that reproduces it.
 */
class DotGeneralPropertiesTest {
    private static final DType[] FLOATING = {DType.F32, DType.F64, DType.C64, DType.C128};

    static LongStream seeds() {
        return LongStream.range(0, 300).map(i -> 0x5EEDL * 1_000_003L + i);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void dotGeneralMatchesTheNaiveReference(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        GemmRoute route = GemmRoute.values()[rnd.nextInt(GemmRoute.values().length)];
        DType dtype = FLOATING[rnd.nextInt(FLOATING.length)];
        ContractionCase.random(dtype, rnd, 12).check(route, new TestKernelContext(route));
    }
}
