package org.ferrite.cpu.internal.linalg.dense;

/**
 * The SVD of a tall complex matrix, {@code A = U·diag(σ)·Vᴴ} ({@code m ≥ n}), LAPACK's
 * {@code zgesvd} path: Householder bidiagonalisation {@code A = Q·B·Pᴴ} with {@code B} real upper
 * bidiagonal ({@code zgebd2}: each reflector leaves a real {@code β}), the factors formed from the
 * reflectors ({@code zungbr}), and the bidiagonal SVD {@code B = Q_B·Σ·P_Bᵀ} by {@link BidiagonalQr},
 * whose real rotations are applied straight to the complex columns of {@code U = Q} and {@code V = P}.
 *
 * <p>{@code A} is first scaled into a safe range ({@link SafeRange}) and {@code σ} unscaled at the end.
 *
 * <p>Inputs and outputs live in the workspace: {@code a} is the compact {@code m × n} input
 * (destroyed); on return {@code diagonal[0…n−1]} holds {@code σ} (descending, non-negative),
 * {@code left} the compact {@code m × uCols} {@code U} and {@code right} the compact {@code n × n}
 * {@code V} (not {@code Vᴴ}). Thread-safe (stateless; the workspace is the caller's).
 */
final class ComplexSvd {
    private ComplexSvd() {
    }

    /**
     * @param m rows ({@code m ≥ n ≥ 1})
     * @param n columns
     * @param a compact input, destroyed
     * @param uCols columns of {@code U} to form: 0, {@code n} or {@code m}
     * @param wantV whether to form {@code V}
     * @param ws workspace; results in {@code diagonal}, {@code left}, {@code right}
     * @return 0, or the number of superdiagonals of {@code B} that did not converge
     */
    static int decompose(int m, int n, double[] a, int uCols, boolean wantV, DenseWorkspace ws) {
        double[] d = ws.diagonal(n);
        double[] e = ws.offDiagonal(n);
        double[] tauq = ws.tauLeft(2 * n);
        double[] taup = ws.tauRight(2 * n);
        double[] v = wantV ? ws.right(2 * n * n) : null;
        double scale = SafeRange.scale(m * n, 2, a, SafeRange.LOW, SafeRange.HIGH);
        bidiagonalize(m, n, a, d, e, tauq, taup, v, ws.vector(2 * m), ws.vector2(2 * n));
        RotatedColumns uc = null;
        if (uCols > 0) {
            double[] u = ws.left(2 * m * uCols);
            for (int j = 0; j < n; j++) {
                System.arraycopy(a, 2 * (j + j * m), u, 2 * (j + j * m), 2 * (m - j));
            }
            ComplexReflectors.formQ(m, uCols, n, u, 0, m, tauq, 0);
            uc = ws.leftColumns.of(u, 0, 2 * m, 2 * m);
        }
        RotatedColumns vc = null;
        if (wantV) {
            java.util.Arrays.fill(v, 0, 2 * n, 0);
            v[0] = 1;
            for (int j = 1; j < n; j++) {
                v[2 * j * n] = 0;
                v[2 * j * n + 1] = 0;
            }
            ComplexReflectors.formQ(n - 1, n - 1, n - 1, v, 2 * (1 + n), n, taup, 0);
            vc = ws.rightColumns.of(v, 0, 2 * n, 2 * n);
        }
        int info = BidiagonalQr.run(n, d, e, uc, vc, ws.rotation, BidiagonalQr.MAX_SWEEPS_PER_VALUE);
        SafeRange.undo(n, scale, d);
        return info;
    }

    /**
     * {@code zgebd2} for {@code m ≥ n}: {@code A = Q·B·Pᴴ}. Column reflector {@code i} ({@code τq_i})
     * stays in {@code A} below the diagonal; row reflector {@code i} ({@code τp_i}, on indices
     * {@code i+1…n−1}) is stored unconjugated in {@code v} column {@code i + 1}, rows
     * {@code i+2…n−1}, when {@code v} is not {@code null}.
     */
    private static void bidiagonalize(int m, int n, double[] a, double[] d, double[] e, double[] tauq,
            double[] taup, double[] v, double[] work, double[] row) {
        for (int i = 0; i < n; i++) {
            int aii = 2 * (i + i * m);
            ComplexReflectors.generate(m - i, a, aii, aii + 2, 1, tauq, 2 * i);
            d[i] = a[aii];
            taup[2 * i] = 0;
            taup[2 * i + 1] = 0;
            if (i == n - 1) {
                break;
            }
            a[aii] = 1;
            ComplexReflectors.applyLeft(m - i, n - i - 1, a, aii, tauq[2 * i], -tauq[2 * i + 1], a, aii + 2 * m, m);
            a[aii] = d[i];
            // Row i, columns i+1…n−1, conjugated into a contiguous vector.
            int len = n - i - 1;
            for (int j = 0; j < len; j++) {
                int p = 2 * (i + (i + 1 + j) * m);
                row[2 * j] = a[p];
                row[2 * j + 1] = -a[p + 1];
            }
            ComplexReflectors.generate(len, row, 0, 2, 1, taup, 2 * i);
            e[i] = row[0];
            row[0] = 1;
            row[1] = 0;
            ComplexReflectors.applyRight(m - i - 1, len, row, 0, taup[2 * i], taup[2 * i + 1], a,
                    2 * (i + 1 + (i + 1) * m), m, work);
            if (v != null) {
                System.arraycopy(row, 2, v, 2 * (i + 2 + (i + 1) * n), 2 * (len - 1));
            }
        }
    }
}
