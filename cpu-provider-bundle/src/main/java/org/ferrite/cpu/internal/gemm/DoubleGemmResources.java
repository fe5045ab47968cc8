package org.ferrite.cpu.internal.gemm;

/**
 * The reusable memory of one session's {@code double[]} products: one {@link DoubleGemmWorkspace} per
 * parallel task, the parallel job object, and two growable scratch arrays (one for the contraction
 * planner's packed operands, one for the complex formulation's real planes). Everything grows to the
 * largest need seen and is then reused, so a repeated call allocates nothing.
 *
 * <p>Scratch beyond {@code maxRetainedBytes} is handed out as a fresh array for that call only and not
 * kept, so one huge contraction does not pin memory for the session's lifetime.
 *
 * <p>Not thread-safe: confined to the session that owns it (tasks each use their own workspace).
 * Lifetime: owned by a contraction plan cache; {@link #release()} drops all memory.
 */
public final class DoubleGemmResources {
    private static final double[] EMPTY = new double[0];

    private final long maxRetainedBytes;
    private DoubleGemmWorkspace[] workspaces = new DoubleGemmWorkspace[0];
    private DoubleGemmJob job;
    private double[] scratch = EMPTY;
    private double[] planes = EMPTY;

    /** @param maxRetainedBytes the largest scratch array kept between calls, in bytes */
    public DoubleGemmResources(long maxRetainedBytes) {
        this.maxRetainedBytes = maxRetainedBytes;
    }

    /**
     * Creates the workspaces of tasks {@code 0..task} on first use, so it must first be called for the
     * highest task on the session thread before the tasks run: then the tasks' own calls only read.
     *
     * @param task a task index
     * @return the workspace of that task, created on first use
     */
    DoubleGemmWorkspace workspace(int task) {
        if (task >= workspaces.length) {
            DoubleGemmWorkspace[] grown = java.util.Arrays.copyOf(workspaces, task + 1);
            for (int i = workspaces.length; i < grown.length; i++) {
                grown[i] = new DoubleGemmWorkspace();
            }
            workspaces = grown;
        }
        return workspaces[task];
    }

    DoubleGemmJob job() {
        if (job == null) {
            job = new DoubleGemmJob(this);
        }
        return job;
    }

    /**
     * @param length the doubles needed
     * @return the planner's scratch array, at least {@code length} long (contents unspecified)
     */
    public double[] scratch(int length) {
        if (scratch.length >= length) {
            return scratch;
        }
        double[] grown = new double[length];
        if ((long) Double.BYTES * length <= maxRetainedBytes) {
            scratch = grown;
        }
        return grown;
    }

    /**
     * @param length the doubles needed
     * @return the complex formulation's scratch array, at least {@code length} long
     */
    double[] planes(int length) {
        if (planes.length >= length) {
            return planes;
        }
        double[] grown = new double[length];
        if ((long) Double.BYTES * length <= maxRetainedBytes) {
            planes = grown;
        }
        return grown;
    }

    /** @return the bytes held now */
    public long bytes() {
        long total = (long) Double.BYTES * (scratch.length + planes.length);
        for (DoubleGemmWorkspace w : workspaces) {
            total += w.bytes();
        }
        return total;
    }

    /** Drops every buffer; the next call allocates afresh. */
    public void release() {
        workspaces = new DoubleGemmWorkspace[0];
        job = null;
        scratch = EMPTY;
        planes = EMPTY;
    }
}
