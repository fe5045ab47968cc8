package org.ferrite.reference;

/**
 * The reference provider's general eigendecomposition, in complex arithmetic: Householder reduction to
 * Hessenberg form, single-shift (Wilkinson) QR iterations by Givens rotations to the complex Schur
 * form {@code A = Z·T·Zᴴ}, eigenvectors by back-substitution in T. For real input the conjugate pairs
 * are made exact and adjacent (positive imaginary part first) and real eigenvalues get exactly zero
 * imaginary parts and real vectors, as the contract asks. Slow and simple. Thread-safe (stateless).
 */
final class NaiveGeneralEigen {
    private static final double EPS = Math.ulp(1.0);

    private NaiveGeneralEigen() {
    }

    /** Eigenvalues (interleaved re, im) and unit eigenvectors; {@code null} fields on failure. */
    record EigResult(double[] valuesRe, double[] valuesIm, NaiveMatrix vectors) {
    }

    static EigResult eig(NaiveMatrix a, boolean realInput) {
        int n = a.rows;
        if (!a.isFinite()) {
            return new EigResult(null, null, null);
        }
        NaiveMatrix t = a.copy();
        NaiveMatrix z = NaiveMatrix.identity(n);
        hessenberg(t, z);
        if (!schur(t, z)) {
            return new EigResult(null, null, null);
        }
        double[] re = new double[n];
        double[] im = new double[n];
        for (int j = 0; j < n; j++) {
            re[j] = t.re(j, j);
            im[j] = t.im(j, j);
        }
        NaiveMatrix v = eigenvectors(t, z);
        return realInput ? NaiveRealPairs.pair(re, im, v, a) : new EigResult(re, im, v);
    }

    /** {@code T ← Hᴴ·T·H}, {@code Z ← Z·H} with Householder reflectors below the subdiagonal. */
    private static void hessenberg(NaiveMatrix t, NaiveMatrix z) {
        int n = t.rows;
        for (int j = 0; j + 2 < n; j++) {
            NaiveMatrix x = new NaiveMatrix(n - j - 1, 1);
            for (int i = j + 1; i < n; i++) {
                x.set(i - j - 1, 0, t.re(i, j), t.im(i, j));
            }
            NaiveMatrix h = NaiveFactorizations.qr(x).q(); // Hermitian reflector on rows j+1…
            NaiveMatrix full = NaiveMatrix.identity(n);
            for (int c = 0; c < h.cols; c++) {
                for (int r = 0; r < h.rows; r++) {
                    full.set(j + 1 + r, j + 1 + c, h.re(r, c), h.im(r, c));
                }
            }
            copy(multiply(full.adjoint(), multiply(t, full)), t);
            copy(multiply(z, full), z);
            for (int i = j + 2; i < n; i++) {
                t.set(i, j, 0, 0);
            }
        }
    }

    /** Shifted QR on the Hessenberg T, deflating from the bottom; false if it does not converge. */
    private static boolean schur(NaiveMatrix t, NaiveMatrix z) {
        int n = t.rows;
        int hi = n - 1;
        int iterations = 0;
        int total = 0;
        while (hi > 0) {
            int l = hi;
            while (l > 0 && modulus(t, l, l - 1) > EPS * (modulus(t, l - 1, l - 1) + modulus(t, l, l))) {
                l--;
            }
            if (l > 0) {
                t.set(l, l - 1, 0, 0);
            }
            if (l == hi) {
                hi--;
                iterations = 0;
                continue;
            }
            if (++total > 60 * n) {
                return false;
            }
            iterations++;
            double[] mu = iterations % 11 == 10 ? new double[] {t.re(hi, hi) + modulus(t, hi, hi - 1), t.im(hi, hi)}
                    : wilkinson(t, hi);
            qrStep(t, z, l, hi, mu[0], mu[1]);
        }
        return true;
    }

    /** @return the eigenvalue of the trailing 2×2 block of rows/columns {@code hi−1, hi} nearest T[hi, hi] */
    private static double[] wilkinson(NaiveMatrix t, int hi) {
        double ar = t.re(hi - 1, hi - 1);
        double ai = t.im(hi - 1, hi - 1);
        double dr = t.re(hi, hi);
        double di = t.im(hi, hi);
        // λ = (a + d)/2 ± sqrt(((a − d)/2)² + b·c)
        double hr = (ar - dr) / 2;
        double hiPart = (ai - di) / 2;
        double bcr = t.re(hi - 1, hi) * t.re(hi, hi - 1) - t.im(hi - 1, hi) * t.im(hi, hi - 1);
        double bci = t.re(hi - 1, hi) * t.im(hi, hi - 1) + t.im(hi - 1, hi) * t.re(hi, hi - 1);
        double[] root = sqrt(hr * hr - hiPart * hiPart + bcr, 2 * hr * hiPart + bci);
        double mr = (ar + dr) / 2;
        double mi = (ai + di) / 2;
        double plusR = mr + root[0] - dr;
        double plusI = mi + root[1] - di;
        double minusR = mr - root[0] - dr;
        double minusI = mi - root[1] - di;
        return Math.hypot(plusR, plusI) <= Math.hypot(minusR, minusI) ? new double[] {mr + root[0], mi + root[1]}
                : new double[] {mr - root[0], mi - root[1]};
    }

    private static double[] sqrt(double re, double im) {
        double r = Math.hypot(re, im);
        double sr = Math.sqrt((r + re) / 2);
        double si = Math.sqrt(Math.max(0, (r - re) / 2));
        return new double[] {sr, im < 0 ? -si : si};
    }

    /** One explicit shifted QR step {@code T − μI = QR, T ← RQ + μI} on rows/columns {@code l…hi}. */
    private static void qrStep(NaiveMatrix t, NaiveMatrix z, int l, int hi, double mr, double mi) {
        int n = t.rows;
        for (int k = l; k <= hi; k++) {
            t.set(k, k, t.re(k, k) - mr, t.im(k, k) - mi);
        }
        double[][] rotations = new double[hi - l][];
        for (int k = l; k < hi; k++) {
            double[] g = givens(t.re(k, k), t.im(k, k), t.re(k + 1, k), t.im(k + 1, k));
            rotations[k - l] = g;
            for (int j = k; j < n; j++) {
                rotateRows(t, k, j, g);
            }
        }
        for (int k = l; k < hi; k++) {
            double[] g = rotations[k - l];
            for (int i = 0; i <= Math.min(k + 2, hi); i++) {
                rotateColumns(t, i, k, g);
            }
            for (int i = 0; i < n; i++) {
                rotateColumns(z, i, k, g);
            }
        }
        for (int k = l; k <= hi; k++) {
            t.set(k, k, t.re(k, k) + mr, t.im(k, k) + mi);
        }
    }

    /** @return {@code {c, sRe, sIm}} with {@code [[c, s], [−conj(s), c]]·[x; y] = [ρ; 0]} */
    private static double[] givens(double xr, double xi, double yr, double yi) {
        double ax = Math.hypot(xr, xi);
        double r = Math.hypot(ax, Math.hypot(yr, yi));
        if (r == 0) {
            return new double[] {1, 0, 0};
        }
        if (ax == 0) {
            return new double[] {0, 1, 0};
        }
        double pr = xr / ax;
        double pi = xi / ax;
        return new double[] {ax / r, (pr * yr + pi * yi) / r, (pi * yr - pr * yi) / r};
    }

    /** Rows k, k+1 of column j ← G·(x, y). */
    private static void rotateRows(NaiveMatrix t, int k, int j, double[] g) {
        double xr = t.re(k, j);
        double xi = t.im(k, j);
        double yr = t.re(k + 1, j);
        double yi = t.im(k + 1, j);
        t.set(k, j, g[0] * xr + g[1] * yr - g[2] * yi, g[0] * xi + g[1] * yi + g[2] * yr);
        t.set(k + 1, j, -(g[1] * xr + g[2] * xi) + g[0] * yr, -(g[1] * xi - g[2] * xr) + g[0] * yi);
    }

    /** Columns k, k+1 of row i ← (x, y)·Gᴴ. */
    private static void rotateColumns(NaiveMatrix t, int i, int k, double[] g) {
        double xr = t.re(i, k);
        double xi = t.im(i, k);
        double yr = t.re(i, k + 1);
        double yi = t.im(i, k + 1);
        // (x, y)·Gᴴ = (c·x + conj(s)·y, −s·x + c·y)
        t.set(i, k, g[0] * xr + g[1] * yr + g[2] * yi, g[0] * xi + g[1] * yi - g[2] * yr);
        t.set(i, k + 1, -(g[1] * xr - g[2] * xi) + g[0] * yr, -(g[1] * xi + g[2] * xr) + g[0] * yi);
    }

    /** Eigenvectors {@code Z·y_j}, y_j from back-substitution in the upper-triangular T, unit norm. */
    private static NaiveMatrix eigenvectors(NaiveMatrix t, NaiveMatrix z) {
        int n = t.rows;
        double norm = 0;
        for (int i = 0; i < t.re.length; i++) {
            norm = Math.max(norm, Math.hypot(t.re[i], t.im[i]));
        }
        double small = Math.max(EPS * norm, Double.MIN_NORMAL);
        NaiveMatrix y = new NaiveMatrix(n, n);
        for (int j = 0; j < n; j++) {
            y.set(j, j, 1, 0);
            for (int i = j - 1; i >= 0; i--) {
                double sr = 0;
                double si = 0;
                for (int l = i + 1; l <= j; l++) {
                    sr += t.re(i, l) * y.re(l, j) - t.im(i, l) * y.im(l, j);
                    si += t.re(i, l) * y.im(l, j) + t.im(i, l) * y.re(l, j);
                }
                double dr = t.re(i, i) - t.re(j, j);
                double di = t.im(i, i) - t.im(j, j);
                if (Math.hypot(dr, di) < small) {
                    dr = small;
                    di = 0;
                }
                double d2 = dr * dr + di * di;
                y.set(i, j, -(sr * dr + si * di) / d2, -(si * dr - sr * di) / d2);
            }
        }
        NaiveMatrix v = multiply(z, y);
        for (int j = 0; j < n; j++) {
            v.scaleColumn(j, 1 / Math.sqrt(v.columnNormSquared(j)), 0);
            double[] phase = v.gaugeOfColumn(j);
            v.scaleColumn(j, phase[0], phase[1]);
        }
        return v;
    }

    static NaiveMatrix multiply(NaiveMatrix a, NaiveMatrix b) {
        return a.times(b);
    }

    private static void copy(NaiveMatrix from, NaiveMatrix to) {
        System.arraycopy(from.re, 0, to.re, 0, from.re.length);
        System.arraycopy(from.im, 0, to.im, 0, from.im.length);
    }

    private static double modulus(NaiveMatrix t, int i, int j) {
        return Math.hypot(t.re(i, j), t.im(i, j));
    }
}
