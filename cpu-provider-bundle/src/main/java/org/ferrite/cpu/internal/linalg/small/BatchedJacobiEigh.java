package org.ferrite.cpu.internal.linalg.small;

/**
 * The cyclic Jacobi method for a chunk of Hermitian matrices in batch-innermost planes, real
 * ({@code im == null}) or complex: row-cyclic sweeps of plane rotations, each zeroing
 * {@code A[p, q]} in every member at once (a complex entry first turned real by a diagonal phase),
 * until the off-diagonal mass of every member is below {@code (ε·‖A‖_F)²}. Converges quadratically
 * (about 6–10 sweeps for the orders this tier serves) and is accurate to a few ulps of {@code ‖A‖}.
 * Eigenvalues are left on the diagonal (unsorted), vectors accumulated in V. Thread-safe (stateless).
 */
final class BatchedJacobiEigh {
    /** Sweeps before a member is declared not converged. */
    static final int MAX_SWEEPS = 40;
    private static final double EPS = Math.ulp(1.0);

    private BatchedJacobiEigh() {
    }

    /**
     * Diagonalises in place.
     *
     * @param re the full Hermitian real planes ({@code n × n}), overwritten (diagonal: eigenvalues)
     * @param im the imaginary planes, or null
     * @param vr receives V's real planes, or null (values only)
     * @param vi receives V's imaginary planes (complex with vectors), else null
     * @param n order
     * @param cs members
     * @param w scratch of {@code 6·cs}
     * @return the first member that did not converge, or -1
     */
    static int diagonalise(double[] re, double[] im, double[] vr, double[] vi, int n, int cs, double[] w) {
        if (vr != null) {
            Planes.zero(vr, 0, n * n, cs);
            if (vi != null) {
                Planes.zero(vi, 0, n * n, cs);
            }
            for (int i = 0; i < n; i++) {
                java.util.Arrays.fill(vr, (i + i * n) * cs, (i + i * n + 1) * cs, 1);
            }
        }
        double[] scale = w; // w[0, cs): (ε·‖A‖_F)²
        java.util.Arrays.fill(scale, 0, cs, 0);
        for (int e = 0; e < n * n; e++) {
            for (int c = 0; c < cs; c++) {
                scale[c] += re[e * cs + c] * re[e * cs + c] + (im == null ? 0 : im[e * cs + c] * im[e * cs + c]);
            }
        }
        for (int c = 0; c < cs; c++) {
            scale[c] *= EPS * EPS / 4;
        }
        for (int sweep = 0; sweep < MAX_SWEEPS; sweep++) {
            if (firstUnconverged(re, im, n, cs, scale) < 0) {
                return -1;
            }
            for (int q = 1; q < n; q++) {
                for (int p = 0; p < q; p++) {
                    rotate(re, im, vr, vi, n, cs, p, q, w);
                }
            }
        }
        return firstUnconverged(re, im, n, cs, scale);
    }

    private static int firstUnconverged(double[] re, double[] im, int n, int cs, double[] scale) {
        for (int c = 0; c < cs; c++) {
            double off = 0;
            for (int q = 1; q < n; q++) {
                for (int p = 0; p < q; p++) {
                    int e = (p + q * n) * cs + c;
                    off += re[e] * re[e] + (im == null ? 0 : im[e] * im[e]);
                }
            }
            if (!(off <= scale[c])) {
                return c;
            }
        }
        return -1;
    }

    /**
     * The rotation of the pair {@code (p, q)}: per member {@code r = |A[p, q]|}, phase
     * {@code e^{iφ} = A[p, q]/r}, {@code θ = (A[q, q] − A[p, p])/(2r)},
     * {@code t = sign(θ)/(|θ| + √(θ² + 1))}, {@code c = 1/√(t² + 1)}, {@code s = t·c}; then columns
     * {@code p ← c·a_p − s·e^{−iφ}·a_q}, {@code q ← s·a_p + c·e^{−iφ}·a_q} (rows conjugate), and the
     * same on V. A member with {@code A[p, q] = 0} gets the identity.
     */
    private static void rotate(double[] re, double[] im, double[] vr, double[] vi, int n, int cs, int p, int q,
            double[] w) {
        int cc = cs;
        int ss = 2 * cs;
        int er = 3 * cs;
        int ei = 4 * cs;
        int tt = 5 * cs;
        int pq = (p + q * n) * cs;
        int pp = (p + p * n) * cs;
        int qq = (q + q * n) * cs;
        boolean any = false;
        for (int c = 0; c < cs; c++) {
            double ar = re[pq + c];
            double ai = im == null ? 0 : im[pq + c];
            double r = im == null ? Math.abs(ar) : Math.hypot(ar, ai);
            boolean zero = r == 0;
            any |= !zero;
            double theta = zero ? 0 : (re[qq + c] - re[pp + c]) / (2 * r);
            double t = zero ? 0 : (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
            double cos = 1 / Math.sqrt(t * t + 1);
            w[cc + c] = cos;
            w[ss + c] = t * cos;
            w[er + c] = zero ? 1 : ar / r;
            w[ei + c] = zero ? 0 : -ai / r; // e^{−iφ}
            w[tt + c] = t * r;
        }
        if (!any) {
            return;
        }
        for (int k = 0; k < n; k++) {
            if (k != p && k != q) {
                combine(re, im, (k + p * n) * cs, (k + q * n) * cs, cs, w);
                mirror(re, im, (k + p * n) * cs, (p + k * n) * cs, cs);
                mirror(re, im, (k + q * n) * cs, (q + k * n) * cs, cs);
            }
        }
        for (int c = 0; c < cs; c++) {
            re[pp + c] -= w[tt + c];
            re[qq + c] += w[tt + c];
            re[pq + c] = 0;
            re[(q + p * n) * cs + c] = 0;
        }
        if (im != null) {
            java.util.Arrays.fill(im, pq, pq + cs, 0);
            java.util.Arrays.fill(im, (q + p * n) * cs, (q + p * n + 1) * cs, 0);
        }
        if (vr != null) {
            for (int k = 0; k < n; k++) {
                combine(vr, vi, (k + p * n) * cs, (k + q * n) * cs, cs, w);
            }
        }
    }

    /** Entries {@code x} (column p) and {@code y} (column q): {@code x ← c·x − s·e·y}, {@code y ← s·x + c·e·y}. */
    static void combine(double[] re, double[] im, int x, int y, int cs, double[] w) {
        int cc = cs;
        int ss = 2 * cs;
        int er = 3 * cs;
        int ei = 4 * cs;
        if (im == null) {
            for (int c = 0; c < cs; c++) {
                double a = re[x + c];
                double b = re[y + c] * w[er + c];
                re[x + c] = w[cc + c] * a - w[ss + c] * b;
                re[y + c] = w[ss + c] * a + w[cc + c] * b;
            }
            return;
        }
        for (int c = 0; c < cs; c++) {
            double ar = re[x + c];
            double ai = im[x + c];
            double br = re[y + c] * w[er + c] - im[y + c] * w[ei + c];
            double bi = re[y + c] * w[ei + c] + im[y + c] * w[er + c];
            re[x + c] = w[cc + c] * ar - w[ss + c] * br;
            im[x + c] = w[cc + c] * ai - w[ss + c] * bi;
            re[y + c] = w[ss + c] * ar + w[cc + c] * br;
            im[y + c] = w[ss + c] * ai + w[cc + c] * bi;
        }
    }

    /** {@code to ← conj(from)} (the Hermitian mirror). */
    private static void mirror(double[] re, double[] im, int from, int to, int cs) {
        System.arraycopy(re, from, re, to, cs);
        if (im != null) {
            for (int c = 0; c < cs; c++) {
                im[to + c] = -im[from + c];
            }
        }
    }
}
