package org.ferrite.api.session;

import java.time.Duration;
import org.ferrite.api.tensor.Placement;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A point in a session's stream ({@link BackendSession#recordEvent()}): it completes when every operation
 * the session issued before recording it is complete — CUDA's {@code cudaEvent_t}, PJRT's buffer-ready
 * events, PyTorch's {@code torch.cuda.Event}. Three things use it:
 * <ul>
 * <li>another session waits for it <b>on its own stream</b> ({@link BackendSession#waitEvent}): its later
 * work runs after the event's work, without blocking the host where the provider can;</li>
 * <li>the host <b>polls</b> it ({@link #isComplete()}) or <b>blocks</b> on it ({@link #await()},
 * {@link #await(Duration)}) — on any thread, also after the recording session ended;</li>
 * <li>a failure of the work before it is reported, typed, to every waiter.</li>
 * </ul>
 *
 * <pre>{@code
 * Event ready = held.withSession(s -> { s.matmulInto(w, x, y); return s.recordEvent(); });
 * // … on another thread, in a session of this backend or of a peer device of the same provider:
 * other.run(s -> { s.waitEvent(ready); s.transferInto(y, yHere); });
 * }</pre>
 *
 * <h2>Failures</h2>
 * If work the recording session issued before the event failed, and the failure had not been reported at
 * a synchronisation point before the event was recorded, the event completes <em>failed</em>:
 * {@link #await()} and {@link #await(Duration)} throw that failure, typed as the work threw it
 * ({@link org.ferrite.api.error.NumericalFailureException}, {@link org.ferrite.api.error.BackendFailureException}
 * — the same instance to every waiter); a session that waited for it on its stream reports it at its own
 * next synchronisation point. The recording session still reports it once, at its next synchronisation
 * point, as if the event did not exist. {@link #isComplete()} does not throw.
 *
 * <p>A host provider, which computes synchronously, returns events that are complete when recorded
 * ({@link #completed(Placement)}).
 *
 * <p>Thread-safe. Lifetime: a value, valid for ever — also after the session that recorded it ended and
 * after its backend closed (a backend's close lets queued work finish, so every event of it completes).
 */
@ProviderType
public interface Event {
    /**
     * A complete event that never fails: what a synchronous provider returns from
     * {@link BackendSession#recordEvent()}.
     *
     * @param placement where the recording session computes
     * @return the event
     */
    static Event completed(Placement placement) {
        return new CompletedEvent(placement);
    }

    /** @return where the session that recorded it computes */
    Placement placement();

    /**
     * Polls: never blocks, never throws the event's failure.
     *
     * @return true once the work before the event completed (successfully or not); a snapshot
     */
    boolean isComplete();

    /**
     * Blocks until the event is complete. Like {@link BackendSession#synchronize()}, the wait does not end
     * on interrupt: an interrupt (before or during the wait) is kept, and the interrupt status is set again
     * when the call returns or throws. Use {@link #isComplete()} or {@link #await(Duration)} to wait with a
     * bound.
     *
     * @throws org.ferrite.api.error.TensorException the failure of the work before the event (see the class
     *     comment), typed as that work threw it
     */
    void await();

    /**
     * Blocks until the event is complete or {@code maxWait} elapsed; a zero or negative bound does not
     * wait (a poll that reports the failure). Interrupts are kept as by {@link #await()}.
     *
     * @param maxWait the longest wait
     * @return true if the event is complete, false if the bound elapsed first
     * @throws org.ferrite.api.error.TensorException the failure of the work before the event, typed
     */
    boolean await(Duration maxWait);
}
