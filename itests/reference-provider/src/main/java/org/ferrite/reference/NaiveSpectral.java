package org.ferrite.reference;

/**
 * The reference provider's iterative decompositions, in complex arithmetic for every dtype: the
 * cyclic two-sided Jacobi method for Hermitian eigenproblems and the one-sided (Hestenes) Jacobi
 * method for the SVD. Both converge quadratically and are accurate to a few ulps relative to the
 * matrix norm; both are slow ({@code O(n³)} per sweep) and meant only for the small matrices of the
 * conformance suite. Thread-safe (stateless).
 */
final class NaiveSpectral {
    /** Sweeps before a decomposition gives up (it converges in about ten). */
    static final int MAX_SWEEPS = 80;
    private static final double EPS = Math.ulp(1.0);

    private NaiveSpectral() {
    }

    /** Eigenvalues (ascending) and vectors of a Hermitian matrix; {@code values == null} on failure. */
    record EighResult(double[] values, NaiveMatrix vectors) {
    }

    /**
     * Cyclic Jacobi on the Hermitian {@code h} (full, overwritten): each rotation first turns
     * {@code h[p, q]} real by a diagonal phase, then zeroes it with a real plane rotation; {@code V}
     * accumulates both.
     */
    static EighResult eigh(NaiveMatrix h) {
        int n = h.rows;
        NaiveMatrix v = NaiveMatrix.identity(n);
        if (!h.isFinite()) {
            return new EighResult(null, null);
        }
        double scale = 0;
        for (int i = 0; i < h.re.length; i++) {
            scale += h.re[i] * h.re[i] + h.im[i] * h.im[i];
        }
        for (int sweep = 0; sweep < MAX_SWEEPS; sweep++) {
            double off = 0;
            for (int q = 0; q < n; q++) {
                for (int p = 0; p < q; p++) {
                    off += h.re(p, q) * h.re(p, q) + h.im(p, q) * h.im(p, q);
                }
            }
            if (off <= EPS * EPS * scale / 4 || off == 0) {
                double[] values = new double[n];
                for (int i = 0; i < n; i++) {
                    values[i] = h.re(i, i);
                }
                sortAscending(values, v);
                return new EighResult(values, v);
            }
            for (int q = 0; q < n; q++) {
                for (int p = 0; p < q; p++) {
                    rotateHermitian(h, v, p, q);
                }
            }
        }
        return new EighResult(null, null);
    }

    private static void rotateHermitian(NaiveMatrix h, NaiveMatrix v, int p, int q) {
        double r = Math.hypot(h.re(p, q), h.im(p, q));
        if (r == 0) {
            return;
        }
        // D = diag(1, e^{-iφ}) at q makes h[p, q] = r real: column q times e^{-iφ}, row q times e^{iφ}
        double cr = h.re(p, q) / r;
        double ci = h.im(p, q) / r;
        h.scaleColumn(q, cr, -ci);
        h.scaleRow(q, cr, ci);
        v.scaleColumn(q, cr, -ci);
        double theta = (h.re(q, q) - h.re(p, p)) / (2 * r);
        double t = (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        double c = 1 / Math.sqrt(t * t + 1);
        double s = t * c;
        planeRotation(h, p, q, c, s, true);
        planeRotation(v, p, q, c, s, false);
        h.set(p, q, 0, 0);
        h.set(q, p, 0, 0);
    }

    /**
     * Columns {@code p, q} ← {@code [c·a_p − s·a_q, s·a_p + c·a_q]}, and with {@code rows} the same on
     * rows (a congruence {@code Rᵀ·H·R} with the real rotation R).
     */
    private static void planeRotation(NaiveMatrix a, int p, int q, double c, double s, boolean rows) {
        for (int i = 0; i < a.rows; i++) {
            double pr = a.re(i, p);
            double pi = a.im(i, p);
            double qr = a.re(i, q);
            double qi = a.im(i, q);
            a.set(i, p, c * pr - s * qr, c * pi - s * qi);
            a.set(i, q, s * pr + c * qr, s * pi + c * qi);
        }
        if (rows) {
            for (int j = 0; j < a.cols; j++) {
                double pr = a.re(p, j);
                double pi = a.im(p, j);
                double qr = a.re(q, j);
                double qi = a.im(q, j);
                a.set(p, j, c * pr - s * qr, c * pi - s * qi);
                a.set(q, j, s * pr + c * qr, s * pi + c * qi);
            }
        }
    }

    private static void sortAscending(double[] values, NaiveMatrix v) {
        for (int i = 1; i < values.length; i++) {
            for (int j = i; j > 0 && values[j - 1] > values[j]; j--) {
                double t = values[j];
                values[j] = values[j - 1];
                values[j - 1] = t;
                v.swapColumns(j, j - 1);
            }
        }
    }

    /** A thin SVD of a tall matrix: {@code u} {@code m × n}, {@code s} descending, {@code v} {@code n × n}. */
    record SvdResult(NaiveMatrix u, double[] s, NaiveMatrix v) {
    }

    /**
     * One-sided Jacobi on the columns of a tall ({@code m ≥ n}) matrix: rotate column pairs until they
     * are orthogonal; then {@code S[j] = ‖u_j‖}, {@code u_j /= S[j]}, sorted descending. Columns of a
     * zero singular value are replaced by an orthonormal completion; a column whose norm falls to rounding
     * noise ({@code ≤ ε·‖A‖_F}, an exactly rank-deficient A) stops rotating and is completed the same way
     * (else it would rotate against the others until MAX_SWEEPS). Returns {@code null} on failure.
     */
    static SvdResult svdTall(NaiveMatrix a) {
        int n = a.cols;
        NaiveMatrix u = a.copy();
        NaiveMatrix v = NaiveMatrix.identity(n);
        if (!a.isFinite()) {
            return null;
        }
        double total = 0;
        for (int j = 0; j < n; j++) {
            total += u.columnNormSquared(j);
        }
        double noise = EPS * EPS * total; // a column this small is rounding noise of ‖A‖_F: it stops rotating
        boolean converged = false;
        for (int sweep = 0; sweep < MAX_SWEEPS && !converged; sweep++) {
            converged = true;
            for (int q = 0; q < n; q++) {
                for (int p = 0; p < q; p++) {
                    converged &= !orthogonalise(u, v, p, q, noise);
                }
            }
        }
        if (!converged) {
            return null;
        }
        double[] s = new double[n];
        for (int j = 0; j < n; j++) {
            s[j] = Math.sqrt(u.columnNormSquared(j));
        }
        for (int i = 1; i < n; i++) { // descending, columns of U and V along
            for (int j = i; j > 0 && s[j - 1] < s[j]; j--) {
                double t = s[j];
                s[j] = s[j - 1];
                s[j - 1] = t;
                u.swapColumns(j, j - 1);
                v.swapColumns(j, j - 1);
            }
        }
        double tiny = (s.length == 0 ? 0 : s[0]) * EPS * a.rows;
        for (int j = 0; j < n; j++) {
            if (s[j] > tiny && s[j] > 0) {
                u.scaleColumn(j, 1 / s[j], 0);
            } else {
                completeColumn(u, j);
            }
        }
        return new SvdResult(u, s, v);
    }

    /**
     * @return true if columns p and q were rotated (they were not yet orthogonal, and neither has a
     *     squared norm at or below {@code noise}: such a column is completed afterwards, as a zero one)
     */
    private static boolean orthogonalise(NaiveMatrix u, NaiveMatrix v, int p, int q, double noise) {
        double alpha = u.columnNormSquared(p);
        double beta = u.columnNormSquared(q);
        if (alpha <= noise || beta <= noise) {
            return false;
        }
        double gr = 0;
        double gi = 0;
        for (int i = 0; i < u.rows; i++) { // γ = u_pᴴ·u_q
            gr += u.re(i, p) * u.re(i, q) + u.im(i, p) * u.im(i, q);
            gi += u.re(i, p) * u.im(i, q) - u.im(i, p) * u.re(i, q);
        }
        double g = Math.hypot(gr, gi);
        if (g == 0 || g <= EPS * Math.sqrt(alpha * beta)) {
            return false;
        }
        // u_q ← e^{-iφ}·u_q makes γ real, then a real rotation orthogonalises the pair
        u.scaleColumn(q, gr / g, -gi / g);
        v.scaleColumn(q, gr / g, -gi / g);
        double zeta = (beta - alpha) / (2 * g);
        double t = (zeta >= 0 ? 1 : -1) / (Math.abs(zeta) + Math.sqrt(1 + zeta * zeta));
        double c = 1 / Math.sqrt(1 + t * t);
        double s = c * t;
        planeRotation(u, p, q, c, s, false);
        planeRotation(v, p, q, c, s, false);
        return true;
    }

    /**
     * Replaces column {@code j} of {@code u} by a unit vector orthogonal to every other column it must
     * be orthogonal to (columns {@code 0…j−1}, and the later ones already normalised): the first
     * standard basis vector that survives two rounds of Gram–Schmidt with a norm above 1/2.
     */
    static void completeColumn(NaiveMatrix u, int j) {
        for (int e = 0; e < u.rows; e++) {
            for (int i = 0; i < u.rows; i++) {
                u.set(i, j, i == e ? 1 : 0, 0);
            }
            for (int round = 0; round < 2; round++) {
                for (int k = 0; k < j; k++) {
                    project(u, j, k);
                }
            }
            double norm = Math.sqrt(u.columnNormSquared(j));
            if (norm > 0.5) {
                u.scaleColumn(j, 1 / norm, 0);
                return;
            }
        }
    }

    /** {@code u_j −= (u_kᴴ·u_j)·u_k}. */
    private static void project(NaiveMatrix u, int j, int k) {
        double dr = 0;
        double di = 0;
        for (int i = 0; i < u.rows; i++) {
            dr += u.re(i, k) * u.re(i, j) + u.im(i, k) * u.im(i, j);
            di += u.re(i, k) * u.im(i, j) - u.im(i, k) * u.re(i, j);
        }
        for (int i = 0; i < u.rows; i++) {
            u.set(i, j, u.re(i, j) - (dr * u.re(i, k) - di * u.im(i, k)),
                    u.im(i, j) - (dr * u.im(i, k) + di * u.re(i, k)));
        }
    }
}
