package org.ferrite.cpu.internal.linalg.lapack;

/**
 * The optimal workspace sizes LAPACK reported for recent problems ({@code LWORK = -1} queries), so a
 * repeated shape skips the query. A direct-mapped table of {@value #SLOTS} entries keyed by routine,
 * type, job and dimensions; a colliding shape overwrites its slot (it is queried again next time).
 * Allocation-free. Not thread-safe (owned by one {@link LapackWorkspace}).
 *
 * <p>Use: {@link #find} positions the cache on a key and says whether it holds sizes; read them with
 * {@link #lwork()}, {@link #lrwork()}, {@link #liwork()}, or query LAPACK and {@link #store} them.
 */
final class LworkCache {
    static final int SLOTS = 64;

    private final long[] keys = new long[2 * SLOTS];
    private final int[] sizes = new int[3 * SLOTS];
    private final boolean[] used = new boolean[SLOTS];
    /** The slot of the last {@link #find}. */
    private int slot;
    private long high;
    private long low;

    /**
     * @param routine which routine (a small constant of the caller's)
     * @param type the scalar type
     * @param job the job character(s) or mode, as a small int
     * @param m first dimension
     * @param n second dimension
     * @param k third dimension (0 where the routine has none)
     * @return true if sizes for this key are cached
     */
    boolean find(int routine, LapackType type, int job, int m, int n, int k) {
        high = (routine & 0xFFL) | (long) type.ordinal() << 8 | (job & 0xFFFFL) << 16 | (long) k << 32;
        low = (long) m << 32 | (n & 0xFFFF_FFFFL);
        long mixed = (high * 0x9E37_79B9_7F4A_7C15L) ^ (low * 0xC2B2_AE3D_27D4_EB4FL);
        slot = (int) (mixed >>> 58); // the top 6 bits: SLOTS = 64
        return used[slot] && keys[2 * slot] == high && keys[2 * slot + 1] == low;
    }

    /**
     * Stores sizes under the key of the last {@link #find}.
     *
     * @param lwork the main workspace size
     * @param lrwork the real workspace size (complex routines), or 0
     * @param liwork the integer workspace size, or 0
     */
    void store(int lwork, int lrwork, int liwork) {
        used[slot] = true;
        keys[2 * slot] = high;
        keys[2 * slot + 1] = low;
        sizes[3 * slot] = lwork;
        sizes[3 * slot + 1] = lrwork;
        sizes[3 * slot + 2] = liwork;
    }

    /** @return the cached main workspace size of the last {@link #find} hit */
    int lwork() {
        return sizes[3 * slot];
    }

    /** @return the cached real workspace size of the last {@link #find} hit */
    int lrwork() {
        return sizes[3 * slot + 1];
    }

    /** @return the cached integer workspace size of the last {@link #find} hit */
    int liwork() {
        return sizes[3 * slot + 2];
    }
}
