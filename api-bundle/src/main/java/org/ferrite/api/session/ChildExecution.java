package org.ferrite.api.session;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A handle that lets a worker thread of an enclosing pool run work under the admission of the
 * session that created it ({@link BackendSession#childExecution()}), with its own private scratch
 * resources and no arbiter wait.
 *
 * <p>Thread-safe: it may be handed to and used from any thread other than one that already runs
 * inside a session. Lifetime: valid only while the parent session is open; afterwards every entry
 * fails with {@code SessionEntryException.IncompatibleContext}.
 *
 * <pre>{@code
 * held.withSession(s -> {
 *     ChildExecution child = s.childExecution();
 *     return pool.submit(() -> child.withSession(c -> c.add(a, b))).join();
 * });
 * }</pre>
 */
@ProviderType
public interface ChildExecution {
    /**
     * Runs {@code work} on the calling thread under the parent's admission.
     *
     * @param work the work
     * @param <R> the result type
     * @return what {@code work} returned
     * @throws org.ferrite.api.error.SessionEntryException.Reentered if the calling thread already runs
     *     inside a session (including the parent's own thread while its callback runs)
     * @throws org.ferrite.api.error.SessionEntryException.IncompatibleContext if the parent is closed
     */
    <R> R withSession(SessionFunction<R> work);
}
