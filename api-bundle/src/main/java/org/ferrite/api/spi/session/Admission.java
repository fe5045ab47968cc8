package org.ferrite.api.spi.session;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A provider's admission of root sessions to its execution domain, as {@link SessionLifecycle} drives it:
 * {@link #acquire} once per root session, {@link #release} once when it ends. Reentry is checked by the
 * lifecycle before {@code acquire} is called, so an admission only decides who runs when.
 * {@link FifoAdmission} is the ready-made one domain, one root, first-in-first-out admission.
 *
 * <p>Implementations must be thread-safe. Lifetime: the backend's.
 */
@ConsumerType
public interface Admission {
    /**
     * Admits the calling thread, waiting at most {@code nanos}.
     *
     * @param op the entry, for errors
     * @param nanos the longest wait: {@link Long#MAX_VALUE} without bound, 0 or less not at all
     * @param tryOnly true for an entry that must neither wait nor barge past a queued waiter: return false
     *     instead
     * @return true once admitted; false only for {@code tryOnly}
     * @throws org.ferrite.api.error.SessionEntryException.Contended if the bound elapsed, the bound is zero
     *     and the domain is busy, or the wait was interrupted (the interrupt status set again)
     */
    boolean acquire(String op, long nanos, boolean tryOnly);

    /** Releases what {@link #acquire} granted; called once per admitted root session, on any thread. */
    void release();

    /** @return true if no root session holds or waits for admission (a snapshot, for tests and diagnostics) */
    boolean isIdle();
}
