package org.ferrite.api.session;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * The work a caller runs inside a session: receives a {@link BackendSession} view that is valid only
 * for the duration of {@link #apply}. Implemented by users (usually as a lambda). Whatever it returns
 * or throws passes through the entry unchanged.
 *
 * <p>Confined to the thread that entered the session: a backend calls {@link #apply} on that thread
 * only, never concurrently, so implementations need not be thread-safe. Lifetime: the caller's; the
 * session view it receives is valid only until {@link #apply} returns.
 *
 * @param <R> the result type
 */
@ConsumerType
@FunctionalInterface
public interface SessionFunction<R> {
    /**
     * @param session the session view; do not keep it beyond this call
     * @return the result of the work
     */
    R apply(BackendSession session);
}
