package org.ferrite.api;

import java.time.Duration;
import java.util.Optional;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.SessionAction;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.DeviceKind;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A compute backend: the entry to sessions. Implemented by providers (CPU now, device providers
 * later); obtained from {@link Backends} on a plain JVM or from the OSGi service registry.
 *
 * <p>Two entries, one {@link BackendSession} surface:
 * <ul>
 * <li><b>Scoped</b> {@link #withSession}: admission, run the work, release — per call.</li>
 * <li><b>Held</b> {@link #openSession()}: admission once, then any number of
 * {@link HeldSession#withSession} calls, then {@link HeldSession#close()}. Use it to run many small
 * operations without paying the entry each time.</li>
 * </ul>
 *
 * <p>Admission: a backend admits one root session at a time per execution domain (providers define
 * the domain; for the CPU provider, a set of CPUs). Waiters are served in FIFO order. A thread that
 * already runs inside a session of an overlapping domain is rejected with
 * {@link org.ferrite.api.error.SessionEntryException.Reentered} before any blocking step.
 *
 * <h2>Lifecycle</h2>
 * A backend is {@link AutoCloseable}: {@link #close()} releases its pools, threads and any device
 * context. Who closes it depends on who owns it:
 * <ul>
 * <li><b>Owned</b> backends — from {@link Backends#create}, {@link BackendProvider#create}, or a
 * provider's own builder — belong to the caller, who closes them ({@code try (Backend b = …)}).</li>
 * <li><b>Shared</b> backends — those {@link Backends#get()} and {@link Backends#get(String)} hand out,
 * and the objects registered as OSGi services — are used by many callers; their {@code close()} is a
 * <b>no-op</b> (as {@code ForkJoinPool.commonPool()}'s is), so {@code try (Backend b = Backends.get())}
 * cannot take a backend away from others. Their owner closes the real backend: the {@link Backends}
 * facade at JVM exit, Declarative Services when the component deactivates.</li>
 * </ul>
 *
 * <p>Thread-safe. Lifetime: an owned backend lives until {@link #close()}; a shared one as long as its
 * owner keeps it (in OSGi, while its service is registered). Sessions opened from it must be closed by
 * their opener.
 */
@ProviderType
public interface Backend extends AutoCloseable {

    /** @return the backend's name, e.g. {@code "cpu"} */
    String name();

    /** @return where it computes */
    DeviceKind device();

    /** @return what it supports */
    BackendCapabilities capabilities();

    /**
     * Scoped entry: waits for admission (FIFO), runs {@code work} with a session view, releases.
     * Whatever {@code work} returns or throws passes through unchanged.
     *
     * <pre>{@code
     * Tensor c = backend.withSession(s -> s.add(a, b));
     * }</pre>
     *
     * @param work the work
     * @param <R> its result type
     * @return what {@code work} returned
     * @throws org.ferrite.api.error.SessionEntryException if entry is refused; thrown before
     *     {@code work} runs
     */
    <R> R withSession(SessionFunction<R> work);

    /**
     * Scoped entry for work that returns nothing ({@link #withSession} without {@code return null;}).
     *
     * <pre>{@code
     * backend.run(s -> s.addInto(a, b, out));
     * }</pre>
     *
     * @param work the work
     * @throws org.ferrite.api.error.SessionEntryException if entry is refused; thrown before
     *     {@code work} runs
     */
    default void run(SessionAction work) {
        withSession(work);
    }

    /**
     * Scoped entry for work that returns a tensor, typed {@link Tensor}: the same as {@link #withSession},
     * usable where Java cannot infer a generic result — as an argument of an overloaded method, such as
     * {@code System.out.println} (see {@link HeldSession#compute}).
     *
     * <pre>{@code
     * System.out.println(backend.compute(s -> s.matmul(a, a)));
     * }</pre>
     *
     * @param work the work; returns a tensor (or {@code null})
     * @return what {@code work} returned
     * @throws org.ferrite.api.error.SessionEntryException if entry is refused; thrown before
     *     {@code work} runs
     */
    default Tensor compute(SessionFunction<Tensor> work) {
        return withSession(work);
    }

    /**
     * Held entry: waits for admission (FIFO, without bound) and returns a session confined to the
     * calling thread. The interrupt status is consulted only when the call has to wait: if it is set
     * then, or the thread is interrupted while waiting, the thread leaves the queue and gets
     * {@link org.ferrite.api.error.SessionEntryException.Contended} (cause: the
     * {@link InterruptedException}) with the interrupt status set again. An uncontended entry
     * succeeds whatever the interrupt status.
     *
     * <pre>{@code
     * try (HeldSession held = backend.openSession()) {
     *     for (int i = 0; i < 1000; i++) {
     *         held.withSession(s -> { s.dotGeneralInto(a, x, cfg, y); return null; });
     *     }
     * }
     * }</pre>
     *
     * @return the open session; the caller must close it
     * @throws org.ferrite.api.error.SessionEntryException if entry is refused
     */
    HeldSession openSession();

    /**
     * Held entry with a bounded wait. A zero or negative {@code maxWait} does not wait at all (like
     * {@link #tryOpenSession()}, but throwing).
     *
     * @param maxWait the longest time to wait for admission
     * @return the open session
     * @throws org.ferrite.api.error.SessionEntryException.Contended if not admitted in time
     */
    HeldSession openSession(Duration maxWait);

    /**
     * Held entry without waiting. Never barges: if anyone is queued, it fails.
     *
     * @return the open session, or empty if the domain is busy
     * @throws org.ferrite.api.error.SessionEntryException.Reentered if the calling thread already runs
     *     inside a session of an overlapping domain
     */
    Optional<HeldSession> tryOpenSession();

    /**
     * Closes an owned backend; a no-op on a shared one (see the class comment). Idempotent: closing
     * again does nothing, and close never throws a checked exception.
     *
     * <p>Once close begins, every new entry ({@link #withSession}, {@link #openSession()},
     * {@link #openSession(Duration)}, {@link #tryOpenSession()}) fails with
     * {@link org.ferrite.api.error.RuntimeStateException} naming the backend. A held session open at
     * that moment fails its next {@code withSession} with {@code RuntimeStateException}, and its
     * {@code close()} still works; a callback already running on another thread finishes. Threads,
     * pools and any device context are released when the last session has left. Host tensors stay
     * readable; device tensors of a closed backend are invalid, and using them fails with
     * {@code RuntimeStateException}.
     */
    @Override
    void close();
}
