package org.ferrite.api.spi.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.BackendFailureException;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.ChildExecution;
import org.junit.jupiter.api.Test;

/**
 * The provider-support layer's own contract, on a provider that records what the lifecycle asks of it:
 * the release order and the reporting of a session's deferred failure (thrown after release, or
 * suppressed on the callback's exception), a failing {@code begin} releasing admission, {@code closed()}
 * called once when the last session ends, child sessions begun and ended around their callback, a
 * leaked held session released by the cleaner, and the escaped-view and confinement rules of
 * {@link ViewGuard}. The whole session contract also runs against the reference and off-heap providers,
 * which are built on this layer, through the conformance kit.
 */
class SessionLifecycleTest {
    /** What one session holds here: its role and a failure its end reports, if set. */
    static final class State {
        final SessionRole role;
        RuntimeException failOnEnd;

        State(SessionRole role) {
            this.role = role;
        }
    }

    /** A provider that records begin/end/closed and makes views that answer only childExecution. */
    static final class Recording extends SessionLifecycle<State> {
        final List<String> events = new ArrayList<>();
        final AtomicInteger closedCalls = new AtomicInteger();
        RuntimeException failOnBegin;
        RuntimeException failOnEnd;

        Recording() {
            super("test", new FifoAdmission("the test backend"));
        }

        @Override
        protected State begin(SessionRole role) {
            synchronized (events) {
                events.add("begin " + role);
            }
            if (failOnBegin != null) {
                throw failOnBegin;
            }
            State state = new State(role);
            state.failOnEnd = failOnEnd;
            return state;
        }

        @Override
        protected BackendSession newView(ViewGuard guard, State state) {
            return (BackendSession) Proxy.newProxyInstance(BackendSession.class.getClassLoader(),
                    new Class<?>[] {BackendSession.class}, (proxy, method, args) -> {
                        switch (method.getName()) {
                            case "childExecution":
                                return guard.childExecution();
                            case "sessionLocal":
                                return guard.sessionLocal(args[0], (java.util.function.Supplier<?>) args[1]);
                            case "toString":
                                return "view";
                            default:
                                guard.enter(method.getName());
                                return null;
                        }
                    });
        }

        @Override
        protected void end(State state, SessionRole role) {
            synchronized (events) {
                events.add("end " + role);
            }
            if (state.failOnEnd != null) {
                throw state.failOnEnd;
            }
        }

        @Override
        protected void closed() {
            closedCalls.incrementAndGet();
        }
    }

    private final Recording backend = new Recording();

    @Test
    void aDeferredFailureIsThrownAfterTheReleaseOrSuppressedOnTheCallbacksException() {
        BackendFailureException deferred = new BackendFailureException("add", "division by zero", null);
        backend.failOnEnd = deferred;
        assertThat(catchThrowable(() -> backend.withSession(s -> 1))).isSameAs(deferred);
        assertThat(backend.isIdle()).as("released before the failure was thrown").isTrue();
        IllegalStateException own = new IllegalStateException("the callback's own");
        assertThat(catchThrowable(() -> backend.withSession(s -> {
            throw own;
        }))).isSameAs(own).satisfies(t -> assertThat(t.getSuppressed()).containsExactly(deferred));
        HeldSession held = backend.openSession();
        assertThatThrownBy(held::close).isSameAs(deferred);
        assertThat(held.isOpen()).isFalse();
        held.close(); // a no-op now
        assertThat(backend.isIdle()).isTrue();
    }

    @Test
    void aFailingBeginReleasesAdmissionAndRunsNoCallback() {
        backend.failOnBegin = new IllegalStateException("no stream");
        assertThatThrownBy(() -> backend.withSession(s -> {
            throw new AssertionError("must not run");
        })).hasMessage("no stream");
        assertThatThrownBy(backend::openSession).hasMessage("no stream");
        assertThat(backend.isIdle()).isTrue();
        backend.failOnBegin = null;
        assertThat(backend.<Integer>withSession(s -> 7)).isEqualTo(7);
    }

    @Test
    void closedRunsOnceWhenTheLastSessionEnds() {
        HeldSession held = backend.openSession();
        backend.close();
        backend.close();
        assertThat(backend.closedCalls).hasValue(0);
        assertThatThrownBy(() -> held.withSession(s -> null)).isInstanceOf(RuntimeStateException.class)
                .hasMessageContaining("test backend of this held session was closed");
        assertThatThrownBy(() -> backend.withSession(s -> null)).isInstanceOf(RuntimeStateException.class);
        held.close();
        assertThat(backend.closedCalls).hasValue(1);
        Recording idle = new Recording();
        idle.close();
        assertThat(idle.closedCalls).hasValue(1);
    }

    @Test
    void aChildSessionIsBegunAndEndedAroundItsCallbackAndRefusedOnceTheRootEnded() throws Exception {
        ChildExecution[] kept = new ChildExecution[1];
        backend.withSession(s -> {
            ChildExecution child = s.childExecution();
            kept[0] = child;
            String ran = CompletableFuture.supplyAsync(() -> child.withSession(c -> {
                c.placement(); // a live child view
                return "child ran";
            })).orTimeout(10, TimeUnit.SECONDS).join();
            assertThat(ran).isEqualTo("child ran");
            assertThatThrownBy(() -> child.withSession(c -> null)).as("the root's own thread is inside")
                    .isInstanceOf(SessionEntryException.Reentered.class);
            return null;
        });
        assertThat(backend.events).containsExactly("begin SCOPED", "begin CHILD", "end CHILD", "end SCOPED");
        assertThat(CompletableFuture.supplyAsync(() -> catchThrowable(() -> kept[0].withSession(c -> null)))
                .get(10, TimeUnit.SECONDS)).isInstanceOf(SessionEntryException.IncompatibleContext.class)
                .hasMessageContaining("parent session of this child execution has ended");
    }

    @Test
    void aViewIsDeadAfterItsCallbackAndConfinedToItsThread() throws Exception {
        BackendSession escaped = backend.withSession(s -> s);
        assertThatThrownBy(escaped::placement).isInstanceOf(RuntimeStateException.class)
                .hasMessageContaining("escaped");
        try (HeldSession held = backend.openSession()) {
            held.withSession(s -> {
                Throwable foreign = CompletableFuture.supplyAsync(() -> catchThrowable(s::placement)).join();
                assertThat(foreign).isInstanceOf(SessionEntryException.IncompatibleContext.class);
                assertThatThrownBy(() -> held.withSession(t -> null)).isInstanceOf(SessionEntryException.Reentered.class);
                assertThatThrownBy(held::close).isInstanceOf(RuntimeStateException.class);
                return null;
            });
            assertThat(held.<Object>withSession(s -> s.sessionLocal("k", () -> "v"))).isEqualTo("v");
            assertThat(held.<Object>withSession(s -> s.sessionLocal("k", () -> "other"))).as("kept for the session")
                    .isEqualTo("v");
        }
        assertThat(backend.tryOpenSession()).isPresent().get().satisfies(HeldSession::close);
        assertThat(catchThrowable(() -> backend.openSession(Duration.ZERO).close())).isNull();
    }

    @Test
    void anUnreachableHeldSessionIsReleasedByTheCleaner() throws Exception {
        CompletableFuture.runAsync(() -> backend.openSession()).get(10, TimeUnit.SECONDS); // never closed
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!backend.isIdle() && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(20); // the cleaner's thread runs the release once the collector found the handle
        }
        assertThat(backend.isIdle()).as("released by the cleaner").isTrue();
        assertThat(backend.events).containsExactly("begin HELD", "end HELD");
    }
}
