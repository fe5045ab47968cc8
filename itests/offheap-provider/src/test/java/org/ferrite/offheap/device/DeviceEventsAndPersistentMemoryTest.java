package org.ferrite.offheap.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.session.Event;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.DeviceKind;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Tensor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The device parts of the off-heap provider — persistent memory, events, device-to-device copies — on two
 * devices whose streams a test holds with latches, so that "queued but not yet run" is a state the test
 * observes, not a race: a freed persistent tensor keeps its memory until the work queued on it ran; a
 * device-side wait holds the waiting stream, not the host, until the other device's event completes; a
 * device frees a tensor another device still reads only after waiting for that device's event; the leak
 * backstop releases an unreachable persistent tensor stream-ordered.
 */
class DeviceEventsAndPersistentMemoryTest {
    private static final long BOUND_SECONDS = StreamGate.BOUND_SECONDS;
    private static final int N = 512;

    private final DeviceContext zero = new DeviceContext("test", new Placement(DeviceKind.OTHER, 0), 1 << 16, 1 << 22);
    private final DeviceContext one = new DeviceContext("test", new Placement(DeviceKind.OTHER, 1), 1 << 16, 1 << 22);
    private final CountDownLatch gateZero = new CountDownLatch(1);
    private final CountDownLatch gateOne = new CountDownLatch(1);

    @AfterEach
    void release() {
        gateZero.countDown();
        gateOne.countDown();
        zero.release();
        one.release();
    }

    private static Tensor ramp() {
        double[] v = new double[N];
        for (int i = 0; i < N; i++) {
            v[i] = i * 0.5 - 3;
        }
        return Tensor.of(v, N);
    }

    /** @return a persistent tensor of {@link #zero} holding {@link #ramp()}, written and synchronized */
    private Tensor persistentRamp(DeviceScope scope) {
        Tensor p = zero.allocatePersistent("test", DType.F64, new long[] {N});
        Transfers.transfer(scope, ramp(), p);
        scope.synchronize("test");
        return p;
    }

    private static OffHeapStorage storage(Tensor t) {
        return (OffHeapStorage) t.storage();
    }

    @Test
    void aFreedPersistentTensorKeepsItsMemoryUntilTheWorkQueuedOnItRan() {
        DeviceScope scope = zero.newScope();
        Tensor p = persistentRamp(scope);
        long used = zero.arena().usedBytes();
        StreamGate.hold(scope, gateZero);
        Tensor copy = scope.allocate("test", DType.F64, new long[] {N});
        scope.submit("copy", ElementKernels.copy(Operand.of(p), Operand.of(copy))); // queued, reads p
        scope.free("free", storage(p));
        assertThatThrownBy(() -> new DeviceOperands(zero).of("neg", "x", p)).as("unusable at once")
                .isInstanceOf(RuntimeStateException.class).hasMessageContaining("freed");
        Tensor reuse = zero.allocatePersistent("test", DType.F64, new long[] {N});
        assertThat(storage(reuse).byteOffset()).as("p's memory is not handed out under the queued copy")
                .isNotEqualTo(storage(p).byteOffset());
        gateZero.countDown();
        Tensor back = Tensor.zeros(DType.F64, N);
        Transfers.transfer(scope, copy, back);
        assertThat(back.f64Data()).containsExactly(ramp().f64Data());
        assertThat(zero.arena().usedBytes()).as("p's block went back after the copy").isEqualTo(used
                + copy.size() * 8 + reuse.size() * 8 - p.size() * 8);
        assertThat(zero.persistentCount()).isEqualTo(1);
    }

    @Test
    void aDeviceSideWaitHoldsTheWaitingStreamNotTheHostUntilThePeerEventCompletes() {
        DeviceScope writer = zero.newScope();
        DeviceScope reader = one.newScope();
        Tensor p = zero.allocatePersistent("test", DType.F64, new long[] {N});
        StreamGate.hold(writer, gateZero);
        Transfers.transfer(writer, ramp(), p);              // queued behind the gate
        Event written = writer.recordEvent("recordEvent");
        reader.waitEvent("waitEvent", written);              // returns at once: the wait is the stream's
        Tensor q = reader.allocate("test", DType.F64, new long[] {N});
        Transfers.transfer(reader, p, q);                    // device to device, on the reader's stream
        Event copied = reader.recordEvent("recordEvent");
        assertThat(written.isComplete()).isFalse();
        assertThat(copied.await(Duration.ofMillis(50))).as("the reader's stream waits for the writer's event")
                .isFalse();
        gateZero.countDown();
        copied.await();
        assertThat(written.isComplete()).isTrue();
        Tensor back = Tensor.zeros(DType.F64, N);
        Transfers.transfer(reader, q, back);
        assertThat(back.f64Data()).containsExactly(ramp().f64Data());
    }

    @Test
    void aDeviceFreesATensorAPeerStillReadsOnlyAfterWaitingForThePeersEvent() {
        DeviceScope owner = zero.newScope();
        DeviceScope peer = one.newScope();
        Tensor p = persistentRamp(owner);
        long used = zero.arena().usedBytes();
        StreamGate.hold(peer, gateOne);
        Tensor q = peer.allocate("test", DType.F64, new long[] {N});
        Transfers.transfer(peer, p, q);                      // the peer's stream reads p, behind its gate
        Event read = peer.recordEvent("recordEvent");
        owner.waitEvent("waitEvent", read);
        owner.free("free", storage(p));                      // queued behind the wait
        Event freed = owner.recordEvent("recordEvent");
        assertThat(freed.await(Duration.ofMillis(50))).isFalse();
        assertThat(zero.arena().usedBytes()).as("p's memory stays while the peer may read it").isEqualTo(used);
        gateOne.countDown();
        freed.await();
        assertThat(zero.arena().usedBytes()).isEqualTo(used - N * 8);
        Tensor back = Tensor.zeros(DType.F64, N);
        Transfers.transfer(peer, q, back);
        assertThat(back.f64Data()).containsExactly(ramp().f64Data());
    }

    @Test
    void theLeakBackstopReleasesAnUnreachablePersistentTensorStreamOrdered() throws InterruptedException {
        long before = zero.arena().usedBytes();
        allocateAndDrop();
        assertThat(zero.persistentCount()).isEqualTo(1);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(BOUND_SECONDS);
        while (zero.persistentCount() != 0 && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(20); // the cleaner's thread releases it once the collector found the storage
        }
        assertThat(zero.persistentCount()).isZero();
        zero.newScope().synchronize("test"); // the release was queued on the stream
        assertThat(zero.arena().usedBytes()).isEqualTo(before);
    }

    private void allocateAndDrop() {
        zero.allocatePersistent("test", DType.F32, new long[] {N});
    }

    @Test
    void thePersistentTensorsOfAReleasedDeviceFailTypedAndNoneCanBeAllocated() {
        Tensor p = zero.allocatePersistent("test", DType.I64, new long[] {3});
        zero.release();
        assertThatThrownBy(() -> OffHeapStorage.live("toHost", "t", p, null)).isInstanceOf(RuntimeStateException.class)
                .hasMessageContaining("closed");
        assertThatThrownBy(() -> zero.allocatePersistent("allocatePersistent", DType.F64, new long[] {1}))
                .isInstanceOf(org.ferrite.api.error.BackendFailureException.class);
    }
}
