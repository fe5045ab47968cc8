package org.ferrite.offheap.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CountDownLatch;
import org.ferrite.api.error.NumericalFailureException;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.spi.Overlap;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.DeviceKind;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Tensor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A session's device scope, with its stream held by a latch so that "queued but not yet run" is a
 * state the test observes instead of a race: work is asynchronous, releases are stream-ordered, a
 * failure waits for the next synchronisation point.
 */
class DeviceScopeTest {
    private final DeviceContext context = new DeviceContext("test", new Placement(DeviceKind.OTHER, 0), 1 << 16, 1 << 20);
    private final CountDownLatch gate = new CountDownLatch(1);

    @AfterEach
    void release() {
        gate.countDown();
        context.release();
    }

    /** Holds the stream until {@link #gate} opens. */
    private void holdTheStream(DeviceScope scope) {
        StreamGate.hold(scope, gate);
    }

    @Test
    void workIsQueuedAndRunsOnlyWhenTheStreamReachesIt() {
        DeviceScope scope = context.newScope();
        Tensor t = scope.allocate("test", DType.F64, new long[] {4});
        holdTheStream(scope);
        Transfers.transfer(scope, Tensor.of(new double[] {1, 2, 3, 4}, 4), t); // returns while the stream is held
        Tensor neg = scope.allocate("test", DType.F64, new long[] {4});
        scope.submit("neg", ElementKernels.unary(org.ferrite.api.session.UnaryOp.NEG, Operand.of(t), Operand.of(neg)));
        gate.countDown();
        Tensor back = Tensor.zeros(DType.F64, 4);
        Transfers.transfer(scope, neg, back);
        assertThat(back.f64Data()).containsExactly(-1, -2, -3, -4);
    }

    @Test
    void reclaimedMemoryGoesBackToTheArenaOnlyAfterTheQueuedWorkRan() {
        DeviceScope scope = context.newScope();
        Tensor t = scope.allocate("test", DType.F32, new long[] {16});
        long used = context.arena().usedBytes();
        holdTheStream(scope);
        scope.reclaim("reclaim", (OffHeapStorage) t.storage());
        assertThat(((OffHeapStorage) t.storage()).isFreed()).as("unusable at once").isTrue();
        assertThat(context.arena().usedBytes()).as("not reusable under queued work").isEqualTo(used);
        gate.countDown();
        scope.synchronize("test");
        assertThat(context.arena().usedBytes()).isEqualTo(used - Arena.ALIGNMENT);
    }

    @Test
    void aFailureOfQueuedWorkIsReportedOnceAtTheNextSynchronisationPoint() {
        DeviceScope scope = context.newScope();
        holdTheStream(scope);
        scope.submit("div", () -> {
            throw new NumericalFailureException("div", "integer division by zero");
        });
        gate.countDown();
        assertThatThrownBy(() -> scope.synchronize("synchronize")).isInstanceOf(NumericalFailureException.class);
        scope.synchronize("synchronize"); // reported once
    }

    @Test
    void theEndFreesEveryRemainingTensorAndTheyFailTypedAfterwards() {
        DeviceScope scope = context.newScope();
        Tensor a = scope.allocate("test", DType.I32, new long[] {3});
        Tensor b = scope.allocate("test", DType.I32, new long[] {5});
        assertThat(Overlap.allocationOf(a)).as("windows of one chunk").isSameAs(Overlap.allocationOf(b));
        assertThat(Overlap.byteOffsetOf(b)).isNotEqualTo(Overlap.byteOffsetOf(a));
        assertThat(Overlap.mayOverlap(a, b)).isFalse();
        scope.end("close");
        assertThat(context.arena().usedBytes()).isZero();
        DeviceOperands operands = new DeviceOperands(context);
        assertThatThrownBy(() -> operands.of("neg", "x", a)).isInstanceOf(RuntimeStateException.class)
                .hasMessageContaining("'x'");
        assertThatThrownBy(() -> scope.allocate("allocate", DType.I32, new long[] {1}))
                .isInstanceOf(RuntimeStateException.class);
    }
}
