package org.ferrite.cpu.internal.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.cpu.BufferPoolStats;
import org.junit.jupiter.api.Test;

class BufferPoolTest {
    private static final int LARGE = 1024; // doubles: 8 KiB, well above the threshold

    @Test
    void aReclaimedArrayServesTheNextRequestOfExactlyItsLength() {
        BufferPool pool = new BufferPool(1 << 20);
        Tensor first = pool.allocate(DType.F64, 32, 32);
        Object storage = first.storage();
        pool.reclaim(first);
        assertThat(pool.length()).isEqualTo(1);

        assertThat(pool.allocate(DType.F64, 16, 16).storage()).isNotSameAs(storage); // other length
        Tensor again = pool.allocate(DType.F64, 1024);
        assertThat(again.storage()).isSameAs(storage);
        assertThat(again.f64Data()).hasSize(1024);
        assertThat(pool.length()).isZero();
        BufferPoolStats stats = pool.stats();
        assertThat(stats.hits()).isEqualTo(1);
        assertThat(stats.misses()).isEqualTo(2);
        assertThat(stats.reclaims()).isEqualTo(1);
    }

    @Test
    void typesSharingAStorageClassShareRetainedStorage() {
        BufferPool pool = new BufferPool(1 << 20);
        Tensor real = pool.allocate(DType.F64, 2 * LARGE);
        pool.reclaim(real);
        Tensor complex = pool.allocate(DType.C128, LARGE);
        assertThat(complex.storage()).isSameAs(real.storage());
        Tensor f32 = pool.allocate(DType.F32, 2 * LARGE);
        pool.reclaim(f32);
        assertThat(pool.allocate(DType.C64, LARGE).storage()).isSameAs(f32.storage());
        assertThat(pool.allocate(DType.I64, 2 * LARGE).storage()).isInstanceOf(long[].class);
    }

    @Test
    void aReclaimedTensorComesBackAsTheSameObjectForItsDtypeAndShape() {
        BufferPool pool = new BufferPool(1 << 20);
        Tensor first = pool.allocate(DType.F64, 32, 32);
        pool.reclaim(first);
        assertThat(pool.allocate(DType.F64, 32, 32)).isSameAs(first);
        pool.reclaim(first);
        assertThat(pool.allocateLike(Tensor.zeros(DType.F64, 32, 32))).isSameAs(first);
        assertThat(pool.stats().hits()).isEqualTo(2);
        assertThat(pool.checkAccounting()).isNull();
    }

    @Test
    void anotherShapeOrDtypeOfTheSameLengthGetsANewWrapperOfTheRetainedArray() {
        BufferPool pool = new BufferPool(1 << 20);
        Tensor first = pool.allocate(DType.F64, 32, 32);
        pool.reclaim(first);
        Tensor flat = pool.allocate(DType.F64, 1024);
        assertThat(flat).isNotSameAs(first);
        assertThat(flat.storage()).isSameAs(first.storage());
        assertThat(flat.rank()).isEqualTo(1);
        pool.reclaim(flat);
        Tensor complex = pool.allocateLike(Tensor.zeros(DType.C128, 16, 32));
        assertThat(complex.storage()).isSameAs(first.storage());
        assertThat(complex.dtype()).isEqualTo(DType.C128);
        assertThat(new long[] {complex.dim(0), complex.dim(1)}).containsExactly(16, 32);
        pool.reclaim(Tensor.wrap(DType.F64, new double[2048], 16, 16)); // an array longer than its shape
        Tensor exact = pool.allocate(DType.F64, 2048);
        assertThat(exact.rank()).isEqualTo(1);
        assertThat(exact.size()).isEqualTo(2048);
    }

    @Test
    void steadyAllocateAndReclaimTrafficAllocatesNothing() {
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        assumeTrue(bean instanceof com.sun.management.ThreadMXBean
                && ((com.sun.management.ThreadMXBean) bean).isThreadAllocatedMemoryEnabled());
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
        BufferPool pool = new BufferPool(1 << 20);
        Tensor like = Tensor.zeros(DType.F64, 16, 16);
        long[] shape = {32, 32};
        Runnable traffic = () -> { // each group empties and is made again: its stack is reused
            Tensor a = pool.allocate(DType.F64, shape);
            Tensor b = pool.allocateLike(like);
            pool.reclaim(a);
            pool.reclaim(b);
        };
        for (int i = 0; i < 20_000; i++) {
            traffic.run();
        }
        long perCall = Long.MAX_VALUE;
        for (int round = 0; round < 3 && perCall > 0; round++) {
            long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
            for (int i = 0; i < 2000; i++) {
                traffic.run();
            }
            perCall = Math.min(perCall, (threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before)
                    / 2000);
        }
        assertThat(perCall).as("bytes per allocate/reclaim round").isZero();
        assertThat(pool.checkAccounting()).isNull();
    }

    @Test
    void atMostMaxPerLengthTensorsOfOneLengthAreRetained() {
        BufferPool pool = new BufferPool(1L << 30);
        for (int i = 0; i < RetainedTensors.MAX_PER_LENGTH + 10; i++) {
            pool.reclaim(Tensor.zeros(DType.F64, LARGE));
        }
        assertThat(pool.length()).isEqualTo(RetainedTensors.MAX_PER_LENGTH);
        assertThat(pool.stats().rejected()).isEqualTo(10);
        pool.reclaim(Tensor.zeros(DType.F64, LARGE + 1)); // another length has room
        assertThat(pool.length()).isEqualTo(RetainedTensors.MAX_PER_LENGTH + 1);
        assertThat(pool.checkAccounting()).isNull();
    }

    @Test
    void smallArraysBypassThePool() {
        BufferPool pool = new BufferPool(1 << 20);
        Tensor small = pool.allocate(DType.F64, 8);
        pool.reclaim(small);
        assertThat(pool.length()).isZero();
        assertThat(pool.stats().rejected()).isEqualTo(1);
        assertThat(pool.stats().misses()).isZero();
    }

    @Test
    void overTheCapTheSmallestArraysAreEvictedFirst() {
        long cap = 3L * LARGE * 8;
        BufferPool pool = new BufferPool(cap);
        pool.reclaim(Tensor.zeros(DType.F64, LARGE));          // 8 KiB
        pool.reclaim(Tensor.zeros(DType.I32, 2 * LARGE));      // 8 KiB, same bytes, other type
        pool.reclaim(Tensor.zeros(DType.F64, LARGE / 2));      // 4 KiB: the smallest
        assertThat(pool.stats().retainedBytes()).isEqualTo(cap - 4L * LARGE);
        pool.reclaim(Tensor.zeros(DType.F32, 2 * LARGE));      // 8 KiB more: over by 4 KiB
        assertThat(pool.length()).isEqualTo(3);
        assertThat(pool.stats().evictions()).isEqualTo(1);
        assertThat(pool.stats().retainedBytes()).isEqualTo(cap);
        assertThat(pool.checkAccounting()).isNull();

        pool.setLimitBytes(8L * LARGE);
        assertThat(pool.length()).isEqualTo(1);
        assertThat(pool.stats().retainedBytes()).isEqualTo(8L * LARGE);
        assertThat(pool.checkAccounting()).isNull();
    }

    @Test
    void anArrayLargerThanTheCapOrReclaimedTwiceIsNotRetained() {
        BufferPool pool = new BufferPool(4L * LARGE);
        Tensor huge = Tensor.zeros(DType.F64, LARGE);
        pool.reclaim(huge);
        assertThat(pool.length()).isZero();
        Tensor fits = Tensor.zeros(DType.F32, LARGE / 2);
        pool.reclaim(fits);
        pool.reclaim(fits);
        assertThat(pool.length()).isEqualTo(1);
        assertThat(pool.stats().rejected()).isEqualTo(2);
    }

    @Test
    void aZeroCapRetainsNothingAndClearDropsEverything() {
        BufferPool none = new BufferPool(0);
        none.reclaim(Tensor.zeros(DType.F64, LARGE));
        assertThat(none.length()).isZero();

        BufferPool pool = new BufferPool(1 << 20);
        pool.reclaim(Tensor.zeros(DType.F64, LARGE));
        pool.reclaim(Tensor.zeros(DType.BOOL, 4 * LARGE));
        pool.clear();
        assertThat(pool.stats().buffers()).isZero();
        assertThat(pool.stats().retainedBytes()).isZero();
        assertThat(pool.stats().evictions()).isEqualTo(2);
    }

    @Test
    void aBadShapeLeavesThePoolUntouched() {
        BufferPool pool = new BufferPool(1 << 20);
        pool.reclaim(Tensor.zeros(DType.F64, LARGE));
        BufferPoolStats before = pool.stats();
        assertThatThrownBy(() -> pool.allocate(DType.F64, 4, -1)).isInstanceOf(ValidationException.class);
        assertThat(pool.stats()).isEqualTo(before);
    }

    @Test
    void randomTrafficKeepsTheAccountingExactAndUnderTheCap() {
        SplittableRandom random = new SplittableRandom(42);
        BufferPool pool = new BufferPool(64 * 1024);
        List<Tensor> live = new ArrayList<>();
        DType[] dtypes = DType.values();
        for (int step = 0; step < 5_000; step++) {
            if (live.isEmpty() || random.nextInt(3) > 0) {
                DType dtype = dtypes[random.nextInt(dtypes.length)];
                live.add(pool.allocate(dtype, 1 + random.nextInt(4) * 512));
            } else {
                pool.reclaim(live.remove(random.nextInt(live.size())));
            }
            if (step % 97 == 0) {
                assertThat(pool.checkAccounting()).as("step %d", step).isNull();
            }
        }
        assertThat(pool.checkAccounting()).isNull();
        BufferPoolStats stats = pool.stats();
        assertThat(stats.hits()).isPositive();
        assertThat(stats.evictions()).isPositive();
        assertThat(stats.retainedBytes()).isLessThanOrEqualTo(stats.limitBytes());
    }
}
