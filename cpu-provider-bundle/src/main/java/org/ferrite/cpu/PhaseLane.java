package org.ferrite.cpu;

import org.ferrite.api.session.BackendSession;
import org.osgi.annotation.versioning.ProviderType;

/**
 * One lane of a running phase: its session and the run's cancellation flag, handed to a
 * {@link LaneFunction}.
 *
 * <p>A lane is bound to one thread — a worker of the backend's own pool, or the caller of
 * {@link CpuPhase#run} when the phase has a single lane — and to one child session of the held session
 * that stays open for the whole lane, so its private scratch (buffer pool, plan caches) is reused across
 * every work item the lane pulls:
 * <pre>{@code
 * phase.run((index, lane) -> {
 *     BackendSession s = lane.session();            // the same session for the whole lane
 *     while (!lane.cancelled() && queue.getAndDecrement() > 0) {
 *         s.addInto(u, v, out[index]);              // one output per lane: lanes run concurrently
 *     }
 * });
 * }</pre>
 * The lane exposes only the operation surface: it cannot open a root session or another phase. <b>A
 * worker lane is reentered on its CPU set and contended on a busy disjoint one</b>, and so is <b>the
 * inline lane, which must not wait for another set either</b>: any entry a lane attempts into an
 * overlapping CPU set — {@code withSession} or {@code openSession} of any overlapping backend, the held
 * session's own {@code withSession} or {@code phase} — is refused with
 * {@link org.ferrite.api.error.SessionEntryException.Reentered} (from a worker lane, the held session
 * itself answers {@link org.ferrite.api.error.SessionEntryException.IncompatibleContext}: it is confined
 * to its opener), and a lane never waits for admission: an entry into a busy disjoint CPU set is refused
 * with {@link org.ferrite.api.error.SessionEntryException.Contended}. A lane can never deadlock its
 * phase.
 *
 * <p>Confined to the lane's thread, except {@link #cancelled()}, which any thread may call. Lifetime:
 * the {@link LaneFunction} call it was handed to; afterwards {@link #session()} throws
 * {@link org.ferrite.api.error.RuntimeStateException}.
 */
@ProviderType
public interface PhaseLane {
    /**
     * The lane's session: a child of the held session, admitted under its permit with private scratch,
     * live on the lane's thread for the whole lane. Its kernels run single-threaded on the lane's thread
     * (the pool's other workers run the other lanes). The returned view, too, is valid only during the
     * lane; using it afterwards throws {@link org.ferrite.api.error.RuntimeStateException}.
     *
     * @return the lane's session; the same object on every call within the lane
     * @throws org.ferrite.api.error.SessionEntryException.IncompatibleContext from a thread other than the
     *     lane's
     * @throws org.ferrite.api.error.RuntimeStateException after the lane returned
     */
    BackendSession session();

    /**
     * Whether some lane of this run failed (threw, or could not enter its session). Cooperative: a lane
     * should stop pulling work once it is set and return. Each {@code run} starts with it cleared; it is
     * never cleared during a run. A volatile read, cheap enough to check per work item.
     *
     * @return true once the run is cancelled
     */
    boolean cancelled();
}
