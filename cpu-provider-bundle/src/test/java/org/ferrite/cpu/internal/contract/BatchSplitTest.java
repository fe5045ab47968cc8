package org.ferrite.cpu.internal.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.tensor.DType;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.internal.gemm.SequentialParallelRunner;
import org.junit.jupiter.api.Test;

/**
 * {@link BatchSplit}: a batch of tiny products large enough to be split over the session's threads
 * gives the naive reference's result whatever the split, on one and on several batch axes in any
 * layout, for both real precisions; below the split threshold nothing is handed to the runner.
 */
class BatchSplitTest {
    private static final DType[] REAL = {DType.F32, DType.F64};

    @Test
    void largeBatchesOfTinyProductsSplitOverTasksMatchTheReference() {
        SplittableRandom seeds = new SplittableRandom(20261201L);
        Views.Layout[] layouts = Views.Layout.values();
        int direct = 0;
        for (int round = 0; round < 24; round++) {
            long seed = seeds.nextLong();
            SplittableRandom rnd = new SplittableRandom(seed);
            DType dtype = REAL[round % 2];
            // 8×8·8×8 per position (512 multiply-adds) over 600–1000 positions: at least 2·PARALLEL_MIN_WORK
            long[] batch = round % 3 == 0 ? new long[] {600 + rnd.nextInt(400)}
                : new long[] {25 + rnd.nextInt(8), 25 + rnd.nextInt(8)};
            Accumulation acc = round % 4 == 0 ? Accumulation.of(0.5, 2) : Accumulation.OVERWRITE;
            ContractionCase c = ContractionCase.build(dtype, batch, new long[] {8}, new long[] {8}, new long[] {8},
                    layouts[rnd.nextInt(layouts.length)], layouts[rnd.nextInt(layouts.length)],
                    layouts[rnd.nextInt(layouts.length)], acc, rnd);
            SequentialParallelRunner runner = new SequentialParallelRunner(2 + round % 3);
            TestKernelContext context = new TestKernelContext(GemmRoute.JAVA, runner, new ContractionPlanCache());
            c.check(GemmRoute.JAVA, context);
            ContractionPlan plan = context.contractionPlans().find(c.lhs, c.rhs, c.config, c.out, GemmRoute.JAVA);
            if (plan != null && plan.direct != null) {
                assertThat(runner.runs()).as("seed %d: %s split over tasks", seed, c).isPositive();
                direct++;
            }
        }
        assertThat(direct).as("rounds on the direct path").isGreaterThanOrEqualTo(6);
    }

    @Test
    void batchesBelowTheThresholdRunOnTheCallingThread() {
        SplittableRandom rnd = new SplittableRandom(7);
        ContractionCase c = ContractionCase.build(DType.F64, new long[] {64}, new long[] {8}, new long[] {8},
                new long[] {8}, Views.Layout.COMPACT, Views.Layout.COMPACT, Views.Layout.COMPACT,
                Accumulation.OVERWRITE, rnd);
        SequentialParallelRunner runner = new SequentialParallelRunner(4);
        c.check(GemmRoute.JAVA, new TestKernelContext(GemmRoute.JAVA, runner, new ContractionPlanCache()));
        assertThat(runner.runs()).isZero();
    }
}
