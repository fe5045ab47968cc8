package org.ferrite.cpu.internal.linalg.small;

/**
 * Householder QR of a chunk of real matrices in batch-innermost planes (entry {@code (i, j)} of member
 * {@code c} at {@code (i + j·m)·cs + c}): {@code ?geqr2} and {@code ?org2r} with every inner loop over
 * the chunk's members, so the JIT vectorises across matrices. Reflectors as LAPACK's {@code dlarfg}:
 * {@code H = I − τ·v·vᵀ}, {@code v₀ = 1}, {@code R[j, j] = β = −sign(α)·‖(α, x)‖}, and {@code H = I}
 * ({@code τ = 0}) when {@code x = 0}. Thread-safe (stateless); every array is the caller's.
 */
final class RealQr {
    private RealQr() {
    }

    /**
     * Factors in place: R on and above the diagonal of {@code a}, the reflectors' {@code v} below it,
     * {@code τ_j} in {@code tau[j·cs + c]}.
     *
     * @param a the {@code m × n} planes, overwritten
     * @param m rows
     * @param n columns
     * @param cs members in the chunk
     * @param tau receives {@code min(m, n)·cs} scalars
     * @param v scratch of {@code m·cs}: the current reflector, apart from {@code a} so that the updates
     *     read and write different arrays (the JIT vectorises them only then)
     * @param w scratch of {@code 3·cs}
     */
    static void factor(double[] a, int m, int n, int cs, double[] tau, double[] v, double[] w) {
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
                    w[c] += a[x + c] * a[x + c];
                }
            }
            for (int c = 0; c < cs; c++) {
                double alpha = a[diag + c];
                double xnorm = w[c];
                double norm = Math.sqrt(alpha * alpha + xnorm);
                double beta = alpha >= 0 ? -norm : norm;
                boolean identity = xnorm == 0;
                tau[t + c] = identity ? 0 : (beta - alpha) / beta;
                w[cs + c] = identity ? 0 : 1 / (alpha - beta);
                a[diag + c] = identity ? alpha : beta;
            }
            for (int i = j + 1; i < m; i++) {
                int x = (i + j * m) * cs;
                for (int c = 0; c < cs; c++) {
                    a[x + c] *= w[cs + c];
                }
            }
            if (j + 1 < n) {
                System.arraycopy(a, (j + 1 + j * m) * cs, v, (j + 1) * cs, (m - j - 1) * cs);
                for (int l = j + 1; l < n; l++) {
                    reflect(v, 0, m, j, a, l * m * cs, cs, tau, t, w);
                }
            }
        }
    }

    /**
     * Applies {@code H_j = I − τ·v·vᵀ} (v's row {@code i} at {@code v[vAt + i·cs …]}, rows
     * {@code j+1…m−1}; {@code v_j = 1}) to the column of {@code col} starting at row {@code j}:
     * {@code w = τ·(c_j + Σ v_i·c_i)}, {@code c −= w·v}.
     *
     * @param v the reflector's planes
     * @param vAt plane index of the reflector's row 0
     * @param m rows
     * @param j the reflector and its first row
     * @param col the target planes
     * @param at the plane index of the target column's row 0
     * @param cs members
     * @param tau τ per member ({@code tau[t + c]})
     * @param t offset of this reflector's τ row
     * @param w scratch of {@code 3·cs} (uses the last third)
     */
    static void reflect(double[] v, int vAt, int m, int j, double[] col, int at, int cs, double[] tau, int t,
            double[] w) {
        int s = 2 * cs;
        int top = at + j * cs;
        for (int c = 0; c < cs; c++) {
            w[s + c] = col[top + c];
        }
        for (int i = j + 1; i < m; i++) {
            int x = vAt + i * cs;
            int y = at + i * cs;
            for (int c = 0; c < cs; c++) {
                w[s + c] += v[x + c] * col[y + c];
            }
        }
        for (int c = 0; c < cs; c++) {
            w[s + c] *= tau[t + c];
            col[top + c] -= w[s + c];
        }
        for (int i = j + 1; i < m; i++) {
            int x = vAt + i * cs;
            int y = at + i * cs;
            for (int c = 0; c < cs; c++) {
                col[y + c] -= v[x + c] * w[s + c];
            }
        }
    }

    /**
     * Forms the first {@code qCols} columns of {@code Q = H_0·H_1·…·H_{k−1}} ({@code ?org2r}) from the
     * factored planes.
     *
     * @param a the factored {@code m × n} planes (read)
     * @param m rows
     * @param n columns of A
     * @param qCols columns of Q to form ({@code min(m, n)} or {@code m})
     * @param cs members
     * @param tau the reflectors' τ
     * @param q receives the {@code m × qCols} planes
     * @param w scratch of {@code 3·cs}
     */
    static void formQ(double[] a, int m, int n, int qCols, int cs, double[] tau, double[] q, double[] w) {
        int k = Math.min(m, n);
        Planes.zero(q, 0, m * qCols, cs);
        for (int l = k; l < qCols; l++) {
            int d = (l + l * m) * cs;
            for (int c = 0; c < cs; c++) {
                q[d + c] = 1;
            }
        }
        for (int j = k - 1; j >= 0; j--) {
            int t = j * cs;
            for (int l = j + 1; l < qCols; l++) {
                reflect(a, j * m * cs, m, j, q, l * m * cs, cs, tau, t, w);
            }
            int d = (j + j * m) * cs;
            for (int c = 0; c < cs; c++) {
                q[d + c] = 1 - tau[t + c];
            }
            for (int i = j + 1; i < m; i++) {
                int x = (i + j * m) * cs;
                for (int c = 0; c < cs; c++) {
                    q[x + c] = -tau[t + c] * a[x + c];
                }
            }
        }
    }
}
