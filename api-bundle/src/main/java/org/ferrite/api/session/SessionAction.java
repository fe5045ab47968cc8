package org.ferrite.api.session;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Work that returns nothing, run inside a session: {@code held.run(s -> s.matmulInto(a, x, y))}, with no
 * {@code return null;}. It is a {@link SessionFunction} whose result is always {@code null}, so a backend
 * runs it exactly as it runs any work (no wrapper, no allocation of its own). Implemented by users,
 * usually as a lambda; whatever it throws passes through the entry unchanged.
 *
 * <p>Confined to the thread that entered the session: a backend calls {@link #run} on that thread only,
 * never concurrently, so implementations need not be thread-safe. Lifetime: the caller's; the session
 * view it receives is valid only until {@link #run} returns.
 */
@ConsumerType
@FunctionalInterface
public interface SessionAction extends SessionFunction<Void> {
    /**
     * @param session the session view; do not keep it beyond this call
     */
    void run(BackendSession session);

    /**
     * Runs {@link #run}.
     *
     * @param session the session view
     * @return {@code null}
     */
    @Override
    default Void apply(BackendSession session) {
        run(session);
        return null;
    }
}
