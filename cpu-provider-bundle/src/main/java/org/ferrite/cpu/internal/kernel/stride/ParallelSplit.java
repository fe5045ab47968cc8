package org.ferrite.cpu.internal.kernel.stride;

import org.ferrite.cpu.internal.worker.ParallelRunner;

/**
 * When and how a finished {@link StridedLayout} is cut into chunks for the worker pool: only layouts
 * of at least {@value #MIN_PARALLEL_ELEMENTS} positions, only when the runner has more than one
 * worker, and only along the outermost coalesced axis, so that every chunk is a contiguous range of
 * outer positions visited in the serial order. Chunks that write disjoint outputs therefore produce
 * exactly the serial result. Thread-safe (stateless); it has no instances and holds no resources.
 */
public final class ParallelSplit {
    /** Smallest layout worth splitting (about 32 Ki positions). */
    public static final long MIN_PARALLEL_ELEMENTS = 32 * 1024;

    /** Smallest chunk, so that a chunk's work dwarfs its hand-off cost. */
    static final long MIN_CHUNK_ELEMENTS = 16 * 1024;

    private ParallelSplit() {
    }

    /**
     * @param runner the session's worker share
     * @param layout a finished, non-empty layout
     * @return the number of chunks to run (1: run serially on the caller)
     */
    public static int chunks(ParallelRunner runner, StridedLayout layout) {
        long size = layout.size();
        if (size < MIN_PARALLEL_ELEMENTS) {
            return 1;
        }
        int workers = runner.parallelism();
        if (workers <= 1) {
            return 1;
        }
        long bySize = size / MIN_CHUNK_ELEMENTS;
        int outer = layout.extent(layout.rank() - 1);
        return (int) Math.max(1, Math.min(Math.min(workers, bySize), outer));
    }

    /**
     * @param layout the finished layout
     * @param chunk a chunk index in {@code [0, chunks)}
     * @param chunks the chunk count from {@link #chunks}
     * @return a new layout covering that chunk's share of the outermost axis
     */
    public static StridedLayout chunk(StridedLayout layout, int chunk, int chunks) {
        int outer = layout.extent(layout.rank() - 1);
        int from = (int) ((long) outer * chunk / chunks);
        int to = (int) ((long) outer * (chunk + 1) / chunks);
        return layout.restrictOutermost(from, to);
    }
}
