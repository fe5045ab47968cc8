package org.ferrite.testkit.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.ferrite.api.Backend;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.Event;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.testkit.ProviderConformance;
import org.ferrite.testkit.oracle.Tolerance;
import org.ferrite.testkit.oracle.Values;
import org.ferrite.testkit.oracle.Values.Domain;
import org.junit.jupiter.api.Test;

/**
 * Conformance of device-to-device transfers between two devices of one provider ({@code transferInto}
 * with the source on one device and the output on the other), for a provider whose kit supplies a second
 * device ({@code ConformanceKit.newPeerBackend()}; skipped otherwise): sessions of the two devices run at
 * the same time, on two threads; a copy is bit for bit in every dtype, from and into strided views; an
 * event recorded after the work that wrote the source, and waited for by the copying session, orders the
 * copy after that work; a tensor of another provider is refused with the advice to go through the host.
 *
 * <p>Not thread-safe (a JUnit test class). Lifetime: one instance per test method; each test closes the
 * peer backend it made.
 */
public abstract class DeviceToDeviceConformance extends ProviderConformance {
    private static final long N = 4096;
    private static final int STEPS = 30;

    /** For subclasses. */
    protected DeviceToDeviceConformance() {
    }

    private Backend peer() {
        Optional<Backend> peer = newPeerBackend();
        assumeTrue(peer.isPresent(), "the provider supplies no second device (ConformanceKit.newPeerBackend())");
        assertThat(peer.get().capabilities().placement()).as("the peer is another device")
                .isNotEqualTo(backend().capabilities().placement());
        return peer.get();
    }

    @Test
    void sessionsOfTwoDevicesRunAtTheSameTime() throws Throwable {
        try (Backend peer = peer(); HeldSession held = backend().openSession()) {
            Boolean admitted = OtherThread.call(() -> {
                Optional<HeldSession> other = peer.tryOpenSession();
                other.ifPresent(HeldSession::close);
                return other.isPresent();
            });
            assertThat(admitted).as("the peer device is free while the first is held").isTrue();
            assertThat(held.isOpen()).isTrue();
        }
    }

    @Test
    void aCopyBetweenTwoDevicesIsBitForBitInEveryDtypeAndLayout() throws Throwable {
        try (Backend peer = peer()) {
            for (DType dtype : backend().capabilities().dtypes()) {
                Tensor values = Values.random(dtype, 3100 + dtype.ordinal(), Domain.ANY, 3, 4);
                Tensor source = backend().withSession(s -> s.toPersistent(values));
                Tensor[] copies = OtherThread.call(() -> peer.withSession(s -> {
                    Tensor compact = s.allocate(dtype, 3, 4);
                    s.transferInto(source, compact);                               // device to device
                    Tensor wide = s.toPersistent(Tensor.zeros(dtype, 4, 3));
                    s.transferInto(source.transpose(), wide.reverse(0));      // strided on both sides
                    return new Tensor[] {s.toHost(compact), s.toHost(wide), wide};
                }));
                Tolerance.assertClose(dtype + " compact", copies[0], values, 0, 0);
                Tensor expectedWide = Tensor.zeros(dtype, 4, 3);
                TensorView target = expectedWide.reverse(0);
                org.ferrite.testkit.oracle.Indices.forEach(target.shape(), i -> Values.copy(values.transpose(), i,
                        target, i));
                Tolerance.assertClose(dtype + " strided", copies[1], expectedWide, 0, 0);
                Tensor back = backend().withSession(s -> {                      // and back, the other way
                    Tensor here = s.allocate(dtype, 4, 3);
                    s.transferInto(copies[2], here);
                    return s.toHost(here);
                });
                Tolerance.assertClose(dtype + " back", back, expectedWide, 0, 0);
                backend().run(s -> s.free(source));
                peer.run(s -> s.free(copies[2]));
            }
        }
    }

    @Test
    void aCopyWaitingForAnEventOfTheOtherDeviceSeesTheWorkBeforeThatEvent() throws Throwable {
        long[] start = new long[(int) N];
        for (int i = 0; i < start.length; i++) {
            start[i] = i % 97 - 48;
        }
        try (Backend peer = peer(); HeldSession writer = backend().openSession()) {
            CountDownLatch peerOpen = new CountDownLatch(1);
            Event[] written = new Event[1];
            Tensor[] source = new Tensor[1];
            CountDownLatch recorded = new CountDownLatch(1);
            OtherThread.Handle<long[]> reader = OtherThread.start("peer-reader", () -> {
                try (HeldSession held = peer.openSession()) {
                    peerOpen.countDown();
                    assertThat(recorded.await(OtherThread.BOUND.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
                    return held.withSession(s -> {
                        s.waitEvent(written[0]);
                        Tensor copy = s.allocate(DType.I64, N);
                        s.transferInto(source[0], copy);
                        Event copied = s.recordEvent();
                        long[] v = s.toHost(copy).i64Data();
                        copied.await();
                        return v;
                    });
                }
            });
            assertThat(peerOpen.await(OtherThread.BOUND.toMillis(), TimeUnit.MILLISECONDS)).as("both held at once")
                    .isTrue();
            writer.withSession(s -> {
                source[0] = s.toPersistent(Tensor.of(start, N));
                Tensor two = s.to(Tensor.full(DType.I64, 2, N), s.placement());
                Tensor one = s.to(Tensor.ones(DType.I64, N), s.placement());
                for (int step = 0; step < STEPS; step++) {
                    s.binaryInto(BinaryOp.MUL, source[0], two, source[0]);
                    s.binaryInto(BinaryOp.ADD, source[0], one, source[0]);
                }
                written[0] = s.recordEvent();
                return null;
            });
            recorded.countDown();
            long[] read = reader.join();
            for (int i = 0; i < start.length; i++) {
                assertThat(read[i]).as("element " + i).isEqualTo(start[i] * (1L << STEPS) + (1L << STEPS) - 1);
            }
            writer.withSession(s -> {
                s.free(source[0]);
                return null;
            });
        }
    }

    @Test
    void aTensorOfAnotherProviderIsRefusedWithTheRouteThroughTheHost() {
        try (Backend peer = peer()) {
            Tensor out = backend().withSession(s -> s.toPersistent(Tensor.zeros(DType.F32, 2, 3)));
            Throwable t = catchThrowable(() -> peer.run(s -> s.transferInto(ForeignTensors.foreign(DType.F32,
                    s.placement(), 2, 3), out)));
            assertThat(t).isInstanceOf(ValidationException.class);
            assertThat(((ValidationException) t).validationKind()).isEqualTo(ValidationKind.INVALID_ARGUMENT);
            assertThat(((ValidationException) t).argument()).isEqualTo("src");
            assertThat(t.getMessage()).contains("host");
            backend().run(s -> s.free(out));
        }
    }
}
