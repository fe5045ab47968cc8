package org.ferrite.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.cpu.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What an entry that cannot be admitted at once says: a {@code Contended} refusal names the thread
 * holding the CPUs and for how long (at least) it has held them, and an entry that waits without bound
 * logs that once, through {@code System.Logger}, after the configured time, and keeps waiting in its
 * place. "Waiting" is observed on the arbiter's queue, never by timing.
 */
class EntryDiagnosticsTest {
    private final TestBackends backends = new TestBackends();
    private final Logger sessionLog = Logger.getLogger("org.ferrite.cpu.session");
    private final List<LogRecord> logged = new CopyOnWriteArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            logged.add(record);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    EntryDiagnosticsTest() {
        sessionLog.addHandler(capture);
        sessionLog.setUseParentHandlers(false); // the waits are provoked: their warnings are checked, not printed
    }

    @AfterEach
    void closeAll() {
        sessionLog.removeHandler(capture);
        sessionLog.setUseParentHandlers(true);
        backends.close();
        assertThat(TestBackends.arbiter().queueLength()).as("nothing stays queued").isZero();
    }

    @Test
    void aTimedOutEntryNamesTheHoldingThreadAndHowLongItHasHeld() {
        CpuBackend backend = backends.on("3");
        try (CpuHeldSession held = backend.openSession()) {
            assertThat(held.isOpen()).isTrue();
            Throwable refused = Await.result(CpuBackendAdmissionTest.onNewThread("bounded",
                    () -> catchThrowable(() -> backend.openSession(Duration.ofMillis(200)))));
            assertThat(refused).isInstanceOf(SessionEntryException.Contended.class)
                    .hasMessageContaining("held by thread '" + Thread.currentThread().getName() + "'")
                    .hasMessageContaining("a held session of the cpu backend on CPUs 3")
                    .hasMessageMatching("(?s).*for at least (0\\.[2-9]|[1-9][0-9]*\\.[0-9]) s.*");
        }
    }

    @Test
    void aThreadThatMustNotWaitIsToldWhoHoldsTheCpus() {
        CpuBackend backend = backends.on("4-5");
        CpuBackend other = backends.on("6");
        try (CpuHeldSession held = backend.openSession()) {
            assertThat(held.isOpen()).isTrue();
            Throwable refused = Await.result(CpuBackendAdmissionTest.onNewThread("inside another session",
                    () -> other.withSession(s -> catchThrowable(() -> backend.withSession(t -> null)))));
            assertThat(refused).isInstanceOf(SessionEntryException.Contended.class)
                    .hasMessageContaining("CPUs 4-5 are busy (held by thread '" + Thread.currentThread().getName() + "'")
                    .hasMessageContaining("must not wait");
        }
    }

    @Test
    void aPlainOpenSessionThatWaitsLongLogsOnceWhoHoldsTheDomainAndKeepsWaiting() {
        CpuBackend backend = backends.add(backends.builder("7").longWaitWarning(Duration.ofMillis(50)).build());
        CompletableFuture<String> waiter;
        try (CpuHeldSession held = backend.openSession()) {
            assertThat(held.isOpen()).isTrue();
            waiter = CpuBackendAdmissionTest.onNewThread("patient", () -> {
                try (HeldSession next = backend.openSession()) {
                    return next.isOpen() ? "admitted" : "closed?";
                }
            });
            Await.until(() -> !logged.isEmpty(), () -> "the long-wait warning");
            assertThat(TestBackends.arbiter().queuedThreads()).as("still waiting after the warning")
                    .extracting(Thread::getName).containsExactly("patient");
        }
        assertThat(Await.result(waiter)).isEqualTo("admitted");
        assertThat(logged).hasSize(1);
        LogRecord record = logged.get(0);
        assertThat(record.getLevel()).isEqualTo(Level.WARNING);
        String text = java.text.MessageFormat.format(record.getMessage(), record.getParameters());
        assertThat(text).contains("thread 'patient' has waited 0.1 s in openSession for CPUs 7")
                .contains("held by thread '" + Thread.currentThread().getName() + "'").contains("keeps waiting");
    }

    @Test
    void theLongWaitWarningMustBePositive() {
        assertThat(catchThrowable(() -> CpuBackend.builder().longWaitWarning(Duration.ZERO)))
                .isInstanceOf(org.ferrite.api.error.ValidationException.class).hasMessageContaining("after");
    }
}
