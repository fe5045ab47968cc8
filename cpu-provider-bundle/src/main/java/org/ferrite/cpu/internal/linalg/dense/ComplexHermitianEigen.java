package org.ferrite.cpu.internal.linalg.dense;

/**
 * The eigen-decomposition of a Hermitian matrix, {@code A = Z·diag(λ)·Zᴴ}, LAPACK's {@code zheev}
 * path: Householder reduction {@code Qᴴ·A·Q = T} to a real symmetric tridiagonal ({@code zhetd2},
 * lower: each reflector leaves a real off-diagonal {@code β}), {@code Q} formed from the reflectors
 * ({@code zungtr}), and {@link TridiagonalQl} on {@code T}, whose real rotations are applied straight to
 * the complex columns of {@code Z = Q}.
 *
 * <p>{@code A} is first scaled into a safe range ({@link SafeRange}) and {@code λ} unscaled at the end.
 *
 * <p>Inputs and outputs live in the workspace: {@code a} is the compact {@code n × n} Hermitian input
 * with both triangles valid (destroyed); on return {@code diagonal[0…n−1]} holds {@code λ} (ascending)
 * and, when vectors are wanted, {@code left} the compact {@code n × n} {@code Z}. Thread-safe
 * (stateless; the workspace is the caller's).
 */
final class ComplexHermitianEigen {
    private ComplexHermitianEigen() {
    }

    /**
     * @param n order ({@code ≥ 1})
     * @param a compact Hermitian input, destroyed
     * @param vectors whether to form {@code Z}
     * @param ws workspace; results in {@code diagonal} and {@code left}
     * @return 0, or the number of off-diagonal entries that did not converge
     */
    static int decompose(int n, double[] a, boolean vectors, DenseWorkspace ws) {
        double[] d = ws.diagonal(n);
        double[] e = ws.offDiagonal(n);
        double[] tau = ws.tauLeft(2 * n);
        double scale = SafeRange.scale(n * n, 2, a, SafeRange.LOW_SQUARED_SAFE, SafeRange.HIGH_SQUARED_SAFE);
        tridiagonalize(n, a, d, e, tau, ws.vector(2 * n));
        RotatedColumns zc = null;
        if (vectors) {
            double[] z = ws.left(2 * n * n);
            ComplexReflectors.formQFromSubdiagonalReflectors(n, a, tau, z);
            zc = ws.leftColumns.of(z, 0, 2 * n, 2 * n);
        }
        int info = TridiagonalQl.run(n, d, e, zc, ws.rotation, TridiagonalQl.MAX_ITERATIONS_PER_VALUE);
        SafeRange.undo(n, scale, d);
        return info;
    }

    /**
     * {@code zhetd2}, lower: {@code Qᴴ·A·Q = T}, {@code Q = H(0)⋯H(n−2)}; reflector {@code i} acts on
     * indices {@code i+1…n−1} and is stored in column {@code i} below the subdiagonal.
     */
    private static void tridiagonalize(int n, double[] a, double[] d, double[] e, double[] tau, double[] w) {
        for (int i = 0; i < n - 1; i++) {
            int sub = 2 * (i + 1 + i * n);
            int len = n - i - 1;
            ComplexReflectors.generate(len, a, sub, sub + 2, 1, tau, 2 * i);
            e[i] = a[sub];
            double tr = tau[2 * i];
            double ti = tau[2 * i + 1];
            int trailing = 2 * (i + 1 + (i + 1) * n);
            if (tr != 0 || ti != 0) {
                a[sub] = 1;
                hermitianTimes(len, tr, ti, a, trailing, n, a, sub, w);
                // w ← w − ½·τ·(wᴴv)·v
                double dr = 0;
                double di = 0;
                for (int k = 0; k < 2 * len; k += 2) {
                    dr += w[k] * a[sub + k] + w[k + 1] * a[sub + k + 1];
                    di += w[k] * a[sub + k + 1] - w[k + 1] * a[sub + k];
                }
                double alphaRe = -0.5 * (tr * dr - ti * di);
                double alphaIm = -0.5 * (tr * di + ti * dr);
                for (int k = 0; k < 2 * len; k += 2) {
                    double vr = a[sub + k];
                    double vi = a[sub + k + 1];
                    w[k] += alphaRe * vr - alphaIm * vi;
                    w[k + 1] += alphaRe * vi + alphaIm * vr;
                }
                rankTwoUpdate(len, a, sub, w, a, trailing, n);
            } else {
                a[trailing + 1] = 0;
            }
            a[sub] = e[i];
            a[sub + 1] = 0;
            d[i] = a[2 * (i + i * n)];
        }
        d[n - 1] = a[2 * (n - 1 + (n - 1) * n)];
    }

    /** {@code y = τ·A·x} for Hermitian {@code A} ({@code n × n}, lower triangle read; BLAS {@code zhemv}). */
    private static void hermitianTimes(int n, double tr, double ti, double[] a, int aOff, int lda, double[] x,
            int xOff, double[] y) {
        java.util.Arrays.fill(y, 0, 2 * n, 0);
        for (int j = 0; j < n; j++) {
            double xr = x[xOff + 2 * j];
            double xi = x[xOff + 2 * j + 1];
            double t1r = tr * xr - ti * xi;
            double t1i = tr * xi + ti * xr;
            int col = aOff + 2 * j * lda;
            double ajj = a[col + 2 * j];
            y[2 * j] += t1r * ajj;
            y[2 * j + 1] += t1i * ajj;
            double t2r = 0;
            double t2i = 0;
            for (int i = j + 1; i < n; i++) {
                double ar = a[col + 2 * i];
                double ai = a[col + 2 * i + 1];
                y[2 * i] += t1r * ar - t1i * ai;
                y[2 * i + 1] += t1r * ai + t1i * ar;
                double vr = x[xOff + 2 * i];
                double vi = x[xOff + 2 * i + 1];
                t2r += ar * vr + ai * vi;
                t2i += ar * vi - ai * vr;
            }
            y[2 * j] += tr * t2r - ti * t2i;
            y[2 * j + 1] += tr * t2i + ti * t2r;
        }
    }

    /** {@code A ← A − v·wᴴ − w·vᴴ} on the lower triangle, diagonal kept real (BLAS {@code zher2}). */
    private static void rankTwoUpdate(int n, double[] v, int vOff, double[] w, double[] a, int aOff, int lda) {
        for (int j = 0; j < n; j++) {
            // t1 = conj(w_j), t2 = conj(v_j)
            double t1r = w[2 * j];
            double t1i = -w[2 * j + 1];
            double t2r = v[vOff + 2 * j];
            double t2i = -v[vOff + 2 * j + 1];
            int col = aOff + 2 * j * lda;
            for (int i = 2 * j; i < 2 * n; i += 2) {
                double vr = v[vOff + i];
                double vi = v[vOff + i + 1];
                double wr = w[i];
                double wi = w[i + 1];
                a[col + i] -= vr * t1r - vi * t1i + wr * t2r - wi * t2i;
                a[col + i + 1] -= vr * t1i + vi * t1r + wr * t2i + wi * t2r;
            }
            a[col + 2 * j + 1] = 0;
        }
    }
}
