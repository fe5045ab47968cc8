package org.ferrite.cpu.internal.kernel.stride;

/**
 * The two reusable {@link StridedLayout}s a session's kernels build their traversals in: the
 * {@link #primary()} layout of an operation and an {@link #aux()} one for sub-layouts of it (the tiles of
 * a transposing copy). Kept in the session's checked-out engine resources — not in a thread-local, so
 * that no provider class is ever pinned by a long-lived thread (a thread-local value of a bundle's
 * class keeps that bundle revision's class loader alive for as long as the thread lives).
 *
 * <p>Not thread-safe: confined to the thread of the session that checked its resources out; kernels
 * use the layouts sequentially, never nested (an {@code IntegerScan} pre-check finishes before the
 * kernel builds its own). Lifetime: that of the engine resources; the arrays grow to the largest rank
 * seen and are then reused.
 */
public final class LayoutScratch {
    private final StridedLayout primary = new StridedLayout();
    private final StridedLayout aux = new StridedLayout();

    /** @return the layout of the operation being run */
    public StridedLayout primary() {
        return primary;
    }

    /** @return a second layout, for sub-layouts of the primary one (see {@link StridedLayout#window}) */
    public StridedLayout aux() {
        return aux;
    }
}
