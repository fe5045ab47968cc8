package org.ferrite.testkit.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.ferrite.api.Backend;
import org.ferrite.api.Backends;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.testkit.ProviderConformance;
import org.junit.jupiter.api.Test;

/**
 * Conformance of the lifecycle of an <em>owned</em> backend ({@code Backend.close()}): idempotent; once
 * close began, every entry fails with {@link RuntimeStateException} naming the backend, a held session
 * open at that moment fails its next {@code withSession} the same way and can still be closed, a
 * callback already running on another thread finishes; host tensors stay readable, device tensors of
 * the closed backend fail typed; the shared instance {@code Backends.get(name)} hands out ignores
 * {@code close()}. Each test closes a fresh backend from {@link #newBackend()}.
 *
 * <p>Not thread-safe (a JUnit test class). Lifetime: one instance per test method.
 */
public abstract class LifecycleConformance extends ProviderConformance {
    private static final long WAIT_SECONDS = 30;

    /** For subclasses. */
    protected LifecycleConformance() {
    }

    @Test
    void closeIsIdempotent() {
        Backend b = newBackend();
        b.close();
        b.close();
        assertThatThrownBy(() -> b.withSession(s -> null)).isInstanceOf(RuntimeStateException.class);
        b.close();
    }

    @Test
    void everyEntryAfterCloseFailsWithRuntimeStateExceptionNamingTheBackend() {
        Backend b = newBackend();
        String name = b.name();
        b.close();
        assertThatThrownBy(() -> b.withSession(s -> null)).isInstanceOf(RuntimeStateException.class)
                .hasMessageContaining(name);
        assertThatThrownBy(b::openSession).isInstanceOf(RuntimeStateException.class).hasMessageContaining(name);
        assertThatThrownBy(() -> b.openSession(Duration.ofSeconds(1))).isInstanceOf(RuntimeStateException.class)
                .hasMessageContaining(name);
        assertThatThrownBy(b::tryOpenSession).isInstanceOf(RuntimeStateException.class).hasMessageContaining(name);
    }

    @Test
    void aHeldSessionOpenAtCloseFailsItsNextEntryAndCanStillBeClosed() {
        Backend b = newBackend();
        HeldSession held = b.openSession();
        assertThat(held.<Long>withSession(s -> s.allocate(DType.F64, 2).size())).isEqualTo(2);
        b.close();
        assertThatThrownBy(() -> held.withSession(s -> null)).isInstanceOf(RuntimeStateException.class)
                .hasMessageContaining(b.name());
        held.close();
        assertThat(held.isOpen()).isFalse();
        held.close();
    }

    @Test
    void aCallbackAlreadyRunningOnAnotherThreadWhenCloseBeginsFinishes() throws Exception {
        Backend b = newBackend();
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<Double> running = CompletableFuture.supplyAsync(() -> b.withSession(s -> {
            Tensor t = s.toHost(s.zeros(DType.F64, 3));
            inside.countDown();
            awaitOrFail(release);
            t.set(7, 1);
            return t.getDouble(1);
        }));
        assertThat(inside.await(WAIT_SECONDS, TimeUnit.SECONDS)).as("the callback started").isTrue();
        b.close();
        release.countDown();
        assertThat(running.get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(7);
        assertThatThrownBy(() -> b.withSession(s -> null)).isInstanceOf(RuntimeStateException.class);
    }

    @Test
    void hostTensorsStayReadableAfterClose() {
        Backend b = newBackend();
        Tensor ones = b.withSession(s -> s.toHost(s.add(s.zeros(DType.F32, 2, 2),
                s.to(Tensor.ones(DType.F32), s.placement()))));
        b.close();
        assertThat(ones.f32Data()).containsExactly(1, 1, 1, 1);
        assertThat(ones.toString()).contains("1.0");
    }

    @Test
    void deviceTensorsOfAClosedBackendFailTypedAndHostTensorsStayReadable() {
        Tensor values = Tensor.of(new double[] {1, -2, 3}, 3);
        Backend b = newBackend();
        Tensor[] kept = b.withSession(s -> {
            Tensor there = s.to(values, s.placement());
            s.synchronize();
            return new Tensor[] {there, s.toHost(there)};
        });
        // a scoped session's tensors die with it on a device: keep one from a held session open at close
        HeldSession held = b.openSession();
        Tensor live = held.withSession(s -> s.to(values, s.placement()));
        b.close();
        held.close();
        assertThat(kept[1].f64Data()).containsExactly(1, -2, 3);
        try (Backend other = newBackend()) {
            for (Tensor t : new Tensor[] {kept[0], live}) {
                if (t.placement().isHost()) {
                    assertThat(other.withSession(s -> s.toHost(t)).f64Data()).containsExactly(1, -2, 3);
                } else {
                    assertThatThrownBy(() -> other.withSession(s -> s.toHost(t)))
                            .isInstanceOf(RuntimeStateException.class);
                }
            }
        }
    }

    @Test
    void theSharedInstanceBackendsHandsOutIgnoresClose() {
        String name = newBackendName();
        assumeTrue(Backends.diagnostics().stream().anyMatch(d -> d.name().equals(name) && d.available()),
                "the provider '" + name + "' is not discoverable through ServiceLoader here");
        Backend shared = Backends.get(name);
        shared.close();
        try (Backend again = Backends.get(name)) {
            assertThat(again).isSameAs(shared);
        }
        assertThat(shared.<Long>withSession(s -> s.allocate(DType.F64, 2).size())).isEqualTo(2);
    }

    private String newBackendName() {
        try (Backend b = newBackend()) {
            return b.name();
        }
    }

    private static void awaitOrFail(CountDownLatch latch) {
        try {
            if (!latch.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
                throw new AssertionError("not released within " + WAIT_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
