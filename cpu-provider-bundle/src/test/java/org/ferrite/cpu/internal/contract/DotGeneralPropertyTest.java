package org.ferrite.cpu.internal.contract;

import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.tensor.DType;
import org.ferrite.cpu.GemmRoute;

/**
 * Property: for any valid configuration — ranks 0–5, any mix of batch, contracting and free axes,
 * extents 0, 1 and more, any operand and output layout, any accumulation — on any route and floating
 * dtype, {@code dotGeneralAccumulate} equals the naive reference and writes nothing outside its output.
 * Failures shrink towards fewer axes, smaller extents and simpler layouts.
 */
class DotGeneralPropertyTest {

    /** The shape of one generated call. */
    static final class Spec {
        final DType dtype;
        final GemmRoute route;
        final int[] batch;
        final int[] inner;
        final int[] lhsFree;
        final int[] rhsFree;
        final Views.Layout[] layouts;
        final Accumulation acc;
        final long seed;

        Spec(DType dtype, GemmRoute route, int[][] axes, Views.Layout[] layouts, Accumulation acc, long seed) {
            this.dtype = dtype;
            this.route = route;
            this.batch = axes[0];
            this.inner = axes[1];
            this.lhsFree = axes[2];
            this.rhsFree = axes[3];
            this.layouts = layouts;
            this.acc = dtype.isComplex() ? acc
                    : new Accumulation(acc.alphaRe(), 0, acc.betaRe(), 0, false, false);
            this.seed = seed;
        }

        @Override
        public String toString() {
            return dtype + " " + route + " batch " + java.util.Arrays.toString(batch) + " inner "
                    + java.util.Arrays.toString(inner) + " lhsFree " + java.util.Arrays.toString(lhsFree) + " rhsFree "
                    + java.util.Arrays.toString(rhsFree) + " " + java.util.Arrays.toString(layouts) + " " + acc
                    + " seed " + seed;
        }
    }

    @Property(tries = 300, seed = "20260101")
    void dotGeneralMatchesTheNaiveReference(@ForAll("calls") Spec spec) {
        SplittableRandom rnd = new SplittableRandom(spec.seed);
        ContractionCase call = ContractionCase.build(spec.dtype, spec.batch, spec.inner, spec.lhsFree, spec.rhsFree,
                spec.layouts[0], spec.layouts[1], spec.layouts[2], spec.acc, rnd);
        call.check(spec.route, new TestKernelContext(spec.route));
    }

    @Provide
    Arbitrary<Spec> calls() {
        Arbitrary<int[]> batch = extents(2, 3);
        Arbitrary<int[]> inner = extents(2, 12);
        Arbitrary<int[]> free = extents(2, 12);
        Arbitrary<int[][]> axes = Combinators.combine(batch, inner, free, free)
                .as((b, c, l, r) -> new int[][] {b, c, l, r})
                .filter(a -> a[0].length + a[1].length + Math.max(a[2].length, a[3].length) <= 5);
        Arbitrary<Views.Layout> layout = Arbitraries.of(Views.Layout.class);
        Arbitrary<Views.Layout[]> layouts = Combinators.combine(layout, layout, layout)
                .as((x, y, z) -> new Views.Layout[] {x, y, z});
        Arbitrary<Double> scalar = Arbitraries.oneOf(Arbitraries.of(0.0, 1.0, -1.0),
                Arbitraries.doubles().between(-2, 2));
        Arbitrary<Accumulation> acc = Combinators.combine(scalar, scalar, scalar, scalar, Arbitraries.of(true, false),
                Arbitraries.of(true, false)).as(Accumulation::new);
        return Combinators.combine(Arbitraries.of(DType.F32, DType.F64, DType.C64, DType.C128),
                Arbitraries.of(GemmRoute.class), axes, layouts, acc, Arbitraries.longs())
                .as(Spec::new);
    }

    private static Arbitrary<int[]> extents(int maxAxes, int maxExtent) {
        return Arbitraries.integers().between(0, maxExtent).list().ofMaxSize(maxAxes)
                .map(DotGeneralPropertyTest::toArray);
    }

    private static int[] toArray(List<Integer> list) {
        return list.stream().mapToInt(Integer::intValue).toArray();
    }
}
