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
}
