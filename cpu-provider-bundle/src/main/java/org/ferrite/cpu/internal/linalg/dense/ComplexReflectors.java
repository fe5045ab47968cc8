package org.ferrite.cpu.internal.linalg.dense;

/**
 * Complex Householder reflectors {@code H = I − τ·v·vᴴ} on interleaved {@code double[]} storage
 * (element {@code i} of a vector at offset {@code off} with stride {@code inc} elements: real part at
 * {@code off + 2·i·inc}, imaginary at {@code +1}; offsets count scalars). LAPACK's {@code zlarfg},
 * {@code zlarf} and {@code dznrm2}, unblocked. The stored first entry of {@code v} is used as it is:
 * callers set it to 1 around an application, as LAPACK does. Thread-safe (stateless).
 */
final class ComplexReflectors {
    /** Smallest positive normal number divided by the unit roundoff (LAPACK's {@code safmin/eps}). */
    private static final double SAFE_MIN = Double.MIN_NORMAL / (Math.ulp(1.0) / 2);
    private static final double SUM_SQUARES_MIN = 0x1p-900;

    private ComplexReflectors() {
    }

    /**
     * {@code ‖x‖₂} of a complex vector, scaled against overflow and underflow.
     *
     * @param n elements
     * @param x storage
     * @param off offset of element 0, in scalars
     * @param inc stride, in elements ({@code ≥ 1})
     * @return the 2-norm (NaN if any entry is NaN)
     */
    static double norm2(int n, double[] x, int off, int inc) {
        double ss = 0;
        for (int i = 0, p = off; i < n; i++, p += 2 * inc) {
            ss += x[p] * x[p] + x[p + 1] * x[p + 1];
        }
        if (ss > SUM_SQUARES_MIN && ss < Double.POSITIVE_INFINITY || Double.isNaN(ss)) {
            return Math.sqrt(ss);
        }
        double scale = 0;
        for (int i = 0, p = off; i < 2 * n; i += 2, p += 2 * inc) {
            scale = Math.max(scale, Math.max(Math.abs(x[p]), Math.abs(x[p + 1])));
        }
        if (scale == 0 || scale == Double.POSITIVE_INFINITY) {
            return scale;
        }
        ss = 0;
        for (int i = 0, p = off; i < n; i++, p += 2 * inc) {
            double re = x[p] / scale;
            double im = x[p + 1] / scale;
            ss += re * re + im * im;
        }
        return scale * Math.sqrt(ss);
    }

    /** {@code sqrt(x² + y² + z²)} without overflow (LAPACK's {@code dlapy3}). */
    static double hypot3(double x, double y, double z) {
        double ax = Math.abs(x);
        double ay = Math.abs(y);
        double az = Math.abs(z);
        double w = Math.max(ax, Math.max(ay, az));
        if (w == 0 || w == Double.POSITIVE_INFINITY) {
            return ax + ay + az;
        }
        double xs = ax / w;
        double ys = ay / w;
        double zs = az / w;
        return w * Math.sqrt(xs * xs + ys * ys + zs * zs);
    }

    /**
     * Generates {@code H} with {@code Hᴴ·[α; x] = [β; 0]}, {@code β} real (LAPACK's {@code zlarfg}).
     * On return the {@code α} position holds {@code β} (imaginary part 0), {@code x} holds
     * {@code v[1…n-1]} ({@code v[0] = 1} implied), and {@code tau[tauOff…+1]} holds {@code τ}
     * ({@code τ = 0} means {@code H = I}).
     *
     * @param n order of {@code H} (1 + length of {@code x})
     * @param a storage of {@code α} and {@code x}, updated
     * @param alpha offset of {@code α}, in scalars
     * @param x offset of {@code x[0]}, in scalars
     * @param inc stride of {@code x}, in elements
     * @param tau receives {@code τ}
     * @param tauOff offset of {@code τ}, in scalars
     */
    static void generate(int n, double[] a, int alpha, int x, int inc, double[] tau, int tauOff) {
        double xnorm = n > 1 ? norm2(n - 1, a, x, inc) : 0;
        double ar = a[alpha];
        double ai = a[alpha + 1];
        if (xnorm == 0 && ai == 0) {
            tau[tauOff] = 0;
            tau[tauOff + 1] = 0;
            return;
        }
        double beta = -Math.copySign(hypot3(ar, ai, xnorm), ar);
        int knt = 0;
        if (Math.abs(beta) < SAFE_MIN) {
            double rsafmn = 1 / SAFE_MIN;
            do {
                knt++;
                scale(n - 1, rsafmn, 0, a, x, inc);
                beta *= rsafmn;
                ar *= rsafmn;
                ai *= rsafmn;
            } while (Math.abs(beta) < SAFE_MIN && knt < 20);
            xnorm = norm2(n - 1, a, x, inc);
            beta = -Math.copySign(hypot3(ar, ai, xnorm), ar);
        }
        tau[tauOff] = (beta - ar) / beta;
        tau[tauOff + 1] = -ai / beta;
        // x *= 1 / (α − β), by Smith's division.
        double dr = ar - beta;
        double di = ai;
        double sr;
        double si;
        if (Math.abs(dr) >= Math.abs(di)) {
            double r = di / dr;
            double den = dr + di * r;
            sr = 1 / den;
            si = -r / den;
        } else {
            double r = dr / di;
            double den = di + dr * r;
            sr = r / den;
            si = -1 / den;
        }
        scale(n - 1, sr, si, a, x, inc);
        for (int j = 0; j < knt; j++) {
            beta *= SAFE_MIN;
        }
        a[alpha] = beta;
        a[alpha + 1] = 0;
    }

    /**
     * {@code x ← s·x} for complex {@code s = sr + i·si}.
     *
     * @param n elements
     * @param sr real part of the scalar
     * @param si imaginary part of the scalar
     * @param x storage
     * @param off offset, in scalars
     * @param inc stride, in elements
     */
    static void scale(int n, double sr, double si, double[] x, int off, int inc) {
        for (int i = 0, p = off; i < n; i++, p += 2 * inc) {
            double re = x[p];
            double im = x[p + 1];
            x[p] = sr * re - si * im;
            x[p + 1] = sr * im + si * re;
        }
    }

    /**
     * {@code C ← (I − τ·v·vᴴ)·C} for the {@code m × n} block {@code C} (LAPACK's
     * {@code zlarf('Left')}); pass {@code conj(τ)} to apply {@code Hᴴ}. {@code v} is contiguous.
     *
     * @param m rows of {@code C} and length of {@code v}
     * @param n columns of {@code C}
     * @param v storage of {@code v}, read
     * @param vOff offset of {@code v[0]}, in scalars
     * @param tauRe real part of {@code τ}
     * @param tauIm imaginary part of {@code τ}
     * @param c storage of {@code C}, updated
     * @param cOff offset of {@code C[0, 0]}, in scalars
     * @param ldc leading dimension of {@code C}, in elements
     */
    static void applyLeft(int m, int n, double[] v, int vOff, double tauRe, double tauIm, double[] c, int cOff,
            int ldc) {
        if (tauRe == 0 && tauIm == 0) {
            return;
        }
        int len = 2 * m;
        for (int j = 0; j < n; j++) {
            int cj = cOff + 2 * j * ldc;
            double dr = 0;
            double di = 0;
            for (int i = 0; i < len; i += 2) {
                double vr = v[vOff + i];
                double vi = v[vOff + i + 1];
                double cr = c[cj + i];
                double ci = c[cj + i + 1];
                dr += vr * cr + vi * ci;
                di += vr * ci - vi * cr;
            }
            double tr = tauRe * dr - tauIm * di;
            double ti = tauRe * di + tauIm * dr;
            if (tr == 0 && ti == 0) {
                continue;
            }
            for (int i = 0; i < len; i += 2) {
                double vr = v[vOff + i];
                double vi = v[vOff + i + 1];
                c[cj + i] -= vr * tr - vi * ti;
                c[cj + i + 1] -= vr * ti + vi * tr;
            }
        }
    }

    /**
     * {@code C ← C·(I − τ·v·vᴴ)} for the {@code m × n} block {@code C} (LAPACK's
     * {@code zlarf('Right')}). {@code v} is contiguous.
     *
     * @param m rows of {@code C}
     * @param n columns of {@code C} and length of {@code v}
     * @param v storage of {@code v}, read
     * @param vOff offset of {@code v[0]}, in scalars
     * @param tauRe real part of {@code τ}
     * @param tauIm imaginary part of {@code τ}
     * @param c storage of {@code C}, updated
     * @param cOff offset of {@code C[0, 0]}, in scalars
     * @param ldc leading dimension of {@code C}, in elements
     * @param work scratch of at least {@code 2m} scalars, overwritten
     */
    static void applyRight(int m, int n, double[] v, int vOff, double tauRe, double tauIm, double[] c, int cOff,
            int ldc, double[] work) {
        if (tauRe == 0 && tauIm == 0) {
            return;
        }
        int len = 2 * m;
        java.util.Arrays.fill(work, 0, len, 0);
        for (int j = 0; j < n; j++) {
            int cj = cOff + 2 * j * ldc;
            double vr = v[vOff + 2 * j];
            double vi = v[vOff + 2 * j + 1];
            for (int i = 0; i < len; i += 2) {
                double cr = c[cj + i];
                double ci = c[cj + i + 1];
                work[i] += cr * vr - ci * vi;
                work[i + 1] += cr * vi + ci * vr;
            }
        }
        for (int j = 0; j < n; j++) {
            int cj = cOff + 2 * j * ldc;
            // f = τ·conj(v_j)
            double vr = v[vOff + 2 * j];
            double vi = v[vOff + 2 * j + 1];
            double fr = tauRe * vr + tauIm * vi;
            double fi = tauIm * vr - tauRe * vi;
            for (int i = 0; i < len; i += 2) {
                double wr = work[i];
                double wi = work[i + 1];
                c[cj + i] -= wr * fr - wi * fi;
                c[cj + i + 1] -= wr * fi + wi * fr;
            }
        }
    }

    /**
     * Forms the first {@code q} columns of {@code Q = H(0)·H(1)⋯H(k−1)} in place (LAPACK's
     * {@code zung2r}): on entry column {@code i < k} of the compact {@code m × q} matrix {@code a}
     * holds {@code v_i} below the diagonal (rows {@code i+1…m−1}); columns {@code k…q−1} are ignored.
     * On return {@code a} holds {@code Q[:, 0…q−1]}.
     *
     * @param m rows
     * @param q columns to form ({@code k ≤ q ≤ m})
     * @param k number of reflectors
     * @param a storage, overwritten
     * @param aOff offset of {@code A[0, 0]}, in scalars
     * @param lda leading dimension, in elements
     * @param tau {@code τ_i} at {@code tau[tauOff + 2i]}
     * @param tauOff offset of {@code τ_0}, in scalars
     */
    static void formQ(int m, int q, int k, double[] a, int aOff, int lda, double[] tau, int tauOff) {
        // Columns k…q−1 start as columns of the identity.
        for (int j = k; j < q; j++) {
            int cj = aOff + 2 * j * lda;
            java.util.Arrays.fill(a, cj, cj + 2 * m, 0);
            a[cj + 2 * j] = 1;
        }
        for (int i = k - 1; i >= 0; i--) {
            int ci = aOff + 2 * i * lda;
            double tr = tau[tauOff + 2 * i];
            double ti = tau[tauOff + 2 * i + 1];
            if (i < q - 1) {
                a[ci + 2 * i] = 1;
                a[ci + 2 * i + 1] = 0;
                applyLeft(m - i, q - i - 1, a, ci + 2 * i, tr, ti, a, ci + 2 * (i + lda), lda);
            }
            scale(m - i - 1, -tr, -ti, a, ci + 2 * (i + 1), 1);
            a[ci + 2 * i] = 1 - tr;
            a[ci + 2 * i + 1] = -ti;
            java.util.Arrays.fill(a, ci, ci + 2 * i, 0);
        }
    }

    /**
     * Forms {@code Q = H(0)·H(1)⋯H(n−2)} of a Hessenberg or tridiagonal reduction (LAPACK's
     * {@code zunghr}/{@code zungtr}, lower): reflector {@code i} acts on indices {@code i+1…n−1}, with
     * {@code v_i[i+1] = 1} implied and {@code v_i[i+2…n−1]} stored in column {@code i} of the compact
     * {@code a}, below the subdiagonal. {@code Q = diag(1, Q′)} with {@code Q′} formed by
     * {@link #formQ}.
     *
     * @param n order ({@code ≥ 1})
     * @param a compact {@code n × n} holding the reflectors, read
     * @param tau {@code τ_i} at {@code tau[2i]}
     * @param q compact {@code n × n}, overwritten by {@code Q}
     */
    static void formQFromSubdiagonalReflectors(int n, double[] a, double[] tau, double[] q) {
        java.util.Arrays.fill(q, 0, 2 * n, 0);
        q[0] = 1;
        for (int j = 1; j < n; j++) {
            q[2 * j * n] = 0;
            q[2 * j * n + 1] = 0;
            // Reflector j−1 (indices j…n−1) sits in column j−1 of A below the subdiagonal.
            if (j < n - 1) {
                System.arraycopy(a, 2 * (j + 1 + (j - 1) * n), q, 2 * (j + 1 + j * n), 2 * (n - j - 1));
            }
        }
        formQ(n - 1, n - 1, n - 1, q, 2 * (1 + n), n, tau, 0);
    }
}
