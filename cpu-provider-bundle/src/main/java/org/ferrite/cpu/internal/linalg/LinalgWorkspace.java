package org.ferrite.cpu.internal.linalg;

import org.ferrite.cpu.internal.linalg.batch.MemberCursor;
import org.ferrite.cpu.internal.linalg.dense.DenseWorkspace;
import org.ferrite.cpu.internal.linalg.lapack.LapackLibrary;
import org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace;
import org.ferrite.cpu.internal.linalg.small.SmallWorkspace;

/**
 * The scratch memory of one session's linear algebra: the dense tier's workspace, the native tier's
 * (native memory, created on the first native call), the small tier's batch planes, and the per-member
 * operand views the dispatch reuses. Everything grows to the largest problem seen and is then reused,
 * so a repeated call of one shape allocates nothing.
 *
 * <p>Not thread-safe: it lives in a session's engine resources and is checked out with them, so one
 * session (one thread) uses it at a time; a child execution has its own. Lifetime: the resources';
 * the native blocks are freed by {@link #close()} or, for resources dropped without it, by JNA's
 * cleaner.
 */
public final class LinalgWorkspace implements AutoCloseable {
    final DenseWorkspace dense = new DenseWorkspace();
    final SmallWorkspace small = new SmallWorkspace();
    /** Operand roles of the per-member tiers: A, B and up to three outputs. */
    final MemberMatrix a = new MemberMatrix();
    final MemberMatrix b = new MemberMatrix();
    final MemberMatrix first = new MemberMatrix();
    final MemberMatrix second = new MemberMatrix();
    final MemberMatrix third = new MemberMatrix();
    /** Cursors for direct walks over an output (pivots, permutations, identities, triangles). */
    final MemberCursor cursor1 = new MemberCursor();
    final MemberCursor cursor2 = new MemberCursor();
    /** Scratch of the gauges: one complex factor. */
    final double[] phase = new double[2];
    private final int threads;
    private LapackWorkspace lapack;
    private int[] ints = new int[16];
    private double[] doubles = new double[16];
    private float[] floats = new float[16];

    /**
     * @param threads the session's thread budget: the native tier's OpenBLAS thread count
     */
    public LinalgWorkspace(int threads) {
        this.threads = threads;
    }

    /** @return whether the native tier can run (the library probe, made once per class loader) */
    static boolean nativeAvailable() {
        return LapackLibrary.get().available();
    }

    /** @return the native tier's workspace, created on first use; only when {@link #nativeAvailable()} */
    LapackWorkspace lapack() {
        if (lapack == null) {
            lapack = new LapackWorkspace(LapackLibrary.get());
            lapack.threads(threads);
        }
        return lapack;
    }

    /**
     * @param count ints needed
     * @return a reused buffer of at least {@code count} ints
     */
    int[] ints(int count) {
        if (ints.length < count) {
            ints = new int[Math.max(count, 2 * ints.length)];
        }
        return ints;
    }

    /**
     * @param count doubles needed
     * @return a reused buffer of at least {@code count} doubles
     */
    double[] doubles(int count) {
        if (doubles.length < count) {
            doubles = new double[Math.max(count, 2 * doubles.length)];
        }
        return doubles;
    }

    /**
     * @param single float (else double) scalars
     * @param length scalars needed
     * @return a reused {@code float[]} or {@code double[]} of at least {@code length}
     */
    Object buffer(boolean single, int length) {
        if (single) {
            if (floats.length < length) {
                floats = new float[Math.max(length, 2 * floats.length)];
            }
            return floats;
        }
        return doubles(length);
    }

    /** Frees the native tier's memory now; idempotent. The Java buffers stay usable. */
    @Override
    public void close() {
        if (lapack != null) {
            lapack.close();
            lapack = null;
        }
    }
}
