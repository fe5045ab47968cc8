package org.ferrite.cpu;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A phase lease over a held session ({@link CpuHeldSession#phase}): it lends the backend's own worker
 * pool to a downstream scheduler, running {@link #lanes()} lanes at once under the held session's
 * single admission — no second admission, no second pool, no per-worker sessions fighting for the
 * permit. Each contract point below has a test of the same name in {@code CpuPhaseTest} or
 * {@code CpuPhaseAdmissionTest}.
 *
 * <pre>{@code
 * AtomicInteger queue = new AtomicInteger(units);
 * held.phase(phase -> {
 *     phase.run((index, lane) -> {
 *         while (!lane.cancelled() && queue.getAndDecrement() > 0) {
 *             lane.session().addInto(a, b, out[index]);
 *         }
 *     });
 *     return null;
 * });
 * }</pre>
 *
 * <h2>Every multi-lane lane runs on its own worker of the backend's pool</h2>
 * With a thread budget above 1 there is one lane per worker of the backend's pool, lane {@code i} on
 * worker {@code i}, all at once; the calling thread runs none and only waits for the join.
 *
 * <h2>The budget-one lane runs inline on the caller without a pool or a second admission</h2>
 * With a budget of 1 there is one lane, on the calling thread, under the permit the held session
 * already holds.
 *
 * <h2>A lane keeps one session with private scratch across its work items</h2>
 * {@link PhaseLane#session()} is one child session per lane, open for the whole lane: its buffer pool
 * and plan caches are the lane's own and are reused by every item it pulls; its kernels run
 * single-threaded on the lane's thread.
 *
 * <h2>A lane error cancels its still-active peers and is reported after the join</h2>
 * {@link #run} returns or throws only after every lane finished. The first lane to fail sets the run's
 * cancellation flag ({@link PhaseLane#cancelled()}); lanes check it before entering their session,
 * after entering it (a cancelled lane skips its function), and should check it while pulling work.
 * <pre>{@code
 * try {
 *     phase.run((index, lane) -> { if (index == 0) throw new IOException("lane zero failed"); });
 * } catch (PhaseRunException.LaneFailed e) {
 *     // e.laneIndex() == 0, e.getCause() is the IOException; every lane has finished
 * }
 * }</pre>
 *
 * <h2>A thrown lane exception is rethrown unchanged only after the surviving lane finished</h2>
 * An unchecked exception or error thrown by a lane function — a {@code TensorException} from an
 * operation included — is rethrown as it is, after the join, as {@code ForkJoinTask.invoke} does; only
 * checked exceptions, which {@code run} cannot throw, are wrapped ({@link PhaseRunException.LaneFailed}).
 *
 * <h2>Exactly one failure is reported and the others are suppressed</h2>
 * By precedence — a session failure before a lane failure: (1) a lane that could not enter or leave
 * its session, {@link PhaseRunException.SessionFailed}; (2) an unchecked exception or error thrown by
 * a lane function, unchanged; (3) a checked exception thrown by a lane function,
 * {@link PhaseRunException.LaneFailed}. A lane that saw the cancellation flag and did not enter is no
 * failure, so a cancellation never hides the failure that caused it. Within a class the lowest
 * lane index wins, not necessarily the chronologically first failure; the other failures are added to
 * it as suppressed exceptions. {@code run} does not undo what the lanes did: publish lane results only
 * after it returns normally.
 *
 * <h2>A failed run leaves the session usable and a fresh run or phase starts uncancelled</h2>
 * Each {@code run} starts with a fresh flag; after a failed run, the same phase, a new phase and the
 * held session's {@code withSession} work as before.
 *
 * <h2>A backend closed during a phase lets its run finish and refuses the next phase</h2>
 * The running phase keeps the backend's pool (it is released when the held session has left); the
 * held session's next {@code phase} or {@code withSession} is refused with
 * {@link org.ferrite.api.error.RuntimeStateException}. Should the pool stop anyway, lanes no worker
 * started are reported as {@link PhaseRunException.SessionFailed} with a
 * {@link org.ferrite.api.error.SessionEntryException.ExecutorFailure} cause.
 *
 * <h2>Lanes give the same results as a single-threaded session</h2>
 * A lane computes exactly what a one-thread session computes on the same inputs.
 *
 * <h2>Threading</h2>
 * {@code run} waits uninterruptibly: an interrupt of the calling thread neither ends the wait nor
 * reaches the lanes, and the interrupt status is set again on return. While a phase runs, the held
 * session's CPU set stays taken: an unrelated thread asking for an overlapping set waits FIFO, or is
 * refused with {@link org.ferrite.api.error.SessionEntryException.Contended} if it must not wait (a
 * worker of a Ferrite pool, a lane), exactly as while any session is held; the lanes complete either
 * way. See {@link PhaseLane} for what a lane itself may enter.
 *
 * <p>Confined to the thread that called {@code phase} (the held session's opener): {@code run} from
 * another thread, including a worker lane, throws
 * {@link org.ferrite.api.error.SessionEntryException.IncompatibleContext}, and from inside the inline
 * lane {@link org.ferrite.api.error.SessionEntryException.Reentered}. Lifetime: the {@code phase(f)}
 * call that created it; afterwards {@code run} throws {@link org.ferrite.api.error.RuntimeStateException}.
 * Runs follow each other; any number may.
 */
@ProviderType
public interface CpuPhase {
    /**
     * @return the number of lanes each {@link #run} drives: the thread budget (one per worker of the
     *     backend's pool), or 1 for a budget of 1 or a backend closed before the phase started
     */
    int lanes();

    /**
     * Runs {@code lane} on every lane at once and returns after all of them finished. See the class
     * documentation for cancellation and which failure is reported.
     *
     * <pre>{@code
     * AtomicInteger next = new AtomicInteger();
     * phase.run((index, lane) -> {
     *     for (int u = next.getAndIncrement(); u < units && !lane.cancelled(); u = next.getAndIncrement()) {
     *         results[u] = lane.session().sumAll(inputs[u]);   // each unit by exactly one lane
     *     }
     * });
     * }</pre>
     *
     * @param lane the lane function, called once per lane (concurrently on several threads)
     * @throws RuntimeException or {@link Error} thrown by a lane function, unchanged (after the join)
     * @throws PhaseRunException.SessionFailed if a lane could not enter or leave its session
     * @throws PhaseRunException.LaneFailed if a lane function threw a checked exception
     * @throws org.ferrite.api.error.SessionEntryException.IncompatibleContext from a thread other than the
     *     one that called {@code phase}
     * @throws org.ferrite.api.error.SessionEntryException.Reentered from inside a lane of this phase
     * @throws org.ferrite.api.error.RuntimeStateException after {@code phase(f)} returned
     */
    void run(LaneFunction lane);
}
