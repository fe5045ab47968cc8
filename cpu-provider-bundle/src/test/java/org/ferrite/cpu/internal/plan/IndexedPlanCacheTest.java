package org.ferrite.cpu.internal.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.ferrite.cpu.CacheStats;
import org.junit.jupiter.api.Test;

class IndexedPlanCacheTest {

    /** A plan with a chosen charge. */
    private static final class FakePlan implements IndexedPlan {
        final long bytes;

        FakePlan(long bytes) {
            this.bytes = bytes;
        }

        @Override
        public long estimatedBytes() {
            return bytes;
        }
    }

    private static final Object CONFIG = "config";

    private static PlanKey key(IndexedPlanCache cache, int id) {
        return cache.probe().reset(1, CONFIG).add(id);
    }

    private static IndexedPlan lookup(IndexedPlanCache cache, int id, long bytes) {
        PlanKey k = key(cache, id);
        IndexedPlan p = cache.get(k);
        if (p == null) {
            p = new FakePlan(bytes);
            cache.put(k, p);
        }
        return p;
    }

    @Test
    void aRepeatedLookupHitsAndReturnsTheSamePlan() {
        IndexedPlanCache cache = new IndexedPlanCache(4, 1 << 20);
        IndexedPlan first = lookup(cache, 1, 100);
        IndexedPlan second = lookup(cache, 1, 100);
        assertThat(second).isSameAs(first);
        CacheStats s = cache.stats();
        assertThat(s.hits()).isEqualTo(1);
        assertThat(s.misses()).isEqualTo(1);
        assertThat(s.entries()).isEqualTo(1);
        assertThat(s.bytes()).isGreaterThanOrEqualTo(100);
    }

    @Test
    void theEntryLimitEvictsTheLeastRecentlyUsedPlan() {
        IndexedPlanCache cache = new IndexedPlanCache(2, 1 << 20);
        lookup(cache, 1, 10);
        lookup(cache, 2, 10);
        lookup(cache, 1, 10); // 2 is now least recently used
        lookup(cache, 3, 10); // evicts 2
        assertThat(cache.stats().evictions()).isEqualTo(1);
        assertThat(cache.stats().entries()).isEqualTo(2);
        long misses = cache.stats().misses();
        lookup(cache, 1, 10);
        assertThat(cache.stats().misses()).isEqualTo(misses);
        lookup(cache, 2, 10);
        assertThat(cache.stats().misses()).isEqualTo(misses + 1);
        assertThat(cache.stats().entries()).isLessThanOrEqualTo(2);
    }

    @Test
    void theByteLimitEvictsUntilTheChargesFitAndRejectsOversizedPlans() {
        long keyCharge = key(new IndexedPlanCache(1, 1), 0).estimatedBytes();
        IndexedPlanCache cache = new IndexedPlanCache(100, 3 * (1000 + keyCharge));
        for (int id = 0; id < 10; id++) {
            lookup(cache, id, 1000);
            assertThat(cache.stats().bytes()).isLessThanOrEqualTo(cache.stats().maxBytes());
        }
        assertThat(cache.stats().entries()).isEqualTo(3);
        assertThat(cache.stats().evictions()).isEqualTo(7);
        lookup(cache, 99, 10_000);
        assertThat(cache.stats().entries()).isEqualTo(3);
        lookup(cache, 99, 10_000);
        assertThat(cache.stats().hits()).isZero();
    }

    @Test
    void zeroLimitsRetainNothing() {
        for (IndexedPlanCache cache : new IndexedPlanCache[] {new IndexedPlanCache(0, 1 << 20),
            new IndexedPlanCache(8, 0)}) {
            lookup(cache, 1, 10);
            lookup(cache, 1, 10);
            assertThat(cache.stats().misses()).isEqualTo(2);
            assertThat(cache.stats().entries()).isZero();
            assertThat(cache.stats().bytes()).isZero();
        }
    }

    @Test
    void clearDropsEveryPlanAndCountsAClear() {
        IndexedPlanCache cache = new IndexedPlanCache(4, 1 << 20);
        lookup(cache, 1, 10);
        lookup(cache, 2, 10);
        cache.clear();
        CacheStats s = cache.stats();
        assertThat(s.clears()).isEqualTo(1);
        assertThat(s.entries()).isZero();
        assertThat(s.bytes()).isZero();
        assertThat(s.evictions()).isZero();
        lookup(cache, 1, 10);
        assertThat(cache.stats().misses()).isEqualTo(3);
    }

    @Test
    void keysCompareConfigsByEqualityAndEveryInt() {
        IndexedPlanCache cache = new IndexedPlanCache(8, 1 << 20);
        PlanKey a = cache.probe().reset(1, new String("cfg")).add(3).add(4);
        cache.put(a, new FakePlan(1));
        assertThat(cache.get(cache.probe().reset(1, new String("cfg")).add(3).add(4))).isNotNull();
        assertThat(cache.get(cache.probe().reset(1, "other").add(3).add(4))).isNull();
        assertThat(cache.get(cache.probe().reset(2, "cfg").add(3).add(4))).isNull();
        assertThat(cache.get(cache.probe().reset(1, "cfg").add(3).add(5))).isNull();
        assertThat(cache.get(cache.probe().reset(1, "cfg").add(3))).isNull();
    }
}
