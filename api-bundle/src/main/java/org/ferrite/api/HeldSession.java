package org.ferrite.api;

import org.ferrite.api.session.SessionAction;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.api.tensor.Tensor;
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

    /**
     * {@link #withSession} for work that returns nothing — the form of {@code …Into} loops, which need no
     * {@code return null;}. Costs what {@code withSession} costs: a {@link SessionAction} is a
     * {@link SessionFunction}, so nothing is wrapped or allocated.
     *
     * <pre>{@code
     * for (int step = 0; step < 1_000; step++) {
     *     held.run(s -> s.matmulInto(a, x, y));
     * }
     * }</pre>
     *
     * @param work the work
     * @throws org.ferrite.api.error.RuntimeStateException if closed
     * @throws org.ferrite.api.error.SessionEntryException.IncompatibleContext from another thread
     * @throws org.ferrite.api.error.SessionEntryException.Reentered if called inside its own callback
     */
    default void run(SessionAction work) {
        withSession(work);
    }

    /**
     * {@link #withSession} for work that returns a tensor, typed {@link Tensor}, so that the call can be an
     * argument of an overloaded method. {@code System.out.println(held.withSession(s -> s.add(a, b)))}
     * does not compile: Java infers {@code withSession}'s result type from the target, not from an
     * implicitly typed lambda, and both {@code println(char[])} and {@code println(String)} fit; the same
     * holds for {@code String.valueOf}, {@code StringBuilder.append} and AssertJ's {@code assertThat}.
     * Assignments ({@code Tensor c = held.withSession(…)}, {@code var c = …}) and chained calls
     * ({@code held.withSession(…).f64Data()}) need neither this nor a cast.
     *
     * <pre>{@code
     * System.out.println(held.compute(s -> s.add(a, b)));   // Tensor(F64, shape=[2]) [...]
     * }</pre>
     *
     * @param work the work; returns a tensor (or {@code null})
     * @return what {@code work} returned
     * @throws org.ferrite.api.error.RuntimeStateException if closed
     * @throws org.ferrite.api.error.SessionEntryException.IncompatibleContext from another thread
     * @throws org.ferrite.api.error.SessionEntryException.Reentered if called inside its own callback
     */
    default Tensor compute(SessionFunction<Tensor> work) {
        return withSession(work);
    }

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
