package org.ferrite.api;

import org.ferrite.api.session.SessionFunction;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A session entered once and used for many operations. It owns the backend's admission permit and
 * whatever the provider checked out for it (buffer pools, plan caches, CPU affinity) until
 * {@link #close()}.
 *
 * <p>Confined to the thread that opened it: calls from another thread throw
 * {@link org.ferrite.api.error.SessionEntryException.IncompatibleContext}. Lifetime: from
 * {@code openSession} to {@link #close()}; after close, {@link #withSession} throws
 * {@link org.ferrite.api.error.RuntimeStateException}. A session that becomes unreachable without
 * being closed is released best-effort by the provider; do not rely on it.
 */
@ProviderType
public interface HeldSession extends AutoCloseable {

    /**
     * Runs {@code work} with a short-lived view of this session. Any number of calls may follow
     * each other; none of them waits for admission. An exception thrown by {@code work} propagates
     * unchanged and leaves the session usable.
     *
     * <pre>{@code
     * double[] y = held.withSession(s -> s.matmul(a, x)).f64Data();
     * }</pre>
     *
     * @param work the work
     * @param <R> its result type
     * @return what {@code work} returned
     * @throws org.ferrite.api.error.RuntimeStateException if closed
     * @throws org.ferrite.api.error.SessionEntryException.IncompatibleContext from another thread
     * @throws org.ferrite.api.error.SessionEntryException.Reentered if called inside its own callback
     */
    <R> R withSession(SessionFunction<R> work);

    /** @return true until {@link #close()} (a snapshot; for diagnostics, not for control flow) */
    boolean isOpen();

    /**
     * Releases everything the session holds. Idempotent: closing again does nothing.
     *
     * @throws org.ferrite.api.error.SessionCloseException if a release step failed (for the CPU
     *     provider: restoring the caller's CPU affinity); everything else was still released
     */
    @Override
    void close();
}
