package org.ferrite.reference;

/**
 * The real-input normalisation of the reference provider's {@code eig}: eigenvalues whose imaginary
 * part is rounding noise ({@code |im| ≤ 64·n·eps·‖A‖_F}) become exactly real with real eigenvectors;
 * the others are matched into conjugate pairs, each emitted positive imaginary part first and its
 * partner as the exact conjugate (value and vector). The order otherwise follows the Schur order.
 * Thread-safe (stateless).
 */
final class NaiveRealPairs {
    private NaiveRealPairs() {
    }

    static NaiveGeneralEigen.EigResult pair(double[] re, double[] im, NaiveMatrix v, NaiveMatrix a) {
        int n = re.length;
        double norm = 0;
        for (int i = 0; i < a.re.length; i++) {
            norm += a.re[i] * a.re[i];
        }
        double noise = 64 * Math.max(1, n) * Math.ulp(1.0) * Math.sqrt(norm);
        boolean[] used = new boolean[n];
        double[] outRe = new double[n];
        double[] outIm = new double[n];
        NaiveMatrix out = new NaiveMatrix(n, n);
        int next = 0;
        for (int j = 0; j < n; j++) {
            if (used[j]) {
                continue;
            }
            used[j] = true;
            if (Math.abs(im[j]) <= noise) {
                outRe[next] = re[j];
                copyColumn(v, j, out, next, false, true);
                next++;
                continue;
            }
            int partner = partner(re, im, used, j);
            if (partner < 0) { // an unmatched complex value (cannot happen for real A but by rounding)
                outRe[next] = re[j];
                outIm[next] = im[j];
                copyColumn(v, j, out, next, false, false);
                next++;
                continue;
            }
            used[partner] = true;
            int positive = im[j] > 0 ? j : partner;
            outRe[next] = re[positive];
            outIm[next] = Math.abs(im[positive]);
            outRe[next + 1] = re[positive];
            outIm[next + 1] = -Math.abs(im[positive]);
            copyColumn(v, positive, out, next, false, false);
            copyColumn(v, positive, out, next + 1, true, false);
            next += 2;
        }
        return new NaiveGeneralEigen.EigResult(outRe, outIm, out);
    }

    /** @return the unused eigenvalue nearest {@code conj(λ_j)} */
    private static int partner(double[] re, double[] im, boolean[] used, int j) {
        int best = -1;
        double distance = Double.POSITIVE_INFINITY;
        for (int k = 0; k < re.length; k++) {
            double d = used[k] ? Double.POSITIVE_INFINITY : Math.hypot(re[k] - re[j], im[k] + im[j]);
            if (d < distance) {
                distance = d;
                best = k;
            }
        }
        return best;
    }

    /**
     * Copies column {@code from} of {@code v} to column {@code to} of {@code out}, conjugated when asked;
     * {@code real} drops the (rounding-level, after the gauge) imaginary parts and renormalises.
     */
    private static void copyColumn(NaiveMatrix v, int from, NaiveMatrix out, int to, boolean conjugate,
            boolean real) {
        for (int i = 0; i < v.rows; i++) {
            out.set(i, to, v.re(i, from), real ? 0 : conjugate ? -v.im(i, from) : v.im(i, from));
        }
        if (real) {
            out.scaleColumn(to, 1 / Math.sqrt(out.columnNormSquared(to)), 0);
        }
    }
}
