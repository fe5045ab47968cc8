package org.ferrite.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import org.ferrite.api.session.SessionAction;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.junit.jupiter.api.Test;

/**
 * The void entry {@code held.run(action)} costs what {@code withSession} costs: a {@link SessionAction}
 * is itself the callback, so a warm held {@code run} of an {@code …Into} operation allocates nothing.
 * Counted with the JVM's per-thread allocation counter (a count, not a timing).
 */
class HeldSessionRunTest {
    private static final int CALLS = 5000;

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getThreadAllocatedBytes(
                Thread.currentThread().getId());
    }

    @Test
    void aWarmHeldRunOfAnIntoOperationAllocatesNothing() {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean
                && ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                        .isThreadAllocatedMemoryEnabled());
        Tensor a = Tensor.fromRowMajor(DType.F64, new double[] {1, 2, 3, 4}, 2, 2);
        Tensor x = Tensor.of(new double[] {1, 1}, 2);
        Tensor y = Tensor.zeros(DType.F64, 2);
        SessionAction step = s -> s.matmulInto(a, x, y);
        try (CpuBackend backend = CpuBackend.builder().threads(1).build();
                CpuHeldSession held = backend.openSession()) {
            for (int i = 0; i < CALLS; i++) {
                held.run(step);
            }
            long perCall = Long.MAX_VALUE;
            for (int round = 0; round < 3 && perCall > 0; round++) {
                long before = allocatedBytes();
                for (int i = 0; i < CALLS; i++) {
                    held.run(step);
                }
                perCall = Math.min(perCall, (allocatedBytes() - before) / CALLS);
            }
            assertThat(perCall).as("bytes per held.run(matmulInto)").isZero();
        }
        assertThat(y.f64Data()).containsExactly(3, 7);
    }

    /**
     * The matrix–vector kernels sit about fifteen calls below {@code held.run}, past C2's inlining depth:
     * with the Vector API on (this module's tests run with it), a vector handed to a method that is not
     * inlined would be boxed on every call. Every row count from below one vector to several whole
     * vectors and a tail, overwriting and accumulating. The warm-up is long: before C2 has compiled the
     * Vector API loops, every vector operation allocates (measured: about 2.6 KB per 8-row product
     * after 20 000 calls, none after 100 000).
     */
    @Test
    void aWarmHeldMatrixVectorProductAllocatesNothingAtEveryKernelSize() {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean
                && ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                        .isThreadAllocatedMemoryEnabled());
        try (CpuBackend backend = CpuBackend.builder().threads(1).build();
                CpuHeldSession held = backend.openSession()) {
            for (int rows : new int[] {5, 8, 12, 16, 20, 32, 35}) {
                Tensor a = Tensor.random(DType.F64, rows, rows, rows);
                Tensor x = Tensor.random(DType.F64, rows + 1L, rows, 1);
                Tensor y = Tensor.zeros(DType.F64, rows, 1);
                org.ferrite.api.session.Accumulation add = org.ferrite.api.session.Accumulation.of(1, 1);
                SessionAction into = s -> s.dotGeneralInto(a, x, org.ferrite.api.session.DotGeneralConfig.MATMUL, y);
                SessionAction accumulate = s -> s.dotGeneralAccumulate(a, x,
                        org.ferrite.api.session.DotGeneralConfig.MATMUL, add, y);
                for (SessionAction step : new SessionAction[] {into, accumulate}) {
                    for (int i = 0; i < 20 * CALLS; i++) {
                        held.run(step);
                    }
                    long perCall = Long.MAX_VALUE;
                    for (int round = 0; round < 3 && perCall > 0; round++) {
                        long before = allocatedBytes();
                        for (int i = 0; i < CALLS; i++) {
                            held.run(step);
                        }
                        perCall = Math.min(perCall, (allocatedBytes() - before) / CALLS);
                    }
                    assertThat(perCall).as("bytes per held matrix-vector product, %d rows, %s", rows,
                            step == into ? "into" : "accumulate").isZero();
                }
            }
        }
    }
}
