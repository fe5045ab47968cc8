package org.ferrite.spark;

import java.io.Serializable;
import java.util.List;
import org.ferrite.api.session.BackendSession;

/**
 * The work {@link FerriteSpark#mapPartitionsWithSession} runs on each batch of a partition's rows, inside
 * the task's held session: many small problems in one call, so that they can become one batched operation
 * (stack the batch into a {@code [m, n, b]} tensor and call {@code Linalg.svd} once, say).
 *
 * <pre>{@code
 * BatchFunction<double[], Double> largest = (s, batch) -> {
 *     Tensor stack = ...;                                    // the batch as one [4, 4, b] tensor
 *     Tensor values = Linalg.svdValues(s, stack);            // one batched call
 *     ...                                                    // one result per row
 * };
 * }</pre>
 *
 * <p>It travels to the executors in Spark's closure, so it must be serializable, and it must capture no
 * {@link org.ferrite.api.Backend}, session or tensor view (they live in one JVM): {@code FerriteSpark}
 * refuses one that does, before Spark sees it. Use the {@code session} argument, valid for this call only.
 *
 * <p>Implementations need not be thread-safe: each task calls its own deserialized copy, on the task's thread,
 * one batch at a time. Lifetime: as long as the job.
 *
 * @param <T> the row type
 * @param <U> the result type
 */
@FunctionalInterface
public interface BatchFunction<T, U> extends Serializable {
    /**
     * @param session the task's session; do not keep it beyond this call
     * @param batch up to the batch size of consecutive rows of the partition, at least one
     * @return the results of the batch (any number; in the order they should appear), never {@code null}
     */
    Iterable<U> apply(BackendSession session, List<T> batch);
}
