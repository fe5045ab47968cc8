package org.ferrite.cpu.internal.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.cpu.CacheStats;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.internal.gemm.SequentialParallelRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link ContractionPlanCache}: what hits (by layout: fresh objects, other storage, equal configs), what
 * misses, limits, clearing, and no allocation on a hit.
 */
class ContractionPlanCacheTest {
    private static final DotGeneralConfig MATMUL = DotGeneralConfig.MATMUL;

    @Test
    void aRepeatedCallIsAHitAndCompilesNothing() {
        TestKernelContext ctx = new TestKernelContext(GemmRoute.AUTO);
        Tensor a = Tensor.random(DType.F64, 1, 4, 3);
        Tensor b = Tensor.random(DType.F64, 2, 3, 2);
        for (int i = 0; i < 5; i++) {
            ContractionKernels.dotGeneralAccumulate(ctx, a, b, MATMUL, Accumulation.OVERWRITE,
                    Tensor.zeros(DType.F64, 4, 2));
        }
        CacheStats stats = ctx.contractionPlans().stats();
        assertThat(stats.misses()).isEqualTo(1);
        assertThat(stats.hits()).isEqualTo(4);
        assertThat(stats.entries()).isEqualTo(1);
    }

    @Test
    void anEqualConfigObjectAndOtherStorageHitTheSamePlan() {
        TestKernelContext ctx = new TestKernelContext(GemmRoute.AUTO);
        ContractionKernels.dotGeneralAccumulate(ctx, Tensor.random(DType.F32, 1, 4, 3), Tensor.random(DType.F32, 2, 3),
                MATMUL, Accumulation.OVERWRITE, Tensor.zeros(DType.F32, 4));
        ContractionKernels.dotGeneralAccumulate(ctx, Tensor.random(DType.F32, 3, 4, 3), Tensor.random(DType.F32, 4, 3),
                DotGeneralConfig.contracting(new int[] {1}, new int[] {0}), Accumulation.OVERWRITE,
                Tensor.zeros(DType.F32, 4));
        assertThat(ctx.contractionPlans().stats().misses()).isEqualTo(1);
        assertThat(ctx.contractionPlans().stats().hits()).isEqualTo(1);
    }

    @Test
    void freshOperandObjectsOfAlternatingShapesHitTheirPlansByLayout() {
        TestKernelContext ctx = new TestKernelContext(GemmRoute.AUTO);
        for (int call = 0; call < 20; call++) {
            int n = 2 + call % 2; // two call shapes in turn, new tensor objects every call
            Tensor out = Tensor.zeros(DType.F64, n, 1);
            ContractionKernels.dotGeneralAccumulate(ctx, Tensor.ones(DType.F64, n, n), Tensor.ones(DType.F64, n, 1),
                    DotGeneralConfig.contracting(new int[] {1}, new int[] {0}), Accumulation.OVERWRITE, out);
            assertThat(out.f64Data()).as("call %d", call).containsOnly(n);
        }
        CacheStats stats = ctx.contractionPlans().stats();
        assertThat(stats.misses()).isEqualTo(2);
        assertThat(stats.hits()).isEqualTo(18);
        assertThat(stats.entries()).isEqualTo(2);
    }

    @Test
    void otherStridesOrDtypesOrRoutesAreOtherPlans() {
        ContractionPlanCache cache = new ContractionPlanCache();
        Tensor a = Tensor.random(DType.F64, 1, 4, 4);
        Tensor b = Tensor.random(DType.F64, 2, 4, 4);
        run(cache, GemmRoute.AUTO, a, b);
        run(cache, GemmRoute.AUTO, a.transpose(), b);
        run(cache, GemmRoute.JAVA, a, b);
        run(cache, GemmRoute.AUTO, Tensor.random(DType.C128, 1, 4, 4), Tensor.random(DType.C128, 2, 4, 4));
        run(cache, GemmRoute.AUTO, a.transpose(), b);
        assertThat(cache.stats().misses()).isEqualTo(4);
        assertThat(cache.stats().hits()).isEqualTo(1);
    }

    @Test
    void theLeastRecentlyUsedPlanIsEvictedAtTheEntryLimit() {
        ContractionPlanCache cache = new ContractionPlanCache(2, 1 << 20);
        Tensor b = Tensor.random(DType.F64, 2, 3, 3);
        Tensor one = Tensor.random(DType.F64, 1, 1, 3);
        Tensor two = Tensor.random(DType.F64, 1, 2, 3);
        Tensor three = Tensor.random(DType.F64, 1, 3, 3);
        run(cache, GemmRoute.AUTO, one, b);
        run(cache, GemmRoute.AUTO, two, b);
        run(cache, GemmRoute.AUTO, one, b); // one is now the most recent
        run(cache, GemmRoute.AUTO, three, b); // evicts two
        run(cache, GemmRoute.AUTO, one, b);
        run(cache, GemmRoute.AUTO, two, b);
        CacheStats stats = cache.stats();
        assertThat(stats.entries()).isEqualTo(2);
        assertThat(stats.misses()).isEqualTo(4);
        assertThat(stats.hits()).isEqualTo(2);
        assertThat(stats.evictions()).isEqualTo(2);
        assertThat(stats.maxEntries()).isEqualTo(2);
    }

    @Test
    void clearDropsPlansAndScratchAndCountsAClear() {
        ContractionPlanCache cache = new ContractionPlanCache();
        run(cache, GemmRoute.JAVA, Tensor.random(DType.F64, 1, 64, 64), Tensor.random(DType.F64, 2, 64, 64));
        assertThat(cache.stats().bytes()).isGreaterThan(64 * 64 * 8);
        cache.clear();
        CacheStats stats = cache.stats();
        assertThat(stats.entries()).isZero();
        assertThat(stats.bytes()).isZero();
        assertThat(stats.clears()).isEqualTo(1);
        run(cache, GemmRoute.JAVA, Tensor.random(DType.F64, 1, 64, 64), Tensor.random(DType.F64, 2, 64, 64));
        assertThat(cache.stats().misses()).isEqualTo(2);
    }

    @ParameterizedTest
    @EnumSource(GemmRoute.class)
    void aRepeatedCallAllocatesNothing(GemmRoute route) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        TestKernelContext ctx = new TestKernelContext(route, new SequentialParallelRunner(2), new ContractionPlanCache());
        Tensor[][] calls = {
            {Tensor.random(DType.F64, 1, 2, 2), Tensor.random(DType.F64, 2, 2, 1), Tensor.zeros(DType.F64, 2, 1)},
            {Tensor.random(DType.F64, 1, 95, 95), Tensor.random(DType.F64, 2, 95, 1), Tensor.zeros(DType.F64, 95, 1)},
            {Tensor.random(DType.F32, 1, 200, 150), Tensor.random(DType.F32, 2, 150, 130),
                Tensor.zeros(DType.F32, 200, 130)},
            {Tensor.random(DType.C128, 1, 40, 30), Tensor.random(DType.C128, 2, 30, 20),
                Tensor.zeros(DType.C128, 40, 20)}};
        DotGeneralConfig permutedOut = MATMUL;
        for (Tensor[] call : calls) {
            for (int warm = 0; warm < 3; warm++) {
                ContractionKernels.dotGeneralAccumulate(ctx, call[0], call[1], permutedOut, Accumulation.ADD, call[2]);
            }
            // Steady state: the JIT may still deoptimise (and allocate) in an early round, and the Vector
            // API micro-kernel (on in these tests) boxes every vector until C2 compiles it — about 300
            // calls of a product this small; one of 40 rounds of 20 calls must allocate nothing at all.
            long least = Long.MAX_VALUE;
            for (int round = 0; round < 40 && least > 0; round++) {
                long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
                for (int i = 0; i < 20; i++) {
                    ContractionKernels.dotGeneralAccumulate(ctx, call[0], call[1], permutedOut, Accumulation.ADD,
                            call[2]);
                }
                least = Math.min(least, threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before);
            }
            assertThat(least).as("bytes allocated by 20 repeated %s calls via %s", call[0].dtype(), route)
                    .isZero();
        }
    }

    @Test
    void anAllocatingChainOnNewOperandsAllocatesNoMoreThanARepeatedAllocatingCall() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        TestKernelContext ctx = new TestKernelContext(GemmRoute.AUTO, new SequentialParallelRunner(1),
                new ContractionPlanCache());
        org.ferrite.cpu.internal.pool.BufferPool buffers = new org.ferrite.cpu.internal.pool.BufferPool(1 << 20);
        Tensor a = Tensor.random(DType.F64, 1, 2, 2).copy();
        Tensor x = Tensor.random(DType.F64, 2, 2, 1).copy();
        Tensor[] v = {x};
        Runnable repeated = () -> ContractionKernels.dotGeneral(ctx, buffers, a, x, MATMUL);
        Runnable chain = () -> v[0] = ContractionKernels.dotGeneral(ctx, buffers, a, v[0], MATMUL);
        long[] least = {Long.MAX_VALUE, Long.MAX_VALUE};
        for (int round = 0; round < 40; round++) { // interleaved, so both see the same JIT state
            for (int arm = 0; arm < 2; arm++) {
                if (arm == 1) {
                    v[0] = x; // keep the chain's values bounded
                }
                long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
                for (int i = 0; i < 50; i++) {
                    (arm == 0 ? repeated : chain).run();
                }
                least[arm] = Math.min(least[arm], threads.getThreadAllocatedBytes(Thread.currentThread().getId())
                        - before);
            }
        }
        // each call makes its result (a tensor and its array) and nothing else: no shape analysis per step
        assertThat(least[0]).as("repeated calls allocate their results").isPositive();
        assertThat(least[1]).as("bytes of 50 chain steps against 50 repeated calls (%d)", least[0])
                .isLessThanOrEqualTo(least[0]);
    }

    private static void run(ContractionPlanCache cache, GemmRoute route, Tensor a, org.ferrite.api.tensor.TensorRead b) {
        ContractionKernels.dotGeneralAccumulate(new TestKernelContext(route, new SequentialParallelRunner(1), cache), a,
                b, MATMUL, Accumulation.OVERWRITE, Tensor.zeros(a.dtype(), a.dim(0), b.dim(1)));
    }

    private static void run(ContractionPlanCache cache, GemmRoute route, org.ferrite.api.tensor.TensorRead a,
            org.ferrite.api.tensor.TensorRead b) {
        ContractionKernels.dotGeneralAccumulate(new TestKernelContext(route, new SequentialParallelRunner(1), cache), a,
                b, MATMUL, Accumulation.OVERWRITE, Tensor.zeros(a.dtype(), a.dim(0), b.dim(1)));
    }
}
