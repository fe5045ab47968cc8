package org.ferrite.cpu.internal.linalg.small;

import org.ferrite.cpu.internal.linalg.batch.MemberCursor;

/**
 * The scratch of the small batched tier: numbered double planes (a chunk of matrices, batch-innermost:
 * entry {@code e} of member {@code c} at {@code e·count + c}), per-member scalar rows, integer rows
 * (pivots, convergence flags), the member bases of a chunk, and the operand cursors. Each grows to the
 * largest request and is reused, so a repeated call of one shape allocates nothing.
 *
 * <p>Not thread-safe: owned by one session's linear-algebra workspace. Lifetime: the session
 * resources'; plain Java memory.
 */
public final class SmallWorkspace {
    /** Entries (doubles) of all planes of one chunk, the budget {@link #chunk} sizes chunks by. */
    static final int CHUNK_ENTRIES = 1 << 15;
    /** The most members of one chunk: enough for the vector units, small enough for L1/L2. */
    static final int MAX_CHUNK = 256;

    private final double[][] planes = new double[12][];
    private final double[][] rows = new double[16][];
    private final int[][] ints = new int[4][];
    private final int[][] bases = new int[4][];
    private final MemberCursor[] cursors = {new MemberCursor(), new MemberCursor(), new MemberCursor(),
        new MemberCursor()};

    /** Creates an empty workspace; planes are allocated on first use. */
    public SmallWorkspace() {
        for (int i = 0; i < planes.length; i++) {
            planes[i] = new double[0];
        }
        for (int i = 0; i < rows.length; i++) {
            rows[i] = new double[0];
        }
        for (int i = 0; i < ints.length; i++) {
            ints[i] = new int[0];
            bases[i] = new int[0];
        }
    }

    /**
     * @param entriesPerMember doubles of every plane one member needs together
     * @param members the batch's members
     * @return the members of a chunk: at most {@link #MAX_CHUNK}, within {@link #CHUNK_ENTRIES}, at least 1
     */
    static int chunk(long entriesPerMember, long members) {
        long byBudget = Math.max(1, CHUNK_ENTRIES / Math.max(1, entriesPerMember));
        return (int) Math.max(1, Math.min(Math.min(MAX_CHUNK, byBudget), members));
    }

    double[] plane(int slot, int length) {
        if (planes[slot].length < length) {
            planes[slot] = new double[length];
        }
        return planes[slot];
    }

    double[] row(int slot, int length) {
        if (rows[slot].length < length) {
            rows[slot] = new double[Math.max(length, MAX_CHUNK)];
        }
        return rows[slot];
    }

    int[] ints(int slot, int length) {
        if (ints[slot].length < length) {
            ints[slot] = new int[length];
        }
        return ints[slot];
    }

    int[] bases(int slot, int length) {
        if (bases[slot].length < length) {
            bases[slot] = new int[Math.max(length, MAX_CHUNK)];
        }
        return bases[slot];
    }

    MemberCursor cursor(int slot) {
        return cursors[slot];
    }
}
