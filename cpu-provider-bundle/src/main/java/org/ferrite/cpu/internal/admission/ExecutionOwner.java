package org.ferrite.cpu.internal.admission;

import java.util.Arrays;
import org.ferrite.cpu.internal.cpuset.CpuMask;

/**
 * The execution-owner marker of one thread: the sessions (held, scoped or child) the thread runs
 * inside, by CPU set. Admission consults it before any blocking step, so a thread that already owns
 * an overlapping CPU set is rejected as reentered instead of waiting for itself.
 *
 * <p>A thread may also be marked as one that must not wait for admission (a phase lane), so that
 * it is refused instead of blocking work it belongs to.
 *
 * <p>Confined to its thread (obtained through {@link #current()}); every method must be called on
 * that thread. Lifetime: the thread's.
 *
 * <pre>
 * Implementation notes.
 *
 * claims[0 .. depth) are the live claims, oldest first. Scoped and child claims are strictly nested
 * (removed in finally blocks); held-session claims may be removed in any order (sessions close in any
 * order), so removal searches from the top. A held session released by the cleaner cannot touch this
 * thread-local state; its claim reports isReleased() and is pruned at the next lookup.
 * </pre>
 */
public final class ExecutionOwner {
    private static final ThreadLocal<ExecutionOwner> CURRENT = ThreadLocal.withInitial(ExecutionOwner::new);

    private OwnerClaim[] claims = new OwnerClaim[4];
    private int depth;
    private int noWaitMarks;

    private ExecutionOwner() {
    }

    /** @return the calling thread's marker (one {@code ThreadLocal} lookup) */
    public static ExecutionOwner current() {
        return CURRENT.get();
    }

    /**
     * @param cpus a CPU set
     * @return a live claim of this thread that overlaps {@code cpus}, or {@code null}; released claims
     *     met on the way are pruned
     */
    public OwnerClaim overlapping(CpuMask cpus) {
        for (int i = depth - 1; i >= 0; i--) {
            OwnerClaim claim = claims[i];
            if (claim.isReleased()) {
                removeAt(i);
            } else if (claim.cpus().overlaps(cpus)) {
                return claim;
            }
        }
        return null;
    }

    /** @return true if the thread runs inside no live session */
    public boolean isIdle() {
        for (int i = depth - 1; i >= 0; i--) {
            if (claims[i].isReleased()) {
                removeAt(i);
            }
        }
        return depth == 0;
    }

    /** @param claim the session the thread now runs inside */
    public void push(OwnerClaim claim) {
        if (depth == claims.length) {
            claims = Arrays.copyOf(claims, depth * 2);
        }
        claims[depth++] = claim;
    }

    /**
     * Removes a claim (the topmost occurrence); no-op if absent (already pruned).
     *
     * @param claim the session the thread no longer runs inside
     */
    public void remove(OwnerClaim claim) {
        for (int i = depth - 1; i >= 0; i--) {
            if (claims[i] == claim) {
                removeAt(i);
                return;
            }
        }
    }

    private void removeAt(int index) {
        System.arraycopy(claims, index + 1, claims, index, depth - index - 1);
        claims[--depth] = null;
    }

    /** @return true if the thread must not wait for admission */
    public boolean mustNotWait() {
        return noWaitMarks > 0;
    }

    /** Marks the thread as one that must not wait (nestable; undo with {@link #allowWaiting()}). */
    public void forbidWaiting() {
        noWaitMarks++;
    }

    /** Undoes one {@link #forbidWaiting()}. */
    public void allowWaiting() {
        if (noWaitMarks > 0) {
            noWaitMarks--;
        }
    }
}
