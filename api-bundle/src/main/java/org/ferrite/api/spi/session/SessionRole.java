package org.ferrite.api.spi.session;

/**
 * What kind of session a provider's {@link SessionLifecycle#begin} is asked to hold resources for.
 * Thread-safe (an enum).
 */
public enum SessionRole {
    /** A root session for one scoped callback ({@code Backend.withSession}). */
    SCOPED,
    /** A root session held from {@code openSession} to {@code close}, across its callbacks. */
    HELD,
    /** A child execution's session, under a root session's admission, for one callback. */
    CHILD
}
