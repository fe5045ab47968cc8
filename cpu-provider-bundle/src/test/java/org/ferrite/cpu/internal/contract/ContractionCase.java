package org.ferrite.cpu.internal.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.BitSet;
import java.util.SplittableRandom;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.spi.DotGeneralShapes;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.GemmRoute;

/**
 * One random {@code dotGeneral} call — config, operand layouts, output layout, accumulation — and its
 * check against {@link NaiveDotGeneral}: every output element close to the reference, and no storage
 * slot outside the output view changed. Not thread-safe; test use only.
 */
final class ContractionCase {
    /** Tolerance per unit of contraction length, by precision. */
    static final double F64_TOLERANCE = 1e-13;
    static final double F32_TOLERANCE = 2e-6;

    final DType dtype;
    final DotGeneralConfig config;
    final TensorRead lhs;
    final TensorRead rhs;
    final TensorWrite out;
    final Accumulation acc;
    private final String description;

    private ContractionCase(DType dtype, DotGeneralConfig config, TensorRead lhs, TensorRead rhs, TensorWrite out,
            Accumulation acc, String description) {
        this.dtype = dtype;
        this.config = config;
        this.lhs = lhs;
        this.rhs = rhs;
        this.out = out;
        this.acc = acc;
        this.description = description;
    }

    /**
     * @param dtype element type
     * @param rnd source of every choice
     * @param maxExtent largest extent of a free or contracting axis
     * @return a random valid call over ranks 0–5
     */
    static ContractionCase random(DType dtype, SplittableRandom rnd, int maxExtent) {
        int nb = rnd.nextInt(3);
        int nc = rnd.nextInt(3);
        int fl = rnd.nextInt(Math.min(3, 6 - nb - nc));
        int fr = rnd.nextInt(Math.min(3, 6 - nb - nc));
        Views.Layout[] layouts = Views.Layout.values();
        long[][] axes = {extents(nb, 3, rnd), extents(nc, maxExtent, rnd), extents(fl, maxExtent, rnd),
            extents(fr, maxExtent, rnd)};
        boundWork(axes, MAX_WORK);
        return build(dtype, axes[0], axes[1], axes[2], axes[3], layouts[rnd.nextInt(layouts.length)],
                layouts[rnd.nextInt(layouts.length)], layouts[rnd.nextInt(layouts.length)], accumulation(dtype, rnd),
                rnd);
    }

    /**
     * @param dtype element type
     * @param batchExt extents of the batch pairs
     * @param innerExt extents of the contracting pairs
     * @param lhsFreeExt extents of lhs's free axes
     * @param rhsFreeExt extents of rhs's free axes
     * @param ll lhs layout
     * @param rl rhs layout
     * @param ol out layout
     * @param acc the accumulation
     * @param rnd places the axes within each operand and fills the data
     * @return the call
     */
    static ContractionCase build(DType dtype, long[] batchExt, long[] innerExt, long[] lhsFreeExt, long[] rhsFreeExt,
            Views.Layout ll, Views.Layout rl, Views.Layout ol, Accumulation acc, SplittableRandom rnd) {
        int nb = batchExt.length;
        int nc = innerExt.length;
        int fl = lhsFreeExt.length;
        int fr = rhsFreeExt.length;
        int[] lperm = Views.permutation(nb + nc + fl, rnd);
        int[] rperm = Views.permutation(nb + nc + fr, rnd);
        long[] lhsShape = new long[lperm.length];
        long[] rhsShape = new long[rperm.length];
        int[] lb = new int[nb];
        int[] rb = new int[nb];
        int[] lc = new int[nc];
        int[] rc = new int[nc];
        for (int i = 0; i < nb; i++) {
            lb[i] = lperm[i];
            rb[i] = rperm[i];
            lhsShape[lb[i]] = batchExt[i];
            rhsShape[rb[i]] = batchExt[i];
        }
        for (int i = 0; i < nc; i++) {
            lc[i] = lperm[nb + i];
            rc[i] = rperm[nb + i];
            lhsShape[lc[i]] = innerExt[i];
            rhsShape[rc[i]] = innerExt[i];
        }
        for (int i = 0; i < fl; i++) {
            lhsShape[lperm[nb + nc + i]] = lhsFreeExt[i];
        }
        for (int i = 0; i < fr; i++) {
            rhsShape[rperm[nb + nc + i]] = rhsFreeExt[i];
        }
        DotGeneralConfig cfg = DotGeneralConfig.of(lc, rc, lb, rb);
        TensorRead lhs = Views.input(dtype, lhsShape, ll, rnd);
        TensorRead rhs = Views.input(dtype, rhsShape, rl, rnd);
        TensorWrite out = Views.output(dtype, DotGeneralShapes.outputShape(lhs, rhs, cfg), ol, rnd,
                acc.overwrites());
        String text = dtype + " " + cfg + " lhs " + Arrays.toString(lhsShape) + " " + ll + " rhs "
                + Arrays.toString(rhsShape) + " " + rl + " out " + ol + " " + acc;
        return new ContractionCase(dtype, cfg, lhs, rhs, out, acc, text);
    }

    /** Multiply-adds above which a random case is shrunk, so that the naive reference stays fast. */
    static final long MAX_WORK = 60_000;

    /** Halves the largest extent until the product of all extents is at most {@code limit}. */
    private static void boundWork(long[][] axes, long limit) {
        while (true) {
            long work = 1;
            long[] where = null;
            int at = -1;
            for (long[] group : axes) {
                for (int i = 0; i < group.length; i++) {
                    work *= Math.max(1, group[i]);
                    if (where == null || group[i] > where[at]) {
                        where = group;
                        at = i;
                    }
                }
            }
            if (work <= limit || where == null) {
                return;
            }
            where[at] = (where[at] + 1) / 2;
        }
    }

    private static long[] extents(int count, int max, SplittableRandom rnd) {
        long[] e = new long[count];
        for (int i = 0; i < count; i++) {
            int roll = rnd.nextInt(10);
            e[i] = roll == 0 ? 0 : roll == 1 ? 1 : 1 + rnd.nextInt(max);
        }
        return e;
    }

    private static Accumulation accumulation(DType dtype, SplittableRandom rnd) {
        boolean complex = dtype.isComplex();
        double ar = rnd.nextInt(3) == 0 ? 1 : rnd.nextDouble(-2, 2);
        double ai = complex && rnd.nextBoolean() ? rnd.nextDouble(-2, 2) : 0;
        int betaRoll = rnd.nextInt(3);
        double br = betaRoll == 0 ? 0 : betaRoll == 1 ? 1 : rnd.nextDouble(-2, 2);
        double bi = complex && br != 0 && rnd.nextBoolean() ? rnd.nextDouble(-2, 2) : 0;
        return new Accumulation(ar, ai, br, bi, complex && rnd.nextBoolean(), complex && rnd.nextBoolean());
    }

    /**
     * Runs the kernel and checks it.
     *
     * @param route the GEMM route
     * @param context the context to run in (its route must be {@code route})
     */
    void check(GemmRoute route, TestKernelContext context) {
        check(route, context, false);
    }

    /**
     * Runs the kernel, ad hoc or through a contraction prepared from this call's tensors, and checks it.
     *
     * @param route the GEMM route
     * @param context the context to run in (its route must be {@code route})
     * @param prepared run a {@link CpuPreparedContraction} rather than {@code dotGeneralAccumulate}
     */
    void check(GemmRoute route, TestKernelContext context, boolean prepared) {
        double[] expected = NaiveDotGeneral.evaluate(lhs, rhs, config, acc, out);
        Object before = copyStorage(out.storage());
        try {
            if (prepared) {
                ((CpuPreparedContraction) ContractionKernels.prepare(context, lhs, rhs, config, out)).runIn(context, lhs,
                        rhs, acc, out);
            } else {
                ContractionKernels.dotGeneralAccumulate(context, lhs, rhs, config, acc, out);
            }
        } catch (RuntimeException e) {
            throw new AssertionError(description + " via " + route + (prepared ? " (prepared)" : "") + " failed: " + e,
                    e);
        }
        long k = 1;
        for (int i = 0; i < config.contractingCount(); i++) {
            k *= lhs.dim(config.lhsContracting(i));
        }
        double scale = 1 + Math.hypot(acc.alphaRe(), acc.alphaIm()) + Math.hypot(acc.betaRe(), acc.betaIm());
        double tol = (dtype.realType() == DType.F64 ? F64_TOLERANCE : F32_TOLERANCE) * Math.max(1, k) * 4 * scale;
        long[] shape = out.shape();
        long[] index = new long[shape.length];
        BitSet written = new BitSet();
        for (int flat = 0; flat < out.size(); flat++) {
            NaiveDotGeneral.unravel(flat, shape, index);
            double dr = out.getReal(index) - expected[2 * flat];
            double di = out.getImag(index) - expected[2 * flat + 1];
            double err = Math.hypot(dr, di);
            assertThat(err <= tol * (1 + Math.hypot(expected[2 * flat], expected[2 * flat + 1])))
                    .as("%s via %s at %s: got %s%+si, expected %s%+si", description, route, Arrays.toString(index),
                            out.getReal(index), out.getImag(index), expected[2 * flat], expected[2 * flat + 1])
                    .isTrue();
            written.set((int) out.elementOffset(index));
        }
        assertOnlyViewWritten(before, out.storage(), written, dtype.scalarsPerElement());
    }

    private static Object copyStorage(Object storage) {
        return storage instanceof double[] ? ((double[]) storage).clone() : ((float[]) storage).clone();
    }

    private void assertOnlyViewWritten(Object before, Object after, BitSet written, int spe) {
        int slots = before instanceof double[] ? ((double[]) before).length : ((float[]) before).length;
        for (int s = 0; s < slots; s++) {
            if (written.get(s / spe)) {
                continue;
            }
            double x = before instanceof double[] ? ((double[]) before)[s] : ((float[]) before)[s];
            double y = after instanceof double[] ? ((double[]) after)[s] : ((float[]) after)[s];
            assertThat(Double.compare(x, y)).as("%s: storage slot %d outside the output view changed", description, s)
                    .isZero();
        }
    }

    @Override
    public String toString() {
        return description;
    }
}
