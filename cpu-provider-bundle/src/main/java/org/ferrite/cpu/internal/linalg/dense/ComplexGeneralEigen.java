package org.ferrite.cpu.internal.linalg.dense;

/**
 * Eigenvalues and right eigenvectors of a general complex matrix, {@code A·V = V·diag(w)}, LAPACK's
 * {@code zgeev} path: scaling of {@code A} into a safe range, diagonal balancing by powers of two
 * ({@link Balancing}), Householder reduction to upper Hessenberg {@code H = Qᴴ·A·Q}
 * ({@code zgehd2}), {@code Q} formed ({@code zunghr}), the Schur form {@code H = Z·T·Zᴴ} by
 * {@link ComplexSchur}, eigenvectors of {@code T} by back-substitution with scaling
 * ({@code ztrevc}) multiplied by {@code Q·Z}, the balancing undone ({@code zgebak}), and each vector
 * normalised to unit 2-norm with its largest component real and positive (as {@code zgeev} does).
 *
 * <p>Inputs and outputs live in the workspace: {@code a} is the compact {@code n × n} input
 * (destroyed); on return {@code values} holds the eigenvalues (interleaved, in Schur-diagonal order) and,
 * when vectors are wanted, {@code left} the compact {@code n × n} {@code V}. Thread-safe (stateless;
 * the workspace is the caller's).
 */
final class ComplexGeneralEigen {
    private ComplexGeneralEigen() {
    }

    /**
     * @param n order ({@code ≥ 1})
     * @param a compact input, destroyed
     * @param vectors whether to compute {@code V}
     * @param ws workspace; eigenvalues in {@code values} ({@code 2n} scalars), {@code V} in {@code left}
     * @return 0, or {@code i + 1} when the QR algorithm failed at position {@code i} (eigenvalues
     *     {@code i+1…n−1} converged; no vectors computed)
     */
    static int decompose(int n, double[] a, boolean vectors, DenseWorkspace ws) {
        double[] w = ws.values(2 * n);
        double scale = SafeRange.scale(n * n, 2, a, SafeRange.LOW, SafeRange.HIGH);
        double[] d = ws.diagonal(n);
        Balancing.balance(n, 2, a, d);
        double[] tau = ws.tauLeft(2 * n);
        hessenberg(n, a, tau, ws.vector(2 * n));
        double[] z = null;
        if (vectors) {
            z = ws.left(2 * n * n);
            ComplexReflectors.formQFromSubdiagonalReflectors(n, a, tau, z);
        }
        int info = ws.complexSchur.run(n, a, vectors, z, w, ComplexSchur.MAX_ITERATIONS_PER_VALUE);
        if (info == 0 && vectors) {
            ComplexEigenvectors.backSubstitute(n, a, z, ws.vector(2 * n), ws.vector2(n));
            for (int j = 0; j < n; j++) {
                for (int i = 0; i < n; i++) {
                    z[2 * (i + j * n)] *= d[i];
                    z[2 * (i + j * n) + 1] *= d[i];
                }
                ComplexEigenvectors.normalize(n, z, 2 * j * n);
            }
        }
        SafeRange.undo(2 * n, scale, w);
        return info;
    }

    /**
     * {@code zgehd2}: {@code H = Qᴴ·A·Q} upper Hessenberg, {@code Q = H(0)⋯H(n−2)}; reflector {@code i}
     * acts on indices {@code i+1…n−1} and is stored in column {@code i} below the subdiagonal.
     */
    static void hessenberg(int n, double[] a, double[] tau, double[] work) {
        for (int i = 0; i < n - 1; i++) {
            int sub = 2 * (i + 1 + i * n);
            int len = n - i - 1;
            ComplexReflectors.generate(len, a, sub, sub + 2, 1, tau, 2 * i);
            double beta = a[sub];
            a[sub] = 1;
            ComplexReflectors.applyRight(n, len, a, sub, tau[2 * i], tau[2 * i + 1], a, 2 * (i + 1) * n, n, work);
            ComplexReflectors.applyLeft(len, len, a, sub, tau[2 * i], -tau[2 * i + 1], a, 2 * (i + 1 + (i + 1) * n),
                    n);
            a[sub] = beta;
        }
    }
}
