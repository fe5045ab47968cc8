/**
 * The session lifecycle every provider needs, written once — in the spirit of the JDK's
 * {@code AbstractQueuedSynchronizer}: {@link org.ferrite.api.spi.session.SessionLifecycle} owns
 * confinement, reentry, close-once, the leak backstop (a {@link java.lang.ref.Cleaner} with a
 * reachability fence), child gating, escaped-view refusal, the reporting of a session's deferred
 * failures at its end, and the typed errors; a provider supplies admission
 * ({@link org.ferrite.api.spi.session.Admission}, or the ready-made
 * {@link org.ferrite.api.spi.session.FifoAdmission}), what a session holds and how it ends
 * ({@code begin}/{@code end}), and its view ({@code newView}), whose hooks start with
 * {@link org.ferrite.api.spi.session.ViewGuard#enter(String)}. Users never need this package.
 *
 * <pre>{@code
 * public final class MyBackend implements Backend {
 *     private final Lifecycle sessions = new Lifecycle();
 *
 *     public <R> R withSession(SessionFunction<R> work) { return sessions.withSession(work); }
 *     public HeldSession openSession() { return sessions.openSession(); }
 *     // ... openSession(Duration), tryOpenSession(), close() likewise
 *
 *     private final class Lifecycle extends SessionLifecycle<MyScope> {
 *         Lifecycle() { super("my", new FifoAdmission("the my backend")); }
 *         protected MyScope begin(SessionRole role) { return new MyScope(); }
 *         protected BackendSession newView(ViewGuard guard, MyScope scope) { return new MyView(guard, scope); }
 *     }
 * }
 * }</pre>
 */
@Export
@Version("0.3.0")
package org.ferrite.api.spi.session;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
