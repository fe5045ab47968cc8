package org.ferrite.cpu.internal.linalg.dense;

/**
 * Real Householder reflectors {@code H = I − τ·v·vᵀ} on compact column-major {@code double[]} storage:
 * LAPACK's {@code dlarfg}, {@code dlarf} and {@code dorg2r}, unblocked, the real counterparts of
 * {@link ComplexReflectors}. The stored first entry of {@code v} is used as it is: callers set it to 1
 * around an application. Thread-safe (stateless).
 */
final class RealReflectors {
    private static final double SAFE_MIN = Double.MIN_NORMAL / (Math.ulp(1.0) / 2);
    private static final double SUM_SQUARES_MIN = 0x1p-900;

    private RealReflectors() {
    }

    /**
     * {@code ‖x‖₂}, scaled against overflow and underflow.
     *
     * @param n entries
     * @param x storage
     * @param off offset of entry 0
     * @param inc stride ({@code ≥ 1})
     * @return the 2-norm (NaN if any entry is NaN)
     */
    static double norm2(int n, double[] x, int off, int inc) {
        double ss = 0;
        for (int i = 0, p = off; i < n; i++, p += inc) {
            ss += x[p] * x[p];
        }
        if (ss > SUM_SQUARES_MIN && ss < Double.POSITIVE_INFINITY || Double.isNaN(ss)) {
            return Math.sqrt(ss);
        }
        double scale = 0;
        for (int i = 0, p = off; i < n; i++, p += inc) {
            scale = Math.max(scale, Math.abs(x[p]));
        }
        if (scale == 0 || scale == Double.POSITIVE_INFINITY) {
            return scale;
        }
        ss = 0;
        for (int i = 0, p = off; i < n; i++, p += inc) {
            double t = x[p] / scale;
            ss += t * t;
        }
        return scale * Math.sqrt(ss);
    }

    /**
     * Generates {@code H} with {@code H·[α; x] = [β; 0]} (LAPACK's {@code dlarfg}); on return the
     * {@code α} position holds {@code β}, {@code x} holds {@code v[1…n−1]}, and the result is {@code τ}
     * ({@code 0} means {@code H = I}).
     *
     * @param n order of {@code H}
     * @param a storage of {@code α} and {@code x}, updated
     * @param alpha offset of {@code α}
     * @param x offset of {@code x[0]}
     * @param inc stride of {@code x}
     * @return {@code τ}
     */
    static double generate(int n, double[] a, int alpha, int x, int inc) {
        if (n <= 1) {
            return 0;
        }
        double xnorm = norm2(n - 1, a, x, inc);
        if (xnorm == 0) {
            return 0;
        }
        double al = a[alpha];
        double beta = -Math.copySign(Math.hypot(al, xnorm), al);
        int knt = 0;
        if (Math.abs(beta) < SAFE_MIN) {
            double rsafmn = 1 / SAFE_MIN;
            do {
                knt++;
                scale(n - 1, rsafmn, a, x, inc);
                beta *= rsafmn;
                al *= rsafmn;
            } while (Math.abs(beta) < SAFE_MIN && knt < 20);
            xnorm = norm2(n - 1, a, x, inc);
            beta = -Math.copySign(Math.hypot(al, xnorm), al);
        }
        double tau = (beta - al) / beta;
        scale(n - 1, 1 / (al - beta), a, x, inc);
        for (int j = 0; j < knt; j++) {
            beta *= SAFE_MIN;
        }
        a[alpha] = beta;
        return tau;
    }

    static void scale(int n, double s, double[] x, int off, int inc) {
        for (int i = 0, p = off; i < n; i++, p += inc) {
            x[p] *= s;
        }
    }

    /**
     * {@code C ← (I − τ·v·vᵀ)·C} for the {@code m × n} block {@code C}; {@code v} contiguous.
     *
     * @param m rows of {@code C} and length of {@code v}
     * @param n columns of {@code C}
     * @param v storage of {@code v}
     * @param vOff offset of {@code v[0]}
     * @param tau {@code τ}
     * @param c storage of {@code C}, updated
     * @param cOff offset of {@code C[0, 0]}
     * @param ldc leading dimension of {@code C}
     */
    static void applyLeft(int m, int n, double[] v, int vOff, double tau, double[] c, int cOff, int ldc) {
        if (tau == 0) {
            return;
        }
        for (int j = 0; j < n; j++) {
            int cj = cOff + j * ldc;
            double dot = 0;
            for (int i = 0; i < m; i++) {
                dot += v[vOff + i] * c[cj + i];
            }
            double t = tau * dot;
            if (t == 0) {
                continue;
            }
            for (int i = 0; i < m; i++) {
                c[cj + i] -= t * v[vOff + i];
            }
        }
    }

    /**
     * {@code C ← C·(I − τ·v·vᵀ)} for the {@code m × n} block {@code C}; {@code v} contiguous.
     *
     * @param m rows of {@code C}
     * @param n columns of {@code C} and length of {@code v}
     * @param v storage of {@code v}
     * @param vOff offset of {@code v[0]}
     * @param tau {@code τ}
     * @param c storage of {@code C}, updated
     * @param cOff offset of {@code C[0, 0]}
     * @param ldc leading dimension of {@code C}
     * @param work scratch of at least {@code m} entries, overwritten
     */
    static void applyRight(int m, int n, double[] v, int vOff, double tau, double[] c, int cOff, int ldc,
            double[] work) {
        if (tau == 0) {
            return;
        }
        java.util.Arrays.fill(work, 0, m, 0);
        for (int j = 0; j < n; j++) {
            int cj = cOff + j * ldc;
            double vj = v[vOff + j];
            for (int i = 0; i < m; i++) {
                work[i] += c[cj + i] * vj;
            }
        }
        for (int j = 0; j < n; j++) {
            int cj = cOff + j * ldc;
            double f = tau * v[vOff + j];
            for (int i = 0; i < m; i++) {
                c[cj + i] -= work[i] * f;
            }
        }
    }

    /**
     * Forms {@code Q = H(0)⋯H(n−2)} of a Hessenberg reduction (LAPACK's {@code dorghr}): reflector
     * {@code i} acts on indices {@code i+1…n−1}, {@code v_i[i+2…n−1]} stored in column {@code i} of the
     * compact {@code a} below the subdiagonal.
     *
     * @param n order ({@code ≥ 1})
     * @param a compact {@code n × n} holding the reflectors, read
     * @param tau {@code τ_i} at {@code tau[i]}
     * @param q compact {@code n × n}, overwritten by {@code Q}
     */
    static void formQFromSubdiagonalReflectors(int n, double[] a, double[] tau, double[] q) {
        java.util.Arrays.fill(q, 0, n, 0);
        q[0] = 1;
        for (int j = 1; j < n; j++) {
            q[j * n] = 0;
            if (j < n - 1) {
                System.arraycopy(a, j + 1 + (j - 1) * n, q, j + 1 + j * n, n - j - 1);
            }
        }
        // Q′ = H′(0)⋯H′(n−2) on the trailing (n−1) × (n−1) block, backward accumulation (dorg2r).
        int m = n - 1;
        int off = 1 + n;
        for (int i = m - 1; i >= 0; i--) {
            int ci = off + i * n;
            double t = tau[i];
            if (i < m - 1) {
                q[ci + i] = 1;
                applyLeft(m - i, m - i - 1, q, ci + i, t, q, ci + i + n, n);
            }
            scale(m - i - 1, -t, q, ci + i + 1, 1);
            q[ci + i] = 1 - t;
            java.util.Arrays.fill(q, ci, ci + i, 0);
        }
    }
}
