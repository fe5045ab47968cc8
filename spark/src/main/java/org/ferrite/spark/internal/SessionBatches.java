package org.ferrite.spark.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Function;

/**
 * A partition's results, computed lazily a batch at a time: {@link #hasNext()} gathers up to
 * {@code batchSize} rows from the input — outside any session, so an upstream stage of the same task may
 * use the session in between — and hands them to {@code runBatch}, which runs them in the task's session.
 * Nothing is opened for an empty partition.
 *
 * <p>Not thread-safe (a Spark partition iterator, read by its task's thread). Lifetime: one task.
 *
 * @param <T> the row type
 * @param <U> the result type
 */
public final class SessionBatches<T, U> implements Iterator<U> {
    private final Iterator<T> input;
    private final int batchSize;
    private final Function<List<T>, Iterable<U>> runBatch;
    private Iterator<U> current = Collections.emptyIterator();

    /**
     * @param input the partition's rows
     * @param batchSize rows per batch, at least 1
     * @param runBatch runs one batch and returns its results
     */
    public SessionBatches(Iterator<T> input, int batchSize, Function<List<T>, Iterable<U>> runBatch) {
        this.input = input;
        this.batchSize = batchSize;
        this.runBatch = runBatch;
    }

    @Override
    public boolean hasNext() {
        while (!current.hasNext()) {
            if (!input.hasNext()) {
                return false;
            }
            List<T> batch = new ArrayList<>(Math.min(batchSize, 1024));
            while (batch.size() < batchSize && input.hasNext()) {
                batch.add(input.next());
            }
            current = runBatch.apply(Collections.unmodifiableList(batch)).iterator();
        }
        return true;
    }

    @Override
    public U next() {
        if (!hasNext()) {
            throw new NoSuchElementException("the partition has no more results");
        }
        return current.next();
    }
}
