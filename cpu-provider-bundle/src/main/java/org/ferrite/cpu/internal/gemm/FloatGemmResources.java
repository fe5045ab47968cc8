// GENERATED from cpu-provider-bundle/src/main/java/org/ferrite/cpu/internal/gemm/DoubleGemmResources.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
package org.ferrite.cpu.internal.gemm;

/**
 * The reusable memory of one session's {@code float[]} products: one {@link FloatGemmWorkspace} per
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
public final class FloatGemmResources {
    private static final float[] EMPTY = new float[0];

    private final long maxRetainedBytes;
    private FloatGemmWorkspace[] workspaces = new FloatGemmWorkspace[0];
    private FloatGemmJob job;
    private float[] scratch = EMPTY;
    private float[] planes = EMPTY;

    /** @param maxRetainedBytes the largest scratch array kept between calls, in bytes */
    public FloatGemmResources(long maxRetainedBytes) {
        this.maxRetainedBytes = maxRetainedBytes;
    }

    /**
     * Creates the workspaces of tasks {@code 0..task} on first use, so it must first be called for the
     * highest task on the session thread before the tasks run: then the tasks' own calls only read.
     *
     * @param task a task index
     * @return the workspace of that task, created on first use
     */
    FloatGemmWorkspace workspace(int task) {
        if (task >= workspaces.length) {
            FloatGemmWorkspace[] grown = java.util.Arrays.copyOf(workspaces, task + 1);
            for (int i = workspaces.length; i < grown.length; i++) {
                grown[i] = new FloatGemmWorkspace();
            }
            workspaces = grown;
        }
        return workspaces[task];
    }

    FloatGemmJob job() {
        if (job == null) {
            job = new FloatGemmJob(this);
        }
        return job;
    }

    /**
     * @param length the floats needed
     * @return the planner's scratch array, at least {@code length} long (contents unspecified)
     */
    public float[] scratch(int length) {
        if (scratch.length >= length) {
            return scratch;
        }
        float[] grown = new float[length];
        if ((long) Float.BYTES * length <= maxRetainedBytes) {
            scratch = grown;
        }
        return grown;
    }

    /**
     * @param length the floats needed
     * @return the complex formulation's scratch array, at least {@code length} long
     */
    float[] planes(int length) {
        if (planes.length >= length) {
            return planes;
        }
        float[] grown = new float[length];
        if ((long) Float.BYTES * length <= maxRetainedBytes) {
            planes = grown;
        }
        return grown;
    }

    /** @return the bytes held now */
    public long bytes() {
        long total = (long) Float.BYTES * (scratch.length + planes.length);
        for (FloatGemmWorkspace w : workspaces) {
            total += w.bytes();
        }
        return total;
    }

    /** Drops every buffer; the next call allocates afresh. */
    public void release() {
        workspaces = new FloatGemmWorkspace[0];
        job = null;
        scratch = EMPTY;
        planes = EMPTY;
    }
}
