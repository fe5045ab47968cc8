package org.ferrite.linalg;

/**
 * How {@link Linalg#svd(org.ferrite.api.session.BackendSession, org.ferrite.api.tensor.TensorRead,
 * SvdOptions)} computes an SVD truncated to a rank limit {@code r} ({@link SvdOptions#withMaxRank}) of
 * {@code m × n} members, {@code k = min(m, n)}: the kernel's complete decomposition followed by
 * truncation, or a randomized decomposition that only looks for the leading {@code r} triplets.
 *
 * <pre>{@code
 * SvdOptions bond = SvdOptions.THIN.withMaxRank(16);                              // AUTO
 * SvdOptions exact = bond.withAlgorithm(SvdAlgorithm.DIRECT);                      // never randomized
 * SvdAlgorithm ran = bond.resolve(256, 256);                                       // RANDOMIZED
 * }</pre>
 *
 * <p>Thread-safe (an enum); its constants live as long as the class is loaded.
 */
public enum SvdAlgorithm {
    /**
     * {@link #RANDOMIZED} when the rank limit is small against the members —
     * {@code 1 ≤ r ≤ k/2 − OVERSAMPLING} (integer division) and {@code k ≥ RANDOMIZED_MIN_ORDER};
     * {@link #DIRECT} otherwise (no rank limit, full factors, values only, small or nearly square
     * truncations). {@link SvdOptions#resolve(long, long)} says which one a shape gets.
     */
    AUTO,
    /**
     * The provider's kernel computes the complete thin decomposition ({@code k} triplets); the leading
     * ones are kept. Exact to the kernel's rounding; costs {@code O(m·n·k)} whatever the rank limit.
     */
    DIRECT,
    /**
     * Randomized subspace iteration (Halko, Martinsson and Tropp, SIAM Review 53(2), 2011: Algorithm 4.4
     * with Algorithm 5.1): {@code Y = A·Ω} for a Gaussian test matrix Ω of
     * {@code ℓ = min(r + OVERSAMPLING, k)} columns, {@code POWER_ITERATIONS} power iterations
     * {@code Y ← A·(Aᴴ·Q)}, each operand re-orthonormalised by {@link Linalg#qr}, then the small SVD
     * {@code Qᴴ·A = Ũ·diag(S)·Vᴴ} ({@code ℓ × n}, by the kernel) and {@code U = Q·Ũ}; the leading
     * {@code r} triplets are kept and the tolerances and gauge of the options applied as for
     * {@link #DIRECT}. Costs {@code O(m·n·ℓ)} in matrix products and QR factorisations of {@code ℓ}
     * columns, which every provider has, so every provider gets it. Needs a rank limit.
     *
     * <p><b>Accuracy contract.</b> Ω comes from a fixed seed, so a result is a deterministic function of
     * A. Always (to rounding): U has orthonormal columns, Vᴴ orthonormal rows, S is non-negative and
     * descending, and each {@code S[j] ≤ σ_j(A)} (Ritz values of a subspace, which interlace with
     * A's). When A has rank at most {@code ℓ} (as with a product of an {@code m × ℓ} and an
     * {@code ℓ × n} factor), the result equals {@link #DIRECT}'s to rounding (up to the phases of
     * the singular vectors unless a gauge is set). Otherwise the approximation is near-optimal in
     * expectation over Ω — with {@code p = ℓ − r}, {@code q = POWER_ITERATIONS} and the
     * optimal error {@code σ_{r+1}} (Corollary 10.10 and §9.4 of the paper):
     * <pre>
     * E‖A − U·diag(S)·Vᴴ‖₂ ≤ σ_{r+1} + [(1 + √(r/(p−1)))·σ_{r+1}^{2q+1}
     *                                  + (e·√ℓ/p)·(Σ_{j&gt;r} σ_j^{2(2q+1)})^{1/2}]^{1/(2q+1)}
     * </pre>
     * so for a decaying spectrum (a truncation that drops little, as in tensor-network codes) the
     * kept singular values and subspaces are accurate to far below the truncation error itself; for a
     * flat spectrum (a random matrix) the error stays within a small factor of the optimal one but
     * individual singular values near the cut may be low by a few per cent. Use {@link #DIRECT} where
     * each kept singular value must be exact whatever the spectrum.
     */
    RANDOMIZED;

    /** Extra sketch columns beyond the rank limit, {@code p} in the paper: {@value}. */
    public static final int OVERSAMPLING = 10;
    /** Power iterations {@code Y ← A·(Aᴴ·Y)}, {@code q} in the paper: {@value}. */
    public static final int POWER_ITERATIONS = 2;
    /** The smallest {@code k = min(m, n)} for which {@link #AUTO} picks {@link #RANDOMIZED}: {@value}. */
    public static final int RANDOMIZED_MIN_ORDER = 32;
}
