package org.ferrite.cpu;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * The work of one phase lane ({@link CpuPhase#run}): called once per lane, on the lane's thread,
 * with the lane's index ({@code 0 … lanes()-1}) and its {@link PhaseLane}. Typically it pulls work
 * items from a queue shared by the lanes until the queue is empty or {@link PhaseLane#cancelled()} is
 * set, running each item through {@code lane.session()}:
 * <pre>{@code
 * LaneFunction drain = (index, lane) -> {
 *     for (Item item = queue.poll(); item != null && !lane.cancelled(); item = queue.poll()) {
 *         lane.session().dotGeneralInto(item.a(), item.b(), DotGeneralConfig.MATMUL, item.out());
 *     }
 * };
 * }</pre>
 *
 * <p>How the call ends decides what {@code run} reports, after every lane has finished:
 * <ul>
 * <li>it returns: the lane succeeded;</li>
 * <li>it throws a checked exception (the lane's error, the analogue of an error result): the peers
 * are cancelled and {@code run} throws {@link PhaseRunException.LaneFailed} with it as cause;</li>
 * <li>it throws an unchecked exception or an error (including a {@code TensorException} from an
 * operation): the peers are cancelled and {@code run} rethrows it unchanged, as
 * {@code ForkJoinTask.invoke} and parallel streams do.</li>
 * </ul>
 *
 * <p>Implemented by users (usually as a lambda). Called concurrently, once per lane on as many threads:
 * whatever it shares between lanes must be thread-safe. It must return in bounded time once
 * {@code cancelled()} is set, and must never wait indefinitely for a peer lane — a lane is skipped
 * when the run is already cancelled before it starts. Lifetime: the caller's; the {@code PhaseLane} it
 * receives is valid only until the call returns.
 */
@ConsumerType
@FunctionalInterface
public interface LaneFunction {
    /**
     * @param index the lane's index, {@code 0 … lanes()-1}; on a worker lane, the worker's index in the
     *     backend's pool
     * @param lane the lane: its session and the run's cancellation flag; do not keep it beyond this call
     * @throws Exception the lane's error, reported as {@link PhaseRunException.LaneFailed} (checked
     *     exceptions only; unchecked ones are rethrown by {@code run} unchanged)
     */
    void run(int index, PhaseLane lane) throws Exception;
}
