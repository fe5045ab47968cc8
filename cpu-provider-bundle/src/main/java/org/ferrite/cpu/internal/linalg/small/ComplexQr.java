package org.ferrite.cpu.internal.linalg.small;

/**
 * Householder QR of a chunk of complex matrices in batch-innermost planes (real and imaginary parts
 * apart), as {@code ?geqr2} and {@code ?ung2r}, every inner loop over the chunk's members. Reflectors
 * as LAPACK's {@code zlarfg}: {@code H = I − τ·v·vᴴ}, {@code v₀ = 1}, a <em>real</em>
 * {@code R[j, j] = β = −sign(Re α)·‖(α, x)‖}, {@code H = I} when {@code x = 0} and {@code α} is real;
 * A is reduced by {@code Hᴴ}. Thread-safe (stateless).
 */
final class ComplexQr {
    private ComplexQr() {
    }

    /**
     * Factors in place; {@code τ_j} in {@code (tauRe, tauIm)[j·cs + c]}.
     *
     * @param re real planes of the {@code m × n} members, overwritten
     * @param im imaginary planes, overwritten
     * @param m rows
     * @param n columns
     * @param cs members
     * @param tauRe receives Re τ
     * @param tauIm receives Im τ
     * @param vr scratch of {@code m·cs}: the current reflector's real parts, apart from the planes it
     *     updates (the JIT vectorises only then)
     * @param vi scratch of {@code m·cs}: its imaginary parts
     * @param w scratch of {@code 4·cs}
     */
    static void factor(double[] re, double[] im, int m, int n, int cs, double[] tauRe, double[] tauIm, double[] vr,
            double[] vi, double[] w) {
        int k = Math.min(m, n);
        for (int j = 0; j < k; j++) {
            int diag = (j + j * m) * cs;
            int t = j * cs;
            for (int c = 0; c < cs; c++) {
                w[c] = 0;
            }
            for (int i = j + 1; i < m; i++) {
                int x = (i + j * m) * cs;
                for (int c = 0; c < cs; c++) {
                    w[c] += re[x + c] * re[x + c] + im[x + c] * im[x + c];
                }
            }
            for (int c = 0; c < cs; c++) {
                double ar = re[diag + c];
                double ai = im[diag + c];
                double xnorm = w[c];
                boolean identity = xnorm == 0 && ai == 0;
                double norm = Math.sqrt(ar * ar + ai * ai + xnorm);
                double beta = ar >= 0 ? -norm : norm;
                tauRe[t + c] = identity ? 0 : (beta - ar) / beta;
                tauIm[t + c] = identity ? 0 : -ai / beta;
                double dr = ar - beta; // scale = 1/(α − β)
                double d2 = dr * dr + ai * ai;
                w[cs + c] = identity ? 0 : dr / d2;
                w[2 * cs + c] = identity ? 0 : -ai / d2;
                re[diag + c] = identity ? ar : beta;
                im[diag + c] = identity ? ai : 0;
            }
            for (int i = j + 1; i < m; i++) {
                int x = (i + j * m) * cs;
                for (int c = 0; c < cs; c++) {
                    double xr = re[x + c];
                    double xi = im[x + c];
                    re[x + c] = xr * w[cs + c] - xi * w[2 * cs + c];
                    im[x + c] = xr * w[2 * cs + c] + xi * w[cs + c];
                }
            }
            if (j + 1 < n) {
                System.arraycopy(re, (j + 1 + j * m) * cs, vr, (j + 1) * cs, (m - j - 1) * cs);
                System.arraycopy(im, (j + 1 + j * m) * cs, vi, (j + 1) * cs, (m - j - 1) * cs);
                for (int l = j + 1; l < n; l++) {
                    reflect(vr, vi, 0, m, j, re, im, l * m * cs, cs, tauRe, tauIm, t, true, w);
                }
            }
        }
    }

    /**
     * Applies {@code I − τ·v·vᴴ} (or with {@code conj(τ)}) to one column from row {@code j}:
     * {@code w = τ·(c_j + Σ conj(v_i)·c_i)}, {@code c −= w·v} ({@code v_j = 1}).
     *
     * @param vr the reflector's real planes (row {@code i} at {@code vAt + i·cs})
     * @param vi its imaginary planes
     * @param vAt plane index of the reflector's row 0
     * @param m rows
     * @param j the reflector
     * @param cr the target's real planes
     * @param ci its imaginary planes
     * @param at plane index of the target column's row 0
     * @param cs members
     * @param tauRe Re τ
     * @param tauIm Im τ
     * @param t offset of this reflector's τ row
     * @param conjugateTau use {@code conj(τ)} (reducing A by {@code Hᴴ})
     * @param w scratch of {@code 4·cs} (uses the last two quarters)
     */
    static void reflect(double[] vr, double[] vi, int vAt, int m, int j, double[] cr, double[] ci, int at, int cs,
            double[] tauRe, double[] tauIm, int t, boolean conjugateTau, double[] w) {
        int wr = 2 * cs;
        int wi = 3 * cs;
        int top = at + j * cs;
        for (int c = 0; c < cs; c++) {
            w[wr + c] = cr[top + c];
            w[wi + c] = ci[top + c];
        }
        for (int i = j + 1; i < m; i++) {
            int x = vAt + i * cs;
            int y = at + i * cs;
            for (int c = 0; c < cs; c++) { // += conj(v)·c
                w[wr + c] += vr[x + c] * cr[y + c] + vi[x + c] * ci[y + c];
                w[wi + c] += vr[x + c] * ci[y + c] - vi[x + c] * cr[y + c];
            }
        }
        double sign = conjugateTau ? -1 : 1;
        for (int c = 0; c < cs; c++) {
            double sr = w[wr + c];
            double si = w[wi + c];
            double tr = tauRe[t + c];
            double ti = sign * tauIm[t + c];
            w[wr + c] = tr * sr - ti * si;
            w[wi + c] = tr * si + ti * sr;
            cr[top + c] -= w[wr + c];
            ci[top + c] -= w[wi + c];
        }
        for (int i = j + 1; i < m; i++) {
            int x = vAt + i * cs;
            int y = at + i * cs;
            for (int c = 0; c < cs; c++) { // −= v·w
                cr[y + c] -= vr[x + c] * w[wr + c] - vi[x + c] * w[wi + c];
                ci[y + c] -= vr[x + c] * w[wi + c] + vi[x + c] * w[wr + c];
            }
        }
    }

    /**
     * Forms the first {@code qCols} columns of {@code Q = H_0·…·H_{k−1}} ({@code ?ung2r}).
     *
     * @param re the factored real planes (read)
     * @param im the factored imaginary planes (read)
     * @param m rows
     * @param n columns of A
     * @param qCols columns of Q
     * @param cs members
     * @param tauRe Re τ
     * @param tauIm Im τ
     * @param qr receives Q's real planes
     * @param qi receives Q's imaginary planes
     * @param w scratch of {@code 4·cs}
     */
    static void formQ(double[] re, double[] im, int m, int n, int qCols, int cs, double[] tauRe, double[] tauIm,
            double[] qr, double[] qi, double[] w) {
        int k = Math.min(m, n);
        Planes.zero(qr, 0, m * qCols, cs);
        Planes.zero(qi, 0, m * qCols, cs);
        for (int l = k; l < qCols; l++) {
            int d = (l + l * m) * cs;
            for (int c = 0; c < cs; c++) {
                qr[d + c] = 1;
            }
        }
        for (int j = k - 1; j >= 0; j--) {
            int t = j * cs;
            for (int l = j + 1; l < qCols; l++) {
                reflect(re, im, j * m * cs, m, j, qr, qi, l * m * cs, cs, tauRe, tauIm, t, false, w);
            }
            int d = (j + j * m) * cs;
            for (int c = 0; c < cs; c++) {
                qr[d + c] = 1 - tauRe[t + c];
                qi[d + c] = -tauIm[t + c];
            }
            for (int i = j + 1; i < m; i++) {
                int x = (i + j * m) * cs;
                for (int c = 0; c < cs; c++) { // −τ·v
                    qr[x + c] = -(tauRe[t + c] * re[x + c] - tauIm[t + c] * im[x + c]);
                    qi[x + c] = -(tauRe[t + c] * im[x + c] + tauIm[t + c] * re[x + c]);
                }
            }
        }
    }
}
