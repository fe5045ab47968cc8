package org.ferrite.api.session;

import org.ferrite.api.session.HostLanes.Kind;

/**
 * NumPy's orders of one lane of widened elements ({@link HostLanes}), for the host defaults of
 * {@code sort}, {@code argsort}, {@code argmax} and {@code argmin}:
 * <ul>
 * <li>integers and BOOL: the natural order (false before true);</li>
 * <li>real floating: {@code a < b || (b is NaN && a is not)} — NaN sorts last, {@code -0.0} and
 * {@code 0.0} are equal (NumPy's {@code FLOAT_LT});</li>
 * <li>complex: by real part, then imaginary part, NaNs last in NumPy's extended order
 * {@code [R + Rj, R + nanj, nan + Rj, nan + nanj]} (NumPy's {@code CFLOAT_LT}).</li>
 * </ul>
 * {@link #stableSort} is a stable merge sort of a permutation (ties keep their order, as NumPy's
 * {@code kind='stable'}); {@link #argExtreme} is NumPy's {@code argmax}/{@code argmin} loop: the first
 * extreme, a NaN counting as the extreme of either kind. Thread-safe (stateless). Lifetime: static.
 */
final class LaneOrder {
    /** Runs up to this length are sorted by insertion before merging. */
    private static final int RUN = 16;

    private LaneOrder() {
    }

    /** A strict order of lane positions. */
    @FunctionalInterface
    interface Less {
        boolean less(int i, int j);
    }

    /**
     * @param kind how the lane was widened
     * @param l integral elements
     * @param re real elements or real parts
     * @param im imaginary parts
     * @return NumPy's strict order of positions of the lane
     */
    static Less of(Kind kind, long[] l, double[] re, double[] im) {
        switch (kind) {
            case INTEGRAL:
                return (i, j) -> l[i] < l[j];
            case REAL:
                return (i, j) -> re[i] < re[j] || (re[j] != re[j] && re[i] == re[i]);
            default:
                return (i, j) -> complexLess(re[i], im[i], re[j], im[j]);
        }
    }

    /** NumPy's {@code CFLOAT_LT}: lexicographic, NaNs last in the extended order. */
    private static boolean complexLess(double ar, double ai, double br, double bi) {
        if (ar < br) {
            return ai == ai || bi != bi;
        }
        if (ar > br) {
            return bi != bi && ai == ai;
        }
        if (ar == br || (ar != ar && br != br)) {
            return ai < bi || (bi != bi && ai == ai);
        }
        return br != br;
    }

    /**
     * Sorts {@code perm[0, n)} (initially any permutation, usually {@code 0, 1, …}) stably by {@code less}.
     *
     * @param perm the positions to order
     * @param scratch at least {@code n} ints
     * @param n how many
     * @param less the order
     * @return {@code perm} or {@code scratch}, whichever holds the result
     */
    static int[] stableSort(int[] perm, int[] scratch, int n, Less less) {
        for (int lo = 0; lo < n; lo += RUN) {
            int hi = Math.min(n, lo + RUN);
            for (int i = lo + 1; i < hi; i++) {
                int p = perm[i];
                int j = i - 1;
                while (j >= lo && less.less(p, perm[j])) {
                    perm[j + 1] = perm[j];
                    j--;
                }
                perm[j + 1] = p;
            }
        }
        int[] from = perm;
        int[] to = scratch;
        for (int width = RUN; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(n, lo + width);
                int hi = Math.min(n, lo + 2 * width);
                int i = lo;
                int j = mid;
                for (int k = lo; k < hi; k++) {
                    // the left run wins ties: stable
                    to[k] = j >= hi || (i < mid && !less.less(from[j], from[i])) ? from[i++] : from[j++];
                }
            }
            int[] t = from;
            from = to;
            to = t;
        }
        return from;
    }

    /**
     * NumPy's {@code argmax} ({@code max}) or {@code argmin} loop over a non-empty lane: the position of the
     * first extreme; the first NaN (in either part, for complex) wins and ends the scan.
     *
     * @param kind how the lane was widened
     * @param max true for argmax
     * @param n the lane length, at least 1
     * @param l integral elements
     * @param re real elements or real parts
     * @param im imaginary parts
     * @return the position
     */
    static int argExtreme(Kind kind, boolean max, int n, long[] l, double[] re, double[] im) {
        int best = 0;
        switch (kind) {
            case INTEGRAL:
                for (int i = 1; i < n; i++) {
                    if (max ? l[i] > l[best] : l[i] < l[best]) {
                        best = i;
                    }
                }
                return best;
            case REAL:
                if (re[0] != re[0]) {
                    return 0;
                }
                for (int i = 1; i < n; i++) {
                    if (max ? !(re[i] <= re[best]) : !(re[i] >= re[best])) { // negated: NaN takes over
                        best = i;
                        if (re[i] != re[i]) {
                            return i;
                        }
                    }
                }
                return best;
            default:
                if (re[0] != re[0] || im[0] != im[0]) {
                    return 0;
                }
                for (int i = 1; i < n; i++) {
                    boolean nan = re[i] != re[i] || im[i] != im[i];
                    boolean beyond = max ? re[i] > re[best] || (re[i] == re[best] && im[i] > im[best])
                            : re[i] < re[best] || (re[i] == re[best] && im[i] < im[best]);
                    if (beyond || nan) {
                        best = i;
                        if (nan) {
                            return i;
                        }
                    }
                }
                return best;
        }
    }
}
