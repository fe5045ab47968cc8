package org.ferrite.cpu.internal.linalg.small;

/**
 * The one-sided (Hestenes) Jacobi SVD of a chunk of tall ({@code rows ≥ cols}) matrices in
 * batch-innermost planes, real ({@code im == null}) or complex: column pairs of U (initially A) are
 * rotated, in every member at once, until each pair is orthogonal to working precision
 * ({@code |u_pᴴ·u_q| ≤ √rows·ε·‖u_p‖·‖u_q‖}, LAPACK {@code ?gesvj}'s tolerance: a rotation's own rounding
 * leaves a few ε, so a bound of one ε could make a pair rotate for ever) or one of the two columns is negligible
 * ({@code min(‖u_p‖, ‖u_q‖) ≤ ε·‖A‖_F}: rounding noise, whose direction no rotation can make orthogonal
 * to working precision — without this a rank-deficient member rotated until {@link #MAX_SWEEPS}; LAPACK's
 * {@code ?gesvj} skips such pairs too); the same rotations accumulate V. Then {@code S[j] = ‖u_j‖},
 * the triplets are sorted descending per member, U's columns normalised, and columns of a zero
 * singular value (and, for a full U, the extra columns) completed to an orthonormal basis. Accurate to
 * a few ulps relative to each singular value. Thread-safe (stateless).
 */
final class BatchedJacobiSvd {
    /** Sweeps before a member is declared not converged. */
    static final int MAX_SWEEPS = 60;
    private static final double EPS = Math.ulp(1.0);

    private BatchedJacobiSvd() {
    }

    /**
     * Orthogonalises the columns of U.
     *
     * @param ur U's real planes, {@code rows × uCols} (the first {@code cols} columns hold A), overwritten
     * @param ui U's imaginary planes, or null
     * @param vr V's real planes ({@code cols × cols}, set to the accumulated rotations), or null
     * @param vi V's imaginary planes, or null
     * @param rows rows of A
     * @param cols columns of A ({@code ≤ rows})
     * @param cs members
     * @param w scratch of {@code 10·cs}
     * @return the first member still rotating after {@link #MAX_SWEEPS} sweeps, or -1 when all converged
     */
    static int orthogonalise(double[] ur, double[] ui, double[] vr, double[] vi, int rows, int cols, int cs,
            double[] w) {
        if (vr != null) {
            Planes.zero(vr, 0, cols * cols, cs);
            if (vi != null) {
                Planes.zero(vi, 0, cols * cols, cs);
            }
            for (int i = 0; i < cols; i++) {
                java.util.Arrays.fill(vr, (i + i * cols) * cs, (i + i * cols + 1) * cs, 1);
            }
        }
        int flags = 8 * cs;
        int floor = 9 * cs; // (ε·‖A‖_F)² per member: a column below it is negligible (rotations keep ‖A‖_F)
        java.util.Arrays.fill(w, floor, floor + cs, 0);
        for (int i = 0; i < rows * cols; i++) {
            for (int c = 0; c < cs; c++) {
                double re = ur[i * cs + c];
                double im = ui == null ? 0 : ui[i * cs + c];
                w[floor + c] += re * re + im * im;
            }
        }
        for (int c = 0; c < cs; c++) {
            w[floor + c] *= EPS * EPS;
        }
        for (int sweep = 0; sweep < MAX_SWEEPS; sweep++) {
            java.util.Arrays.fill(w, flags, flags + cs, 0);
            boolean rotated = false;
            for (int q = 1; q < cols; q++) {
                for (int p = 0; p < q; p++) {
                    rotated |= rotate(ur, ui, vr, vi, rows, cols, cs, p, q, w);
                }
            }
            if (!rotated) {
                return -1;
            }
        }
        for (int c = 0; c < cs; c++) {
            if (w[flags + c] != 0) {
                return c;
            }
        }
        return -1;
    }

    /**
     * One pair: {@code α = ‖u_p‖²}, {@code β = ‖u_q‖²}, {@code γ = u_pᴴ·u_q = |γ|·e^{iφ}},
     * {@code ζ = (β − α)/(2|γ|)}, {@code t = sign(ζ)/(|ζ| + √(1 + ζ²))}, {@code c = 1/√(1 + t²)},
     * {@code s = t·c}; {@code u_p ← c·u_p − s·e^{−iφ}·u_q}, {@code u_q ← s·u_p + c·e^{−iφ}·u_q}, same on V.
     *
     * @return true if any member was rotated
     */
    private static boolean rotate(double[] ur, double[] ui, double[] vr, double[] vi, int rows, int cols, int cs,
            int p, int q, double[] w) {
        int alpha = 5 * cs;
        int beta = 6 * cs;
        int gamma = 7 * cs;
        java.util.Arrays.fill(w, alpha, 8 * cs, 0);
        double[] gi = w; // Im γ in w[0, cs)
        java.util.Arrays.fill(gi, 0, cs, 0);
        for (int i = 0; i < rows; i++) {
            int x = (i + p * rows) * cs;
            int y = (i + q * rows) * cs;
            for (int c = 0; c < cs; c++) {
                w[alpha + c] += ur[x + c] * ur[x + c];
                w[beta + c] += ur[y + c] * ur[y + c];
                w[gamma + c] += ur[x + c] * ur[y + c];
            }
            if (ui != null) {
                for (int c = 0; c < cs; c++) {
                    w[alpha + c] += ui[x + c] * ui[x + c];
                    w[beta + c] += ui[y + c] * ui[y + c];
                    w[gamma + c] += ui[x + c] * ui[y + c];
                    gi[c] += ur[x + c] * ui[y + c] - ui[x + c] * ur[y + c];
                }
            }
        }
        boolean any = false;
        double tol = Math.sqrt(rows) * EPS;
        for (int c = 0; c < cs; c++) {
            double gr = w[gamma + c];
            double g = ui == null ? Math.abs(gr) : Math.hypot(gr, gi[c]);
            boolean skip = !(g > tol * Math.sqrt(w[alpha + c] * w[beta + c]))
                    || Math.min(w[alpha + c], w[beta + c]) <= w[9 * cs + c];
            any |= !skip;
            w[8 * cs + c] = skip ? w[8 * cs + c] : 1;
            double zeta = skip ? 0 : (w[beta + c] - w[alpha + c]) / (2 * g);
            double t = skip ? 0 : (zeta >= 0 ? 1 : -1) / (Math.abs(zeta) + Math.sqrt(1 + zeta * zeta));
            double cos = 1 / Math.sqrt(1 + t * t);
            w[cs + c] = cos;
            w[2 * cs + c] = t * cos;
            w[3 * cs + c] = skip ? 1 : gr / g;
            w[4 * cs + c] = skip ? 0 : -gi[c] / g; // e^{−iφ}
        }
        if (!any) {
            return false;
        }
        for (int i = 0; i < rows; i++) {
            BatchedJacobiEigh.combine(ur, ui, (i + p * rows) * cs, (i + q * rows) * cs, cs, w);
        }
        if (vr != null) {
            for (int i = 0; i < cols; i++) {
                BatchedJacobiEigh.combine(vr, vi, (i + p * cols) * cs, (i + q * cols) * cs, cs, w);
            }
        }
        return true;
    }

    /**
     * Turns the orthogonal columns into singular values and vectors: {@code s[j·cs + c] = ‖u_j‖}, sorted
     * descending per member with U's and V's columns, U's columns normalised, and every column of a zero
     * singular value and every column beyond {@code cols} (up to {@code uCols}) replaced by an
     * orthonormal completion.
     *
     * @param ur U's real planes ({@code rows × uCols})
     * @param ui U's imaginary planes, or null
     * @param vr V's real planes, or null
     * @param vi V's imaginary planes, or null
     * @param rows rows
     * @param cols columns of A
     * @param uCols columns of U wanted ({@code cols}, or {@code rows} for a full U; 0 for values only)
     * @param cs members
     * @param s receives the singular values
     */
    static void finish(double[] ur, double[] ui, double[] vr, double[] vi, int rows, int cols, int uCols, int cs,
            double[] s) {
        for (int j = 0; j < cols; j++) {
            for (int c = 0; c < cs; c++) {
                s[j * cs + c] = 0;
            }
            for (int i = 0; i < rows; i++) {
                int x = (i + j * rows) * cs;
                for (int c = 0; c < cs; c++) {
                    s[j * cs + c] += ur[x + c] * ur[x + c] + (ui == null ? 0 : ui[x + c] * ui[x + c]);
                }
            }
            for (int c = 0; c < cs; c++) {
                s[j * cs + c] = Math.sqrt(s[j * cs + c]);
            }
        }
        for (int c = 0; c < cs; c++) {
            sortDescending(s, ur, ui, vr, vi, rows, cols, cs, c);
        }
        if (uCols == 0) {
            return;
        }
        for (int c = 0; c < cs; c++) {
            markUnorthogonalNoise(s, ur, ui, rows, cols, cs, c);
        }
        for (int j = 0; j < cols; j++) {
            int x = j * rows * cs;
            for (int i = 0; i < rows; i++) {
                for (int c = 0; c < cs; c++) {
                    double value = Math.abs(s[j * cs + c]);
                    double scale = value > Double.MIN_NORMAL ? 1 / value : 0;
                    ur[x + i * cs + c] *= scale;
                    if (ui != null) {
                        ui[x + i * cs + c] *= scale;
                    }
                }
            }
        }
        for (int c = 0; c < cs; c++) {
            for (int j = 0; j < uCols; j++) {
                if (j >= cols || !(s[j * cs + c] > Double.MIN_NORMAL)) { // zero, or marked (negative)
                    Completion.column(ur, ui, rows, cs, c, j);
                }
                if (j < cols) {
                    s[j * cs + c] = Math.abs(s[j * cs + c]);
                }
            }
        }
    }

    /**
     * Marks (by negating its singular value) every column of member {@code c} that is negligible
     * ({@code ‖u_j‖ ≤ ε·‖A‖_F}, so {@link #orthogonalise} stopped rotating it) and not orthogonal to an
     * earlier column to working precision: its direction is rounding noise, and {@link #finish} replaces
     * it by an orthonormal completion (its singular value is kept), so that U stays orthonormal.
     */
    private static void markUnorthogonalNoise(double[] s, double[] ur, double[] ui, int rows, int cols, int cs,
            int c) {
        double frobenius = 0;
        for (int j = 0; j < cols; j++) {
            frobenius += s[j * cs + c] * s[j * cs + c];
        }
        double negligible = EPS * Math.sqrt(frobenius);
        for (int j = 1; j < cols; j++) {
            double sj = s[j * cs + c];
            if (!(sj > Double.MIN_NORMAL) || sj > negligible) {
                continue;
            }
            for (int k = 0; k < j; k++) {
                double sk = Math.abs(s[k * cs + c]);
                double dr = 0;
                double di = 0;
                for (int i = 0; i < rows; i++) {
                    int x = (i + k * rows) * cs + c;
                    int y = (i + j * rows) * cs + c;
                    dr += ur[x] * ur[y] + (ui == null ? 0 : ui[x] * ui[y]);
                    di += ui == null ? 0 : ur[x] * ui[y] - ui[x] * ur[y];
                }
                if (Math.hypot(dr, di) > 8 * rows * EPS * sk * sj) {
                    s[j * cs + c] = -sj;
                    break;
                }
            }
        }
    }

    private static void sortDescending(double[] s, double[] ur, double[] ui, double[] vr, double[] vi, int rows,
            int cols, int cs, int c) {
        for (int i = 1; i < cols; i++) {
            for (int j = i; j > 0 && s[(j - 1) * cs + c] < s[j * cs + c]; j--) {
                double t = s[j * cs + c];
                s[j * cs + c] = s[(j - 1) * cs + c];
                s[(j - 1) * cs + c] = t;
                SmallEigh.swapColumns(ur, rows, cs, c, j, j - 1);
                if (ui != null) {
                    SmallEigh.swapColumns(ui, rows, cs, c, j, j - 1);
                }
                if (vr != null) {
                    SmallEigh.swapColumns(vr, cols, cs, c, j, j - 1);
                    if (vi != null) {
                        SmallEigh.swapColumns(vi, cols, cs, c, j, j - 1);
                    }
                }
            }
        }
    }
}
