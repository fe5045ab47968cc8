package org.ferrite.cpu.internal.admission;

import org.ferrite.cpu.internal.cpuset.CpuMask;

/**
 * The execution-owner marker of one thread: the sessions (held, scoped, child or lane) the thread
 * runs inside, by CPU set, and what its CPU affinity was before the first of them narrowed it.
 * Admission consults it before any blocking step, so a thread that already owns an overlapping CPU
 * set is rejected as reentered instead of waiting for itself, and a thread inside any session never
 * waits for another permit (no hold-and-wait).
 *
 * <p>A thread may also be marked as one that must not wait for admission (a phase lane), so that it
 * is refused instead of blocking work it belongs to.
 *
 * <p>The marker is a plain {@code Object[]} held by a {@code ThreadLocal}, and these static methods
 * act on it: a thread-local whose value were a class of this bundle would pin the bundle's class loader
 * in every thread that ever entered a session, so an updated bundle's old revision could never be
 * collected. Here a thread that runs inside no session references JDK objects only (the claims slots
 * are cleared when a session ends).
 *
 * <p>Confined to its thread: every method must be called on the thread whose marker
 * ({@link #current()}) it is given. Lifetime: the thread's.
 *
 * <pre>
 * Implementation notes.
 * marker[META] = long[] {depth, noWaitMarks}; marker[CLAIMS] = Object[] claims, oldest first;
 * marker[GENERATIONS] = long[] the generation each claim was pushed with; marker[BASE] = long[] the
 * thread's affinity before its first narrowing claim (valid while a narrowing claim is live);
 * marker[OWNER] = the Thread, written at creation and never changed.
 * A claim is live while claim.isLive(generation): entries are reused objects, so a claim left behind
 * (a leaked held session released by the cleaner, or a release cut short by a StackOverflowError)
 * goes stale when its entry is reused or released, and is pruned at the next lookup.
 * Claims may be removed in any order (held sessions close in any order).
 * Failure atomicity: push() allocates (growth) before its first write and calls nothing after it;
 * remove() calls nothing; so either happens completely or not at all, even on a StackOverflowError.
 * </pre>
 */
public final class ExecutionOwner {
    private static final ThreadLocal<Object[]> CURRENT = new ThreadLocal<>();
    private static final int META = 0;
    private static final int CLAIMS = 1;
    private static final int GENERATIONS = 2;
    private static final int BASE = 3;
    private static final int OWNER = 4;
    private static final int DEPTH = 0;
    private static final int NO_WAIT = 1;

    private ExecutionOwner() {
    }

    /** @return the calling thread's marker (one {@code ThreadLocal} lookup) */
    public static Object[] current() {
        Object[] marker = CURRENT.get();
        if (marker == null) {
            marker = new Object[] {new long[2], new Object[4], new long[4], null, Thread.currentThread()};
            CURRENT.set(marker);
        }
        return marker;
    }

    /**
     * The calling thread's marker, without the {@code ThreadLocal} lookup when {@code recent} is it.
     * {@code recent} may be read racily (another thread's, or not yet fully visible): a marker names
     * the thread it belongs to, written before it was ever shared, so a marker that names the calling
     * thread is its own, and anything else falls back to {@link #current()}.
     *
     * @param recent the marker an entry object recorded at its last use, or {@code null}
     * @return the calling thread's marker
     */
    public static Object[] current(Object[] recent) {
        return recent != null && recent[OWNER] == Thread.currentThread() ? recent : current();
    }

    /**
     * @param marker a marker
     * @return the thread it belongs to
     */
    public static Thread owner(Object[] marker) {
        return (Thread) marker[OWNER];
    }

    /**
     * @param marker the calling thread's marker
     * @param cpus a CPU set
     * @return a live claim of this thread that overlaps {@code cpus}, or {@code null}; stale claims
     *     met on the way are pruned
     */
    public static OwnerClaim overlapping(Object[] marker, CpuMask cpus) {
        Object[] claims = (Object[]) marker[CLAIMS];
        long[] generations = (long[]) marker[GENERATIONS];
        for (int i = depth(marker) - 1; i >= 0; i--) {
            OwnerClaim claim = (OwnerClaim) claims[i];
            if (!claim.isLive(generations[i])) {
                removeAt(marker, i);
            } else if (claim.cpus().overlaps(cpus)) {
                return claim;
            }
        }
        return null;
    }

    /**
     * @param marker the calling thread's marker
     * @return true if the marker records no claim at all, live or stale (one read: the common case
     *     of an entry, which then needs no reentry check)
     */
    public static boolean isEmpty(Object[] marker) {
        return ((long[]) marker[META])[DEPTH] == 0;
    }

    /**
     * @param marker the calling thread's marker
     * @return true if the thread runs inside no live session (stale claims are pruned)
     */
    public static boolean isIdle(Object[] marker) {
        Object[] claims = (Object[]) marker[CLAIMS];
        long[] generations = (long[]) marker[GENERATIONS];
        for (int i = depth(marker) - 1; i >= 0; i--) {
            if (!((OwnerClaim) claims[i]).isLive(generations[i])) {
                removeAt(marker, i);
            }
        }
        return depth(marker) == 0;
    }

    /**
     * Marks the thread as running inside {@code claim}. Failure-atomic.
     *
     * @param marker the calling thread's marker
     * @param claim the session the thread now runs inside
     * @param generation the claim's current generation
     */
    public static void push(Object[] marker, OwnerClaim claim, long generation) {
        int depth = depth(marker);
        Object[] claims = (Object[]) marker[CLAIMS];
        long[] generations = (long[]) marker[GENERATIONS];
        if (depth == claims.length) {
            Object[] grownClaims = new Object[depth * 2];
            long[] grownGenerations = new long[depth * 2];
            for (int i = 0; i < depth; i++) {
                grownClaims[i] = claims[i];
                grownGenerations[i] = generations[i];
            }
            grownClaims[depth] = claim;
            grownGenerations[depth] = generation;
            marker[CLAIMS] = grownClaims;
            marker[GENERATIONS] = grownGenerations;
        } else {
            claims[depth] = claim;
            generations[depth] = generation;
        }
        ((long[]) marker[META])[DEPTH] = depth + 1;
    }

    /**
     * Removes a claim (its topmost occurrence); no-op if absent (already pruned). Calls nothing, so
     * it cannot be cut short.
     *
     * @param marker the calling thread's marker
     * @param claim the session the thread no longer runs inside
     * @param generation the generation it was pushed with
     * @return the affinity the thread must now have if {@code claim} narrowed it and was the most
     *     recent narrowing claim: the mask of the next most recent live narrowing claim, else the
     *     thread's base mask; {@code null} if no affinity change is due
     */
    public static long[] remove(Object[] marker, OwnerClaim claim, long generation) {
        long[] meta = (long[]) marker[META];
        int top = (int) meta[DEPTH] - 1;
        Object[] topClaims = (Object[]) marker[CLAIMS];
        if (top >= 0 && topClaims[top] == claim && ((long[]) marker[GENERATIONS])[top] == generation
                && claim.narrowedTo() == null) {
            topClaims[top] = null; // the common case: the most recent claim, which did not narrow
            meta[DEPTH] = top;
            return null;
        }
        return removeAnywhere(marker, claim, generation);
    }

    private static long[] removeAnywhere(Object[] marker, OwnerClaim claim, long generation) {
        Object[] claims = (Object[]) marker[CLAIMS];
        long[] generations = (long[]) marker[GENERATIONS];
        int depth = depth(marker);
        int index = -1;
        for (int i = depth - 1; i >= 0 && index < 0; i--) {
            if (claims[i] == claim && generations[i] == generation) {
                index = i;
            }
        }
        if (index < 0) {
            return null;
        }
        boolean topmostNarrowing = claim.narrowedTo() != null;
        for (int i = index + 1; i < depth && topmostNarrowing; i++) {
            if (((OwnerClaim) claims[i]).narrowedTo() != null && ((OwnerClaim) claims[i]).isLive(generations[i])) {
                topmostNarrowing = false;
            }
        }
        removeAt(marker, index);
        if (!topmostNarrowing) {
            return null;
        }
        for (int i = index - 1; i >= 0; i--) {
            long[] mask = ((OwnerClaim) claims[i]).narrowedTo();
            if (mask != null && ((OwnerClaim) claims[i]).isLive(generations[i])) {
                return mask;
            }
        }
        return (long[]) marker[BASE];
    }

    /**
     * @param marker the calling thread's marker
     * @return the affinity the thread should have now: the mask of its most recent live narrowing
     *     claim, else its base mask ({@code null} if it was never narrowed)
     */
    public static long[] affinityTarget(Object[] marker) {
        Object[] claims = (Object[]) marker[CLAIMS];
        long[] generations = (long[]) marker[GENERATIONS];
        for (int i = depth(marker) - 1; i >= 0; i--) {
            long[] mask = ((OwnerClaim) claims[i]).narrowedTo();
            if (mask != null && ((OwnerClaim) claims[i]).isLive(generations[i])) {
                return mask;
            }
        }
        return (long[]) marker[BASE];
    }

    /**
     * @param marker the calling thread's marker
     * @return true if a live claim of this thread narrowed its affinity (so the base mask is saved)
     */
    public static boolean isNarrowed(Object[] marker) {
        Object[] claims = (Object[]) marker[CLAIMS];
        long[] generations = (long[]) marker[GENERATIONS];
        for (int i = depth(marker) - 1; i >= 0; i--) {
            OwnerClaim claim = (OwnerClaim) claims[i];
            if (claim.narrowedTo() != null && claim.isLive(generations[i])) {
                return true;
            }
        }
        return false;
    }

    /**
     * @param marker the calling thread's marker
     * @param length the mask buffer length the affinity control uses
     * @return the buffer that holds the thread's base affinity (reused; sized at least {@code length})
     */
    public static long[] baseBuffer(Object[] marker, int length) {
        long[] base = (long[]) marker[BASE];
        if (base == null || base.length < length) {
            base = new long[length];
            marker[BASE] = base;
        }
        return base;
    }

    private static int depth(Object[] marker) {
        return (int) ((long[]) marker[META])[DEPTH];
    }

    private static void removeAt(Object[] marker, int index) {
        Object[] claims = (Object[]) marker[CLAIMS];
        long[] generations = (long[]) marker[GENERATIONS];
        int depth = depth(marker);
        for (int i = index; i < depth - 1; i++) {
            claims[i] = claims[i + 1];
            generations[i] = generations[i + 1];
        }
        claims[depth - 1] = null;
        ((long[]) marker[META])[DEPTH] = depth - 1;
    }

    /**
     * @param marker the calling thread's marker
     * @return true if the thread must not wait for admission: it runs inside a live session (a thread
     *     that holds a permit never waits for another), or it is marked with {@link #forbidWaiting}
     */
    public static boolean mustNotWait(Object[] marker) {
        return ((long[]) marker[META])[NO_WAIT] > 0 || !isIdle(marker);
    }

    /** @return true if the calling thread is marked as one that must not wait ({@link #forbidWaiting}) */
    public static boolean forbiddenToWait() {
        Object[] marker = CURRENT.get();
        return marker != null && ((long[]) marker[META])[NO_WAIT] > 0;
    }

    /** Marks the calling thread as one that must not wait (nestable; undo with {@link #allowWaiting()}). */
    public static void forbidWaiting() {
        ((long[]) current()[META])[NO_WAIT]++;
    }

    /** Undoes one {@link #forbidWaiting()}. */
    public static void allowWaiting() {
        long[] meta = (long[]) current()[META];
        if (meta[NO_WAIT] > 0) {
            meta[NO_WAIT]--;
        }
    }

    /** @return true if the calling thread runs inside no live session (a test and diagnostics aid) */
    public static boolean currentThreadIsIdle() {
        Object[] marker = CURRENT.get();
        return marker == null || isIdle(marker);
    }
}
