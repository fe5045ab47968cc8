package org.ferrite.cpu.internal.linalg.dense;

/**
 * Eigenvalues and right eigenvectors of a general real matrix, LAPACK's {@code dgeev} path: scaling of
 * {@code A} into a safe range, diagonal balancing ({@link Balancing}), Householder reduction to upper
 * Hessenberg {@code H = Qᵀ·A·Q} ({@code dgehd2}), {@code Q} formed ({@code dorghr}), the real Schur
 * form {@code H = Z·T·Zᵀ} by {@link RealSchur}, eigenvectors by {@link RealEigenvectors}, the balancing
 * undone, and each vector normalised to unit 2-norm with its largest component real and positive.
 * Complex eigenvalues come in exact conjugate pairs with exactly conjugate vectors; real eigenvalues
 * have exactly real vectors.
 *
 * <p>Inputs and outputs live in the workspace: {@code a} is the compact real {@code n × n} input
 * (destroyed); on return {@code values} holds the eigenvalues (interleaved complex) and, when vectors
 * are wanted, {@code right} the compact complex {@code n × n} {@code V}. Thread-safe (stateless; the
 * workspace is the caller's).
 */
final class RealGeneralEigen {
    private RealGeneralEigen() {
    }

    /**
     * @param n order ({@code ≥ 1})
     * @param a compact real input, destroyed
     * @param vectors whether to compute {@code V}
     * @param ws workspace; eigenvalues in {@code values} ({@code 2n} scalars), {@code V} in {@code right}
     * @return 0, or {@code i + 1} when the QR algorithm failed at position {@code i}
     */
    static int decompose(int n, double[] a, boolean vectors, DenseWorkspace ws) {
        double scale = SafeRange.scale(n * n, 1, a, SafeRange.LOW, SafeRange.HIGH);
        double[] d = ws.diagonal(n);
        Balancing.balance(n, 1, a, d);
        double[] tau = ws.tauLeft(n);
        hessenberg(n, a, tau, ws.vector(n));
        double[] z = null;
        if (vectors) {
            z = ws.left(n * n);
            RealReflectors.formQFromSubdiagonalReflectors(n, a, tau, z);
        }
        double[] wr = ws.tauRight(n);
        double[] wi = ws.offDiagonal(n);
        int info = ws.realSchur.run(n, a, vectors, z, wr, wi, RealSchur.MAX_ITERATIONS_PER_VALUE);
        if (info == 0 && vectors) {
            double[] v = ws.right(2 * n * n);
            ws.realEigenvectors.compute(n, a, z, wr, wi, v, ws.vector(2 * n), ws.vector2(n));
            for (int j = 0; j < n; j++) {
                if (wi[j] < 0) {
                    continue;
                }
                for (int i = 0; i < n; i++) {
                    v[2 * (i + j * n)] *= d[i];
                    v[2 * (i + j * n) + 1] *= d[i];
                }
                ComplexEigenvectors.normalize(n, v, 2 * j * n);
                if (wi[j] > 0) {
                    for (int i = 0; i < n; i++) {
                        v[2 * (i + (j + 1) * n)] = v[2 * (i + j * n)];
                        v[2 * (i + (j + 1) * n) + 1] = -v[2 * (i + j * n) + 1];
                    }
                }
            }
        }
        double[] w = ws.values(2 * n);
        for (int i = 0; i < n; i++) {
            w[2 * i] = wr[i];
            w[2 * i + 1] = wi[i];
        }
        SafeRange.undo(2 * n, scale, w);
        return info;
    }

    /** {@code dgehd2}: {@code H = Qᵀ·A·Q}, reflector {@code i} stored in column {@code i} below the subdiagonal. */
    private static void hessenberg(int n, double[] a, double[] tau, double[] work) {
        for (int i = 0; i < n - 1; i++) {
            int sub = i + 1 + i * n;
            int len = n - i - 1;
            tau[i] = RealReflectors.generate(len, a, sub, sub + 1, 1);
            double beta = a[sub];
            a[sub] = 1;
            RealReflectors.applyRight(n, len, a, sub, tau[i], a, (i + 1) * n, n, work);
            RealReflectors.applyLeft(len, len, a, sub, tau[i], a, i + 1 + (i + 1) * n, n);
            a[sub] = beta;
        }
    }
}
