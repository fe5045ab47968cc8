package org.ferrite.cpu.internal.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.spi.DotGeneralShapes;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.GemmRoute;
import org.junit.jupiter.api.Test;

class IntegerContractionTest {
    private static final DType[] INTEGERS = {DType.I32, DType.I64};

    @Test
    void integerContractionIsExactOverRandomConfigurationsLayoutsAndScalars() {
        for (long seed = 0; seed < 400; seed++) {
            SplittableRandom rnd = new SplittableRandom(0x1A7L * 7919 + seed);
            Call call = Call.random(INTEGERS[rnd.nextInt(2)], rnd);
            Tensor want = call.expected();
            long[] before = storage(call.out);
            ContractionKernels.dotGeneralAccumulate(new TestKernelContext(GemmRoute.AUTO), call.lhs, call.rhs,
                    call.config, call.acc, call.out);
            String where = "seed " + seed + ": " + call;
            assertThat(Tensor.contentEquals(call.out, want)).as(where).isTrue();
            long[] after = storage(call.out);
            boolean[] inView = reached(call.out, after.length);
            for (int i = 0; i < after.length; i++) {
                if (!inView[i]) {
                    assertThat(after[i]).as(where + ": storage slot " + i + " outside out").isEqualTo(before[i]);
                }
            }
        }
    }

    @Test
    void productsAndSumsWrapAroundModuloTheDtypesWidth() {
        Tensor a = Tensor.of(new long[] {Long.MAX_VALUE, Long.MIN_VALUE}, 1, 2);
        Tensor b = Tensor.of(new long[] {3, -1}, 2, 1);
        Tensor out = Tensor.zeros(DType.I64, 1, 1);
        ContractionKernels.dotGeneralAccumulate(new TestKernelContext(GemmRoute.AUTO), a, b, DotGeneralConfig.MATMUL,
                Accumulation.OVERWRITE, out);
        assertThat(out.getLong(0, 0)).isEqualTo(Long.MAX_VALUE * 3 + Long.MIN_VALUE * -1);
        Tensor c = Tensor.of(new int[] {65536}, 1, 1);
        Tensor i32 = Tensor.full(DType.I32, 5, 1, 1);
        ContractionKernels.dotGeneralAccumulate(new TestKernelContext(GemmRoute.AUTO), c, c, DotGeneralConfig.MATMUL,
                Accumulation.of(1, 2), i32);
        assertThat(i32.getLong(0, 0)).as("2^32 + 2·5 wraps to 10").isEqualTo(10);
    }

    @Test
    void integerCallsDoNotEnterThePlanCache() {
        TestKernelContext ctx = new TestKernelContext(GemmRoute.AUTO);
        Tensor a = Tensor.random(DType.I32, 1, 3, 3);
        ContractionKernels.dotGeneralAccumulate(ctx, a, a, DotGeneralConfig.MATMUL, Accumulation.OVERWRITE,
                Tensor.zeros(DType.I32, 3, 3));
        assertThat(ctx.contractionPlans().stats().entries()).isZero();
    }

    private static long[] storage(TensorRead t) {
        Object s = t.storage();
        return s instanceof int[] ? Arrays.stream((int[]) s).asLongStream().toArray() : ((long[]) s).clone();
    }

    private static boolean[] reached(TensorRead t, int length) {
        boolean[] r = new boolean[length];
        long[] shape = t.shape();
        long[] i = new long[shape.length];
        long size = t.size();
        for (long n = 0; n < size; n++) {
            r[(int) t.elementOffset(i)] = true;
            for (int a = 0; a < shape.length && ++i[a] == shape[a]; a++) {
                i[a] = 0;
            }
        }
        return r;
    }

    /** One random integer call: axes of every role (extents 0 to 4), layouts, scalars, full-range values. */
    private static final class Call {
        final DotGeneralConfig config;
        final TensorRead lhs;
        final TensorRead rhs;
        final TensorWrite out;
        final Tensor old;
        final Accumulation acc;

        private Call(DotGeneralConfig config, TensorRead lhs, TensorRead rhs, TensorWrite out, Accumulation acc) {
            this.config = config;
            this.lhs = lhs;
            this.rhs = rhs;
            this.out = out;
            this.old = out.copy();
            this.acc = acc;
        }

        static Call random(DType dtype, SplittableRandom rnd) {
            int nb = rnd.nextInt(3);
            int nc = rnd.nextInt(3);
            int fl = rnd.nextInt(3);
            int fr = rnd.nextInt(3);
            int[] lp = Views.permutation(nb + nc + fl, rnd);
            int[] rp = Views.permutation(nb + nc + fr, rnd);
            long[] ls = new long[lp.length];
            long[] rs = new long[rp.length];
            int[] lc = Arrays.copyOfRange(lp, nb, nb + nc);
            int[] rc = Arrays.copyOfRange(rp, nb, nb + nc);
            for (int i = 0; i < nb + nc; i++) {
                ls[lp[i]] = rs[rp[i]] = extent(rnd);
            }
            for (int i = nb + nc; i < lp.length; i++) {
                ls[lp[i]] = extent(rnd);
            }
            for (int i = nb + nc; i < rp.length; i++) {
                rs[rp[i]] = extent(rnd);
            }
            DotGeneralConfig cfg = DotGeneralConfig.of(lc, rc, Arrays.copyOf(lp, nb), Arrays.copyOf(rp, nb));
            Views.Layout[] layouts = Views.Layout.values();
            TensorRead lhs = values(Views.input(dtype, ls, layouts[rnd.nextInt(layouts.length)], rnd), rnd);
            TensorRead rhs = values(Views.input(dtype, rs, layouts[rnd.nextInt(layouts.length)], rnd), rnd);
            TensorWrite out = Views.output(dtype, DotGeneralShapes.outputShape(lhs, rhs, cfg),
                    layouts[rnd.nextInt(layouts.length)], rnd, false);
            long[] scalars = {0, 1, -1, 3, 1L << 40};
            Accumulation acc = Accumulation.of(scalars[rnd.nextInt(scalars.length)],
                    scalars[rnd.nextInt(scalars.length)]);
            return new Call(cfg, lhs, rhs, out, acc);
        }

        private static long extent(SplittableRandom rnd) {
            int roll = rnd.nextInt(8);
            return roll == 0 ? 0 : roll == 1 ? 1 : 2 + rnd.nextInt(3);
        }

        /** Replaces the small random values of a third of the operands by full-range ones (overflowing). */
        private static TensorRead values(TensorRead t, SplittableRandom rnd) {
            if (rnd.nextInt(3) != 0 || !(t.storage() instanceof long[]) && !(t.storage() instanceof int[])) {
                return t;
            }
            Object s = t.storage();
            for (int i = 0; i < java.lang.reflect.Array.getLength(s); i++) {
                if (s instanceof long[]) {
                    ((long[]) s)[i] = rnd.nextLong();
                } else {
                    ((int[]) s)[i] = rnd.nextInt();
                }
            }
            return t;
        }

        /** {@code alpha · Σ lhs·rhs + beta · old} in wrapping long arithmetic, stored to the dtype. */
        Tensor expected() {
            long[] shape = out.shape();
            Tensor want = Tensor.zeros(out.dtype(), shape);
            long[] cShape = new long[config.contractingCount()];
            for (int k = 0; k < cShape.length; k++) {
                cShape[k] = lhs.dim(config.lhsContracting(k));
            }
            forEach(shape, o -> {
                long[] li = new long[lhs.rank()];
                long[] ri = new long[rhs.rank()];
                int k = 0;
                for (int a = 0; a < lhs.rank(); a++) {
                    if (DotGeneralShapes.isFree(a, config, true)) {
                        li[a] = o[k++];
                    }
                }
                for (int a = 0; a < rhs.rank(); a++) {
                    if (DotGeneralShapes.isFree(a, config, false)) {
                        ri[a] = o[k++];
                    }
                }
                for (int b = 0; b < config.batchCount(); b++, k++) {
                    li[config.lhsBatch(b)] = o[k];
                    ri[config.rhsBatch(b)] = o[k];
                }
                long[] sum = {0};
                forEach(cShape, c -> {
                    for (int p = 0; p < c.length; p++) {
                        li[config.lhsContracting(p)] = c[p];
                        ri[config.rhsContracting(p)] = c[p];
                    }
                    sum[0] += lhs.getLong(li) * rhs.getLong(ri);
                });
                long v = (long) acc.alphaRe() * sum[0] + (long) acc.betaRe() * old.getLong(o);
                want.setLong(want.dtype() == DType.I32 ? (int) v : v, o);
            });
            return want;
        }

        private static void forEach(long[] shape, java.util.function.Consumer<long[]> body) {
            long size = 1;
            for (long e : shape) {
                size *= e;
            }
            long[] i = new long[shape.length];
            for (long n = 0; n < size; n++) {
                body.accept(i.clone());
                for (int a = 0; a < shape.length && ++i[a] == shape[a]; a++) {
                    i[a] = 0;
                }
            }
        }

        @Override
        public String toString() {
            return lhs.dtype() + " " + config + " lhs " + Arrays.toString(lhs.shape()) + Arrays.toString(lhs.strides())
                    + " rhs " + Arrays.toString(rhs.shape()) + Arrays.toString(rhs.strides()) + " out "
                    + Arrays.toString(out.strides()) + " " + acc;
        }
    }
}
