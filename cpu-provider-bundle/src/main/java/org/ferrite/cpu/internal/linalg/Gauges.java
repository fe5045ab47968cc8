package org.ferrite.cpu.internal.linalg;

import org.ferrite.cpu.internal.linalg.batch.MemberCursor;

/**
 * The phase gauges of {@code org.ferrite.linalg}, applied to one computed member in its output tensors
 * (any strides), so every tier shares them: {@code PhaseGauge.LARGEST_ENTRY_REAL_POSITIVE} on vector
 * columns (and, for an SVD, the conjugate factor on the matching rows of Vᴴ) and the positive-diagonal
 * gauge of QR. Thread-safe (stateless); the caller passes a two-element scratch array.
 */
final class Gauges {
    private Gauges() {
    }

    /**
     * Multiplies every column {@code j < cols} of {@code v} by the unit factor that makes its first entry
     * of largest modulus real and positive.
     *
     * @param v the vectors, {@code rows × cols}
     * @param rows rows
     * @param cols columns
     * @param phase scratch of two doubles
     */
    static void columns(MemberCursor v, int rows, int cols, double[] phase) {
        for (int j = 0; j < cols; j++) {
            if (largestPhase(v, rows, j, true, phase)) {
                scaleLine(v, rows, j, true, phase[0], phase[1]);
            }
        }
    }

    /**
     * The SVD gauge: columns of U gauged as {@link #columns}, row {@code j < k} of Vᴴ multiplied by the
     * conjugate of column {@code j}'s factor, rows {@code k…} of a full Vᴴ gauged on their own.
     *
     * @param u U, {@code m × uCols}
     * @param vh Vᴴ, {@code vhRows × n}
     * @param m rows of U
     * @param n columns of Vᴴ
     * @param uCols columns of U
     * @param vhRows rows of Vᴴ
     * @param phase scratch of two doubles
     */
    static void svd(MemberCursor u, MemberCursor vh, int m, int n, int uCols, int vhRows, double[] phase) {
        int k = Math.min(m, n);
        for (int j = 0; j < uCols; j++) {
            if (largestPhase(u, m, j, true, phase)) {
                scaleLine(u, m, j, true, phase[0], phase[1]);
                if (j < k) {
                    scaleLine(vh, n, j, false, phase[0], -phase[1]);
                }
            }
        }
        for (int j = k; j < vhRows; j++) {
            if (largestPhase(vh, n, j, false, phase)) { // row j of Vᴴ is conj(v_j): the same factor
                scaleLine(vh, n, j, false, phase[0], phase[1]);
            }
        }
    }

    /**
     * The QR gauge: column {@code j} of Q times {@code d = R[j, j]/|R[j, j]|}, row {@code j} of R times
     * {@code conj(d)}, for {@code j < min(m, n)} with {@code R[j, j] ≠ 0}; R's diagonal then holds
     * {@code |R[j, j]|} exactly.
     *
     * @param q Q, {@code m × qCols}
     * @param r R, {@code rRows × n}
     * @param m rows of A
     * @param n columns of A
     */
    static void positiveDiagonal(MemberCursor q, MemberCursor r, int m, int n) {
        for (int j = 0; j < Math.min(m, n); j++) {
            int at = r.scalars * (r.base + j * r.rowStride + j * r.colStride);
            double dr = read(r, at);
            double di = r.scalars == 2 ? read(r, at + 1) : 0;
            double modulus = Math.hypot(dr, di);
            if (modulus == 0 || (di == 0 && dr > 0)) {
                continue;
            }
            double cr = dr / modulus;
            double ci = di / modulus;
            scaleLine(q, m, j, true, cr, ci);
            scaleLine(r, n, j, false, cr, -ci);
            write(r, at, modulus);
            if (r.scalars == 2) {
                write(r, at + 1, 0);
            }
        }
    }

    /**
     * Finds the factor that makes line {@code j}'s first entry of largest modulus real and positive.
     *
     * @return false if no factor is needed (the line is zero, or that entry is already real positive)
     */
    private static boolean largestPhase(MemberCursor v, int length, int j, boolean column, double[] phase) {
        double best = 0;
        double bestRe = 0;
        double bestIm = 0;
        for (int i = 0; i < length; i++) {
            int at = index(v, i, j, column);
            double re = read(v, at);
            double im = v.scalars == 2 ? read(v, at + 1) : 0;
            double modulus = v.scalars == 2 ? Math.hypot(re, im) : Math.abs(re);
            if (modulus > best) {
                best = modulus;
                bestRe = re;
                bestIm = im;
            }
        }
        if (best == 0 || (bestIm == 0 && bestRe > 0)) {
            return false;
        }
        phase[0] = bestRe / best;
        phase[1] = -bestIm / best;
        return true;
    }

    /** Multiplies line {@code j} (a column, or a row when {@code !column}) by {@code cr + i·ci}. */
    private static void scaleLine(MemberCursor v, int length, int j, boolean column, double cr, double ci) {
        for (int i = 0; i < length; i++) {
            int at = index(v, i, j, column);
            double re = read(v, at);
            if (v.scalars == 2) {
                double im = read(v, at + 1);
                write(v, at, re * cr - im * ci);
                write(v, at + 1, re * ci + im * cr);
            } else {
                write(v, at, re * cr);
            }
        }
    }

    /** @return the scalar index of entry {@code i} of line {@code j} */
    private static int index(MemberCursor v, int i, int j, boolean column) {
        int element = column ? v.base + i * v.rowStride + j * v.colStride : v.base + j * v.rowStride + i * v.colStride;
        return v.scalars * element;
    }

    private static double read(MemberCursor v, int at) {
        return v.storage instanceof double[] d ? d[at] : ((float[]) v.storage)[at];
    }

    private static void write(MemberCursor v, int at, double value) {
        if (v.storage instanceof double[] d) {
            d[at] = value;
        } else {
            ((float[]) v.storage)[at] = (float) value;
        }
    }
}
