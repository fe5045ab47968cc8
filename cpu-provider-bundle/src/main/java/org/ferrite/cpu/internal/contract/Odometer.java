package org.ferrite.cpu.internal.contract;

/**
 * The counter the contraction's strided loops share: positions of loop dimensions
 * {@code [from, extents.length)}, dimension {@code from} fastest, each position at element offset
 * {@code Σ_d idx[d]·strides[d]} from the first. Callers run an inner loop over dimension 0 themselves
 * and let the odometer walk the outer dimensions ({@code from = 1}), or walk every dimension
 * ({@code from = 0}). Thread-safe (stateless); the index array is the caller's (a plan's scratch).
 */
final class Odometer {
    private Odometer() {
    }

    /**
     * @param extents loop extents
     * @param from the first dimension walked
     * @return {@code Π_{d >= from} extents[d]}: the number of positions (1 for no dimension, 0 if some
     *     walked extent is 0)
     */
    static long positions(int[] extents, int from) {
        long count = 1;
        for (int d = from; d < extents.length; d++) {
            count *= extents[d];
        }
        return count;
    }

    /**
     * Advances {@code idx} to the next position, wrapping to all zeros after the last.
     *
     * @param idx the current position, updated; entries {@code [from, extents.length)} are used
     * @param extents loop extents
     * @param strides the element stride of each dimension
     * @param from the first dimension walked (the fastest)
     * @return the change of element offset from the current position to the next
     */
    static int step(int[] idx, int[] extents, int[] strides, int from) {
        int delta = 0;
        for (int d = from; d < extents.length; d++) {
            delta += strides[d];
            if (++idx[d] < extents[d]) {
                return delta;
            }
            delta -= strides[d] * extents[d];
            idx[d] = 0;
        }
        return delta;
    }
}
